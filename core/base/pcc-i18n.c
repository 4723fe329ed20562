/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-i18n.c - binding patchcc's text domain. */
#include "pcc-i18n.h"

#include "config.h"

#include <glib.h>
#include <libintl.h>

const char *
pcc_i18n_init (const char *localedir)
{
  if (localedir == NULL)
    localedir = g_getenv ("PATCHCC_LOCALEDIR");
  if (localedir == NULL || *localedir == '\0')
    localedir = PCC_LOCALEDIR;
  const char *bound = bindtextdomain (PCC_TEXT_DOMAIN, localedir);
  bind_textdomain_codeset (PCC_TEXT_DOMAIN, "UTF-8");
  return bound;
}
