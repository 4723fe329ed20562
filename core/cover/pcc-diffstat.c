/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-diffstat.c - the diffstat of a whole series (see pcc-diffstat.h).
 *
 * One concept, a little over 800 lines: the series' patches replayed on
 * the base tree, file by file, as runs of known and unseen lines, so that
 * what git diff --stat would count between the base and the last patch
 * is known without the files' full text.  Rendering it is
 * pcc-diffstat-format.c's. */
#include "pcc-diffstat.h"
#include "pcc-diffstat-private.h"
#include "pcc-diff.h"
#include "pcc-error.h"

#include <git2.h>
#include <stdlib.h>
#include <string.h>

/* A stretch of a file as the series goes: one line whose text is known
 * (with its newline, if it has one), or a run of lines no hunk has
 * shown.  A hunk at line 3,999,990 of a file leaves one run before it,
 * not four million records. */
typedef struct
{
  char *text; /* NULL: @run lines no hunk has shown */
  guint orig; /* 1-based line of the original file of the first line;
               * 0 for added lines and for lines copied from unseen ones */
  guint run;  /* how many lines: 1 when @text is set */
} DLine;

typedef struct
{
  char *orig_path; /* in the base tree; NULL: created by the series */
  char *path;      /* now; NULL: deleted by the series */
  guint orig_mode, cur_mode;
  GArray *cur;           /* DLine: the known start of the current content */
  guint cur_lines;       /* how many lines @cur holds (the sum of runs) */
  guint next_orig;       /* first original line not yet in @cur */
  gboolean tail_empty;   /* nothing follows @cur */
  GHashTable *orig_text; /* line k -> its text, for the lines seen */
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
  g_hash_table_unref (f->orig_text);
  g_free (f);
}

static FileState *
file_state_new (void)
{
  FileState *f = g_new0 (FileState, 1);
  f->cur = g_array_new (FALSE, TRUE, sizeof (DLine));
  g_array_set_clear_func (f->cur, dline_clear);
  f->orig_text = g_hash_table_new_full (NULL, NULL, NULL, g_free);
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
  gpointer key = GUINT_TO_POINTER (k);
  if (!g_hash_table_contains (f->orig_text, key))
    g_hash_table_insert (f->orig_text, key, g_strdup (text));
}

static const char *
get_orig_text (FileState *f, guint k)
{
  return g_hash_table_lookup (f->orig_text, GUINT_TO_POINTER (k));
}

/* Forget the current content: the file now has no lines. */
static void
cur_clear (FileState *f)
{
  g_array_set_size (f->cur, 0);
  f->cur_lines = 0;
  f->tail_empty = TRUE;
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
      DLine d = { g_strdup (line), k, 1 };
      g_array_append_val (f->cur, d);
      p = e;
    }
  f->cur_lines = k;
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
      cur_clear (f);
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
          cur_clear (g);
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

/* Make sure @f->cur holds at least @n lines: the original lines that
 * follow it, none of them shown yet, join as one run. */
static gboolean
materialize (FileState *f, guint n)
{
  if (f->cur_lines >= n)
    return TRUE;
  if (f->tail_empty)
    return FALSE;
  DLine d = { NULL, f->next_orig, n - f->cur_lines };
  g_array_append_val (f->cur, d);
  f->next_orig += d.run;
  f->cur_lines = n;
  return TRUE;
}

/* The index of the element of @f->cur that starts at line @pos (0-based,
 * at most @f->cur_lines), splitting a run there if need be. */
static guint
split_at (FileState *f, guint pos)
{
  if (f->cur->len == f->cur_lines)
    return pos; /* one line each: the common case */
  guint line = 0;
  for (guint i = 0; i < f->cur->len; i++)
    {
      DLine *d = &g_array_index (f->cur, DLine, i);
      if (line == pos)
        return i;
      if (pos < line + d->run)
        {
          guint head = pos - line;
          DLine tail = { NULL, d->orig ? d->orig + head : 0, d->run - head };
          d->run = head;
          g_array_insert_val (f->cur, i + 1, tail);
          return i + 1;
        }
      line += d->run;
    }
  return f->cur->len;
}

/* Make @to's content a copy of @from's.  The lines no longer stand for
 * lines of @to's original file. */
static void
copy_content (FileState *to, const FileState *from)
{
  g_array_set_size (to->cur, 0);
  for (guint k = 0; k < from->cur->len; k++)
    {
      const DLine *s = &g_array_index (from->cur, DLine, k);
      DLine n = { g_strdup (s->text), 0, s->run };
      g_array_append_val (to->cur, n);
    }
  to->cur_lines = from->cur_lines;
  to->tail_empty = from->tail_empty;
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
      guint first = split_at (f, idx);
      guint past = split_at (f, idx + h->old_count);
      g_autoptr (GArray) out = g_array_new (FALSE, TRUE, sizeof (DLine));
      guint elem = first, off = 0; /* the next old line: where in @cur */
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
              DLine n = { g_steal_pointer (&text), 0, 1 };
              g_array_append_val (out, n);
              if (hl->no_newline)
                ends = TRUE;
              continue;
            }
          const DLine *c = &g_array_index (f->cur, DLine, elem);
          guint orig = c->orig ? c->orig + off : 0;
          if (++off == c->run)
            elem++, off = 0;
          if (c->text && strcmp (c->text, text) != 0)
            inexact (ds,
                     "%s: %s changes a line that is not what the "
                     "earlier patches left",
                     fname, name);
          if (orig)
            set_orig_text (f, orig, text);
          if (hl->no_newline)
            ends = TRUE;
          if (hl->op == ' ')
            {
              DLine n = { g_steal_pointer (&text), orig, 1 };
              g_array_append_val (out, n);
            }
        }
      /* Replace the old lines with the new ones. */
      g_array_remove_range (f->cur, first, past - first);
      g_array_set_clear_func (out, NULL);
      g_array_insert_vals (f->cur, first, out->data, out->len);
      f->cur_lines = f->cur_lines - h->old_count + out->len;
      if (ends)
        {
          /* The file ends with this hunk. */
          guint end = first + out->len;
          if (f->cur->len > end)
            g_array_remove_range (f->cur, end, f->cur->len - end);
          f->cur_lines = idx + out->len;
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

  /* Bound how far into a file a hunk may reach (the documented limit;
   * runs of lines no hunk showed are one record each, so the cost does
   * not grow with it). */
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

  /* Every "a/" side of a patch is the file before the patch: a copy
   * takes its source as it was then, not with the changes the same
   * patch makes to it. */
  g_autoptr (GHashTable) sources
      = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, file_state_free);
  for (guint i = 0; i < diffs->len; i++)
    {
      const PccDiffFile *d = diffs->pdata[i];
      if (d->is_copy && d->old_path && d->new_path
          && !g_hash_table_contains (sources, d->old_path))
        {
          FileState *snap = file_state_new ();
          copy_content (snap, state_for_existing (ds, d->old_path));
          g_hash_table_insert (sources, d->old_path, snap);
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
          /* from the source as it was before this patch */
          const FileState *src = g_hash_table_lookup (sources, d->old_path);
          f = state_for_created (ds, d->new_path);
          copy_content (f, src);
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
          f = state_for_existing (ds, d->old_path ? d->old_path : d->new_path);
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
          cur_clear (f);
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
  g_free (e->orig_name);
}

static int
cmp_guint (gconstpointer pa, gconstpointer pb)
{
  guint a = *(const guint *) pa, b = *(const guint *) pb;
  return a < b ? -1 : a > b;
}

/* Lines no hunk showed are the same, in the same order, in both versions
 * of a file.  A run of them becomes one placeholder line, the same on
 * both sides, rather than one per line: a hunk at line 3,999,990 of a
 * file otherwise gives xdiff two buffers of 4 million lines (seconds and
 * a gigabyte for a six-line patch).  A run is cut wherever either side
 * cuts it (a seen line, or an added one between two unseen lines), so
 * the two sides get the same placeholders.  Returns the lines where a
 * run starts, sorted, without repeats. */
static GArray *
find_run_starts (FileState *f, GArray *seen)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_orig = f->next_orig - 1;
  if (f->orig_path)
    {
      /* In the original: the first line, and each line after a seen one,
       * when not seen themselves. */
      guint prev = 0;
      for (guint i = 0; i <= seen->len; i++)
        {
          guint k
              = i < seen->len ? g_array_index (seen, guint, i) : n_orig + 1;
          if (k > prev + 1)
            {
              guint s = prev + 1;
              g_array_append_val (starts, s);
            }
          prev = k;
        }
    }
  if (f->path)
    {
      /* In the current content: an unseen run that does not follow the
       * line before it. */
      guint last = 0; /* the last line of the previous unseen element */
      for (guint i = 0; i < f->cur->len; i++)
        {
          const DLine *d = &g_array_index (f->cur, DLine, i);
          if (d->text || d->orig == 0)
            last = 0;
          else
            {
              if (last == 0 || d->orig != last + 1)
                g_array_append_val (starts, d->orig);
              last = d->orig + d->run - 1;
            }
        }
    }
  g_array_sort (starts, cmp_guint);
  guint n = 0;
  for (guint i = 0; i < starts->len; i++)
    if (n == 0
        || g_array_index (starts, guint, i)
               != g_array_index (starts, guint, n - 1))
      g_array_index (starts, guint, n++) = g_array_index (starts, guint, i);
  g_array_set_size (starts, n);
  return starts;
}

/* The first start after @k, or G_MAXUINT. */
static guint
next_start (GArray *starts, guint k)
{
  guint lo = 0, hi = starts->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (starts, guint, mid) <= k)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < starts->len ? g_array_index (starts, guint, lo) : G_MAXUINT;
}

/* Close the open piece of unseen lines, if any. */
static void
close_run (GString *s, guint *first, guint last)
{
  if (*first == 0)
    return;
  g_string_append_printf (s, "\x1fpcc-unseen-lines %u-%u\x1f\n", *first, last);
  *first = 0;
}

/* Append the unseen original lines @k to @end to @s: one placeholder per
 * piece between two starts.  *@first and *@last hold the open piece,
 * which the next unseen lines may continue. */
static void
append_unseen (GString *s, GArray *starts, guint k, guint end, guint *first,
               guint *last)
{
  while (k <= end)
    {
      if (k != *last + 1 || next_start (starts, k - 1) == k)
        close_run (s, first, *last);
      guint cut = next_start (starts, k);
      guint piece_end = cut <= end ? cut - 1 : end;
      if (*first == 0)
        *first = k;
      *last = piece_end;
      k = piece_end + 1;
    }
}

/* The two versions of a file as buffers for xdiff.  *@copied counts the
 * lines, beyond the one placeholder of each run, that were copied from
 * lines no hunk showed: they are added lines xdiff does not see. */
static void
build_buffers (FileState *f, GString *a, GString *b, guint *copied)
{
  g_autoptr (GArray) seen = g_array_new (FALSE, FALSE, sizeof (guint));
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, f->orig_text);
  while (g_hash_table_iter_next (&it, &key, NULL))
    {
      guint k = GPOINTER_TO_UINT (key);
      g_array_append_val (seen, k);
    }
  g_array_sort (seen, cmp_guint);
  g_autoptr (GArray) starts = find_run_starts (f, seen);
  guint n_orig = f->next_orig - 1;
  guint first = 0, last = 0, copies = 0;

  *copied = 0;
  if (f->orig_path)
    {
      guint k = 1;
      for (guint i = 0; i <= seen->len; i++)
        {
          guint next
              = i < seen->len ? g_array_index (seen, guint, i) : n_orig + 1;
          if (next > k)
            append_unseen (a, starts, k, MIN (next - 1, n_orig), &first,
                           &last);
          if (next > n_orig)
            break;
          close_run (a, &first, last);
          g_string_append (a, get_orig_text (f, next));
          k = next + 1;
        }
    }
  close_run (a, &first, last);
  if (f->path)
    for (guint i = 0; i < f->cur->len; i++)
      {
        const DLine *d = &g_array_index (f->cur, DLine, i);
        /* A line a hunk showed leaves its run: an element has its own
         * text, or is a run of lines no hunk showed. */
        if (d->text)
          {
            close_run (b, &first, last);
            g_string_append (b, d->text);
          }
        else if (d->orig == 0) /* copied from lines no hunk showed */
          {
            close_run (b, &first, last);
            g_string_append_printf (b, "\x1fpcc-unseen-copy %u\x1f\n",
                                    ++copies);
            *copied += d->run - 1;
          }
        else
          append_unseen (b, starts, d->orig, d->orig + d->run - 1, &first,
                         &last);
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
  guint copied;
  build_buffers (f, a, b, &copied);
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
  *added = (guint) adds + copied;
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
        {
          e.orig_name = g_strdup (f->orig_path);
          if (f->similarity < 0 || f->touches > 1)
            inexact (ds,
                     "%s: similarity of the rename after several "
                     "patches is estimated",
                     f->path);
        }
      e.created = created;
      e.removed = deleted;
      e.mode_change = mode_change;
      e.orig_mode = f->orig_mode;
      e.cur_mode = f->cur_mode;
      e.similarity = f->similarity >= 0 ? f->similarity : 100;
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
