/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-history-log.c - the lines of get_maintainer.pl's "git log"
 * commands (find_signers_cmd, find_commit_signers_cmd,
 * find_commit_author_cmd): commits formatted as its --format writes
 * them, with --numstat and --follow's rename switch. */
#include "pcc-history-private.h"
#include "pcc-quote.h"
#include "pcc-date.h"

#include <string.h>

/* --- formatting a commit as the script's --format does ---------------- */

/* git_execute_cmd(): leading white space of every line removed (which
 * removes blank lines too), then split on newlines. */
static void
split_output (const char *text, GPtrArray *lines)
{
  const char *p = text;
  while (*p)
    {
      while (*p && strchr (" \t\n\r\f\v", *p))
        p++;
      if (!*p)
        break;
      const char *nl = strchr (p, '\n');
      gsize n = nl ? (gsize) (nl - p) : strlen (p);
      g_ptr_array_add (lines, g_strndup (p, n));
      p += n;
    }
}

/* RFC 2822 date of a signature (%aD). */
static void
append_rfc2822 (GString *out, const git_time *when)
{
  /* the author's own zone, as git log's --date=rfc2822 shows it */
  g_autoptr (GTimeZone) tz = g_time_zone_new_offset (when->offset * 60);
  g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (when->time);
  g_autoptr (GDateTime) t = utc ? g_date_time_to_timezone (utc, tz) : NULL;
  g_autofree char *d = t ? pcc_date_format_rfc2822 (t) : NULL;
  if (d != NULL)
    g_string_append (out, d);
}

/* The subject (%s: the first paragraph, lines joined by a space) and the
 * rest (%b). */
static void
append_message (GString *out, const char *msg, gboolean with_body)
{
  const char *p = msg;
  /* skip_blank_lines() */
  for (;;)
    {
      const char *q = p;
      while (*q && *q != '\n' && g_ascii_isspace (*q))
        q++;
      if (*q == '\n')
        p = q + 1;
      else
        break;
    }
  g_string_append (out, "GitSubject: ");
  gboolean first = TRUE;
  while (*p)
    {
      const char *nl = strchr (p, '\n');
      gsize n = nl ? (gsize) (nl - p) : strlen (p);
      gsize trimmed = n;
      while (trimmed > 0 && g_ascii_isspace (p[trimmed - 1]))
        trimmed--;
      if (trimmed == 0)
        break;
      if (!first)
        g_string_append_c (out, ' ');
      g_string_append_len (out, p, trimmed);
      first = FALSE;
      p += n + (nl ? 1 : 0);
    }
  g_string_append_c (out, '\n');
  if (with_body)
    {
      g_string_append (out, p);
      g_string_append_c (out, '\n');
    }
}

static void
format_commit (GString *out, git_commit *c, gboolean with_body)
{
  char id[GIT_OID_HEXSZ + 1];
  git_oid_tostr (id, sizeof id, git_commit_id (c));
  const git_signature *a = git_commit_author (c);
  g_string_append_printf (out,
                          "GitCommit: %s\nGitAuthor: %s <%s>\nGitDate: ", id,
                          a->name, a->email);
  append_rfc2822 (out, &a->when);
  g_string_append_c (out, '\n');
  const char *msg = git_commit_message_raw (c);
  append_message (out, msg ? msg : "", with_body);
}

static void
append_numstat (GString *out, git_diff *diff, size_t idx)
{
  git_patch *patch = NULL;
  if (git_patch_from_diff (&patch, diff, idx) != 0 || patch == NULL)
    return;
  const git_diff_delta *d = git_patch_get_delta (patch);
  size_t adds = 0, dels = 0;
  git_patch_line_stats (NULL, &adds, &dels, patch);
  if (d->flags & GIT_DIFF_FLAG_BINARY)
    g_string_append (out, "-\t-\t");
  else
    g_string_append_printf (out, "%zu\t%zu\t", adds, dels);
  /* Paths as git log --numstat prints them (core.quotePath). */
  g_autofree char *path
      = d->status == GIT_DELTA_RENAMED || d->status == GIT_DELTA_COPIED
            ? pcc_quote_rename (d->old_file.path, d->new_file.path)
            : pcc_quote_path (d->new_file.path ? d->new_file.path
                                               : d->old_file.path);
  g_string_append (out, path);
  g_string_append_c (out, '\n');
  git_patch_free (patch);
}

static gboolean
entry_at (git_tree *tree, const char *path, git_oid *oid, guint *mode)
{
  git_tree_entry *e = NULL;
  if (tree == NULL || git_tree_entry_bypath (&e, tree, path) != 0)
    return FALSE;
  *oid = *git_tree_entry_id (e);
  *mode = git_tree_entry_filemode (e);
  git_tree_entry_free (e);
  return TRUE;
}

gboolean
pcc_history_file_log (PccHistory *h, const char *file, gint64 since,
                      GPtrArray *lines, GError **error)
{
  if (!pcc_history_walk (h, since, error))
    return FALSE;
  g_autofree char *path = g_strdup (file);
  gsize plen = strlen (path);
  while (plen > 1 && path[plen - 1] == '/')
    path[--plen] = '\0';
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < h->walk->len; i++)
    {
      WalkItem *wi = &g_array_index (h->walk, WalkItem, i);
      if (wi->n_parents > 1)
        continue; /* --no-merges */
      if (!pcc_history_changed_in (h, path, wi))
        continue; /* the file is not in this commit's diff */
      git_commit *c = NULL;
      git_tree *tree = NULL, *ptree = NULL;
      if (git_commit_lookup (&c, h->repo, &wi->oid) != 0
          || git_commit_tree (&tree, c) != 0)
        {
          git_commit_free (c);
          g_string_free (out, TRUE);
          pcc_libgit2_set_error (error, PCC_ERROR_GIT, "reading a commit");
          return FALSE;
        }
      if (wi->n_parents == 1)
        {
          git_commit *p = NULL;
          if (git_commit_lookup (&p, h->repo, &wi->parent) == 0)
            git_commit_tree (&ptree, p);
          git_commit_free (p);
        }
      git_oid o1, o2;
      guint m1 = 0, m2 = 0;
      gboolean in_parent = entry_at (ptree, path, &o1, &m1);
      gboolean in_commit = entry_at (tree, path, &o2, &m2);
      if ((!in_parent && !in_commit)
          || (in_parent && in_commit && git_oid_equal (&o1, &o2) && m1 == m2))
        {
          git_tree_free (tree);
          git_tree_free (ptree);
          git_commit_free (c);
          continue;
        }

      /* The commit is shown: its header, then its numstat. */
      format_commit (out, c, TRUE);
      g_string_append_c (out, '\n');
      git_diff *diff = NULL;
      gboolean shown = FALSE;
      if (!in_parent && ptree != NULL)
        {
          /* --follow: the file is new here; was it renamed? */
          git_diff_options dopt = GIT_DIFF_OPTIONS_INIT;
          if (git_diff_tree_to_tree (&diff, h->repo, ptree, tree, &dopt) == 0)
            {
              git_diff_find_options fopt = GIT_DIFF_FIND_OPTIONS_INIT;
              fopt.flags = GIT_DIFF_FIND_RENAMES;
              git_diff_find_similar (diff, &fopt);
              for (size_t d = 0; d < git_diff_num_deltas (diff); d++)
                {
                  const git_diff_delta *dd = git_diff_get_delta (diff, d);
                  if ((dd->status == GIT_DELTA_RENAMED
                       || dd->status == GIT_DELTA_COPIED)
                      && strcmp (dd->new_file.path, path) == 0)
                    {
                      append_numstat (out, diff, d);
                      g_free (path);
                      path = g_strdup (dd->old_file.path);
                      shown = TRUE;
                      break;
                    }
                }
            }
          git_diff_free (diff);
          diff = NULL;
        }
      if (!shown)
        {
          git_diff_options dopt = GIT_DIFF_OPTIONS_INIT;
          char *ps[] = { path };
          dopt.pathspec.strings = ps;
          dopt.pathspec.count = 1;
          if (git_diff_tree_to_tree (&diff, h->repo, ptree, tree, &dopt) == 0)
            for (size_t d = 0; d < git_diff_num_deltas (diff); d++)
              append_numstat (out, diff, d);
          git_diff_free (diff);
        }
      git_tree_free (tree);
      git_tree_free (ptree);
      git_commit_free (c);
    }
  split_output (out->str, lines);
  g_string_free (out, TRUE);
  return TRUE;
}

/* The lines format_commit() gives for REV, with or without its message. */
static gboolean
commit_lines (PccHistory *h, const char *rev, gboolean with_body,
              GPtrArray *lines)
{
  git_commit *c = pcc_history_lookup_commit (h, rev);
  if (c == NULL)
    return FALSE;
  GString *out = g_string_new (NULL);
  format_commit (out, c, with_body);
  split_output (out->str, lines);
  g_string_free (out, TRUE);
  git_commit_free (c);
  return TRUE;
}

gboolean
pcc_history_commit_log (PccHistory *h, const char *rev, GPtrArray *lines)
{
  return commit_lines (h, rev, TRUE, lines);
}

gboolean
pcc_history_commit_author (PccHistory *h, const char *rev, GPtrArray *lines)
{
  return commit_lines (h, rev, FALSE, lines);
}
