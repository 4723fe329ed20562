/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-review.h - the recipient review: what a plan changes, and why.
 *
 * PccReviewView is a plain GTK3 widget (no mail client needed) showing a
 * PccPlan: one row per address, grouped by where it ends up (To:, Cc:,
 * removed), each with a checkbox, what happens to it (add, keep, drop),
 * its role and the reason (file -> pattern -> section; LKML kept or
 * dropped and why; the plan's full reason in the tooltip).  Unticking a row turns the change off in the plan itself
 * (PccChange.enabled), so pcc_plan_get_final() reflects the user's choice
 * at once.  A "Details" expander shows pcc_result_explain().
 *
 * pcc_review_dialog_new() wraps the view in a dialog with Cancel and
 * Apply; pcc_review_run() runs it modally.
 */
#ifndef PCC_REVIEW_H
#define PCC_REVIEW_H

#include <gtk/gtk.h>
#include "pcc-plan.h"

G_BEGIN_DECLS

#define PCC_TYPE_REVIEW_VIEW (pcc_review_view_get_type ())
G_DECLARE_FINAL_TYPE (PccReviewView, pcc_review_view, PCC, REVIEW_VIEW, GtkBox)

/* Columns of the view's model (a GtkTreeStore: one group row per
 * destination, the changes below it). */
enum
{
  PCC_REVIEW_COL_ENABLED,   /* gboolean: the checkbox */
  PCC_REVIEW_COL_TOGGLABLE, /* gboolean: the user may change it (FALSE
                                 for group rows and kept addresses: what
                                 you typed always stays) */
  PCC_REVIEW_COL_HAS_CHECK, /* gboolean: FALSE for group rows */
  PCC_REVIEW_COL_ACTION,    /* markup: "add", "keep", "drop" badge */
  PCC_REVIEW_COL_ADDRESS,   /* "Name <addr>", or the group's title */
  PCC_REVIEW_COL_REASON,    /* plain text reason */
  PCC_REVIEW_COL_TOOLTIP,   /* markup for the tooltip */
  PCC_REVIEW_COL_CHANGE,    /* gint: index in the plan, -1 for groups */
  PCC_REVIEW_COL_WEIGHT,    /* gint: PangoWeight */
  PCC_REVIEW_COL_STRIKE,    /* gboolean: the address will not be sent */
  PCC_REVIEW_COL_ROLE,      /* "maintainer", "reviewer", "open list"... */
  PCC_REVIEW_N_COLUMNS
};

/* @plan must outlive the view; @title (the mail's subject, or NULL) and
 * @tree_desc (pcc_tree_describe(), or NULL) are shown in the header. */
GtkWidget *pcc_review_view_new (PccPlan *plan, const char *title,
                                const char *tree_desc);

PccPlan *pcc_review_view_get_plan (PccReviewView *view);
GtkTreeView *pcc_review_view_get_tree_view (PccReviewView *view);
/* The checkbox column's renderer (its "toggled" signal is what a click
 * emits). */
GtkCellRendererToggle *pcc_review_view_get_toggle (PccReviewView *view);

/* Rows showing a change: the tree path of change @i ("0:2"), or NULL when
 * the change is not shown.  Free with gtk_tree_path_free(). */
GtkTreePath *pcc_review_view_get_path (PccReviewView *view, guint i);
/* Tick or untick change @i as a click would. */
void pcc_review_view_set_enabled (PccReviewView *view, guint i,
                                  gboolean enabled);
/* Show the plan's changes again: after changes were added to it
 * (pcc_plan_add_extra()). */
void pcc_review_view_reload (PccReviewView *view);
/* The one-line summary shown above the list ("2 to add to To, ..."). */
const char *pcc_review_view_get_summary (PccReviewView *view);

/* Emitted after the user ticked or unticked a change. */
/* signal "changed" (PccReviewView *view, guint change_index) */

/* A dialog with the view, Cancel and Apply (GTK_RESPONSE_APPLY, the
 * default).  @parent may be NULL. */
GtkWidget *pcc_review_dialog_new (GtkWindow *parent, PccPlan *plan,
                                  const char *title, const char *tree_desc);
PccReviewView *pcc_review_dialog_get_view (GtkDialog *dialog);

/* Run the dialog modally; TRUE when the user chose Apply (the plan then
 * holds the user's ticks). */
gboolean pcc_review_run (GtkWindow *parent, PccPlan *plan, const char *title,
                         const char *tree_desc);

G_END_DECLS

#endif
