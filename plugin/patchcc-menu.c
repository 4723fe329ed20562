/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-menu.c - items of the main window's Tools menu, added and
 * removed the way Claws' own plugins do it (see patchcc-menu.h). */
#include "claws-features.h"

#include <glib.h>
#include <gtk/gtk.h>

#include "mainwindow.h"
#include "menu.h"

#include "patchcc-menu.h"

guint
patchcc_menu_main_add (const GtkActionEntry *entries, guint n,
                       const char *name, const char *action_name)
{
  MainWindow *mainwin = mainwindow_get_mainwindow ();
  guint merge_id;
  GtkAction *a;

  if (mainwin == NULL)
    return 0;
  gtk_action_group_add_actions (mainwin->action_group, entries, n, mainwin);
  MENUITEM_ADDUI_ID_MANAGER (mainwin->ui_manager, "/Menu/Tools", name,
                             action_name, GTK_UI_MANAGER_MENUITEM, merge_id)
  gtk_ui_manager_ensure_update (mainwin->ui_manager);
  a = gtk_action_group_get_action (mainwin->action_group, action_name);
  if (a != NULL)
    {
      gtk_action_set_accel_group (
          a, gtk_ui_manager_get_accel_group (mainwin->ui_manager));
      gtk_action_connect_accelerator (a);
    }
  return merge_id;
}

void
patchcc_menu_main_remove (const char *action_name, guint merge_id)
{
  MainWindow *mainwin = mainwindow_get_mainwindow ();
  GtkAction *a;

  if (mainwin == NULL || merge_id == 0)
    return;
  a = gtk_action_group_get_action (mainwin->action_group, action_name);
  if (a != NULL)
    gtk_action_disconnect_accelerator (a);
  MENUITEM_REMUI_MANAGER (mainwin->ui_manager, mainwin->action_group,
                          action_name, merge_id)
}
