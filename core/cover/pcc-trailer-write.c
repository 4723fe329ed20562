/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-trailer-write.c - trailers added to a patch file's commit message
 * (see pcc-trailer-write.h). */
#include <string.h>

#include "pcc-error.h"
#include "pcc-mime.h"
#include "pcc-trailer-write.h"

/* Whether @line (@len bytes) looks like a trailer: "Token: value". */
static gboolean
is_trailer_line (const char *line, gsize len)
{
  gsize i = 0;
  while (i < len && (g_ascii_isalnum (line[i]) || line[i] == '-'))
    i++;
  return i > 0 && i + 1 < len && line[i] == ':' && line[i + 1] == ' ';
}

char *
pcc_series_add_trailers (const char *text, gsize len, const char *const *lines,
                         gsize *out_len, GError **error)
{
  const char *end = text + len;
  const char *start = pcc_mime_skip_from_line (text, end);
  gsize hdr = pcc_mime_header_block (start, end);
  g_autoptr (GPtrArray) headers = pcc_mime_parse_headers (start, hdr);
  const PccMimeHeader *cte
      = pcc_mime_find_header (headers, "Content-Transfer-Encoding");

  if (cte && cte->value
      && (g_ascii_strcasecmp (cte->value, "quoted-printable") == 0
          || g_ascii_strcasecmp (cte->value, "base64") == 0))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "the body is %s-encoded: trailers not written", cte->value);
      return NULL;
    }

  /* The "---" line, and the line before it. */
  const char *p = start + hdr, *dashes = NULL, *prev = NULL;
  gsize prev_len = 0, dash_len = 0;
  while (p < end)
    {
      gsize l;
      const char *next = pcc_mime_line (p, end, &l);
      if (l == 3 && memcmp (p, "---", 3) == 0)
        {
          dashes = p;
          dash_len = (gsize) (next - p) - l;
          break;
        }
      if (l >= 5 && memcmp (p, "diff ", 5) == 0)
        break;
      prev = p;
      prev_len = l;
      p = next;
    }
  if (!dashes)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "no \"---\" line after the commit message");
      return NULL;
    }
  const char *eol = dash_len == 2 ? "\r\n" : "\n";

  /* The trailer block: the lines from the last blank one to "---". */
  const char *block = start + hdr;
  for (const char *q = start + hdr; q < dashes;)
    {
      gsize l;
      const char *next = pcc_mime_line (q, dashes, &l);
      if (l == 0)
        block = next;
      q = next;
    }

  GString *add = g_string_new (NULL);
  gboolean in_block = prev && prev_len > 0 && is_trailer_line (prev, prev_len);
  for (guint i = 0; lines[i]; i++)
    {
      gsize ll = strlen (lines[i]);
      gboolean seen = FALSE;
      for (const char *q = block; in_block && q < dashes && !seen;)
        {
          gsize l;
          const char *next = pcc_mime_line (q, dashes, &l);
          seen = l == ll && g_ascii_strncasecmp (q, lines[i], ll) == 0;
          q = next;
        }
      for (guint k = 0; k < i && !seen; k++)
        seen = g_ascii_strcasecmp (lines[k], lines[i]) == 0;
      if (seen)
        continue;
      g_string_append (add, lines[i]);
      g_string_append (add, eol);
    }

  GString *out = g_string_sized_new (len + add->len + 2);
  g_string_append_len (out, text, dashes - text);
  if (add->len && !in_block && prev && prev_len > 0)
    g_string_append (out, eol);
  g_string_append_len (out, add->str, (gssize) add->len);
  g_string_append_len (out, dashes, end - dashes);
  g_string_free (add, TRUE);
  *out_len = out->len;
  return g_string_free (out, FALSE);
}
