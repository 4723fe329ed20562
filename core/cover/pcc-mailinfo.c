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

/* git mailinfo's patchbreak(): the line (@l bytes, no newline) starts
 * the patch. */
static gboolean
is_patch_break (const char *p, gsize l)
{
  if ((l >= 6 && memcmp (p, "diff -", 6) == 0)
      || (l >= 7 && memcmp (p, "Index: ", 7) == 0))
    return TRUE;
  if (l < 3 || memcmp (p, "---", 3) != 0)
    return FALSE;
  if (l == 3)
    return TRUE; /* "---" and its newline */
  if (p[3] == ' ' && l > 4 && !g_ascii_isspace (p[4]))
    return TRUE;
  for (gsize i = 3; i < l; i++)
    if (!g_ascii_isspace (p[i]))
      return FALSE;
  return TRUE;
}

/* Append @l bytes of @p to @out as one line of git stripspace: trailing
 * white space off; a blank line only between two lines of text. */
static void
stripspace_line (GString *out, gboolean *pending_blank, const char *p,
                 gsize l)
{
  while (l > 0 && g_ascii_isspace (p[l - 1]))
    l--;
  if (l == 0)
    {
      *pending_blank = out->len > 0;
      return;
    }
  if (*pending_blank)
    g_string_append_c (out, '\n');
  *pending_blank = FALSE;
  g_string_append_len (out, p, l);
  g_string_append_c (out, '\n');
}

char *
pcc_mailinfo_commit_message (const char *subject, const char *text, gsize len)
{
  const char *end = text + len;
  const char *p = pcc_mime_skip_from_line (text, end);
  GString *out = g_string_new (NULL);
  gboolean blank = FALSE;
  const char *s = subject ? subject : "";
  for (const char *q = s; *q;)
    {
      const char *nl = strchr (q, '\n');
      gsize l = nl ? (gsize) (nl - q) : strlen (q);
      stripspace_line (out, &blank, q, l);
      q += l + (nl != NULL);
    }
  blank = out->len > 0;

  p += pcc_mime_header_block (p, end);
  /* blank lines and in-body "From:", "Subject:", "Date:" lines first */
  gboolean header_stage = TRUE, seen_header = FALSE;
  while (p < end)
    {
      gsize l;
      const char *next = pcc_mime_line (p, end, &l);
      gsize t = l;
      while (t > 0 && p[t - 1] == '\r')
        t--;
      if (header_stage)
        {
          gboolean header
              = (t >= 5 && g_ascii_strncasecmp (p, "From:", 5) == 0)
                || (t >= 8 && g_ascii_strncasecmp (p, "Subject:", 8) == 0)
                || (t >= 5 && g_ascii_strncasecmp (p, "Date:", 5) == 0);
          if (t == 0 || header)
            {
              /* a blank line after the header lines ends them */
              header_stage = !(t == 0 && seen_header);
              seen_header |= header;
              p = next;
              continue;
            }
          header_stage = FALSE;
        }
      if (is_patch_break (p, t))
        break;
      stripspace_line (out, &blank, p, t);
      p = next;
    }
  return g_string_free (out, FALSE);
}
