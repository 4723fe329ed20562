/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-maintainers-keywords.c - N: and K: entries: regular expressions
 * tried only where one of their "needles" (literal strings every match
 * contains, pcc_pattern_needles()) is present.  N: entries are matched
 * against file paths (for pcc_maintainers_match_file()), K: entries
 * against the lines of a patch. */
#include "pcc-maintainers-private.h"
#include "pcc-pattern.h"

#include <string.h>

/* --- pair indexes ------------------------------------------------------ */

static void
pair_index_init (PairIndex *pi)
{
  pi->bits = g_malloc0 (65536 / 8);
  pi->lists = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                     (GDestroyNotify) g_array_unref);
}

void
pcc_maintainers_pair_index_clear (PairIndex *pi)
{
  g_clear_pointer (&pi->bits, g_free);
  g_clear_pointer (&pi->lists, g_hash_table_unref);
}

/* The list of the pair @a @b, made (of @element_size elements) when it is
 * the pair's first. */
static GArray *
pair_index_list (PairIndex *pi, guchar a, guchar b, guint element_size)
{
  guint pair = a << 8 | b;
  pi->bits[pair >> 3] |= 1 << (pair & 7);
  gpointer key = GUINT_TO_POINTER (pair | 0x10000);
  GArray *list = g_hash_table_lookup (pi->lists, key);
  if (list == NULL)
    {
      list = g_array_new (FALSE, FALSE, element_size);
      g_hash_table_insert (pi->lists, key, list);
    }
  return list;
}

/* The list of the pair that starts at @p, or NULL when it has none. */
static GArray *
pair_index_lookup (const PairIndex *pi, const guchar *p)
{
  guint pair = p[0] << 8 | p[1];
  if (!(pi->bits[pair >> 3] & (1 << (pair & 7))))
    return NULL;
  return g_hash_table_lookup (pi->lists, GUINT_TO_POINTER (pair | 0x10000));
}

/* --- needles ----------------------------------------------------------- */

/* The needles of a K: or N: entry, found on first use (NULL: none). */
static char **
entry_needles (Entry *e)
{
  if (!e->literal_done)
    {
      gboolean ci = FALSE;
      e->needles = pcc_pattern_needles (e->value, &ci, e->type == 'N' ? 2 : 3);
      e->literal_ci = ci;
      e->literal_done = TRUE;
    }
  return e->needles;
}

/* The needles of @e from the record at @rec of the index's needles:
 * a flag byte (0: none, 1: case-sensitive, 2: without regard to ASCII
 * case), then each needle ended by NUL, then an empty one.  The strings
 * stay in the index; @e owns only the array. */
static void
needles_from_index (Entry *e, const char *rec)
{
  e->literal_done = TRUE;
  e->literal_ci = rec[0] == 2;
  if (rec[0] == 0)
    return;
  guint n = 0;
  for (const char *p = rec + 1; *p; p += strlen (p) + 1)
    n++;
  e->needles = g_new (char *, n + 1);
  e->needles_borrowed = TRUE;
  n = 0;
  for (const char *p = rec + 1; *p; p += strlen (p) + 1)
    e->needles[n++] = (char *) p;
  e->needles[n] = NULL;
}

/* entry_needles() of the N: or K: entry @e, whose place among the N:
 * then the K: entries is @i: from the index when @m was read from one. */
static char **
listed_entry_needles (PccMaintainers *m, Entry *e, guint i)
{
  if (m->needles != NULL && !e->literal_done)
    needles_from_index (e, m->needles + m->needle_off[i]);
  return entry_needles (e);
}

/* Writes the record needles_from_index() reads. */
void
pcc_maintainers_needles_to_index (Entry *e, GString *out)
{
  char **nd = entry_needles (e);
  g_string_append_c (out, nd == NULL ? 0 : e->literal_ci ? 2 : 1);
  for (; nd && *nd; nd++)
    g_string_append_len (out, *nd, strlen (*nd) + 1);
  g_string_append_c (out, '\0');
}

/* Whether one of the entry's needles is in [hay, hay + len) (TRUE when it
 * has none: the pattern must then be tried). */
static gboolean
needles_in (Entry *e, const char *hay, gsize len)
{
  if (entry_needles (e) == NULL)
    return TRUE;
  for (char **n = e->needles; *n; n++)
    if (pcc_pattern_find_needle (hay, len, *n, e->literal_ci))
      return TRUE;
  return FALSE;
}

/* --- N: entries -------------------------------------------------------- */

static gboolean
n_entry_matches (PccMaintainers *m, Entry *e, const char *file, gboolean *ok,
                 GError **error)
{
  if (!pcc_maintainers_entry_regex (m, e, error))
    {
      *ok = FALSE;
      return FALSE;
    }
  gboolean hit = pcc_regex_match (e->re, file, -1, 0);
  if (!pcc_maintainers_check_gave_up (m, e, file, error))
    *ok = FALSE;
  return hit;
}

static void
index_n_needles (PccMaintainers *m)
{
  pair_index_init (&m->n_pairs);
  m->n_always = g_array_new (FALSE, FALSE, sizeof (guint));
  m->n_seen = g_array_new (FALSE, TRUE, sizeof (guint));
  g_array_set_size (m->n_seen, m->n_entries->len);
  for (guint k = 0; k < m->n_entries->len; k++)
    {
      Entry *e = entry_at (m, g_array_index (m->n_entries, guint, k));
      gboolean usable
          = listed_entry_needles (m, e, k) != NULL && !e->literal_ci;
      for (char **n = e->needles; usable && *n; n++)
        usable = strlen (*n) >= 2;
      if (!usable)
        {
          g_array_append_val (m->n_always, k);
          continue;
        }
      for (char **n = e->needles; *n; n++)
        {
          GArray *list = pair_index_list (&m->n_pairs, (*n)[0], (*n)[1],
                                          sizeof (guint));
          if (list->len == 0
              || g_array_index (list, guint, list->len - 1) != k)
            g_array_append_val (list, k);
        }
    }
}

gboolean
pcc_maintainers_match_n (PccMaintainers *m, const char *file, gsize flen,
                         GArray *hits, GError **error)
{
  gboolean ok = TRUE;
  /* a regular expression each, tried only when one of the needles every
   * match contains is in the path: the needles are found by the pairs of
   * bytes the path holds. */
  if (m->n_pairs.bits == NULL)
    index_n_needles (m);
  guint pass = ++m->n_pass;
  for (gsize i = 0; i + 1 < flen && ok; i++)
    {
      GArray *list
          = pair_index_lookup (&m->n_pairs, (const guchar *) file + i);
      for (guint j = 0; list && j < list->len && ok; j++)
        {
          guint k = g_array_index (list, guint, j);
          guint tvi = g_array_index (m->n_entries, guint, k);
          Entry *e = entry_at (m, tvi);
          /* once a file: the needles are looked for in all of it, so an
           * entry whose pair recurs ("xx" in "xxxx...") is not searched
           * again at every place (that was quadratic) */
          if (g_array_index (m->n_seen, guint, k) == pass)
            continue;
          g_array_index (m->n_seen, guint, k) = pass;
          if (!needles_in (e, file, flen))
            continue;
          if (n_entry_matches (m, e, file, &ok, error))
            g_array_append_val (hits, tvi);
        }
    }
  for (guint j = 0; j < m->n_always->len && ok; j++)
    {
      guint tvi = g_array_index (m->n_entries, guint,
                                 g_array_index (m->n_always, guint, j));
      if (n_entry_matches (m, entry_at (m, tvi), file, &ok, error))
        g_array_append_val (hits, tvi);
    }
  return ok;
}

/* --- K: entries -------------------------------------------------------- */

guint
pcc_maintainers_get_n_keywords (const PccMaintainers *m)
{
  return m->k_entries->len;
}

guint
pcc_maintainers_keyword_tvi (const PccMaintainers *m, guint k)
{
  return g_array_index (m->k_entries, guint, k);
}

static void
index_k_needles (PccMaintainers *m)
{
  pair_index_init (&m->k_pairs);
  m->k_always = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint k = 0; k < m->k_entries->len; k++)
    {
      Entry *e = entry_at (m, g_array_index (m->k_entries, guint, k));
      if (listed_entry_needles (m, e, m->n_entries->len + k) == NULL)
        {
          g_array_append_val (m->k_always, k);
          continue;
        }
      for (guint n = 0; e->needles[n]; n++)
        {
          const guchar *nd = (const guchar *) e->needles[n];
          guint64 code = (guint64) k << 32 | n;
          guchar a[2] = { nd[0], nd[0] }, b[2] = { nd[1], nd[1] };
          if (e->literal_ci)
            {
              a[0] = g_ascii_tolower (nd[0]);
              a[1] = g_ascii_toupper (nd[0]);
              b[0] = g_ascii_tolower (nd[1]);
              b[1] = g_ascii_toupper (nd[1]);
            }
          /* each distinct pair once (a byte without case has one form) */
          for (guint x = 0; x < (a[0] == a[1] ? 1u : 2u); x++)
            for (guint y = 0; y < (b[0] == b[1] ? 1u : 2u); y++)
              {
                GArray *list = pair_index_list (&m->k_pairs, a[x], b[y],
                                                sizeof (guint64));
                g_array_append_val (list, code);
              }
        }
    }
}

/* The script dies on the first line it tries a bad keyword on, and the
 * needles may never let a bad one be tried: so every keyword is compiled
 * here.  (The plain expression is the one split keywords are matched
 * with.)  Done once: an index made after it records it, so a run from the
 * index cache compiles only the keywords it tries. */
gboolean
pcc_maintainers_compile_keywords (PccMaintainers *m, GError **error)
{
  if (m->k_compile)
    return TRUE;
  for (guint k = 0; k < m->k_entries->len; k++)
    {
      Entry *e = entry_at (m, g_array_index (m->k_entries, guint, k));
      if (!pcc_maintainers_entry_regex (m, e, error))
        return FALSE;
    }
  m->k_compile = TRUE;
  return TRUE;
}

gboolean
pcc_maintainers_keywords_in_spans (PccMaintainers *m, const char *text,
                                   const PccTextSpan *spans, guint n_spans,
                                   GArray *candidates, GError **error)
{
  /* One pass over each span: at each pair of bytes that starts a needle,
   * compare the needles that start so.  (Needles are 3 bytes or more.) */
  if (m->k_pairs.bits == NULL)
    {
      if (!pcc_maintainers_compile_keywords (m, error))
        return FALSE;
      index_k_needles (m);
    }
  guint nk = m->k_entries->len;
  g_autofree gboolean *found = g_new0 (gboolean, nk);
  guint left = nk - m->k_always->len;
  for (guint s = 0; s < n_spans && left > 0; s++)
    {
      const guchar *t = (const guchar *) text + spans[s].offset;
      gsize len = spans[s].len;
      for (gsize i = 0; left > 0 && i + 1 < len; i++)
        {
          GArray *list = pair_index_lookup (&m->k_pairs, t + i);
          for (guint j = 0; list && j < list->len; j++)
            {
              guint64 code = g_array_index (list, guint64, j);
              guint k = code >> 32;
              if (found[k])
                continue;
              Entry *e = entry_at (m, g_array_index (m->k_entries, guint, k));
              const char *nd = e->needles[(guint) code];
              gsize n = strlen (nd);
              if (i + n <= len
                  && (e->literal_ci
                          ? g_ascii_strncasecmp ((const char *) t + i, nd, n)
                                == 0
                          : memcmp (t + i, nd, n) == 0))
                {
                  found[k] = TRUE;
                  left--;
                }
            }
        }
    }
  for (guint k = 0; k < nk; k++)
    {
      Entry *e = entry_at (m, g_array_index (m->k_entries, guint, k));
      if (found[k] || e->needles == NULL)
        {
          guint tvi = g_array_index (m->k_entries, guint, k);
          g_array_append_val (candidates, tvi);
        }
    }
  return TRUE;
}

gboolean
pcc_maintainers_keywords_in_text (PccMaintainers *m, const char *text,
                                  gsize len, GArray *candidates,
                                  GError **error)
{
  PccTextSpan all = { 0, len };
  return pcc_maintainers_keywords_in_spans (m, text, &all, 1, candidates,
                                            error);
}

/* The keyword's expression, compiled on first use: the plain keyword, or
 * with @concat the script's "^[+-].*" + keyword.  FALSE with @error for
 * a bad keyword (the script dies on it too). */
static gboolean
keyword_regex (PccMaintainers *m, Entry *e, gboolean concat, GError **error)
{
  PccRegex **slot = concat ? &e->re_diff : &e->re;
  if (*slot != NULL)
    return TRUE;
  /* The script interpolates the keyword after its prefix, so a '#' in the
   * keyword comments out the rest under /x, as here. */
  g_autofree char *pattern
      = concat ? g_strconcat ("^[+-].*", e->value, NULL) : g_strdup (e->value);
  *slot = pcc_maintainers_compile_entry (
      m, e, pattern,
      PCC_REGEX_EXTENDED | (e->uses >= 4096 ? PCC_REGEX_JIT : 0)
          | (m->unicode ? PCC_REGEX_UNICODE : 0),
      error);
  return *slot != NULL;
}

/* Whether the keyword's expression (keyword_regex()) matches @line from
 * @offset, in *hit; FALSE with @error when PCRE2 gave up. */
static gboolean
keyword_try (PccMaintainers *m, Entry *e, gboolean concat, const char *line,
             gsize len, gsize offset, gboolean *hit, GError **error)
{
  if (!keyword_regex (m, e, concat, error))
    return FALSE;
  PccRegex *re = concat ? e->re_diff : e->re;
  *hit = pcc_regex_match (re, line, len, offset);
  int code = pcc_regex_last_error (re);
  if (code != 0)
    {
      g_autofree char *msg = pcc_regex_error_message (code);
      pcc_maintainers_entry_error (
          m, e, error, "the keyword \"%s\" gave up on a patch line: %s",
          e->line, msg);
      return FALSE;
    }
  return TRUE;
}

gboolean
pcc_maintainers_match_keywords (PccMaintainers *m, const char *line, gsize len,
                                gboolean in_diff, const GArray *candidates,
                                GArray *hits, GError **error)
{
  gboolean plus_minus = len > 0 && (line[0] == '+' || line[0] == '-');
  const GArray *list = candidates ? candidates : m->k_entries;

  for (guint k = 0; k < list->len; k++)
    {
      guint tvi = g_array_index (list, guint, k);
      Entry *e = entry_at (m, tvi);
      if (e->dir < 0)
        {
          /* first use: how this keyword is matched after the diff starts */
          e->dir = pcc_pattern_keyword_splits (e->value) ? 1 : 0;
        }
      gboolean split = e->dir == 1;
      /* "^[+-].*KW" on a line that is not '+' or '-' can only match
       * through a top-level alternation. */
      if (in_diff && !plus_minus && split)
        continue;
      /* Split keywords use the plain pattern from offset 1 (a lookbehind
       * or \b still sees the '+'); the others the script's
       * concatenation. */
      gboolean concat = in_diff && !split;
      if (++e->uses == 4096)
        {
          /* A large patch: JIT-compile (same pattern, same result, faster
           * per line). */
          g_clear_pointer (&e->re, pcc_regex_free);
          g_clear_pointer (&e->re_diff, pcc_regex_free);
        }
      if (!needles_in (e, line, len))
        {
          /* no match lacks all of its needles; a bad keyword still dies
           * as in the script, where it is first tried */
          if ((concat ? e->re_diff : e->re) == NULL
              && !keyword_regex (m, e, concat, error))
            return FALSE;
          continue;
        }
      gboolean hit;
      if (!keyword_try (m, e, concat, line, len, in_diff && split ? 1 : 0,
                        &hit, error))
        return FALSE;
      /* A split keyword's hit is confirmed by the script's own expression:
       * from offset 1 a match may start where "^[+-].*" cannot reach (past
       * the line's newline: "\z"; at the search's start: "\G"), found by
       * fuzz-matcher.  A miss needs no confirmation: every match of the
       * script's is one from offset 1. */
      if (hit && in_diff && split
          && !keyword_try (m, e, TRUE, line, len, 0, &hit, error))
        return FALSE;
      if (hit)
        g_array_append_val (hits, tvi);
    }
  return TRUE;
}
