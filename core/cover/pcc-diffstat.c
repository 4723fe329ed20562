/* pcc-diffstat.c - the diffstat of a whole series (see pcc-diffstat.h). */
#include "pcc-diffstat.h"
#include "pcc-diffstat-private.h"
#include "pcc-diff.h"
#include "pcc-error.h"

#include <git2.h>
#include <stdlib.h>
#include <string.h>

/* One line of a file as the series goes: its text (with its newline, if
 * it has one) when known, and which line of the original file it is. */
typedef struct
{
  char *text; /* NULL: an original line no hunk has shown */
  guint orig; /* 1-based line of the original file; 0 for added lines */
} DLine;

typedef struct
{
  char *orig_path; /* in the base tree; NULL: created by the series */
  char *path;      /* now; NULL: deleted by the series */
  guint orig_mode, cur_mode;
  GArray *cur;          /* DLine: the known start of the current content */
  guint next_orig;      /* first original line not yet in @cur */
  gboolean tail_empty;  /* nothing follows @cur */
  GPtrArray *orig_text; /* [k - 1]: text of original line k, or NULL */
  gboolean binary;
  gint64 bin_old, bin_new; /* -1: unknown */
  int similarity;          /* of the last rename, -1 if none */
  guint touches;
  gboolean copied;
} FileState;

struct _PccDiffstat
{
  const PccTree *base;
  GPtrArray *files; /* FileState, in order of first appearance */
  GHashTable *live; /* current path -> FileState */
  GString *why;     /* reasons the result may differ from git's */
  GHashTable *why_seen;
  gboolean git_ok;
};

static void
dline_clear (gpointer p)
{
  DLine *d = p;
  g_free (d->text);
}

static void
file_state_free (gpointer p)
{
  FileState *f = p;
  g_free (f->orig_path);
  g_free (f->path);
  g_array_unref (f->cur);
  g_ptr_array_unref (f->orig_text);
  g_free (f);
}

static FileState *
file_state_new (void)
{
  FileState *f = g_new0 (FileState, 1);
  f->cur = g_array_new (FALSE, TRUE, sizeof (DLine));
  g_array_set_clear_func (f->cur, dline_clear);
  f->orig_text = g_ptr_array_new_with_free_func (g_free);
  f->next_orig = 1;
  f->bin_old = f->bin_new = -1;
  f->similarity = -1;
  return f;
}

PccDiffstat *
pcc_diffstat_new (const PccTree *base)
{
  PccDiffstat *ds = g_new0 (PccDiffstat, 1);
  ds->base = base;
  ds->files = g_ptr_array_new_with_free_func (file_state_free);
  ds->live = g_hash_table_new (g_str_hash, g_str_equal);
  ds->why = g_string_new (NULL);
  ds->why_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ds->git_ok = git_libgit2_init () >= 0;
  return ds;
}

void
pcc_diffstat_free (PccDiffstat *ds)
{
  if (!ds)
    return;
  g_hash_table_unref (ds->live);
  g_ptr_array_unref (ds->files);
  g_string_free (ds->why, TRUE);
  g_hash_table_unref (ds->why_seen);
  if (ds->git_ok)
    git_libgit2_shutdown ();
  g_free (ds);
}

static void G_GNUC_PRINTF (2, 3)
    inexact (PccDiffstat *ds, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (g_hash_table_contains (ds->why_seen, msg))
    {
      g_free (msg);
      return;
    }
  g_string_append_printf (ds->why, "%s\n", msg);
  g_hash_table_add (ds->why_seen, msg);
}

gboolean
pcc_diffstat_is_exact (PccDiffstat *ds, const char **why)
{
  if (why)
    *why = ds->why->str;
  return ds->why->len == 0;
}

/* --- the state of each file -------------------------------------------------- */

static void
set_orig_text (FileState *f, guint k, const char *text)
{
  if (f->orig_text->len < k)
    g_ptr_array_set_size (f->orig_text, k);
  if (f->orig_text->pdata[k - 1] == NULL)
    f->orig_text->pdata[k - 1] = g_strdup (text);
}

static const char *
get_orig_text (FileState *f, guint k)
{
  return k <= f->orig_text->len ? f->orig_text->pdata[k - 1] : NULL;
}

/* Fill the original content from the base tree, when there is one. */
static void
load_from_base (PccDiffstat *ds, FileState *f)
{
  if (!ds->base || !f->orig_path)
    return;
  gsize len = 0;
  g_autoptr (GError) err = NULL;
  g_autofree char *data
      = pcc_tree_read_file (ds->base, f->orig_path, &len, &err);
  if (!data)
    {
      inexact (ds, "%s: not found in the base tree (%s)", f->orig_path,
               err ? err->message : "?");
      return;
    }
  if (memchr (data, '\0', len))
    return; /* binary: sizes come from the patch */
  const char *p = data, *end = data + len;
  guint k = 0;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *e = nl ? nl + 1 : end;
      k++;
      g_autofree char *line = g_strndup (p, e - p);
      set_orig_text (f, k, line);
      DLine d = { g_strdup (line), k };
      g_array_append_val (f->cur, d);
      p = e;
    }
  f->next_orig = k + 1;
  f->tail_empty = TRUE;
}

static FileState *
state_for_existing (PccDiffstat *ds, const char *path)
{
  FileState *f = g_hash_table_lookup (ds->live, path);
  if (f)
    return f;
  /* A file of the base tree seen for the first time.  If the series
   * deleted it earlier and re-creates it, see state_for_created(). */
  f = file_state_new ();
  f->orig_path = g_strdup (path);
  f->path = g_strdup (path);
  g_ptr_array_add (ds->files, f);
  g_hash_table_insert (ds->live, f->path, f);
  load_from_base (ds, f);
  return f;
}

static FileState *
state_for_created (PccDiffstat *ds, const char *path)
{
  FileState *f = g_hash_table_lookup (ds->live, path);
  if (f)
    {
      /* Created over a live file: the patch and the series disagree. */
      inexact (ds, "%s: created by a patch while it already exists", path);
      g_array_set_size (f->cur, 0);
      f->tail_empty = TRUE;
      return f;
    }
  /* Deleted earlier in the series, now created again: in the series'
   * diff that is a modification of the original. */
  for (guint i = 0; i < ds->files->len; i++)
    {
      FileState *g = ds->files->pdata[i];
      if (g->path == NULL && g->orig_path && strcmp (g->orig_path, path) == 0)
        {
          g->path = g_strdup (path);
          g_array_set_size (g->cur, 0);
          g->tail_empty = TRUE;
          g_hash_table_insert (ds->live, g->path, g);
          return g;
        }
    }
  f = file_state_new ();
  f->path = g_strdup (path);
  f->tail_empty = TRUE;
  g_ptr_array_add (ds->files, f);
  g_hash_table_insert (ds->live, f->path, f);
  return f;
}

static void
state_move (PccDiffstat *ds, FileState *f, const char *to)
{
  g_hash_table_remove (ds->live, f->path);
  g_free (f->path);
  f->path = g_strdup (to);
  FileState *old = g_hash_table_lookup (ds->live, to);
  if (old)
    {
      inexact (ds, "%s: renamed over a file that exists", to);
      g_hash_table_remove (ds->live, to);
      g_free (old->path);
      old->path = NULL;
    }
  g_hash_table_insert (ds->live, f->path, f);
}

static void
state_delete (PccDiffstat *ds, FileState *f)
{
  g_hash_table_remove (ds->live, f->path);
  g_free (f->path);
  f->path = NULL;
}

/* Make sure @f->cur holds at least @n lines. */
static gboolean
materialize (FileState *f, guint n)
{
  while (f->cur->len < n)
    {
      if (f->tail_empty)
        return FALSE;
      guint k = f->next_orig++;
      const char *t = get_orig_text (f, k);
      DLine d = { g_strdup (t), k };
      g_array_append_val (f->cur, d);
    }
  return TRUE;
}

/* --- composing ---------------------------------------------------------------- */

static void
apply_hunks (PccDiffstat *ds, const char *name, FileState *f,
             const PccDiffFile *d)
{
  gint64 delta = 0;
  const char *fname = f->path ? f->path : f->orig_path;

  for (guint hi = 0; hi < d->hunks->len; hi++)
    {
      const PccDiffHunk *h = &g_array_index (d->hunks, PccDiffHunk, hi);
      gint64 idx64 = (h->old_count == 0 ? (gint64) h->old_start
                                        : (gint64) h->old_start - 1)
                     + delta;
      delta += (gint64) h->new_count - (gint64) h->old_count;
      if (idx64 < 0 || !materialize (f, (guint) idx64 + h->old_count))
        {
          inexact (ds,
                   "%s: a hunk of %s does not fit what the earlier "
                   "patches left",
                   fname, name);
          return;
        }
      guint idx = (guint) idx64;
      g_autoptr (GArray) out = g_array_new (FALSE, TRUE, sizeof (DLine));
      guint pos = idx;
      gboolean ends = FALSE;

      for (guint li = 0; li < h->lines->len; li++)
        {
          const PccDiffLine *hl = &g_array_index (h->lines, PccDiffLine, li);
          gsize tl = hl->len;
          /* The newline of the line, unless "\ No newline" follows. */
          g_autofree char *text = NULL;
          if (hl->no_newline && tl > 0 && hl->text[tl - 1] == '\n')
            tl--;
          text = g_strndup (hl->text, tl);
          if (hl->op == '+')
            {
              DLine n = { g_steal_pointer (&text), 0 };
              g_array_append_val (out, n);
              if (hl->no_newline)
                ends = TRUE;
              continue;
            }
          DLine *c = &g_array_index (f->cur, DLine, pos++);
          if (c->text && strcmp (c->text, text) != 0)
            inexact (ds,
                     "%s: %s changes a line that is not what the "
                     "earlier patches left",
                     fname, name);
          if (c->orig)
            set_orig_text (f, c->orig, text);
          if (hl->no_newline)
            ends = TRUE;
          if (hl->op == ' ')
            {
              DLine n = { g_steal_pointer (&text), c->orig };
              g_array_append_val (out, n);
            }
        }
      /* Replace the old lines with the new ones. */
      g_array_remove_range (f->cur, idx, h->old_count);
      g_array_set_clear_func (out, NULL);
      g_array_insert_vals (f->cur, idx, out->data, out->len);
      if (ends)
        {
          /* The file ends with this hunk. */
          guint end = idx + out->len;
          if (f->cur->len > end)
            g_array_remove_range (f->cur, end, f->cur->len - end);
          f->tail_empty = TRUE;
        }
    }
}

gboolean
pcc_diffstat_add_patch (PccDiffstat *ds, const char *name, const char *text,
                        gsize len, GError **error)
{
  g_autoptr (GPtrArray) diffs
      = pcc_diff_parse (name, text, len, PCC_DIFF_STRICT, error);
  if (!diffs)
    return FALSE;

  /* Lines no hunk showed are kept one record each: bound how far into a
   * file a hunk may reach, or "@@ -2147483647,1 ..." asks for tens of
   * GiB. */
  for (guint i = 0; i < diffs->len; i++)
    {
      const PccDiffFile *d = diffs->pdata[i];
      for (guint k = 0; k < d->hunks->len; k++)
        {
          const PccDiffHunk *h = &g_array_index (d->hunks, PccDiffHunk, k);
          guint64 reach = MAX ((guint64) h->old_start + h->old_count,
                               (guint64) h->new_start + h->new_count);
          if (reach > PCC_DIFFSTAT_MAX_LINES)
            {
              g_set_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE,
                           "%s:%u: the hunk reaches line %" G_GUINT64_FORMAT
                           " of its file; the diffstat follows files of at "
                           "most %u lines",
                           name, h->lineno, reach - 1,
                           (guint) PCC_DIFFSTAT_MAX_LINES);
              return FALSE;
            }
        }
    }

  for (guint i = 0; i < diffs->len; i++)
    {
      PccDiffFile *d = diffs->pdata[i];
      FileState *f;

      /* A copy or rename that lacks one of its two names (a "copy to"
       * under a "diff --git" line without names, a "copy from" over a
       * deleted file) reads as a change of the one file it names. */
      if (d->is_new && !d->is_copy && d->new_path)
        f = state_for_created (ds, d->new_path);
      else if (d->is_copy && d->old_path && d->new_path)
        {
          FileState *src = state_for_existing (ds, d->old_path);
          f = state_for_created (ds, d->new_path);
          g_array_set_size (f->cur, 0);
          for (guint k = 0; k < src->cur->len; k++)
            {
              const DLine *s = &g_array_index (src->cur, DLine, k);
              DLine n = { g_strdup (s->text), 0 };
              g_array_append_val (f->cur, n);
            }
          f->tail_empty = src->tail_empty;
          f->copied = TRUE;
          if (!src->tail_empty)
            inexact (ds,
                     "%s: copied from %s, whose whole content the "
                     "patches do not show",
                     d->new_path, d->old_path);
        }
      else if (d->old_path == NULL && d->new_path == NULL)
        continue; /* the diff reader refuses these; never a NULL key */
      else
        {
          f = state_for_existing (ds,
                                  d->old_path ? d->old_path : d->new_path);
          if (d->is_rename && d->old_path && d->new_path)
            {
              state_move (ds, f, d->new_path);
              f->similarity = d->similarity;
            }
        }

      if (f->touches == 0 && f->orig_path)
        f->orig_mode = d->old_mode ? d->old_mode : d->index_mode;
      f->touches++;
      if (d->new_mode)
        f->cur_mode = d->new_mode;
      else if (d->index_mode && !d->is_delete)
        f->cur_mode = d->index_mode;
      else if (!f->cur_mode)
        f->cur_mode = f->orig_mode;
      if (d->is_new && !f->orig_path)
        f->orig_mode = 0;

      if (d->binary)
        {
          if (!f->binary)
            f->bin_old = d->bin_old;
          f->binary = TRUE;
          f->bin_new = d->bin_new;
          if (!d->binary_sizes)
            inexact (ds,
                     "%s: binary change without the sizes git would "
                     "show (a delta, or no data)",
                     f->path ? f->path : d->old_path);
        }
      else
        apply_hunks (ds, name, f, d);

      if (d->is_delete)
        {
          f->tail_empty = TRUE;
          g_array_set_size (f->cur, 0);
          state_delete (ds, f);
        }
    }
  return TRUE;
}

/* --- the per-file numbers -------------------------------------------------------------- */

static void
entry_clear (gpointer p)
{
  PccDiffstatEntry *e = p;
  g_free (e->name);
  g_free (e->print_name);
  g_free (e->summary);
}

/* The text of element @i of @f's current content, or NULL when it is an
 * original line no hunk has shown; *@k is that line's number. */
static const char *
cur_text (FileState *f, guint i, guint *k)
{
  const DLine *d = &g_array_index (f->cur, DLine, i);
  *k = d->orig;
  return d->text ? d->text : d->orig ? get_orig_text (f, d->orig) : NULL;
}

/* Lines no hunk showed are the same, in the same order, in both versions
 * of a file.  A run of them becomes one placeholder line, the same on
 * both sides, rather than one per line: a hunk at line 3,999,990 of a
 * file otherwise gives xdiff two buffers of 4 million lines (seconds and
 * a gigabyte for a six-line patch).  A run is cut wherever either side
 * cuts it (a seen line, or an added one between two unseen lines), so
 * the two sides get the same placeholders. */
static void
find_run_starts (FileState *f, GHashTable *starts)
{
  guint n_orig = f->next_orig - 1;
  gboolean prev = FALSE;
  if (f->orig_path)
    for (guint k = 1; k <= n_orig; k++)
      {
        gboolean unseen = get_orig_text (f, k) == NULL;
        if (unseen && !prev)
          g_hash_table_add (starts, GUINT_TO_POINTER (k));
        prev = unseen;
      }
  guint last = 0; /* the line number of the previous unseen element */
  if (f->path)
    for (guint i = 0; i < f->cur->len; i++)
      {
        guint k;
        if (cur_text (f, i, &k) != NULL || k == 0)
          last = 0;
        else
          {
            if (last == 0 || k != last + 1)
              g_hash_table_add (starts, GUINT_TO_POINTER (k));
            last = k;
          }
      }
}

/* Append the placeholder of the open run of unseen lines @first to @last
 * (none when @first is 0), and close it. */
static void
close_run (GString *s, guint *first, guint last)
{
  if (*first == 0)
    return;
  g_string_append_printf (s, "\x1fpcc-unseen-lines %u-%u\x1f\n", *first, last);
  *first = 0;
}

/* The two versions of a file as buffers for xdiff. */
static void
build_buffers (FileState *f, GString *a, GString *b)
{
  g_autoptr (GHashTable) starts = g_hash_table_new (NULL, NULL);
  guint n_orig = f->next_orig - 1;
  guint first = 0, last = 0;

  find_run_starts (f, starts);
  if (f->orig_path)
    for (guint k = 1; k <= n_orig; k++)
      {
        const char *t = get_orig_text (f, k);
        if (t || g_hash_table_contains (starts, GUINT_TO_POINTER (k)))
          close_run (a, &first, last);
        if (t)
          g_string_append (a, t);
        else
          {
            if (first == 0)
              first = k;
            last = k;
          }
      }
  close_run (a, &first, last);
  if (f->path)
    for (guint i = 0; i < f->cur->len; i++)
      {
        guint k;
        const char *t = cur_text (f, i, &k);
        if (t || k == 0
            || g_hash_table_contains (starts, GUINT_TO_POINTER (k)))
          close_run (b, &first, last);
        if (t)
          g_string_append (b, t);
        else if (k == 0) /* copied from a line no hunk showed */
          g_string_append (b, "\x1fpcc-unseen-line\x1f\n");
        else
          {
            if (first == 0)
              first = k;
            last = k;
          }
      }
  close_run (b, &first, last);
  if (!f->tail_empty && f->orig_path && f->path)
    {
      g_string_append (a, "\x1fpcc-unseen-tail\x1f\n");
      g_string_append (b, "\x1fpcc-unseen-tail\x1f\n");
    }
}

static gboolean
count_lines (PccDiffstat *ds, FileState *f, guint *added, guint *deleted)
{
  g_autoptr (GString) a = g_string_new (NULL);
  g_autoptr (GString) b = g_string_new (NULL);
  build_buffers (f, a, b);
  *added = *deleted = 0;
  if (a->len == b->len && memcmp (a->str, b->str, a->len) == 0)
    return TRUE;
  git_patch *patch = NULL;
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.flags = GIT_DIFF_FORCE_TEXT;
  opts.context_lines = 0;
  if (!ds->git_ok
      || git_patch_from_buffers (&patch, a->str, a->len, "a", b->str, b->len,
                                 "b", &opts)
             < 0)
    {
      inexact (ds, "libgit2 could not diff %s",
               f->path ? f->path : f->orig_path);
      return FALSE;
    }
  size_t adds = 0, dels = 0;
  git_patch_line_stats (NULL, &adds, &dels, patch);
  git_patch_free (patch);
  *added = (guint) adds;
  *deleted = (guint) dels;
  return TRUE;
}

static int
cmp_entry (gconstpointer pa, gconstpointer pb)
{
  const PccDiffstatEntry *a = pa, *b = pb;
  return strcmp (a->name, b->name);
}

GArray *
pcc_diffstat_collect_entries (PccDiffstat *ds)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (PccDiffstatEntry));
  g_array_set_clear_func (entries, entry_clear);

  for (guint i = 0; i < ds->files->len; i++)
    {
      FileState *f = ds->files->pdata[i];
      PccDiffstatEntry e = { 0 };
      if (!f->orig_path && !f->path)
        continue; /* created and deleted again */
      gboolean created = f->orig_path == NULL;
      gboolean deleted = f->path == NULL;
      gboolean renamed
          = !created && !deleted && strcmp (f->orig_path, f->path) != 0;
      gboolean mode_change = !created && !deleted && f->orig_mode
                             && f->cur_mode && f->orig_mode != f->cur_mode;

      if (f->binary)
        {
          e.binary = TRUE;
          e.added = f->bin_new > 0 ? (guint) f->bin_new : 0;
          e.deleted = f->bin_old > 0 ? (guint) f->bin_old : 0;
          if (created)
            e.deleted = 0;
          if (deleted)
            e.added = 0;
        }
      else
        count_lines (ds, f, &e.added, &e.deleted);

      e.interesting
          = created || deleted || renamed || mode_change || f->binary;
      if (!e.interesting && e.added == 0 && e.deleted == 0)
        continue;

      e.name = g_strdup (deleted ? f->orig_path : f->path);
      if (renamed)
        e.print_name = pcc_diffstat_pprint_rename (f->orig_path, f->path);
      else
        e.print_name = pcc_diffstat_quote_path (e.name);

      g_autoptr (GString) sum = g_string_new (NULL);
      if (created)
        {
          g_autofree char *q = pcc_diffstat_quote_path (f->path);
          if (f->cur_mode)
            g_string_append_printf (sum, " create mode %06o %s\n", f->cur_mode,
                                    q);
          else
            g_string_append_printf (sum, " create %s\n", q);
        }
      else if (deleted)
        {
          g_autofree char *q = pcc_diffstat_quote_path (f->orig_path);
          if (f->orig_mode)
            g_string_append_printf (sum, " delete mode %06o %s\n",
                                    f->orig_mode, q);
          else
            g_string_append_printf (sum, " delete %s\n", q);
        }
      else if (renamed)
        {
          g_autofree char *names
              = pcc_diffstat_pprint_rename (f->orig_path, f->path);
          if (f->similarity < 0 || f->touches > 1)
            inexact (ds,
                     "%s: similarity of the rename after several "
                     "patches is estimated",
                     f->path);
          g_string_append_printf (sum, " rename %s (%d%%)\n", names,
                                  f->similarity >= 0 ? f->similarity : 100);
          if (mode_change)
            g_string_append_printf (sum, " mode change %06o => %06o\n",
                                    f->orig_mode, f->cur_mode);
        }
      else if (mode_change)
        {
          g_autofree char *q = pcc_diffstat_quote_path (f->path);
          g_string_append_printf (sum, " mode change %06o => %06o %s\n",
                                  f->orig_mode, f->cur_mode, q);
        }
      if (sum->len)
        e.summary = g_strdup (sum->str);
      g_array_append_val (entries, e);
    }
  g_array_sort (entries, cmp_entry);
  return entries;
}

void
pcc_diffstat_get_totals (PccDiffstat *ds, guint *files, guint *insertions,
                         guint *deletions)
{
  g_autoptr (GArray) entries = pcc_diffstat_collect_entries (ds);
  guint adds = 0, dels = 0;
  for (guint i = 0; i < entries->len; i++)
    {
      const PccDiffstatEntry *e
          = &g_array_index (entries, PccDiffstatEntry, i);
      if (!e->binary)
        {
          adds += e->added;
          dels += e->deleted;
        }
    }
  if (files)
    *files = entries->len;
  if (insertions)
    *insertions = adds;
  if (deletions)
    *deletions = dels;
}
