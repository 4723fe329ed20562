/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-diffstat.h - the diffstat of a whole series, from its patches.
 *
 * A cover letter shows the diffstat of the series taken as one change
 * (git format-patch --cover-letter diffs the base tree against the tip;
 * b4 runs "git diff --stat base..tip").  That is not the sum of the
 * patches' own diffstats when two patches touch the same file, so the
 * patches are composed: each file's content is followed through every
 * hunk of every patch (renames, copies, deletions and re-creations
 * included), and the original and final contents are compared with the
 * same xdiff algorithm git uses (through libgit2).
 *
 * Without the base tree only the lines the patches show (context,
 * removed, added) are known; lines no hunk ever showed are identical in
 * both versions and are compared as opaque placeholders.  With the base
 * tree (a PccTree at the series' base-commit) every line is known and
 * the result is git's exactly.  Things that cannot be known from the
 * patches alone (the sizes of "Binary files differ" without data, the
 * content of a copied file, the similarity of a rename changed by later
 * patches) make pcc_diffstat_is_exact() say so, and why.
 *
 * The output is git's, byte for byte: the same column widths, scaling,
 * "..." truncation of long names, "{a => b}" renames, C-quoted names,
 * "Bin X -> Y bytes", the "N files changed, X insertions(+), Y
 * deletions(-)" line and, with @summary, the "create mode", "delete
 * mode", "rename ... (N%)" and "mode change" lines.
 */
#ifndef PCC_DIFFSTAT_H
#define PCC_DIFFSTAT_H

#include <glib.h>
#include "pcc-tree.h"

G_BEGIN_DECLS

typedef struct _PccDiffstat PccDiffstat;

/* git format-patch's width (MAIL_DEFAULT_WRAP) and git diff --stat's when
 * its output is not a terminal. */
#define PCC_DIFFSTAT_WIDTH_MAIL    72
#define PCC_DIFFSTAT_WIDTH_DEFAULT 80

/* The longest file the diffstat follows (the kernel's longest is about
 * 200,000 lines): a hunk reaching further is refused. */
#define PCC_DIFFSTAT_MAX_LINES 4000000

/* @base, when not NULL, is the tree the first patch applies to; it must
 * outlive the diffstat. */
PccDiffstat *pcc_diffstat_new (const PccTree *base);
void pcc_diffstat_free (PccDiffstat *ds);

/* Compose the next patch of the series.  @text is a mail or a diff (only
 * the diff is read).  Fails with PCC_ERROR_PATCH, naming @name and the
 * line, when a hunk header is malformed or a hunk is cut short, or with
 * PCC_ERROR_TOO_LARGE when a hunk reaches past PCC_DIFFSTAT_MAX_LINES; a hunk
 * that does not fit what earlier patches left is not an error (the
 * result is then marked inexact). */
gboolean pcc_diffstat_add_patch (PccDiffstat *ds, const char *name,
                                 const char *text, gsize len, GError **error);

/* The diffstat as git prints it with --stat=@width (0: 80), followed by
 * the --summary lines when @summary.  "" when nothing changed. */
char *pcc_diffstat_format (PccDiffstat *ds, int width, gboolean summary);

/* Totals as on the last line (binary files count as files only). */
void pcc_diffstat_get_totals (PccDiffstat *ds, guint *files, guint *insertions,
                              guint *deletions);

/* Whether the output is certainly git's; if not, @why (may be NULL) gets
 * the reasons, one a line (owned by @ds). */
gboolean pcc_diffstat_is_exact (PccDiffstat *ds, const char **why);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccDiffstat, pcc_diffstat_free)

G_END_DECLS

#endif
