/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-am.c - pcc_am_apply() against git am: a series made by git
 * format-patch (messages with trailing white space and runs of blank
 * lines, another author's in-body From:, a non-ASCII name, a new, a
 * deleted, a renamed and an executable file) applied in memory, then by
 * git am on a branch; each commit's tree, author and message must be
 * what git am recorded.  Then a patch that does not apply names itself,
 * and the repository on disk has no object it did not have. */
#include <git2.h>
#include <string.h>

#include "pcc-am.h"
#include "pcc-error.h"
#include "pcc-libgit2.h"
#include "pcc-test-git.h"

#define AUTHOR "A U Thor <author@example.org>"

static char *
make_series (PccTestRepo *r, char **base_out)
{
  pcc_test_write (r, "a.c", "one\ntwo\nthree\n", -1);
  pcc_test_write (r, "gone.c", "bye\n", -1);
  pcc_test_write (r, "old-name.c", "moved\nfile\nwith\nlines\n", -1);
  char *base = pcc_test_commit (r, AUTHOR, "base");
  g_free (pcc_test_gitf (r, "checkout -q -b topic"));
  pcc_test_write (r, "a.c", "one\n2\nthree\n", -1);
  g_free (pcc_test_commit (r, AUTHOR,
                           "a: change two   \n\n\n\nWhy, at length.  \n"
                           "\n\nSigned-off-by: " AUTHOR "\n"));
  pcc_test_write (r, "new.c", "fresh\n", -1);
  g_free (pcc_test_gitf (r, "rm -q gone.c"));
  g_free (pcc_test_commit (r, "J\xc3\xb6rg Other <jorg@example.org>",
                           "new: add, and remove gone.c\n\nSigned-off-by: "
                           "J\xc3\xb6rg Other <jorg@example.org>\n"));
  g_free (pcc_test_gitf (r, "mv old-name.c new-name.c"));
  g_free (pcc_test_gitf (r, "update-index --chmod=+x new.c"));
  g_free (pcc_test_commit (r, AUTHOR, "rename, and make new.c executable"));
  g_autofree char *range = g_strdup_printf ("%s..topic", base);
  char *dir = g_build_filename (r->root, "series", NULL);
  const char *fp[] = { "format-patch", "-q", "--cover-letter",
                       "--from=" AUTHOR, "-o", dir, range, NULL };
  g_free (pcc_test_git (r, fp));
  *base_out = base;
  return dir;
}

static gint
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* What git recorded for @rev: tree, author, message. */
static char *
git_facts (PccTestRepo *r, const char *rev)
{
  return pcc_test_gitf (r, "log -1 --format=%%T%%n%%an%%n%%ae%%n%%at%%n%%B %s",
                        rev);
}

static char *
our_facts (git_repository *repo, const git_oid *id)
{
  git_commit *c = NULL;
  g_assert_cmpint (git_commit_lookup (&c, repo, id), ==, 0);
  const git_signature *a = git_commit_author (c);
  char tree[GIT_OID_HEXSZ + 1];
  git_oid_tostr (tree, sizeof tree, git_commit_tree_id (c));
  char *s = g_strdup_printf ("%s\n%s\n%s\n%" G_GINT64_FORMAT "\n%s\n", tree,
                             a->name, a->email, (gint64) a->when.time,
                             git_commit_message_raw (c));
  git_commit_free (c);
  return s;
}

static guint
count_objects (PccTestRepo *r)
{
  g_autofree char *out = pcc_test_gitf (r, "count-objects -v");
  return (guint) g_ascii_strtoull (strstr (out, "count: ") + 7, NULL, 10);
}

static void
test_like_git_am (void)
{
  g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
  if (!r)
    return;
  g_autofree char *base = NULL;
  g_autofree char *dir = make_series (r, &base);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) series = pcc_series_new_from_dir (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_series_get_n_patches (series), ==, 3);

  g_assert_true (pcc_libgit2_load (&error));
  git_libgit2_init ();
  guint before = count_objects (r);
  git_repository *repo = NULL;
  g_assert_cmpint (git_repository_open_ext (&repo, r->work, 0, NULL), ==, 0);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (git_oid));
  gboolean ok = pcc_am_apply (repo, series, base, ids, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (ids->len, ==, 3);
  g_assert_cmpuint (count_objects (r), ==, before);

  /* git am, from the same files */
  g_free (pcc_test_gitf (r, "checkout -q -b am %s", base));
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *n;
  while ((n = g_dir_read_name (d)))
    if (!g_str_has_prefix (n, "0000"))
      g_ptr_array_add (files, g_build_filename (dir, n, NULL));
  g_ptr_array_sort (files, by_name);
  for (guint i = 0; i < files->len; i++)
    {
      const char *am[] = { "am", "-q", files->pdata[i], NULL };
      g_free (pcc_test_git (r, am));
    }
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *rev = g_strdup_printf ("am~%u", 2 - i);
      g_autofree char *want = git_facts (r, rev);
      g_autofree char *got = our_facts (repo, &g_array_index (ids, git_oid, i));
      g_assert_cmpstr (got, ==, want);
    }

  /* a patch that does not apply: the one after it is not tried */
  g_autoptr (GArray) ids2 = g_array_new (FALSE, FALSE, sizeof (git_oid));
  ok = pcc_am_apply (repo, series, "topic", ids2, &error);
  g_assert_false (ok);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
  g_assert_nonnull (strstr (error->message, "patch 1/3 does not apply"));
  g_assert_cmpuint (ids2->len, ==, 0);
  g_clear_error (&error);
  ok = pcc_am_apply (repo, series, "no-such-rev", ids2, &error);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_GIT);
  git_repository_free (repo);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/am/like-git-am", test_like_git_am);
  return g_test_run ();
}
