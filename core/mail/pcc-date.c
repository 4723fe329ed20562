/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-date.c - RFC 2822 dates (see pcc-date.h). */
#include "pcc-date.h"

#include <libetpan/libetpan.h>
#include <string.h>

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

gboolean
pcc_date_parse_rfc2822 (const char *text, gint64 *unix_time, int *offset)
{
  struct mailimf_date_time *dt = NULL;
  size_t at = 0;
  if (text == NULL
      || mailimf_date_time_parse (text, strlen (text), &at, &dt)
             != MAILIMF_NO_ERROR)
    return FALSE;
  /* dt_zone is +hhmm read as a number: -130 for -0130 */
  int sign = dt->dt_zone < 0 ? -1 : 1, z = ABS (dt->dt_zone);
  int minutes = sign * ((z / 100) * 60 + z % 100);
  gboolean ok = FALSE;
  if (z % 100 < 60 && z / 100 < 24)
    {
      g_autoptr (GTimeZone) tz = g_time_zone_new_offset (minutes * 60);
      g_autoptr (GDateTime) t
          = g_date_time_new (tz, dt->dt_year, dt->dt_month, dt->dt_day,
                             dt->dt_hour, dt->dt_min, dt->dt_sec);
      if (t)
        {
          *unix_time = g_date_time_to_unix (t);
          *offset = minutes;
          ok = TRUE;
        }
    }
  mailimf_date_time_free (dt);
  return ok;
}
