/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-mbox.c - the mbox split (core/mail/pcc-mbox.h): From_ lines as
 * git mailsplit reads them. */
#include <string.h>

#include "pcc-mbox.h"

static void
test_mbox (void)
{
  const char *two = "From 1234 Mon Sep 17 00:00:00 2001\nSubject: a\n\nA\n"
                    "From 5678 Mon Sep 17 00:00:00 2001\nSubject: b\n\nB\n";
  g_autoptr (GPtrArray) m = pcc_mbox_split (two, strlen (two));
  g_assert_cmpuint (m->len, ==, 2);
  gsize l = 0;
  const char *a = g_bytes_get_data (m->pdata[0], &l);
  g_assert_cmpmem (a, l, "Subject: a\n\nA\n", 14);
  g_assert_true (
      pcc_mbox_is_from_line ("From x Mon Sep 17 00:00:00 2001\n", 32));
  g_assert_false (pcc_mbox_is_from_line ("From here on we go on\n", 22));
  /* The year must be on the line (git reads one line at a time): the
   * next line's digits are no year. */
  const char *y = "From x Mon Sep 17 00:00:00\n2001 is no year\n";
  g_autoptr (GPtrArray) one = pcc_mbox_split (y, strlen (y));
  g_assert_cmpuint (one->len, ==, 1);
  g_assert_cmpuint (g_bytes_get_size (one->pdata[0]), ==, strlen (y));
  g_autoptr (GPtrArray) empty = pcc_mbox_split (NULL, 0);
  g_assert_cmpuint (empty->len, ==, 1);
}

static void
test_mbox_append (void)
{
  const char *a
      = "Subject: a\n\nFrom x Mon Sep 17 00:00:00 2001\n>From y\nend";
  const char *b = "Subject: b\r\n\r\nB\r\n";
  g_autoptr (GString) mbox = g_string_new (NULL);
  pcc_mbox_append (mbox, a, strlen (a));
  pcc_mbox_append (mbox, b, strlen (b));
  g_assert_cmpstr (mbox->str, ==,
                   PCC_MBOX_FROM_LINE
                   "Subject: a\n\n>From x Mon Sep 17 00:00:00 2001\n"
                   ">>From y\nend\n" PCC_MBOX_FROM_LINE
                   "Subject: b\r\n\r\nB\r\n");
  g_autoptr (GPtrArray) m = pcc_mbox_split (mbox->str, mbox->len);
  g_assert_cmpuint (m->len, ==, 2);
  gsize l = 0;
  const char *got = g_bytes_get_data (m->pdata[1], &l);
  g_assert_cmpmem (got, l, b, strlen (b));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mbox/split", test_mbox);
  g_test_add_func ("/mbox/append", test_mbox_append);
  return g_test_run ();
}
