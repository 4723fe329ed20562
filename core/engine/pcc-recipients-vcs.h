/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-recipients-vcs.h - the vcs_* functions of get_maintainer.pl for the
 * recipients computation: commit signers, blame and Fixes:, from the git
 * history, added to the computation's recipient list.  Not part of
 * libpatchcc's API; pcc-recipients.c calls it.
 */
#ifndef PCC_RECIPIENTS_VCS_H
#define PCC_RECIPIENTS_VCS_H

#include "pcc-engine.h"
#include "pcc-recipient-list.h"

G_BEGIN_DECLS

/* What one computation's history lookups read and write; the caller
 * fills it, zeroes @printed_novcs and @since, and owns every pointer. */
typedef struct
{
  PccEngine *engine; /* its history is opened on first use */
  const PccOptions *o;
  PccRecipientList *list; /* where the signers go */
  GPtrArray *warnings;    /* char *: problems with the history */
  GPtrArray *strings;     /* char *: kept for the reasons pointing to them */
  gboolean printed_novcs;
  gint64 since; /* --git-since, as a time; 0 until needed */
} PccRecipientsVcs;

/* vcs_file_signoffs(): the signers, authors and changed lines of the
 * commits that touched @file within --git-since.  Problems with the
 * history are warnings; TRUE. */
gboolean pcc_recipients_vcs_file_signoffs (PccRecipientsVcs *vcs,
                                           const char *file, GError **error);

/* vcs_file_blame(): the signers of the commits that last changed the
 * lines of @ranges (PccBlameRange; every line when NULL or empty). */
gboolean pcc_recipients_vcs_file_blame (PccRecipientsVcs *vcs,
                                        const char *file, GArray *ranges,
                                        GError **error);

/* vcs_add_commit_signers($commit, "blamed_fixes"): the signers of the
 * commit a Fixes: tag names. */
void pcc_recipients_vcs_add_commit_signers (PccRecipientsVcs *vcs,
                                            const char *commit);

G_END_DECLS

#endif
