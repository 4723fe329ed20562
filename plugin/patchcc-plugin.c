/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-plugin.c - the Claws Mail plugin's entry points: To/Cc of
 * kernel patch mails as scripts/get_maintainer.pl gives them, THE REST
 * only as a fallback.
 *
 * This file holds what Claws calls (plugin_init(), plugin_done(), the
 * plugin_*() descriptions), the hooks and the compose window's menu items
 * and toolbar item; the work is elsewhere:
 *
 *  - Tools, "Fix patch recipients" (Ctrl+Shift+R) in every compose
 *    window, and the same action as a compose toolbar item, run the fix
 *    (patchcc-fix.h);
 *  - the check before sending runs it as the on_send setting says;
 *  - Tools, "Insert patch file…" and the watch on every compose window's
 *    body are patchcc-open.h's; the main window's items are
 *    patchcc-open.h's and patchcc-series.h's.
 */
#include "config.h"
#include "claws-features.h"

#include <string.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "version.h"
#include "plugin.h"
#include "hooks.h"
#include "utils.h"
#include "compose.h"
#include "prefs_toolbar.h"

#include "pcc-i18n.h"
#include "pcc-settings.h"

#include "patchcc-fix.h"
#include "patchcc-notice.h"
#include "patchcc-open.h"
#include "patchcc-prefs.h"
#include "patchcc-series.h"

/* Untranslated: Claws keys toolbar items by the plugin's name. */
#define PLUGIN_NAME "patchcc"

#define ACTION_GROUP  "patchcc"
#define ACTION_FIX    "Tools/PatchccFix"
#define ACCEL_FIX     "<control><shift>R"
#define ACTION_INSERT "Tools/PatchccInsert"
#define ACCEL_INSERT  "<control><shift>I"

static gulong hook_created = HOOK_NONE;
static gulong hook_send = HOOK_NONE;

static void fix_action_cb (GtkAction *action, gpointer data);

static const GtkActionEntry compose_actions[] = {
  { ACTION_FIX, NULL, N_ ("Fix _patch recipients"), ACCEL_FIX,
    N_ ("Set To and Cc the way get_maintainer.pl does for this patch"),
    G_CALLBACK (fix_action_cb) },
  { ACTION_INSERT, NULL, N_ ("Insert patch _file…"), ACCEL_INSERT,
    N_ ("Insert a patch file byte for byte, with wrapping off for this "
        "window"),
    G_CALLBACK (patchcc_open_insert_action) },
};

/* --- entry points -------------------------------------------------------- */

static void
fix_action_cb (GtkAction *action, gpointer data)
{
  patchcc_fix ((Compose *) data, PATCHCC_FIX_INTERACTIVE);
}

static void
toolbar_cb (gpointer parent, const gchar *item_name, gpointer data)
{
  patchcc_fix ((Compose *) parent, PATCHCC_FIX_INTERACTIVE);
}

static gboolean
before_send_hook (gpointer source, gpointer data)
{
  Compose *compose = source;
  const PccSettings *settings = patchcc_prefs_get ();
  PatchccFixResult r;

  if (compose == NULL || compose->batch)
    return FALSE;
  /* With on_send=off the recipients are left alone, but a damaged patch
   * is held back all the same (as the description says). */
  r = patchcc_fix (
      compose, settings->on_send == PCC_ON_SEND_OFF       ? PATCHCC_FIX_CHECK
               : settings->on_send == PCC_ON_SEND_REWRITE ? PATCHCC_FIX_REWRITE
                                                          : PATCHCC_FIX_ASK);
  /* Filling the last header row queues a zero-delay callback on the
   * compose window, which Claws may free right after sending: let it run
   * now.  Only then: while this hook runs, Claws counts the window as
   * sending, and a request to quit dispatched from here (claws-mail
   * --exit, the session ending) finds it so, cannot save it as a draft
   * and spins for good.  A held or unchanged mail had no row filled. */
  if (r == PATCHCC_FIX_APPLIED)
    while (gtk_events_pending ())
      gtk_main_iteration_do (FALSE);
  return r == PATCHCC_FIX_STOP_SENDING;
}

static void
add_menu (Compose *compose)
{
  GtkActionGroup *group;
  guint merge_id;

  for (GList *l = gtk_ui_manager_get_action_groups (compose->ui_manager);
       l != NULL; l = l->next)
    if (strcmp (gtk_action_group_get_name (l->data), ACTION_GROUP) == 0)
      return; /* already there */

  group = gtk_action_group_new (ACTION_GROUP);
  gtk_action_group_set_translation_domain (group, GETTEXT_PACKAGE);
  gtk_action_group_add_actions (group, compose_actions,
                                G_N_ELEMENTS (compose_actions), compose);
  gtk_ui_manager_insert_action_group (compose->ui_manager, group, 0);
  g_object_unref (group);
  merge_id = gtk_ui_manager_new_merge_id (compose->ui_manager);
  gtk_ui_manager_add_ui (compose->ui_manager, merge_id, "/Menu/Tools",
                         "PatchccFix", ACTION_FIX, GTK_UI_MANAGER_MENUITEM,
                         FALSE);
  gtk_ui_manager_add_ui (compose->ui_manager, merge_id, "/Menu/Tools",
                         "PatchccInsert", ACTION_INSERT,
                         GTK_UI_MANAGER_MENUITEM, FALSE);
  g_object_set_data (G_OBJECT (group), "patchcc-merge-id",
                     GUINT_TO_POINTER (merge_id));
  /* The UI manager builds the item (and connects its accelerator) in an
   * idle callback: do it now, so Ctrl+Shift+R works from the first
   * moment the window shows. */
  gtk_ui_manager_ensure_update (compose->ui_manager);
}

static void
remove_menu (Compose *compose)
{
  /* Nothing of ours may outlive the plugin's code: the bar's close
   * button is connected to it. */
  patchcc_notice_remove (compose);

  for (GList *l = gtk_ui_manager_get_action_groups (compose->ui_manager);
       l != NULL; l = l->next)
    {
      GtkActionGroup *group = l->data;

      if (strcmp (gtk_action_group_get_name (group), ACTION_GROUP) != 0)
        continue;
      gtk_ui_manager_remove_ui (compose->ui_manager,
                                GPOINTER_TO_UINT (g_object_get_data (
                                    G_OBJECT (group), "patchcc-merge-id")));
      gtk_ui_manager_remove_action_group (compose->ui_manager, group);
      break;
    }
}

static gboolean
compose_created_hook (gpointer source, gpointer data)
{
  add_menu ((Compose *) source);
  patchcc_open_watch ((Compose *) source);
  return FALSE;
}

gint
plugin_init (gchar **error)
{
  /* Our own text domain, before any string is shown (Claws binds only
   * its own). */
  pcc_i18n_init (NULL);
  if (!check_plugin_version (MAKE_NUMERIC_VERSION (4, 1, 0, 0),
                             VERSION_NUMERIC, PLUGIN_NAME, error))
    return -1;

  hook_send = hooks_register_hook (COMPOSE_CHECK_BEFORE_SEND_HOOKLIST,
                                   before_send_hook, NULL);
  if (hook_send == HOOK_NONE)
    {
      *error = g_strdup (_ ("Failed to register the check before sending"));
      return -1;
    }
  hook_created = hooks_register_hook (COMPOSE_CREATED_HOOKLIST,
                                      compose_created_hook, NULL);
  if (hook_created == HOOK_NONE)
    {
      hooks_unregister_hook (COMPOSE_CHECK_BEFORE_SEND_HOOKLIST, hook_send);
      *error = g_strdup (_ ("Failed to register the compose window hook"));
      return -1;
    }

  patchcc_fix_init ();
  patchcc_prefs_init (patchcc_fix_reset);
  patchcc_series_init ();
  patchcc_open_init ();
  prefs_toolbar_register_plugin_item (TOOLBAR_COMPOSE, PLUGIN_NAME,
                                      _ ("Fix patch recipients"), toolbar_cb,
                                      NULL);
  /* Compose windows opened before the plugin was loaded. */
  for (const GList *l = compose_get_compose_list (); l != NULL; l = l->next)
    {
      add_menu (l->data);
      patchcc_open_watch (l->data);
    }
  patchcc_fix_warm_later ();

  debug_print ("patchcc plugin loaded\n");
  return 0;
}

gboolean
plugin_done (void)
{
  hooks_unregister_hook (COMPOSE_CHECK_BEFORE_SEND_HOOKLIST, hook_send);
  hooks_unregister_hook (COMPOSE_CREATED_HOOKLIST, hook_created);
  for (const GList *l = compose_get_compose_list (); l != NULL; l = l->next)
    remove_menu (l->data);
  prefs_toolbar_unregister_plugin_item (TOOLBAR_COMPOSE, PLUGIN_NAME,
                                        _ ("Fix patch recipients"));
  patchcc_series_done ();
  patchcc_open_done ();
  patchcc_prefs_done ();
  patchcc_fix_done ();
  debug_print ("patchcc plugin unloaded\n");
  return TRUE;
}

const gchar *
plugin_name (void)
{
  return PLUGIN_NAME;
}

const gchar *
plugin_desc (void)
{
  return _ ("Sets To and Cc of Linux kernel patch mails the way "
            "scripts/get_maintainer.pl does, with THE REST "
            "(linux-kernel@vger.kernel.org) only as a fallback, and shows "
            "why each address is there.\n\n"
            "In a compose window: Tools, Fix patch recipients "
            "(Ctrl+Shift+R), or the toolbar item of the same name. "
            "On sending, the review is shown when recipients would change "
            "(see Preferences, Plugins, patchcc).\n\n"
            "Main window, Tools: Open patch files… (Ctrl+Shift+P) opens "
            "patches without re-wrapping them; Compose patch series… "
            "(Ctrl+Shift+J) sends a cover letter and its series as one "
            "thread.\n\n"
            "The mail body is never changed. A patch that Claws' automatic "
            "line wrapping has damaged, or with a line too long for mail, "
            "is always held back on sending, whatever the setting. When "
            "the recipients of a patch cannot be computed, sending stops "
            "and asks whether to send it as typed.");
}

const gchar *
plugin_type (void)
{
  return "GTK3";
}

const gchar *
plugin_licence (void)
{
  return "GPL2+";
}

const gchar *
plugin_version (void)
{
  return PCC_VERSION;
}

struct PluginFeature *
plugin_provides (void)
{
  static struct PluginFeature features[] = {
    { PLUGIN_UTILITY, N_ ("Kernel patch recipients") },
    { PLUGIN_NOTHING, NULL },
  };
  return features;
}
