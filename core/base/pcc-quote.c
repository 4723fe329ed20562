/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-quote.c - paths as git writes them (see pcc-quote.h). */
#include "pcc-quote.h"

#include <string.h>

gboolean
pcc_quote_path_needed (const char *s)
{
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    if (*p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f)
      return TRUE;
  return FALSE;
}

char *
pcc_quote_path (const char *path)
{
  if (!pcc_quote_path_needed (path))
    return g_strdup (path);
  GString *out = g_string_new ("\"");
  for (const unsigned char *p = (const unsigned char *) path; *p; p++)
    {
      unsigned char c = *p;
      const char *esc = NULL;
      switch (c)
        {
          case '\a':
            esc = "\\a";
            break;
          case '\b':
            esc = "\\b";
            break;
          case '\t':
            esc = "\\t";
            break;
          case '\n':
            esc = "\\n";
            break;
          case '\v':
            esc = "\\v";
            break;
          case '\f':
            esc = "\\f";
            break;
          case '\r':
            esc = "\\r";
            break;
          case '"':
            esc = "\\\"";
            break;
          case '\\':
            esc = "\\\\";
            break;
          default:
            break;
        }
      if (esc)
        g_string_append (out, esc);
      else if (c < 0x20 || c >= 0x7f)
        g_string_append_printf (out, "\\%03o", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

char *
pcc_quote_rename (const char *a, const char *b)
{
  if (pcc_quote_path_needed (a) || pcc_quote_path_needed (b))
    {
      g_autofree char *qa = pcc_quote_path (a);
      g_autofree char *qb = pcc_quote_path (b);
      return g_strdup_printf ("%s => %s", qa, qb);
    }
  int len_a = (int) strlen (a), len_b = (int) strlen (b);
  int pfx = 0, sfx = 0;
  const char *o = a, *n = b;
  while (*o && *n && *o == *n)
    {
      if (*o == '/')
        pfx = (int) (o - a) + 1;
      o++;
      n++;
    }
  o = a + len_a;
  n = b + len_b;
  int adj = pfx ? 1 : 0;
  while (a + pfx - adj <= o && b + pfx - adj <= n && *o == *n)
    {
      if (*o == '/')
        sfx = len_a - (int) (o - a);
      o--;
      n--;
    }
  int a_mid = len_a - pfx - sfx, b_mid = len_b - pfx - sfx;
  if (a_mid < 0)
    a_mid = 0;
  if (b_mid < 0)
    b_mid = 0;
  GString *s = g_string_new (NULL);
  if (pfx + sfx)
    {
      g_string_append_len (s, a, pfx);
      g_string_append_c (s, '{');
    }
  g_string_append_len (s, a + pfx, a_mid);
  g_string_append (s, " => ");
  g_string_append_len (s, b + pfx, b_mid);
  if (pfx + sfx)
    {
      g_string_append_c (s, '}');
      g_string_append_len (s, a + len_a - sfx, sfx);
    }
  return g_string_free (s, FALSE);
}

char *
pcc_unquote_path (const char *s, const char *limit, const char **end)
{
  GString *out = g_string_new (NULL);
  const char *p = s + 1;
  while (p < limit && *p != '"')
    {
      if (*p == '\\' && p + 1 < limit)
        {
          p++;
          switch (*p)
            {
              case 'a':
                g_string_append_c (out, '\a');
                p++;
                break;
              case 'b':
                g_string_append_c (out, '\b');
                p++;
                break;
              case 't':
                g_string_append_c (out, '\t');
                p++;
                break;
              case 'n':
                g_string_append_c (out, '\n');
                p++;
                break;
              case 'v':
                g_string_append_c (out, '\v');
                p++;
                break;
              case 'f':
                g_string_append_c (out, '\f');
                p++;
                break;
              case 'r':
                g_string_append_c (out, '\r');
                p++;
                break;
              case '0':
              case '1':
              case '2':
              case '3':
                if (p + 2 < limit && p[1] >= '0' && p[1] <= '7' && p[2] >= '0'
                    && p[2] <= '7')
                  {
                    int v = ((p[0] - '0') << 6) | ((p[1] - '0') << 3)
                            | (p[2] - '0');
                    g_string_append_c (out, (char) v);
                    p += 3;
                    break;
                  }
                /* fall through */
              default:
                g_string_append_c (out, *p);
                p++;
            }
        }
      else
        g_string_append_c (out, *p++);
    }
  if (end)
    *end = p < limit ? p + 1 : limit;
  return g_string_free (out, FALSE);
}
