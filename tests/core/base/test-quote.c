/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-quote.c - paths quoted as git quotes them, read back, and
 * renames in git's "dir/{a => b}/file" form. */
#include <glib.h>
#include <string.h>

#include "pcc-quote.h"

static void
test_quote (void)
{
  g_autofree char *a = pcc_quote_path ("plain/name.c");
  g_assert_cmpstr (a, ==, "plain/name.c");
  g_autofree char *b = pcc_quote_path ("tab\there \"q\"\\");
  g_assert_cmpstr (b, ==, "\"tab\\there \\\"q\\\"\\\\\"");
  g_autofree char *c = pcc_quote_path ("na\xc3\xafve");
  g_assert_cmpstr (c, ==, "\"na\\303\\257ve\"");
  g_assert_false (pcc_quote_path_needed ("a/b-c_d.e f"));
  g_assert_true (pcc_quote_path_needed ("a\x7f"));
}

/* Every byte but NUL survives quoting and unquoting, and the end is
 * found after the closing quote. */
static void
test_round_trip (void)
{
  char all[256];
  for (int i = 1; i < 256; i++)
    all[i - 1] = (char) i;
  all[255] = '\0';
  g_autofree char *q = pcc_quote_path (all);
  g_assert_cmpint (q[0], ==, '"');
  g_autofree char *text = g_strconcat (q, "\ttail", NULL);
  const char *end = NULL;
  g_autofree char *u
      = pcc_unquote_path (text, text + strlen (text), &end);
  g_assert_cmpstr (u, ==, all);
  g_assert_cmpstr (end, ==, "\ttail");
  /* An unterminated quote ends at the limit. */
  g_autofree char *v = pcc_unquote_path ("\"abc", "\"abc" + 4, &end);
  g_assert_cmpstr (v, ==, "abc");
}

/* The output of git diff --stat for the same renames. */
static void
test_rename (void)
{
  static const struct
  {
    const char *a, *b, *want;
  } cases[] = {
    { "a/b/c.c", "a/b/d.c", "a/b/{c.c => d.c}" },
    { "dir/old/file.c", "dir/new/file.c", "dir/{old => new}/file.c" },
    { "x.c", "y.c", "x.c => y.c" },
    { "a/file.c", "b/file.c", "{a => b}/file.c" },
    { "a/b/file.c", "a/file.c", "a/{b => }/file.c" },
    { "a/t\tb.c", "a/c.c", "\"a/t\\tb.c\" => a/c.c" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *r = pcc_quote_rename (cases[i].a, cases[i].b);
      g_assert_cmpstr (r, ==, cases[i].want);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quote/path", test_quote);
  g_test_add_func ("/quote/round-trip", test_round_trip);
  g_test_add_func ("/quote/rename", test_rename);
  return g_test_run ();
}
