/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-mbox.c - mbox splitting (see pcc-mbox.h). */
#include "pcc-mbox.h"

#include <string.h>

gboolean
pcc_mbox_is_from_line (const char *line, gsize len)
{
  if (len < 20 || memcmp ("From ", line, 5) != 0)
    return FALSE;
  const char *colon = line + len - 2;
  const char *start = line + 5;
  for (;;)
    {
      if (colon < start)
        return FALSE;
      if (*--colon == ':')
        break;
    }
  if (colon - 4 < line || colon + 2 >= line + len)
    return FALSE;
  if (!g_ascii_isdigit (colon[-4]) || !g_ascii_isdigit (colon[-2])
      || !g_ascii_isdigit (colon[-1]) || !g_ascii_isdigit (colon[1])
      || !g_ascii_isdigit (colon[2]))
    return FALSE;
  /* strtol (colon + 3) <= 90, within the line (git reads one line into
   * a buffer of its own, so its strtol() stops at the line's end). */
  const char *q = colon + 3, *end = line + len;
  while (q < end && g_ascii_isspace (*q))
    q++;
  gboolean neg = FALSE;
  if (q < end && (*q == '+' || *q == '-'))
    neg = *q++ == '-';
  glong year = 0;
  while (q < end && g_ascii_isdigit (*q) && year < 100000)
    year = year * 10 + (*q++ - '0');
  return !neg && year > 90;
}

GPtrArray *
pcc_mbox_split (const char *data, gsize len)
{
  GPtrArray *mails
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  const char *p = data, *end = data + len;
  const char *start = NULL;

  /* Input that does not start with a separator is one mail. */
  const char *nl0 = len ? memchr (p, '\n', len) : NULL;
  gsize l0 = nl0 ? (gsize) (nl0 - p + 1) : len;
  if (len == 0 || !pcc_mbox_is_from_line (p, l0))
    {
      g_ptr_array_add (mails, g_bytes_new (data, len));
      return mails;
    }
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;
      if (pcc_mbox_is_from_line (p, next - p))
        {
          if (start)
            g_ptr_array_add (mails, g_bytes_new (start, p - start));
          start = next;
        }
      p = next;
    }
  if (start)
    g_ptr_array_add (mails, g_bytes_new (start, end - start));
  return mails;
}

void
pcc_mbox_append (GString *mbox, const char *mail, gsize len)
{
  const char *p = mail, *end = mail + len;

  g_string_append (mbox, PCC_MBOX_FROM_LINE);
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;
      const char *q = p;

      while (q < next && *q == '>')
        q++;
      if (pcc_mbox_is_from_line (p, next - p)
          || (q > p && next - q >= 5 && memcmp (q, "From ", 5) == 0))
        g_string_append_c (mbox, '>');
      g_string_append_len (mbox, p, next - p);
      p = next;
    }
  if (len > 0 && mail[len - 1] != '\n')
    g_string_append_c (mbox, '\n');
}
