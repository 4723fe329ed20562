/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-range-diff-commit.c - a commit as git range-diff reads it from
 * "git log -p --no-prefix" (see pcc-range-diff.h): metadata, message,
 * notes, file sections and hunks; and the configuration that changes it. */
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "pcc-error.h"
#include "pcc-libgit2.h"
#include "pcc-quote.h"
#include "pcc-range-diff-private.h"

void
pcc_range_diff_commit_clear (PccRangeDiffCommit *c)
{
  if (c->text)
    g_string_free (c->text, TRUE);
  g_free (c->subject);
}

static gboolean
git_fail (GError **error, const char *what)
{
  pcc_libgit2_set_error (error, PCC_ERROR_GIT, what);
  return FALSE;
}

/* git's isspace(): space, tab, LF and CR only. */
static gboolean
rd_isspace (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

gsize
pcc_range_diff_rtrim (const char *s, gsize len)
{
  while (len > 0 && rd_isspace (s[len - 1]))
    len--;
  return len;
}

/* ---- the message, as "git log --pretty=medium" indents it ---- */

/* The length of the longest prefix of @s (@len bytes) that git's UTF-8
 * reader accepts: no overlong form, surrogate, U+FFFE, U+FFFF or code
 * point above U+10FFFF. */
gsize
pcc_range_diff_utf8_prefix (const char *s, gsize len)
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

  if (pcc_range_diff_utf8_prefix (s, len) != len)
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
      gsize len = pcc_range_diff_rtrim (msg, full);

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
      if (pcc_range_diff_rtrim (msg, full) > 0)
        break;
      msg += full + (eol ? 1 : 0);
    }
  while (*msg)
    {
      const char *eol = strchr (msg, '\n');
      gsize full = eol ? (gsize) (eol - msg) : strlen (msg);
      gsize len = pcc_range_diff_rtrim (msg, full);
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
      gsize keep = pcc_range_diff_rtrim (msg + at, full);
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
  gsize valid = pcc_range_diff_utf8_prefix (h, len);
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
    g_string_append_len (text, p + 2,
                         pcc_range_diff_rtrim (p + 2, strlen (p + 2)));
  g_string_append_c (text, '\n');
}

/* Append the diff of @patch: the " ## ... ##" section line and its
 * hunks.  Returns the number of lines appended. */
static int
append_file (GString *text, PccRangeDiffCommit *c, git_patch *patch,
             const PccRangeDiffConfig *cfg)
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
append_diff (GString *text, PccRangeDiffCommit *c, git_repository *repo,
             git_commit *commit, const PccRangeDiffConfig *cfg, GError **error)
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
gboolean
pcc_range_diff_read_commit (PccRangeDiffCommit *c, git_repository *repo,
                            git_mailmap *mailmap,
                            const PccRangeDiffConfig *cfg, const git_oid *oid,
                            GError **error)
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

void
pcc_range_diff_read_config (PccRangeDiffConfig *c, git_repository *repo)
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
