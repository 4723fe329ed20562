/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-mailinfo.c - git mailinfo's reading of a patch mail (see
 * pcc-mailinfo.h). */
#include "pcc-mailinfo.h"
#include "pcc-mime.h"
#include "pcc-rfc2047.h"

#include <string.h>

/* git's isspace(): space, tab, LF, CR. */
static gboolean
git_isspace (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

char *
pcc_mailinfo_clean_subject (const char *subject)
{
  GString *s = g_string_new (subject);
  gsize at = 0;
  while (at < s->len)
    {
      char c = s->str[at];
      if (c == 'r' || c == 'R')
        {
          if (s->len <= at + 3)
            break;
          if ((s->str[at + 1] == 'e' || s->str[at + 1] == 'E')
              && s->str[at + 2] == ':')
            {
              g_string_erase (s, at, 3);
              continue;
            }
          at++;
          break;
        }
      else if (c == ' ' || c == '\t' || c == ':')
        {
          g_string_erase (s, at, 1);
          continue;
        }
      else if (c == '[')
        {
          const char *close = strchr (s->str + at, ']');
          if (!close)
            break;
          g_string_erase (s, at, close - (s->str + at) + 1);
          continue;
        }
      break;
    }
  /* strbuf_trim(), then format_subject() joins lines with a space. */
  g_autofree char *t = g_strdup (s->str);
  g_string_free (s, TRUE);
  g_strstrip (t);
  GString *out = g_string_new (NULL);
  g_auto (GStrv) lines = g_strsplit (t, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *l = lines[i];
      gsize n = strlen (l);
      while (n && git_isspace (l[n - 1]))
        l[--n] = '\0';
      while (git_isspace (*l))
        l++;
      if (!*l)
        continue;
      if (out->len)
        g_string_append_c (out, ' ');
      g_string_append (out, l);
    }
  return g_string_free (out, FALSE);
}

void
pcc_mailinfo_split_address (const char *from, char **name, char **email)
{
  const char *lt = strrchr (from, '<');
  const char *gt = lt ? strchr (lt, '>') : NULL;
  if (!lt || !gt)
    {
      *name = g_strdup ("");
      *email = g_strstrip (g_strdup (from));
      return;
    }
  *email = g_strstrip (g_strndup (lt + 1, gt - lt - 1));
  g_autofree char *n = g_strstrip (g_strndup (from, lt - from));
  gsize len = strlen (n);
  if (len >= 2 && n[0] == '"' && n[len - 1] == '"')
    {
      GString *u = g_string_new (NULL);
      for (gsize i = 1; i + 1 < len; i++)
        {
          if (n[i] == '\\' && i + 2 < len)
            i++;
          g_string_append_c (u, n[i]);
        }
      *name = g_string_free (u, FALSE);
    }
  else
    *name = g_strdup (n);
}

void
pcc_mailinfo_inbody_headers (const char *text, gsize len, char **from,
                             char **subject)
{
  const char *end = text + len;
  const char *p = pcc_mime_skip_from_line (text, end);
  *from = *subject = NULL;

  /* Skip the mail headers (only when there are headers). */
  gsize hdr_len = pcc_mime_header_block (p, end);
  if (hdr_len == 0)
    return;
  p += hdr_len;
  /* Blank lines, then header lines, up to a blank line. */
  while (p < end && (*p == '\n' || *p == '\r'))
    p++;
  while (p < end)
    {
      gsize l;
      const char *next = pcc_mime_line (p, end, &l);
      if (l >= 5 && g_ascii_strncasecmp (p, "From:", 5) == 0)
        {
          g_autofree char *v = g_strstrip (g_strndup (p + 5, l - 5));
          g_free (*from);
          *from = pcc_rfc2047_decode (v);
        }
      else if (l >= 8 && g_ascii_strncasecmp (p, "Subject:", 8) == 0)
        {
          g_autofree char *v = g_strstrip (g_strndup (p + 8, l - 8));
          g_free (*subject);
          *subject = pcc_rfc2047_decode (v);
        }
      else if (l >= 5 && g_ascii_strncasecmp (p, "Date:", 5) == 0)
        ;
      else
        break;
      p = next;
    }
}
