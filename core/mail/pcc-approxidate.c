/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-approxidate.c - git's approxidate, the forms --git-since is
 * written in (see pcc-approxidate.h). */
#include "pcc-approxidate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

gboolean
pcc_approxidate (const char *text, gint64 now, gint64 *out)
{
  time_t t = (time_t) now;
  struct tm tm;
  localtime_r (&t, &tm);
  tm.tm_isdst = -1;

  g_autofree char *s = g_ascii_strdown (text, -1);
  g_strstrip (s);
  if (s[0] == '@' && s[1] != '\0')
    {
      char *end;
      gint64 v = g_ascii_strtoll (s + 1, &end, 10);
      if (*end != '\0')
        return FALSE;
      *out = v;
      return TRUE;
    }
  if (strcmp (s, "now") == 0)
    {
      *out = now;
      return TRUE;
    }
  int y, mo, d, hh = 0, mm = 0, ss = 0;
  char c;
  if (sscanf (s, "%d-%d-%d%c", &y, &mo, &d, &c) == 3
      || sscanf (s, "%d-%d-%d %d:%d:%d%c", &y, &mo, &d, &hh, &mm, &ss, &c)
             == 6)
    {
      struct tm a = { 0 };
      a.tm_year = y - 1900;
      a.tm_mon = mo - 1;
      a.tm_mday = d;
      a.tm_hour = hh;
      a.tm_min = mm;
      a.tm_sec = ss;
      a.tm_isdst = -1;
      if (strchr (s, ':') == NULL)
        {
          /* a date alone keeps the time of day of now, as git's does */
          a.tm_hour = tm.tm_hour;
          a.tm_min = tm.tm_min;
          a.tm_sec = tm.tm_sec;
        }
      *out = (gint64) mktime (&a);
      return TRUE;
    }
  if (strcmp (s, "yesterday") == 0)
    {
      t = mktime (&tm) - 86400;
      *out = (gint64) t;
      return TRUE;
    }

  /* N<sep>unit[s]<sep>ago, separators being '-', '.', ' ' or '_' */
  g_auto (GStrv) words = g_strsplit_set (s, "-. _", -1);
  GPtrArray *w = g_ptr_array_new ();
  for (char **p = words; *p; p++)
    if (**p)
      g_ptr_array_add (w, *p);
  gboolean ok = FALSE;
  if ((w->len == 3 && strcmp (w->pdata[2], "ago") == 0) || w->len == 2)
    {
      char *end;
      long n = strtol (w->pdata[0], &end, 10);
      const char *unit = w->pdata[1];
      static const struct
      {
        const char *name;
        long seconds;
      } units[] = {
        { "second", 1 },  { "minute", 60 },      { "hour", 3600 },
        { "day", 86400 }, { "week", 7 * 86400 },
      };
      if (*end == '\0' && end != w->pdata[0])
        {
          for (guint i = 0; i < G_N_ELEMENTS (units) && !ok; i++)
            if (g_str_has_prefix (unit, units[i].name)
                && strlen (unit) <= strlen (units[i].name) + 1)
              {
                t = mktime (&tm) - n * units[i].seconds;
                ok = TRUE;
              }
          if (!ok && g_str_has_prefix (unit, "month"))
            {
              int m = tm.tm_mon - (int) n;
              while (m < 0)
                {
                  m += 12;
                  tm.tm_year--;
                }
              tm.tm_mon = m;
              t = mktime (&tm);
              ok = TRUE;
            }
          if (!ok && g_str_has_prefix (unit, "year"))
            {
              tm.tm_year -= (int) n;
              t = mktime (&tm);
              ok = TRUE;
            }
        }
    }
  g_ptr_array_unref (w);
  if (ok)
    *out = (gint64) t;
  return ok;
}
