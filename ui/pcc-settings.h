/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-settings.h - the patchcc settings and the widget that edits them.
 *
 * The mail client stores the settings (Claws: clawsrc, [patchcc]); this
 * module only holds them in memory, turns them into a PccFixerConfig,
 * and gives a GTK3 form to edit them: the kernel tree (checked as it is
 * typed), the To/Cc split, LKML for new files, the THE REST rule and
 * what to do on send; and, when the host says its automatic line
 * wrapping is on, what that does to patches, with a button to turn it
 * off (the host's preference: the form only asks, see "wrapping-off").
 */
#ifndef PCC_SETTINGS_H
#define PCC_SETTINGS_H

#include <gtk/gtk.h>
#include "pcc-fixer.h"

G_BEGIN_DECLS

typedef struct
{
  char *tree_path; /* "" = pcc_tree_default_path() */
  char *tree_rev;  /* "" = the work tree / HEAD */
  gboolean use_base_commit;
  PccOnSend on_send;
  PccSplit split;
  gboolean drop_lkml_for_new_files;
  PccRestRule rest_rule;
  /* Mail folders searched for a series' previous version besides the
   * Sent folder: the mail client's identifiers, comma-separated ("" for
   * the Sent folder only). */
  char *previous_folders;
} PccSettings;

/* Defaults: automatic tree, on_send=ask, split=b4, keep LKML for new
 * files (as the script does), THE REST rule PCC_REST_FALLBACK. */
void pcc_settings_init (PccSettings *s);
void pcc_settings_clear (PccSettings *s);
void pcc_settings_copy (PccSettings *dst, const PccSettings *src);
/* A config pointing into @s (valid while @s is unchanged). */
void pcc_settings_to_config (const PccSettings *s, PccFixerConfig *cfg);

#define PCC_TYPE_SETTINGS_WIDGET (pcc_settings_widget_get_type ())
G_DECLARE_FINAL_TYPE (PccSettingsWidget, pcc_settings_widget, PCC,
                      SETTINGS_WIDGET, GtkBox)

GtkWidget *pcc_settings_widget_new (const PccSettings *initial);
/* Fill @out (cleared first) from the form. */
void pcc_settings_widget_get (PccSettingsWidget *w, PccSettings *out);
/* The tree check shown under the path (the tree and how many entries
 * its MAINTAINERS has, or what is wrong). */
const char *pcc_settings_widget_get_tree_status (PccSettingsWidget *w);

/* The host's automatic wrapping (Claws: prefs_common autowrap and
 * linewrap_pastes).  Until this is called the form says nothing about
 * wrapping.  While either is on, it says what wrapping does to a patch
 * and shows "Turn automatic wrapping off"; that button asks the user
 * first (a modal dialog, Cancel by default) and only a confirmed answer
 * emits "wrapping-off".  The form changes no preference itself: the
 * host turns its wrapping off, saves it, and calls this again with the
 * new values. */
void pcc_settings_widget_set_wrapping (PccSettingsWidget *w, gboolean autowrap,
                                       gboolean wrap_pastes);
/* For tests: the button, and the text shown about wrapping (owned by
 * the widget; "" before pcc_settings_widget_set_wrapping()). */
GtkWidget *pcc_settings_widget_get_wrapping_button (PccSettingsWidget *w);
const char *pcc_settings_widget_get_wrapping_text (PccSettingsWidget *w);

/* signal "wrapping-off" (PccSettingsWidget *w): the user confirmed that
 * the host's automatic wrapping (both kinds) is to be turned off. */

G_END_DECLS

#endif
