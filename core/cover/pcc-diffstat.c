/* pcc-diffstat.c - the diffstat of a whole series (see pcc-diffstat.h). */
#include "pcc-diffstat.h"
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

/* --- parsing a patch ----------------------------------------------------------- */

typedef struct
{
  char op; /* ' ', '-', '+' */
  const char *text;
  gsize len; /* with the newline */
  gboolean no_newline;
} HLine;

typedef struct
{
  guint old_start, old_count, new_start, new_count;
  GArray *lines; /* HLine */
} Hunk;

typedef struct
{
  char *old_path, *new_path; /* NULL for /dev/null */
  char *git_a, *git_b;       /* from "diff --git" */
  gboolean is_new, is_delete, is_rename, is_copy, binary, binary_sizes;
  guint old_mode, new_mode;
  guint index_mode;
  int similarity;
  gint64 bin_old, bin_new;
  GArray *hunks; /* Hunk */
} FileDiff;

static void
hunk_clear (gpointer p)
{
  Hunk *h = p;
  g_array_unref (h->lines);
}

static void
file_diff_free (gpointer p)
{
  FileDiff *d = p;
  g_free (d->old_path);
  g_free (d->new_path);
  g_free (d->git_a);
  g_free (d->git_b);
  g_array_unref (d->hunks);
  g_free (d);
}

static FileDiff *
file_diff_new (void)
{
  FileDiff *d = g_new0 (FileDiff, 1);
  d->hunks = g_array_new (FALSE, TRUE, sizeof (Hunk));
  g_array_set_clear_func (d->hunks, hunk_clear);
  d->similarity = -1;
  d->bin_old = d->bin_new = -1;
  return d;
}

/* Undo git's C quoting of a path ("\"a/b\\tc\"").  @s points at the
 * opening quote; *@end gets the position after the closing one. */
static char *
unquote_c (const char *s, const char *limit, const char **end)
{
  GString *out = g_string_new (NULL);
  const char *p = s + 1;
  while (p < limit && *p != '"')
    {
      if (*p == '\\' && p + 1 < limit)
        {
          p++;
          switch (*p)
            {
              case 'a':
                g_string_append_c (out, '\a');
                p++;
                break;
              case 'b':
                g_string_append_c (out, '\b');
                p++;
                break;
              case 't':
                g_string_append_c (out, '\t');
                p++;
                break;
              case 'n':
                g_string_append_c (out, '\n');
                p++;
                break;
              case 'v':
                g_string_append_c (out, '\v');
                p++;
                break;
              case 'f':
                g_string_append_c (out, '\f');
                p++;
                break;
              case 'r':
                g_string_append_c (out, '\r');
                p++;
                break;
              case '0':
              case '1':
              case '2':
              case '3':
                if (p + 2 < limit)
                  {
                    int v = ((p[0] - '0') << 6) | ((p[1] - '0') << 3)
                            | (p[2] - '0');
                    g_string_append_c (out, (char) v);
                    p += 3;
                    break;
                  }
                /* fall through */
              default:
                g_string_append_c (out, *p);
                p++;
            }
        }
      else
        g_string_append_c (out, *p++);
    }
  if (end)
    *end = p < limit ? p + 1 : limit;
  return g_string_free (out, FALSE);
}

/* A path on a ---/+++ or rename/copy line: quoted or not, a trailing tab
 * (and what follows it) dropped, @strip leading components removed. */
static char *
parse_path (const char *s, gsize len, int strip)
{
  const char *limit = s + len;
  char *path;
  if (len > 0 && s[0] == '"')
    path = unquote_c (s, limit, NULL);
  else
    {
      const char *tab = memchr (s, '\t', len);
      path = g_strndup (s, tab ? (gsize) (tab - s) : len);
    }
  if (strcmp (path, "/dev/null") == 0)
    {
      g_free (path);
      return NULL;
    }
  char *p = path;
  for (int i = 0; i < strip; i++)
    {
      char *slash = strchr (p, '/');
      if (!slash)
        break;
      p = slash + 1;
    }
  char *r = g_strdup (p);
  g_free (path);
  return r;
}

/* "diff --git a/X b/Y": the two names when they can be told apart. */
static void
parse_git_header (FileDiff *d, const char *s, gsize len)
{
  const char *limit = s + len;
  if (len > 0 && s[0] == '"')
    {
      const char *e;
      char *a = unquote_c (s, limit, &e);
      while (e < limit && *e == ' ')
        e++;
      char *b = e < limit && *e == '"' ? unquote_c (e, limit, NULL)
                                       : g_strndup (e, limit - e);
      d->git_a = g_strdup (strchr (a, '/') ? strchr (a, '/') + 1 : a);
      d->git_b = g_strdup (strchr (b, '/') ? strchr (b, '/') + 1 : b);
      g_free (a);
      g_free (b);
      return;
    }
  /* "a/NAME b/NAME": the same name twice (new, deleted, mode change). */
  if (len >= 5 && (len - 1) % 2 == 0)
    {
      gsize half = (len - 1) / 2;
      if (s[half] == ' ' && half >= 2 && s[1] == '/' && s[half + 2] == '/'
          && memcmp (s + 2, s + half + 3, half - 2) == 0)
        {
          d->git_a = g_strndup (s + 2, half - 2);
          d->git_b = g_strndup (s + 2, half - 2);
          return;
        }
    }
  /* Otherwise split at " b/" (renames also have rename from/to). */
  const char *sp = g_strstr_len (s, len, " b/");
  if (sp && len > 2)
    {
      d->git_a = g_strndup (s + 2, sp - s - 2);
      d->git_b = g_strndup (sp + 3, limit - sp - 3);
    }
}

static gboolean
parse_uint (const char **p, const char *limit, guint *out)
{
  const char *q = *p;
  guint64 v = 0;
  if (q >= limit || !g_ascii_isdigit (*q))
    return FALSE;
  while (q < limit && g_ascii_isdigit (*q))
    {
      v = v * 10 + (guint64) (*q - '0');
      if (v > G_MAXUINT / 2)
        return FALSE;
      q++;
    }
  *out = (guint) v;
  *p = q;
  return TRUE;
}

static gboolean
parse_hunk_header (const char *s, gsize len, Hunk *h)
{
  const char *p = s + 4, *limit = s + len; /* after "@@ -" */
  h->old_count = h->new_count = 1;
  if (!parse_uint (&p, limit, &h->old_start))
    return FALSE;
  if (p < limit && *p == ',')
    {
      p++;
      if (!parse_uint (&p, limit, &h->old_count))
        return FALSE;
    }
  if (limit - p < 2 || p[0] != ' ' || p[1] != '+')
    return FALSE;
  p += 2;
  if (!parse_uint (&p, limit, &h->new_start))
    return FALSE;
  if (p < limit && *p == ',')
    {
      p++;
      if (!parse_uint (&p, limit, &h->new_count))
        return FALSE;
    }
  return limit - p >= 3 && p[0] == ' ' && p[1] == '@' && p[2] == '@';
}

static guint
parse_mode (const char *s, gsize len)
{
  guint m = 0;
  for (gsize i = 0; i < len && s[i] >= '0' && s[i] <= '7'; i++)
    m = m * 8 + (guint) (s[i] - '0');
  return m;
}

typedef struct
{
  const char *data;
  gsize len;
  gsize pos;
  guint lineno;
} Reader;

static gboolean
next_line (Reader *r, const char **line, gsize *len, gsize *full)
{
  if (r->pos >= r->len)
    return FALSE;
  const char *s = r->data + r->pos;
  const char *nl = memchr (s, '\n', r->len - r->pos);
  gsize l = nl ? (gsize) (nl - s) : r->len - r->pos;
  *line = s;
  *len = l;
  *full = nl ? l + 1 : l;
  return TRUE;
}

static void
advance (Reader *r, gsize full)
{
  r->pos += full;
  r->lineno++;
}

#define STARTS(s, l, lit) \
  ((l) >= sizeof (lit) - 1 && memcmp ((s), (lit), sizeof (lit) - 1) == 0)

/* Sizes from a "GIT binary patch": "literal N" gives the size of the
 * result; the forward part gives the new size, the reverse part the old.
 * "delta N" does not give it without inflating the delta. */
static void
parse_binary (Reader *r, FileDiff *d)
{
  const char *line;
  gsize len, full;
  int part = 0;
  while (part < 2 && next_line (r, &line, &len, &full))
    {
      gint64 size = -1;
      if (STARTS (line, len, "literal "))
        size = g_ascii_strtoll (line + 8, NULL, 10);
      else if (!STARTS (line, len, "delta "))
        break;
      if (part == 0)
        d->bin_new = size;
      else
        d->bin_old = size;
      advance (r, full);
      /* Data lines up to a blank line. */
      while (next_line (r, &line, &len, &full) && len > 0)
        advance (r, full);
      if (next_line (r, &line, &len, &full))
        advance (r, full);
      part++;
    }
  d->binary_sizes = d->bin_new >= 0 && d->bin_old >= 0;
}

static gboolean
parse_hunks (Reader *r, const char *name, FileDiff *d, GError **error)
{
  const char *line;
  gsize len, full;
  while (next_line (r, &line, &len, &full) && STARTS (line, len, "@@ -"))
    {
      Hunk h = { 0 };
      guint hline = r->lineno + 1;
      if (!parse_hunk_header (line, len, &h))
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s:%u: malformed hunk header “%.*s”", name, hline,
                       (int) MIN (len, 80), line);
          return FALSE;
        }
      advance (r, full);
      h.lines = g_array_new (FALSE, TRUE, sizeof (HLine));
      guint o = h.old_count, n = h.new_count;
      while (o > 0 || n > 0)
        {
          if (!next_line (r, &line, &len, &full))
            {
              g_array_unref (h.lines);
              g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                           "%s:%u: the hunk is cut short (%u old and %u new "
                           "lines missing)",
                           name, hline, o, n);
              return FALSE;
            }
          HLine hl = { 0 };
          char op = len == 0 ? ' ' : line[0];
          if (len == 0 || (len == 1 && line[0] == '\r'))
            {
              /* A context line whose space a mailer ate. */
              hl.op = ' ';
              hl.text = "\n";
              hl.len = 1;
            }
          else if (op == ' ' || op == '-' || op == '+')
            {
              hl.op = op;
              hl.text = line + 1;
              hl.len = full - 1;
            }
          else if (op == '\\')
            {
              if (h.lines->len)
                g_array_index (h.lines, HLine, h.lines->len - 1).no_newline
                    = TRUE;
              advance (r, full);
              continue;
            }
          else
            {
              g_array_unref (h.lines);
              g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                           "%s:%u: the hunk is cut short (%u old and %u new "
                           "lines missing)",
                           name, hline, o, n);
              return FALSE;
            }
          if (hl.op != '+')
            {
              if (o == 0)
                goto bad_count;
              o--;
            }
          if (hl.op != '-')
            {
              if (n == 0)
                goto bad_count;
              n--;
            }
          g_array_append_val (h.lines, hl);
          advance (r, full);
          continue;
        bad_count:
          g_array_unref (h.lines);
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s:%u: the hunk has more lines than its header "
                       "says",
                       name, r->lineno + 1);
          return FALSE;
        }
      /* A "\ No newline" after the last line. */
      if (next_line (r, &line, &len, &full) && len > 0 && line[0] == '\\')
        {
          if (h.lines->len)
            g_array_index (h.lines, HLine, h.lines->len - 1).no_newline = TRUE;
          advance (r, full);
        }
      g_array_append_val (d->hunks, h);
    }
  return TRUE;
}

/* Read the file diffs of one patch. */
static GPtrArray *
parse_patch (const char *name, const char *text, gsize tlen, GError **error)
{
  g_autoptr (GPtrArray) diffs
      = g_ptr_array_new_with_free_func (file_diff_free);
  Reader r = { text, tlen, 0, 0 };
  const char *line;
  gsize len, full;

  while (next_line (&r, &line, &len, &full))
    {
      if (STARTS (line, len, "diff --git "))
        {
          FileDiff *d = file_diff_new ();
          g_ptr_array_add (diffs, d);
          parse_git_header (d, line + 11, len - 11);
          advance (&r, full);
          /* Extended headers. */
          while (next_line (&r, &line, &len, &full))
            {
              if (STARTS (line, len, "old mode "))
                d->old_mode = parse_mode (line + 9, len - 9);
              else if (STARTS (line, len, "new mode "))
                d->new_mode = parse_mode (line + 9, len - 9);
              else if (STARTS (line, len, "new file mode "))
                {
                  d->is_new = TRUE;
                  d->new_mode = parse_mode (line + 14, len - 14);
                }
              else if (STARTS (line, len, "deleted file mode "))
                {
                  d->is_delete = TRUE;
                  d->old_mode = parse_mode (line + 18, len - 18);
                }
              else if (STARTS (line, len, "rename from "))
                {
                  d->is_rename = TRUE;
                  g_free (d->old_path);
                  d->old_path = parse_path (line + 12, len - 12, 0);
                }
              else if (STARTS (line, len, "rename to "))
                {
                  d->is_rename = TRUE;
                  g_free (d->new_path);
                  d->new_path = parse_path (line + 10, len - 10, 0);
                }
              else if (STARTS (line, len, "copy from "))
                {
                  d->is_copy = TRUE;
                  g_free (d->old_path);
                  d->old_path = parse_path (line + 10, len - 10, 0);
                }
              else if (STARTS (line, len, "copy to "))
                {
                  d->is_copy = TRUE;
                  g_free (d->new_path);
                  d->new_path = parse_path (line + 8, len - 8, 0);
                }
              else if (STARTS (line, len, "similarity index "))
                d->similarity = atoi (line + 17);
              else if (STARTS (line, len, "dissimilarity index "))
                ;
              else if (STARTS (line, len, "index "))
                {
                  const char *sp = memchr (line + 6, ' ', len - 6);
                  if (sp)
                    d->index_mode = parse_mode (sp + 1, line + len - sp - 1);
                }
              else
                break;
              advance (&r, full);
            }
          if (next_line (&r, &line, &len, &full))
            {
              if (STARTS (line, len, "GIT binary patch"))
                {
                  d->binary = TRUE;
                  advance (&r, full);
                  parse_binary (&r, d);
                  continue;
                }
              if (STARTS (line, len, "Binary files "))
                {
                  d->binary = TRUE;
                  advance (&r, full);
                  continue;
                }
              if (STARTS (line, len, "--- "))
                {
                  gsize l1 = len, f1 = full;
                  const char *s1 = line;
                  Reader save = r;
                  advance (&r, f1);
                  if (next_line (&r, &line, &len, &full)
                      && STARTS (line, len, "+++ "))
                    {
                      char *o = parse_path (s1 + 4, l1 - 4, 1);
                      char *n = parse_path (line + 4, len - 4, 1);
                      if (!d->is_rename && !d->is_copy)
                        {
                          g_free (d->old_path);
                          g_free (d->new_path);
                          d->old_path = o;
                          d->new_path = n;
                        }
                      else
                        {
                          g_free (o);
                          g_free (n);
                        }
                      advance (&r, full);
                      if (!parse_hunks (&r, name, d, error))
                        return NULL;
                    }
                  else
                    r = save;
                }
            }
          continue;
        }
      if (STARTS (line, len, "--- "))
        {
          /* A traditional unified diff: "---", "+++", "@@". */
          Reader save = r;
          const char *s1 = line;
          gsize l1 = len;
          advance (&r, full);
          const char *l2;
          gsize len2, full2;
          if (next_line (&r, &l2, &len2, &full2) && STARTS (l2, len2, "+++ "))
            {
              Reader save2 = r;
              advance (&r, full2);
              const char *l3;
              gsize len3, full3;
              if (next_line (&r, &l3, &len3, &full3)
                  && STARTS (l3, len3, "@@ -"))
                {
                  FileDiff *d = file_diff_new ();
                  g_ptr_array_add (diffs, d);
                  d->old_path = parse_path (s1 + 4, l1 - 4, 1);
                  d->new_path = parse_path (l2 + 4, len2 - 4, 1);
                  d->is_new = d->old_path == NULL;
                  d->is_delete = d->new_path == NULL;
                  if (!parse_hunks (&r, name, d, error))
                    return NULL;
                  continue;
                }
              r = save2;
            }
          r = save;
        }
      advance (&r, full);
    }

  /* Fill in the names git headers alone give. */
  for (guint i = 0; i < diffs->len; i++)
    {
      FileDiff *d = diffs->pdata[i];
      if (!d->old_path && !d->is_new && d->git_a)
        d->old_path = g_strdup (d->git_a);
      if (!d->new_path && !d->is_delete && d->git_b)
        d->new_path = g_strdup (d->git_b);
      if (d->is_new)
        g_clear_pointer (&d->old_path, g_free);
      if (d->is_delete)
        g_clear_pointer (&d->new_path, g_free);
      if (d->old_path && !d->new_path)
        d->is_delete = TRUE;
      if (!d->old_path && d->new_path)
        d->is_new = TRUE;
      if (!d->old_path && !d->new_path)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s: a file diff without a file name", name);
          return NULL;
        }
    }
  return g_steal_pointer (&diffs);
}

/* --- composing ---------------------------------------------------------------- */

static void
apply_hunks (PccDiffstat *ds, const char *name, FileState *f,
             const FileDiff *d)
{
  gint64 delta = 0;
  const char *fname = f->path ? f->path : f->orig_path;

  for (guint hi = 0; hi < d->hunks->len; hi++)
    {
      const Hunk *h = &g_array_index (d->hunks, Hunk, hi);
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
          const HLine *hl = &g_array_index (h->lines, HLine, li);
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
  g_autoptr (GPtrArray) diffs = parse_patch (name, text, len, error);
  if (!diffs)
    return FALSE;

  for (guint i = 0; i < diffs->len; i++)
    {
      FileDiff *d = diffs->pdata[i];
      FileState *f;

      if (d->is_new && !d->is_copy)
        f = state_for_created (ds, d->new_path);
      else if (d->is_copy)
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
      else
        {
          f = state_for_existing (ds, d->old_path);
          if (d->is_rename)
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

/* --- formatting -------------------------------------------------------------- */

typedef struct
{
  char *name;       /* for sorting: the final path, or the original */
  char *print_name; /* as shown, quoted, "{a => b}" for renames */
  guint added, deleted;
  gboolean binary, interesting;
  char *summary; /* --summary lines, or NULL */
} Entry;

static void
entry_clear (gpointer p)
{
  Entry *e = p;
  g_free (e->name);
  g_free (e->print_name);
  g_free (e->summary);
}

char *
pcc_diffstat_quote_path (const char *path)
{
  gboolean need = FALSE;
  for (const unsigned char *p = (const unsigned char *) path; *p; p++)
    if (*p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f)
      need = TRUE;
  if (!need)
    return g_strdup (path);
  GString *out = g_string_new ("\"");
  for (const unsigned char *p = (const unsigned char *) path; *p; p++)
    {
      unsigned char c = *p;
      const char *esc = NULL;
      switch (c)
        {
          case '\a':
            esc = "\\a";
            break;
          case '\b':
            esc = "\\b";
            break;
          case '\t':
            esc = "\\t";
            break;
          case '\n':
            esc = "\\n";
            break;
          case '\v':
            esc = "\\v";
            break;
          case '\f':
            esc = "\\f";
            break;
          case '\r':
            esc = "\\r";
            break;
          case '"':
            esc = "\\\"";
            break;
          case '\\':
            esc = "\\\\";
            break;
          default:
            break;
        }
      if (esc)
        g_string_append (out, esc);
      else if (c < 0x20 || c >= 0x7f)
        g_string_append_printf (out, "\\%03o", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

static gboolean
needs_quote (const char *s)
{
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    if (*p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f)
      return TRUE;
  return FALSE;
}

/* git's pprint_rename(). */
static char *
pprint_rename (const char *a, const char *b)
{
  if (needs_quote (a) || needs_quote (b))
    {
      g_autofree char *qa = pcc_diffstat_quote_path (a);
      g_autofree char *qb = pcc_diffstat_quote_path (b);
      return g_strdup_printf ("%s => %s", qa, qb);
    }
  int len_a = (int) strlen (a), len_b = (int) strlen (b);
  int pfx = 0, sfx = 0;
  const char *o = a, *n = b;
  while (*o && *n && *o == *n)
    {
      if (*o == '/')
        pfx = (int) (o - a) + 1;
      o++;
      n++;
    }
  o = a + len_a;
  n = b + len_b;
  int adj = pfx ? 1 : 0;
  while (a + pfx - adj <= o && b + pfx - adj <= n && *o == *n)
    {
      if (*o == '/')
        sfx = len_a - (int) (o - a);
      o--;
      n--;
    }
  int a_mid = len_a - pfx - sfx, b_mid = len_b - pfx - sfx;
  if (a_mid < 0)
    a_mid = 0;
  if (b_mid < 0)
    b_mid = 0;
  GString *s = g_string_new (NULL);
  if (pfx + sfx)
    {
      g_string_append_len (s, a, pfx);
      g_string_append_c (s, '{');
    }
  g_string_append_len (s, a + pfx, a_mid);
  g_string_append (s, " => ");
  g_string_append_len (s, b + pfx, b_mid);
  if (pfx + sfx)
    {
      g_string_append_c (s, '}');
      g_string_append_len (s, a + len_a - sfx, sfx);
    }
  return g_string_free (s, FALSE);
}

/* The two versions of a file as buffers for xdiff; lines no hunk showed
 * are placeholders, the same in both. */
static void
build_buffers (FileState *f, GString *a, GString *b)
{
  guint n_orig = f->next_orig - 1;
  if (f->orig_path)
    for (guint k = 1; k <= n_orig; k++)
      {
        const char *t = get_orig_text (f, k);
        if (t)
          g_string_append (a, t);
        else
          g_string_append_printf (a, "\x1fpcc-unseen-line %u\x1f\n", k);
      }
  if (f->path)
    for (guint i = 0; i < f->cur->len; i++)
      {
        const DLine *d = &g_array_index (f->cur, DLine, i);
        const char *t = d->text   ? d->text
                        : d->orig ? get_orig_text (f, d->orig)
                                  : NULL;
        if (t)
          g_string_append (b, t);
        else
          g_string_append_printf (b, "\x1fpcc-unseen-line %u\x1f\n", d->orig);
      }
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
  const Entry *a = pa, *b = pb;
  return strcmp (a->name, b->name);
}

static GArray *
collect_entries (PccDiffstat *ds)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (entries, entry_clear);

  for (guint i = 0; i < ds->files->len; i++)
    {
      FileState *f = ds->files->pdata[i];
      Entry e = { 0 };
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
        e.print_name = pprint_rename (f->orig_path, f->path);
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
          g_autofree char *names = pprint_rename (f->orig_path, f->path);
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

static int
decimal_width (guint64 n)
{
  int w = 1;
  while (n >= 10)
    {
      n /= 10;
      w++;
    }
  return w;
}

static int
utf8_strwidth (const char *s)
{
  int w = 0;
  if (!g_utf8_validate (s, -1, NULL))
    return (int) strlen (s);
  for (; *s; s = g_utf8_next_char (s))
    {
      gunichar c = g_utf8_get_char (s);
      if (g_unichar_iszerowidth (c))
        continue;
      w += g_unichar_iswide (c) ? 2 : 1;
    }
  return w;
}

static int
scale_linear (int it, int width, int max_change)
{
  if (!it)
    return 0;
  return 1 + (int) ((gint64) it * (width - 1) / max_change);
}

void
pcc_diffstat_get_totals (PccDiffstat *ds, guint *files, guint *insertions,
                         guint *deletions)
{
  g_autoptr (GArray) entries = collect_entries (ds);
  guint adds = 0, dels = 0;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
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

/* git's show_stats() and print_stat_summary_inserts_deletes(), with no
 * colour, no line prefix, no --stat-count, --stat-name-width or
 * --stat-graph-width. */
char *
pcc_diffstat_format (PccDiffstat *ds, int width, gboolean summary)
{
  g_autoptr (GArray) entries = collect_entries (ds);
  GString *out = g_string_new (NULL);
  if (entries->len == 0)
    return g_string_free (out, FALSE);

  guint64 max_change = 0;
  int max_len = 0, number_width = 0, bin_width = 0;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      guint64 change = (guint64) e->added + e->deleted;
      int len = utf8_strwidth (e->print_name);
      if (max_len < len)
        max_len = len;
      if (e->binary)
        {
          int w = 14 + decimal_width (e->added) + decimal_width (e->deleted);
          bin_width = bin_width < w ? w : bin_width;
          number_width = 3;
          continue;
        }
      if (max_change < change)
        max_change = change;
    }

  if (width <= 0)
    width = 80;
  number_width = decimal_width (max_change) > number_width
                     ? decimal_width (max_change)
                     : number_width;
  if (width < 16 + 6 + number_width)
    width = 16 + 6 + number_width;

  int graph_width
      = (int) max_change + 4 > bin_width ? (int) max_change : bin_width - 4;
  int name_width = max_len;
  if (name_width + number_width + 6 + graph_width > width)
    {
      if (graph_width > width * 3 / 8 - number_width - 6)
        {
          graph_width = width * 3 / 8 - number_width - 6;
          if (graph_width < 6)
            graph_width = 6;
        }
      if (name_width > width - number_width - 6 - graph_width)
        name_width = width - number_width - 6 - graph_width;
      else
        graph_width = width - number_width - 6 - name_width;
    }

  guint total_files = 0, adds = 0, dels = 0;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      const char *prefix = "";
      const char *name = e->print_name;
      int len = name_width;
      int name_len = utf8_strwidth (name);
      if (name_width < name_len)
        {
          prefix = "...";
          len -= 3;
          /* Byte offset, as git does (its NEEDSWORK comment). */
          if (name_len - len > 0 && (gsize) (name_len - len) <= strlen (name))
            name += name_len - len;
          const char *slash = strchr (name, '/');
          if (slash)
            name = slash;
        }
      int padding = len - utf8_strwidth (name);
      if (padding < 0)
        padding = 0;

      total_files++;
      if (e->binary)
        {
          g_string_append_printf (out, " %s%s%*s | %*s", prefix, name, padding,
                                  "", number_width, "Bin");
          if (!e->added && !e->deleted)
            {
              g_string_append_c (out, '\n');
              continue;
            }
          g_string_append_printf (out, " %u -> %u bytes\n", e->deleted,
                                  e->added);
          continue;
        }
      adds += e->added;
      dels += e->deleted;

      int add = (int) e->added, del = (int) e->deleted;
      if ((guint64) graph_width <= max_change)
        {
          int total = scale_linear (add + del, graph_width, (int) max_change);
          if (total < 2 && add && del)
            total = 2;
          if (add < del)
            {
              add = scale_linear (add, graph_width, (int) max_change);
              del = total - add;
            }
          else
            {
              del = scale_linear (del, graph_width, (int) max_change);
              add = total - del;
            }
        }
      g_string_append_printf (out, " %s%s%*s | %*u%s", prefix, name, padding,
                              "", number_width, e->added + e->deleted,
                              e->added + e->deleted ? " " : "");
      for (int k = 0; k < add; k++)
        g_string_append_c (out, '+');
      for (int k = 0; k < del; k++)
        g_string_append_c (out, '-');
      g_string_append_c (out, '\n');
    }

  g_string_append_printf (
      out, total_files == 1 ? " %u file changed" : " %u files changed",
      total_files);
  if (adds || dels == 0)
    g_string_append_printf (
        out, adds == 1 ? ", %u insertion(+)" : ", %u insertions(+)", adds);
  if (dels || adds == 0)
    g_string_append_printf (
        out, dels == 1 ? ", %u deletion(-)" : ", %u deletions(-)", dels);
  g_string_append_c (out, '\n');

  if (summary)
    for (guint i = 0; i < entries->len; i++)
      {
        const Entry *e = &g_array_index (entries, Entry, i);
        if (e->summary)
          g_string_append (out, e->summary);
      }
  return g_string_free (out, FALSE);
}
