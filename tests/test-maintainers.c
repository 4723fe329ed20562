/* test-maintainers.c - the typevalue model, sections, the index. */
#include <string.h>
#include <glib/gstdio.h>
#include "pcc-error.h"
#include "pcc-maintainers.h"

static const char *TEXT =
  "Preamble line\n"                 /* 0 */
  "\n"
  "# a comment\n"
  "FIRST\n"                         /* 1 */
  "M:\tA <a@x.org>\n"               /* 2 */
  "L:\tlist@x.org (subscribers-only)\n" /* 3 */
  "S:\tMaintained\n"                /* 4 */
  "F:\tdrivers/first/\n"            /* 5 */
  "F:\tdrivers/dir\n"               /* 6: a directory, gets its slash */
  "F:\tinclude/*.h\n"               /* 7 */
  "X:\tdrivers/first/skip.c\n"      /* 8 */
  "K:\t\\bfirst_call\\b\n"          /* 9 */
  "\n"
  "SECOND\n"                        /* 10 */
  "N:\tsec[0-9]\n"                  /* 11 */
  "L:\topen@x.org\n";               /* 12 */

static char *tmpdir;

static PccMaintainers *
load (PccTree **tree)
{
  g_autoptr (GError) error = NULL;
  *tree = pcc_tree_open_dir (tmpdir, &error);
  g_assert_no_error (error);
  PccMaintainers *m = pcc_maintainers_new_from_data ("MAINTAINERS", TEXT,
                                                     strlen (TEXT), *tree,
                                                     &error);
  g_assert_no_error (error);
  return m;
}

static void
test_typevalue (void)
{
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccMaintainers) m = load (&tree);
  g_assert_cmpuint (pcc_maintainers_get_n_entries (m), ==, 13);
  g_assert_cmpint (pcc_maintainers_entry_type (m, 0), ==, 0);
  g_assert_cmpint (pcc_maintainers_entry_type (m, 5), ==, 'F');
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 5), ==, "drivers/first/");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 7), ==, "include/.*\\.h");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 6), ==, "drivers/dir/");
  g_assert_cmpuint (pcc_maintainers_entry_lineno (m, 5), ==, 8);
  g_assert_cmpuint (pcc_maintainers_section_start (m, 5), ==, 1);
  g_assert_cmpuint (pcc_maintainers_section_end (m, 5), ==, 10);
  g_assert_cmpstr (pcc_maintainers_section_name (m, 12), ==, "SECOND");
  g_assert_true (pcc_maintainers_section_has_list (m, 5, FALSE));
  g_assert_false (pcc_maintainers_section_has_list (m, 5, TRUE));
  g_assert_true (pcc_maintainers_section_has_list (m, 11, TRUE));
}

static GArray *
match (PccMaintainers *m, const char *file)
{
  g_autoptr (GError) error = NULL;
  GArray *a = g_array_new (FALSE, FALSE, sizeof (PccMatch));
  g_assert_true (pcc_maintainers_match_file (m, file, a, &error));
  g_assert_no_error (error);
  return a;
}

static void
test_match (void)
{
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccMaintainers) m = load (&tree);

  g_autoptr (GArray) a = match (m, "drivers/first/x.c");
  g_assert_cmpuint (a->len, ==, 1);
  g_assert_cmpuint (g_array_index (a, PccMatch, 0).tvi, ==, 5);
  g_assert_cmpint (g_array_index (a, PccMatch, 0).depth, ==, 2);

  g_autoptr (GArray) x = match (m, "drivers/first/skip.c");
  g_assert_cmpuint (x->len, ==, 0); /* X: excludes the whole section */

  g_autoptr (GArray) d = match (m, "drivers/dir/sub/y.c");
  g_assert_cmpuint (d->len, ==, 1); /* the directory slash applies */

  g_autoptr (GArray) g1 = match (m, "include/foo.h");
  g_assert_cmpuint (g1->len, ==, 1);
  g_autoptr (GArray) g2 = match (m, "include/linux/foo.h");
  g_assert_cmpuint (g2->len, ==, 0); /* one directory level only */

  g_autoptr (GArray) n = match (m, "arch/sec7/board.c");
  g_assert_cmpuint (n->len, ==, 1);
  g_assert_cmpint (g_array_index (n, PccMatch, 0).depth, ==, 0);
}

static void
test_keywords (void)
{
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccMaintainers) m = load (&tree);
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *plus = "+\tfirst_call();\n", *ctx = " first_call();\n";
  g_assert_true (pcc_maintainers_match_keywords (m, plus, strlen (plus), TRUE,
                                                 NULL, hits, NULL));
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_true (pcc_maintainers_match_keywords (m, ctx, strlen (ctx), TRUE,
                                                 NULL, hits, NULL));
  g_assert_cmpuint (hits->len, ==, 1); /* context lines do not count */
  g_assert_true (pcc_maintainers_match_keywords (m, ctx, strlen (ctx), FALSE,
                                                 NULL, hits, NULL));
  g_assert_cmpuint (hits->len, ==, 2); /* but the message does */
}

static void
test_bad_pattern (void)
{
  const char *bad = "S\nF:\tok/\nF:\tbroken[\n";
  g_autoptr (GError) error = NULL;
  PccMaintainers *m = pcc_maintainers_new_from_data ("MAINTAINERS", bad,
                                                     strlen (bad), NULL,
                                                     &error);
  g_assert_null (m);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS);
  g_assert_nonnull (strstr (error->message, "MAINTAINERS:3"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("pcc-maint-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmpdir, "drivers", "dir", NULL);
  g_mkdir_with_parents (dir, 0755);
  g_test_add_func ("/maintainers/typevalue", test_typevalue);
  g_test_add_func ("/maintainers/match", test_match);
  g_test_add_func ("/maintainers/keywords", test_keywords);
  g_test_add_func ("/maintainers/bad-pattern", test_bad_pattern);
  int rc = g_test_run ();
  g_rmdir (dir);
  g_autofree char *drivers = g_build_filename (tmpdir, "drivers", NULL);
  g_rmdir (drivers);
  g_rmdir (tmpdir);
  return rc;
}
