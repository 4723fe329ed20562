/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-prefs.h - the plugin's preferences: clawsrc [patchcc] and the
 * page under Preferences, Plugins.
 *
 * Keys (all optional; a profile can be prepared from a script):
 *   tree_path                kernel work tree or git repository; empty
 *                            for the automatic lookup (pcc-fixer.h)
 *   tree_rev                 revision to read from a git repository
 *   use_base_commit          0/1: read MAINTAINERS at the base-commit:
 *   on_send                  off | ask | rewrite          (default ask)
 *   split                    b4 | cc                      (default b4)
 *   drop_lkml_for_new_files  0/1                          (default 0)
 *   rest_rule                fallback | public | always (default fallback)
 *   suppress_cc              git send-email's --suppress-cc classes for the
 *                            series' extra Cc: (author, self, cc, bodycc,
 *                            sob, misc-by, body, all; default self)
 *   previous_folders         folders searched for a series' previous
 *                            version besides the default account's Sent
 *                            folder: identifiers as Claws writes them
 *                            ("#mh/Mailbox/inbox"), comma-separated
 *                            (default empty)
 */
#ifndef PATCHCC_PREFS_H
#define PATCHCC_PREFS_H

#include <glib.h>
#include "pcc-settings.h"

/* Read clawsrc and register the page; @changed runs after the user saved
 * the page. */
void patchcc_prefs_init (void (*changed) (void));
void patchcc_prefs_done (void);

/* The current settings (strings already validated). */
const PccSettings *patchcc_prefs_get (void);
/* suppress_cc as PccSuppressCc flags (pcc-series-mail.h); an unknown
 * class is reported on stderr and "self" used. */
guint patchcc_prefs_get_suppress_cc (void);

#endif
