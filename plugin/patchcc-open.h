/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-open.h - patches into compose windows without re-wrapping.
 *
 *  - main window, Tools, "Open patch files…": each mail of the chosen
 *    files (patches or mboxes) in its own compose window, wrapping off for
 *    that window, the body inserted byte for byte (git send-email's
 *    in-body "From:" first when the author is not the account's
 *    identity), Subject and the file's own To:/Cc: taken over, and the
 *    recipients computed and listed in the window's bar;
 *  - compose window, Tools, "Insert patch file…": the same into that
 *    window;
 *  - every compose window: wrapping turned off as soon as it holds a
 *    diff, and a damaged diff reported in its bar at once.
 */
#ifndef PATCHCC_OPEN_H
#define PATCHCC_OPEN_H

#include <gtk/gtk.h>

struct _Compose;

/* Add the main window's menu item (plugin_init) / remove it and stop
 * watching every compose window (plugin_done). */
void patchcc_open_init (void);
void patchcc_open_done (void);

/* Watch @compose's body (COMPOSE_CREATED_HOOKLIST) and check it now. */
void patchcc_open_watch (struct _Compose *compose);
void patchcc_open_unwatch (struct _Compose *compose);

/* Open each mail of @paths (NULL-terminated) in a compose window.  A file
 * that cannot be read opens nothing and is reported in a dialog. */
void patchcc_open_files (const char *const *paths);

/* The compose window's "Insert patch file…" (data: the Compose). */
void patchcc_open_insert_action (GtkAction *action, gpointer data);

#endif
