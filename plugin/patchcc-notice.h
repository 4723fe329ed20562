/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-notice.h - messages of the Claws Mail plugin that never block:
 * a bar at the top of the compose window, and for problems and results
 * also the status bar, Claws' log and stderr. */
#ifndef PATCHCC_NOTICE_H
#define PATCHCC_NOTICE_H

#include <gtk/gtk.h>

struct _Compose;

/* A bar at the top of @compose's window, replaced by the next notice.
 * Does nothing for a window that is going away. */
void patchcc_notice (struct _Compose *compose, GtkMessageType type,
                     const char *text);
/* Remove the bar from @compose's window, if it has one (the bar's close
 * button is connected to the plugin's code: call before unloading). */
void patchcc_notice_remove (struct _Compose *compose);

/* An error: @text on stderr, in Claws' log and in the bar. */
void patchcc_notice_error (struct _Compose *compose, const char *text);
/* A problem that leaves the mail as typed: "patchcc: @what: @why. To and
 * Cc are left as you typed them." on stderr, in the log, the status bar
 * and the bar. */
void patchcc_notice_problem (struct _Compose *compose, const char *what,
                             const char *why);
/* A result: @text in the debug output, the log, the status bar and the
 * bar. */
void patchcc_notice_info (struct _Compose *compose, const char *text);

/* Claws' alert panels read their message as Pango markup: a text holding
 * '<' or '&' would show blank.  @text escaped for them (newly allocated,
 * g_free()). */
char *patchcc_notice_alert_escape (const char *text);
/* Claws' error alert (modal) saying @text as it is: every alert of the
 * plugin goes through here. */
void patchcc_notice_alert_error (const char *text);

/* Run @dialog (modal, transient for @compose's window) and destroy it,
 * exactly once: the dialog may already have gone with its parent (a
 * dialog made with GTK_DIALOG_DESTROY_WITH_PARENT) while it ran.  Its
 * response, or GTK_RESPONSE_NONE when @compose's window was destroyed
 * meanwhile; then *@compose_gone (may be NULL) is TRUE and @compose, freed
 * by Claws with its window, must not be touched again. */
gint patchcc_notice_run_dialog (struct _Compose *compose, GtkWidget *dialog,
                                gboolean *compose_gone);

#endif
