/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-prefs.c - clawsrc [patchcc] and the preferences page. */
#include "claws-features.h"

#include <glib.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "defs.h"
#include "utils.h"
#include "log.h"
#include "prefs_common.h"
#include "prefs_gtk.h"
#include "prefswindow.h"

#include "pcc-series-mail.h"
#include "patchcc-prefs.h"

#define PREFS_BLOCK_NAME "patchcc"

/* What clawsrc holds, as PrefParam reads and writes it. */
static struct
{
  gchar *tree_path;
  gchar *tree_rev;
  gboolean use_base_commit;
  gchar *on_send;
  gchar *split;
  gboolean drop_lkml_for_new_files;
  gchar *rest_rule;
  gchar *suppress_cc;
  gchar *previous_folders;
} rc;

static PrefParam param[]
    = { { "tree_path", "", &rc.tree_path, P_STRING, NULL, NULL, NULL },
        { "tree_rev", "", &rc.tree_rev, P_STRING, NULL, NULL, NULL },
        { "use_base_commit", "FALSE", &rc.use_base_commit, P_BOOL, NULL, NULL,
          NULL },
        { "on_send", "ask", &rc.on_send, P_STRING, NULL, NULL, NULL },
        { "split", "b4", &rc.split, P_STRING, NULL, NULL, NULL },
        { "drop_lkml_for_new_files", "FALSE", &rc.drop_lkml_for_new_files,
          P_BOOL, NULL, NULL, NULL },
        { "rest_rule", "fallback", &rc.rest_rule, P_STRING, NULL, NULL, NULL },
        { "suppress_cc", "self", &rc.suppress_cc, P_STRING, NULL, NULL, NULL },
        { "previous_folders", "", &rc.previous_folders, P_STRING, NULL, NULL,
          NULL },
        { NULL, NULL, NULL, P_OTHER, NULL, NULL, NULL } };

static PccSettings settings;
static void (*changed_cb) (void);

typedef struct
{
  PrefsPage page;
  GtkWidget *form;
  /* The user turned Claws' wrapping off on this page while this
   * Preferences window is open. */
  gboolean wrapping_turned_off;
} PatchccPage;

static PatchccPage page;

/* --- rc <-> settings -------------------------------------------------- */

static void
settings_from_rc (void)
{
  pcc_settings_clear (&settings);
  pcc_settings_init (&settings);
  g_free (settings.tree_path);
  settings.tree_path = g_strdup (rc.tree_path ? rc.tree_path : "");
  g_free (settings.tree_rev);
  settings.tree_rev = g_strdup (rc.tree_rev ? rc.tree_rev : "");
  g_free (settings.previous_folders);
  settings.previous_folders
      = g_strdup (rc.previous_folders ? rc.previous_folders : "");
  settings.use_base_commit = rc.use_base_commit;
  settings.drop_lkml_for_new_files = rc.drop_lkml_for_new_files;
  if (!pcc_on_send_from_string (rc.on_send, &settings.on_send))
    g_warning ("clawsrc [" PREFS_BLOCK_NAME "]: on_send=%s is not off, ask "
               "or rewrite; using ask",
               rc.on_send);
  if (!pcc_split_from_string (rc.split, &settings.split))
    g_warning ("clawsrc [" PREFS_BLOCK_NAME "]: split=%s is not b4 or cc; "
               "using b4",
               rc.split);
  if (!pcc_rest_rule_from_string (rc.rest_rule, &settings.rest_rule))
    g_warning ("clawsrc [" PREFS_BLOCK_NAME "]: rest_rule=%s is not "
               "fallback, public or always; using fallback",
               rc.rest_rule);
}

static void
rc_from_settings (void)
{
  g_free (rc.tree_path);
  rc.tree_path = g_strdup (settings.tree_path);
  g_free (rc.tree_rev);
  rc.tree_rev = g_strdup (settings.tree_rev);
  g_free (rc.previous_folders);
  rc.previous_folders = g_strdup (settings.previous_folders);
  rc.use_base_commit = settings.use_base_commit;
  rc.drop_lkml_for_new_files = settings.drop_lkml_for_new_files;
  g_free (rc.on_send);
  rc.on_send = g_strdup (pcc_on_send_to_string (settings.on_send));
  g_free (rc.split);
  rc.split = g_strdup (pcc_split_to_string (settings.split));
  g_free (rc.rest_rule);
  rc.rest_rule = g_strdup (pcc_rest_rule_to_string (settings.rest_rule));
}

static void
save_config (void)
{
  PrefFile *pfile;
  g_autofree gchar *rcpath
      = g_strconcat (get_rc_dir (), G_DIR_SEPARATOR_S, COMMON_RC, NULL);

  pfile = prefs_write_open (rcpath);
  if (pfile == NULL || prefs_set_block_label (pfile, PREFS_BLOCK_NAME) < 0)
    {
      g_warning ("cannot write the patchcc settings to %s", rcpath);
      return;
    }
  if (prefs_write_param (param, pfile->fp) < 0
      || fprintf (pfile->fp, "\n") < 0)
    {
      g_warning ("cannot write the patchcc settings to %s", rcpath);
      prefs_file_close_revert (pfile);
      return;
    }
  prefs_file_close (pfile);
}

/* --- the page ---------------------------------------------------------- */

/* Claws' automatic wrapping, turned off because the user asked on this
 * page and confirmed (the form's "wrapping-off"): never otherwise.  Both
 * preferences, written to clawsrc as Claws writes its preferences when
 * they are saved (prefs_common_write_config()), at once: the answer
 * stands even if the Preferences window is then cancelled. */
static void
on_wrapping_off (PccSettingsWidget *form, gpointer data)
{
  PatchccPage *pp = data;
  PrefsCommon *prefs = prefs_common_get_prefs ();

  prefs->autowrap = FALSE;
  prefs->linewrap_pastes = FALSE;
  pp->wrapping_turned_off = TRUE;
  prefs_common_write_config ();
  g_message ("automatic wrapping and wrapping of pasted text turned off, "
             "as asked on patchcc's preferences page");
  log_message (LOG_PROTOCOL, "patchcc: automatic wrapping and wrapping of "
                             "pasted text turned off, as asked on its "
                             "preferences page\n");
  pcc_settings_widget_set_wrapping (form, prefs->autowrap,
                                    prefs->linewrap_pastes);
}

static void
create_widget (PrefsPage *p, GtkWindow *window, gpointer data)
{
  PatchccPage *pp = (PatchccPage *) p;
  PrefsCommon *prefs = prefs_common_get_prefs ();

  pp->form = pcc_settings_widget_new (&settings);
  pp->wrapping_turned_off = FALSE;
  pcc_settings_widget_set_wrapping (PCC_SETTINGS_WIDGET (pp->form),
                                    prefs->autowrap, prefs->linewrap_pastes);
  g_signal_connect (pp->form, "wrapping-off", G_CALLBACK (on_wrapping_off),
                    pp);
  pp->page.widget = pp->form;
}

static void
destroy_widget (PrefsPage *p)
{
  ((PatchccPage *) p)->form = NULL;
  ((PatchccPage *) p)->wrapping_turned_off = FALSE;
}

static void
save_page (PrefsPage *p)
{
  PatchccPage *pp = (PatchccPage *) p;

  if (pp->form == NULL)
    return;
  /* Claws saves its pages in the order they were registered, its own
   * Wrapping page before this one: if that page was opened in this
   * window, it has just written back the check boxes it showed before
   * the user turned wrapping off here.  The user's answer stands. */
  if (pp->wrapping_turned_off)
    {
      prefs_common_get_prefs ()->autowrap = FALSE;
      prefs_common_get_prefs ()->linewrap_pastes = FALSE;
    }
  pcc_settings_widget_get (PCC_SETTINGS_WIDGET (pp->form), &settings);
  rc_from_settings ();
  save_config ();
  if (changed_cb)
    changed_cb ();
}

void
patchcc_prefs_init (void (*changed) (void))
{
  static gchar *path[3];
  g_autofree gchar *rcpath = NULL;

  changed_cb = changed;
  path[0] = _ ("Plugins");
  path[1] = "patchcc";
  path[2] = NULL;

  pcc_settings_init (&settings);
  prefs_set_default (param);
  rcpath = g_strconcat (get_rc_dir (), G_DIR_SEPARATOR_S, COMMON_RC, NULL);
  prefs_read_config (param, PREFS_BLOCK_NAME, rcpath, NULL);
  settings_from_rc ();

  page.page.path = path;
  page.page.create_widget = create_widget;
  page.page.destroy_widget = destroy_widget;
  page.page.save_page = save_page;
  page.page.weight = 40.0;
  prefs_gtk_register_page ((PrefsPage *) &page);
}

void
patchcc_prefs_done (void)
{
  prefs_gtk_unregister_page ((PrefsPage *) &page);
  pcc_settings_clear (&settings);
  g_clear_pointer (&rc.tree_path, g_free);
  g_clear_pointer (&rc.tree_rev, g_free);
  g_clear_pointer (&rc.on_send, g_free);
  g_clear_pointer (&rc.split, g_free);
  g_clear_pointer (&rc.rest_rule, g_free);
  g_clear_pointer (&rc.suppress_cc, g_free);
  g_clear_pointer (&rc.previous_folders, g_free);
}

const PccSettings *
patchcc_prefs_get (void)
{
  return &settings;
}

guint
patchcc_prefs_get_suppress_cc (void)
{
  g_autoptr (GError) error = NULL;
  guint flags = PCC_SUPPRESS_SELF;

  if (!pcc_suppress_cc_parse (rc.suppress_cc, &flags, &error))
    {
      g_warning ("clawsrc [" PREFS_BLOCK_NAME "]: %s; using self",
                 error->message);
      flags = PCC_SUPPRESS_SELF;
    }
  return flags;
}
