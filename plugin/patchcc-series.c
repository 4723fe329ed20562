/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-series.c - "Compose patch series…": a cover letter and its
 * series sent as one thread (see patchcc-series.h).
 *
 * Glue only: the series, the cover letter and the recipients come from
 * core/ (PccSeries, PccCover, PccPlan) and ui/ (PccCoverPanel); this file
 * asks for the folder, shows the panel and each mail's recipients, and
 * answers the dialog's buttons.  Building the mails and handing them to
 * Claws is patchcc-series-send.c's, which this file calls (never the
 * other way round).
 */
#include "claws-features.h"

#include <stdarg.h>
#include <string.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "version.h"
#include "plugin.h"
#include "utils.h"
#include "log.h"
#include "mainwindow.h"
#include "menu.h"
#include "alertpanel.h"
#include "statusbar.h"

#include "pcc-attribution.h"
#include "pcc-cover-panel.h"
#include "pcc-fixer.h"
#include "pcc-file.h"
#include "pcc-series.h"
#include "pcc-series-mail.h"
#include "pcc-settings.h"

#include "patchcc-menu.h"
#include "patchcc-prefs.h"
#include "patchcc-series.h"
#include "patchcc-notice.h"
#include "patchcc-series-private.h"
#include "patchcc-series-previous.h"

#define ACTION_SERIES "Tools/PatchccSeries"
#define ACCEL_SERIES  "<control><shift>J"
#define RESPONSE_SEND 1
/* A provenance.ini is a few lines; anything bigger is not one. */
#define PROVENANCE_MAX (256 * 1024)

static guint main_menu_id;
static char *last_dir;
/* The open series dialogs (SeriesJob), closed by patchcc_series_done(). */
static GList *open_jobs;

static void series_action_cb (GtkAction *action, gpointer data);

static GtkActionEntry series_actions[] = {
  { ACTION_SERIES, NULL, N_ ("Compose patch _series…"), ACCEL_SERIES,
    N_ ("A cover letter and a series of patch mails, sent as one thread"),
    G_CALLBACK (series_action_cb) },
};

/* --- messages ------------------------------------------------------------------ */

void
patchcc_series_alert_error (const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  patchcc_notice_alert_error (text);
}

/* --- the dialog ---------------------------------------------------------------- */

/* Its job, SeriesJob, is in patchcc-series-private.h. */

static void
series_job_free (SeriesJob *j)
{
  if (!j)
    return;
  if (j->parent != NULL)
    g_object_remove_weak_pointer (G_OBJECT (j->parent),
                                  (gpointer *) &j->parent);
  g_free (j->refused);
  g_free (j->stale);
  g_free (j->failure);
  pcc_patch_recipients_free (j->cover_rcpts);
  g_clear_pointer (&j->envs, g_ptr_array_unref);
  pcc_plan_free (j->plan);
  pcc_series_free (j->series);
  g_strfreev (j->cover_to);
  g_strfreev (j->cover_cc);
  g_free (j->dir);
  g_clear_pointer (&j->mails, g_ptr_array_unref);
  g_clear_pointer (&j->tos, g_ptr_array_unref);
  g_clear_pointer (&j->ccs, g_ptr_array_unref);
  g_clear_pointer (&j->patch_rcpts, g_ptr_array_unref);
  pcc_series_sender_free (j->sender);
  patchcc_series_previous_clear (j);
  pcc_fixer_free (j->fixer); /* after everything that uses the engine */
  g_free (j);
}

static SeriesJob *
series_job_ref (SeriesJob *j)
{
  j->refs++;
  return j;
}

static void
series_job_unref (SeriesJob *j)
{
  if (j != NULL && --j->refs == 0)
    series_job_free (j);
}

/* Send can be pressed only when what the dialog shows can go out. */
static void
update_send (SeriesJob *j)
{
  GtkWidget *send;

  if (j->dialog == NULL)
    return;
  send = gtk_dialog_get_widget_for_response (GTK_DIALOG (j->dialog),
                                             RESPONSE_SEND);
  if (send != NULL)
    gtk_widget_set_sensitive (send, j->refused == NULL && j->stale == NULL
                                        && !j->sending);
}

/* What stops the series, in the bar above the panel (NULL hides it);
 * also in the debug log, where tests read it. */
static void
show_problem (SeriesJob *j, const char *text)
{
  if (text != NULL)
    g_debug ("series dialog says:\n%s\n(end of message)", text);
  if (j->bar == NULL)
    return;
  if (text == NULL)
    {
      gtk_widget_hide (j->bar);
      return;
    }
  gtk_label_set_text (j->bar_label, text);
  gtk_widget_show (j->bar);
}

/* The refusal, a failed recomputation, then what the last Send met. */
static void
show_state (SeriesJob *j)
{
  g_autoptr (GString) s = g_string_new (NULL);

  if (j->refused != NULL)
    g_string_append (s, j->refused);
  if (j->stale != NULL)
    g_string_append_printf (s, "%s%s", s->len ? "\n\n" : "", j->stale);
  if (j->failure != NULL)
    g_string_append_printf (s, "%s%s", s->len ? "\n\n" : "", j->failure);
  show_problem (j, s->len ? s->str : NULL);
  update_send (j);
}

/* "This folder does not hold one series ...", each problem and its
 * files; NULL when pcc_series_check() finds nothing. */
static char *
describe_check (const PccSeries *series, const char *dir)
{
  g_autoptr (GPtrArray) problems = pcc_series_check (series);
  g_autoptr (GString) s = NULL;
  g_autofree char *prefix = g_str_has_suffix (dir, G_DIR_SEPARATOR_S)
                                ? g_strdup (dir)
                                : g_strconcat (dir, G_DIR_SEPARATOR_S, NULL);

  if (problems->len == 0)
    return NULL;
  s = g_string_new (_ ("Not sent: this folder does not hold one series "
                       "that can be sent as one thread. Move the files that "
                       "do not belong to it out of the folder, then open it "
                       "again."));
  for (guint i = 0; i < problems->len; i++)
    {
      const PccSeriesProblem *p = problems->pdata[i];
      /* The files are all in the folder the user chose: their names. */
      g_auto (GStrv) parts = g_strsplit (p->message, prefix, -1);
      g_autofree char *message = g_strjoinv ("", parts);
      gboolean named = TRUE;

      for (guint f = 0; p->files != NULL && p->files[f] != NULL; f++)
        {
          g_autofree char *base = g_path_get_basename (p->files[f]);
          named = named && strstr (message, base) != NULL;
        }
      g_string_append_printf (s, "\n\342\200\242 %s", message);
      if (!named)
        {
          g_string_append (s, _ ("\n    Files: "));
          for (guint f = 0; p->files[f] != NULL; f++)
            {
              g_autofree char *base = g_path_get_basename (p->files[f]);
              g_string_append_printf (s, "%s%s", f ? ", " : "", base);
            }
        }
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* The review of every patch's recipients, one address a line with its
 * reason; also on stderr (G_MESSAGES_DEBUG=patchcc), mail by mail, so
 * that what was shown can be compared with what was sent. */
static char *
patch_recipients_text (SeriesJob *j)
{
  g_autoptr (GString) text = g_string_new (NULL);

  if (j->cover_rcpts != NULL)
    {
      g_autofree char *lines = pcc_patch_recipients_to_string (j->cover_rcpts);

      g_debug ("series review of the cover letter:\n%s(end of review)", lines);
      g_string_append_printf (
          text, "%s\n",
          _ ("The cover letter \342\200\224 the maintainers of the series, "
             "and everything each patch is sent to, so that a reader of any "
             "patch finds it"));
      g_string_append (text, lines);
      g_string_append_c (text, '\n');
    }
  for (guint i = 0; i < j->patch_rcpts->len; i++)
    {
      g_autofree char *what = patchcc_series_mail_name (j, i + 1);
      g_autofree char *lines
          = pcc_patch_recipients_to_string (j->patch_rcpts->pdata[i]);
      const char *subject
          = pcc_patch_get_subject (pcc_series_get_patch (j->series, i));

      g_debug ("series review of %s:\n%s(end of review)", what, lines);
      g_string_append_printf (text, "%s%s \342\200\224 %s\n", i ? "\n" : "",
                              what, subject ? subject : "");
      g_string_append (text, lines);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GtkWidget *
patch_recipients_view (SeriesJob *j)
{
  g_autofree char *text = patch_recipients_text (j);
  GtkWidget *expander, *scroll;

  expander = gtk_expander_new (
      _ ("Recipients of each mail: what the cover letter and each patch "
         "mail are sent to, and why (the patch file's own To: and Cc:, the "
         "cover letter's, the maintainers, and the Cc: git send-email adds; "
         "clawsrc [patchcc] suppress_cc leaves classes of those out)"));
  gtk_label_set_line_wrap (
      GTK_LABEL (gtk_expander_get_label_widget (GTK_EXPANDER (expander))),
      TRUE);
  j->rcpts_label = GTK_LABEL (gtk_label_new (text));
  gtk_label_set_xalign (j->rcpts_label, 0.0);
  gtk_label_set_yalign (j->rcpts_label, 0.0);
  gtk_label_set_selectable (j->rcpts_label, TRUE);
  scroll = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroll),
                                              140);
  gtk_container_add (GTK_CONTAINER (scroll), GTK_WIDGET (j->rcpts_label));
  gtk_container_add (GTK_CONTAINER (expander), scroll);
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  gtk_widget_set_margin_start (expander, 12);
  gtk_widget_set_margin_end (expander, 12);
  return expander;
}

/* Recompute each patch's recipients and show them again, unless the
 * mails are built already (a partial send keeps them as they were, and
 * the dialog shows those).  When that fails, the review is marked as
 * not current and Send waits: the old lists are never sent in silence. */
static void
refresh_patch_recipients (SeriesJob *j)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (j->mails != NULL || j->dialog == NULL)
    return;
  g_clear_pointer (&j->stale, g_free);
  if (!patchcc_series_compute_recipients (j, &error))
    {
      j->stale = g_strdup_printf (
          _ ("The recipients cannot be computed again, so the list below is "
             "not what would be sent, and Send waits until they can: %s"),
          error->message);
      g_printerr ("patchcc: %s\n", error->message);
      show_state (j);
      return;
    }
  text = patch_recipients_text (j);
  gtk_label_set_text (j->rcpts_label, text);
  show_state (j);
}

/* After a partial send: exactly what "Send the rest" sends, from the
 * mails already built (their recipients do not change any more). */
static void
show_rest (SeriesJob *j)
{
  g_autoptr (GString) s = g_string_new (NULL);

  if (j->dialog == NULL || j->mails == NULL)
    return;
  g_string_append (s, _ ("\"Send the rest\" sends these mails, in the same "
                         "thread, to exactly these addresses (the form can no "
                         "longer be changed: part of the series is out):\n"));
  for (guint i = j->n_sent; i < j->mails->len; i++)
    {
      g_autofree char *what = patchcc_series_mail_name (j, i);
      char **lists[] = { j->tos->pdata[i], j->ccs->pdata[i] };

      g_string_append_printf (s, "\n%s\n", what);
      for (guint f = 0; f < 2; f++)
        for (guint k = 0; lists[f] != NULL && lists[f][k] != NULL; k++)
          g_string_append_printf (s, "%s %s\n",
                                  f == 0 ? "To:" : "Cc:", lists[f][k]);
    }
  g_debug ("series rest:\n%s(end of rest)", s->str);
  gtk_label_set_text (j->rcpts_label, s->str);
  gtk_widget_set_sensitive (GTK_WIDGET (j->panel), FALSE);
}

/* The form changed: moving tool trailers to the cover replaces patches,
 * whose trailers give extra Cc:. */
static void
on_panel_changed (PccCoverPanel *panel, SeriesJob *j)
{
  if (pcc_cover_panel_get_n_tool_trailers (panel) != j->n_tool_trailers)
    refresh_patch_recipients (j);
}

/* A recipient ticked or unticked in the cover's review: the patches
 * follow it (pcc_series_mail_patch_recipients()'s @reviewed). */
static void
on_review_changed (GtkWidget *review, guint change, SeriesJob *j)
{
  (void) review;
  (void) change;
  refresh_patch_recipients (j);
}

/* Where the plugin keeps what it writes: Claws' config folder. */
static char *
provenance_path (const SeriesJob *j)
{
  g_autofree char *key
      = g_compute_checksum_for_string (G_CHECKSUM_SHA1, j->dir, -1);
  g_autofree char *name = g_strdup_printf ("provenance-%.16s.ini", key);
  return g_build_filename (get_rc_dir (), "patchcc", "series", name, NULL);
}

/* Closing the window while a send runs would free what the send uses:
 * refused until it ends. */
static gboolean
on_delete (GtkWidget *dialog, GdkEvent *event, SeriesJob *j)
{
  (void) dialog;
  (void) event;
  if (j->sending)
    g_debug ("series dialog: not closed while sending");
  return j->sending;
}

static void
on_destroy (GtkWidget *dialog, SeriesJob *j)
{
  (void) dialog;
  j->dialog = NULL;
  j->panel = NULL;
  j->rcpts_label = NULL;
  j->bar = NULL;
  j->bar_label = NULL;
  open_jobs = g_list_remove (open_jobs, j);
  series_job_unref (j); /* the dialog's reference */
}

/* Keep what was typed: the history, and the provenance of this folder
 * (in Claws' config folder, not the user's patch folder). */
static void
save_typed (SeriesJob *j, const PccProvenance *prov)
{
  g_autoptr (GError) e2 = NULL;
  g_autofree char *pp = provenance_path (j);
  g_autofree char *pdir = g_path_get_dirname (pp);

  if (j->panel != NULL && !pcc_cover_panel_save_history (j->panel, &e2))
    debug_print ("patchcc: history: %s\n", e2->message);
  g_clear_error (&e2);
  if (!pcc_provenance_is_empty (prov)
      && (g_mkdir_with_parents (pdir, 0700) != 0
          || !pcc_provenance_save_file (prov, pp, &e2)))
    debug_print ("patchcc: %s\n", e2 ? e2->message : pp);
}

/* Send (or send the rest).  The caller holds a reference on @j; the
 * dialog may be gone when Claws' SMTP code or an alert returns. */
static void
send_series (SeriesJob *j)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccProvenance) prov = NULL;
  gboolean ok;

  g_clear_pointer (&j->failure, g_free);
  prov = pcc_cover_panel_get_provenance (j->panel, &error);
  if (!prov)
    {
      j->failure = g_strdup_printf (_ ("The cover letter cannot be sent:\n%s"),
                                    error->message);
      show_state (j);
      patchcc_series_alert_error ("%s", j->failure);
      return;
    }
  if (j->mails == NULL && !patchcc_series_build_mails (j, &error))
    {
      j->failure
          = g_strdup_printf (_ ("Nothing was sent:\n%s"), error->message);
      g_printerr ("patchcc: nothing was sent: %s\n", error->message);
      show_state (j);
      patchcc_series_alert_error ("%s", j->failure);
      return; /* let the user fix it and try again */
    }
  j->sending = TRUE;
  update_send (j);
  gtk_widget_set_sensitive (GTK_WIDGET (j->dialog), FALSE);
  ok = patchcc_series_send_rest (j, &error);
  j->sending = FALSE;
  if (j->dialog != NULL)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (j->dialog), TRUE);
      update_send (j);
    }
  if (!ok)
    {
      g_autofree char *progress = patchcc_series_describe_progress (j);

      log_warning (LOG_PROTOCOL, "patchcc: %s %s\n", error->message, progress);
      g_printerr ("patchcc: %s\n%s\n", error->message, progress);
      if (j->n_sent == 0)
        {
          /* Nothing went out: the next Send builds the mails anew. */
          j->failure
              = g_strdup_printf (_ ("Nothing was sent:\n%s"), error->message);
          patchcc_series_drop_mails (j);
          show_state (j);
          patchcc_series_alert_error ("%s", j->failure);
          return;
        }
      j->failure = g_strdup_printf (
          _ ("%s\n\n%s\n\n\"Send the rest\" sends the others in the same "
             "thread."),
          error->message, progress);
      if (j->dialog != NULL)
        {
          GtkWidget *send = gtk_dialog_get_widget_for_response (
              GTK_DIALOG (j->dialog), RESPONSE_SEND);

          if (send != NULL)
            gtk_button_set_label (GTK_BUTTON (send), _ ("Send the _rest"));
          show_state (j);
          show_rest (j);
        }
      patchcc_series_alert_error ("%s", j->failure);
      return;
    }
  {
    g_autofree char *msg = g_strdup_printf (
        _ ("patchcc: sent the series (%u mails)"), j->mails->len);
    statusbar_print_all ("%s", msg);
    log_message (LOG_PROTOCOL, "%s\n", msg);
  }
  save_typed (j, prov);
  if (j->dialog != NULL)
    gtk_widget_destroy (j->dialog);
}

static void
on_response (GtkDialog *dialog, int response, SeriesJob *j)
{
  /* Claws' SMTP code runs the main loop: a response that arrives while
   * a send runs (the window's close button, a key) is ignored. */
  if (j->sending)
    {
      g_debug ("series dialog: response %d ignored while sending", response);
      return;
    }
  if (response != RESPONSE_SEND)
    {
      gtk_widget_destroy (GTK_WIDGET (dialog)); /* on_destroy frees @j */
      return;
    }
  if (j->refused != NULL || j->stale != NULL)
    {
      show_state (j);
      return;
    }
  series_job_ref (j);
  send_series (j);
  series_job_unref (j);
}

static char *
choose_folder (GtkWindow *parent)
{
  GtkWidget *chooser = gtk_file_chooser_dialog_new (
      _ ("Compose patch series: the folder git format-patch wrote"), parent,
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Cancel"),
      GTK_RESPONSE_CANCEL, _ ("_Open"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  const char *start = g_getenv ("PATCHCC_SERIES_DIR");
  if (!start || !*start)
    start = last_dir;
  if (start)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), start);
  char *dir = NULL;
  if (gtk_dialog_run (GTK_DIALOG (chooser)) == GTK_RESPONSE_ACCEPT)
    {
      dir = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (chooser));
      if (!dir)
        dir = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
    }
  gtk_widget_destroy (chooser);
  return dir;
}

/* The series' recipients cannot be computed: a dialog, and stderr. */
static void
report_no_recipients (const GError *error)
{
  patchcc_series_alert_error (
      _ ("patchcc: cannot compute the recipients:\n%s"), error->message);
  g_printerr ("patchcc: cannot compute the recipients: %s\n", error->message);
}

static void
open_series (GtkWindow *parent, const char *dir)
{
  g_autoptr (GError) error = NULL;
  SeriesJob *j = g_new0 (SeriesJob, 1);
  j->refs = 1;
  j->dir = g_strdup (dir);
  if (parent != NULL)
    {
      j->parent = parent;
      g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &j->parent);
    }
  j->series = pcc_series_new_from_dir (dir, &error);
  if (!j->series)
    {
      patchcc_series_alert_error (_ ("No patch series in %s:\n%s"), dir,
                                  error->message);
      series_job_free (j);
      return;
    }
  /* Two versions in one folder, a gap, a second cover letter: the
   * dialog opens (the user sees what is there) but will not send. */
  j->refused = describe_check (j->series, dir);
  const PccSettings *settings = patchcc_prefs_get ();
  PccFixerConfig cfg;
  pcc_settings_to_config (settings, &cfg);
  j->popts = cfg.plan;
  j->fixer = pcc_fixer_new ();
  j->engine = pcc_fixer_get_engine (
      j->fixer, cfg.tree_path,
      cfg.tree_rev && *cfg.tree_rev ? cfg.tree_rev : NULL, &error);
  if (!j->engine)
    {
      report_no_recipients (error);
      series_job_free (j);
      return;
    }
  const PccTree *tree = pcc_engine_get_tree (j->engine);
  g_autoptr (GError) mm = NULL;
  if (!pcc_series_load_mailmap (j->series, tree, &mm))
    debug_print ("patchcc: .mailmap: %s\n", mm->message);
  PccPatch *cover = pcc_series_get_cover (j->series);
  j->cover_to = pcc_patch_dup_to (cover);
  j->cover_cc = pcc_patch_dup_cc (cover);
  j->plan = pcc_series_plan_new (j->series, j->engine, &j->popts,
                                 (const char *const *) j->cover_to,
                                 (const char *const *) j->cover_cc, &error);
  if (!j->plan)
    {
      if (j->refused != NULL)
        g_prefix_error (&error, "%s\n\n", j->refused);
      report_no_recipients (error);
      series_job_free (j);
      return;
    }

  /* Version 2 and later: the previous version's people join the
   * cover's plan before anything is computed from it. */
  patchcc_series_previous_look (j);

  if (!patchcc_series_compute_recipients (j, &error))
    {
      /* A folder of two series often fails here: say that first. */
      if (j->refused != NULL)
        g_prefix_error (&error, "%s\n\n", j->refused);
      report_no_recipients (error);
      series_job_free (j);
      return;
    }

  g_autofree char *tpl_dir
      = g_build_filename (get_rc_dir (), "patchcc", "templates", NULL);
  g_autofree char *history = g_build_filename (get_rc_dir (), "patchcc",
                                               "provenance-history.ini", NULL);
  GtkWidget *panel = pcc_cover_panel_new (
      j->series, j->plan, pcc_tree_describe (tree), tpl_dir, history);
  j->panel = PCC_COVER_PANEL (panel);
  j->n_tool_trailers = pcc_cover_panel_get_n_tool_trailers (j->panel);
  patchcc_series_previous_fill_changes (j);
  /* What the tree asks about Assisted-by: trailers, for the panel's
   * tool-trailer bar (it moves them only when the user says so). */
  {
    g_autoptr (GError) ae = NULL;
    g_autoptr (PccAttribution) attr = pcc_attribution_read (tree, &ae);
    if (attr == NULL)
      debug_print ("patchcc: %s\n", ae->message);
    pcc_cover_panel_set_attribution (j->panel, attr);
  }
  /* What was saved for this folder, else a provenance.ini the user put
   * in it (read, never written). */
  g_autofree char *pp = provenance_path (j);
  if (!g_file_test (pp, G_FILE_TEST_EXISTS))
    {
      g_free (pp);
      pp = g_build_filename (j->dir, "provenance.ini", NULL);
    }
  if (g_file_test (pp, G_FILE_TEST_EXISTS))
    {
      /* Read without waiting on it (a FIFO there is refused). */
      gsize len = 0;
      g_autofree char *data = NULL;
      g_autoptr (PccProvenance) prov
          = pcc_file_read_regular (pp, PROVENANCE_MAX, &data, &len, &error)
                ? pcc_provenance_load_data (pp, data, len, &error)
                : NULL;
      if (prov)
        pcc_cover_panel_set_provenance (j->panel, prov);
      else
        patchcc_series_alert_error (_ ("%s is not used:\n%s"), pp,
                                    error->message);
      g_clear_error (&error);
    }

  j->dialog = gtk_dialog_new_with_buttons (
      _ ("Compose patch series"), parent, GTK_DIALOG_DESTROY_WITH_PARENT,
      _ ("_Cancel"), GTK_RESPONSE_CANCEL, _ ("_Send series"), RESPONSE_SEND,
      NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (j->dialog), RESPONSE_SEND);
  gtk_window_set_default_size (GTK_WINDOW (j->dialog), 1280, 860);
  /* On the screen as a whole: centred on a small main window, a tall
   * dialog would start above the top of the screen. */
  gtk_window_set_position (GTK_WINDOW (j->dialog), GTK_WIN_POS_CENTER);
  /* A frame, not a GtkInfoBar: the info bar's revealer gives the
   * scrolled window less than its minimum while it opens. */
  j->bar = gtk_frame_new (NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (j->bar),
                               GTK_STYLE_CLASS_ERROR);
  gtk_widget_set_margin_start (j->bar, 12);
  gtk_widget_set_margin_end (j->bar, 12);
  gtk_widget_set_margin_top (j->bar, 6);
  j->bar_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_line_wrap (j->bar_label, TRUE);
  gtk_label_set_selectable (j->bar_label, TRUE);
  gtk_label_set_xalign (j->bar_label, 0.0);
  gtk_label_set_yalign (j->bar_label, 0.0);
  g_object_set (j->bar_label, "margin", 6, NULL);
  {
    /* A long list of problems scrolls rather than pushing the form out
     * of the screen. */
    GtkWidget *scroll = gtk_scrolled_window_new (NULL, NULL);

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll),
                                    GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height (
        GTK_SCROLLED_WINDOW (scroll), TRUE);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroll),
                                                130);
    gtk_widget_set_hexpand (scroll, TRUE);
    gtk_container_add (GTK_CONTAINER (scroll), GTK_WIDGET (j->bar_label));
    gtk_container_add (GTK_CONTAINER (j->bar), scroll);
    gtk_widget_show_all (scroll);
  }
  /* Shown only with something to say (show_problem()). */
  gtk_widget_set_no_show_all (j->bar, TRUE);
  gtk_box_pack_start (
      GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (j->dialog))), j->bar,
      FALSE, FALSE, 0);
  gtk_box_pack_start (
      GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (j->dialog))),
      patchcc_series_previous_view (j, refresh_patch_recipients), FALSE, FALSE,
      0);
  gtk_box_pack_start (
      GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (j->dialog))), panel,
      TRUE, TRUE, 0);
  gtk_box_pack_start (
      GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (j->dialog))),
      patch_recipients_view (j), FALSE, FALSE, 0);
  g_signal_connect (panel, "changed", G_CALLBACK (on_panel_changed), j);
  if (pcc_cover_panel_get_review (PCC_COVER_PANEL (panel)) != NULL)
    g_signal_connect (pcc_cover_panel_get_review (PCC_COVER_PANEL (panel)),
                      "changed", G_CALLBACK (on_review_changed), j);
  g_signal_connect (j->dialog, "response", G_CALLBACK (on_response), j);
  g_signal_connect (j->dialog, "delete-event", G_CALLBACK (on_delete), j);
  g_signal_connect (j->dialog, "destroy", G_CALLBACK (on_destroy), j);
  open_jobs = g_list_prepend (open_jobs, j);
  gtk_widget_show_all (j->dialog);
  show_state (j);
  /* Return sends; the focus starts on the button, not in the form. */
  GtkWidget *send = gtk_dialog_get_widget_for_response (GTK_DIALOG (j->dialog),
                                                        RESPONSE_SEND);
  if (j->refused == NULL)
    gtk_widget_grab_focus (send);
}

static void
series_action_cb (GtkAction *action, gpointer data)
{
  MainWindow *mainwin = mainwindow_get_mainwindow ();
  GtkWindow *parent = mainwin ? GTK_WINDOW (mainwin->window) : NULL;
  g_autofree char *dir = choose_folder (parent);
  if (!dir)
    return;
  g_free (last_dir);
  last_dir = g_strdup (dir);
  open_series (parent, dir);
}

/* --- plugin entry points --------------------------------------------------------- */

void
patchcc_series_init (void)
{
  main_menu_id
      = patchcc_menu_main_add (series_actions, G_N_ELEMENTS (series_actions),
                               "PatchccSeries", ACTION_SERIES);
}

void
patchcc_series_done (void)
{
  /* Close the dialogs still open; a job a send still uses is freed when
   * that send returns (it holds a reference). */
  while (open_jobs != NULL)
    {
      SeriesJob *j = open_jobs->data;

      if (j->dialog != NULL)
        gtk_widget_destroy (j->dialog); /* on_destroy unlinks it */
      else
        open_jobs = g_list_delete_link (open_jobs, open_jobs);
    }
  patchcc_menu_main_remove (ACTION_SERIES, main_menu_id);
  main_menu_id = 0;
  g_clear_pointer (&last_dir, g_free);
}
