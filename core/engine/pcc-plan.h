/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-plan.h - what to change in a mail's To: and Cc:, and why.
 *
 * A plan compares the recipients a mail has (what the user typed) with
 * the recipients the engine computes for its patch, split the way b4
 * splits them (To: maintainers and reviewers, Cc: lists; or everything in
 * Cc:), and lists one change per address:
 *
 *   ADD   a computed recipient the mail lacks;
 *   KEEP  an address the mail has and keeps (computed, or typed by hand:
 *         typed addresses are never dropped silently);
 *   DROP  a typed list that THE REST fallback rule excludes for this
 *         patch (linux-kernel@vger.kernel.org when every file has a list
 *         of its own), the one case where a typed address goes, with the
 *         reason shown.
 *
 * Each change can be turned off (the review dialog's checkboxes) before
 * the final To:/Cc: are read back.  The same plan drives the CLI's
 * --plan output, the review dialog and the on-send rewrite.
 */
#ifndef PCC_PLAN_H
#define PCC_PLAN_H

#include <glib.h>
#include "pcc-recipients.h"

G_BEGIN_DECLS

typedef enum
{
  PCC_FIELD_TO,
  PCC_FIELD_CC
} PccField;

typedef enum
{
  PCC_CHANGE_ADD,
  PCC_CHANGE_KEEP,
  PCC_CHANGE_DROP,
} PccChangeKind;

typedef struct
{
  PccChangeKind kind;
  PccField field;   /* where the address is (KEEP/DROP) or goes (ADD) */
  char *address;    /* "Name <addr>" as it will be written */
  char *email;      /* bare address */
  char *reason;     /* one line for people */
  gboolean typed;   /* the user had it in the mail */
  gboolean enabled; /* applied; the user may untick an ADD or a DROP
                          (a KEEP stays whatever this says: typed
                          addresses are never dropped silently) */
  const PccRecipient *recipient; /* in pcc_plan_get_result(), or NULL for
                                    an address only typed */
  gboolean blocked; /* an ADD that can never be applied (its address has a
                       control character; @address shows it escaped):
                       shown with the reason, never written, whatever
                       @enabled says */
} PccChange;

typedef struct
{
  PccSplit split;
  gboolean drop_lkml_for_new_files; /* ignore the "dev/null" quirk */
  PccRestRule rest_rule;
} PccPlanOptions;

void pcc_plan_options_init (PccPlanOptions *opts);

typedef struct _PccPlan PccPlan;

/* Build the plan for @patches (one mail: one patch; a cover letter: the
 * series) against the mail's current @to and @cc (NULL-terminated arrays
 * of header values as typed; each may hold several addresses).  Fails
 * when a typed value is not a valid address list or the engine fails;
 * the mail is then to be left as it is. */
PccPlan *pcc_plan_new (PccEngine *engine, const PccPlanOptions *opts,
                       PccPatch *const *patches, guint n_patches,
                       const char *const *to, const char *const *cc,
                       GError **error);
void pcc_plan_free (PccPlan *plan);

guint pcc_plan_get_n_changes (const PccPlan *plan);
/* Change @i (< pcc_plan_get_n_changes()).  Owned by @plan and valid until
 * it is freed; read-only: turn a change on or off with
 * pcc_plan_set_enabled(). */
const PccChange *pcc_plan_get_change (const PccPlan *plan, guint i);
/* Apply change @i or not (the review's checkbox).  A KEEP cannot be
 * turned off (typed addresses are never dropped silently).  Returns TRUE
 * when the change's state changed. */
gboolean pcc_plan_set_enabled (PccPlan *plan, guint i, gboolean enabled);
/* Carry the review of @reviewed over to @plan, a plan for part of the
 * same mails (a patch of a series whose cover letter's plan the user
 * reviewed): each ADD or DROP the user turned off there is turned off
 * here too (same kind, same address), so that an address unticked in
 * the review goes to none of the mails.  Returns how many changes of
 * @plan were turned off. */
guint pcc_plan_follow (PccPlan *plan, const PccPlan *reviewed);
/* Add @address (@email its bare address) to @field as an enabled ADD
 * the user can untick, with @reason, when the plan has no change for
 * that address yet: one found outside the engine (a person on the
 * previous version of the series).  Refused (G_MAXUINT) for an address
 * already in the plan, or one that cannot be written into a header (a
 * control byte, not UTF-8); else the new change's index. */
guint pcc_plan_add_extra (PccPlan *plan, PccField field, const char *address,
                          const char *email, const char *reason);
/* Whether applying the enabled changes alters To: or Cc:. */
gboolean pcc_plan_has_changes (const PccPlan *plan);

/* How many ADDs and DROPs a plan holds, for a one-line summary. */
typedef struct
{
  guint add_to; /* enabled ADDs to To: */
  guint add_cc; /* enabled ADDs to Cc: */
  guint drop;   /* enabled DROPs */
  guint off;    /* ADDs and DROPs turned off */
} PccPlanCounts;

/* Count the changes of @plan into @counts (KEEPs are not counted; a
 * blocked ADD counts as its @enabled says). */
void pcc_plan_count_changes (const PccPlan *plan, PccPlanCounts *counts);
/* The explanation of the computation behind the plan. */
const PccResult *pcc_plan_get_result (const PccPlan *plan);

/* The To: or Cc: addresses after applying the enabled changes, in order
 * (kept addresses first, as typed, then added ones), as a NULL-terminated
 * array of "Name <addr>" strings.  None contains CR, LF or NUL. */
char **pcc_plan_get_final (const PccPlan *plan, PccField field);

/* A plain-text summary, one change a line ("+ To: ...  (reason)"). */
char *pcc_plan_to_string (const PccPlan *plan);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccPlan, pcc_plan_free)

G_END_DECLS

#endif
