/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-patch-id.h - the patch ID of a patch, as "git patch-id --stable".
 *
 * A patch ID names a change whatever its line numbers, white space and
 * commit message: two versions of a series can be compared patch by
 * patch with it.  The ID is git's: the diff's lines are hashed with SHA-1
 * after every space, tab, CR and LF is removed; "index" lines, hunk
 * headers and "\ No newline" lines are not hashed; each file is hashed
 * on its own (a binary file by its blob names) and the files' hashes are
 * added as 20-byte little-endian numbers, so that the order of the files
 * does not matter.  The commit message before the first "diff " line is
 * skipped, and the diff ends at the first line that cannot be part of it
 * (a "-- " signature, for one).
 */
#ifndef PCC_PATCH_ID_H
#define PCC_PATCH_ID_H

#include <glib.h>

G_BEGIN_DECLS

#define PCC_PATCH_ID_LEN 40

/* The stable patch ID of the first patch in the @len bytes of @text (a
 * mail, a "git format-patch" file or a bare diff): 40 lower-case hex
 * digits, newly allocated (g_free()), or NULL when @text holds no diff
 * (git patch-id prints nothing for it).  Only the first patch counts
 * when @text holds several ("From <sha>" or "commit <sha>" lines). */
char *pcc_patch_id_stable (const char *text, gsize len);

G_END_DECLS

#endif
