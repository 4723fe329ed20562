/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-range-diff.c - "git range-diff --no-color", computed with libgit2.
 * See pcc-range-diff.h for what is compared and what is printed. */
#include <string.h>

#include <git2.h>

#include "pcc-error.h"
#include "pcc-quote.h"
#include "pcc-range-diff.h"

/* The cost of a pairing that must not happen (git's COST_MAX). */
#define RD_COST_MAX (1 << 16)

/* The longest function name a hunk header carries (xdiff's buffer). */
#define RD_FUNC_MAX 80

typedef struct
{
  git_oid oid;
  GString *text;     /* the commit as range-diff compares it */
  gsize diff_offset; /* where its diff starts in text (0: no diff) */
  int diffsize;      /* lines of the diff part */
  int matching;      /* index of the partner in the other series, or -1 */
  gboolean shown;
  char *subject; /* the one-line form of the message */
} RdCommit;

static void
rd_commit_clear (RdCommit *c)
{
  if (c->text)
    g_string_free (c->text, TRUE);
  g_free (c->subject);
}

/* The settings of git's diff configuration that change what git log -p
 * and git range-diff print. */
typedef struct
{
  guint32 flags;    /* GIT_DIFF_INDENT_HEURISTIC, _PATIENCE, _MINIMAL */
  int context;      /* diff.context */
  int interhunk;    /* diff.interHunkContext */
  int renames;      /* diff.renames: 0 off, 1 renames, 2 copies too */
  int rename_limit; /* diff.renameLimit */
  int abbrev;       /* core.abbrev: -1 for git's estimate */
  gboolean suppress_blank_empty; /* diff.suppressBlankEmpty */
} RdConfig;

static gboolean
git_fail (GError **error, const char *what)
{
  const git_error *e = git_error_last ();
  g_set_error (error, PCC_ERROR, PCC_ERROR_GIT, "%s: %s", what,
               e && e->message ? e->message : "libgit2 error");
  return FALSE;
}

/* git's isspace(): space, tab, LF and CR only. */
static gboolean
rd_isspace (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gsize
rtrim_len (const char *s, gsize len)
{
  while (len > 0 && rd_isspace (s[len - 1]))
    len--;
  return len;
}

/* ---- the message, as "git log --pretty=medium" indents it ---- */

/* The length of the longest prefix of @s (@len bytes) that git's UTF-8
 * reader accepts: no overlong form, surrogate, U+FFFE, U+FFFF or code
 * point above U+10FFFF. */
static gsize
utf8_valid_prefix (const char *s, gsize len)
{
  const guchar *u = (const guchar *) s;
  gsize at = 0;

  while (at < len)
    {
      const guchar *c = u + at;
      gsize rest = len - at, incr;
      if (c[0] < 0x80)
        incr = 1;
      else if ((c[0] & 0xe0) == 0xc0)
        {
          if (rest < 2 || (c[1] & 0xc0) != 0x80 || (c[0] & 0xfe) == 0xc0)
            break;
          incr = 2;
        }
      else if ((c[0] & 0xf0) == 0xe0)
        {
          if (rest < 3 || (c[1] & 0xc0) != 0x80 || (c[2] & 0xc0) != 0x80
              || (c[0] == 0xe0 && (c[1] & 0xe0) == 0x80)
              || (c[0] == 0xed && (c[1] & 0xe0) == 0xa0)
              || (c[0] == 0xef && c[1] == 0xbf && (c[2] & 0xfe) == 0xbe))
            break;
          incr = 3;
        }
      else if ((c[0] & 0xf8) == 0xf0)
        {
          if (rest < 4 || (c[1] & 0xc0) != 0x80 || (c[2] & 0xc0) != 0x80
              || (c[3] & 0xc0) != 0x80
              || (c[0] == 0xf0 && (c[1] & 0xf0) == 0x80)
              || (c[0] == 0xf4 && c[1] > 0x8f) || c[0] > 0xf4)
            break;
          incr = 4;
        }
      else
        break;
      at += incr;
    }
  return at;
}

/* The display width of @s[0..@len) as git measures it before a tab, or
 * -1 when a control character or invalid UTF-8 makes it meaningless. */
static int
text_width (const char *s, gsize len)
{
  int width = 0;
  const char *end = s + len;

  if (utf8_valid_prefix (s, len) != len)
    return -1;
  while (s < end)
    {
      gunichar ch = g_utf8_get_char (s);
      if (ch != 0 && (ch < 32 || (ch >= 0x7f && ch < 0xa0)))
        return -1;
      if (ch != 0 && !g_unichar_iszerowidth (ch))
        width += g_unichar_iswide (ch) ? 2 : 1;
      s = g_utf8_next_char (s);
    }
  return width;
}

/* @line with its tabs expanded to eight columns, as git log does in the
 * medium format (left as they are after a control character). */
static void
append_tab_expanded (GString *out, const char *line, gsize len)
{
  const char *tab;

  while ((tab = memchr (line, '\t', len)) != NULL)
    {
      int width = text_width (line, tab - line);
      if (width < 0)
        break;
      g_string_append_len (out, line, tab - line);
      for (int k = 8 - width % 8; k > 0; k--)
        g_string_append_c (out, ' ');
      len -= tab + 1 - line;
      line = tab + 1;
    }
  g_string_append_len (out, line, len);
}

/* Append the lines of @msg as range-diff keeps them from git log: four
 * spaces and the line, trailing white space removed, leading and
 * trailing blank lines dropped, blank lines empty. */
static void
append_message (GString *text, const char *msg)
{
  g_autoptr (GString) body = g_string_new (NULL);
  gsize keep = 0; /* body length up to the last non-blank line */
  gboolean first = TRUE;

  while (*msg)
    {
      const char *eol = strchr (msg, '\n');
      gsize full = eol ? (gsize) (eol - msg) : strlen (msg);
      gsize len = rtrim_len (msg, full);

      if (len == 0 && first)
        {
          msg += full + (eol ? 1 : 0);
          continue;
        }
      first = FALSE;
      if (len > 0)
        {
          g_string_append (body, "    ");
          append_tab_expanded (body, msg, len);
          g_string_append_c (body, '\n');
          keep = body->len;
        }
      else
        g_string_append_c (body, '\n');
      msg += full + (eol ? 1 : 0);
    }
  g_string_append_len (text, body->str, keep);
}

/* The message as "git log --oneline" shows it: the first paragraph, its
 * lines joined by spaces. */
static char *
one_line (const char *msg)
{
  GString *s = g_string_new (NULL);
  gboolean first = TRUE;

  /* skip the leading blank lines */
  while (*msg)
    {
      const char *eol = strchr (msg, '\n');
      gsize full = eol ? (gsize) (eol - msg) : strlen (msg);
      if (rtrim_len (msg, full) > 0)
        break;
      msg += full + (eol ? 1 : 0);
    }
  while (*msg)
    {
      const char *eol = strchr (msg, '\n');
      gsize full = eol ? (gsize) (eol - msg) : strlen (msg);
      gsize len = rtrim_len (msg, full);
      if (len == 0)
        break;
      if (!first)
        g_string_append_c (s, ' ');
      g_string_append_len (s, msg, len);
      first = FALSE;
      msg += full + (eol ? 1 : 0);
    }
  return g_string_free (s, FALSE);
}

/* " ## Notes ##" and the note of @oid in the default notes ref, if any. */
static void
append_notes (GString *text, git_repository *repo, const git_oid *oid)
{
  git_note *note = NULL;
  git_buf ref = { 0 };

  if (git_note_read (&note, repo, NULL, oid) != 0)
    return;
  const char *msg = git_note_message (note);
  gsize len = msg ? strlen (msg) : 0;
  if (len && msg[len - 1] == '\n')
    len--;
  g_string_append (text, "\n\n ## Notes");
  if (git_note_default_ref (&ref, repo) == 0 && ref.ptr
      && strcmp (ref.ptr, "refs/notes/commits") != 0)
    {
      const char *name = ref.ptr;
      if (g_str_has_prefix (name, "refs/"))
        name += 5;
      if (g_str_has_prefix (name, "notes/"))
        name += 6;
      g_string_append_printf (text, " (%s)", name);
    }
  g_string_append (text, " ##\n");
  for (gsize at = 0; at < len;)
    {
      const char *eol = memchr (msg + at, '\n', len - at);
      gsize full = eol ? (gsize) (eol - (msg + at)) : len - at;
      /* "    " and the line, trailing white space dropped */
      gsize keep = rtrim_len (msg + at, full);
      if (keep > 0)
        {
          g_string_append (text, "    ");
          g_string_append_len (text, msg + at, keep);
        }
      g_string_append_c (text, '\n');
      at += full + 1;
    }
  git_buf_dispose (&ref);
  git_note_free (note);
}

/* ---- the diff, as "git log -p --no-prefix" prints it ---- */

/* A file's name in a "Binary files" line, quoted as git quotes it. */
static char *
binary_name (const char *path, gboolean absent)
{
  if (absent)
    return g_strdup ("/dev/null");
  return pcc_quote_path (path);
}

/* Append one line of a hunk: its marker and content up to the newline
 * (or a NUL byte: range-diff reads lines as C strings). */
static void
append_diff_line (GString *text, char marker, const char *s, gsize len)
{
  if (len && s[len - 1] == '\n')
    len--;
  const char *nul = memchr (s, '\0', len);
  if (nul)
    len = nul - s;
  g_string_append_c (text, marker);
  g_string_append_len (text, s, len);
  g_string_append_c (text, '\n');
}

/* Append the hunk header @h (as xdiff writes it) the way range-diff keeps
 * it: "@@", and " @name:" and the function name when there is one. */
static void
append_hunk_header (GString *text, const char *h, gsize len, const char *name)
{
  /* git log shows a hunk header up to its first invalid UTF-8 sequence */
  gsize valid = utf8_valid_prefix (h, len);
  gboolean cut = valid < len;
  if (cut)
    len = valid;
  else if (len && h[len - 1] == '\n')
    len--;
  g_autofree char *line = g_strndup (h, len);
  const char *p = strstr (line + 3, "@@");

  g_string_append (text, "@@");
  if (p && p[2])
    g_string_append_printf (text, " %s:", name);
  /* git cuts the function name to 80 bytes, then drops trailing white
   * space; libgit2 does it the other way round */
  if (p && cut)
    g_string_append (text, p + 2);
  else if (p)
    g_string_append_len (text, p + 2, rtrim_len (p + 2, strlen (p + 2)));
  g_string_append_c (text, '\n');
}

/* Append the diff of @patch: the " ## ... ##" section line and its
 * hunks.  Returns the number of lines appended. */
static int
append_file (GString *text, RdCommit *c, git_patch *patch, const RdConfig *cfg)
{
  const git_diff_delta *d = git_patch_get_delta (patch);
  int lines = 0;
  const char *old_path = d->old_file.path, *new_path = d->new_file.path;
  const char *current;

  g_string_append_c (text, '\n');
  if (!c->diff_offset)
    c->diff_offset = text->len;
  g_string_append (text, " ## ");
  if (d->status == GIT_DELTA_ADDED)
    g_string_append_printf (text, "%s (new)", new_path);
  else if (d->status == GIT_DELTA_DELETED)
    g_string_append_printf (text, "%s (deleted)", old_path);
  else if (d->status == GIT_DELTA_RENAMED && strcmp (old_path, new_path))
    g_string_append_printf (text, "%s => %s", old_path, new_path);
  else
    g_string_append (text, new_path);
  current = d->status == GIT_DELTA_DELETED ? old_path : new_path;
  if (d->status != GIT_DELTA_ADDED && d->status != GIT_DELTA_DELETED
      && d->old_file.mode && d->new_file.mode
      && d->old_file.mode != d->new_file.mode)
    g_string_append_printf (text, " (mode change %06o => %06o)",
                            (unsigned) d->old_file.mode,
                            (unsigned) d->new_file.mode);
  g_string_append (text, " ##\n");
  lines++;

  if ((d->flags & GIT_DIFF_FLAG_BINARY)
      && !git_oid_equal (&d->old_file.id, &d->new_file.id))
    {
      g_autofree char *a
          = binary_name (old_path, d->status == GIT_DELTA_ADDED);
      g_autofree char *b
          = binary_name (new_path, d->status == GIT_DELTA_DELETED);
      g_string_append_printf (text, " Binary files %s and %s differ\n", a, b);
      return lines + 1;
    }

  for (size_t h = 0; h < git_patch_num_hunks (patch); h++)
    {
      const git_diff_hunk *hunk = NULL;
      size_t n = 0;
      if (git_patch_get_hunk (&hunk, &n, patch, h) != 0)
        break;
      append_hunk_header (text, hunk->header, hunk->header_len, current);
      lines++;
      for (size_t l = 0; l < n; l++)
        {
          const git_diff_line *line = NULL;
          if (git_patch_get_line_in_hunk (&line, patch, h, l) != 0)
            break;
          /* git log then prints an empty context line as an empty line,
           * which range-diff skips */
          if (cfg->suppress_blank_empty
              && line->origin == GIT_DIFF_LINE_CONTEXT
              && line->content_len == 1 && line->content[0] == '\n')
            continue;
          switch (line->origin)
            {
              case GIT_DIFF_LINE_CONTEXT:
              case GIT_DIFF_LINE_ADDITION:
              case GIT_DIFF_LINE_DELETION:
                append_diff_line (text, line->origin, line->content,
                                  line->content_len);
                break;
              case GIT_DIFF_LINE_CONTEXT_EOFNL:
              case GIT_DIFF_LINE_ADD_EOFNL:
              case GIT_DIFF_LINE_DEL_EOFNL:
                g_string_append (text, " \\ No newline at end of file\n");
                break;
              default:
                continue;
            }
          lines++;
        }
    }
  return lines;
}

/* Append the diff of commit @commit to its first parent. */
static gboolean
append_diff (GString *text, RdCommit *c, git_repository *repo,
             git_commit *commit, const RdConfig *cfg, GError **error)
{
  git_tree *tree = NULL, *ptree = NULL;
  git_diff *diff = NULL;
  gboolean ok = FALSE;
  git_diff_options dopt = GIT_DIFF_OPTIONS_INIT;
  git_diff_find_options fopt = GIT_DIFF_FIND_OPTIONS_INIT;

  if (git_commit_tree (&tree, commit) != 0)
    return git_fail (error, "commit tree");
  if (git_commit_parentcount (commit) > 0)
    {
      git_commit *parent = NULL;
      if (git_commit_lookup (&parent, repo, git_commit_parent_id (commit, 0))
              != 0
          || git_commit_tree (&ptree, parent) != 0)
        {
          git_commit_free (parent);
          git_fail (error, "parent commit");
          goto out;
        }
      git_commit_free (parent);
    }
  dopt.flags = cfg->flags;
  dopt.context_lines = cfg->context;
  dopt.interhunk_lines = cfg->interhunk;
  if (git_diff_tree_to_tree (&diff, repo, ptree, tree, &dopt) != 0)
    {
      git_fail (error, "diff");
      goto out;
    }
  fopt.flags = cfg->renames == 2 ? GIT_DIFF_FIND_RENAMES | GIT_DIFF_FIND_COPIES
               : cfg->renames == 1 ? GIT_DIFF_FIND_RENAMES
                                   : 0;
  fopt.rename_limit = cfg->rename_limit;
  if (fopt.flags && git_diff_find_similar (diff, &fopt) != 0)
    {
      git_fail (error, "rename detection");
      goto out;
    }
  for (size_t i = 0; i < git_diff_num_deltas (diff); i++)
    {
      git_patch *patch = NULL;
      if (git_patch_from_diff (&patch, diff, i) != 0 || !patch)
        {
          git_fail (error, "patch");
          goto out;
        }
      c->diffsize += append_file (text, c, patch, cfg);
      git_patch_free (patch);
    }
  ok = TRUE;
out:
  git_diff_free (diff);
  git_tree_free (ptree);
  git_tree_free (tree);
  return ok;
}

/* Fill @c with the text of commit @oid. */
static gboolean
read_commit (RdCommit *c, git_repository *repo, git_mailmap *mailmap,
             const RdConfig *cfg, const git_oid *oid, GError **error)
{
  git_commit *commit = NULL;

  c->oid = *oid;
  c->matching = -1;
  c->text = g_string_new (NULL);
  if (git_commit_lookup (&commit, repo, oid) != 0)
    return git_fail (error, "commit");

  /* git log shows a commit of another encoding in UTF-8 (as it is when
   * the conversion fails) */
  const char *enc = git_commit_message_encoding (commit);
  gboolean convert = enc && g_ascii_strcasecmp (enc, "utf-8")
                     && g_ascii_strcasecmp (enc, "utf8");
  if (convert && !g_ascii_strcasecmp (enc, "latin-1"))
    enc = "ISO-8859-1";
  const git_signature *author = git_commit_author (commit);
  g_autofree char *name_u = NULL, *email_u = NULL, *msg_u = NULL;
  const char *name = author ? author->name : "";
  const char *email = author ? author->email : "";
  const char *msg = git_commit_message_raw (commit);
  if (!msg)
    msg = "";
  if (convert)
    {
      name_u = g_convert (name, -1, "UTF-8", enc, NULL, NULL, NULL);
      email_u = g_convert (email, -1, "UTF-8", enc, NULL, NULL, NULL);
      msg_u = g_convert (msg, -1, "UTF-8", enc, NULL, NULL, NULL);
      if (name_u && email_u && msg_u)
        {
          name = name_u;
          email = email_u;
          msg = msg_u;
        }
    }
  if (mailmap)
    git_mailmap_resolve (&name, &email, mailmap, name, email);
  g_string_append_printf (c->text,
                          " ## Metadata ##\nAuthor: %s <%s>\n\n"
                          " ## Commit message ##\n",
                          name, email);
  append_message (c->text, msg);
  c->subject = one_line (msg);
  append_notes (c->text, repo, oid);

  gboolean ok = append_diff (c->text, c, repo, commit, cfg, error);
  git_commit_free (commit);
  return ok;
}

/* ---- pairing ---- */

/* Pair the commits of @a and @b whose diffs are the same text; of several
 * equal ones in @a, the last one pairs first (git's hash map finds the
 * latest entry). */
static void
find_exact_matches (RdCommit *a, gsize na, RdCommit *b, gsize nb)
{
  for (gsize j = 0; j < nb; j++)
    {
      const char *bd = b[j].text->str + b[j].diff_offset;
      for (gsize i = na; i-- > 0;)
        if (a[i].matching < 0
            && strcmp (a[i].text->str + a[i].diff_offset, bd) == 0)
          {
            a[i].matching = j;
            b[j].matching = i;
            break;
          }
    }
}

/* The number of lines (hunk headers included) of the diff from @x to @y,
 * with three lines of context, as git range-diff counts it. */
static int
diff_size (const char *x, const char *y)
{
  git_patch *patch = NULL;
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  size_t ctx = 0, adds = 0, dels = 0;

  opts.context_lines = 3;
  if (git_patch_from_buffers (&patch, x, strlen (x), "a", y, strlen (y), "b",
                              &opts)
      != 0)
    return RD_COST_MAX;
  git_patch_line_stats (&ctx, &adds, &dels, patch);
  int n = (int) (git_patch_num_hunks (patch) + ctx + adds + dels);
  git_patch_free (patch);
  return n;
}

#define COST(col, row) cost[(col) + n * (row)]

/* The minimal-cost assignment of the @n columns to the @n rows of @cost
 * (the cost of column c on row r at cost[c + n * r]) by Jonker and
 * Volgenant's shortest augmenting path method, in the very order of
 * steps git's linear-assignment.c takes, so that ties resolve the same
 * way.  FALSE when the augmentation finds no column (git stops there). */
static gboolean
solve_assignment (int n, const int *cost, int *col2row, int *row2col)
{
  g_autofree int *v = NULL, *free_rows = NULL, *d = NULL, *pred = NULL,
                 *todo = NULL;
  int n_free = 0;

  if (n < 2)
    {
      memset (col2row, 0, sizeof (int) * n);
      memset (row2col, 0, sizeof (int) * n);
      return TRUE;
    }
  for (int k = 0; k < n; k++)
    col2row[k] = row2col[k] = -1;
  v = g_new (int, n);

  /* Column reduction, from the last column: each column takes the first
   * row of its smallest cost; a row wanted twice is marked -2 - col. */
  for (int col = n - 1; col >= 0; col--)
    {
      int best = 0;
      for (int row = 1; row < n; row++)
        if (COST (col, best) > COST (col, row))
          best = row;
      v[col] = COST (col, best);
      if (row2col[best] == -1)
        {
          row2col[best] = col;
          col2row[col] = best;
        }
      else
        {
          if (row2col[best] >= 0)
            row2col[best] = -2 - row2col[best];
          col2row[col] = -1;
        }
    }

  /* Reduction transfer. */
  free_rows = g_new (int, n);
  for (int row = 0; row < n; row++)
    {
      int c1 = row2col[row];
      if (c1 == -1)
        free_rows[n_free++] = row;
      else if (c1 < -1)
        row2col[row] = -2 - c1;
      else
        {
          int min = COST (!c1, row) - v[!c1];
          for (int col = 1; col < n; col++)
            if (col != c1 && min > COST (col, row) - v[col])
              min = COST (col, row) - v[col];
          v[c1] -= min;
        }
    }
  if (n_free == 0)
    return TRUE;

  /* Augmenting row reduction, twice. */
  for (int phase = 0; phase < 2; phase++)
    {
      int k = 0, todo_count = n_free;
      n_free = 0;
      while (k < todo_count)
        {
          int row = free_rows[k++];
          int c1 = 0, c2 = -1, r0;
          int u1 = COST (c1, row) - v[c1], u2 = G_MAXINT;

          for (int col = 1; col < n; col++)
            {
              int c = COST (col, row) - v[col];
              if (u2 > c)
                {
                  if (u1 < c)
                    {
                      u2 = c;
                      c2 = col;
                    }
                  else
                    {
                      u2 = u1;
                      u1 = c;
                      c2 = c1;
                      c1 = col;
                    }
                }
            }
          if (c2 < 0)
            {
              c2 = c1;
              u2 = u1;
            }
          r0 = col2row[c1];
          if (u1 < u2)
            v[c1] -= u2 - u1;
          else if (r0 >= 0)
            {
              c1 = c2;
              r0 = col2row[c1];
            }
          if (r0 >= 0)
            {
              if (u1 < u2)
                free_rows[--k] = r0;
              else
                free_rows[n_free++] = r0;
            }
          row2col[row] = c1;
          col2row[c1] = row;
        }
    }

  /* Augmentation: a shortest path from each free row to a free column. */
  d = g_new (int, n);
  pred = g_new (int, n);
  todo = g_new (int, n);
  int n_aug = n_free;
  for (int f = 0; f < n_aug; f++)
    {
      int start = free_rows[f], low = 0, up = 0, last, min, col = -1, row;

      for (int c = 0; c < n; c++)
        {
          d[c] = COST (c, start) - v[c];
          pred[c] = start;
          todo[c] = c;
        }
      for (;;)
        {
          gboolean found = FALSE;

          last = low;
          min = d[todo[up++]];
          for (int k = up; k < n; k++)
            {
              col = todo[k];
              int c = d[col];
              if (c <= min)
                {
                  if (c < min)
                    {
                      up = low;
                      min = c;
                    }
                  todo[k] = todo[up];
                  todo[up++] = col;
                }
            }
          /* git goes on with the column last looked at above, not
           * necessarily the free one it found: kept for equal output */
          for (int k = low; k < up; k++)
            if (col2row[todo[k]] == -1)
              {
                found = TRUE;
                break;
              }
          if (found)
            break;
          do
            {
              int c1 = todo[low++];
              row = col2row[c1];
              int u1 = COST (c1, row) - v[c1] - min;
              for (int k = up; k < n; k++)
                {
                  col = todo[k];
                  int c = COST (col, row) - v[col] - u1;
                  if (c < d[col])
                    {
                      d[col] = c;
                      pred[col] = row;
                      if (c == min)
                        {
                          if (col2row[col] == -1)
                            {
                              found = TRUE;
                              break;
                            }
                          todo[k] = todo[up];
                          todo[up++] = col;
                        }
                    }
                }
            }
          while (!found && low != up);
          if (found || low != up)
            break;
        }

      /* update the prices of the columns done */
      for (int k = 0; k < last; k++)
        {
          int c1 = todo[k];
          v[c1] += d[c1] - min;
        }
      /* and augment along the path */
      do
        {
          if (col < 0)
            return FALSE;
          row = pred[col];
          col2row[col] = row;
          int t = row2col[row];
          row2col[row] = col;
          col = t;
        }
      while (row != start);
    }
  return TRUE;
}

#undef COST

/* Pair the remaining commits by the least total cost. */
static gboolean
get_correspondences (RdCommit *a, int na, RdCommit *b, int nb, GError **error)
{
  int n = na + nb;
  g_autofree int *cost = g_new (int, (gsize) n *n);
  g_autofree int *a2b = g_new (int, n);
  g_autofree int *b2a = g_new (int, n);

  for (int i = 0; i < na; i++)
    {
      int c;
      for (int j = 0; j < nb; j++)
        {
          if (a[i].matching == j)
            c = 0;
          else if (a[i].matching < 0 && b[j].matching < 0)
            c = diff_size (a[i].text->str + a[i].diff_offset,
                           b[j].text->str + b[j].diff_offset);
          else
            c = RD_COST_MAX;
          cost[i + n * j] = c;
        }
      c = a[i].matching < 0
              ? a[i].diffsize * PCC_RANGE_DIFF_CREATION_FACTOR / 100
              : RD_COST_MAX;
      for (int j = nb; j < n; j++)
        cost[i + n * j] = c;
    }
  for (int j = 0; j < nb; j++)
    {
      int c = b[j].matching < 0
                  ? b[j].diffsize * PCC_RANGE_DIFF_CREATION_FACTOR / 100
                  : RD_COST_MAX;
      for (int i = na; i < n; i++)
        cost[i + n * j] = c;
    }
  for (int i = na; i < n; i++)
    for (int j = nb; j < n; j++)
      cost[i + n * j] = 0;

  if (!solve_assignment (n, cost, a2b, b2a))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_GIT,
                   "range-diff: the assignment found no free column");
      return FALSE;
    }
  for (int i = 0; i < na; i++)
    if (a2b[i] >= 0 && a2b[i] < nb)
      {
        a[i].matching = a2b[i];
        b[a2b[i]].matching = i;
      }
  return TRUE;
}

/* ---- configuration ---- */

/* git's boolean words: 1, 0, or -1 when @v is none of them. */
static int
parse_bool (const char *v)
{
  if (!*v || !g_ascii_strcasecmp (v, "true") || !g_ascii_strcasecmp (v, "yes")
      || !g_ascii_strcasecmp (v, "on") || !strcmp (v, "1"))
    return 1;
  if (!g_ascii_strcasecmp (v, "false") || !g_ascii_strcasecmp (v, "no")
      || !g_ascii_strcasecmp (v, "off") || !strcmp (v, "0"))
    return 0;
  return -1;
}

/* The value of @name in @cfg, newly allocated, or NULL. */
static char *
config_string (git_config *cfg, const char *name)
{
  git_buf buf = { 0 };
  char *v = NULL;

  if (cfg && git_config_get_string_buf (&buf, cfg, name) == 0 && buf.ptr)
    v = g_strdup (buf.ptr);
  git_buf_dispose (&buf);
  return v;
}

/* A non-negative integer setting, or @fallback. */
static int
config_count (git_config *cfg, const char *name, int fallback)
{
  g_autofree char *v = config_string (cfg, name);
  char *end = NULL;

  if (!v)
    return fallback;
  long l = strtol (v, &end, 10);
  if (end == v || *end || l < 0 || l > G_MAXINT / 2)
    return fallback;
  return (int) l;
}

static void
read_config (RdConfig *c, git_repository *repo)
{
  git_config *cfg = NULL;

  if (git_repository_config_snapshot (&cfg, repo) != 0)
    cfg = NULL;

  g_autofree char *indent = config_string (cfg, "diff.indentHeuristic");
  c->flags
      = indent && parse_bool (indent) == 0 ? 0 : GIT_DIFF_INDENT_HEURISTIC;
  g_autofree char *algo = config_string (cfg, "diff.algorithm");
  if (algo && !g_ascii_strcasecmp (algo, "patience"))
    c->flags |= GIT_DIFF_PATIENCE;
  else if (algo && !g_ascii_strcasecmp (algo, "minimal"))
    c->flags |= GIT_DIFF_MINIMAL;
  c->context = config_count (cfg, "diff.context", 3);
  c->interhunk = config_count (cfg, "diff.interHunkContext", 0);
  c->rename_limit = config_count (cfg, "diff.renameLimit", 1000);

  g_autofree char *renames = config_string (cfg, "diff.renames");
  c->renames = 1;
  if (renames
      && (!g_ascii_strcasecmp (renames, "copies")
          || !g_ascii_strcasecmp (renames, "copy")))
    c->renames = 2;
  else if (renames && parse_bool (renames) == 0)
    c->renames = 0;

  g_autofree char *blank = config_string (cfg, "diff.suppressBlankEmpty");
  c->suppress_blank_empty = blank && parse_bool (blank) == 1;

  g_autofree char *abbrev = config_string (cfg, "core.abbrev");
  char *end = NULL;
  long l = abbrev ? strtol (abbrev, &end, 10) : -1;
  c->abbrev = -1;
  if (abbrev && end != abbrev && !*end && l >= 4 && l <= GIT_OID_HEXSZ)
    c->abbrev = (int) l;
  else if (abbrev && parse_bool (abbrev) == 0)
    c->abbrev = GIT_OID_HEXSZ;
  git_config_free (cfg);
}

/* ---- abbreviated hashes ---- */

static guint32
be32 (const guchar *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8
         | p[3];
}

/* The objects in pack index @path (0 when unreadable). */
static gulong
idx_count (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &data, &len, NULL))
    return 0;
  const guchar *p = (const guchar *) data;
  if (len >= 8 + 256 * 4 && memcmp (p, "\377tOc", 4) == 0)
    return be32 (p + 8 + 255 * 4);
  if (len >= 256 * 4)
    return be32 (p + 255 * 4);
  return 0;
}

/* The objects of multi-pack-index @path; @packs gets the index names of
 * the packs it covers. */
static gulong
midx_count (const char *path, GHashTable *packs)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  gulong count = 0;

  if (!g_file_get_contents (path, &data, &len, NULL) || len < 12
      || memcmp (data, "MIDX", 4) != 0)
    return 0;
  const guchar *p = (const guchar *) data;
  guint nchunks = p[6];
  if (12 + (gsize) (nchunks + 1) * 12 > len)
    return 0;
  for (guint k = 0; k < nchunks; k++)
    {
      const guchar *e = p + 12 + k * 12;
      guint64 off = (guint64) be32 (e + 4) << 32 | be32 (e + 8);
      guint64 end = (guint64) be32 (e + 16) << 32 | be32 (e + 20);
      if (off > len || end > len || end < off)
        continue;
      if (memcmp (e, "OIDF", 4) == 0 && end - off >= 256 * 4)
        count = be32 (p + off + 255 * 4);
      else if (memcmp (e, "PNAM", 4) == 0)
        for (guint64 at = off; at < end;)
          {
            const char *name = data + at;
            gsize l = strnlen (name, end - at);
            if (l)
              g_hash_table_add (packs, g_strndup (name, l));
            at += l + 1;
          }
    }
  return count;
}

/* The objects of the packs of the object folder @objects. */
static gulong
packed_objects_in (const char *objects)
{
  g_autofree char *dir = g_build_filename (objects, "pack", NULL);
  g_autoptr (GHashTable) in_midx
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *midx = g_build_filename (dir, "multi-pack-index", NULL);
  gulong count = midx_count (midx, in_midx);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      if (!g_str_has_suffix (name, ".idx") || !g_str_has_prefix (name, "pack")
          || g_hash_table_contains (in_midx, name))
        continue;
      g_autofree char *stem = g_strndup (name, strlen (name) - 4);
      g_autofree char *pack = g_strdup_printf ("%s/%s.pack", dir, stem);
      if (!g_file_test (pack, G_FILE_TEST_EXISTS))
        continue;
      g_autofree char *idx = g_build_filename (dir, name, NULL);
      count += idx_count (idx);
    }
  return count;
}

/* Add @objects and the folders its info/alternates names (five levels
 * deep at most, as git) to @dirs, each once. */
static void
collect_object_dirs (GPtrArray *dirs, const char *objects, int depth)
{
  g_autofree char *canon = g_canonicalize_filename (objects, NULL);
  for (guint i = 0; i < dirs->len; i++)
    if (!strcmp (dirs->pdata[i], canon))
      return;
  g_ptr_array_add (dirs, g_strdup (canon));
  if (depth > 5)
    return;

  g_autofree char *file = g_build_filename (canon, "info", "alternates", NULL);
  g_autofree char *text = NULL;
  if (!g_file_get_contents (file, &text, NULL, NULL))
    return;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l; l++)
    {
      g_autofree char *path = NULL;
      if (!**l || **l == '#')
        continue;
      if (**l == '"')
        path = pcc_unquote_path (*l, *l + strlen (*l), NULL);
      else
        path = g_strdup (*l);
      g_autofree char *alt = g_canonicalize_filename (path, canon);
      collect_object_dirs (dirs, alt, depth + 1);
    }
}

/* git's estimate of the number of objects: those of the packs of the
 * repository and of its alternates. */
static gulong
packed_objects (git_repository *repo)
{
  const char *common = git_repository_commondir (repo);
  if (!common)
    return 0;
  g_autofree char *objects = g_build_filename (common, "objects", NULL);
  g_autoptr (GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  gulong count = 0;

  collect_object_dirs (dirs, objects, 0);
  for (guint i = 0; i < dirs->len; i++)
    count += packed_objects_in (dirs->pdata[i]);
  return count;
}

/* The length git starts abbreviating at: core.abbrev, or from the number
 * of packed objects. */
static int
abbrev_start (git_repository *repo, const RdConfig *c)
{
  if (c->abbrev > 0)
    return c->abbrev;

  gulong count = packed_objects (repo);
  int msb = 0;
  while (count >>= 1)
    msb++;
  int len = (msb + 1 + 1) / 2;
  return len < 7 ? 7 : len;
}

/* @oid abbreviated from @len digits on until no other object shares the
 * prefix.  Newly allocated. */
static char *
abbrev (git_odb *odb, const git_oid *oid, int len)
{
  char hex[GIT_OID_HEXSZ + 1];
  git_oid found;

  git_oid_tostr (hex, sizeof hex, oid);
  while (odb && len < GIT_OID_HEXSZ
         && git_odb_exists_prefix (&found, odb, oid, len) == GIT_EAMBIGUOUS)
    len++;
  return g_strndup (hex, len);
}

/* ---- output ---- */

typedef struct
{
  GString *out;
  git_odb *odb;
  const RdConfig *cfg;
  int abbrev_len;
  int width; /* of the patch numbers */
  char *dashes;
} RdOutput;

static void
output_pair_header (RdOutput *o, RdCommit *a, int ai, RdCommit *b, int bi)
{
  const RdCommit *c = a ? a : b;
  char status;

  if (!o->dashes)
    {
      g_autofree char *s = abbrev (o->odb, &c->oid, o->abbrev_len);
      o->dashes = g_strnfill (strlen (s), '-');
    }
  if (!b)
    status = '<';
  else if (!a)
    status = '>';
  else if (strcmp (a->text->str, b->text->str))
    status = '!';
  else
    status = '=';

  gsize start = o->out->len;
  if (!a)
    g_string_append_printf (o->out, "%*s:  %s ", o->width, "-", o->dashes);
  else
    {
      g_autofree char *s = abbrev (o->odb, &a->oid, o->abbrev_len);
      g_string_append_printf (o->out, "%*d:  %s ", o->width, ai + 1, s);
    }
  g_string_append_c (o->out, status);
  if (!b)
    g_string_append_printf (o->out, " %*s:  %s", o->width, "-", o->dashes);
  else
    {
      g_autofree char *s = abbrev (o->odb, &b->oid, o->abbrev_len);
      g_string_append_printf (o->out, " %*d:  %s", o->width, bi + 1, s);
    }
  g_string_append_c (o->out, ' ');
  g_string_append (o->out, c->subject);
  /* git trims the whole line it built */
  gsize len = o->out->len;
  while (len > start && rd_isspace (o->out->str[len - 1]))
    len--;
  g_string_truncate (o->out, len);
  g_string_append_c (o->out, '\n');
}

/* The section name the hunk-header patterns of range-diff take from
 * @line (@len bytes, no newline): " ## name ##" or "@@ text" (one byte
 * may come before "@@"); -1 when neither matches. */
static gssize
section_name (const char *line, gsize len, const char **name)
{
  if (len >= 7 && memcmp (line, " ## ", 4) == 0
      && memcmp (line + len - 3, " ##", 3) == 0)
    {
      *name = line + 4;
      return len - 7;
    }
  if (len >= 3 && memcmp (line, "@@ ", 3) == 0)
    {
      *name = line + 3;
      return len - 3;
    }
  if (len >= 4 && memcmp (line + 1, "@@ ", 3) == 0)
    {
      *name = line + 4;
      return len - 4;
    }
  return -1;
}

/* The function name of a hunk starting at line @s1 (0-based) of the
 * @n lines @lines of the old text: the nearest line before it that names
 * a section, cut to 80 bytes, trailing white space dropped. */
static char *
hunk_function (const char *const *lines, const gsize *lens, long s1)
{
  for (long l = s1 - 1; l >= 0; l--)
    {
      const char *name = NULL;
      gsize len = lens[l];
      if (len && lines[l][len - 1] == '\n')
        len -= (len > 1 && lines[l][len - 2] == '\r') ? 2 : 1;
      gssize n = section_name (lines[l], len, &name);
      if (n < 0)
        continue;
      if (n > RD_FUNC_MAX)
        n = RD_FUNC_MAX;
      n = rtrim_len (name, n);
      return g_strndup (name, n);
    }
  return g_strdup ("");
}

/* The diff of the texts @x and @y, indented by four spaces, hunk headers
 * "@@" and the section they are in. */
static void
patch_diff (GString *out, const RdConfig *cfg, const char *x, const char *y)
{
  git_patch *patch = NULL;
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;

  opts.flags = cfg->flags;
  opts.context_lines = cfg->context;
  opts.interhunk_lines = cfg->interhunk;
  if (git_patch_from_buffers (&patch, x, strlen (x), "a", y, strlen (y), "b",
                              &opts)
      != 0)
    return;

  /* the lines of the old text, for the hunk headers */
  g_autoptr (GPtrArray) lines = g_ptr_array_new ();
  g_autoptr (GArray) lens = g_array_new (FALSE, FALSE, sizeof (gsize));
  for (const char *p = x; *p;)
    {
      const char *eol = strchr (p, '\n');
      gsize l = eol ? (gsize) (eol + 1 - p) : strlen (p);
      g_ptr_array_add (lines, (gpointer) p);
      g_array_append_val (lens, l);
      p += l;
    }

  for (size_t h = 0; h < git_patch_num_hunks (patch); h++)
    {
      const git_diff_hunk *hunk = NULL;
      size_t n = 0;
      if (git_patch_get_hunk (&hunk, &n, patch, h) != 0)
        break;
      long s1 = hunk->old_lines ? hunk->old_start - 1 : hunk->old_start;
      g_autofree char *func = hunk_function (
          (const char *const *) lines->pdata, (gsize *) lens->data, s1);
      /* git shows the header up to its first invalid UTF-8 sequence */
      gsize flen = utf8_valid_prefix (func, strlen (func));
      g_string_append (out, "    @@");
      if (flen)
        {
          g_string_append_c (out, ' ');
          g_string_append_len (out, func, flen);
        }
      g_string_append_c (out, '\n');
      for (size_t l = 0; l < n; l++)
        {
          const git_diff_line *line = NULL;
          if (git_patch_get_line_in_hunk (&line, patch, h, l) != 0)
            break;
          if (line->origin != GIT_DIFF_LINE_CONTEXT
              && line->origin != GIT_DIFF_LINE_ADDITION
              && line->origin != GIT_DIFF_LINE_DELETION)
            continue;
          g_string_append (out, "    ");
          if (!(cfg->suppress_blank_empty
                && line->origin == GIT_DIFF_LINE_CONTEXT
                && line->content_len == 1 && line->content[0] == '\n'))
            g_string_append_c (out, line->origin);
          g_string_append_len (out, line->content, line->content_len);
        }
    }
  git_patch_free (patch);
}

static void
output (RdOutput *o, RdCommit *a, int na, RdCommit *b, int nb)
{
  int i = 0, j = 0;

  while (i < na || j < nb)
    {
      while (i < na && a[i].shown)
        i++;
      if (i < na && a[i].matching < 0)
        {
          output_pair_header (o, &a[i], i, NULL, 0);
          i++;
          continue;
        }
      while (j < nb && b[j].matching < 0)
        {
          output_pair_header (o, NULL, 0, &b[j], j);
          j++;
        }
      if (j < nb)
        {
          RdCommit *pa = &a[b[j].matching];
          output_pair_header (o, pa, b[j].matching, &b[j], j);
          if (strcmp (pa->text->str, b[j].text->str))
            patch_diff (o->out, o->cfg, pa->text->str, b[j].text->str);
          pa->shown = TRUE;
          j++;
        }
    }
}

static int
decimal_width (int n)
{
  int w = 1;
  while (n >= 10)
    {
      n /= 10;
      w++;
    }
  return w;
}

char *
pcc_range_diff (git_repository *repo, const git_oid *old_commits, gsize n_old,
                const git_oid *new_commits, gsize n_new, GError **error)
{
  g_return_val_if_fail (repo != NULL, NULL);
  g_return_val_if_fail (n_old == 0 || old_commits != NULL, NULL);
  g_return_val_if_fail (n_new == 0 || new_commits != NULL, NULL);
  /* the cost matrix is indexed by int, as git's */
  if (n_old + n_new > 46340)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE,
                   "range-diff: too many commits");
      return NULL;
    }

  RdCommit *a = g_new0 (RdCommit, n_old ? n_old : 1);
  RdCommit *b = g_new0 (RdCommit, n_new ? n_new : 1);
  git_mailmap *mailmap = NULL;
  git_odb *odb = NULL;
  char *result = NULL;
  RdOutput o = { 0 };
  RdConfig cfg;

  read_config (&cfg, repo);

  if (git_mailmap_from_repository (&mailmap, repo) != 0)
    mailmap = NULL;
  for (gsize i = 0; i < n_old; i++)
    if (!read_commit (&a[i], repo, mailmap, &cfg, &old_commits[i], error))
      goto out;
  for (gsize j = 0; j < n_new; j++)
    if (!read_commit (&b[j], repo, mailmap, &cfg, &new_commits[j], error))
      goto out;

  find_exact_matches (a, n_old, b, n_new);
  if (!get_correspondences (a, (int) n_old, b, (int) n_new, error))
    goto out;

  if (git_repository_odb (&odb, repo) != 0)
    odb = NULL;
  o.out = g_string_new (NULL);
  o.odb = odb;
  o.cfg = &cfg;
  o.abbrev_len = abbrev_start (repo, &cfg);
  o.width = decimal_width (1 + (int) MAX (n_old, n_new));
  output (&o, a, (int) n_old, b, (int) n_new);
  result = g_string_free (o.out, FALSE);
  g_free (o.dashes);

out:
  for (gsize i = 0; i < n_old; i++)
    rd_commit_clear (&a[i]);
  for (gsize j = 0; j < n_new; j++)
    rd_commit_clear (&b[j]);
  g_free (a);
  g_free (b);
  git_odb_free (odb);
  git_mailmap_free (mailmap);
  return result;
}
