/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-check.h - "patchcc --check": a patch checked against the
 * repository it is meant for.
 *
 * The checks need the repository's history (pcc-history.h): the commit
 * named by the patch's base-commit: line, the diff applied to its tree
 * in memory, the commits its Fixes: lines name.  Strings appended to
 * the arrays are newly allocated and owned by the arrays.
 */
#ifndef PCC_CHECK_H
#define PCC_CHECK_H

#include <git2.h>
#include <glib.h>
#include "pcc-history.h"
#include "pcc-patch.h"

G_BEGIN_DECLS

/* The diff in @text (a mail or a plain diff; what comes before its first
 * "diff --git" line is skipped, pcc_patch_find_git_diff()) applied to the
 * tree of @commit in memory (libgit2's apply to a tree; no work tree or
 * index is touched): the index of the result, for the caller to free
 * (git_index_free()).  NULL with PCC_ERROR_PATCH and the reason when
 * there is no git diff, it cannot be read or does not apply, with
 * PCC_ERROR_GIT when the tree cannot be read. */
git_index *pcc_check_apply (git_repository *repo, git_commit *commit,
                            const char *text, gsize len, GError **error);

/* Whether the diff in @text (a mail or a plain diff; what comes before
 * its first "diff --git" line is skipped) applies to the tree of commit
 * @base, tried in memory (libgit2's apply to a tree; the work tree and
 * the index are never touched).  FALSE with PCC_ERROR_PATCH and libgit2's
 * reason when it does not apply, with PCC_ERROR_GIT when @base is not a
 * commit of the repository. */
gboolean pcc_check_patch_applies (PccHistory *history, const char *base,
                                  const char *text, gsize len, GError **error);

/* The checks of "patchcc --check" and of the review, on one patch:
 * appends to @problems (char *, one sentence each) "no base-commit:
 * line", "base-commit X is not in the repository", "does not apply to
 * its base-commit X: <libgit2's reason>", "Fixes: X names a commit the
 * repository does not have"; and to @hints "Fixes: without Cc:
 * stable@vger.kernel.org" (never a problem: not every fix is for
 * stable).  Returns TRUE when there is no problem. */
gboolean pcc_check_patch (PccHistory *history, const PccPatch *patch,
                          GPtrArray *problems, GPtrArray *hints);

G_END_DECLS

#endif /* PCC_CHECK_H */
