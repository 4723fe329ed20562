/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-notice.c - the plugin's messages that never block: the bar in
 * the compose window, and the status bar, Claws' log and stderr (see
 * patchcc-notice.h). */
#include "claws-features.h"

#include <glib.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "utils.h"
#include "log.h"
#include "compose.h"
#include "statusbar.h"
#include "alertpanel.h"

#include "patchcc-notice.h"

#define DATA_INFOBAR "patchcc-infobar"
#define DATA_LABEL   "patchcc-label"

static void
infobar_response (GtkInfoBar *bar, gint response, gpointer data)
{
  gtk_widget_hide (GTK_WIDGET (bar));
}

/* A bar at the top of the compose window: stays until closed or replaced. */
void
patchcc_notice (Compose *compose, GtkMessageType type, const char *text)
{
  GtkWidget *bar, *label;

  if (compose == NULL || compose->window == NULL || compose->vbox2 == NULL
      || compose->deferred_destroy)
    return;
  bar = g_object_get_data (G_OBJECT (compose->window), DATA_INFOBAR);
  if (bar == NULL)
    {
      bar = gtk_info_bar_new ();
      gtk_info_bar_set_show_close_button (GTK_INFO_BAR (bar), TRUE);
      label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_container_add (
          GTK_CONTAINER (gtk_info_bar_get_content_area (GTK_INFO_BAR (bar))),
          label);
      g_object_set_data (G_OBJECT (bar), DATA_LABEL, label);
      g_signal_connect (bar, "response", G_CALLBACK (infobar_response), NULL);
      gtk_box_pack_start (GTK_BOX (compose->vbox2), bar, FALSE, FALSE, 0);
      gtk_box_reorder_child (GTK_BOX (compose->vbox2), bar, 0);
      g_object_set_data (G_OBJECT (compose->window), DATA_INFOBAR, bar);
    }
  label = g_object_get_data (G_OBJECT (bar), DATA_LABEL);
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_info_bar_set_message_type (GTK_INFO_BAR (bar), type);
  gtk_widget_show_all (bar);
}

void
patchcc_notice_remove (Compose *compose)
{
  GtkWidget *bar
      = g_object_get_data (G_OBJECT (compose->window), DATA_INFOBAR);

  if (bar != NULL)
    {
      g_object_set_data (G_OBJECT (compose->window), DATA_INFOBAR, NULL);
      gtk_widget_destroy (bar);
    }
}

void
patchcc_notice_error (Compose *compose, const char *text)
{
  g_warning ("%s", text);
  log_warning (LOG_PROTOCOL, "%s\n", text);
  patchcc_notice (compose, GTK_MESSAGE_ERROR, text);
}

/* The mail is left as typed, and the user is told where it will still be
 * seen after the compose window has closed. */
void
patchcc_notice_problem (Compose *compose, const char *what, const char *why)
{
  g_autofree char *text = g_strdup_printf (
      _ ("patchcc: %s: %s. To and Cc are left as you typed them."), what, why);

  g_warning ("%s", text);
  log_warning (LOG_PROTOCOL, "%s\n", text);
  statusbar_print_all ("%s", text);
  patchcc_notice (compose, GTK_MESSAGE_WARNING, text);
}

void
patchcc_notice_info (Compose *compose, const char *text)
{
  debug_print ("patchcc: %s\n", text);
  log_message (LOG_PROTOCOL, "patchcc: %s\n", text);
  statusbar_print_all ("patchcc: %s", text);
  patchcc_notice (compose, GTK_MESSAGE_INFO, text);
}

char *
patchcc_notice_alert_escape (const char *text)
{
  return g_markup_escape_text (text ? text : "", -1);
}

void
patchcc_notice_alert_error (const char *text)
{
  g_autofree char *safe = patchcc_notice_alert_escape (text);

  alertpanel_error ("%s", safe);
}

static void
window_destroyed (GtkWidget *window, gpointer data)
{
  *(gboolean *) data = TRUE;
}

gint
patchcc_notice_run_dialog (Compose *compose, GtkWidget *dialog,
                           gboolean *compose_gone)
{
  GtkWidget *window = compose->window;
  gboolean gone = FALSE;
  gint response;

  /* Both pointers are cleared when their object is finalized; the
   * destroy signal says the compose window (and so @compose) is going,
   * which happens before. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_signal_connect (window, "destroy", G_CALLBACK (window_destroyed), &gone);
  response = gtk_dialog_run (GTK_DIALOG (dialog));
  if (window != NULL)
    {
      /* Its handlers are gone once it was disposed: by function, not
       * id. */
      g_signal_handlers_disconnect_by_func (window, window_destroyed, &gone);
      g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &window);
    }
  if (dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
      gtk_widget_destroy (dialog);
    }
  if (gone)
    response = GTK_RESPONSE_NONE;
  if (compose_gone != NULL)
    *compose_gone = gone;
  return response;
}
