/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-text.c - display widths and wrapping (see pcc-text.h). */
#include "pcc-text.h"

#include <string.h>

guint
pcc_text_width (const char *s, gssize len)
{
  guint w = 0;
  const char *end = s + (len < 0 ? (gssize) strlen (s) : len);
  while (s < end)
    {
      gunichar c = g_utf8_get_char_validated (s, end - s);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          w++; /* not UTF-8: a byte a column */
          s++;
          continue;
        }
      if (!g_unichar_iszerowidth (c))
        w += g_unichar_iswide (c) ? 2 : 1;
      s = g_utf8_next_char (s);
    }
  return w;
}

int
pcc_text_git_wcwidth (gunichar c)
{
  if (c == 0)
    return 0;
  if (c < 32 || (c >= 0x7f && c < 0xa0))
    return -1;
  if (g_unichar_iszerowidth (c))
    return 0;
  return g_unichar_iswide (c) ? 2 : 1;
}

void
pcc_text_wrap_words (GString *out, const char *first, const char *cont,
                     const char *text, int width, gboolean keep_spaces)
{
  const char *p = text;
  gboolean has_word = FALSE;
  gsize sep = 0; /* the spaces typed before the next word */
  guint col;

  g_string_append (out, first);
  col = pcc_text_width (first, -1);
  while (*p == ' ')
    p++;
  while (*p)
    {
      const char *w = p;
      while (*p && *p != ' ')
        p++;
      guint ww = pcc_text_width (w, p - w);
      guint gap = keep_spaces ? (guint) sep : 1;
      if (has_word && col + gap + ww > (guint) width)
        {
          g_string_append_c (out, '\n');
          g_string_append (out, cont);
          col = pcc_text_width (cont, -1);
          has_word = FALSE;
        }
      if (has_word)
        {
          if (keep_spaces)
            g_string_append_len (out, w - sep, sep);
          else
            g_string_append_c (out, ' ');
          col += gap;
        }
      g_string_append_len (out, w, p - w);
      col += ww;
      has_word = TRUE;
      sep = 0;
      while (p[sep] == ' ')
        sep++;
      p += sep;
    }
}

/* git's isspace(): space, tab, LF, CR. */
static gboolean
git_isspace (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void
pcc_text_add_wrapped_git (GString *buf, const char *text, int indent1,
                          int indent2, int width)
{
  gboolean assume_utf8 = TRUE;
  const char *start = text;
  gsize orig_len = buf->len;
  const char *bol, *space;
  int w, indent;

retry:
  bol = text;
  w = indent = indent1;
  space = NULL;
  for (;;)
    {
      char c = *text;
      if (!c || git_isspace (c))
        {
          if (w <= width || !space)
            {
              const char *from = bol;
              if (!c && text == from)
                return;
              if (space)
                from = space;
              else
                for (int k = 0; k < indent; k++)
                  g_string_append_c (buf, ' ');
              g_string_append_len (buf, from, text - from);
              if (!c)
                return;
              space = text;
              if (c == '\t')
                w |= 0x07;
              else if (c == '\n')
                {
                  space++;
                  if (*space == '\n')
                    {
                      g_string_append_c (buf, '\n');
                      goto new_line;
                    }
                  else if (!g_ascii_isalnum (*space))
                    goto new_line;
                  else
                    g_string_append_c (buf, ' ');
                }
              w++;
              text++;
            }
          else
            {
            new_line:
              g_string_append_c (buf, '\n');
              text = bol = space + (git_isspace (*space) ? 1 : 0);
              space = NULL;
              w = indent = indent2;
            }
          continue;
        }
      if (assume_utf8)
        {
          gunichar uc = g_utf8_get_char_validated (text, -1);
          if (uc == (gunichar) -1 || uc == (gunichar) -2)
            {
              assume_utf8 = FALSE;
              text = start;
              g_string_truncate (buf, orig_len);
              goto retry;
            }
          text = g_utf8_next_char (text);
          w += pcc_text_git_wcwidth (uc);
        }
      else
        {
          w++;
          text++;
        }
    }
}

int
pcc_text_decimal_width (guint64 n)
{
  int w = 1;
  while (n >= 10)
    {
      n /= 10;
      w++;
    }
  return w;
}
