/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-changes.h - the "Changes in vN:" section of a cover letter,
 * prefilled from the previous version.
 *
 * What a maintainer reads first in a new version is what changed.  The
 * section is the user's to write; pcc_changes_prefill() starts it with
 * what patchcc knows from the previous version found in the mailbox
 * (pcc-previous.h): the patches whose patch ID changed, the new ones and
 * the dropped ones, and, last, the link to the previous version in the
 * form b4 writes it:
 *
 *   Changes in v2:
 *   - 2/3 "mm: fix the thing": changed since v1
 *   - 3/3 "mm: test the thing": new
 *   - dropped v1's 2/4 "mm: old idea"
 *   - Link to v1: https://lore.kernel.org/r/<v1 cover's Message-Id>
 *
 * Patches equal to their previous version (the same patch ID) are not
 * listed.  The link is to the previous version's cover letter, or to its
 * first patch when it had none.  The text ends with a newline.
 */
#ifndef PCC_CHANGES_H
#define PCC_CHANGES_H

#include <glib.h>
#include "pcc-previous.h"
#include "pcc-series.h"

G_BEGIN_DECLS

/* Where "Link to vN:" points: a Message-Id is appended to it. */
#define PCC_CHANGES_LINK_BASE "https://lore.kernel.org/r/"

/* The prefilled section for @series, whose previous version is @prev.
 * Newly allocated. */
char *pcc_changes_prefill (const PccPrevious *prev, const PccSeries *series);

/* The "Link to vN:" line alone (with its "- " and newline), or NULL when
 * the previous version has no Message-Id.  Newly allocated. */
char *pcc_changes_format_link (const PccPrevious *prev);

/* What "git range-diff" prints for the previous version and @series
 * (pcc-range-diff.h), for ${range_diff}: both are applied in memory on
 * their own base-commit: (pcc-am.h; the previous version on the new
 * one's when its mails do not say) in the git repository at or above
 * @repo_path, which is never written.  NULL with @error saying why not:
 * the new version without a base-commit: line (PCC_ERROR_PATCH), no
 * repository there or the base not in it (PCC_ERROR_GIT), a patch that
 * does not apply (PCC_ERROR_PATCH, naming it). */
char *pcc_changes_range_diff (const PccPrevious *prev, const PccSeries *series,
                              const char *repo_path, GError **error);

G_END_DECLS

#endif
