/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-mailmap.h - .mailmap, with get_maintainer.pl's semantics.
 *
 * The script keeps two exact-match tables (names and addresses, keyed
 * either by "Name <addr>" or by "addr") and applies them once to each
 * recipient, re-formatting names with its own quoting rules (a name with
 * a '.' or a non-ASCII byte comes back in double quotes, and is keyed so).
 * Git's own mailmap (libgit2's git_mailmap, what git shortlog uses) keeps
 * names as written.  patchcc uses this module for recipients (to print
 * what the script prints) and libgit2's for series authors;
 * tests/test-mailmap.c runs both on the same file: they resolve the four
 * forms alike and differ in the quoting.
 */
#ifndef PCC_MAILMAP_H
#define PCC_MAILMAP_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _PccMailmap PccMailmap;

/* An empty mailmap. */
PccMailmap *pcc_mailmap_new (void);
/* Parse .mailmap text.  Lines the script would skip are skipped; this
 * never fails on content. */
PccMailmap *pcc_mailmap_new_from_data (const char *data, gsize len);
void pcc_mailmap_free (PccMailmap *map);
guint pcc_mailmap_get_size (const PccMailmap *map);

/* The two tables as bytes (sorted, so the same map always gives the same
 * bytes), for the compiled index cache; and back, pointing into @bytes
 * (referenced, not copied).  Malformed bytes fail with
 * PCC_ERROR_MAILMAP. */
GBytes *pcc_mailmap_to_bytes (const PccMailmap *map);
PccMailmap *pcc_mailmap_new_from_bytes (GBytes *bytes, GError **error);

/* mailmap_email(): map "Name <addr>" (or "addr") and return the result
 * formatted with its name (the caller frees it).  Results are kept in
 * @map for the next call, hence not const. */
char *pcc_mailmap_map (PccMailmap *map, const char *formatted);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccMailmap, pcc_mailmap_free)

G_END_DECLS

#endif
