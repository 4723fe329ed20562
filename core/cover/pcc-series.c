/* pcc-series.c - a patch series (see pcc-series.h). */
#include "pcc-series.h"
#include "pcc-diffstat.h"
#include "pcc-error.h"

#include <git2.h>
#include <libetpan/libetpan.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  PccPatch *patch;
  char *source;
  char *prefix; /* "PATCH v2" or NULL */
  guint index, total;
  gboolean numbered;
  char *author_name, *author_email;
  char *subject; /* cleaned, as git am records it */
} Item;

struct _PccSeries
{
  Item *cover;        /* or NULL */
  GPtrArray *items;   /* Item, series order */
  GPtrArray *patches; /* PccPatch *, same order, NULL-terminated */
  GPtrArray *warnings;
  char *prefix;
  char *base_commit;
  char *change_id;
  GPtrArray *prereqs;
  git_mailmap *mailmap;
  gboolean git_ok;
  const PccTree *base_tree;
  PccDiffstat *diffstat; /* computed on demand */
};

static void
item_free (gpointer p)
{
  Item *it = p;
  if (!it)
    return;
  pcc_patch_free (it->patch);
  g_free (it->source);
  g_free (it->prefix);
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

/* --- the mbox ------------------------------------------------------------------ */

/* git mailsplit's is_from_line(). */
static gboolean
is_from_line (const char *line, gsize len)
{
  if (len < 20 || memcmp ("From ", line, 5) != 0)
    return FALSE;
  const char *colon = line + len - 2;
  const char *start = line + 5;
  for (;;)
    {
      if (colon < start)
        return FALSE;
      if (*--colon == ':')
        break;
    }
  if (colon - 4 < line || colon + 2 >= line + len)
    return FALSE;
  if (!g_ascii_isdigit (colon[-4]) || !g_ascii_isdigit (colon[-2])
      || !g_ascii_isdigit (colon[-1]) || !g_ascii_isdigit (colon[1])
      || !g_ascii_isdigit (colon[2]))
    return FALSE;
  if (strtol (colon + 3, NULL, 10) <= 90)
    return FALSE;
  return TRUE;
}

GPtrArray *
pcc_series_split_mbox (const char *data, gsize len)
{
  GPtrArray *mails
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  const char *p = data, *end = data + len;
  const char *start = NULL;

  /* Input that does not start with a separator is one mail. */
  const char *nl0 = memchr (p, '\n', len);
  gsize l0 = nl0 ? (gsize) (nl0 - p + 1) : len;
  if (len == 0 || !is_from_line (p, l0))
    {
      g_ptr_array_add (mails, g_bytes_new (data, len));
      return mails;
    }
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;
      if (is_from_line (p, next - p))
        {
          if (start)
            g_ptr_array_add (mails, g_bytes_new (start, p - start));
          start = next;
        }
      p = next;
    }
  if (start)
    g_ptr_array_add (mails, g_bytes_new (start, end - start));
  return mails;
}

/* --- reading one mail ---------------------------------------------------------- */

static char *
decode_rfc2047 (const char *value)
{
  size_t idx = 0;
  char *decoded = NULL;
  if (mailmime_encoded_phrase_parse ("utf-8", value, strlen (value), &idx,
                                     "utf-8", &decoded)
          == MAILIMF_NO_ERROR
      && decoded)
    {
      char *out = g_strdup (decoded);
      free (decoded);
      return out;
    }
  return g_strdup (value);
}

/* git's isspace(): space, tab, LF, CR. */
static gboolean
git_isspace (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* git mailinfo's cleanup_subject() (brackets not kept), then the
 * whitespace normalisation of format_subject(). */
static char *
clean_subject (const char *subject)
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

/* Split "Name <addr>", "\"Name\" <addr>" or "addr". */
static void
split_address (const char *from, char **name, char **email)
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

/* The in-body "From:" and "Subject:" lines git am reads at the start of
 * the body. */
static void
inbody_headers (PccPatch *patch, char **from, char **subject)
{
  gsize len = 0;
  const char *text = pcc_patch_get_text (patch, &len);
  const char *p = text, *end = text + len;
  *from = *subject = NULL;

  if (len >= 5 && memcmp (p, "From ", 5) == 0)
    {
      const char *nl = memchr (p, '\n', end - p);
      p = nl ? nl + 1 : end;
    }
  /* Skip the mail headers (only when there are headers). */
  const char *q = p;
  while (q<end && * q> ' ' && *q < 127 && *q != ':')
    q++;
  if (q == p || q >= end || *q != ':')
    return;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;
      if (*p == '\n' || (*p == '\r' && p + 1 < end && p[1] == '\n'))
        {
          p = next;
          break;
        }
      p = next;
    }
  /* Blank lines, then header lines, up to a blank line. */
  while (p < end && (*p == '\n' || *p == '\r'))
    p++;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;
      gsize l = (nl ? nl : end) - p;
      if (l && p[l - 1] == '\r')
        l--;
      if (l >= 5 && g_ascii_strncasecmp (p, "From:", 5) == 0)
        {
          g_autofree char *v = g_strstrip (g_strndup (p + 5, l - 5));
          g_free (*from);
          *from = decode_rfc2047 (v);
        }
      else if (l >= 8 && g_ascii_strncasecmp (p, "Subject:", 8) == 0)
        {
          g_autofree char *v = g_strstrip (g_strndup (p + 8, l - 8));
          g_free (*subject);
          *subject = decode_rfc2047 (v);
        }
      else if (l >= 5 && g_ascii_strncasecmp (p, "Date:", 5) == 0)
        ;
      else
        break;
      p = next;
    }
}

/* "[RFC PATCH v2 03/10] title": the prefix words and the numbers. */
static void
parse_prefix (const char *subject, char **prefix, guint *index, guint *total,
              gboolean *numbered)
{
  *prefix = NULL;
  *index = *total = 0;
  *numbered = FALSE;
  if (!subject)
    return;
  const char *p = subject;
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
      if (!close)
        break;
      g_autofree char *tag = g_strndup (p + 1, close - p - 1);
      g_auto (GStrv) words = g_strsplit_set (tag, " \t", -1);
      GString *pre = g_string_new (NULL);
      gboolean has_num = FALSE, has_patch = FALSE;
      guint a = 0, b = 0;
      for (char **w = words; *w; w++)
        {
          if (!**w)
            continue;
          char *slash = strchr (*w, '/');
          gboolean num = slash && slash != *w && slash[1];
          for (char *c = *w; num && *c; c++)
            if (!g_ascii_isdigit (*c) && c != slash)
              num = FALSE;
          if (num && !has_num)
            {
              a = (guint) strtoul (*w, NULL, 10);
              b = (guint) strtoul (slash + 1, NULL, 10);
              has_num = TRUE;
              continue;
            }
          if (g_ascii_strcasecmp (*w, "PATCH") == 0)
            has_patch = TRUE;
          if (pre->len)
            g_string_append_c (pre, ' ');
          g_string_append (pre, *w);
        }
      if ((has_patch || has_num) && *prefix == NULL)
        {
          *prefix = g_string_free (pre, FALSE);
          if (has_num)
            {
              *index = a;
              *total = b;
              *numbered = TRUE;
            }
        }
      else
        g_string_free (pre, TRUE);
      p = close + 1;
    }
}

static Item *
item_new (PccPatch *patch, const char *source)
{
  Item *it = g_new0 (Item, 1);
  it->patch = patch;
  it->source = g_strdup (source ? source : pcc_patch_get_name (patch));
  const char *subject = pcc_patch_get_subject (patch);
  parse_prefix (subject, &it->prefix, &it->index, &it->total, &it->numbered);

  g_autofree char *ib_from = NULL, *ib_subject = NULL;
  inbody_headers (patch, &ib_from, &ib_subject);
  const char *from = ib_from ? ib_from : pcc_patch_get_from (patch);
  split_address (from ? from : "", &it->author_name, &it->author_email);
  const char *subj = ib_subject ? ib_subject : subject;
  if (subj)
    it->subject = clean_subject (subj);
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

static int
cmp_items (gconstpointer pa, gconstpointer pb)
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
      g_ptr_array_sort (series->items, cmp_items);
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
      for (guint n = 1; n <= total; n++)
        {
          gboolean found = FALSE;
          for (guint i = 0; i < series->items->len && !found; i++)
            found = ((Item *) series->items->pdata[i])->index == n;
          if (!found)
            warn (series, "patch %u/%u is missing", n, total);
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
  g_autoptr (GPtrArray) mails = pcc_series_split_mbox (data, len);
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
  g_autoptr (GError) local = NULL;
  if (!g_file_get_contents (path, &data, &len, &local))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "%s", local->message);
      return FALSE;
    }
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

/* --- shortlog ------------------------------------------------------------------- */

gboolean
pcc_series_set_mailmap (PccSeries *series, const char *data, gsize len,
                        GError **error)
{
  git_mailmap *mm = NULL;
  if (!series->git_ok || git_mailmap_from_buffer (&mm, data, len) < 0)
    {
      const git_error *e = git_error_last ();
      g_set_error (error, PCC_ERROR, PCC_ERROR_MAILMAP, ".mailmap: %s",
                   e && e->message ? e->message : "libgit2 failed");
      return FALSE;
    }
  if (series->mailmap)
    git_mailmap_free (series->mailmap);
  series->mailmap = mm;
  return TRUE;
}

gboolean
pcc_series_load_mailmap (PccSeries *series, const PccTree *tree,
                         GError **error)
{
  gsize len = 0;
  g_autoptr (GError) local = NULL;
  g_autofree char *data = pcc_tree_read_file (tree, ".mailmap", &len, &local);
  if (!data)
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return pcc_series_set_mailmap (series, data, len, error);
}

void
pcc_series_set_base_tree (PccSeries *series, const PccTree *tree)
{
  series->base_tree = tree;
  g_clear_pointer (&series->diffstat, pcc_diffstat_free);
}

/* git_wcwidth(): -1 for control characters, 0 for combining ones, 2
 * for East Asian wide ones. */
static int
wcwidth_of (gunichar c)
{
  if (c == 0)
    return 0;
  if (c < 32 || (c >= 0x7f && c < 0xa0))
    return -1;
  if (g_unichar_iszerowidth (c))
    return 0;
  return g_unichar_iswide (c) ? 2 : 1;
}

/* git's strbuf_add_wrapped_text() with indent1 >= 0. */
static void
add_wrapped_text (GString *buf, const char *text, int indent1, int indent2,
                  int width)
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
          w += wcwidth_of (uc);
        }
      else
        {
          w++;
          text++;
        }
    }
}

typedef struct
{
  char *name;
  GPtrArray *subjects; /* borrowed */
} AuthorGroup;

static int
cmp_groups (gconstpointer pa, gconstpointer pb)
{
  const AuthorGroup *a = pa, *b = pb;
  return strcmp (a->name, b->name);
}

static char *
mapped_name (PccSeries *series, const Item *it)
{
  if (series->mailmap)
    {
      const char *rn = NULL, *re = NULL;
      if (git_mailmap_resolve (&rn, &re, series->mailmap, it->author_name,
                               it->author_email)
              == 0
          && rn)
        return g_strdup (rn);
    }
  return g_strdup (it->author_name);
}

char *
pcc_series_format_shortlog (PccSeries *series, PccShortlogStyle style)
{
  g_autoptr (GArray) groups = g_array_new (FALSE, TRUE, sizeof (AuthorGroup));
  for (guint i = 0; i < series->items->len; i++)
    {
      Item *it = series->items->pdata[i];
      g_autofree char *name = mapped_name (series, it);
      AuthorGroup *g = NULL;
      for (guint k = 0; k < groups->len && !g; k++)
        if (strcmp (g_array_index (groups, AuthorGroup, k).name, name) == 0)
          g = &g_array_index (groups, AuthorGroup, k);
      if (!g)
        {
          AuthorGroup ng = { g_steal_pointer (&name), g_ptr_array_new () };
          g_array_append_val (groups, ng);
          g = &g_array_index (groups, AuthorGroup, groups->len - 1);
        }
      g_ptr_array_add (g->subjects,
                       it->subject[0] ? it->subject : (char *) "<none>");
    }
  g_array_sort (groups, cmp_groups);

  GString *out = g_string_new (NULL);
  for (guint k = 0; k < groups->len; k++)
    {
      AuthorGroup *g = &g_array_index (groups, AuthorGroup, k);
      g_string_append_printf (out, "%s (%u):\n", g->name, g->subjects->len);
      for (guint j = 0; j < g->subjects->len; j++)
        {
          const char *msg = g->subjects->pdata[j];
          if (style == PCC_SHORTLOG_COVER)
            {
              add_wrapped_text (out, msg, 2, 4, 72);
              g_string_append_c (out, '\n');
            }
          else
            g_string_append_printf (out, "      %s\n", msg);
        }
      g_string_append_c (out, '\n');
      g_free (g->name);
      g_ptr_array_unref (g->subjects);
    }
  return g_string_free (out, FALSE);
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
