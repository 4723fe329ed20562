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

int
main (int argc, char **argv)
{
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/date/format-rfc2822", test_format_rfc2822);
  return g_test_run ();
}
