/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-series.c - a patch series (see pcc-series.h). */
#include "pcc-error.h"
#include "pcc-file.h"
#include "pcc-mailinfo.h"
#include "pcc-mbox.h"
#include "pcc-series-private.h"
#include "pcc-subject.h"

#include <string.h>

static void
item_free (gpointer p)
{
  Item *it = p;
  if (!it)
    return;
  pcc_patch_free (it->patch);
  g_free (it->source);
  g_free (it->prefix);
  g_free (it->bad_counter);
  g_free (it->author_name);
  g_free (it->author_email);
  g_free (it->subject);
  g_free (it);
}

void
pcc_series_free (PccSeries *series)
{
  if (!series)
    return;
  item_free (series->cover);
  if (series->items)
    g_ptr_array_unref (series->items);
  if (series->patches)
    g_ptr_array_unref (series->patches);
  if (series->warnings)
    g_ptr_array_unref (series->warnings);
  if (series->extra_covers)
    g_ptr_array_unref (series->extra_covers);
  if (series->prereqs)
    g_ptr_array_unref (series->prereqs);
  g_free (series->prefix);
  g_free (series->base_commit);
  g_free (series->change_id);
  if (series->mailmap)
    git_mailmap_free (series->mailmap);
  pcc_diffstat_free (series->diffstat);
  if (series->git_ok)
    git_libgit2_shutdown ();
  g_free (series);
}

static Item *
item_new (PccPatch *patch, const char *source)
{
  Item *it = g_new0 (Item, 1);
  it->patch = patch;
  it->source = g_strdup (source ? source : pcc_patch_get_name (patch));
  const char *subject = pcc_patch_get_subject (patch);
  PccSubject sp;
  pcc_subject_parse (subject, &sp);
  it->prefix = g_steal_pointer (&sp.prefix);
  it->bad_counter = g_steal_pointer (&sp.bad_counter);
  it->index = sp.index;
  it->total = sp.total;
  it->numbered = sp.numbered;
  pcc_subject_clear (&sp);

  g_autofree char *ib_from = NULL, *ib_subject = NULL;
  gsize len = 0;
  const char *text = pcc_patch_get_text (patch, &len);
  pcc_mailinfo_inbody_headers (text, len, &ib_from, &ib_subject);
  const char *from = ib_from ? ib_from : pcc_patch_get_from (patch);
  pcc_mailinfo_split_address (from ? from : "", &it->author_name,
                              &it->author_email);
  const char *subj = ib_subject ? ib_subject : subject;
  if (subj)
    it->subject = pcc_mailinfo_clean_subject (subj);
  else
    {
      /* A plain diff: no subject at all. */
      it->subject = g_strdup ("");
    }
  return it;
}

/* --- construction -------------------------------------------------------------- */

static void G_GNUC_PRINTF (2, 3) warn (PccSeries *series, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_ptr_array_add (series->warnings, g_strdup_vprintf (fmt, ap));
  va_end (ap);
}

int
pcc_series_item_cmp (gconstpointer pa, gconstpointer pb)
{
  const Item *a = *(Item *const *) pa, *b = *(Item *const *) pb;
  if (a->index != b->index)
    return a->index < b->index ? -1 : 1;
  return 0;
}

static void
rebuild_patch_array (PccSeries *series)
{
  g_ptr_array_set_size (series->patches, 0);
  for (guint i = 0; i < series->items->len; i++)
    g_ptr_array_add (series->patches,
                     ((Item *) series->items->pdata[i])->patch);
  g_ptr_array_add (series->patches, NULL);
}

static void
collect_footer (PccSeries *series)
{
  g_clear_pointer (&series->base_commit, g_free);
  g_clear_pointer (&series->change_id, g_free);
  g_ptr_array_set_size (series->prereqs, 0);

  GPtrArray *all = g_ptr_array_new ();
  if (series->cover)
    g_ptr_array_add (all, series->cover);
  for (guint i = 0; i < series->items->len; i++)
    g_ptr_array_add (all, series->items->pdata[i]);
  for (guint i = 0; i < all->len; i++)
    {
      Item *it = all->pdata[i];
      const char *bc = pcc_patch_get_base_commit (it->patch);
      if (bc && *bc)
        {
          if (!series->base_commit)
            series->base_commit = g_strdup (bc);
          else if (strcmp (series->base_commit, bc) != 0)
            warn (series, "%s: base-commit %s differs from %s", it->source, bc,
                  series->base_commit);
        }
      const char *cid = pcc_patch_get_change_id (it->patch);
      if (cid && *cid && !series->change_id)
        series->change_id = g_strdup (cid);
      const GPtrArray *pr = pcc_patch_get_prerequisites (it->patch);
      for (guint k = 0; pr && k < pr->len; k++)
        {
          gboolean seen = FALSE;
          for (guint m = 0; m < series->prereqs->len; m++)
            if (strcmp (series->prereqs->pdata[m], pr->pdata[k]) == 0)
              seen = TRUE;
          if (!seen)
            g_ptr_array_add (series->prereqs, g_strdup (pr->pdata[k]));
        }
    }
  g_ptr_array_unref (all);
}

/* Build from items (owned); checks and orders them. */
static PccSeries *
series_from_items (GPtrArray *items, GError **error)
{
  g_autoptr (PccSeries) series = g_new0 (PccSeries, 1);
  series->items = g_ptr_array_new_with_free_func (item_free);
  series->patches = g_ptr_array_new ();
  series->warnings = g_ptr_array_new_with_free_func (g_free);
  series->extra_covers = g_ptr_array_new_with_free_func (g_free);
  series->prereqs = g_ptr_array_new_with_free_func (g_free);
  series->git_ok = git_libgit2_init () >= 0;

  guint numbered = 0;
  for (guint i = 0; i < items->len; i++)
    {
      Item *it = items->pdata[i];
      items->pdata[i] = NULL;
      gboolean is_cover = (it->numbered && it->index == 0)
                          || pcc_patch_is_cover_letter (it->patch);
      if (is_cover)
        {
          if (series->cover)
            {
              warn (series,
                    "%s: a second cover letter (after %s); "
                    "ignored",
                    it->source, series->cover->source);
              g_ptr_array_add (series->extra_covers,
                               g_steal_pointer (&it->source));
              item_free (it);
              continue;
            }
          series->cover = it;
          continue;
        }
      if (!pcc_patch_has_diff (it->patch))
        {
          warn (series, "%s: not a patch (no diff in it); ignored",
                it->source);
          item_free (it);
          continue;
        }
      if (it->bad_counter)
        {
          const char *subj = pcc_patch_get_subject (it->patch);
          warn (series,
                "%s: “%s” in the subject “%s” is not read as a patch "
                "number (at most four digits a side, as b4 reads them)",
                it->source, it->bad_counter, subj ? subj : "");
        }
      if (it->numbered)
        numbered++;
      g_ptr_array_add (series->items, it);
    }
  if (series->items->len == 0)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_NO_DIFF,
                   "no patch found in the series%s",
                   series->cover ? " (only a cover letter)" : "");
      return NULL;
    }

  if (numbered == series->items->len)
    {
      g_ptr_array_sort (series->items, pcc_series_item_cmp);
      guint total = series->cover && series->cover->total
                        ? series->cover->total
                        : ((Item *) series->items->pdata[0])->total;
      for (guint i = 0; i < series->items->len; i++)
        {
          Item *it = series->items->pdata[i];
          if (it->total != total)
            warn (series, "%s: numbered %u/%u in a series of %u", it->source,
                  it->index, it->total, total);
          if (i > 0
              && ((Item *) series->items->pdata[i - 1])->index == it->index)
            warn (series, "%s: a second patch numbered %u", it->source,
                  it->index);
        }
      /* The numbers the total announces that no patch has: the items are
       * sorted, so one walk; a 64-bit counter, so that no total makes it
       * endless; and a list of at most PCC_SERIES_MAX_MISSING lines. */
      guint k = 0, missing = 0;
      for (guint64 n = 1; n <= total; n++)
        {
          while (k < series->items->len
                 && ((Item *) series->items->pdata[k])->index < n)
            k++;
          if (k < series->items->len
              && ((Item *) series->items->pdata[k])->index == n)
            continue;
          if (++missing <= PCC_SERIES_MAX_MISSING)
            warn (series, "patch %u/%u is missing", (guint) n, total);
        }
      if (missing > PCC_SERIES_MAX_MISSING)
        {
          const Item *from = series->cover && series->cover->total
                                 ? series->cover
                                 : series->items->pdata[0];
          const char *subj = pcc_patch_get_subject (from->patch);
          warn (series,
                "%u more patches are missing: %s announces %u (subject "
                "“%s”) and the series has %u",
                missing - PCC_SERIES_MAX_MISSING, from->source, total,
                subj ? subj : "", series->items->len);
        }
    }
  else if (numbered > 0)
    warn (series,
          "only %u of %u patches are numbered; kept in the order "
          "given",
          numbered, series->items->len);

  /* The prefix: the first patch's, without its numbers. */
  Item *first = series->items->pdata[0];
  series->prefix = g_strdup (first->prefix ? first->prefix : "PATCH");
  for (guint i = 1; i < series->items->len; i++)
    {
      Item *it = series->items->pdata[i];
      if (it->prefix && strcmp (it->prefix, series->prefix) != 0)
        warn (series, "%s: prefix “%s” differs from “%s”", it->source,
              it->prefix, series->prefix);
    }

  rebuild_patch_array (series);
  collect_footer (series);
  return g_steal_pointer (&series);
}

static gboolean
add_mails (GPtrArray *items, const char *source, const char *data, gsize len,
           GError **error)
{
  g_autoptr (GPtrArray) mails = pcc_mbox_split (data, len);
  for (guint i = 0; i < mails->len; i++)
    {
      gsize mlen = 0;
      const char *m = g_bytes_get_data (mails->pdata[i], &mlen);
      g_autofree char *name = mails->len > 1
                                  ? g_strdup_printf ("%s#%u", source, i + 1)
                                  : g_strdup (source);
      PccPatch *patch
          = pcc_patch_new_from_data (name, m ? m : "", mlen, 0, error);
      if (!patch)
        return FALSE;
      g_ptr_array_add (items, item_new (patch, name));
    }
  return TRUE;
}

static gboolean
add_file (GPtrArray *items, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  if (!pcc_file_read (path, &data, &len, error))
    return FALSE;
  return add_mails (items, path, data, len, error);
}

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static gboolean
add_dir (GPtrArray *items, const char *dir, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (GDir) d = g_dir_open (dir, 0, &local);
  if (!d)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *f;
  while ((f = g_dir_read_name (d)))
    if (f[0] != '.')
      g_ptr_array_add (names, g_strdup (f));
  g_ptr_array_sort (names, cmp_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      if (!add_file (items, path, error))
        return FALSE;
    }
  return TRUE;
}

PccSeries *
pcc_series_new_from_dir (const char *dir, GError **error)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (item_free);
  if (!add_dir (items, dir, error))
    return NULL;
  return series_from_items (items, error);
}

PccSeries *
pcc_series_new_from_mbox_data (const char *name, const char *data, gsize len,
                               GError **error)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (item_free);
  if (!add_mails (items, name, data, len, error))
    return NULL;
  return series_from_items (items, error);
}

PccSeries *
pcc_series_new_from_paths (const char *const *paths, guint n_paths,
                           GError **error)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (item_free);
  for (guint i = 0; i < n_paths; i++)
    {
      gboolean ok = g_file_test (paths[i], G_FILE_TEST_IS_DIR)
                        ? add_dir (items, paths[i], error)
                        : add_file (items, paths[i], error);
      if (!ok)
        return NULL;
    }
  return series_from_items (items, error);
}

PccSeries *
pcc_series_new_from_patches (PccPatch **patches, guint n_patches,
                             GError **error)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (item_free);
  for (guint i = 0; i < n_patches; i++)
    g_ptr_array_add (items, item_new (patches[i], NULL));
  return series_from_items (items, error);
}

/* --- accessors ------------------------------------------------------------------ */

PccPatch *
pcc_series_get_cover (const PccSeries *series)
{
  return series->cover ? series->cover->patch : NULL;
}

guint
pcc_series_get_n_patches (const PccSeries *series)
{
  return series->items->len;
}

PccPatch *
pcc_series_get_patch (const PccSeries *series, guint i)
{
  g_return_val_if_fail (i < series->items->len, NULL);
  return ((Item *) series->items->pdata[i])->patch;
}

PccPatch *const *
pcc_series_get_patches (const PccSeries *series)
{
  return (PccPatch *const *) series->patches->pdata;
}

const char *
pcc_series_get_patch_source (const PccSeries *series, guint i)
{
  g_return_val_if_fail (i < series->items->len, NULL);
  return ((Item *) series->items->pdata[i])->source;
}

void
pcc_series_replace_patch (PccSeries *series, guint i, PccPatch *patch)
{
  g_return_if_fail (i < series->items->len);
  Item *old = series->items->pdata[i];
  Item *it = item_new (patch, old->source);
  series->items->pdata[i] = it;
  item_free (old);
  rebuild_patch_array (series);
  collect_footer (series);
  g_clear_pointer (&series->diffstat, pcc_diffstat_free);
}

const GPtrArray *
pcc_series_get_warnings (const PccSeries *series)
{
  return series->warnings;
}

const char *
pcc_series_get_prefix (const PccSeries *series)
{
  return series->prefix;
}

char *
pcc_series_format_cover_subject (const PccSeries *series, const char *title)
{
  guint total = series->items->len;
  Item *first = series->items->pdata[0];
  if (first->numbered && first->total > total)
    total = first->total;
  int width = 1;
  for (guint t = total; t >= 10; t /= 10)
    width++;
  return g_strdup_printf ("[%s %0*u/%u] %s", series->prefix, width, 0u, total,
                          title ? title : "");
}

char *
pcc_series_get_cover_title (const PccSeries *series)
{
  if (!series->cover)
    return NULL;
  return g_strdup (series->cover->subject);
}

static gboolean
is_shortlog_header (const char *l, gsize n)
{
  /* "Name (N):" */
  if (n < 5 || l[n - 1] != ':' || l[n - 2] != ')' || l[0] == ' ')
    return FALSE;
  gsize i = n - 3;
  if (!g_ascii_isdigit (l[i]))
    return FALSE;
  while (i > 0 && g_ascii_isdigit (l[i]))
    i--;
  return l[i] == '(' && i >= 2 && l[i - 1] == ' ';
}

char *
pcc_series_get_cover_blurb (const PccSeries *series)
{
  if (!series->cover)
    return NULL;
  const char *msg = pcc_patch_get_message (series->cover->patch);
  if (!msg)
    return g_strdup ("");
  GString *out = g_string_new (NULL);
  const char *p = msg;
  gboolean in_headers = TRUE;
  while (*p)
    {
      const char *nl = strchr (p, '\n');
      gsize n = nl ? (gsize) (nl - p) : strlen (p);
      const char *next = nl ? nl + 1 : p + n;
      gsize l = n;
      if (l && p[l - 1] == '\r')
        l--;
      /* In-body headers and the blank lines before them. */
      if (in_headers)
        {
          if (l == 0 || (l >= 5 && g_ascii_strncasecmp (p, "From:", 5) == 0)
              || (l >= 5 && g_ascii_strncasecmp (p, "Date:", 5) == 0)
              || (l >= 8 && g_ascii_strncasecmp (p, "Subject:", 8) == 0))
            {
              p = next;
              continue;
            }
          in_headers = FALSE;
        }
      if ((l == 3 && memcmp (p, "---", 3) == 0)
          || (l == 3 && memcmp (p, "-- ", 3) == 0)
          || (l >= 12 && memcmp (p, "base-commit:", 12) == 0)
          || is_shortlog_header (p, l))
        break;
      g_string_append_len (out, p, next - p);
      p = next;
    }
  while (out->len && g_ascii_isspace (out->str[out->len - 1]))
    g_string_truncate (out, out->len - 1);
  return g_string_free (out, FALSE);
}

void
pcc_series_get_author (const PccSeries *series, guint i, char **name,
                       char **email)
{
  g_return_if_fail (i < series->items->len);
  Item *it = series->items->pdata[i];
  if (name)
    *name = g_strdup (it->author_name);
  if (email)
    *email = g_strdup (it->author_email);
}

char *
pcc_series_get_commit_subject (const PccSeries *series, guint i)
{
  g_return_val_if_fail (i < series->items->len, NULL);
  return g_strdup (((Item *) series->items->pdata[i])->subject);
}

const char *
pcc_series_get_base_commit (const PccSeries *series)
{
  return series->base_commit;
}

const GPtrArray *
pcc_series_get_prerequisites (const PccSeries *series)
{
  return series->prereqs;
}

const char *
pcc_series_get_change_id (const PccSeries *series)
{
  return series->change_id;
}

char *
pcc_series_format_prerequisites (const PccSeries *series)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < series->prereqs->len; i++)
    g_string_append_printf (out, "prerequisite-patch-id: %s\n",
                            (const char *) series->prereqs->pdata[i]);
  return g_string_free (out, FALSE);
}

void
pcc_series_set_base_tree (PccSeries *series, const PccTree *tree)
{
  series->base_tree = tree;
  g_clear_pointer (&series->diffstat, pcc_diffstat_free);
}

/* --- diffstat ------------------------------------------------------------------- */

static gboolean
ensure_diffstat (PccSeries *series, GError **error)
{
  if (series->diffstat)
    return TRUE;
  g_autoptr (PccDiffstat) ds = pcc_diffstat_new (series->base_tree);
  for (guint i = 0; i < series->items->len; i++)
    {
      Item *it = series->items->pdata[i];
      gsize len = 0;
      const char *text = pcc_patch_get_text (it->patch, &len);
      if (!pcc_diffstat_add_patch (ds, it->source, text, len, error))
        return FALSE;
    }
  series->diffstat = g_steal_pointer (&ds);
  return TRUE;
}

char *
pcc_series_format_diffstat (PccSeries *series, int width, gboolean summary,
                            GError **error)
{
  if (!ensure_diffstat (series, error))
    return NULL;
  return pcc_diffstat_format (series->diffstat, width, summary);
}

gboolean
pcc_series_diffstat_is_exact (PccSeries *series, const char **why)
{
  if (!ensure_diffstat (series, NULL))
    {
      if (why)
        *why = "a patch could not be read";
      return FALSE;
    }
  return pcc_diffstat_is_exact (series->diffstat, why);
}

/* --- recipients ----------------------------------------------------------------- */

PccResult *
pcc_series_compute (PccSeries *series, PccEngine *engine,
                    const PccOptions *opts, GError **error)
{
  return pcc_engine_compute (engine, opts,
                             (PccPatch *const *) series->patches->pdata,
                             series->items->len, error);
}

PccPlan *
pcc_series_plan_new (PccSeries *series, PccEngine *engine,
                     const PccPlanOptions *opts, const char *const *to,
                     const char *const *cc, GError **error)
{
  static const char *const none[] = { NULL };
  return pcc_plan_new (
      engine, opts, (PccPatch *const *) series->patches->pdata,
      series->items->len, to ? to : none, cc ? cc : none, error);
}
