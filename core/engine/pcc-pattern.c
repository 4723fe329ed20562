/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-pattern.c - what a MAINTAINERS pattern's text tells before it is
 * run (pcc-pattern.h). */
#define _GNU_SOURCE 1 /* strchrnul */
#include "pcc-pattern.h"

#include <string.h>

/* --- wildcards -------------------------------------------------------- */

/* The longest run of literal bytes after the first wildcard of a simple
 * pattern, if it is long enough to be worth a search first.  The bytes
 * before the first wildcard are left out: a match starts with them, so
 * they tell nothing of a path the F: index found by them. */
char *
pcc_pattern_wildcard_needle (const char *orig, gsize *from)
{
  const char *best = NULL;
  gsize best_len = 0;
  gsize lead = strcspn (orig, "*?");
  *from = lead;
  for (const char *p = orig + lead; *p;)
    {
      p++; /* the wildcard */
      gsize n = strcspn (p, "*?");
      if (n > best_len)
        {
          best = p;
          best_len = n;
        }
      p += n;
    }
  return best_len >= 4 ? g_strndup (best, best_len) : NULL;
}

/* ^pattern as a prefix match, for patterns made of literal bytes, '*'
 * (".*") and '?' ("."), given as written. */
gboolean
pcc_pattern_wildcard_prefix (const char *p, const char *s)
{
  const char *star_p = NULL, *star_s = NULL;
  /* the first newline of @s (or its end), found once: neither s nor star_s
   * ever moves past it */
  const char *s0 = s, *nl = NULL;
  for (;;)
    {
      if (*p == '\0')
        return TRUE;
      if (*p == '*')
        {
          star_p = ++p;
          star_s = s;
          continue;
        }
      if (*s != '\0' && *s != '\n' && (*p == '?' || *p == *s))
        {
          p++;
          s++;
          continue;
        }
      if (star_p != NULL && *star_s != '\0' && *star_s != '\n')
        {
          star_s++;
          /* the star gives up bytes up to the next place the byte after it
       * can match (".*" never takes a newline) */
          if (*star_p != '?' && *star_p != '*')
            {
              const char *next = strchr (star_s, *star_p);
              if (nl == NULL)
                nl = strchrnul (s0, '\n');
              if (next == NULL || next > nl)
                return FALSE;
              star_s = next;
            }
          p = star_p;
          s = star_s;
          continue;
        }
      return FALSE;
    }
}

/* --- /x regular expressions ------------------------------------------ */

/* Whether @re holds an escape of more than two bytes (\cX, \x.., \o{..},
 * \N{..}, \p{..}, \g.., \k<..>, octal or back-references \1..., and
 * \Q...\E quoting): the scanners below step over an escape as two bytes,
 * so a "\c(" would open a group for them where PCRE2 reads the control
 * character 'h' (found by fuzz-matcher). */
static gboolean
has_long_escape (const char *re)
{
  for (const char *p = re; *p; p++)
    if (*p == '\\')
      {
        if (p[1] == '\0')
          break;
        if (g_ascii_isdigit (p[1]) || strchr ("cxoNpPgkQ", p[1]) != NULL)
          return TRUE;
        p++;
      }
  return FALSE;
}

/* The ']' closing the character class opened at @p ('['), or NULL: also
 * for a class holding a POSIX class ("[[:digit:]a]"), which these
 * scanners do not read (fuzz-matcher found one ended at its ":]"). */
static const char *
class_end (const char *p)
{
  const char *q = p + 1;
  if (*q == '^')
    q++;
  if (*q == ']')
    q++;
  while (*q && *q != ']')
    {
      if (*q == '[' && q[1] != '\0' && strchr (":.=", q[1]) != NULL)
        return NULL;
      if (*q == '\\' && q[1])
        q++;
      q++;
    }
  return *q ? q : NULL;
}

/* Whether "^[+-].*" + @kw can be searched as @kw from offset 1 of a line
 * starting with '+' or '-': true unless @kw has a '|' outside groups
 * ("^[+-].*a|b" is "(^[+-].*a)|(b)") or starts with something that would
 * quantify the ".*" of the prefix. */
gboolean
pcc_pattern_keyword_splits (const char *kw)
{
  if (strchr ("*+?{", kw[0]) != NULL || has_long_escape (kw))
    return FALSE;
  int depth = 0;
  for (const char *p = kw; *p; p++)
    {
      if (*p == '\\')
        {
          if (p[1] == '\0')
            break;
          p++;
        }
      else if (*p == '[')
        {
          p = class_end (p);
          if (p == NULL)
            return FALSE;
        }
      else if (p[0] == '(' && p[1] == '*')
        {
          /* a verb: its name ends at the first ')', nested or not */
          return FALSE;
        }
      else if (*p == '#')
        {
          /* /x comment: to the end of the line, so to the end here */
          break;
        }
      else if (p[0] == '(' && p[1] == '?' && p[2] == '#')
        {
          /* a comment group: to the next ')', escapes and all */
          p = strchr (p, ')');
          if (p == NULL)
            return FALSE;
        }
      else if (p[0] == '(' && p[1] == '?'
               && (g_ascii_isalpha (p[2]) || p[2] == '-' || p[2] == '^'))
        {
          /* inline options: one that may turn /x off ("(?-x)", "(?^)")
           * makes a later '#' a byte, not a comment; not followed */
          gsize n = strspn (p + 2, "abcdefghijklmnopqrstuvwxyz"
                                   "ABCDEFGHIJKLMNOPQRSTUVWXYZ-^");
          if (memchr (p + 2, 'x', n) || memchr (p + 2, '^', n))
            return FALSE;
          if (p[2 + n] == ')')
            {
              p += 2 + n; /* "(?i)": no group opens */
              continue;
            }
          depth++;
          p += 1 + n;
        }
      else if (*p == '(')
        {
          depth++;
        }
      else if (*p == ')')
        {
          depth--;
        }
      else if (*p == '|' && depth <= 0)
        {
          return FALSE;
        }
    }
  return TRUE;
}

/* Needles: byte strings one of which every match of a pattern contains.
 * "bpf" for "(?:\b|_)bpf(?:\b|_)", {"pstore", "ramoops"} for
 * "\b(pstore|ramoops)".  Found conservatively: NULL (no needles, always
 * try the pattern) for white space or a comment (the patterns are /x),
 * lookaround or other "(?" constructs than "(?:" and "(?i", and anything
 * not understood. */

/* A literal byte at @p ("\." is '.'); 0 if none. *next: past it. */
static char
literal_at (const char *p, const char **next)
{
  *next = p + 1;
  if (g_ascii_isalnum (*p) || strchr ("_,\"'%:/-=<>@!&~`;", *p))
    return *p;
  if (*p == '\\' && p[1] && !g_ascii_isalnum (p[1]))
    {
      *next = p + 2;
      return p[1];
    }
  return 0;
}

/* The end of the group opened at @p (the matching ')'), or NULL. */
static const char *
group_end (const char *p)
{
  int depth = 0;
  for (; *p; p++)
    {
      if (*p == '\\' && p[1])
        p++;
      else if (*p == '[')
        {
          /* as class_end(): a ']' first in the class is a byte of it
           * (fuzz-matcher found "([]|?m)" read as a group's end) */
          p = class_end (p);
          if (p == NULL)
            return NULL;
        }
      else if (*p == '(')
        depth++;
      else if (*p == ')' && --depth == 0)
        return p;
    }
  return NULL;
}

static gsize
set_min_len (GPtrArray *set)
{
  gsize min = G_MAXSIZE;
  for (guint i = 0; i < set->len; i++)
    min = MIN (min, strlen (set->pdata[i]));
  return set->len ? min : 0;
}

/* The alternatives of [p, end) if each is a plain literal, else NULL. */
static GPtrArray *
literal_alternatives (const char *p, const char *end)
{
  GPtrArray *set = g_ptr_array_new_with_free_func (g_free);
  GString *cur = g_string_new (NULL);
  for (; p <= end; p++)
    {
      const char *next;
      char c;
      if (p == end || *p == '|')
        {
          if (cur->len == 0)
            {
              g_ptr_array_unref (set); /* an empty alternative: no needle */
              g_string_free (cur, TRUE);
              return NULL;
            }
          g_ptr_array_add (set, g_strdup (cur->str));
          g_string_truncate (cur, 0);
          continue;
        }
      if ((c = literal_at (p, &next)) == 0 || (*next && strchr ("?*{", *next)))
        {
          g_ptr_array_unref (set);
          g_string_free (cur, TRUE);
          return NULL;
        }
      g_string_append_c (cur, c);
      p = next - 1;
    }
  g_string_free (cur, TRUE);
  return set;
}

/* Needles of a sequence without top-level '|': the best of its literal
 * runs and plain-literal groups. */
static GPtrArray *
sequence_needles (const char *p, const char *end, gboolean *ci)
{
  GPtrArray *best = NULL;
  gboolean best_ci = FALSE;
  GString *cur = g_string_new (NULL);

  for (;;)
    {
      const char *next;
      char c = p < end ? literal_at (p, &next) : 0;
      if (c && !(next < end && strchr ("?*{", *next)))
        {
          g_string_append_c (cur, c);
          p = next;
          continue;
        }
      /* a run ends: keep it if it beats the best */
      if (cur->len > 0 && (best == NULL || cur->len > set_min_len (best)))
        {
          if (best)
            g_ptr_array_unref (best);
          best = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (best, g_strdup (cur->str));
          best_ci = FALSE;
        }
      g_string_truncate (cur, 0);
      if (p >= end)
        break;
      if (c)
        {
          p = next + 1; /* an optional byte: skip it and its quantifier */
        }
      else if (*p == '(')
        {
          const char *close = group_end (p);
          if (close == NULL || close >= end)
            break;
          const char *q = p + 1;
          gboolean gci = FALSE, plain = TRUE;
          if (g_str_has_prefix (q, "?:"))
            q += 2;
          else if (g_str_has_prefix (q, "?i:"))
            q += 3, gci = TRUE;
          else if (*q == '?')
            plain = FALSE;
          gboolean optional = close[1] && strchr ("?*{", close[1]);
          GPtrArray *set
              = plain && !optional ? literal_alternatives (q, close) : NULL;
          if (set && (best == NULL || set_min_len (set) > set_min_len (best)))
            {
              if (best)
                g_ptr_array_unref (best);
              best = set;
              best_ci = gci;
            }
          else if (set)
            {
              g_ptr_array_unref (set);
            }
          p = close + 1;
        }
      else if (*p == '[')
        {
          const char *q = class_end (p);
          if (q == NULL)
            break;
          p = q + 1;
        }
      else if (*p == '\\' && p[1])
        {
          p += 2; /* \b, \s, \d...: not a literal byte */
        }
      else
        {
          p++;
        }
    }
  g_string_free (cur, TRUE);
  *ci = best_ci;
  return best;
}

char **
pcc_pattern_needles (const char *v, gboolean *ci, gsize min_len)
{
  gboolean all_ci = FALSE;
  *ci = FALSE;
  if (g_str_has_prefix (v, "(?i)"))
    {
      all_ci = TRUE;
      v += 4;
    }
  if (strpbrk (v, " \t\n\r\f\v#") != NULL || has_long_escape (v)
      || strstr (v, "(*") != NULL)
    return NULL; /* /x white space or comments, \Q...\E, long escapes,
                    verbs */
  for (const char *q = strstr (v, "(?"); q; q = strstr (q + 2, "(?"))
    if (!g_str_has_prefix (q, "(?:") && !g_str_has_prefix (q, "(?i:"))
      return NULL;

  /* split at top-level '|': every alternative needs needles */
  GPtrArray *all = g_ptr_array_new_with_free_func (g_free);
  gboolean any_ci = all_ci;
  const char *start = v, *p = v;
  for (;; p++)
    {
      if (*p == '\\' && p[1])
        {
          p++;
          continue;
        }
      if (*p == '[')
        {
          const char *q = class_end (p);
          if (q == NULL)
            {
              /* not understood (PCRE2 refuses it): the pattern is tried,
               * and its error names the line, as the script dies there */
              g_ptr_array_unref (all);
              return NULL;
            }
          p = q;
          continue;
        }
      if (*p == '(')
        {
          const char *close = group_end (p);
          if (close == NULL)
            {
              g_ptr_array_unref (all);
              return NULL;
            }
          p = close;
          continue;
        }
      if (*p == '|' || *p == '\0')
        {
          gboolean sci;
          GPtrArray *set = sequence_needles (start, p, &sci);
          if (set == NULL || set_min_len (set) < min_len)
            {
              if (set)
                g_ptr_array_unref (set);
              g_ptr_array_unref (all);
              return NULL;
            }
          any_ci = any_ci || sci;
          while (set->len)
            g_ptr_array_add (all, g_ptr_array_steal_index (set, 0));
          g_ptr_array_unref (set);
          if (*p == '\0')
            break;
          start = p + 1;
        }
    }
  *ci = any_ci;
  g_ptr_array_add (all, NULL);
  return (char **) g_ptr_array_free (all, FALSE);
}

const char *
pcc_pattern_find_needle (const char *hay, gsize len, const char *lit,
                         gboolean ci)
{
  gsize n = strlen (lit);
  const char *end = hay + len;
  if (n == 0)
    return hay;
  if (!ci)
    {
      /* memchr to the candidates of the first byte, then compare: for the
     * short lines of a patch far cheaper than memmem's setup */
      for (const char *p = hay; (gsize) (end - p) >= n;)
        {
          p = memchr (p, lit[0], end - p - n + 1);
          if (p == NULL)
            return NULL;
          if (memcmp (p + 1, lit + 1, n - 1) == 0)
            return p;
          p++;
        }
      return NULL;
    }
  char lo = g_ascii_tolower (lit[0]);
  for (const char *p = hay; p + n <= end; p++)
    if (g_ascii_tolower (*p) == lo && g_ascii_strncasecmp (p, lit, n) == 0)
      return p;
  return NULL;
}
