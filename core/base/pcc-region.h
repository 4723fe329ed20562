/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-region.h - memory for large arrays that are written once, densely.
 *
 * The MAINTAINERS index holds a few arrays of a megabyte or more that
 * are filled completely as soon as they are made.  Touching fresh memory
 * one 4 KiB page at a time costs a page fault each, which is dear on a
 * virtual machine: these arrays were most of the time of a patchcc run.  A region is anonymous memory aligned to
 * and advised for transparent huge pages (madvise MADV_HUGEPAGE), so
 * where the kernel offers them a whole 2 MiB is mapped by one fault;
 * where it does not, it is ordinary zero-filled memory.
 */
#ifndef PCC_REGION_H
#define PCC_REGION_H

#include <glib.h>

G_BEGIN_DECLS

/* @size bytes of zero-filled memory (never NULL: aborts when out of
 * memory, as g_malloc() does).  Free with pcc_region_free() and the same
 * @size. */
void *pcc_region_alloc (gsize size);
void pcc_region_free (void *p, gsize size);

/* The contents of the regular file at @path, read into a region (so a
 * large file costs one page fault, not one per 4 KiB; unlike a mapping,
 * a file truncated meanwhile cannot fault).  NULL with errno set when it
 * cannot be read or is not a regular file (EINVAL). */
GBytes *pcc_region_read_file (const char *path);

/* The same, read into @region (from pcc_region_alloc (@region_size)),
 * which the bytes returned then own, when the file fits in it; otherwise
 * into a region of its own, and @region is freed.  Either way the caller
 * no longer owns @region. */
GBytes *pcc_region_read_file_into (const char *path, void *region,
                                   gsize region_size);

/* Called by pcc_region_read_pieces() with each piece of a file, in
 * order. */
typedef void (*PccRegionPieceFunc) (const void *data, gsize len,
                                    gpointer user_data);

/* Pass the contents of the regular file at @path to @func, piece by
 * piece, through @buf of @buf_size bytes: for a file whose bytes are
 * needed once (hashed, say), in memory the caller touches anyway, rather
 * than in fresh memory of its own, every page or huge page of which is a
 * page fault.  *@size, when not NULL, is set to the number of bytes
 * passed.  FALSE with errno set when the file cannot be read or is not a
 * regular file (EINVAL); @func may have been called by then. */
gboolean pcc_region_read_pieces (const char *path, void *buf, gsize buf_size,
                                 PccRegionPieceFunc func, gpointer user_data,
                                 guint64 *size);

/* For a short-lived process (the patchcc command, not a library user
 * such as the mail client): make the malloc heap grow in steps of 32 MiB,
 * serve allocations of up to 32 MiB from it, and advise it for huge
 * pages.  A tree-wide patch allocates megabytes in small pieces, which
 * otherwise arrive one 4 KiB page fault at a time; a step of the heap is
 * then a few huge-page faults.  The first 256 KiB of the heap, which
 * every run touches, are faulted in by one call.  Other memory the process never touches costs nothing.
 * Call it first thing in
 * main(); it does nothing where the C library is not glibc or under
 * AddressSanitizer. */
void pcc_region_tune_heap (void);

G_END_DECLS

#endif
