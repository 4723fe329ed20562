/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-diff.c - the diff reader (pcc-diff.h) and hostile diffs given to
 * the series diffstat (issue 13's rows for the diff code).
 */
#include "pcc-diff.h"
#include "pcc-diffstat.h"
#include "pcc-error.h"

#include <string.h>
#include <sys/resource.h>

static const char git_diff[] = "From: A <a@example.org>\n"
                               "Subject: [PATCH] t\n"
                               "\n"
                               "---\n"
                               "diff --git a/old/name.c b/new/name.c\n"
                               "similarity index 90%\n"
                               "rename from old/name.c\n"
                               "rename to new/name.c\n"
                               "index 1234567..89abcde 100644\n"
                               "--- a/old/name.c\n"
                               "+++ b/new/name.c\n"
                               "@@ -1,2 +1,2 @@\n"
                               "-a\n"
                               "+b\n"
                               " c\n"
                               "\\ No newline at end of file\n"
                               "diff --git a/m b/m\n"
                               "old mode 100644\n"
                               "new mode 100755\n"
                               "diff --git \"a/sp ace\" \"b/sp ace\"\n"
                               "new file mode 100644\n"
                               "index 0000000..1111111\n"
                               "--- /dev/null\n"
                               "+++ \"b/sp ace\"\n"
                               "@@ -0,0 +1 @@\n"
                               "+x\n"
                               "diff --git a/bin b/bin\n"
                               "index 1111111..2222222\n"
                               "GIT binary patch\n"
                               "literal 3\n"
                               "KcmZ>9U;qFB00031\n"
                               "\n"
                               "literal 5\n"
                               "McmZ>9U;qFB00031\n"
                               "\n"
                               "--- a/plain\n"
                               "+++ b/plain\n"
                               "@@ -3 +3,0 @@\n"
                               "-gone\n";

static void
test_parse (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) files = pcc_diff_parse (
      "t", git_diff, strlen (git_diff), PCC_DIFF_STRICT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (files->len, ==, 5);

  PccDiffFile *r = files->pdata[0];
  g_assert_true (r->is_git && r->is_rename);
  g_assert_cmpstr (r->old_path, ==, "old/name.c");
  g_assert_cmpstr (r->new_path, ==, "new/name.c");
  g_assert_cmpint (r->similarity, ==, 90);
  g_assert_cmpuint (r->index_mode, ==, 0100644);
  g_assert_cmpuint (r->lineno, ==, 5);
  g_assert_cmpuint (r->hunks->len, ==, 1);
  PccDiffHunk *h = &g_array_index (r->hunks, PccDiffHunk, 0);
  g_assert_cmpuint (h->lineno, ==, 12);
  g_assert_cmpint (h->end, ==, PCC_DIFF_HUNK_COMPLETE);
  g_assert_cmpuint (h->lines->len, ==, 3);
  PccDiffLine *last = &g_array_index (h->lines, PccDiffLine, 2);
  g_assert_cmpint (last->op, ==, ' ');
  g_assert_true (last->no_newline);
  g_assert_cmpmem (last->text, last->len, "c\n", 2);

  PccDiffFile *m = files->pdata[1];
  g_assert_cmpstr (m->old_path, ==, "m");
  g_assert_cmpuint (m->old_mode, ==, 0100644);
  g_assert_cmpuint (m->new_mode, ==, 0100755);

  PccDiffFile *q = files->pdata[2];
  g_assert_true (q->is_new);
  g_assert_null (q->old_path);
  g_assert_cmpstr (q->new_path, ==, "sp ace");

  PccDiffFile *b = files->pdata[3];
  g_assert_true (b->binary && b->binary_sizes);
  g_assert_cmpint (b->bin_new, ==, 3);
  g_assert_cmpint (b->bin_old, ==, 5);

  PccDiffFile *p = files->pdata[4];
  g_assert_false (p->is_git);
  g_assert_cmpstr (p->old_path, ==, "plain");
  g_assert_cmpuint (g_array_index (p->hunks, PccDiffHunk, 0).old_count, ==, 1);
}

/* PCC_DIFF_NO_LINES: the same files and hunks, each hunk's counts equal
 * to the lines a full parse keeps, and no lines. */
static void
test_no_lines (void)
{
  static const char *const extra[] = {
    "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n",
    "--- a/f\n+++ b/f\n@@ -1 +1,2 @@\n-a\n\\ No newline at end of file\n"
    "+b\n+c\nnot a hunk line\n",
  };
  const char *texts[] = { git_diff, extra[0], extra[1] };
  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    {
      gsize len = strlen (texts[t]);
      g_autoptr (GPtrArray) full
          = pcc_diff_parse ("t", texts[t], len, PCC_DIFF_LENIENT, NULL);
      g_autoptr (GPtrArray) counted = pcc_diff_parse (
          "t", texts[t], len, PCC_DIFF_LENIENT | PCC_DIFF_NO_LINES, NULL);
      g_assert_cmpuint (counted->len, ==, full->len);
      guint n_hunks = 0;
      for (guint i = 0; i < full->len; i++)
        {
          PccDiffFile *a = full->pdata[i], *b = counted->pdata[i];
          g_assert_cmpstr (a->new_path, ==, b->new_path);
          g_assert_cmpuint (a->hunks->len, ==, b->hunks->len);
          for (guint k = 0; k < a->hunks->len; k++, n_hunks++)
            {
              PccDiffHunk *x = &g_array_index (a->hunks, PccDiffHunk, k);
              PccDiffHunk *y = &g_array_index (b->hunks, PccDiffHunk, k);
              guint plus = 0, minus = 0;
              for (guint j = 0; j < x->lines->len; j++)
                {
                  char op = g_array_index (x->lines, PccDiffLine, j).op;
                  plus += op == '+';
                  minus += op == '-';
                }
              g_assert_null (y->lines);
              g_assert_cmpuint (x->added, ==, plus);
              g_assert_cmpuint (x->removed, ==, minus);
              g_assert_cmpuint (y->added, ==, plus);
              g_assert_cmpuint (y->removed, ==, minus);
              g_assert_cmpint (y->end, ==, x->end);
              g_assert_cmpuint (y->missing_old, ==, x->missing_old);
              g_assert_cmpuint (y->missing_new, ==, x->missing_new);
            }
        }
      g_assert_cmpuint (n_hunks, >, 0);
    }
}

/* Strict mode: the diffstat's errors; lenient: how each hunk ended. */
static void
test_hunk_ends (void)
{
  static const char *const text[] = {
    "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n",
    "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\nnot a hunk line\n",
    "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n+c\n",
  };
  static const PccDiffHunkEnd ends[]
      = { PCC_DIFF_HUNK_TRUNCATED, PCC_DIFF_HUNK_SHORT,
          PCC_DIFF_HUNK_COMPLETE };
  static const char *const messages[] = {
    "t:3: the hunk is cut short (2 old and 2 new lines missing)",
    "t:3: the hunk is cut short (2 old and 2 new lines missing)",
    NULL,
  };
  for (guint i = 0; i < G_N_ELEMENTS (text); i++)
    {
      g_autoptr (GPtrArray) lenient = pcc_diff_parse (
          "t", text[i], strlen (text[i]), PCC_DIFF_LENIENT, NULL);
      PccDiffFile *f = lenient->pdata[0];
      PccDiffHunk *h = &g_array_index (f->hunks, PccDiffHunk, 0);
      g_assert_cmpint (h->end, ==, ends[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) strict = pcc_diff_parse (
          "t", text[i], strlen (text[i]), PCC_DIFF_STRICT, &error);
      if (messages[i])
        {
          g_assert_null (strict);
          g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
          g_assert_cmpstr (error->message, ==, messages[i]);
        }
      else
        g_assert_no_error (error);
    }
}

static void
test_line_grammar (void)
{
  guint a, b, c, d;
  g_assert_true (
      pcc_diff_parse_hunk_header ("@@ -1 +2,3 @@ f", 15, &a, &b, &c, &d));
  g_assert_cmpuint (a, ==, 1);
  g_assert_cmpuint (b, ==, 1);
  g_assert_cmpuint (c, ==, 2);
  g_assert_cmpuint (d, ==, 3);
  g_assert_false (pcc_diff_parse_hunk_header ("@@ -1,4294967296 +1 @@", 22, &a,
                                              &b, &c, &d));
  g_autofree char *x = NULL, *y = NULL;
  g_assert_true (pcc_diff_parse_git_line ("diff --git a/f b/g", 18, &x, &y));
  g_assert_cmpstr (x, ==, "f");
  g_assert_cmpstr (y, ==, "g");
  g_clear_pointer (&x, g_free);
  g_clear_pointer (&y, g_free);
  g_assert_false (pcc_diff_parse_git_line ("diff --git x b/foo", 18, &x, &y));
  g_assert_true (pcc_diff_is_extended_header ("index 12ab..34cd 100644", 23));
  g_assert_false (pcc_diff_is_extended_header ("index 12ab..34cd 10064x", 23));
  g_assert_true (pcc_diff_is_binary_data ("KcmZ>9U;qFB00031", 16));
  g_assert_false (pcc_diff_is_binary_data ("KcmZ>9U;qFB000", 14));
}

/* Issue 13: a "diff --git" line whose " b/" sits at offset 0 or 1 gave
 * g_strndup() a negative length (abort).  Now the names are not taken
 * from it, and the file has none: a clear error. */
static void
test_git_line_without_a_name (void)
{
  static const char *const text[] = {
    "diff --git x b/foo\n",
    "diff --git  b/foo\n",
    "diff --git x b/foo\n--- a/foo\n+++ b/foo\n@@ -1 +1 @@\n-a\n+b\n",
  };
  for (guint i = 0; i < G_N_ELEMENTS (text); i++)
    {
      g_autoptr (PccDiffstat) ds = pcc_diffstat_new (NULL);
      g_autoptr (GError) error = NULL;
      gboolean ok = pcc_diffstat_add_patch (ds, "x.patch", text[i],
                                            strlen (text[i]), &error);
      if (i < 2)
        {
          g_assert_false (ok);
          g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
          g_assert_cmpstr (error->message, ==,
                           "x.patch:1: a file diff without a file name (no "
                           "names on its \"diff --git\" line or ---/+++ "
                           "lines)");
        }
      else
        {
          g_assert_no_error (error);
          g_autofree char *out = pcc_diffstat_format (ds, 0, FALSE);
          g_assert_cmpstr (out, ==,
                           " foo | 2 +-\n"
                           " 1 file changed, 1 insertion(+), 1 deletion(-)\n");
        }
    }
}

/* In a test's child: cap its address space at @bytes, so that a
 * regression to per-line memory fails the test instead of the machine.
 * AddressSanitizer maps terabytes of shadow memory: no cap there (what
 * the test asserts is still checked). */
static void
limit_address_space (rlim_t bytes)
{
#if !defined(__SANITIZE_ADDRESS__)
  struct rlimit rl = { bytes, bytes };
  setrlimit (RLIMIT_AS, &rl);
#else
  (void) bytes;
#endif
}

/* The diffstat of @hunk (an "@@" line) changing "a" into "b" in file f. */
static gboolean
far_diffstat (const char *hunk, PccDiffstat *ds, GError **error)
{
  g_autofree char *text = g_strdup_printf (
      "diff --git a/f b/f\n--- a/f\n+++ b/f\n%s\n-a\n+b\n", hunk);
  return pcc_diffstat_add_patch (ds, "far.patch", text, strlen (text), error);
}

/* Issue 13: a hunk starting at line 2^31 made the diffstat allocate one
 * record per line before it (tens of GiB).  Run in a child limited to
 * 1 GiB of address space. */
static void
test_hunk_far_away (void)
{
  if (g_test_subprocess ())
    {
      limit_address_space (1UL << 30);
      g_autoptr (PccDiffstat) ds = pcc_diffstat_new (NULL);
      g_autoptr (GError) error = NULL;
      g_assert_false (
          far_diffstat ("@@ -2147483647,1 +2147483647,1 @@", ds, &error));
      g_assert_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE);
      g_assert_cmpstr (error->message, ==,
                       "far.patch:4: the hunk reaches line 2147483647 of its "
                       "file; the diffstat follows files of at most 4000000 "
                       "lines");
      return;
    }
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, 0);
  g_test_trap_assert_passed ();
}

/* A hunk within the bound but far into a file (found by the fuzz
 * campaign of 2026-12-05, a 300-byte input that took 99 s): each unseen
 * line before it went to xdiff as a line of its own, two buffers of 4
 * million lines, 6.7 s and 1.1 GB for this six-line patch.  A run of
 * unseen lines is now one line for xdiff.  Run in a child limited to
 * 512 MiB of address space. */
static void
test_hunk_far_but_within (void)
{
  if (g_test_subprocess ())
    {
      limit_address_space (512UL << 20);
      g_autoptr (PccDiffstat) ds = pcc_diffstat_new (NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (far_diffstat ("@@ -3999990,1 +3999990,1 @@", ds, &error));
      g_assert_no_error (error);
      g_autofree char *out = pcc_diffstat_format (ds, 72, FALSE);
      g_assert_cmpstr (out, ==,
                       " f | 2 +-\n"
                       " 1 file changed, 1 insertion(+), 1 deletion(-)\n");
      return;
    }
  g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, 0);
  g_test_trap_assert_passed ();
}

/* Numbers are read within the bytes given: the input need not be
 * NUL-terminated (atoi() and strtoll() read past it; found by
 * fuzz-damage under ASan). */
static void
test_numbers_within_bounds (void)
{
  static const char text[] = "diff --git a/x b/y\n"
                             "similarity index 10"
                             "99%\n";
  gsize len = strlen (text) - 4; /* up to "10" */
  g_autoptr (GPtrArray) files
      = pcc_diff_parse ("t", text, len, PCC_DIFF_LENIENT, NULL);
  g_assert_cmpuint (files->len, ==, 1);
  g_assert_cmpint (((PccDiffFile *) files->pdata[0])->similarity, ==, 10);

  static const char bin[] = "diff --git a/b b/b\nGIT binary patch\n"
                            "literal 3"
                            "7\n";
  g_autoptr (GPtrArray) b
      = pcc_diff_parse ("t", bin, strlen (bin) - 2, PCC_DIFF_LENIENT, NULL);
  g_assert_cmpint (((PccDiffFile *) b->pdata[0])->bin_new, ==, 3);

  /* A C-quoted name with "\\1" and no octal digits after it (found by
   * fuzz-damage under UBSan: a shift of a negative value). */
  static const char q[] = "--- \"a/x\\1\xc9\"\n+++ \"b/x\\1\xc9\"\n"
                          "@@ -1 +1 @@\n-a\n+b\n";
  g_autoptr (GPtrArray) qf
      = pcc_diff_parse ("t", q, strlen (q), PCC_DIFF_LENIENT, NULL);
  g_assert_cmpstr (((PccDiffFile *) qf->pdata[0])->new_path, ==, "x1\xc9");
}

/* Found by fuzz-diffstat: a rename whose new name is gone ("rename
 * from" only, and the file deleted) made the diffstat look up a NULL
 * path (crash). */
static void
test_rename_without_new_name (void)
{
  static const char text[] = "diff --git a/x b/x\nrename from x\n"
                             "deleted file mode 100644\n";
  g_autoptr (PccDiffstat) ds = pcc_diffstat_new (NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (
      pcc_diffstat_add_patch (ds, "r.patch", text, strlen (text), &error));
  g_assert_no_error (error);
  g_autofree char *out = pcc_diffstat_format (ds, 0, FALSE);
  g_assert_nonnull (out);
}

/* "copy from" with a deleted-file header has no name to copy to: the
 * diffstat reads it as a change of the source, as a rename without a
 * new name is (found by fuzz-diffstat: a NULL lookup). */
static void
test_copy_without_new_name (void)
{
  /* ... and a "copy to" or "rename to" under a "diff --git" line
   * without names has no source: also a NULL lookup, found by
   * fuzz-diffstat once the first case was fixed. */
  static const char *const texts[]
      = { "diff --git a/x b/x\ncopy from x\ndeleted file mode 100644\n",
          "diff --git a/x\ncopy to y\n",
          "diff --git a/x\nnew file mode 100644\ncopy to y\n",
          "diff --git a/x\nrename to y\n" };
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (PccDiffstat) ds = pcc_diffstat_new (NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (pcc_diffstat_add_patch (ds, "c.patch", texts[i],
                                             strlen (texts[i]), &error));
      g_assert_no_error (error);
      g_autofree char *out = pcc_diffstat_format (ds, 0, FALSE);
      g_assert_nonnull (out);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diff/parse", test_parse);
  g_test_add_func ("/diff/hunk-ends", test_hunk_ends);
  g_test_add_func ("/diff/no-lines", test_no_lines);
  g_test_add_func ("/diff/line-grammar", test_line_grammar);
  g_test_add_func ("/diff/git-line-without-a-name",
                   test_git_line_without_a_name);
  g_test_add_func ("/diff/hunk-far-away", test_hunk_far_away);
  g_test_add_func ("/diff/hunk-far-but-within", test_hunk_far_but_within);
  g_test_add_func ("/diff/numbers-within-bounds", test_numbers_within_bounds);
  g_test_add_func ("/diff/rename-without-new-name",
                   test_rename_without_new_name);
  g_test_add_func ("/diff/copy-without-new-name",
                   test_copy_without_new_name);
  return g_test_run ();
}
