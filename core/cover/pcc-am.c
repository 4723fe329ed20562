/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-am.c - a series applied into commits in memory (see pcc-am.h). */
#include "pcc-am.h"
#include "pcc-check.h"
#include "pcc-date.h"
#include "pcc-error.h"
#include "pcc-libgit2.h"
#include "pcc-mailinfo.h"

#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <string.h>

/* Above the repository's own backends (loose objects 1, packs 2). */
#define MEMPACK_PRIORITY 1000

/* The odb of @repo writes to memory from now on. */
static gboolean
add_mempack (git_repository *repo, GError **error)
{
  git_odb *odb = NULL;
  git_odb_backend *mem = NULL;
  if (git_repository_odb (&odb, repo) != 0)
    {
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, "the object database");
      return FALSE;
    }
  gboolean ok = git_mempack_new (&mem) == 0
                && git_odb_add_backend (odb, mem, MEMPACK_PRIORITY) == 0;
  if (!ok)
    pcc_libgit2_set_error (error, PCC_ERROR_GIT, "an object database in memory");
  git_odb_free (odb);
  return ok;
}

/* The time and offset (minutes) of a Date: header; now and UTC when it
 * cannot be read. */
static void
mail_time (const char *date, git_time_t *t, int *offset)
{
  gint64 v;
  if (!pcc_date_parse_rfc2822 (date, &v, offset))
    {
      v = g_get_real_time () / G_USEC_PER_SEC;
      *offset = 0;
    }
  *t = v;
}

/* One patch on @parent: its commit's id into @id. */
static gboolean
apply_one (git_repository *repo, const PccSeries *series, guint i,
           git_commit *parent, git_oid *id, GError **error)
{
  PccPatch *patch = pcc_series_get_patch (series, i);
  gsize len;
  const char *text = pcc_patch_get_text (patch, &len);
  guint n = pcc_series_get_n_patches (series);
  git_tree *new_tree = NULL;
  git_signature *sig = NULL;
  git_oid tree_id;
  gboolean ok = FALSE;
  g_autofree char *name = NULL, *email = NULL, *subject = NULL;
  g_autofree char *msg = NULL;
  pcc_series_get_author (series, i, &name, &email);
  subject = pcc_series_get_commit_subject (series, i);
  msg = pcc_mailinfo_commit_message (subject, text, len);
  git_time_t t;
  int offset;
  mail_time (pcc_patch_get_date (patch), &t, &offset);

  git_index *index = pcc_check_apply (repo, parent, text, len, error);
  if (index == NULL)
    g_prefix_error (error, "patch %u/%u does not apply: ", i + 1, n);
  else if (git_index_write_tree_to (&tree_id, index, repo) != 0
           || git_tree_lookup (&new_tree, repo, &tree_id) != 0)
    pcc_libgit2_set_error (error, PCC_ERROR_GIT, "writing the tree");
  else if (git_signature_new (&sig, name && *name ? name : "unknown",
                              email && *email ? email : "unknown", t, offset)
           != 0)
    pcc_libgit2_set_error (error, PCC_ERROR_PATCH, "the author of the patch");
  else
    {
      const git_commit *parents[] = { parent };
      if (git_commit_create (id, repo, NULL, sig, sig, NULL, msg, new_tree, 1,
                             parents)
          != 0)
        pcc_libgit2_set_error (error, PCC_ERROR_GIT, "writing the commit");
      else
        ok = TRUE;
    }
  git_signature_free (sig);
  git_tree_free (new_tree);
  git_index_free (index);
  return ok;
}

gboolean
pcc_am_apply (git_repository *repo, const PccSeries *series, const char *base,
              GArray *commits, GError **error)
{
  git_object *obj = NULL, *peeled = NULL;
  if (git_revparse_single (&obj, repo, base) != 0
      || git_object_peel (&peeled, obj, GIT_OBJECT_COMMIT) != 0)
    {
      git_object_free (obj);
      g_set_error (error, PCC_ERROR, PCC_ERROR_GIT,
                   "the base %s is not in the repository", base);
      return FALSE;
    }
  git_object_free (obj);
  if (!add_mempack (repo, error))
    {
      git_object_free (peeled);
      return FALSE;
    }
  git_commit *parent = (git_commit *) peeled;
  gboolean ok = TRUE;
  for (guint i = 0; ok && i < pcc_series_get_n_patches (series); i++)
    {
      git_oid id;
      ok = apply_one (repo, series, i, parent, &id, error);
      git_commit_free (parent);
      parent = NULL;
      if (ok)
        {
          g_array_append_val (commits, id);
          ok = git_commit_lookup (&parent, repo, &id) == 0;
          if (!ok)
            pcc_libgit2_set_error (error, PCC_ERROR_GIT, "reading the commit made");
        }
    }
  git_commit_free (parent);
  return ok;
}
