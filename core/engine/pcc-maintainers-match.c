/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-maintainers-match.c - matching a file against F: and X: entries:
 * the table of F: patterns keyed by their literal prefix, probed along
 * the path; the script's "-d $value" test, made lazily; its
 * file_match_pattern(); and pcc_maintainers_match_file(), which adds the
 * N: entries (pcc-maintainers-keywords.c) and the sections' X: entries. */
#define _GNU_SOURCE 1 /* memrchr */
#include "pcc-maintainers-private.h"
#include "pcc-pattern.h"
#include "pcc-region.h"

#include <string.h>

/* --- the prefix-slot table --------------------------------------------- */

/* Bytes that end the literal prefix of an F: value: wildcards and
 * regular-expression syntax. */
static const guint8 special[256] = {
  ['*'] = 1, ['?'] = 1, ['\\'] = 1, ['^'] = 1, ['$'] = 1, ['|'] = 1, ['+'] = 1,
  ['('] = 1, [')'] = 1, ['['] = 1,  [']'] = 1, ['{'] = 1, ['}'] = 1,
};

static gboolean
is_special (unsigned char c)
{
  return special[c];
}

/* The length of the literal prefix of an F: value as written: every file
 * the pattern can match starts with those bytes.  0 for a pattern with an
 * alternation (not anchored as a whole) or a leading wildcard. */
static gsize
literal_prefix_len (const char *orig)
{
  gsize n = 0;
  if (strchr (orig, '|') != NULL)
    return 0;
  while (orig[n] && !is_special ((unsigned char) orig[n]))
    n++;
  if (orig[n] == '+' || orig[n] == '{')
    n = n > 0 ? n - 1 : 0; /* a quantifier makes the last byte optional */
  return MIN (n, PREFIX_MAX);
}

static guint64
fnv (const char *s, gsize n)
{
  guint64 h = FNV_INIT;
  for (gsize i = 0; i < n; i++)
    {
      h ^= (guchar) s[i];
      h *= FNV_PRIME;
    }
  return h | 1; /* never 0, the empty slot */
}

static PrefixSlot *
slot_for (const PccMaintainers *m, guint64 hash, const char *prefix, gsize len)
{
  gsize mask = m->n_slots - 1;
  for (gsize i = hash & mask;; i = (i + 1) & mask)
    {
      PrefixSlot *sl = &m->slots[i];
      if (sl->hash == 0
          || (sl->hash == hash && sl->len == len
              && memcmp (entry_at (m, sl->tvi)->orig, prefix, len) == 0))
        return sl;
    }
}

#define SLOT_BIT(h) ((guint) ((h) >> 40) & 0xffff)

guint8 *
pcc_maintainers_slot_bits_new (const PccMaintainers *m)
{
  guint8 *bits = g_malloc0 (SLOT_BITS_BYTES);
  for (gsize i = 0; i < m->n_slots; i++)
    if (m->slots[i].hash != 0)
      {
        guint b = SLOT_BIT (m->slots[i].hash);
        bits[b >> 3] |= 1 << (b & 7);
      }
  return bits;
}

/* The slot of @prefix (@len bytes, FNV hash @hash), or NULL when there is
 * none. */
static const PrefixSlot *
find_slot (PccMaintainers *m, guint64 hash, const char *prefix, gsize len)
{
  if (m->slot_bits == NULL)
    m->slot_bits = m->slot_bits_mem = pcc_maintainers_slot_bits_new (m);
  guint b = SLOT_BIT (hash);
  if (!(m->slot_bits[b >> 3] & (1 << (b & 7))))
    return NULL;
  const PrefixSlot *sl = slot_for (m, hash, prefix, len);
  return sl->hash != 0 ? sl : NULL;
}

void
pcc_maintainers_build_slots (PccMaintainers *m)
{
  guint n_f = 0;
  for (guint i = 0; i < m->entries.len; i++)
    n_f += entry_at (m, i)->type == 'F';
  m->n_slots = 64;
  while (m->n_slots < 2 * (gsize) n_f)
    m->n_slots *= 2;
  m->slots = pcc_region_alloc (m->n_slots * sizeof (PrefixSlot));

  for (guint i = 0; i < m->entries.len; i++)
    {
      Entry *e = entry_at (m, i);
      if (e->type != 'F')
        continue;
      gsize n = e->plen = literal_prefix_len (e->orig);
      if (n == 0)
        {
          g_array_append_val (m->always, i);
          continue;
        }
      guint64 h = fnv (e->orig, n);
      PrefixSlot *sl = slot_for (m, h, e->orig, n);
      if (sl->hash == 0)
        {
          sl->hash = h;
          sl->len = n;
          sl->tvi = i;
          m->has_len[n] = 1;
        }
      sl->count++;
    }
  /* The table was sized for every F: entry having its own prefix; many
   * share one.  Half full at most is enough, and a small table is
   * cheaper to map and to checksum in the index cache. */
  gsize used = 0;
  for (gsize i = 0; i < m->n_slots; i++)
    used += m->slots[i].hash != 0;
  gsize fit = 64;
  while (fit < 2 * used)
    fit *= 2;
  if (fit < m->n_slots)
    {
      PrefixSlot *old = m->slots;
      gsize n_old = m->n_slots;
      m->n_slots = fit;
      m->slots = pcc_region_alloc (fit * sizeof (PrefixSlot));
      for (gsize i = 0; i < n_old; i++)
        if (old[i].hash != 0)
          {
            gsize mask = fit - 1, j = old[i].hash & mask;
            while (m->slots[j].hash != 0)
              j = (j + 1) & mask;
            m->slots[j] = old[i];
          }
      pcc_region_free (old, n_old * sizeof (PrefixSlot));
    }
  /* second pass: each slot's entries, in MAINTAINERS order, in one array */
  guint next = 0;
  for (gsize i = 0; i < m->n_slots; i++)
    {
      m->slots[i].start = next;
      next += m->slots[i].count;
      m->slots[i].count = 0;
    }
  m->slot_tvis = g_new (guint, next + 1);
  for (guint i = 0; i < m->entries.len; i++)
    {
      Entry *e = entry_at (m, i);
      if (e->type != 'F' || e->plen == 0)
        continue;
      PrefixSlot *sl = slot_for (m, fnv (e->orig, e->plen), e->orig, e->plen);
      m->slot_tvis[sl->start + sl->count++] = i;
    }
}

/* The slots of the prefixes of @file of lengths @from + 1 to @to, in
 * that order, appended to @out (indexes into m->slots); *@h is the FNV
 * state after @from bytes, and is left after @to. */
static void
prefix_slots (PccMaintainers *m, const char *file, gsize from, gsize to,
              guint64 *h, GArray *out)
{
  for (gsize i = from + 1; i <= to; i++)
    {
      *h ^= (guchar) file[i - 1];
      *h *= FNV_PRIME;
      if (!m->has_len[i])
        continue;
      const PrefixSlot *sl = find_slot (m, *h | 1, file, i);
      if (sl != NULL)
        {
          gsize at = sl - m->slots;
          g_array_append_val (out, at);
        }
    }
}

/* --- the "-d $value" test ---------------------------------------------- */

/* Whether @value lies under a prefix that is not a directory of the tree
 * on disk (m->not_dirs), which is then tested once for all the values
 * under it.  The kernel looks each component of a path up in turn, so
 * nothing under a missing component or a file is a directory.  Only for
 * a tree on disk, and not past a ".." (which "??" converts to).  Without
 * @may_stat, only what m->not_dirs already knows: no system call. */
static gboolean
under_not_dir (PccMaintainers *m, const char *value, gboolean may_stat)
{
  const char *wild = strpbrk (value, "*\\");
  const char *slash = wild ? strchr (wild, '/') : NULL;
  if (slash == NULL || pcc_tree_get_path (m->tree) == NULL
      || strstr (value, "..") != NULL || (!may_stat && m->not_dirs == NULL))
    return FALSE;
  g_autofree char *prefix = g_strndup (value, slash - value);
  if (m->not_dirs && g_hash_table_contains (m->not_dirs, prefix))
    return TRUE;
  if (!may_stat || pcc_tree_is_dir (m->tree, prefix))
    return FALSE;
  if (m->not_dirs == NULL)
    m->not_dirs
        = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (m->not_dirs, g_steal_pointer (&prefix));
  return TRUE;
}

guint
pcc_path_depth (const char *s)
{
  guint n = 0;
  for (; *s; s++)
    n += *s == '/';
  return n;
}

static void
set_value_depth (const PccMaintainers *m, Entry *e)
{
  e->any_depth = m->double_star && strstr (e->value, "(?:") != NULL;
  guint depth = pcc_path_depth (e->value);
  gsize len = strlen (e->value);
  e->v.depth = MIN (depth, G_MAXUINT16); /* G_MAXUINT16: count again */
  e->v.slash = len > 0 && e->value[len - 1] == '/';
}

/* pcc_maintainers_resolve_dir() when that needs no system call: the value
 * converted, and TRUE when "-d" is answered too (no test applies, or a
 * prefix is known not to be a directory). */
static gboolean
resolve_dir_cheaply (PccMaintainers *m, Entry *e)
{
  if (e->dir >= 0)
    return TRUE;
  if (e->value == NULL)
    {
      e->value = pcc_maintainers_convert_pattern (e->orig, m->double_star);
      e->owned = TRUE;
    }
  gsize len = strlen (e->value);
  if (len == 0 || e->value[len - 1] == '/' || m->tree == NULL
      || under_not_dir (m, e->value, FALSE))
    {
      e->dir = 0;
      set_value_depth (m, e);
      return TRUE;
    }
  return FALSE;
}

void
pcc_maintainers_resolve_dir (PccMaintainers *m, Entry *e)
{
  if (resolve_dir_cheaply (m, e))
    return;
  e->dir = 0;
  if (!under_not_dir (m, e->value, TRUE)
      && pcc_tree_is_dir (m->tree, e->value))
    {
      e->dir = 1;
      e->orig_dir = g_strconcat (e->orig, "/", NULL);
      char *slashed = g_strconcat (e->value, "/", NULL);
      g_free (e->value);
      e->value = slashed;
    }
  set_value_depth (m, e);
}

/* The slashes of a resolved F:/X: value. */
static guint
value_depth (const Entry *e)
{
  return e->v.depth < G_MAXUINT16 ? e->v.depth : pcc_path_depth (e->value);
}

/* A resolved value without a trailing slash matches only files of its own
 * depth: whether that alone rules out a file of @file_depth. */
static inline gboolean
depth_rules_out (const Entry *e, guint file_depth)
{
  return e->dir >= 0 && !e->v.slash && !e->any_depth
         && file_depth != value_depth (e);
}

/* --- matching one entry ------------------------------------------------ */

/* The literal of a wildcard F:/X: value (Entry.literal). */
static void
find_literal (Entry *e)
{
  gsize from = 0;
  e->literal_done = TRUE;
  if (strpbrk (e->orig, "*?") != NULL)
    e->literal = pcc_pattern_wildcard_needle (e->orig, &from);
  e->literal_from = MIN (from, G_MAXUINT8); /* earlier is as sound */
}

/* file_match_pattern() of the script, for an F: or X: entry. */
static gboolean
entry_matches_file (PccMaintainers *m, Entry *e, const char *file,
                    guint file_depth, gboolean *ok, GError **error)
{
  gboolean prefix;

  if (e->kind == MATCH_SIMPLE)
    {
      /* A match is a prefix match and, for a value without a trailing
       * slash, the same depth: the cheap half first, once the value is
       * known (wildcard matching has no side effect to keep in order). */
      if (e->dir < 0)
        resolve_dir_cheaply (m, e);
      if (depth_rules_out (e, file_depth))
        return FALSE;
      /* a wildcard pattern: its longest literal run after a wildcard must
       * be in the path, past the bytes the pattern starts with.  That
       * holds as a directory too (the value and a slash), so a path
       * without it needs no "-d" test (pcc_maintainers_resolve_dir()): a
       * system call. */
      if (e->literal_done == FALSE)
        find_literal (e);
      if (e->literal != NULL
          && (strnlen (file, e->literal_from) < e->literal_from
              || strstr (file + e->literal_from, e->literal) == NULL))
        return FALSE;
      pcc_maintainers_resolve_dir (m, e);
      if (depth_rules_out (e, file_depth))
        return FALSE;
      prefix = pcc_pattern_wildcard_prefix (
          e->orig_dir ? e->orig_dir : e->orig, file);
    }
  else
    {
      pcc_maintainers_resolve_dir (m, e);
      if (e->re == NULL)
        {
          g_autofree char *anchored = g_strconcat ("^", e->value, NULL);
          e->re = pcc_maintainers_compile_entry (m, e, anchored, 0, error);
          if (e->re == NULL)
            {
              *ok = FALSE;
              return FALSE;
            }
        }
      prefix = pcc_regex_match (e->re, file, -1, 0);
      if (!pcc_maintainers_check_gave_up (m, e, file, error))
        {
          *ok = FALSE;
          return FALSE;
        }
    }
  if (!prefix)
    return FALSE;
  if (e->v.slash || e->any_depth)
    return TRUE;
  return file_depth == value_depth (e);
}

static void
try_candidate_list (PccMaintainers *m, const guint *tvis, guint n,
                    const char *file, guint file_depth, GArray *hits,
                    gboolean *ok, GError **error)
{
  for (guint i = 0; i < n && *ok; i++)
    {
      Entry *e = entry_at (m, tvis[i]);
      /* entry_matches_file()'s first test, without a call: most
       * candidates along a path are at another depth */
      if (e->kind == MATCH_SIMPLE && depth_rules_out (e, file_depth))
        continue;
      if (entry_matches_file (m, e, file, file_depth, ok, error))
        g_array_append_val (hits, tvis[i]);
    }
}

/* --- matching a file --------------------------------------------------- */

static int
compare_guint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* The F: entries matching @file, appended to @hits: the entries whose
 * literal prefix is a prefix of the path, found by extending the hash one
 * byte at a time (those along the file's directory are the last file's
 * when it was in the same), and those tried for every file. */
static gboolean
match_f (PccMaintainers *m, const char *file, gsize flen, guint file_pd,
         GArray *hits, GError **error)
{
  gboolean ok = TRUE;
  gsize top = MIN (flen, PREFIX_MAX);
  const char *slash = memrchr (file, '/', top);
  gsize dlen = slash ? (gsize) (slash - file) + 1 : 0;
  if (m->dir_memo.slots == NULL)
    {
      m->dir_memo.slots = g_array_new (FALSE, FALSE, sizeof (gsize));
      m->dir_memo.tail = g_array_new (FALSE, FALSE, sizeof (gsize));
    }
  if (m->dir_memo.dir == NULL || m->dir_memo.len != dlen
      || memcmp (m->dir_memo.dir, file, dlen) != 0)
    {
      g_array_set_size (m->dir_memo.slots, 0);
      m->dir_memo.hash = FNV_INIT;
      prefix_slots (m, file, 0, dlen, &m->dir_memo.hash, m->dir_memo.slots);
      g_free (m->dir_memo.dir);
      m->dir_memo.dir = g_strndup (file, dlen);
      m->dir_memo.len = dlen;
    }
  guint64 h = m->dir_memo.hash;
  g_array_set_size (m->dir_memo.tail, 0);
  prefix_slots (m, file, dlen, top, &h, m->dir_memo.tail);
  GArray *lists[] = { m->dir_memo.slots, m->dir_memo.tail };
  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint j = 0; j < lists[l]->len && ok; j++)
      {
        const PrefixSlot *sl = &m->slots[g_array_index (lists[l], gsize, j)];
        try_candidate_list (m, m->slot_tvis + sl->start, sl->count, file,
                            file_pd, hits, &ok, error);
      }
  if (ok)
    try_candidate_list (m, (const guint *) m->always->data, m->always->len,
                        file, file_pd, hits, &ok, error);
  return ok;
}

gboolean
pcc_maintainers_match_file (PccMaintainers *m, const char *file, GArray *out,
                            GError **error)
{
  gboolean ok = TRUE;
  if (m->hits == NULL)
    m->hits = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *hits = m->hits;
  gsize flen = strlen (file);
  guint file_pd = pcc_path_depth (file);
  g_array_set_size (hits, 0);

  if (!match_f (m, file, flen, file_pd, hits, error)
      || !pcc_maintainers_match_n (m, file, flen, hits, error))
    return FALSE;

  g_array_sort (hits, compare_guint);

  /* room for every hit at once (one allocation, not one per hit) */
  guint w = out->len;
  g_array_set_size (out, w + hits->len);
  guint si_prev = G_MAXUINT;
  gboolean excluded = FALSE;
  for (guint i = 0; i < hits->len; i++)
    {
      guint tvi = g_array_index (hits, guint, i);
      guint si = m->esec[tvi];
      const Section *s = &m->sec[si];
      if (si != si_prev)
        {
          si_prev = si;
          excluded = FALSE;
          for (guint x = 0; x < s->x_count && ok; x++)
            {
              Entry *xe = entry_at (m, m->xt[s->x_start + x]);
              if (entry_matches_file (m, xe, file, file_pd, &ok, error))
                {
                  excluded = TRUE;
                  break;
                }
            }
          if (!ok)
            {
              g_array_set_size (out, w);
              return FALSE;
            }
        }
      if (excluded)
        continue;

      Entry *e = entry_at (m, tvi);
      PccMatch match = { .tvi = tvi, .depth = 0, .exact = FALSE };
      if (e->type == 'F')
        {
          int depth = value_depth (e) + !e->v.slash;
          if (g_str_has_prefix (e->value, ".*")
              || (m->double_star && g_str_has_prefix (e->value, "(?:.*)")))
            depth = -1;
          match.depth = depth;
          match.exact = depth >= (int) file_pd && s->maintained && s->has_m;
        }
      g_array_index (out, PccMatch, w++) = match;
    }
  g_array_set_size (out, w);
  return TRUE;
}
