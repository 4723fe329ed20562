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

/* Nothing is sent: the dialog only ever goes back to editing. */
void
patchcc_hold_damaged (Compose *compose, const PccDamage *damage,
                      const char *body)
{
  g_autofree char *line = nth_line (body, damage->line, 200);
  g_autofree char *prev
      = damage->line > 1 ? nth_line (body, damage->line - 1, 200) : NULL;
  g_autofree char *shown
      = prev ? g_strdup_printf ("%5u | %s\n%5u | %s", damage->line - 1, prev,
                                damage->line, line)
             : g_strdup_printf ("%5u | %s", damage->line, line);
  g_autofree char *what = patchcc_hold_describe (damage, compose->autowrap);
  g_autofree char *title = g_strdup_printf (
      _ ("patchcc: damaged patch held back (line %u)"), damage->line);
  g_autofree char *log = g_strdup_printf (
      _ ("patchcc: damaged patch not sent: %s: \"%s\""), what, line);
  GtkWidget *dialog, *box, *label, *frame, *code;
  g_autofree char *head = NULL, *where = NULL;

  g_warning ("%s", log);
  log_warning (LOG_PROTOCOL, "%s\n", log);
  statusbar_print_all ("%s", log);
  patchcc_notice (compose, GTK_MESSAGE_ERROR, log);

  dialog = gtk_dialog_new_with_buttons (
      title, GTK_WINDOW (compose->window),
      GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
      _ ("_Back to editing"), GTK_RESPONSE_CLOSE, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 640, -1);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_container_set_border_width (GTK_CONTAINER (box), 12);
  gtk_box_pack_start (
      GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), box, TRUE,
      TRUE, 0);

  head = g_markup_printf_escaped (
      "<b><big>%s</big></b>", _ ("This patch is damaged. It was not sent."));
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), head);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);

  where = g_strdup_printf (_ ("What and where: %s."), what);
  label = gtk_label_new (where);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  /* Wrapped at this width, so the dialog is as tall as the text. */
  gtk_widget_set_size_request (label, 600, -1);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);

  frame = gtk_frame_new (NULL);
  code = gtk_label_new (shown);
  gtk_label_set_xalign (GTK_LABEL (code), 0.0);
  gtk_label_set_selectable (GTK_LABEL (code), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (code), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_start (code, 6);
  gtk_widget_set_margin_end (code, 6);
  gtk_widget_set_margin_top (code, 4);
  gtk_widget_set_margin_bottom (code, 4);
  {
    PangoAttrList *attrs = pango_attr_list_new ();
    pango_attr_list_insert (attrs, pango_attr_family_new ("monospace"));
    gtk_label_set_attributes (GTK_LABEL (code), attrs);
    pango_attr_list_unref (attrs);
  }
  gtk_container_add (GTK_CONTAINER (frame), code);
  gtk_box_pack_start (GTK_BOX (box), frame, FALSE, FALSE, 0);

  label = gtk_label_new (
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
         "wrapping\" and \"Wrap pasted text\"."));
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  /* Wrapped at this width, so the dialog is as tall as the text. */
  gtk_widget_set_size_request (label, 600, -1);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);

  gtk_widget_show_all (dialog);
  gtk_dialog_run (GTK_DIALOG (dialog));
  gtk_widget_destroy (dialog);
}
