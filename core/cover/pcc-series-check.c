/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-series-check.c - whether a series may be sent: pcc_series_check()
 * of pcc-series.h.  Two covers, a patch number twice or missing, totals
 * that disagree, mixed version prefixes or base commits: each problem
 * names the files that cause it, so that the plugin and the command can
 * refuse to send and say why. */
#include "pcc-error.h"
#include "pcc-series-private.h"

#include <string.h>

/* At most this many file names in a message (the problem's files hold
 * them all). */
#define NAMES_IN_MESSAGE 10

static void
problem_free (gpointer p)
{
  PccSeriesProblem *pb = p;
  g_free (pb->message);
  g_strfreev (pb->files);
  g_free (pb);
}

/* "a", "a and b", "a, b and c", "a, ..., j and 3 more". */
static char *
join_sources (const GPtrArray *sources)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < sources->len && i < NAMES_IN_MESSAGE; i++)
    {
      if (i)
        g_string_append (s, i + 1 == sources->len ? " and " : ", ");
      g_string_append (s, sources->pdata[i]);
    }
  if (sources->len > NAMES_IN_MESSAGE)
    g_string_append_printf (s, " and %u more",
                            sources->len - NAMES_IN_MESSAGE);
  return g_string_free (s, FALSE);
}

/* Adds a problem naming @sources (char *, copied). */
static void G_GNUC_PRINTF (4, 5)
    add_problem (GPtrArray *out, PccSeriesProblemKind kind,
                 const GPtrArray *sources, const char *fmt, ...)
{
  PccSeriesProblem *pb = g_new0 (PccSeriesProblem, 1);
  va_list ap;
  pb->kind = kind;
  va_start (ap, fmt);
  pb->message = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  pb->files = g_new0 (char *, sources->len + 1);
  for (guint i = 0; i < sources->len; i++)
    pb->files[i] = g_strdup (sources->pdata[i]);
  g_ptr_array_add (out, pb);
}

/* Groups of mails sharing a value that differs from the reference one,
 * in the order they are first met; found by hashing, so that a folder
 * of many mails with different values is not checked in quadratic
 * time. */
typedef struct
{
  GPtrArray *keys;   /* char *, not owned */
  GPtrArray *groups; /* GPtrArray of char * sources, not owned */
  GHashTable *index; /* key -> its position + 1 */
} Groups;

static void
groups_init (Groups *g)
{
  g->keys = g_ptr_array_new ();
  g->groups
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g->index = g_hash_table_new (g_str_hash, g_str_equal);
}

static void
groups_clear (Groups *g)
{
  g_ptr_array_unref (g->keys);
  g_ptr_array_unref (g->groups);
  g_hash_table_unref (g->index);
}

static void
groups_add (Groups *g, const char *key, const char *source)
{
  guint k = GPOINTER_TO_UINT (g_hash_table_lookup (g->index, key));
  if (k == 0)
    {
      g_ptr_array_add (g->keys, (gpointer) key);
      g_ptr_array_add (g->groups, g_ptr_array_new ());
      k = g->keys->len;
      g_hash_table_insert (g->index, (gpointer) key, GUINT_TO_POINTER (k));
    }
  g_ptr_array_add (g->groups->pdata[k - 1], (gpointer) source);
}

static void
check_covers (const PccSeries *series, GPtrArray *out)
{
  if (series->extra_covers->len == 0)
    return;
  g_autoptr (GPtrArray) src = g_ptr_array_new ();
  g_ptr_array_add (src, series->cover->source);
  for (guint i = 0; i < series->extra_covers->len; i++)
    g_ptr_array_add (src, series->extra_covers->pdata[i]);
  g_autofree char *names = join_sources (src);
  add_problem (out, PCC_SERIES_PROBLEM_SECOND_COVER, src,
               "%u cover letters (%s): more than one series, or one series "
               "twice",
               src->len, names);
}

/* By kind: the order of PccSeriesProblemKind. */
static int
cmp_problems (gconstpointer pa, gconstpointer pb)
{
  const PccSeriesProblem *a = *(PccSeriesProblem *const *) pa;
  const PccSeriesProblem *b = *(PccSeriesProblem *const *) pb;
  return (int) a->kind - (int) b->kind;
}

/* "3", "3–5", appended to @s after a comma when it is not empty. */
static void
append_range (GString *s, guint64 from, guint64 to)
{
  if (s->len)
    g_string_append (s, ", ");
  if (from == to)
    g_string_append_printf (s, "%" G_GUINT64_FORMAT, from);
  else
    g_string_append_printf (s, "%" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT,
                            from, to);
}

static void
check_missing (const GPtrArray *sorted, guint total, const Item *announcer,
               GPtrArray *out)
{
  g_autoptr (GString) ranges = g_string_new (NULL);
  guint k = 0, n_ranges = 0;
  guint64 missing = 0, run_start = 0;
  /* One walk over the sorted items; a 64-bit counter so that no total
   * makes it endless. */
  for (guint64 n = 1; n <= (guint64) total + 1; n++)
    {
      gboolean have = TRUE;
      if (n <= total)
        {
          while (k < sorted->len && ((Item *) sorted->pdata[k])->index < n)
            k++;
          have = k < sorted->len && ((Item *) sorted->pdata[k])->index == n;
        }
      if (!have)
        {
          missing++;
          if (run_start == 0)
            run_start = n;
          continue;
        }
      if (run_start != 0)
        {
          if (++n_ranges <= PCC_SERIES_MAX_MISSING)
            append_range (ranges, run_start, n - 1);
          run_start = 0;
        }
    }
  if (missing == 0)
    return;
  g_autoptr (GPtrArray) src = g_ptr_array_new ();
  g_ptr_array_add (src, announcer->source);
  if (n_ranges > PCC_SERIES_MAX_MISSING)
    g_string_append (ranges, ", …");
  if (missing == 1)
    add_problem (out, PCC_SERIES_PROBLEM_MISSING_NUMBER, src,
                 "patch %s/%u is missing (%s announces %u)", ranges->str,
                 total, announcer->source, total);
  else
    add_problem (out, PCC_SERIES_PROBLEM_MISSING_NUMBER, src,
                 "%" G_GUINT64_FORMAT " patches are missing: %s of %u (%s "
                 "announces %u)",
                 missing, ranges->str, total, announcer->source, total);
}

static void
check_numbers (const PccSeries *series, GPtrArray *out)
{
  GPtrArray *items = series->items;
  g_autoptr (GPtrArray) unnumbered = g_ptr_array_new ();
  for (guint i = 0; i < items->len; i++)
    if (!((Item *) items->pdata[i])->numbered)
      g_ptr_array_add (unnumbered, ((Item *) items->pdata[i])->source);
  if (unnumbered->len == items->len)
    return; /* "[PATCH] x": sent in the order given */
  if (unnumbered->len > 0)
    {
      g_autofree char *names = join_sources (unnumbered);
      add_problem (out, PCC_SERIES_PROBLEM_PARTLY_NUMBERED, unnumbered,
                   "%s %s no “n/N” number in the subject and the other "
                   "patches have one: the order to send them in is unknown",
                   names, unnumbered->len == 1 ? "has" : "have");
      return;
    }

  /* Sorted here too: a replaced patch may have another number. */
  g_autoptr (GPtrArray) sorted = g_ptr_array_sized_new (items->len);
  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (sorted, items->pdata[i]);
  g_ptr_array_sort (sorted, pcc_series_item_cmp);
  const Item *announcer = series->cover && series->cover->total
                              ? series->cover
                              : sorted->pdata[0];
  guint total = announcer->total;

  /* Totals other than the announced one, and numbers beyond it. */
  Groups wrong;
  groups_init (&wrong);
  g_autoptr (GPtrArray) beyond = g_ptr_array_new ();
  g_ptr_array_add (beyond, announcer->source);
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < sorted->len; i++)
    {
      Item *it = sorted->pdata[i];
      if (it->total != total)
        {
          char *key = g_strdup_printf ("%u", it->total);
          g_ptr_array_add (keys, key);
          groups_add (&wrong, key, it->source);
        }
      else if (it->index > total)
        g_ptr_array_add (beyond, it->source);
    }
  for (guint k = 0; k < wrong.keys->len; k++)
    {
      GPtrArray *g = wrong.groups->pdata[k];
      g_autofree char *names = join_sources (g);
      g_ptr_array_insert (g, 0, announcer->source);
      add_problem (out, PCC_SERIES_PROBLEM_COUNT_MISMATCH, g,
                   "%s %s numbered “n/%s” but %s announces %u patches", names,
                   g->len == 2 ? "is" : "are",
                   (const char *) wrong.keys->pdata[k], announcer->source,
                   total);
    }
  groups_clear (&wrong);
  if (beyond->len > 1)
    {
      g_ptr_array_remove_index (beyond, 0);
      g_autofree char *names = join_sources (beyond);
      g_ptr_array_insert (beyond, 0, announcer->source);
      add_problem (out, PCC_SERIES_PROBLEM_COUNT_MISMATCH, beyond,
                   "%s %s numbered beyond the %u patches %s announces", names,
                   beyond->len == 2 ? "is" : "are", total, announcer->source);
    }

  /* One number, several patches. */
  for (guint i = 0; i < sorted->len;)
    {
      guint j = i + 1;
      const Item *it = sorted->pdata[i];
      while (j < sorted->len
             && ((Item *) sorted->pdata[j])->index == it->index)
        j++;
      if (j - i > 1)
        {
          g_autoptr (GPtrArray) src = g_ptr_array_new ();
          for (guint m = i; m < j; m++)
            g_ptr_array_add (src, ((Item *) sorted->pdata[m])->source);
          g_autofree char *names = join_sources (src);
          add_problem (out, PCC_SERIES_PROBLEM_DUPLICATE_NUMBER, src,
                       "%u patches are numbered %u: %s", j - i, it->index,
                       names);
        }
      i = j;
    }

  check_missing (sorted, total, announcer, out);
}

/* The version of a prefix ("PATCH v3": 3; none: 1) and whether it is an
 * RFC. */
static void
prefix_traits (const char *prefix, guint64 *version, gboolean *rfc)
{
  g_auto (GStrv) words = g_strsplit (prefix, " ", -1);
  *version = 1;
  *rfc = FALSE;
  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i];
      if (g_ascii_strncasecmp (w, "RFC", 3) == 0)
        *rfc = TRUE;
      if ((w[0] == 'v' || w[0] == 'V') && w[1]
          && strspn (w + 1, "0123456789") == strlen (w + 1))
        *version = g_ascii_strtoull (w + 1, NULL, 10);
    }
}

static void
check_prefixes (const PccSeries *series, GPtrArray *out)
{
  const char *ref = series->prefix;
  const char *ref_source = NULL;
  Groups other;
  groups_init (&other);
  for (gint i = series->cover ? -1 : 0; i < (gint) series->items->len; i++)
    {
      const Item *it = i < 0 ? series->cover : series->items->pdata[i];
      if (it->prefix == NULL)
        continue;
      if (strcmp (it->prefix, ref) == 0)
        {
          if (ref_source == NULL && i >= 0)
            ref_source = it->source;
          continue;
        }
      groups_add (&other, it->prefix, it->source);
    }
  if (ref_source == NULL)
    ref_source = ((Item *) series->items->pdata[0])->source;
  guint64 ref_version;
  gboolean ref_rfc;
  prefix_traits (ref, &ref_version, &ref_rfc);
  for (guint k = 0; k < other.keys->len; k++)
    {
      const char *prefix = other.keys->pdata[k];
      GPtrArray *g = other.groups->pdata[k];
      guint64 version;
      gboolean rfc;
      g_autofree char *what = NULL;
      prefix_traits (prefix, &version, &rfc);
      if (version != ref_version)
        what = g_strdup_printf ("versions v%" G_GUINT64_FORMAT
                                " and v%" G_GUINT64_FORMAT " are mixed",
                                MIN (version, ref_version),
                                MAX (version, ref_version));
      else if (rfc != ref_rfc)
        what = g_strdup ("RFC and non-RFC patches are mixed");
      else
        what = g_strdup ("the subject prefixes differ");
      g_autofree char *names = join_sources (g);
      g_ptr_array_insert (g, 0, (gpointer) ref_source);
      add_problem (out, PCC_SERIES_PROBLEM_MIXED_PREFIX, g,
                   "%s %s “[%s …]” while %s is “[%s …]”: %s", names,
                   g->len == 2 ? "is" : "are", prefix, ref_source, ref, what);
    }
  groups_clear (&other);
}

static void
check_base (const PccSeries *series, GPtrArray *out)
{
  const char *ref = NULL, *ref_source = NULL;
  Groups other;
  groups_init (&other);
  for (gint i = series->cover ? -1 : 0; i < (gint) series->items->len; i++)
    {
      const Item *it = i < 0 ? series->cover : series->items->pdata[i];
      const char *bc = pcc_patch_get_base_commit (it->patch);
      if (bc == NULL || *bc == '\0')
        continue;
      if (ref == NULL)
        {
          ref = bc;
          ref_source = it->source;
        }
      else if (strcmp (bc, ref) != 0)
        groups_add (&other, bc, it->source);
    }
  for (guint k = 0; k < other.keys->len; k++)
    {
      GPtrArray *g = other.groups->pdata[k];
      g_autofree char *names = join_sources (g);
      g_ptr_array_insert (g, 0, (gpointer) ref_source);
      add_problem (out, PCC_SERIES_PROBLEM_MIXED_BASE, g,
                   "%s %s base-commit %s while %s has %s: the patches "
                   "were made on different trees",
                   names, g->len == 2 ? "has" : "have",
                   (const char *) other.keys->pdata[k], ref_source, ref);
    }
  groups_clear (&other);
}

GPtrArray *
pcc_series_check (const PccSeries *series)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (problem_free);
  check_covers (series, out);
  check_numbers (series, out);
  check_prefixes (series, out);
  check_base (series, out);
  g_ptr_array_sort (out, cmp_problems); /* stable */
  return out;
}

gboolean
pcc_series_check_error (const PccSeries *series, GError **error)
{
  g_autoptr (GPtrArray) problems = pcc_series_check (series);
  if (problems->len == 0)
    return TRUE;
  g_autoptr (GString) msg = g_string_new (NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      if (i)
        g_string_append_c (msg, '\n');
      g_string_append (msg,
                       ((PccSeriesProblem *) problems->pdata[i])->message);
    }
  g_set_error_literal (error, PCC_ERROR, PCC_ERROR_PATCH, msg->str);
  return FALSE;
}
