/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-subject.c - the subject prefix (see pcc-subject.h). */
#include "pcc-subject.h"

#include <string.h>

void
pcc_subject_clear (PccSubject *s)
{
  g_free (s->prefix);
  g_free (s->title);
  g_free (s->bad_counter);
  memset (s, 0, sizeof *s);
}

/* "n/N", digits only on both sides: 1 when both have 1 to 4 digits, -1
 * when one is longer, 0 when the word is not of that shape. */
static int
counter_shape (const char *w, guint *a, guint *b)
{
  const char *slash = strchr (w, '/');
  gsize la, lb;
  if (slash == NULL)
    return 0;
  la = slash - w;
  lb = strlen (slash + 1);
  if (la == 0 || lb == 0)
    return 0;
  for (const char *c = w; *c; c++)
    if (c != slash && !g_ascii_isdigit (*c))
      return 0;
  if (la > 4 || lb > 4)
    return -1;
  *a = (guint) g_ascii_strtoull (w, NULL, 10);
  *b = (guint) g_ascii_strtoull (slash + 1, NULL, 10);
  return 1;
}

static gboolean
is_patch_word (const char *w)
{
  if (g_ascii_strncasecmp (w, "RFC", 3) == 0)
    for (w += 3; *w == '-' || *w == '_';)
      w++;
  /* "PATCH" as a word ("PATCHv2" was split already): not "PATCHES". */
  return g_ascii_strncasecmp (w, "PATCH", 5) == 0
         && !(g_ascii_isalnum (w[5]) || w[5] == '_');
}

/* The words of one group: b4's "(patch)(v\d+)" -> "\1 \2", split at
 * white space, ',' and ';' stripped from the end of each word.  The
 * words point into *@buf, which the caller frees (g_free()). */
static GPtrArray *
group_words (const char *tag, gsize len, char **buf)
{
  /* One pass, copying: inserting into the string for each match would
   * move its tail every time (quadratic on a long group).  A space never
   * makes or breaks another match, so matching the original text is
   * matching the text being built. */
  GString *t = g_string_sized_new (len + 8);
  for (gsize i = 0; i < len; i++)
    {
      if (i >= 5 && i + 1 < len && (tag[i] == 'v' || tag[i] == 'V')
          && g_ascii_isdigit (tag[i + 1])
          && g_ascii_strncasecmp (tag + i - 5, "PATCH", 5) == 0)
        g_string_append_c (t, ' ');
      g_string_append_c (t, tag[i]);
    }
  /* The words are cut in place (a NUL after each), not copied one by
   * one: a long group is mostly allocation otherwise. */
  GPtrArray *words = g_ptr_array_new ();
  char *p = t->str, *end = t->str + t->len;
  while (p < end)
    {
      char *w = p;
      while (p < end && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
      gsize n = p - w;
      while (n > 0 && (w[n - 1] == ',' || w[n - 1] == ';'))
        n--;
      if (p < end)
        p++; /* the separator, before the NUL may take its place */
      w[n] = '\0';
      if (n > 0)
        g_ptr_array_add (words, w);
    }
  *buf = g_string_free (t, FALSE);
  return words;
}

/* b4: "^(Re|Aw|Fwd):" or "^\w{2,3}:\s*\[" (after white space). */
static gboolean
is_reply (const char *p)
{
  gsize n = 0;
  while (g_ascii_isspace (*p))
    p++;
  if (g_ascii_strncasecmp (p, "re:", 3) == 0
      || g_ascii_strncasecmp (p, "aw:", 3) == 0
      || g_ascii_strncasecmp (p, "fwd:", 4) == 0)
    return TRUE;
  while (g_ascii_isalnum (p[n]) || p[n] == '_')
    n++;
  if (n < 2 || n > 3 || p[n] != ':')
    return FALSE;
  p += n + 1;
  while (g_ascii_isspace (*p))
    p++;
  return *p == '[';
}

void
pcc_subject_parse (const char *subject, PccSubject *out)
{
  const char *p = subject ? subject : "";
  memset (out, 0, sizeof *out);
  out->is_reply = is_reply (p);
  for (;;)
    {
      while (*p == ' ' || *p == '\t')
        p++;
      if (g_ascii_strncasecmp (p, "re:", 3) == 0)
        {
          p += 3;
          continue;
        }
      if (*p != '[')
        break;
      const char *close = strchr (p, ']');
      if (close == NULL)
        break;
      g_autofree char *buf = NULL;
      g_autoptr (GPtrArray) words = group_words (p + 1, close - p - 1, &buf);
      GString *pre = g_string_new (NULL);
      gboolean has_num = FALSE, has_patch = FALSE;
      for (guint i = 0; i < words->len; i++)
        {
          const char *w = words->pdata[i];
          guint a = 0, b = 0;
          int shape = counter_shape (w, &a, &b);
          if (shape == 1)
            {
              out->index = a;
              out->total = b;
              out->numbered = has_num = TRUE;
              continue;
            }
          if (shape < 0)
            {
              /* Not a counter, and not a prefix word either (b4's
               * get_extra_prefixes() drops every "\d+/\d+"). */
              if (out->bad_counter == NULL)
                out->bad_counter = g_strdup (w);
              continue;
            }
          if (is_patch_word (w))
            has_patch = out->is_patch = TRUE;
          if (pre->len)
            g_string_append_c (pre, ' ');
          g_string_append (pre, w);
        }
      if ((has_patch || has_num) && out->prefix == NULL)
        out->prefix = g_string_free (pre, FALSE);
      else
        g_string_free (pre, TRUE);
      p = close + 1;
    }
  out->title = g_strdup (p);
}
