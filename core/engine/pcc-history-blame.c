/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-history-blame.c - "git blame -l [-L start,+length] file" as
 * get_maintainer.pl's vcs_save_commits() reads it: the commit of each
 * line, through libgit2's blame. */
#include "pcc-history-private.h"
#include "pcc-file.h"

#include <string.h>

gboolean
pcc_history_blame (PccHistory *h, const char *file, guint start, guint length,
                   GPtrArray *commits, GError **error)
{
  if (!h->have_head)
    return TRUE;
  if ((start == 0) != (length == 0))
    return TRUE; /* git: "-L invalid empty range" / line 0 */
  git_commit *head = NULL;
  git_tree *tree = NULL;
  git_tree_entry *e = NULL;
  if (git_commit_lookup (&head, h->repo, &h->head) != 0
      || git_commit_tree (&tree, head) != 0)
    {
      git_commit_free (head);
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, "reading HEAD");
      return FALSE;
    }
  gboolean in_head = git_tree_entry_bypath (&e, tree, file) == 0
                     && git_tree_entry_type (e) == GIT_OBJECT_BLOB;
  git_oid blob_id;
  if (in_head)
    blob_id = *git_tree_entry_id (e);
  git_tree_entry_free (e);
  git_tree_free (tree);
  git_commit_free (head);
  if (!in_head)
    return TRUE; /* "no such path in HEAD" */

  /* git blames the work tree's file; HEAD's when there is none. */
  char *contents = NULL;
  gsize clen = 0;
  if (h->workdir)
    {
      g_autofree char *p = g_build_filename (h->workdir, file, NULL);
      pcc_file_read_regular (p, PCC_FILE_TREE_MAX, &contents, &clen, NULL);
    }
  git_blob *blob = NULL;
  if (git_blob_lookup (&blob, h->repo, &blob_id) != 0)
    {
      g_free (contents);
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, "reading a file");
      return FALSE;
    }
  gboolean modified
      = contents != NULL
        && (clen != (gsize) git_blob_rawsize (blob)
            || memcmp (contents, git_blob_rawcontent (blob), clen) != 0);
  const char *text = contents ? contents : git_blob_rawcontent (blob);
  gsize tlen = contents ? clen : (gsize) git_blob_rawsize (blob);
  guint n_lines = 0;
  for (gsize i = 0; i < tlen; i++)
    if (text[i] == '\n')
      n_lines++;
  if (tlen > 0 && text[tlen - 1] != '\n')
    n_lines++;
  if (start > 0 && (start > n_lines || start + length - 1 > n_lines))
    {
      git_blob_free (blob);
      g_free (contents);
      return TRUE; /* "file has only N lines" */
    }

  git_blame_options opt = GIT_BLAME_OPTIONS_INIT;
  opt.newest_commit = h->head;
  if (start > 0)
    {
      opt.min_line = start;
      opt.max_line = start + length - 1;
    }
  git_blame *blame = NULL;
  if (git_blame_file (&blame, h->repo, file, &opt) != 0)
    {
      git_blob_free (blob);
      g_free (contents);
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, "git blame");
      return FALSE;
    }
  if (modified)
    {
      git_blame *b2 = NULL;
      git_blame_options o2 = GIT_BLAME_OPTIONS_INIT;
      o2.newest_commit = h->head;
      git_blame_free (blame);
      blame = NULL;
      if (git_blame_file (&b2, h->repo, file, &o2) != 0
          || git_blame_buffer (&blame, b2, contents, clen) != 0)
        {
          git_blame_free (b2);
          git_blob_free (blob);
          g_free (contents);
          pcc_libgit2_set_error (error, PCC_ERROR_GIT, "git blame");
          return FALSE;
        }
      git_blame_free (b2);
    }
  guint first = start > 0 ? start : 1;
  guint last = start > 0 ? start + length - 1 : n_lines;
  for (guint l = first; l <= last; l++)
    {
      const git_blame_hunk *hk = git_blame_get_hunk_byline (blame, l);
      if (hk == NULL)
        continue;
      if (hk->boundary)
        continue; /* "^..." lines do not match the script's pattern */
      char id[GIT_OID_HEXSZ + 1];
      git_oid_tostr (id, sizeof id, &hk->final_commit_id);
      g_ptr_array_add (commits, g_strdup (id));
    }
  git_blame_free (blame);
  git_blob_free (blob);
  g_free (contents);
  return TRUE;
}
