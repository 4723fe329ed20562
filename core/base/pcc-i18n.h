/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-i18n.h - patchcc's translations: one text domain, bound once.
 *
 * The strings of ui/ and plugin/ are marked with _() (glib/gi18n-lib.h,
 * GETTEXT_PACKAGE "patchcc"); po/ holds the translations and the build
 * writes po/patchcc.pot.  A program binds the domain once at start: the
 * CLI in main(), the Claws Mail plugin in plugin_init(), as external
 * Claws plugins do (Claws itself binds only its own domain). */
#pragma once

#define PCC_TEXT_DOMAIN "patchcc"

/* pcc_i18n_init: binds PCC_TEXT_DOMAIN to @localedir, or when NULL to
 * $PATCHCC_LOCALEDIR if set, else the installed locale folder, with UTF-8
 * output.  Does not call setlocale(): the program does (Claws before it
 * loads plugins, the CLI for LC_MESSAGES only, so that parsing never
 * depends on the user's locale).  Returns the folder bound; the string is
 * gettext's (static, not to be freed).  Never fails: without the folder
 * the strings stay in English. */
const char *pcc_i18n_init (const char *localedir);
