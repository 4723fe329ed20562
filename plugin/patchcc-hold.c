/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-hold.c - the damage hold: a patch whose diff no longer
 * applies (re-wrapped by Claws' automatic wrapping, most often) is held
 * back on sending, with the line shown and the way out explained (see
 * patchcc-hold.h). */
#include "claws-features.h"

#include <string.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "utils.h"
#include "log.h"
#include "compose.h"
#include "statusbar.h"

#include "patchcc-hold.h"
#include "patchcc-notice.h"

/* Line @n (1-based) of @text, without its newline, at most @max bytes
 * (cut on a character boundary). */
static char *
nth_line (const char *text, guint n, gsize max)
{
  const char *p = text, *end;
  gsize len;

  for (guint i = 1; i < n && p != NULL; i++)
    {
      p = strchr (p, '\n');
      if (p != NULL)
        p++;
    }
  if (p == NULL)
    return g_strdup ("");
  end = strchr (p, '\n');
  len = end ? (gsize) (end - p) : strlen (p);
  if (len > max)
    {
      const char *cut = g_utf8_find_prev_char (p, p + max);
      len = cut ? (gsize) (cut - p) : 0;
    }
  return g_utf8_make_valid (p, len);
}

char *
patchcc_hold_describe (const PccDamage *damage, gboolean autowrap)
{
  const char *cause = damage->cause;

  if (cause == NULL && (damage->rewrapped || autowrap))
    cause = _ ("automatic line wrapping re-wrapped long lines of the patch");
  return g_strdup_printf (_ ("line %u of the mail body: %s%s%s"), damage->line,
                          damage->problem, cause ? _ ("; likely cause: ") : "",
                          cause ? cause : "");
}

/* A label of the hold dialogs, wrapped at the dialog's width (so the
 * dialog is as tall as the text), selectable. */
static GtkWidget *
text_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  gtk_widget_set_size_request (label, 600, -1);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  return label;
}

/* The dialog every hold shows, modal over @compose's window: @head in
 * bold, @what (the problem, where it is), @shown (lines of the body, or
 * NULL) in a frame, @why.  "Back to editing" is the default; @offer_send adds
 * "Send as typed" (GTK_RESPONSE_ACCEPT) before it. */
static GtkWidget *
hold_dialog_new (Compose *compose, const char *title, const char *head,
                 const char *what, const char *shown, const char *why,
                 gboolean offer_send)
{
  GtkWidget *dialog, *box, *label, *back;
  g_autofree char *markup = NULL;

  dialog = gtk_dialog_new_with_buttons (
      title, GTK_WINDOW (compose->window),
      GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, NULL, NULL);
  gtk_window_set_role (GTK_WINDOW (dialog), "patchcc-hold");
  if (offer_send)
    {
      GtkWidget *send = gtk_dialog_add_button (
          GTK_DIALOG (dialog), _ ("Send _as typed"), GTK_RESPONSE_ACCEPT);
      gtk_widget_set_margin_bottom (send, 10);
    }
  back = gtk_dialog_add_button (GTK_DIALOG (dialog), _ ("_Back to editing"),
                                GTK_RESPONSE_CLOSE);
  if (offer_send)
    {
      /* Two choices: show which one Return takes.  Without a header bar
       * the buttons would touch the window's edge. */
      gtk_style_context_add_class (gtk_widget_get_style_context (back),
                                   "suggested-action");
      gtk_widget_set_margin_bottom (back, 10);
      gtk_widget_set_margin_end (back, 10);
    }
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  gtk_widget_set_can_default (back, TRUE);
  gtk_widget_grab_default (back);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 640, -1);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_container_set_border_width (GTK_CONTAINER (box), 12);
  gtk_box_pack_start (
      GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), box, TRUE,
      TRUE, 0);

  markup = g_markup_printf_escaped ("<b><big>%s</big></b>", head);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);

  gtk_box_pack_start (GTK_BOX (box), text_label (what), FALSE, FALSE, 0);

  if (shown != NULL)
    {
      GtkWidget *frame = gtk_frame_new (NULL);
      GtkWidget *code = gtk_label_new (shown);
      PangoAttrList *attrs = pango_attr_list_new ();

      gtk_label_set_xalign (GTK_LABEL (code), 0.0);
      gtk_label_set_selectable (GTK_LABEL (code), TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (code), PANGO_ELLIPSIZE_END);
      gtk_widget_set_margin_start (code, 6);
      gtk_widget_set_margin_end (code, 6);
      gtk_widget_set_margin_top (code, 4);
      gtk_widget_set_margin_bottom (code, 4);
      pango_attr_list_insert (attrs, pango_attr_family_new ("monospace"));
      gtk_label_set_attributes (GTK_LABEL (code), attrs);
      pango_attr_list_unref (attrs);
      gtk_container_add (GTK_CONTAINER (frame), code);
      gtk_box_pack_start (GTK_BOX (box), frame, FALSE, FALSE, 0);
    }

  label = text_label (why);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);

  gtk_widget_show_all (dialog);
  /* Return and Escape alike go back to editing. */
  gtk_widget_grab_focus (back);
  return dialog;
}

/* Lines @n - 1 and @n of @body as the hold dialogs show them. */
static char *
show_lines (const char *body, guint n)
{
  g_autofree char *line = nth_line (body, n, 200);
  g_autofree char *prev = n > 1 ? nth_line (body, n - 1, 200) : NULL;

  return prev ? g_strdup_printf ("%5u | %s\n%5u | %s", n - 1, prev, n, line)
              : g_strdup_printf ("%5u | %s", n, line);
}

/* A held mail is told everywhere it is still seen after the window
 * closes. */
static void
report_held (Compose *compose, const char *text)
{
  g_warning ("%s", text);
  log_warning (LOG_PROTOCOL, "%s\n", text);
  statusbar_print_all ("%s", text);
  patchcc_notice (compose, GTK_MESSAGE_ERROR, text);
}

/* Nothing is sent: the dialog only ever goes back to editing. */
void
patchcc_hold_damaged (Compose *compose, const PccDamage *damage,
                      const char *body)
{
  g_autofree char *line = nth_line (body, damage->line, 200);
  g_autofree char *shown = show_lines (body, damage->line);
  g_autofree char *what = patchcc_hold_describe (damage, compose->autowrap);
  g_autofree char *title = g_strdup_printf (
      _ ("patchcc: damaged patch held back (line %u)"), damage->line);
  g_autofree char *log = g_strdup_printf (
      _ ("patchcc: damaged patch not sent: %s: \"%s\""), what, line);
  g_autofree char *where = g_strdup_printf (_ ("What and where: %s."), what);
  GtkWidget *dialog;

  report_held (compose, log);
  dialog = hold_dialog_new (
      compose, title, _ ("This patch is damaged. It was not sent."), where,
      shown,
      _ ("Why: Claws Mail's automatic line wrapping (on by default) breaks "
         "long lines as the text enters the compose window. A re-wrapped "
         "patch does not apply, and its recipients cannot be computed from "
         "it, so patchcc holds it back.\n\n"
         "How to recover: close this compose window without sending, then "
         "open the patch file again with Tools, \"Open patch files…\" in the "
         "main window (or Tools, \"Insert patch file…\" in a compose "
         "window): patchcc turns wrapping off for that window and inserts "
         "the patch byte for byte. To stop Claws wrapping for good, turn "
         "off Configuration, Preferences, Compose, Wrapping, \"Auto "
         "wrapping\" and \"Wrap pasted text\"."),
      FALSE);
  patchcc_notice_run_dialog (compose, dialog, NULL);
}

void
patchcc_hold_long_line (Compose *compose, guint line_no, const char *problem,
                        const char *body)
{
  g_autofree char *shown = show_lines (body, line_no);
  g_autofree char *title = g_strdup_printf (
      _ ("patchcc: patch held back (line %u too long)"), line_no);
  g_autofree char *log
      = g_strdup_printf (_ ("patchcc: patch not sent: mail body %s"), problem);
  g_autofree char *where
      = g_strdup_printf (_ ("What and where: mail body %s."), problem);
  GtkWidget *dialog;

  report_held (compose, log);
  dialog = hold_dialog_new (
      compose, title,
      _ ("A line of this patch is too long for mail. It was not sent."), where,
      shown,
      _ ("Why: a mail line may hold at most 998 bytes (RFC 5322). Mail "
         "servers and list archives cut or re-wrap a longer line, and the "
         "patch no longer applies as it is archived.\n\n"
         "How to recover: change the patch so that no line is that long "
         "(a generated table, a minified file), or send the file by other "
         "means."),
      FALSE);
  patchcc_notice_run_dialog (compose, dialog, NULL);
}

gboolean
patchcc_hold_ask_send (Compose *compose, const char *what, const char *why,
                       gboolean *compose_gone)
{
  g_autofree char *reason = g_strdup_printf ("%s: %s", what, why);
  g_autofree char *shown_reason
      = g_strdup_printf (_ ("Why: patchcc %s."), reason);
  g_autofree char *log = g_strdup_printf (
      _ ("patchcc: %s. Sending stopped: send it as typed or go back to "
         "editing."),
      reason);
  GtkWidget *dialog;
  gint response;

  report_held (compose, log);
  dialog = hold_dialog_new (
      compose, _ ("patchcc: sending stopped"),
      _ ("The recipients of this patch could not be computed. It was not "
         "sent."),
      shown_reason, NULL,
      _ ("\"Send as typed\" sends the mail to the To and Cc you typed, and "
         "to no maintainer or list patchcc would have added. \"Back to "
         "editing\" keeps the mail in this window, unsent, so that you can "
         "fix the cause (Preferences, Plugins, patchcc for the kernel tree) "
         "and send again; Escape and closing this dialog do the same."),
      TRUE);
  response = patchcc_notice_run_dialog (compose, dialog, compose_gone);
  return response == GTK_RESPONSE_ACCEPT;
}
