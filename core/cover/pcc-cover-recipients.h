/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cover-recipients.h - whom a series' cover letter goes to.
 *
 * The cover letter introduces the series, and a reader who got any one
 * patch must be able to find it (b4's rule): so it goes to what the
 * cover's own plan says (the maintainers and lists of the whole series,
 * as the user reviewed them, plus what was typed on the cover letter)
 * and, beyond that, to every address any patch mail of the series goes
 * to: the patch file's own To: and Cc:, and the Cc: git send-email adds
 * from each patch's author, Signed-off-by:, Cc: and other *-by:
 * trailers.  Each address the patches add is shown with where it comes
 * from: "Cc of 2/3 (Signed-off-by: in the commit message)".
 *
 * The result is a PccPatchRecipients (pcc-series-mail.h), so the review
 * (pcc_patch_recipients_to_string()) and the envelope
 * (pcc_series_mail_envelope (r->to, r->cc)) are built as for a patch.
 * Everything returned is owned by the caller
 * (pcc_patch_recipients_free()).
 */
#ifndef PCC_COVER_RECIPIENTS_H
#define PCC_COVER_RECIPIENTS_H

#include <glib.h>
#include "pcc-plan.h"
#include "pcc-series-mail.h"

G_BEGIN_DECLS

/* The cover's own recipients as @plan (the cover letter's plan, as
 * reviewed) leaves them: its final To: and Cc: with the plan's reasons
 * ("typed on the cover letter" for an address only typed), then what
 * it does not send. */
PccPatchRecipients *pcc_cover_recipients_from_plan (const PccPlan *plan);

/* @cover (the cover's own, may be NULL) plus every address sent by a
 * patch of @patches (PccPatchRecipients, patch i numbered i+1 of
 * patches->len) that @cover does not send: in the field the first patch
 * that sends it uses, with that patch's reason.  An address @cover shows
 * as not sent is sent once a patch sends it.  To: keeps its order (the
 * cover's, then the patches' in series order), and so does Cc:; no
 * address of To: is in Cc:. */
PccPatchRecipients *
pcc_cover_recipients_union (const PccPatchRecipients *cover,
                            const GPtrArray *patches);

G_END_DECLS

#endif
