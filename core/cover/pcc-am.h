/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-am.h - a series applied as git am applies it, into commits that
 * live in memory.
 *
 * A range-diff compares commits; the previous version of a series is
 * mail.  pcc_am_apply() makes commits of a series' patches on top of a
 * base commit of a repository: each patch's git diff applied to the
 * tree before it (pcc_check_apply(), the one home of that), with the mail's author and date (committer the
 * same) and the message git am records (pcc_mailinfo_commit_message()).
 *
 * Nothing is written to the repository on disk: each call adds an
 * in-memory object database (libgit2's mempack) to @repo, above its own,
 * and every object made goes there; they live as long as @repo is open.
 */
#ifndef PCC_AM_H
#define PCC_AM_H

#include <git2.h>
#include <glib.h>

#include "pcc-series.h"

G_BEGIN_DECLS

/* Apply the patches of @series (not its cover letter) on @base (a
 * revision of @repo), appending the commit of each, oldest first, to
 * @commits (git_oid).  Fails with PCC_ERROR_GIT (the base is not in the
 * repository, the object database cannot be set up) or PCC_ERROR_PATCH
 * naming the patch (no git diff, or it does not apply); @commits then
 * holds the commits made before. */
gboolean pcc_am_apply (git_repository *repo, const PccSeries *series,
                       const char *base, GArray *commits, GError **error);

G_END_DECLS

#endif
