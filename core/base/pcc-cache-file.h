/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cache-file.h - files patchcc keeps under ${XDG_CACHE_HOME}/patchcc.
 *
 * What the caches share: where they live, how a file is named by its
 * key, how it is checksummed, written (atomically: a temporary file
 * renamed over it, so a reader sees the old file or the new one, never
 * half of one) and pruned.  What a file holds and how it is checked is
 * the business of each cache (pcc-index-cache.h, pcc-walk-cache.h).
 * Failing to write a cache file is never an error: a cache only saves
 * time.
 */
#ifndef PCC_CACHE_FILE_H
#define PCC_CACHE_FILE_H

#include <glib.h>

G_BEGIN_DECLS

/* ${XDG_CACHE_HOME:-~/.cache}/patchcc/@what (g_free() it). */
char *pcc_cache_dir (const char *what);

/* The 128-bit checksum (XXH3, canonical byte order) of @len bytes. */
void pcc_cache_checksum (const void *data, gsize len, guint8 out[16]);

/* "@prefix" + the 32 hex digits of @key + "@suffix" (g_free() it). */
char *pcc_cache_file_name (const char *prefix, const guint8 key[16],
                           const char *suffix);

/* Write @len bytes of @data to @path, creating its folder (mode 0700)
 * and the file (0600) atomically.  FALSE, with nothing left behind, on
 * any failure. */
gboolean pcc_cache_file_write (const char *path, const void *data, gsize len);

/* Remove the files of @dir whose names start with @prefix, other than
 * @keep: those written over a month ago (one still in use is simply
 * written again), all but the @max_others most recently written, and
 * the temporary files of such writes a day old. */
void pcc_cache_dir_prune (const char *dir, const char *prefix,
                          const char *keep, guint max_others);

/* The most recently written file of @dir whose name starts with @prefix
 * and ends with @suffix, other than @except, or NULL (g_free() it). */
char *pcc_cache_dir_newest (const char *dir, const char *prefix,
                            const char *suffix, const char *except);

G_END_DECLS

#endif /* PCC_CACHE_FILE_H */
