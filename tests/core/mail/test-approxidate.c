/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-approxidate.c - --git-since dates against git's own reading of them.
 *
 * "git rev-parse --since=DATE" prints the --max-age git log would use;
 * pcc_approxidate() must give the same time (within the second
 * or two between the two readings of the clock).
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>

#include "pcc-approxidate.h"

static gint64
git_since (const char *dir, const char *date)
{
  g_autofree char *arg = g_strdup_printf ("--since=%s", date);
  const char *argv[] = { "git", "-C", dir, "rev-parse", arg, NULL };
  g_autofree char *out = NULL;
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH,
                               NULL, NULL, &out, NULL, &status, NULL));
  g_assert_true (g_str_has_prefix (out, "--max-age="));
  return g_ascii_strtoll (out + 10, NULL, 10);
}

static void
test_approxidate (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pcc-history-XXXXXX", NULL);
  const char *init[] = { "git", "init", "-q", dir, NULL };
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) init, NULL, G_SPAWN_SEARCH_PATH,
                               NULL, NULL, NULL, NULL, &status, NULL));
  const char *dates[]
      = { "1-year-ago",   "1.year.ago",          "2-years-ago",
          "3-months-ago", "13.months.ago",       "2.weeks.ago",
          "10 days ago",  "36-hours-ago",        "90.minutes.ago",
          "2026-06-01",   "2024-02-29 12:30:00", "yesterday",
          "now",          "@1700000000" };
  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    {
      gint64 now = g_get_real_time () / G_USEC_PER_SEC;
      gint64 ours = 0;
      gint64 theirs = git_since (dir, dates[i]);
      g_assert_true (pcc_approxidate (dates[i], now, &ours));
      if (llabs (ours - theirs) > 2)
        g_error ("--git-since=%s: git %" G_GINT64_FORMAT
                 ", patchcc %" G_GINT64_FORMAT,
                 dates[i], theirs, ours);
    }
  gint64 t;
  g_assert_false (pcc_approxidate ("foo", 0, &t));
  g_assert_false (pcc_approxidate ("3-fortnights-ago", 0, &t));
  const char *rm[] = { "rm", "-rf", dir, NULL };
  g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                NULL, NULL, NULL, NULL);
}

int
main (int argc, char **argv)
{
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/approxidate/vs-git", test_approxidate);
  return g_test_run ();
}
