/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-check.c - "patchcc --check": a patch checked against the
 * repository (its base-commit: there and the diff applying to it, its
 * Fixes: commits known, Cc: stable next to a fix). */
#include "pcc-check.h"
#include "pcc-history-private.h"
#include "pcc-error.h"

#include <string.h>

git_index *
pcc_check_apply (git_repository *repo, git_commit *commit, const char *text,
                 gsize len, GError **error)
{
  gsize dlen = 0;
  const char *start = pcc_patch_find_git_diff (text, len, &dlen);
  if (start == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH, "no git diff to apply");
      return NULL;
    }
  git_diff *diff = NULL;
  git_tree *tree = NULL;
  git_index *out = NULL;
  if (git_diff_from_buffer (&diff, start, dlen) != 0)
    {
      const git_error *e = git_error_last ();
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "the diff cannot be read: %s",
                   e && e->message ? e->message : "unknown error");
    }
  else if (git_commit_tree (&tree, commit) != 0)
    {
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, "reading the base tree");
    }
  else if (git_apply_to_tree (&out, repo, tree, diff, NULL) != 0)
    {
      const git_error *e = git_error_last ();
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH, "%s",
                   e && e->message ? e->message : "it does not apply");
      out = NULL;
    }
  git_tree_free (tree);
  git_diff_free (diff);
  return out;
}

gboolean
pcc_check_patch_applies (PccHistory *h, const char *base, const char *text,
                         gsize len, GError **error)
{
  git_commit *c = pcc_history_lookup_commit (h, base);
  if (c == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_GIT,
                   "commit %s is not in the repository", base);
      return FALSE;
    }
  git_index *out = pcc_check_apply (h->repo, c, text, len, error);
  git_index_free (out);
  git_commit_free (c);
  return out != NULL;
}

static gboolean
cc_stable (const PccPatch *patch)
{
  const GArray *tr = pcc_patch_get_trailers (patch);
  for (guint i = 0; i < tr->len; i++)
    {
      const PccTrailer *t = &g_array_index (tr, PccTrailer, i);
      if (g_ascii_strcasecmp (t->key, "Cc") == 0
          && strstr (t->value, "stable@vger.kernel.org"))
        return TRUE;
    }
  const GPtrArray *cc = pcc_patch_get_cc (patch);
  for (guint i = 0; i < cc->len; i++)
    if (strstr (cc->pdata[i], "stable@vger.kernel.org"))
      return TRUE;
  return FALSE;
}

gboolean
pcc_check_patch (PccHistory *h, const PccPatch *patch, GPtrArray *problems,
                 GPtrArray *hints)
{
  guint before = problems->len;
  const char *base = pcc_patch_get_base_commit (patch);
  if (base == NULL)
    {
      g_ptr_array_add (problems,
                       g_strdup ("no base-commit: line (git format-patch "
                                 "--base=auto writes one)"));
    }
  else
    {
      g_autofree char *full = pcc_history_resolve_commit (h, base);
      if (full == NULL)
        {
          g_ptr_array_add (problems,
                           g_strdup_printf ("base-commit %s is not in the "
                                            "repository",
                                            base));
        }
      else
        {
          gsize len;
          const char *text = pcc_patch_get_text (patch, &len);
          g_autoptr (GError) err = NULL;
          if (!pcc_check_patch_applies (h, full, text, len, &err))
            g_ptr_array_add (problems,
                             g_strdup_printf ("does not apply to its "
                                              "base-commit %.12s: %s",
                                              full, err->message));
        }
    }
  const GPtrArray *fixes = pcc_patch_get_fixes (patch);
  for (guint i = 0; i < fixes->len; i++)
    {
      g_autofree char *full = pcc_history_resolve_commit (h, fixes->pdata[i]);
      if (full == NULL)
        g_ptr_array_add (problems,
                         g_strdup_printf ("Fixes: %s names a commit the "
                                          "repository does not have",
                                          (char *) fixes->pdata[i]));
    }
  if (fixes->len > 0 && !cc_stable (patch))
    g_ptr_array_add (hints,
                     g_strdup ("Fixes: without Cc: stable@vger.kernel.org "
                               "(add it if the fix is for stable kernels "
                               "too)"));
  return problems->len == before;
}
