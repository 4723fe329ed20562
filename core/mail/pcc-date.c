/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-date.c - RFC 2822 dates (see pcc-date.h). */
#include "pcc-date.h"

char *
pcc_date_format_rfc2822 (GDateTime *t)
{
  static const char *const days[]
      = { "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun" };
  static const char *const months[]
      = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
  gint64 off = g_date_time_get_utc_offset (t) / G_TIME_SPAN_MINUTE;
  char sign = off < 0 ? '-' : '+';
  if (off < 0)
    off = -off;
  return g_strdup_printf (
      "%s, %d %s %d %02d:%02d:%02d %c%02d%02d",
      days[g_date_time_get_day_of_week (t) - 1],
      g_date_time_get_day_of_month (t), months[g_date_time_get_month (t) - 1],
      g_date_time_get_year (t), g_date_time_get_hour (t),
      g_date_time_get_minute (t), g_date_time_get_second (t), sign,
      (int) (off / 60), (int) (off % 60));
}

char *
pcc_date_rfc2822_from_unix (gint64 unix_time)
{
  g_autoptr (GDateTime) t = g_date_time_new_from_unix_local (unix_time);
  if (t == NULL) /* out of GDateTime's range */
    t = g_date_time_new_from_unix_utc (0);
  return pcc_date_format_rfc2822 (t);
}

char *
pcc_date_rfc2822_now (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  return pcc_date_format_rfc2822 (now);
}
