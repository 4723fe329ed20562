/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-fix.c - the fix (see patchcc-fix.h): read the compose window,
 * plan the recipients, review, write To:/Cc: back, say what changed.
 *
 * patchcc_fix() runs the steps in order; each step that stops the fix
 * has told the user why. */
#include "claws-features.h"

#include <string.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "utils.h"
#include "compose.h"

#include "pcc-damage.h"
#include "pcc-fixer.h"
#include "pcc-line-limit.h"
#include "pcc-review.h"
#include "pcc-settings.h"

#include "patchcc-compose.h"
#include "patchcc-fix.h"
#include "patchcc-hold.h"
#include "patchcc-notice.h"
#include "patchcc-prefs.h"

static PccFixer *fixer;
static guint warm_id;

/* When each step ended, to log what a fix cost (monotonic microseconds). */
typedef struct
{
  gint64 start; /* the fix began */
  gint64 plan;  /* the engine's part of the planning (a duration) */
  gint64 ready; /* the plan was there */
  gint64 drawn; /* the review was first drawn, or 0 */
  gint64 rows;  /* writing the rows (a duration) */
} FixTimes;

/* --- the engine cache ------------------------------------------------------ */

static gboolean
warm_engine (gpointer data)
{
  const PccSettings *s = patchcc_prefs_get ();
  g_autoptr (GError) error = NULL;

  warm_id = 0;
  if (pcc_fixer_get_engine (fixer, s->tree_path,
                            *s->tree_rev ? s->tree_rev : NULL, &error)
      == NULL)
    debug_print ("patchcc: no engine yet: %s\n", error->message);
  return G_SOURCE_REMOVE;
}

void
patchcc_fix_init (void)
{
  fixer = pcc_fixer_new ();
}

void
patchcc_fix_warm_later (void)
{
  if (warm_id == 0)
    warm_id = g_idle_add (warm_engine, NULL);
}

void
patchcc_fix_reset (void)
{
  pcc_fixer_reset (fixer);
  patchcc_fix_warm_later ();
}

void
patchcc_fix_done (void)
{
  if (warm_id != 0)
    g_source_remove (warm_id);
  warm_id = 0;
  g_clear_pointer (&fixer, pcc_fixer_free);
}

/* --- the steps ------------------------------------------------------------- */

static gboolean
sending (PatchccFixMode mode)
{
  return mode == PATCHCC_FIX_ASK || mode == PATCHCC_FIX_REWRITE;
}

/* Every failure to compute or apply the recipients ends here: "@what:
 * @why".  On sending (ask and rewrite) the mail is not sent as typed
 * behind the user's back: sending stops and the user chooses ("Back to
 * editing" unless "Send as typed" is chosen).  Otherwise (the menu item,
 * a patch just opened) the mail stays as typed and the reason shows in
 * the bar; on_send=off says nothing. */
static PatchccFixResult
fail (Compose *compose, PatchccFixMode mode, const char *what, const char *why)
{
  if (mode == PATCHCC_FIX_CHECK)
    return PATCHCC_FIX_UNCHANGED;
  if (!sending (mode))
    {
      patchcc_notice_problem (compose, what, why);
      return PATCHCC_FIX_UNCHANGED;
    }
  return patchcc_hold_ask_send (compose, what, why, NULL)
             ? PATCHCC_FIX_UNCHANGED
             : PATCHCC_FIX_STOP_SENDING;
}

static void
free_patch (gpointer p)
{
  pcc_patch_free (p);
}

/* Never compute recipients from a damaged diff, never send one.  TRUE
 * when @body is damaged; @result then says how the fix ends. */
static gboolean
refuse_damaged (Compose *compose, PatchccFixMode mode, const char *body,
                PatchccFixResult *result)
{
  g_autoptr (PccDamage) damage = pcc_damage_check (body, -1);
  g_autofree char *what = NULL, *text = NULL;

  if (damage == NULL)
    return FALSE;
  if (sending (mode) || mode == PATCHCC_FIX_CHECK)
    {
      patchcc_hold_damaged (compose, damage, body);
      *result = PATCHCC_FIX_STOP_SENDING;
      return TRUE;
    }
  what = patchcc_hold_describe (damage, compose->autowrap);
  text = g_strdup_printf (
      _ ("patchcc: the patch in this mail is damaged (%s): it will "
         "not apply. Recipients are not computed from it. Open the "
         "patch file again with Tools, \"Insert patch file…\"."),
      what);
  patchcc_notice_error (compose, text);
  *result = PATCHCC_FIX_UNCHANGED;
  return TRUE;
}

/* Whether the composer's text reads like a patch even though it cannot
 * be parsed as one: a patch subject, or a diff line in the body. */
static gboolean
looks_like_patch (const char *subject, const char *body)
{
  return pcc_fixer_subject_is_patch (subject)
         || g_str_has_prefix (body, "diff --git ")
         || strstr (body, "\ndiff --git ") != NULL
         || strstr (body, "\n@@ -") != NULL;
}

/* Fill @patches with what the recipients are computed from: the mail
 * itself, its text attachments holding a diff and, for a cover letter
 * without any diff, the files its diffstat names.  FALSE when the mail
 * is not a patch (*@result UNCHANGED) or cannot be read (*@result as
 * fail() says). */
static gboolean
collect_patches (Compose *compose, PatchccFixMode mode, const char *subject,
                 const char *body, GPtrArray *patches,
                 PatchccFixResult *result)
{
  g_autoptr (GError) error = NULL;
  PccPatch *mail;
  gboolean any_diff = FALSE;

  *result = PATCHCC_FIX_UNCHANGED;
  mail = pcc_fixer_parse_mail (subject, body, -1, &error);
  if (mail == NULL)
    {
      /* Only worth a word when the mail looks like a patch. */
      if (mode == PATCHCC_FIX_INTERACTIVE || looks_like_patch (subject, body))
        *result = fail (compose, mode, _ ("cannot read the patch"),
                        error->message);
      return FALSE;
    }
  g_ptr_array_add (patches, mail);
  if (!patchcc_compose_read_attachment_patches (compose, patches, &error))
    {
      /* A patch attached to a patch mail cannot be left out. */
      if (mode == PATCHCC_FIX_INTERACTIVE || looks_like_patch (subject, body)
          || pcc_fixer_is_patch_mail (
              subject, (PccPatch *const *) patches->pdata, patches->len))
        *result = fail (compose, mode, _ ("cannot read an attachment"),
                        error->message);
      return FALSE;
    }
  if (!pcc_fixer_is_patch_mail (subject, (PccPatch *const *) patches->pdata,
                                patches->len))
    {
      if (mode == PATCHCC_FIX_INTERACTIVE)
        patchcc_notice (
            compose, GTK_MESSAGE_INFO,
            _ ("patchcc: this mail is not a patch (no diff in the body or a "
               "text attachment, and the subject does not start with "
               "[PATCH]); To and Cc are left alone."));
      return FALSE;
    }
  for (guint i = 0; i < patches->len; i++)
    any_diff |= pcc_patch_has_diff (g_ptr_array_index (patches, i));
  if (!any_diff && pcc_patch_is_cover_letter (mail)
      && mode != PATCHCC_FIX_CHECK)
    {
      PccPatch *ds = pcc_fixer_patch_from_diffstat (mail);

      if (ds == NULL)
        {
          *result = fail (
              compose, mode, _ ("cover letter"),
              _ ("no diff and no diffstat to find the series' files in; "
                 "attach the patches or fix each patch's recipients"));
          return FALSE;
        }
      g_ptr_array_add (patches, ds);
    }
  return TRUE;
}

/* A line longer than a mail line may be is never sent (see
 * pcc-line-limit.h): TRUE, the mail held back, when @body has one. */
static gboolean
refuse_long_line (Compose *compose, const char *body)
{
  g_autoptr (GError) error = NULL;
  guint line = 0;

  if (pcc_mail_check_lines (body, strlen (body), &line, &error))
    return FALSE;
  patchcc_hold_long_line (compose, line, error->message, body);
  return TRUE;
}

/* The plan for @patches against the window's To:/Cc: (NULL with @error
 * when it cannot be computed).  @engine is set to the engine used (owned
 * by the cache), @t_plan to the engine's time. */
static PccPlan *
compute_plan (Compose *compose, GPtrArray *patches, PccEngine **engine,
              gint64 *t_plan, GError **error)
{
  const PccSettings *settings = patchcc_prefs_get ();
  PccFixerConfig cfg;
  g_autoptr (GPtrArray) to = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) cc = g_ptr_array_new_with_free_func (g_free);

  patchcc_compose_read_recipients (compose, to, cc);
  pcc_settings_to_config (settings, &cfg);
  return pcc_fixer_plan (fixer, &cfg, (PccPatch *const *) patches->pdata,
                         patches->len, (const char *const *) to->pdata,
                         (const char *const *) cc->pdata, engine, t_plan,
                         error);
}

/* Why the plan's recipients would not fit Claws' queue file (newly
 * allocated), or NULL when they fit. */
static char *
too_many_recipients (Compose *compose, PccPlan *plan)
{
  if (!pcc_plan_has_changes (plan)
      || patchcc_compose_envelope_bytes (compose, plan)
             <= PATCHCC_MAX_RECIPIENT_BYTES)
    return NULL;
  return g_strdup_printf (
      _ ("%zu bytes of addresses; Claws Mail keeps at most about %d "
         "bytes of recipients per mail and would silently leave out the "
         "rest. Send this patch with git send-email, with "
         "\"patchcc --to\" and \"patchcc --cc\" as --to-cmd and "
         "--cc-cmd"),
      patchcc_compose_envelope_bytes (compose, plan),
      PATCHCC_MAX_RECIPIENT_BYTES);
}

static gboolean
note_first_draw (GtkWidget *w, cairo_t *cr, gpointer data)
{
  gint64 *t = data;

  if (*t == 0)
    *t = g_get_monotonic_time ();
  return FALSE;
}

/* Show the review (ask and interactive modes).  TRUE to apply the plan
 * as the user left it; otherwise @result says how the fix ends. */
static gboolean
review (Compose *compose, PatchccFixMode mode, PccPlan *plan,
        const char *subject, const char *tree_desc, gint64 *t_drawn,
        PatchccFixResult *result)
{
  GtkWidget *dialog = pcc_review_dialog_new (GTK_WINDOW (compose->window),
                                             plan, subject, tree_desc);
  gboolean gone = FALSE;
  gint response;

  if (mode == PATCHCC_FIX_ASK)
    {
      GtkWidget *cancel = gtk_dialog_get_widget_for_response (
          GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
      gtk_button_set_label (GTK_BUTTON (cancel), _ ("Send _as typed"));
      gtk_dialog_add_button (GTK_DIALOG (dialog), _ ("_Back to editing"),
                             GTK_RESPONSE_REJECT);
      gtk_button_set_label (GTK_BUTTON (gtk_dialog_get_widget_for_response (
                                GTK_DIALOG (dialog), GTK_RESPONSE_APPLY)),
                            _ ("_Apply and send"));
    }
  g_signal_connect (dialog, "draw", G_CALLBACK (note_first_draw), t_drawn);
  response = patchcc_notice_run_dialog (compose, dialog, &gone);
  if (gone)
    {
      /* The window (and the mail) went away meanwhile: nothing to write
       * into, nothing to send. */
      *result = PATCHCC_FIX_STOP_SENDING;
      return FALSE;
    }
  /* In ask mode only "Send as typed" sends as typed: Escape, the
   * window's close button or "Back to editing" go back to editing. */
  if (mode == PATCHCC_FIX_ASK && response != GTK_RESPONSE_APPLY
      && response != GTK_RESPONSE_CANCEL)
    {
      *result = PATCHCC_FIX_STOP_SENDING;
      return FALSE;
    }
  if (response != GTK_RESPONSE_APPLY || !pcc_plan_has_changes (plan))
    {
      *result = PATCHCC_FIX_UNCHANGED;
      return FALSE;
    }
  return TRUE;
}

static void
log_times (const FixTimes *t, PccPlan *plan)
{
  /* What we cost the user: computing and writing, not reading the
   * review (G_MESSAGES_DEBUG=patchcc shows it on stderr). */
  g_debug ("timing: read+plan %.1f ms (engine %.1f ms), review on screen "
           "after %.1f ms, rows %.1f ms, total %.1f ms, %u changes",
           (t->ready - t->start) / 1000.0, t->plan / 1000.0,
           t->drawn ? (t->drawn - t->ready) / 1000.0 : 0.0, t->rows / 1000.0,
           (t->ready - t->start + t->rows) / 1000.0,
           pcc_plan_get_n_changes (plan));
}

static char *
describe_changes (PccPlan *plan)
{
  PccPlanCounts n;

  pcc_plan_count_changes (plan, &n);
  return g_strdup_printf (_ ("%u added to To, %u added to Cc, %u removed"),
                          n.add_to, n.add_cc, n.drop);
}

/* Say what was written: the recipients for a patch just opened, the
 * counts otherwise. */
static void
report_applied (Compose *compose, PatchccFixMode mode, PccPlan *plan,
                const char *tree_desc, const FixTimes *t)
{
  g_autofree char *text = NULL;

  if (mode == PATCHCC_FIX_OPENED)
    {
      g_auto (GStrv) fto = pcc_plan_get_final (plan, PCC_FIELD_TO);
      g_auto (GStrv) fcc = pcc_plan_get_final (plan, PCC_FIELD_CC);
      g_autofree char *tos = g_strjoinv (", ", fto);
      g_autofree char *ccs = g_strjoinv (", ", fcc);

      text = g_strdup_printf (
          _ ("Recipients as get_maintainer.pl gives them (%s):\nTo: %s\nCc: "
             "%s\nTools, Fix patch recipients (Ctrl+Shift+R) shows why each "
             "one is there."),
          tree_desc ? tree_desc : "", *tos ? tos : "-", *ccs ? ccs : "-");
    }
  else
    {
      g_autofree char *what = describe_changes (plan);

      text = g_strdup_printf (_ ("%s (%s; %.1f ms)."), what,
                              tree_desc ? tree_desc : "",
                              (t->ready - t->start + t->rows) / 1000.0);
    }
  patchcc_notice_info (compose, text);
}

/* --- the fix ----------------------------------------------------------------- */

PatchccFixResult
patchcc_fix (Compose *compose, PatchccFixMode mode)
{
  g_autoptr (GPtrArray) patches = g_ptr_array_new_with_free_func (free_patch);
  g_autoptr (PccPlan) plan = NULL;
  g_autofree char *body = NULL;
  g_autofree char *subject = NULL;
  PccEngine *engine = NULL;
  FixTimes t = { .start = g_get_monotonic_time () };
  PatchccFixResult result;
  g_autoptr (GError) error = NULL;
  g_autofree char *too_many = NULL;
  const char *tree_desc;

  subject = g_strdup (gtk_entry_get_text (GTK_ENTRY (compose->subject_entry)));
  body = patchcc_compose_get_body (compose);
  if (refuse_damaged (compose, mode, body, &result))
    return result;
  if (!collect_patches (compose, mode, subject, body, patches, &result))
    return result;
  /* What Claws is about to send must fit in mail lines. */
  if ((sending (mode) || mode == PATCHCC_FIX_CHECK)
      && refuse_long_line (compose, body))
    return PATCHCC_FIX_STOP_SENDING;
  if (mode == PATCHCC_FIX_CHECK)
    return PATCHCC_FIX_UNCHANGED;
  plan = compute_plan (compose, patches, &engine, &t.plan, &error);
  if (plan == NULL)
    return fail (compose, mode, _ ("cannot compute the recipients"),
                 error->message);
  t.ready = g_get_monotonic_time ();
  tree_desc = engine ? pcc_tree_describe (pcc_engine_get_tree (engine)) : NULL;

  too_many = too_many_recipients (compose, plan);
  if (too_many != NULL)
    return fail (compose, mode, _ ("too many recipients for Claws Mail"),
                 too_many);
  if (!pcc_plan_has_changes (plan))
    {
      if (mode == PATCHCC_FIX_INTERACTIVE || mode == PATCHCC_FIX_OPENED)
        patchcc_notice_info (compose,
                             _ ("To and Cc already hold what "
                                "get_maintainer.pl gives for this patch."));
      return PATCHCC_FIX_UNCHANGED;
    }
  if ((mode == PATCHCC_FIX_ASK || mode == PATCHCC_FIX_INTERACTIVE)
      && !review (compose, mode, plan, subject, tree_desc, &t.drawn, &result))
    return result;

  t.rows = g_get_monotonic_time ();
  if (!patchcc_compose_write_recipients (compose, plan, &error))
    return fail (compose, mode, _ ("cannot write the recipients"),
                 error->message);
  t.rows = g_get_monotonic_time () - t.rows;
  log_times (&t, plan);
  report_applied (compose, mode, plan, tree_desc, &t);
  /* The one thing patchcc cannot fix: Claws re-wraps the body as it is
   * typed or pasted when automatic wrapping is on, and a re-wrapped patch
   * no longer applies. */
  if (compose->autowrap && mode == PATCHCC_FIX_INTERACTIVE)
    patchcc_notice (
        compose, GTK_MESSAGE_WARNING,
        _ ("patchcc: recipients fixed. Automatic line wrapping is on in "
           "this window: long lines of a patch get re-wrapped and it will "
           "not apply. Turn it off (Options, Auto wrapping; for good: "
           "Preferences, Compose, Wrapping) and paste the patch again."));
  return PATCHCC_FIX_APPLIED;
}
