/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-series-private.h - what the series dialog (patchcc-series.c)
 * and the mails it sends (patchcc-series-send.c) share: the job, and the
 * calls the dialog makes to compute, build and send the mails.
 *
 * Calls go one way: the dialog calls the functions below, which never
 * call back into it.  They read the job and write only the fields said
 * below to be theirs; what went out is j->n_sent, why a step failed is
 * its GError.  Private to those two files.
 */
#ifndef PATCHCC_SERIES_PRIVATE_H
#define PATCHCC_SERIES_PRIVATE_H

#include <glib.h>
#include <gtk/gtk.h>

#include "pcc-cover-panel.h"
#include "pcc-fixer.h"
#include "pcc-plan.h"
#include "pcc-previous.h"
#include "pcc-series.h"
#include "pcc-series-mail.h"

struct _PrefsAccount; /* Claws' PrefsAccount */

/* One "Compose patch series" dialog and the series it sends.  Created,
 * reference-counted and freed by the dialog (patchcc-series.c); the job
 * owns what it points to, except what is marked otherwise. */
typedef struct _SeriesJob SeriesJob;
struct _SeriesJob
{
  /* One reference is the dialog's (dropped when it is destroyed), one
   * is held by a send that runs: Claws' SMTP code runs the main loop, so
   * the dialog can be destroyed under it (the parent window closes,
   * plugin_done()), and the job must outlive that. */
  guint refs;
  gboolean sending;
  GtkWindow *parent; /* weak: the main window */
  char *dir;
  PccSeries *series;
  PccFixer *fixer;   /* the dialog's own: its engine lives as long as it */
  PccEngine *engine; /* owned by fixer */
  PccPlan *plan;     /* the cover's */
  PccPlanOptions popts;
  char **cover_to; /* typed for the cover: they go to every mail */
  char **cover_cc;
  /* Each patch's recipients, computed when the dialog opens (again when
   * the form changes the patches): what the review shows is what is
   * sent, envelope included.  The three below are written by
   * patchcc_series_compute_recipients() only. */
  GPtrArray *patch_rcpts; /* PccPatchRecipients */
  /* The cover letter's: its plan and every address of patch_rcpts. */
  PccPatchRecipients *cover_rcpts;
  guint n_tool_trailers; /* when patch_rcpts were computed */
  /* Why the series cannot be sent as it is (pcc_series_check()): set
   * when the dialog opens, never cleared. */
  char *refused;
  /* The last recomputation of the recipients failed: what the review
   * shows is not what would be sent, so Send waits for a good one. */
  char *stale;
  /* Why the last Send sent nothing or not everything; cleared by the
   * next one. */
  char *failure;
  /* The widgets are GTK's; on_destroy() sets them to NULL. */
  GtkLabel *rcpts_label;
  GtkWidget *dialog; /* NULL once destroyed */
  PccCoverPanel *panel;
  GtkWidget *bar; /* the problems, above the panel */
  GtkLabel *bar_label;
  /* Once built, the mails do not change: a second Send sends the ones
   * not sent yet, in the same thread (same Message-Ids).  Written by
   * patchcc-series-send.c only (n_sent by patchcc_series_send_rest()). */
  PccSeriesSender *sender;
  struct _PrefsAccount *account; /* Claws' (account_get_default()) */
  GPtrArray *mails;              /* GBytes */
  GPtrArray *tos;                /* GStrv */
  GPtrArray *ccs;
  GPtrArray *envs; /* GStrv: the SMTP envelope of each mail */
  guint n_sent;
  /* The previous version of the series and what the user kept of it:
   * patchcc-series-previous.c's. */
  PccPrevious *previous; /* NULL when none was found */
  char *previous_line;   /* what the dialog says of the search */
  char *changes_prefill; /* the "Changes" text last put in the panel */
  char *range_diff;      /* against the previous version, or NULL */
  GArray *previous_rows; /* guint: the changes of plan for its people */
  GArray *trailer_taken; /* gboolean, one per trailer of previous */
  gboolean previous_ignored;
  GtkLabel *previous_label; /* GTK's, NULL once destroyed */
  GtkWidget *previous_ignore;
  GtkComboBoxText *previous_pick; /* which earlier version, GTK's */
  guint previous_want;            /* that version, 0: the one before */
  gboolean picking;               /* the combo is being filled */
  GtkWidget *previous_reply;     /* "In reply to vN", GTK's */
  gboolean previous_reply_to;    /* thread the series under vN's cover */
  GtkListStore *previous_store; /* a reference */
  GtkWidget *previous_trailers;
  void (*previous_changed) (SeriesJob *j);
};

/* "the cover letter" for @i 0, else "patch @i/N" (newly allocated). */
char *patchcc_series_mail_name (const SeriesJob *j, guint i);

/* Each patch's recipients into j->patch_rcpts and the cover letter's (its
 * plan and every patch's) into j->cover_rcpts, replacing them; notes
 * j->panel's tool trailers in j->n_tool_trailers.  On failure (@error
 * names the patch) the job is unchanged. */
gboolean patchcc_series_compute_recipients (SeriesJob *j, GError **error);

/* Build and check every mail (the cover letter from j->panel, each patch
 * to j->patch_rcpts) before any goes: on success j->sender, j->account,
 * j->mails, j->tos, j->ccs and j->envs are set and j->n_sent is 0; on
 * failure none of them is, and @error lists every mail's problem.
 * Refused while j->refused or j->stale is set. */
gboolean patchcc_series_build_mails (SeriesJob *j, GError **error);

/* Send the built mails not sent yet, in order, counting them in
 * j->n_sent; stop at the first failure, or when j->dialog is NULL (Claws'
 * SMTP code runs the main loop, which may destroy the dialog).  The
 * caller holds a reference on @j. */
gboolean patchcc_series_send_rest (SeriesJob *j, GError **error);

/* "Sent: the cover letter, patch 1/3.\nNot sent: patch 2/3, patch 3/3."
 * of the built mails (newly allocated). */
char *patchcc_series_describe_progress (const SeriesJob *j);

/* Forget the built mails (nothing of them was sent): the next Send
 * builds them anew, with new Message-Ids. */
void patchcc_series_drop_mails (SeriesJob *j);

#endif
