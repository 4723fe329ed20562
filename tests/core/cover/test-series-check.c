/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-series-check.c - pcc_series_check() on real git format-patch
 * output: a folder that holds two versions of a series, a patch missing,
 * totals that disagree, an RFC patch among others, two base commits,
 * numbered and unnumbered patches together; and a clean series that
 * passes.  The warnings stay as they were (callers that read only them
 * see the same strings).
 */
#include <glib/gstdio.h>
#include <string.h>

#include "pcc-error.h"
#include "pcc-series.h"
#include "pcc-test-git.h"

typedef struct
{
  PccTestRepo *repo;
  char *base;  /* the commit the three patches are made on */
  char *older; /* its parent: another base */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->repo = pcc_test_repo_new ();
  if (!f->repo)
    return;
  PccTestRepo *r = f->repo;
  pcc_test_write (r, "a.c", "a 1\n", -1);
  f->older = pcc_test_commit (r, "A U Thor <author@example.org>", "start");
  pcc_test_write (r, "b.c", "b 1\n", -1);
  f->base = pcc_test_commit (r, "A U Thor <author@example.org>", "base");
  for (guint i = 1; i <= 3; i++)
    {
      g_autofree char *text = g_strdup_printf ("a %u\n", i + 1);
      g_autofree char *msg
          = g_strdup_printf ("a: change number %u\n\nSigned-off-by: A U "
                             "Thor <author@example.org>\n",
                             i);
      pcc_test_write (r, "a.c", text, -1);
      g_free (pcc_test_commit (r, "A U Thor <author@example.org>", msg));
    }
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  pcc_test_repo_free (f->repo);
  g_free (f->base);
  g_free (f->older);
}

/* git format-patch -q ARGS... -o ROOT/@dir; returns the folder. */
static char *
format_patch (Fixture *f, const char *dir, const char *const *args)
{
  char *out = g_build_filename (f->repo->root, dir, NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, "format-patch");
  g_ptr_array_add (argv, "-q");
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, "-o");
  g_ptr_array_add (argv, out);
  g_ptr_array_add (argv, NULL);
  g_free (pcc_test_git (f->repo, (const char *const *) argv->pdata));
  return out;
}

static PccSeries *
load (const char *dir)
{
  g_autoptr (GError) error = NULL;
  PccSeries *s = pcc_series_new_from_dir (dir, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static guint
count_kind (const GPtrArray *problems, PccSeriesProblemKind kind)
{
  guint n = 0;
  for (guint i = 0; i < problems->len; i++)
    if (((PccSeriesProblem *) problems->pdata[i])->kind == kind)
      n++;
  return n;
}

static const PccSeriesProblem *
find_kind (const GPtrArray *problems, PccSeriesProblemKind kind)
{
  for (guint i = 0; i < problems->len; i++)
    if (((PccSeriesProblem *) problems->pdata[i])->kind == kind)
      return problems->pdata[i];
  g_assert_not_reached ();
}

/* Whether @files holds a path ending in "/@name". */
static gboolean
has_file (char **files, const char *name)
{
  g_autofree char *tail = g_strconcat (G_DIR_SEPARATOR_S, name, NULL);
  for (guint i = 0; files[i]; i++)
    if (g_str_has_suffix (files[i], tail))
      return TRUE;
  return FALSE;
}

static void
print_problems (const GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("problem %u: %s", i,
                    ((PccSeriesProblem *) problems->pdata[i])->message);
}

static void
copy_file (const char *from, const char *to)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (from, &data, &len, NULL));
  g_assert_true (g_file_set_contents (to, data, len, NULL));
}

/* A series as git writes it passes. */
static void
test_clean (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autofree char *basearg = g_strdup_printf ("--base=%s", f->base);
  const char *args[] = { "--cover-letter", basearg, "-3", NULL };
  g_autofree char *dir = format_patch (f, "clean", args);
  g_autoptr (PccSeries) s = load (dir);
  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_autoptr (GError) error = NULL;
  g_assert_true (pcc_series_check_error (s, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_series_get_warnings (s)->len, ==, 0);
}

/* The case: "git format-patch -3 -o out" then "-v2 -3 -o out". */
static void
test_two_versions (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  const char *v1[] = { "-3", NULL };
  const char *v2[] = { "-v2", "-3", NULL };
  g_autofree char *dir = format_patch (f, "out", v1);
  g_free (format_patch (f, "out", v2));
  g_autoptr (PccSeries) s = load (dir);

  /* As before: six patches, and warnings only. */
  g_assert_cmpuint (pcc_series_get_n_patches (s), ==, 6);
  const GPtrArray *w = pcc_series_get_warnings (s);
  g_assert_cmpuint (w->len, ==, 6);
  g_assert_nonnull (strstr (w->pdata[0], ": a second patch numbered 1"));

  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  g_assert_cmpuint (problems->len, ==, 4);
  g_assert_cmpuint (count_kind (problems, PCC_SERIES_PROBLEM_DUPLICATE_NUMBER),
                    ==, 3);
  const PccSeriesProblem *dup = problems->pdata[0];
  g_assert_cmpint (dup->kind, ==, PCC_SERIES_PROBLEM_DUPLICATE_NUMBER);
  g_assert_cmpuint (g_strv_length (dup->files), ==, 2);
  g_assert_true (has_file (dup->files, "0001-a-change-number-1.patch"));
  g_assert_true (has_file (dup->files, "v2-0001-a-change-number-1.patch"));
  g_assert_true (
      g_str_has_prefix (dup->message, "2 patches are numbered 1: "));

  const PccSeriesProblem *mix
      = find_kind (problems, PCC_SERIES_PROBLEM_MIXED_PREFIX);
  g_assert_cmpuint (g_strv_length (mix->files), ==, 4);
  g_assert_nonnull (strstr (mix->message, "“[PATCH v2 …]”"));
  g_assert_true (
      g_str_has_suffix (mix->message, "versions v1 and v2 are mixed"));

  g_autoptr (GError) error = NULL;
  g_assert_false (pcc_series_check_error (s, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
  g_assert_nonnull (strstr (error->message, "versions v1 and v2"));
}

/* Both with --cover-letter: two cover letters too. */
static void
test_two_covers (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  const char *v1[] = { "--cover-letter", "-3", NULL };
  const char *v2[] = { "--cover-letter", "-v2", "-3", NULL };
  g_autofree char *dir = format_patch (f, "out", v1);
  g_free (format_patch (f, "out", v2));
  g_autoptr (PccSeries) s = load (dir);
  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  const PccSeriesProblem *p = problems->pdata[0];
  g_assert_cmpint (p->kind, ==, PCC_SERIES_PROBLEM_SECOND_COVER);
  g_assert_cmpuint (g_strv_length (p->files), ==, 2);
  g_assert_true (has_file (p->files, "0000-cover-letter.patch"));
  g_assert_true (has_file (p->files, "v2-0000-cover-letter.patch"));
  g_assert_true (g_str_has_prefix (p->message, "2 cover letters ("));
  g_assert_cmpuint (count_kind (problems, PCC_SERIES_PROBLEM_DUPLICATE_NUMBER),
                    ==, 3);
  g_assert_cmpuint (count_kind (problems, PCC_SERIES_PROBLEM_MIXED_PREFIX), ==,
                    1);
}

/* A patch missing: the announcing mail is named. */
static void
test_gap (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  const char *args[] = { "--cover-letter", "-3", NULL };
  g_autofree char *dir = format_patch (f, "gap", args);
  g_autofree char *p2
      = g_build_filename (dir, "0002-a-change-number-2.patch", NULL);
  g_assert_cmpint (g_unlink (p2), ==, 0);
  g_autoptr (PccSeries) s = load (dir);
  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  g_assert_cmpuint (problems->len, ==, 1);
  const PccSeriesProblem *p = problems->pdata[0];
  g_assert_cmpint (p->kind, ==, PCC_SERIES_PROBLEM_MISSING_NUMBER);
  g_assert_cmpuint (g_strv_length (p->files), ==, 1);
  g_assert_true (has_file (p->files, "0000-cover-letter.patch"));
  g_assert_true (g_str_has_prefix (p->message, "patch 2/3 is missing ("));
}

/* Patches 1/2 and 2/2 of one run, 3/3 of another. */
static void
test_count_mismatch (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  const char *two[] = { "-2", "HEAD~1", NULL };
  const char *three[] = { "-3", NULL };
  g_autofree char *dir = format_patch (f, "mix", two);
  g_autofree char *other = format_patch (f, "three", three);
  g_autofree char *from
      = g_build_filename (other, "0003-a-change-number-3.patch", NULL);
  g_autofree char *to
      = g_build_filename (dir, "0003-a-change-number-3.patch", NULL);
  copy_file (from, to);
  g_autoptr (PccSeries) s = load (dir);
  g_assert_cmpuint (pcc_series_get_n_patches (s), ==, 3);
  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  g_assert_cmpuint (problems->len, ==, 1);
  const PccSeriesProblem *p = problems->pdata[0];
  g_assert_cmpint (p->kind, ==, PCC_SERIES_PROBLEM_COUNT_MISMATCH);
  g_assert_cmpuint (g_strv_length (p->files), ==, 2);
  g_assert_true (has_file (p->files, "0001-a-change-number-1.patch"));
  g_assert_true (has_file (p->files, "0003-a-change-number-3.patch"));
  g_assert_nonnull (strstr (p->message, "is numbered “n/3” but "));
  g_assert_true (g_str_has_suffix (p->message, " announces 2 patches"));
}

/* An RFC patch among plain ones. */
static void
test_rfc_mixed (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  const char *plain[] = { "-3", NULL };
  const char *rfc[] = { "--rfc", "-3", NULL };
  g_autofree char *dir = format_patch (f, "rfcmix", plain);
  g_autofree char *other = format_patch (f, "rfc", rfc);
  g_autofree char *from
      = g_build_filename (other, "0002-a-change-number-2.patch", NULL);
  g_autofree char *to
      = g_build_filename (dir, "0002-a-change-number-2.patch", NULL);
  copy_file (from, to);
  g_autoptr (PccSeries) s = load (dir);
  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  g_assert_cmpuint (problems->len, ==, 1);
  const PccSeriesProblem *p = problems->pdata[0];
  g_assert_cmpint (p->kind, ==, PCC_SERIES_PROBLEM_MIXED_PREFIX);
  g_assert_true (has_file (p->files, "0002-a-change-number-2.patch"));
  g_assert_true (
      g_str_has_suffix (p->message, "RFC and non-RFC patches are mixed"));
}

/* Patches made on two bases. */
static void
test_mixed_base (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autofree char *base1 = g_strdup_printf ("--base=%s", f->base);
  g_autofree char *base2 = g_strdup_printf ("--base=%s", f->older);
  /* git writes base-commit: in the cover letter, or without one in the
   * first patch. */
  const char *a[] = { "--cover-letter", base1, "-3", NULL };
  const char *b[] = { base2, "-3", NULL };
  g_autofree char *dir = format_patch (f, "bases", a);
  g_autofree char *other = format_patch (f, "older", b);
  g_autofree char *from
      = g_build_filename (other, "0001-a-change-number-1.patch", NULL);
  g_autofree char *to
      = g_build_filename (dir, "0001-a-change-number-1.patch", NULL);
  copy_file (from, to);
  g_autoptr (PccSeries) s = load (dir);
  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  g_assert_cmpuint (problems->len, ==, 1);
  const PccSeriesProblem *p = problems->pdata[0];
  g_assert_cmpint (p->kind, ==, PCC_SERIES_PROBLEM_MIXED_BASE);
  g_assert_cmpuint (g_strv_length (p->files), ==, 2);
  g_assert_true (has_file (p->files, "0000-cover-letter.patch"));
  g_assert_true (has_file (p->files, "0001-a-change-number-1.patch"));
  g_assert_nonnull (strstr (p->message, f->base));
  g_assert_nonnull (strstr (p->message, f->older));
}

/* "[PATCH] x" among "[PATCH n/3]". */
static void
test_partly_numbered (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  const char *three[] = { "-3", NULL };
  const char *one[] = { "--no-numbered", "-1", NULL };
  g_autofree char *dir = format_patch (f, "partly", three);
  g_autofree char *other = format_patch (f, "one", one);
  g_autofree char *from
      = g_build_filename (other, "0001-a-change-number-3.patch", NULL);
  g_autofree char *to = g_build_filename (dir, "0004-again.patch", NULL);
  copy_file (from, to);
  g_autoptr (PccSeries) s = load (dir);
  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  g_assert_cmpuint (problems->len, ==, 1);
  const PccSeriesProblem *p = problems->pdata[0];
  g_assert_cmpint (p->kind, ==, PCC_SERIES_PROBLEM_PARTLY_NUMBERED);
  g_assert_cmpuint (g_strv_length (p->files), ==, 1);
  g_assert_true (has_file (p->files, "0004-again.patch"));

  /* Unnumbered alone is a series sent in the order given. */
  g_autoptr (PccSeries) t = load (other);
  g_autoptr (GPtrArray) none = pcc_series_check (t);
  g_assert_cmpuint (none->len, ==, 0);
}

/* Hand-made mails: a number beyond the total, many missing numbers in
 * ranges, a problem that goes away when the patch is replaced. */
static char *
mail (const char *subject, guint n)
{
  return g_strdup_printf (
      "From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 00:00:00 "
      "2001\n"
      "From: A U Thor <author@example.org>\n"
      "Subject: %s\n\n"
      "Change %u.\n---\n"
      "diff --git a/f%u.c b/f%u.c\nindex 1111111..2222222 100644\n"
      "--- a/f%u.c\n+++ b/f%u.c\n@@ -1 +1,2 @@\n a\n+b\n",
      subject, n, n, n, n, n);
}

static void
test_beyond_and_ranges (void)
{
  g_autofree char *a = mail ("[PATCH 1/2] x", 1);
  g_autofree char *b = mail ("[PATCH 2/2] y", 2);
  g_autofree char *c = mail ("[PATCH 3/2] z", 3);
  g_autofree char *mbox = g_strconcat (a, b, c, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s
      = pcc_series_new_from_mbox_data ("s.mbox", mbox, strlen (mbox), &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) problems = pcc_series_check (s);
  print_problems (problems);
  g_assert_cmpuint (problems->len, ==, 1);
  const PccSeriesProblem *p = problems->pdata[0];
  g_assert_cmpint (p->kind, ==, PCC_SERIES_PROBLEM_COUNT_MISMATCH);
  g_assert_cmpstr (p->message, ==,
                   "s.mbox#3 is numbered beyond the 2 patches s.mbox#1 "
                   "announces");

  g_autofree char *d = mail ("[PATCH 2/9] x", 2);
  g_autofree char *e = mail ("[PATCH 6/9] y", 6);
  g_autofree char *mbox2 = g_strconcat (d, e, NULL);
  g_autoptr (PccSeries) t = pcc_series_new_from_mbox_data (
      "t.mbox", mbox2, strlen (mbox2), &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) q = pcc_series_check (t);
  g_assert_cmpuint (q->len, ==, 1);
  g_assert_cmpstr (((PccSeriesProblem *) q->pdata[0])->message, ==,
                   "7 patches are missing: 1, 3–5, 7–9 of 9 (t.mbox#1 "
                   "announces 9)");

  /* Replacing the stray patch with a good one: nothing left. */
  g_autofree char *ok = mail ("[PATCH 2/2] y", 2);
  g_autofree char *bad = mail ("[PATCH v2 2/2] y", 2);
  g_autofree char *mbox3 = g_strconcat (a, bad, NULL);
  g_autoptr (PccSeries) u = pcc_series_new_from_mbox_data (
      "u.mbox", mbox3, strlen (mbox3), &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) r1 = pcc_series_check (u);
  g_assert_cmpuint (r1->len, ==, 1);
  g_assert_cmpint (((PccSeriesProblem *) r1->pdata[0])->kind, ==,
                   PCC_SERIES_PROBLEM_MIXED_PREFIX);
  PccPatch *np = pcc_patch_new_from_data ("u2", ok, strlen (ok), 0, &error);
  g_assert_no_error (error);
  pcc_series_replace_patch (u, 1, np);
  g_autoptr (GPtrArray) r2 = pcc_series_check (u);
  g_assert_cmpuint (r2->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define FX(path, fn) \
  g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  FX ("/series-check/clean", test_clean);
  FX ("/series-check/two-versions", test_two_versions);
  FX ("/series-check/two-covers", test_two_covers);
  FX ("/series-check/gap", test_gap);
  FX ("/series-check/count-mismatch", test_count_mismatch);
  FX ("/series-check/rfc-mixed", test_rfc_mixed);
  FX ("/series-check/mixed-base", test_mixed_base);
  FX ("/series-check/partly-numbered", test_partly_numbered);
  g_test_add_func ("/series-check/beyond-and-ranges", test_beyond_and_ranges);
  return g_test_run ();
}
