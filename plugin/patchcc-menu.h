/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-menu.h - the plugin's items in the Tools menu of Claws Mail's
 * main window. */
#ifndef PATCHCC_MENU_H
#define PATCHCC_MENU_H

#include <gtk/gtk.h>

/* Add @entries (@n of them, called with the MainWindow) to the main
 * window's actions and @action_name, one of them, to its Tools menu as @name,
 * with its accelerator working at once.  Returns the merge id to give
 * patchcc_menu_main_remove(); 0 when there is no main window. */
guint patchcc_menu_main_add (const GtkActionEntry *entries, guint n,
                             const char *name, const char *action_name);
/* Remove @action_name and the item patchcc_menu_main_add() returned
 * @merge_id for (nothing when @merge_id is 0). */
void patchcc_menu_main_remove (const char *action_name, guint merge_id);

#endif
