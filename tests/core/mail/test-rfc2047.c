/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-rfc2047.c - encoded words (core/mail/pcc-rfc2047.h): decoding,
 * header encoding with folding, header injection refused. */
#include <string.h>

#include "pcc-error.h"
#include "pcc-rfc2047.h"

static void
test_rfc2047 (void)
{
  g_autofree char *a = pcc_rfc2047_decode ("=?UTF-8?q?Zo=C3=AB?= Doe");
  g_assert_cmpstr (a, ==, "Zo\xc3\xab Doe");
  g_autofree char *b = pcc_rfc2047_decode ("=?iso-8859-1?b?Wm/r?=");
  g_assert_cmpstr (b, ==, "Zo\xc3\xab");
  g_autofree char *c = pcc_rfc2047_decode ("plain text");
  g_assert_cmpstr (c, ==, "plain text");
  g_assert_null (pcc_rfc2047_decode (NULL));

  g_autoptr (GError) error = NULL;
  g_autofree char *s
      = pcc_rfc2047_encode_header ("Subject", "Caf\xc3\xa9 x", FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (s, ==, "=?UTF-8?q?Caf=C3=A9_x?=");
  g_autofree char *back = pcc_rfc2047_decode (s);
  g_assert_cmpstr (back, ==, "Caf\xc3\xa9 x");
  g_autofree char *addr = pcc_rfc2047_encode_header (
      "To", "\"Zo\xc3\xab D\" <zoe@example.org>", TRUE, &error);
  g_assert_cmpstr (addr, ==, "=?UTF-8?q?Zo=C3=AB_D?= <zoe@example.org>");
  /* A quoted name's escapes are quoting, not text: the encoded word
   * holds the name itself. */
  g_autofree char *esc = pcc_rfc2047_encode_header (
      "To", "\"Zo\xc3\xab, \\\"Q\\\" \\\\\" <zoe@example.org>", TRUE, &error);
  g_autofree char *esc_back = pcc_rfc2047_decode (esc);
  g_assert_cmpstr (esc_back, ==, "Zo\xc3\xab, \"Q\" \\ <zoe@example.org>");
  g_autofree char *ascii
      = pcc_rfc2047_encode_header ("To", "A <a@b.org>", TRUE, &error);
  g_assert_cmpstr (ascii, ==, "A <a@b.org>");

  /* Long text: words of at most 75 characters, folded. */
  GString *longs = g_string_new (NULL);
  for (int i = 0; i < 40; i++)
    g_string_append (longs, "\xc3\xa9");
  g_autofree char *l
      = pcc_rfc2047_encode_header ("Subject", longs->str, FALSE, &error);
  g_assert_no_error (error);
  g_auto (GStrv) words = g_strsplit (l, "\n ", -1);
  g_assert_cmpuint (g_strv_length (words), >, 1);
  for (guint i = 0; words[i]; i++)
    g_assert_cmpuint (strlen (words[i]), <=, 75);
  g_autofree char *l2 = pcc_rfc2047_decode (l);
  g_assert_cmpstr (l2, ==, longs->str);
  g_string_free (longs, TRUE);

  g_assert_null (
      pcc_rfc2047_encode_header ("Subject", "a\r\nBcc: x", FALSE, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
  g_assert_nonnull (strstr (error->message, "Subject"));
  g_clear_error (&error);
  g_assert_null (pcc_rfc2047_encode_header ("To", "\xff", TRUE, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rfc2047/encode-decode", test_rfc2047);
  return g_test_run ();
}
