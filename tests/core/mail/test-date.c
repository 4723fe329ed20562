/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-date.c - RFC 2822 Date: headers written and read back. */
#include <glib.h>

#include "pcc-date.h"

static void
test_format_rfc2822 (void)
{
  g_autoptr (GTimeZone) plus = g_time_zone_new_identifier ("+01:00");
  g_autoptr (GDateTime) t = g_date_time_new (plus, 2026, 12, 3, 19, 6, 1);
  g_autofree char *a = pcc_date_format_rfc2822 (t);
  g_assert_cmpstr (a, ==, "Thu, 3 Dec 2026 19:06:01 +0100");
  g_autoptr (GTimeZone) minus = g_time_zone_new_identifier ("-05:30");
  g_autoptr (GDateTime) u = g_date_time_new (minus, 2001, 9, 17, 0, 0, 0);
  g_autofree char *b = pcc_date_format_rfc2822 (u);
  g_assert_cmpstr (b, ==, "Mon, 17 Sep 2001 00:00:00 -0530");
  g_autofree char *now = pcc_date_rfc2822_now ();
  g_assert_true (g_regex_match_simple (
      "^[A-Z][a-z]{2}, [0-9]{1,2} [A-Z][a-z]{2} [0-9]{4} "
      "[0-9]{2}:[0-9]{2}:[0-9]{2} [+-][0-9]{4}$",
      now, 0, 0));
  g_autofree char *far = pcc_date_rfc2822_from_unix (G_MAXINT64);
  g_assert_nonnull (far);
}

/* Dates as format-patch and mail clients write them, offsets east and
 * west; what is not a date is refused and leaves the outputs alone. */
static void
test_parse_rfc2822 (void)
{
  gint64 t = 0;
  int off = 0;
  g_assert_true (
      pcc_date_parse_rfc2822 ("Tue, 14 Nov 2023 22:15:20 +0000", &t, &off));
  g_assert_cmpint (t, ==, 1700000120);
  g_assert_cmpint (off, ==, 0);
  g_assert_true (
      pcc_date_parse_rfc2822 ("Wed, 15 Nov 2023 00:45:20 +0230", &t, &off));
  g_assert_cmpint (t, ==, 1700000120);
  g_assert_cmpint (off, ==, 150);
  g_assert_true (pcc_date_parse_rfc2822 ("14 Nov 2023 17:15:20 -0500", &t, &off));
  g_assert_cmpint (t, ==, 1700000120);
  g_assert_cmpint (off, ==, -300);
  t = 7;
  off = 7;
  g_assert_false (pcc_date_parse_rfc2822 ("yesterday", &t, &off));
  g_assert_false (pcc_date_parse_rfc2822 ("", &t, &off));
  g_assert_false (pcc_date_parse_rfc2822 (NULL, &t, &off));
  g_assert_false (
      pcc_date_parse_rfc2822 ("Tue, 14 Nov 2023 22:15:20 +0099", &t, &off));
  g_assert_cmpint (t, ==, 7);
  g_assert_cmpint (off, ==, 7);
}

int
main (int argc, char **argv)
{
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/date/format-rfc2822", test_format_rfc2822);
  g_test_add_func ("/date/parse-rfc2822", test_parse_rfc2822);
  return g_test_run ();
}
