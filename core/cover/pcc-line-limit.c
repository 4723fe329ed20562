/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-line-limit.c - mail lines within 998 bytes (see pcc-line-limit.h). */
#include "pcc-line-limit.h"
#include "pcc-error.h"

#include <string.h>

/* The length of the line at @p (up to @end), without its LF or CRLF; *next
 * is where the next line starts. */
static gsize
line_len (const char *p, const char *end, const char **next)
{
  const char *nl = memchr (p, '\n', end - p);
  gsize n = (nl ? nl : end) - p;
  *next = nl ? nl + 1 : end;
  if (nl && n > 0 && p[n - 1] == '\r')
    n--;
  return n;
}

/* The first line of the @len bytes at @bytes longer than
 * PCC_MAIL_LINE_MAX: FALSE, its number and length in *@no and *@n. */
static gboolean
lines_fit (const char *bytes, gsize len, guint *no, gsize *n)
{
  const char *p = bytes, *end = bytes + len, *next;

  for (*no = 1; p < end; p = next, (*no)++)
    if ((*n = line_len (p, end, &next)) > PCC_MAIL_LINE_MAX)
      return FALSE;
  return TRUE;
}

gboolean
pcc_mail_check_lines (const char *bytes, gsize len, guint *line_no,
                      GError **error)
{
  guint no;
  gsize n;

  if (lines_fit (bytes, len, &no, &n))
    return TRUE;
  if (line_no)
    *line_no = no;
  g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
               "line %u is %" G_GSIZE_FORMAT " bytes long; a mail line holds "
               "at most %d (RFC 5322)",
               no, n, PCC_MAIL_LINE_MAX);
  return FALSE;
}

static gboolean
is_wsp (char c)
{
  return c == ' ' || c == '\t';
}

/* Append the header line @l (@n bytes, no line end; a line of header
 * @name, @name_len bytes) to @out folded, each piece ending with "\n".  A break goes before a run of white space (so
 * the piece before it ends with text) that text follows (so the piece
 * after it is not blank); of those within reach, the last.  Linear: a
 * place is looked for at most twice. */
static gboolean
fold_line (GString *out, const char *l, gsize n, const char *name,
           gsize name_len, const char *what, GError **error)
{
  gsize last_text = n; /* the last byte that is not white space */
  gsize s = 0;

  for (gsize i = n; i > 0; i--)
    if (!is_wsp (l[i - 1]))
      {
        last_text = i - 1;
        break;
      }
  while (n - s > PCC_MAIL_LINE_MAX)
    {
      gsize p = 0;
      for (gsize i = MIN (s + PCC_MAIL_LINE_MAX, n - 1); i > s; i--)
        if (is_wsp (l[i]) && !is_wsp (l[i - 1]) && i < last_text)
          {
            p = i;
            break;
          }
      if (p == 0)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s: its %.*s: header has more than %d bytes without "
                       "white space to fold it at (RFC 5322); nothing was "
                       "sent",
                       what, (int) MIN (name_len, 80), name,
                       PCC_MAIL_LINE_MAX);
          return FALSE;
        }
      g_string_append_len (out, l + s, p - s);
      g_string_append_c (out, '\n');
      s = p;
    }
  g_string_append_len (out, l + s, n - s);
  g_string_append_c (out, '\n');
  return TRUE;
}

gboolean
pcc_mail_fold_headers (GString *mail, const char *what, GError **error)
{
  const char *start = mail->str, *end = mail->str + mail->len;
  const char *p = start, *next;
  gboolean long_line = FALSE;
  gsize n;

  /* The header block ends at the first empty line. */
  for (; p < end; p = next)
    {
      n = line_len (p, end, &next);
      if (n == 0)
        break;
      if (n > PCC_MAIL_LINE_MAX)
        long_line = TRUE;
    }
  if (!long_line)
    return TRUE;

  const char *hend = p, *name = "", *colon;
  gsize name_len = 0;
  g_autoptr (GString) out = g_string_sized_new (mail->len + mail->len / 64);
  for (p = start; p < hend; p = next)
    {
      n = line_len (p, end, &next);
      if (!is_wsp (*p) && (colon = memchr (p, ':', n)) != NULL)
        {
          name = p;
          name_len = colon - p;
        }
      if (n <= PCC_MAIL_LINE_MAX)
        g_string_append_len (out, p, next - p);
      else if (!fold_line (out, p, n, name, name_len, what, error))
        return FALSE;
    }
  g_string_append_len (out, hend, end - hend);
  g_string_truncate (mail, 0);
  g_string_append_len (mail, out->str, out->len);
  return TRUE;
}

gboolean
pcc_mail_limit_lines (GString *mail, const char *what, const char *source,
                      gsize source_len, const char *body, gsize body_len,
                      GError **error)
{
  guint no;
  gsize n;

  if (!pcc_mail_fold_headers (mail, what, error))
    return FALSE;
  if (body && !lines_fit (body, body_len, &no, &n))
    {
      if (source && body >= source && body <= source + source_len)
        {
          /* The number of the line in the file. */
          for (const char *q = source;
               (q = memchr (q, '\n', body - q)) != NULL; q++)
            no++;
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s:%u: a line of %" G_GSIZE_FORMAT " bytes; a mail "
                       "line holds at most %d (RFC 5322) and patchcc sends "
                       "a patch as the plain text git am applies, so "
                       "nothing was sent",
                       what, no, n, PCC_MAIL_LINE_MAX);
        }
      else
        g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                     "%s: line %u of its text is %" G_GSIZE_FORMAT " bytes "
                     "long; a mail line holds at most %d (RFC 5322) and "
                     "patchcc sends plain text, so nothing was sent",
                     what, no, n, PCC_MAIL_LINE_MAX);
      return FALSE;
    }
  if (!lines_fit (mail->str, mail->len, &no, &n))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "%s: line %u of the mail to send is %" G_GSIZE_FORMAT
                   " bytes long; a mail line holds at most %d (RFC 5322), "
                   "so nothing was sent",
                   what, no, n, PCC_MAIL_LINE_MAX);
      return FALSE;
    }
  return TRUE;
}
