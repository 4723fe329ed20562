/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-walk-cache.c - the history walk cache gives the answers of a
 * fresh walk, on real git repositories made here with git.
 *
 * pcc_history_file_log() with the cache (pcc-walk-cache.h) and without
 * it must give the same lines for every path and date: on the first run,
 * from the cache, for a later and an earlier date, after the cache files
 * are damaged or cut short, after HEAD moves, and in a shallow clone
 * that is deepened under the same HEAD.  The number of commits read from
 * the repository tells where the walk came from, and the number whose
 * trees were compared where the paths' sets came from.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pcc-history.h"
#include "pcc-test-git.h"
#include "pcc-tree.h"

#define DAY 86400

static gint64 now;

/* Run git in @dir (the work tree, or a folder beside it) of @repo with
 * every date at @date. */
static void
git_at (PccTestRepo *repo, const char *dir, gint64 date,
        const char *const *args)
{
  g_autofree char *d = g_strdup_printf ("@%" G_GINT64_FORMAT " +0000", date);
  g_autofree char *a = g_strconcat ("GIT_AUTHOR_DATE=", d, NULL);
  g_autofree char *c = g_strconcat ("GIT_COMMITTER_DATE=", d, NULL);
  const char *env[] = { a, c, NULL };
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, "-C");
  g_ptr_array_add (argv, (char *) dir);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_free (pcc_test_git_env (repo, env, (const char *const *) argv->pdata));
}

#define GIT(repo, dir, date, ...)                                             \
  git_at ((repo), (dir), (date), (const char *const[]){ __VA_ARGS__, NULL })

static void
change (PccTestRepo *repo, const char *rel, int i, gint64 date)
{
  g_autofree char *text = NULL;
  g_autofree char *p = g_build_filename (repo->work, rel, NULL);
  g_file_get_contents (p, &text, NULL, NULL);
  g_autofree char *more
      = g_strdup_printf ("%sline %d of %s\n", text ? text : "", i, rel);
  pcc_test_write (repo, rel, more, -1);
  g_autofree char *msg = g_strdup_printf ("change %d to %s", i, rel);
  GIT (repo, repo->work, date, "add", "-A");
  GIT (repo, repo->work, date, "commit", "-q", "-m", msg);
}

/* A history of some 50 commits over 430 days: five files in three
 * folders, commits older than a year, two commits with the same date, a
 * branch merged without fast-forward, a rename. */
static PccTestRepo *
make_repo (void)
{
  PccTestRepo *repo = pcc_test_repo_new ();
  g_assert_nonnull (repo);
  const char *files[] = { "a/x.c", "a/y.c", "b/z.c", "top.c" };
  const char *w = repo->work;
  gint64 t = now - 430 * DAY;
  for (int i = 0; i < 30; i++, t += 9 * DAY)
    change (repo, files[i % 4], i, i == 12 ? t - 9 * DAY : t);
  GIT (repo, w, t, "checkout", "-q", "-b", "side");
  for (int i = 30; i < 34; i++, t += DAY)
    change (repo, files[(i * 3) % 4], i, t);
  GIT (repo, w, t, "checkout", "-q", "master");
  change (repo, "c/w.c", 34, t + DAY / 2);
  t += DAY;
  GIT (repo, w, t, "merge", "-q", "--no-ff", "-m", "merge side", "side");
  t += DAY;
  GIT (repo, w, t, "mv", "a/x.c", "a/renamed.c");
  GIT (repo, w, t, "commit", "-q", "-m", "rename x.c");
  for (int i = 35; i < 45; i++)
    change (repo, i % 4 == 0 ? "a/renamed.c" : files[i % 4], i,
            t += 2 * DAY);
  return repo;
}

static const char *paths[] = { "a/x.c", "a/renamed.c", "a/",    "a",
                               "c/w.c", "b/z.c",       "top.c", "nope.c" };

/* Every path's file_log at @since, one string, from a new history with
 * the cache in @cache (NULL: none); *@read: commits read from git. */
/* set by all_logs() and check_against_git():
 * pcc_history_get_trees_compared() of their history */
static guint last_compared;

static char *
all_logs (const char *dir, const char *cache, gint64 since, guint *read)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (dir, &error);
  g_assert_no_error (error);
  g_autoptr (PccHistory) h = pcc_history_open (tree, &error);
  g_assert_no_error (error);
  g_assert_nonnull (h);
  pcc_history_set_cache_dir (h, cache);
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_assert_true (pcc_history_file_log (h, paths[i], since, lines, &error));
      g_assert_no_error (error);
      g_string_append_printf (out, "== %s\n", paths[i]);
      for (guint j = 0; j < lines->len; j++)
        g_string_append_printf (out, "%s\n", (char *) lines->pdata[j]);
    }
  /* one walk: the date is the same for every path */
  if (read)
    *read = pcc_history_get_commits_read (h);
  last_compared = pcc_history_get_trees_compared (h);
  return g_string_free (out, FALSE);
}

/* Only the first file_log of a history walks; the others reuse it. */
static void
check_same (const char *dir, const char *cache, gint64 since, guint *read)
{
  g_autofree char *fresh = all_logs (dir, NULL, since, NULL);
  g_autofree char *cached = all_logs (dir, cache, since, read);
  g_assert_cmpstr (cached, ==, fresh);
}

/* The commits file_log() shows for @path (its "GitCommit: " lines)
 * against git's own "git log --follow --no-merges --since": the walk,
 * the folder filter of the path sets and the rename following must
 * pick the commits git picks. */
static void
check_against_git (PccTestRepo *repo, const char *cache, const char *path,
                   gint64 since)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (repo->work, &error);
  g_autoptr (PccHistory) h = pcc_history_open (tree, &error);
  g_assert_no_error (error);
  pcc_history_set_cache_dir (h, cache);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_assert_true (pcc_history_file_log (h, path, since, lines, &error));
  GString *ours = g_string_new (NULL);
  for (guint j = 0; j < lines->len; j++)
    if (g_str_has_prefix (lines->pdata[j], "GitCommit: "))
      g_string_append_printf (ours, "%s\n",
                              (char *) lines->pdata[j] + strlen ("GitCommit: "));
  g_autofree char *since_arg
      = g_strdup_printf ("--since=@%" G_GINT64_FORMAT, since);
  const char *argv[] = { "log",         "--follow", "--no-merges", since_arg,
                         "--format=%H", "--",       path,          NULL };
  g_autofree char *theirs = pcc_test_git (repo, argv);
  g_assert_cmpstr (ours->str, ==, theirs);
  last_compared = pcc_history_get_trees_compared (h);
  g_string_free (ours, TRUE);
}

static char *
only_file (const char *dir, const char *prefix)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *n;
  char *found = NULL;
  while ((n = g_dir_read_name (d)))
    if (g_str_has_prefix (n, prefix) && !g_str_has_suffix (n, ".tmp"))
      {
        g_assert_null (found);
        found = g_build_filename (dir, n, NULL);
      }
  g_assert_nonnull (found);
  return found;
}

static void
damage (const char *path, gboolean truncate)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  if (truncate)
    len /= 2;
  else
    data[len / 2] ^= 0x20;
  g_assert_true (g_file_set_contents (path, data, len, NULL));
}

static void
test_same_answers (void)
{
  g_autoptr (PccTestRepo) repo = make_repo ();
  const char *dir = repo->work;
  g_autofree char *cache = g_build_filename (repo->root, "cache", NULL);
  gint64 year = now - 365 * DAY;
  guint read = 0;

  /* the first run walks the repository and writes the cache */
  check_same (dir, cache, year, &read);
  g_assert_cmpuint (read, >, 30);
  guint walked = read;
  /* the next takes every commit from it */
  check_same (dir, cache, year, &read);
  g_assert_cmpuint (read, ==, 0);
  /* a later date walks a part of the cached walk */
  check_same (dir, cache, now - 200 * DAY, &read);
  g_assert_cmpuint (read, ==, 0);
  /* an earlier one reads the older commits, and is then cached */
  check_same (dir, cache, now - 500 * DAY, &read);
  g_assert_cmpuint (read, >, 0);
  g_assert_cmpuint (read, <, walked);
  check_same (dir, cache, now - 500 * DAY, &read);
  g_assert_cmpuint (read, ==, 0);
  check_same (dir, cache, year, &read);
  g_assert_cmpuint (read, ==, 0);

  /* a damaged or truncated walk file is not used, and is rewritten */
  g_autofree char *walk = only_file (cache, "walk-");
  damage (walk, FALSE);
  check_same (dir, cache, year, &read);
  g_assert_cmpuint (read, >, 0);
  check_same (dir, cache, year, &read);
  g_assert_cmpuint (read, ==, 0);
  damage (walk, TRUE);
  check_same (dir, cache, year, &read);
  g_assert_cmpuint (read, >, 0);
  /* so is a damaged or truncated path sets file (the sets are found
   * again from the trees) */
  g_autofree char *sets = only_file (cache, "paths-");
  damage (sets, FALSE);
  check_same (dir, cache, year, &read);
  damage (sets, TRUE);
  check_same (dir, cache, year, &read);
  g_assert_true (g_file_set_contents (sets, "", 0, NULL));
  check_same (dir, cache, year, &read);

  /* and the commits are those git shows */
  const char *files[] = { "a/x.c", "a/y.c", "a/renamed.c", "b/z.c", "c/w.c",
                          "top.c", "nope.c" };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      check_against_git (repo, NULL, files[i], year);
      check_against_git (repo, cache, files[i], year);
      check_against_git (repo, cache, files[i], now - 500 * DAY);
    }

  /* a new HEAD reads its new commit only: the rest comes from the walk
   * of the HEAD before (down to 500 days: check_against_git() above) */
  change (repo, "b/z.c", 99, now - DAY);
  check_same (dir, cache, year, &read);
  g_assert_cmpuint (read, ==, 1);
  /* and its sets of the paths come from those of the HEAD before: only
   * the new commit's trees are compared, under each path and folder
   * whose parent folder it changed (245 without them) */
  g_assert_cmpuint (last_compared, >, 0);
  g_assert_cmpuint (last_compared, <=, G_N_ELEMENTS (paths) + 3);
  check_same (dir, cache, year, &read);
  g_assert_cmpuint (read, ==, 0);
  g_assert_cmpuint (last_compared, ==, 0);
  /* further back than the new HEAD's walk: its own graph down to a year,
   * the older commits and their sets from the walk of the HEAD before,
   * the second graph the walk knows */
  check_same (dir, cache, now - 500 * DAY, &read);
  g_assert_cmpuint (read, ==, 0);
  g_assert_cmpuint (last_compared, ==, 0);
}

/* A set of an earlier walk answers only for the commits that walk went
 * through.  Commit c is in the walk cache's graph of HEAD D down to 500
 * days, but not in D's walk down to a year, which goes no further than c's
 * child x, dated older than its parent.  The set of s/skew.c found on
 * that year's walk does not hold c; a new HEAD reaching c through recent
 * commits must compare c's trees, and show it. */
static void
test_prior_walk (void)
{
  g_autoptr (PccTestRepo) repo = pcc_test_repo_new ();
  g_assert_nonnull (repo);
  g_autofree char *cache = g_build_filename (repo->root, "cache", NULL);
  gint64 year = now - 365 * DAY;
  change (repo, "a/base.c", 0, now - 600 * DAY);
  change (repo, "s/skew.c", 1, now - 100 * DAY); /* c */
  change (repo, "a/base.c", 2, now - 400 * DAY); /* x */
  change (repo, "a/base.c", 3, now - 50 * DAY);  /* D */
  /* the graph, down to 500 days, with the sets of a/base.c */
  check_against_git (repo, cache, "a/base.c", now - 500 * DAY);
  /* D's walk down to a year, replayed from that graph: the set of
   * s/skew.c without c */
  check_against_git (repo, cache, "s/skew.c", year);
  GIT (repo, repo->work, now, "checkout", "-q", "-b", "side", "HEAD~2");
  change (repo, "t.c", 4, now - 10 * DAY);
  check_against_git (repo, cache, "s/skew.c", year);
  /* the new commit and c, under s/ and then under s/skew.c */
  g_assert_cmpuint (last_compared, ==, 3);
  /* the new HEAD's walk is now cached; a path asked at it for the first
   * time takes its set from the walk of the HEAD before, in which c was:
   * only the new commit is compared, under a/ (and it did not change a/) */
  check_against_git (repo, cache, "a/base.c", year);
  g_assert_cmpuint (last_compared, ==, 1);
}

static void
test_shallow_deepened (void)
{
  g_autoptr (PccTestRepo) repo = make_repo ();
  g_autofree char *clone = g_build_filename (repo->root, "shallow", NULL);
  g_autofree char *url = g_strconcat ("file://", repo->work, NULL);
  GIT (repo, repo->work, now, "clone", "-q", "--depth", "4", url, clone);
  g_autofree char *cache = g_build_filename (repo->root, "cache", NULL);
  gint64 year = now - 365 * DAY;
  guint read = 0;
  check_same (clone, cache, year, &read);
  g_assert_cmpuint (read, >, 0);
  check_same (clone, cache, year, &read);
  g_assert_cmpuint (read, ==, 0);
  /* the same HEAD with more history: the missing parents the cache
   * recorded are there now */
  GIT (repo, clone, now, "fetch", "-q", "--deepen", "20");
  check_same (clone, cache, year, &read);
  g_assert_cmpuint (read, >, 0);
  check_same (clone, cache, year, &read);
  g_assert_cmpuint (read, ==, 0);
}

int
main (int argc, char **argv)
{
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  now = g_get_real_time () / G_USEC_PER_SEC;
  g_test_add_func ("/walk-cache/same-answers", test_same_answers);
  g_test_add_func ("/walk-cache/shallow-deepened", test_shallow_deepened);
  g_test_add_func ("/walk-cache/prior-walk", test_prior_walk);
  return g_test_run ();
}
