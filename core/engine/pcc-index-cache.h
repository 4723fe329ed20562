/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-index-cache.h - the compiled MAINTAINERS + .mailmap index, cached on
 * disk.
 *
 * Reading and indexing MAINTAINERS was most of the instructions of a
 * patchcc run.  The index (pcc_maintainers_to_index()) and the parsed
 * .mailmap are kept in one file under
 * ${XDG_CACHE_HOME:-~/.cache}/patchcc/index, named by a 128-bit hash
 * (XXH3) of everything they are made from: the bytes of MAINTAINERS and
 * .mailmap, the MAINTAINERS name given, whether .mailmap is used, the
 * patchcc version and the index layout.  A later run takes that key
 * from a stamp of the two files (pcc-stamp.h: their stat() as it was
 * when they were hashed, beside the key) when they are unchanged, or
 * otherwise hashes the same inputs, read in pieces through one huge
 * page; it reads the file into such a page and matches against it in
 * place (a page fault is most of what a run costs on a virtual machine:
 * pcc-region.h).
 *
 * The file is trusted only after its size, its key and a hash of its
 * whole body check out and every offset in it is within bounds; anything
 * else (a truncated, damaged, foreign or stale file) is ignored and
 * written anew from a fresh parse, atomically (a temporary file renamed
 * over it).  The answers are the same with and without the cache: the
 * index is what a fresh parse builds, and what depends on the tree
 * rather than on these files (which F: values are directories) is never
 * cached.  Failing to create or write the cache is not an error: the
 * fresh parse is used.
 *
 * Only a MAINTAINERS file of a work tree is cached; a MAINTAINERS
 * directory or a git revision is parsed afresh.  Writing an index
 * removes the index and stamp files of the directory written over a
 * month ago.
 */
#ifndef PCC_INDEX_CACHE_H
#define PCC_INDEX_CACHE_H

#include <glib.h>
#include "pcc-maintainers.h"
#include "pcc-mailmap.h"
#include "pcc-tree.h"

G_BEGIN_DECLS

typedef enum
{
  PCC_INDEX_FRESH,   /* parsed; the cache was not used or not writable */
  PCC_INDEX_CACHED,  /* mapped from a valid cache file */
  PCC_INDEX_REBUILT, /* parsed, and the cache file (re)written */
} PccIndexSource;

/* ${XDG_CACHE_HOME:-~/.cache}/patchcc/index (g_free() it). */
char *pcc_index_cache_default_dir (void);

/* Load MAINTAINERS (@maintainers_path, default "MAINTAINERS", as
 * pcc_maintainers_load() takes it) and, with @use_mailmap, .mailmap from
 * @tree through the cache in @cache_dir (NULL: the default).  On success
 * *@maintainers and *@mailmap are new objects owned by the caller (an
 * empty mailmap without .mailmap) and *@source, when not NULL, says
 * where they came from.  Fails as pcc_maintainers_load() does. */
gboolean pcc_index_cache_load (const PccTree *tree,
                               const char *maintainers_path,
                               gboolean use_mailmap, const char *cache_dir,
                               PccMaintainers **maintainers,
                               PccMailmap **mailmap, PccIndexSource *source,
                               GError **error);

G_END_DECLS

#endif
