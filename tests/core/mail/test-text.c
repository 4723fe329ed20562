/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-text.c - display widths and word wrapping
 * (core/mail/pcc-text.h), git's shortlog wrapping among them. */
#include "pcc-text.h"

static void
test_text (void)
{
  g_assert_cmpuint (pcc_text_width ("abc", -1), ==, 3);
  g_assert_cmpuint (pcc_text_width ("\xe6\x97\xa5\xe6\x9c\xac", -1), ==, 4);
  g_assert_cmpuint (pcc_text_width ("e\xcc\x81", -1), ==, 1);
  g_assert_cmpuint (pcc_text_width ("a\xff"
                                    "b",
                                    -1),
                    ==, 3);
  g_assert_cmpuint (pcc_text_width ("abcdef", 2), ==, 2);
  g_assert_cmpint (pcc_text_git_wcwidth ('\t'), ==, -1);
  g_assert_cmpint (pcc_text_git_wcwidth (0x65e5), ==, 2);

  GString *o = g_string_new (NULL);
  pcc_text_wrap_words (o, "- ", "  ", "  one two  three four", 12, FALSE);
  g_assert_cmpstr (o->str, ==, "- one two\n  three four");
  g_string_truncate (o, 0);
  pcc_text_wrap_words (o, "", "", "one two  three four", 12, TRUE);
  g_assert_cmpstr (o->str, ==, "one two\nthree four");
  g_string_truncate (o, 0);
  pcc_text_wrap_words (o, "", "", "a  b", 12, TRUE);
  g_assert_cmpstr (o->str, ==, "a  b");
  g_string_truncate (o, 0);
  pcc_text_wrap_words (o, "> ", "> ", "https://example.org/a/very/long/url x",
                       10, FALSE);
  g_assert_cmpstr (o->str, ==, "> https://example.org/a/very/long/url\n> x");
  g_string_truncate (o, 0);
  /* git format-patch's shortlog: indent 2, then 4, at 20 columns. */
  pcc_text_add_wrapped_git (o, "one two three four five six", 2, 4, 20);
  g_assert_cmpstr (o->str, ==, "  one two three four\n    five six");
  g_string_free (o, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/text/width-wrap", test_text);
  return g_test_run ();
}
