/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-tree.c - the tree used when none is configured
 * (pcc_tree_default_path(), core/engine/pcc-tree.h): $PATCHCC_TREE, then
 * the pristine tree of the newest kernel version kernel/prepare-tree.sh
 * made (trees/7.3/base-* before trees/6.12/base-* before trees/base-*,
 * 6.1's), whatever order they were made in; lock and temporary folders
 * and trees without MAINTAINERS never count.  XDG_CACHE_HOME is a
 * temporary folder, set before GLib first reads it. */
#include <string.h>
#include <sys/stat.h>
#include <utime.h>

#include <glib/gstdio.h>

#include "pcc-cache-file.h"
#include "pcc-tree.h"

static char *trees;

/* trees/@rel with a MAINTAINERS file (unless @maintainers is FALSE),
 * its mtime @age_s seconds ago.  Returns the folder; the caller frees. */
static char *
make_tree (const char *rel, gboolean maintainers, gint64 age_s)
{
  char *dir = g_build_filename (trees, rel, NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  if (maintainers)
    {
      g_autofree char *m = g_build_filename (dir, "MAINTAINERS", NULL);
      g_assert_true (g_file_set_contents (m, "", 0, NULL));
    }
  gint64 t = g_get_real_time () / G_USEC_PER_SEC - age_s;
  struct utimbuf times = { (time_t) t, (time_t) t };
  g_assert_cmpint (g_utime (dir, &times), ==, 0);
  return dir;
}

static void
assert_default (const char *want)
{
  g_autofree char *got = pcc_tree_default_path ();
  g_assert_cmpstr (got, ==, want);
}

static void
test_order (void)
{
  g_unsetenv ("PATCHCC_TREE");

  /* 6.1 alone, at the top of trees/ */
  g_autofree char *t61 = make_tree ("base-61", TRUE, 300);
  g_free (make_tree ("base-61x.lock", TRUE, 0));
  assert_default (t61);

  /* 6.12 beats 6.1 though made before it; its lock folder never counts */
  g_autofree char *t612 = make_tree ("6.12/base-612", TRUE, 600);
  g_free (make_tree ("6.12/base-612.tmp.99", TRUE, 0));
  assert_default (t612);

  /* 7.3 beats 6.12 (version order, not string order: "6.12" > "6.9") */
  g_free (make_tree ("6.9/base-69", TRUE, 0));
  assert_default (t612);
  g_autofree char *t73 = make_tree ("7.3/base-73", TRUE, 900);
  assert_default (t73);

  /* a 7.3 folder whose only tree lost MAINTAINERS falls back to 6.12 */
  g_autofree char *m = g_build_filename (t73, "MAINTAINERS", NULL);
  g_assert_cmpint (g_unlink (m), ==, 0);
  assert_default (t612);

  /* of two trees of one version, the most recently made */
  g_autofree char *old612 = make_tree ("6.12/base-old", TRUE, 1200);
  assert_default (t612);

  /* a folder that is not a version, and patched trees, never count */
  g_free (make_tree ("parity-x/base-y", TRUE, 0));
  g_free (make_tree ("6.12/0001-abc", TRUE, 0));
  assert_default (t612);

  /* $PATCHCC_TREE first, as it is */
  g_setenv ("PATCHCC_TREE", "/nowhere", TRUE);
  assert_default ("/nowhere");
  g_unsetenv ("PATCHCC_TREE");
}

int
main (int argc, char **argv)
{
  g_autofree char *cache = g_dir_make_tmp ("pcc-tree-XXXXXX", NULL);
  g_assert_nonnull (cache);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  trees = pcc_cache_dir ("trees");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tree/default-order", test_order);
  int status = g_test_run ();
  const char *rm[] = { "rm", "-rf", cache, NULL };
  g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                NULL, NULL, NULL, NULL);
  g_free (trees);
  return status;
}
