/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-message-id.c - Message-Ids (see pcc-message-id.h). */
#include "pcc-message-id.h"

#include <string.h>

char *
pcc_message_id_stem_new (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *t = g_date_time_format (now, "%Y%m%d%H%M%S");
  return g_strdup_printf ("%s-%08x", t, g_random_int ());
}

static gboolean
domain_ok (const char *d)
{
  if (d == NULL || *d == '\0')
    return FALSE;
  for (; *d; d++)
    if (!g_ascii_isalnum (*d) && *d != '.' && *d != '-' && *d != '_')
      return FALSE;
  return TRUE;
}

char *
pcc_message_id_domain (const char *email)
{
  const char *at = email ? strrchr (email, '@') : NULL;
  return g_strdup (at && domain_ok (at + 1) ? at + 1 : "localhost");
}

char *
pcc_message_id_format (const char *stem, guint n, const char *domain)
{
  return g_strdup_printf ("<%s-%u-patchcc@%s>", stem, n,
                          domain_ok (domain) ? domain : "localhost");
}

gboolean
pcc_message_id_is_plain (const char *id)
{
  gsize n = 0;
  for (const char *p = id; *p; p++, n++)
    if ((unsigned char) *p <= ' ' || *p >= 0x7f || *p == '<' || *p == '>'
        || n >= 900)
      return FALSE;
  return n > 0;
}
