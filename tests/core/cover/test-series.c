/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-series.c - the series model against real git.
 *
 * The test builds a repository with real git (several authors, a
 * .mailmap, a prerequisite commit, renames, deletions, a new binary file,
 * a mode change, a file changed by two patches, a name git quotes, a
 * path long enough to be cut) and checks that patchcc's shortlog and
 * diffstat, computed from the format-patch files alone, are byte for
 * byte what "git shortlog", "git diff --stat" and "git format-patch
 * --cover-letter" print; that recipients of the series are the union of
 * the patches'; and that base-commit and prerequisite-patch-id are read.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "pcc-diffstat.h"
#include "pcc-error.h"
#include "pcc-plan.h"
#include "pcc-recipients.h"
#include "pcc-mbox.h"
#include "pcc-series.h"
#include "pcc-test-git.h"
#include "pcc-tree.h"

static const char maintainers[]
    = "List of maintainers\n"
      "===================\n"
      "\n"
      "BAR LIBRARY\n"
      "M:\tBar Maintainer <bar@example.org>\n"
      "S:\tMaintained\n"
      "F:\tlib/bar*\n"
      "\n"
      "FOO DRIVER\n"
      "M:\tFoo Maintainer <foo@example.org>\n"
      "R:\tFoo Reviewer <foorev@example.org>\n"
      "L:\tfoo-list@example.org\n"
      "S:\tMaintained\n"
      "F:\tdrivers/foo/\n"
      "\n"
      "THE REST\n"
      "M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
      "L:\tlinux-kernel@vger.kernel.org\n"
      "S:\tBuried alive in reporters\n"
      "F:\t*\n"
      "F:\t*/\n";

static const char mailmap[]
    = "Real Name <real@example.org> <old@example.org>\n"
      "Canonical Dev <dev@example.org> Dev Alias <dev@example.org>\n";

static char *
numbered_lines (const char *prefix, guint n)
{
  GString *s = g_string_new (NULL);
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "%s line %u\n", prefix, i);
  return g_string_free (s, FALSE);
}

typedef struct
{
  PccTestRepo *repo;
  char *base;   /* the upstream commit: base-commit */
  char *prereq; /* the commit between base and the series */
  char *outdir; /* git format-patch --cover-letter output */
} Fixture;

static const char long_path[]
    = "drivers/foo/some/very/long/directory/structure/that/goes/on/and/on/"
      "file_with_a_long_name.c";

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->repo = pcc_test_repo_new ();
  if (!f->repo)
    return;
  PccTestRepo *r = f->repo;
  g_autofree char *core = numbered_lines ("core", 30);
  g_autofree char *old = numbered_lines ("old", 12);
  g_autofree char *bar = numbered_lines ("bar", 8);
  g_autofree char *util = numbered_lines ("util", 5);
  g_autofree char *removed = numbered_lines ("removed", 7);
  g_autofree char *lp = numbered_lines ("long", 3);

  pcc_test_write (r, "MAINTAINERS", maintainers, -1);
  pcc_test_write (r, ".mailmap", mailmap, -1);
  pcc_test_write (r, "drivers/foo/core.c", core, -1);
  pcc_test_write (r, "drivers/foo/old_name.c", old, -1);
  pcc_test_write (r, "lib/bar.c", bar, -1);
  pcc_test_write (r, "lib/bar_util.c", util, -1);
  pcc_test_write (r, "docs/removed.txt", removed, -1);
  pcc_test_write (r, "scripts/tool.sh", "#!/bin/sh\necho tool\n", -1);
  pcc_test_write (r, long_path, lp, -1);
  f->base = pcc_test_commit (r, "Test Maintainer <tm@example.org>",
                             "base: the upstream tree");

  /* A prerequisite, not part of the series. */
  pcc_test_write (r, "lib/bar_util.c", "util changed first\n", -1);
  f->prereq = pcc_test_commit (r, "Test Maintainer <tm@example.org>",
                               "lib: bar_util: prerequisite change");

  /* 1: a long subject (wrapped in the cover letter). */
  g_autofree char *core1 = g_strdup (core);
  {
    GString *s = g_string_new (core);
    g_string_replace (s, "core line 5\n", "core line five\n", 1);
    g_string_append (s, "core line 31\ncore line 32\n");
    g_free (core1);
    core1 = g_string_free (s, FALSE);
  }
  pcc_test_write (r, "drivers/foo/core.c", core1, -1);
  g_free (pcc_test_commit (
      r, "Old Name <old@example.org>",
      "foo: core: make the fifth line spell its number and add two more "
      "lines at the end of the file\n\nBody.\n\nSigned-off-by: Old Name "
      "<old@example.org>\n"));

  /* 2: rename with a change, a deletion, a new file, a quoted name. */
  {
    g_free (pcc_test_gitf (r, "mv drivers/foo/old_name.c "
                              "drivers/foo/new_name.c"));
    GString *s = g_string_new (old);
    g_string_replace (s, "old line 12\n", "old line twelve\n", 1);
    pcc_test_write (r, "drivers/foo/new_name.c", s->str, -1);
    g_string_free (s, TRUE);
    g_free (pcc_test_gitf (r, "rm -q docs/removed.txt"));
    pcc_test_write (r, "lib/bar_new.c", "int bar_new;\n", -1);
    pcc_test_write (r, "docs/na\xc3\xafve file.txt", "naive\n", -1);
  }
  g_free (pcc_test_commit (
      r, "\xc3\x86var \xc3\x9cnicode <avar@example.org>",
      "foo: rename old_name to new_name\n\nSigned-off-by: \xc3\x86var "
      "\xc3\x9cnicode <avar@example.org>\n"));

  /* 3: core.c again (over patch 1's lines), a mode change, a binary
   *    file, the long path. */
  {
    GString *s = g_string_new (core1);
    g_string_replace (s, "core line five\n", "core line 5\n", 1);
    g_string_replace (s, "core line 20\n", "core line twenty\n", 1);
    g_string_replace (s, "core line 32\n", "", 1);
    pcc_test_write (r, "drivers/foo/core.c", s->str, -1);
    g_string_free (s, TRUE);
    g_autofree char *path
        = g_build_filename (r->work, "scripts/tool.sh", NULL);
    g_chmod (path, 0755);
    static const char bin[] = "\x00\x01\x02 binary \xff\xfe";
    pcc_test_write (r, "drivers/foo/firmware.bin", bin, sizeof bin - 1);
    pcc_test_write (r, long_path, "long line 1\nlong line 2 changed\n", -1);
  }
  g_free (pcc_test_commit (r, "Old Name <old@example.org>",
                           "foo: core: rework\n"));

  /* 4: the mailmapped alias. */
  {
    GString *s = g_string_new (bar);
    g_string_replace (s, "bar line 3\n", "bar line 3\nbar line 3.5\n", 1);
    pcc_test_write (r, "lib/bar.c", s->str, -1);
    g_string_free (s, TRUE);
  }
  g_free (pcc_test_commit (r, "Dev Alias <dev@example.org>",
                           "lib: bar: add a line"));

  f->outdir = g_build_filename (r->root, "out", NULL);
  g_autofree char *range = g_strdup_printf ("%s..HEAD", f->prereq);
  g_autofree char *basearg = g_strdup_printf ("--base=%s", f->base);
  const char *argv[]
      = { "format-patch", "-q", "--cover-letter", basearg, "-o", f->outdir,
          range,          NULL };
  g_free (pcc_test_git (r, argv));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  pcc_test_repo_free (f->repo);
  g_free (f->base);
  g_free (f->prereq);
  g_free (f->outdir);
}

static PccSeries *
load_series (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  PccSeries *s = pcc_series_new_from_dir (f->outdir, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_autoptr (PccTree) tree = pcc_tree_open_dir (f->repo->work, &error);
  g_assert_no_error (error);
  g_assert_true (pcc_series_load_mailmap (s, tree, &error));
  g_assert_no_error (error);
  return s;
}

/* The part of git's cover letter between the blurb and base-commit:. */
static char *
git_cover_summary (Fixture *f)
{
  g_autofree char *path
      = g_build_filename (f->outdir, "0000-cover-letter.patch", NULL);
  g_autofree char *data = NULL;
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  const char *start = strstr (data, "*** BLURB HERE ***\n\n");
  g_assert_nonnull (start);
  start += strlen ("*** BLURB HERE ***\n\n");
  const char *end = strstr (start, "\nbase-commit: ");
  g_assert_nonnull (end);
  return g_strndup (start, end - start);
}

static void
test_order_and_fields (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = load_series (f);
  g_assert_cmpuint (pcc_series_get_n_patches (s), ==, 4);
  g_assert_nonnull (pcc_series_get_cover (s));
  g_assert_cmpuint (pcc_series_get_warnings (s)->len, ==, 0);
  g_assert_cmpstr (pcc_series_get_prefix (s), ==, "PATCH");
  g_autofree char *subj = pcc_series_format_cover_subject (s, "Title");
  g_assert_cmpstr (subj, ==, "[PATCH 0/4] Title");
  g_autofree char *t2 = pcc_series_get_commit_subject (s, 1);
  g_assert_cmpstr (t2, ==, "foo: rename old_name to new_name");
  g_autofree char *name = NULL, *email = NULL;
  pcc_series_get_author (s, 1, &name, &email);
  g_assert_cmpstr (name, ==, "\xc3\x86var \xc3\x9cnicode");
  g_assert_cmpstr (email, ==, "avar@example.org");

  /* base-commit and prerequisite-patch-id as git wrote them. */
  g_assert_cmpstr (pcc_series_get_base_commit (s), ==, f->base);
  const GPtrArray *pre = pcc_series_get_prerequisites (s);
  g_assert_cmpuint (pre->len, ==, 1);
  g_autofree char *cover_path
      = g_build_filename (f->outdir, "0000-cover-letter.patch", NULL);
  g_autofree char *cover = NULL;
  g_file_get_contents (cover_path, &cover, NULL, NULL);
  g_autofree char *line = g_strdup_printf ("prerequisite-patch-id: %s\n",
                                           (const char *) pre->pdata[0]);
  g_assert_nonnull (strstr (cover, line));
  g_autofree char *lines = pcc_series_format_prerequisites (s);
  g_assert_cmpstr (lines, ==, line);
}

static void
test_shortlog_git (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = load_series (f);
  g_autofree char *mine = pcc_series_format_shortlog (s, PCC_SHORTLOG_GIT);
  g_autofree char *git
      = pcc_test_gitf (f->repo, "shortlog %s..HEAD", f->prereq);
  g_assert_cmpstr (mine, ==, git);
  /* The mailmap did its work. */
  g_assert_nonnull (strstr (mine, "Real Name (2):\n"));
  g_assert_nonnull (strstr (mine, "Canonical Dev (1):\n"));
}

static void
test_cover_summary (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = load_series (f);
  g_autoptr (GError) error = NULL;
  g_autofree char *shortlog
      = pcc_series_format_shortlog (s, PCC_SHORTLOG_COVER);
  g_autofree char *diffstat
      = pcc_series_format_diffstat (s, PCC_DIFFSTAT_WIDTH_MAIL, TRUE, &error);
  g_assert_no_error (error);
  g_autofree char *mine = g_strconcat (shortlog, diffstat, "\n", NULL);
  g_autofree char *git = git_cover_summary (f);
  g_assert_cmpstr (mine, ==, git);
  const char *why = NULL;
  g_assert_true (pcc_series_diffstat_is_exact (s, &why));
}

static void
test_diffstat_widths (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = load_series (f);
  static const int widths[] = { 40, 60, 72, 80, 100, 200 };
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *mine
          = pcc_series_format_diffstat (s, widths[i], FALSE, &error);
      g_assert_no_error (error);
      g_autofree char *git = pcc_test_gitf (f->repo, "diff --stat=%d %s..HEAD",
                                            widths[i], f->prereq);
      g_assert_cmpstr (mine, ==, git);
      g_autofree char *mine_s
          = pcc_series_format_diffstat (s, widths[i], TRUE, &error);
      g_autofree char *git_s = pcc_test_gitf (
          f->repo, "diff --stat=%d --summary %s..HEAD", widths[i], f->prereq);
      g_assert_cmpstr (mine_s, ==, git_s);
    }
}

static void
test_diffstat_with_base_tree (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = load_series (f);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree
      = pcc_tree_open_git (f->repo->work, f->prereq, &error);
  g_assert_no_error (error);
  pcc_series_set_base_tree (s, tree);
  g_autofree char *mine = pcc_series_format_diffstat (s, 72, TRUE, &error);
  g_assert_no_error (error);
  g_autofree char *git = pcc_test_gitf (f->repo,
                                        "diff --stat=72 --summary "
                                        "%s..HEAD",
                                        f->prereq);
  g_assert_cmpstr (mine, ==, git);
  const char *why = NULL;
  g_assert_true (pcc_series_diffstat_is_exact (s, &why));
}

static void
test_mbox (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autofree char *range = g_strdup_printf ("%s..HEAD", f->prereq);
  g_autofree char *basearg = g_strdup_printf ("--base=%s", f->base);
  const char *argv[]
      = { "format-patch", "--stdout", "--cover-letter", basearg, range, NULL };
  g_autofree char *mbox = pcc_test_git (f->repo, argv);
  g_autoptr (GPtrArray) mails = pcc_mbox_split (mbox, strlen (mbox));
  g_assert_cmpuint (mails->len, ==, 5);

  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s = pcc_series_new_from_mbox_data (
      "series.mbox", mbox, strlen (mbox), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_series_get_n_patches (s), ==, 4);
  g_assert_nonnull (pcc_series_get_cover (s));
  g_assert_cmpstr (pcc_series_get_patch_source (s, 0), ==, "series.mbox#2");
  g_autoptr (PccSeries) d = load_series (f);
  g_autofree char *a = pcc_series_format_diffstat (s, 72, TRUE, &error);
  g_autofree char *b = pcc_series_format_diffstat (d, 72, TRUE, &error);
  g_assert_cmpstr (a, ==, b);

  /* A body line starting "From " that is not a separator stays. */
  const char *tricky
      = "From 1234567890abcdef Mon Sep 17 00:00:00 2001\n"
        "Subject: [PATCH 1/1] x\n\nFrom here on it is the body.\n"
        "From the top, again\n";
  g_autoptr (GPtrArray) one = pcc_mbox_split (tricky, strlen (tricky));
  g_assert_cmpuint (one->len, ==, 1);
}

static int
cmp_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
test_reordered_and_missing (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  /* Given in reverse order and without patch 3: ordered, with a warning. */
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = g_dir_open (f->outdir, 0, NULL);
  const char *n;
  while ((n = g_dir_read_name (d)))
    if (!g_str_has_prefix (n, "0003") && !g_str_has_prefix (n, "0000"))
      g_ptr_array_add (files, g_build_filename (f->outdir, n, NULL));
  g_ptr_array_sort (files, cmp_paths);
  /* reverse */
  for (guint i = 0; i < files->len / 2; i++)
    {
      gpointer t = files->pdata[i];
      files->pdata[i] = files->pdata[files->len - 1 - i];
      files->pdata[files->len - 1 - i] = t;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s = pcc_series_new_from_paths (
      (const char *const *) files->pdata, files->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_series_get_n_patches (s), ==, 3);
  g_assert_null (pcc_series_get_cover (s));
  g_autofree char *first = pcc_series_get_commit_subject (s, 0);
  g_assert_true (g_str_has_prefix (first, "foo: core: make the fifth"));
  const GPtrArray *w = pcc_series_get_warnings (s);
  g_assert_cmpuint (w->len, ==, 1);
  g_assert_cmpstr (w->pdata[0], ==, "patch 3/4 is missing");
}

static gboolean
has_email (const PccResult *r, const char *email)
{
  for (guint i = 0; i < pcc_result_get_n_recipients (r); i++)
    if (g_ascii_strcasecmp (pcc_result_get_recipient (r, i)->email, email)
        == 0)
      return TRUE;
  return FALSE;
}

static void
test_recipients_union (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = load_series (f);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (f->repo->work, &error);
  g_assert_no_error (error);
  g_autoptr (PccEngine) engine = pcc_engine_new (tree, NULL, TRUE, &error);
  g_assert_no_error (error);
  PccOptions opts;
  pcc_options_init (&opts);
  g_assert_true (pcc_options_finish (&opts, &error));

  g_autoptr (PccResult) all = pcc_series_compute (s, engine, &opts, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_result_get_n_recipients (all), >, 0);

  /* Every recipient of a patch is a recipient of the series ... */
  GHashTable *seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < pcc_series_get_n_patches (s); i++)
    {
      PccPatch *p = pcc_series_get_patch (s, i);
      g_autoptr (PccResult) one
          = pcc_engine_compute (engine, &opts, &p, 1, &error);
      g_assert_no_error (error);
      for (guint k = 0; k < pcc_result_get_n_recipients (one); k++)
        {
          const PccRecipient *rc = pcc_result_get_recipient (one, k);
          g_assert_true (has_email (all, rc->email));
          g_hash_table_add (seen, g_ascii_strdown (rc->email, -1));
        }
    }
  /* ... and every recipient of the series comes from some patch. */
  for (guint k = 0; k < pcc_result_get_n_recipients (all); k++)
    {
      g_autofree char *e
          = g_ascii_strdown (pcc_result_get_recipient (all, k)->email, -1);
      g_assert_true (g_hash_table_contains (seen, e));
    }
  g_hash_table_unref (seen);
  g_assert_true (has_email (all, "foo@example.org"));
  g_assert_true (has_email (all, "bar@example.org"));
  g_assert_true (has_email (all, "foo-list@example.org"));

  /* The plan for the cover: b4's split. */
  PccPlanOptions popts;
  pcc_plan_options_init (&popts);
  g_autoptr (PccPlan) plan
      = pcc_series_plan_new (s, engine, &popts, NULL, NULL, &error);
  g_assert_no_error (error);
  g_auto (GStrv) to = pcc_plan_get_final (plan, PCC_FIELD_TO);
  g_auto (GStrv) cc = pcc_plan_get_final (plan, PCC_FIELD_CC);
  g_autofree char *tos = g_strjoinv ("\n", to);
  g_autofree char *ccs = g_strjoinv ("\n", cc);
  g_assert_nonnull (strstr (tos, "foo@example.org"));
  g_assert_nonnull (strstr (tos, "foorev@example.org"));
  g_assert_nonnull (strstr (ccs, "foo-list@example.org"));
  g_assert_null (strstr (tos, "foo-list@example.org"));
  pcc_options_clear (&opts);
}

/* --- diffstat composition without git --------------------------------- */

static void
test_diffstat_compose (void)
{
  /* Patch 1 adds two lines; patch 2 removes one of them again: the
   * series' diffstat is +1, not +2 -1. */
  const char *p1 = "diff --git a/f.c b/f.c\n"
                   "--- a/f.c\n+++ b/f.c\n"
                   "@@ -10,3 +10,5 @@ ctx\n"
                   " a\n b\n+new1\n+new2\n c\n";
  const char *p2 = "diff --git a/f.c b/f.c\n"
                   "--- a/f.c\n+++ b/f.c\n"
                   "@@ -11,3 +11,2 @@ ctx\n"
                   " b\n-new1\n new2\n";
  g_autoptr (PccDiffstat) ds = pcc_diffstat_new (NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (pcc_diffstat_add_patch (ds, "p1", p1, strlen (p1), &error));
  g_assert_true (pcc_diffstat_add_patch (ds, "p2", p2, strlen (p2), &error));
  g_autofree char *out = pcc_diffstat_format (ds, 80, FALSE);
  g_assert_cmpstr (out, ==, " f.c | 1 +\n 1 file changed, 1 insertion(+)\n");
  guint files, ins, del;
  pcc_diffstat_get_totals (ds, &files, &ins, &del);
  g_assert_cmpuint (files, ==, 1);
  g_assert_cmpuint (ins, ==, 1);
  g_assert_cmpuint (del, ==, 0);

  /* A cut-short hunk is an error naming the patch and line. */
  const char *bad = "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n";
  g_autoptr (PccDiffstat) ds2 = pcc_diffstat_new (NULL);
  g_assert_false (
      pcc_diffstat_add_patch (ds2, "bad.patch", bad, strlen (bad), &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
  g_assert_nonnull (strstr (error->message, "bad.patch:3"));
}

/* Lines no hunk showed go to xdiff as one placeholder per run; a run is
 * cut where either side cuts it.  Zero-context hunks (lines added between
 * two unseen lines) and hunks with context, composed over two patches
 * without a base tree, against "git diff --stat". */
static void
test_diffstat_unseen_runs (void)
{
  g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
  if (!r)
    return;
  g_autoptr (GString) text = g_string_new (NULL);
  for (guint i = 1; i <= 40; i++)
    g_string_append_printf (text, "line %u\n", i);
  pcc_test_write (r, "f.c", text->str, -1);
  g_free (pcc_test_commit (r, "A <a@example.org>", "base"));
  /* 1: two lines after line 5, line 20 changed */
  g_string_insert (text, strstr (text->str, "line 6\n") - text->str,
                   "ins1\nins2\n");
  g_string_replace (text, "line 20\n", "changed 20\n", 1);
  pcc_test_write (r, "f.c", text->str, -1);
  g_free (pcc_test_commit (r, "A <a@example.org>", "one"));
  /* 2: line 30 removed, a line after line 35, ins2 removed */
  g_string_replace (text, "line 30\n", "", 1);
  g_string_replace (text, "line 36\n", "ins3\nline 36\n", 1);
  g_string_replace (text, "ins2\n", "", 1);
  pcc_test_write (r, "f.c", text->str, -1);
  g_free (pcc_test_commit (r, "A <a@example.org>", "two"));

  g_autofree char *git = pcc_test_gitf (r, "diff --stat=72 HEAD~2..HEAD");
  static const char *const contexts[] = { "-U0", "-U1", "-U3" };
  for (guint c = 0; c < G_N_ELEMENTS (contexts); c++)
    {
      g_autofree char *p1
          = pcc_test_gitf (r, "diff %s HEAD~2 HEAD~1", contexts[c]);
      g_autofree char *p2
          = pcc_test_gitf (r, "diff %s HEAD~1 HEAD", contexts[c]);
      g_autoptr (PccDiffstat) ds = pcc_diffstat_new (NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (
          pcc_diffstat_add_patch (ds, "p1", p1, strlen (p1), &error));
      g_assert_true (
          pcc_diffstat_add_patch (ds, "p2", p2, strlen (p2), &error));
      g_autofree char *mine = pcc_diffstat_format (ds, 72, FALSE);
      g_assert_cmpstr (mine, ==, git);
    }
}

/* Random edits of a file, as lines: insert, delete or change a line at
 * a random place. */
static void
random_edits (GRand *rand, GPtrArray *lines, guint n, guint serial)
{
  for (guint e = 0; e < n; e++)
    {
      guint at = g_rand_int_range (rand, 0, lines->len + 1);
      guint op = g_rand_int_range (rand, 0, 3);
      if (op == 0 || at == lines->len)
        g_ptr_array_insert (lines, at,
                            g_strdup_printf ("new %u.%u", serial, e));
      else if (op == 1)
        g_ptr_array_remove_index (lines, at);
      else
        {
          g_free (lines->pdata[at]);
          lines->pdata[at] = g_strdup_printf ("changed %u.%u", serial, e);
        }
    }
}

/* "@prefix 1" to "@prefix @n", a new array. */
static GPtrArray *
line_array (const char *prefix, guint n)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 1; i <= n; i++)
    g_ptr_array_add (lines, g_strdup_printf ("%s %u", prefix, i));
  return lines;
}

/* Write @lines to @path; without a newline after the last one when
 * @no_eol. */
static void
write_lines (PccTestRepo *r, const char *path, GPtrArray *lines,
             gboolean no_eol)
{
  g_autoptr (GString) text = g_string_new (NULL);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "%s\n", (const char *) lines->pdata[i]);
  if (no_eol && text->len)
    g_string_truncate (text, text->len - 1);
  pcc_test_write (r, path, text->str, text->len);
}

/* The diffstat composed, without a base tree, from the last three
 * commits of @r, each as "git diff -U<n> @detect" for n = 0, 1 and 3,
 * against @git; with @exact it must also be marked exact. */
static void
check_composed (PccTestRepo *r, const char *detect, const char *git,
                gboolean exact, guint seed)
{
  static const char *const contexts[] = { "-U0", "-U1", "-U3" };
  for (guint c = 0; c < G_N_ELEMENTS (contexts); c++)
    {
      g_autoptr (PccDiffstat) ds = pcc_diffstat_new (NULL);
      for (guint p = 3; p >= 1; p--)
        {
          g_autofree char *patch = pcc_test_gitf (
              r, "diff %s %s HEAD~%u HEAD~%u", contexts[c], detect, p, p - 1);
          g_autoptr (GError) error = NULL;
          g_assert_true (
              pcc_diffstat_add_patch (ds, "p", patch, strlen (patch), &error));
          g_assert_no_error (error);
        }
      g_autofree char *mine = pcc_diffstat_format (ds, 72, FALSE);
      const char *why = NULL;
      gboolean is_exact = pcc_diffstat_is_exact (ds, &why);
      if (g_strcmp0 (mine, git) != 0 || (exact && !is_exact))
        g_printerr ("seed %u, %s in %s: %s\n", seed, contexts[c], r->work,
                    why);
      g_assert_cmpstr (mine, ==, git);
      if (exact)
        g_assert_cmpstr (why, ==, "");
    }
}

/* The diffstat of a series of random edits, composed without a base
 * tree from the patches alone, against "git diff --stat" of the whole
 * series.  Most lines are never shown, so the runs of unseen lines are
 * split, moved and shown again by later patches.  The series also copies
 * a file whose end the first patch shows ("\ No newline at end of
 * file"), so the copy's size is known: its runs of unseen lines become
 * added lines, and the result must be exact. */
static void
test_diffstat_random_series (void)
{
  for (guint seed = 1; seed <= 12; seed++)
    {
      g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
      if (!r)
        return;
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (GPtrArray) f = line_array ("line", 400);
      g_autoptr (GPtrArray) g = line_array ("g line", 80);
      write_lines (r, "f.c", f, FALSE);
      write_lines (r, "g.c", g, TRUE);
      g_free (pcc_test_commit (r, "A <a@example.org>", "base"));
      for (guint c = 1; c <= 3; c++)
        {
          random_edits (rand, f, g_rand_int_range (rand, 1, 12), c);
          random_edits (rand, g, g_rand_int_range (rand, 1, 4), c);
          if (c == 1)
            {
              g_free (g->pdata[g->len - 1]);
              g->pdata[g->len - 1] = g_strdup ("g last");
            }
          write_lines (r, "f.c", f, FALSE);
          write_lines (r, "g.c", g, TRUE);
          if (c == 2)
            {
              /* a copy of g.c with one line changed */
              g_autoptr (GPtrArray) k
                  = g_ptr_array_new_with_free_func (g_free);
              for (guint i = 0; i < g->len; i++)
                g_ptr_array_add (k, g_strdup (g->pdata[i]));
              g_free (k->pdata[k->len / 2]);
              k->pdata[k->len / 2] = g_strdup ("copied and changed");
              write_lines (r, "k.c", k, TRUE);
            }
          g_autofree char *msg = g_strdup_printf ("edit %u", c);
          g_free (pcc_test_commit (r, "A <a@example.org>", msg));
        }
      g_autofree char *git = pcc_test_gitf (r, "diff --stat=72 HEAD~3..HEAD");
      check_composed (r, "-C -C", git, TRUE, seed);
    }
}

/* The same with a rename (f.c to r.c in the second patch, edited before
 * and after), a file the series creates and edits, and one it deletes,
 * against "git diff -M --stat".  Only the counts: the similarity of a
 * rename over several patches is an estimate (and marked so). */
static void
test_diffstat_random_renames (void)
{
  for (guint seed = 1; seed <= 8; seed++)
    {
      g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
      if (!r)
        return;
      g_autoptr (GRand) rand = g_rand_new_with_seed (100 + seed);
      g_autoptr (GPtrArray) f = line_array ("line", 300);
      g_autoptr (GPtrArray) g = line_array ("g line", 50);
      g_autoptr (GPtrArray) h = line_array ("h line", 0);
      write_lines (r, "f.c", f, FALSE);
      write_lines (r, "g.c", g, FALSE);
      g_free (pcc_test_commit (r, "A <a@example.org>", "base"));
      for (guint c = 1; c <= 3; c++)
        {
          random_edits (rand, f, g_rand_int_range (rand, 1, 10), c);
          const char *fname = c >= 2 ? "dir/r.c" : "f.c";
          if (c == 2)
            g_free (pcc_test_gitf (r, "rm -q f.c"));
          write_lines (r, fname, f, FALSE);
          if (c == 1)
            g_ptr_array_extend_and_steal (h, line_array ("h line", 30));
          else
            random_edits (rand, h, g_rand_int_range (rand, 1, 5), c);
          write_lines (r, "h.c", h, FALSE);
          if (c < 3)
            {
              random_edits (rand, g, 2, c);
              write_lines (r, "g.c", g, FALSE);
            }
          else
            g_free (pcc_test_gitf (r, "rm -q g.c"));
          g_autofree char *msg = g_strdup_printf ("edit %u", c);
          g_free (pcc_test_commit (r, "A <a@example.org>", msg));
        }
      g_autofree char *git
          = pcc_test_gitf (r, "diff -M --stat=72 HEAD~3..HEAD");
      check_composed (r, "-M", git, FALSE, seed);
    }
}

/* One patch mail with @subject (a valid one-line diff). */
static char *
patch_mail (const char *subject, guint n)
{
  return g_strdup_printf (
      "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 "
      "2001\n"
      "From: A U Thor <author@example.org>\n"
      "Subject: %s\n\n"
      "Change %u.\n\nSigned-off-by: A U Thor <author@example.org>\n---\n"
      "diff --git a/f%u.c b/f%u.c\nindex 1111111..2222222 100644\n"
      "--- a/f%u.c\n+++ b/f%u.c\n@@ -1 +1,2 @@\n a\n+b\n",
      subject, n, n, n, n, n);
}

static gboolean
has_warning (PccSeries *s, const char *needle)
{
  const GPtrArray *w = pcc_series_get_warnings (s);
  for (guint i = 0; i < w->len; i++)
    if (strstr (w->pdata[i], needle))
      return TRUE;
  return FALSE;
}

/* A total of 4294967295 made the loop over the missing patches endless
 * (its counter could never pass the total).  Now a number of more than
 * four digits is not a number (b4's rule) and the warning names the
 * subject; a total of 9999 lists a hundred missing patches and sums up
 * the rest. */
static void
test_huge_total (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *m = patch_mail ("[PATCH 1/4294967295] x: y", 1);
  g_autoptr (PccSeries) s
      = pcc_series_new_from_mbox_data ("huge.mbox", m, strlen (m), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_series_get_n_patches (s), ==, 1);
  g_assert_true (has_warning (s, "“1/4294967295” in the subject "
                                 "“[PATCH 1/4294967295] x: y”"));
  g_assert_cmpstr (pcc_series_get_prefix (s), ==, "PATCH");
  g_autofree char *subj = pcc_series_format_cover_subject (s, "t");
  g_assert_cmpstr (subj, ==, "[PATCH 0/1] t");

  g_autofree char *a = patch_mail ("[PATCH 1/9999] x: y", 1);
  g_autofree char *b = patch_mail ("[PATCH 0002/9999] x: z", 2);
  g_autofree char *mbox = g_strconcat (a, b, NULL);
  g_autoptr (PccSeries) t = pcc_series_new_from_mbox_data (
      "big.mbox", mbox, strlen (mbox), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_series_get_n_patches (t), ==, 2);
  const GPtrArray *w = pcc_series_get_warnings (t);
  g_assert_cmpuint (w->len, ==, PCC_SERIES_MAX_MISSING + 1);
  g_assert_cmpstr (w->pdata[0], ==, "patch 3/9999 is missing");
  g_assert_cmpstr (w->pdata[PCC_SERIES_MAX_MISSING - 1], ==,
                   "patch 102/9999 is missing");
  g_assert_cmpstr (w->pdata[PCC_SERIES_MAX_MISSING], ==,
                   "9897 more patches are missing: big.mbox#1 announces "
                   "9999 (subject “[PATCH 1/9999] x: y”) and the series "
                   "has 2");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define FX(path, fn) \
  g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  FX ("/series/order-and-fields", test_order_and_fields);
  FX ("/series/shortlog-equals-git-shortlog", test_shortlog_git);
  FX ("/series/cover-summary-equals-format-patch", test_cover_summary);
  FX ("/series/diffstat-equals-git-diff-stat", test_diffstat_widths);
  FX ("/series/diffstat-with-base-tree", test_diffstat_with_base_tree);
  FX ("/series/mbox", test_mbox);
  FX ("/series/reordered-and-missing", test_reordered_and_missing);
  FX ("/series/recipients-union", test_recipients_union);
  g_test_add_func ("/series/diffstat-compose", test_diffstat_compose);
  g_test_add_func ("/series/diffstat-unseen-runs", test_diffstat_unseen_runs);
  g_test_add_func ("/series/diffstat-random-series",
                   test_diffstat_random_series);
  g_test_add_func ("/series/diffstat-random-renames",
                   test_diffstat_random_renames);
  g_test_add_func ("/series/huge-total", test_huge_total);
  return g_test_run ();
}
