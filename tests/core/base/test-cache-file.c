/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-cache-file.c - the files under ${XDG_CACHE_HOME}/patchcc
 * (core/base/pcc-cache-file.h): names, the checksum, atomic private
 * writes that leave nothing behind on failure, pruning, the newest file.
 * XDG_CACHE_HOME is a temporary folder, set before GLib first reads it
 * (not G_TEST_OPTION_ISOLATE_DIRS: GLib keeps the folder names it
 * replaces alive on purpose, which LeakSanitizer reports). */
#include <string.h>
#include <sys/stat.h>
#include <utime.h>

#include <glib/gstdio.h>

#include "pcc-cache-file.h"
#include "pcc-hash.h"

static int
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names in @dir, sorted, joined by spaces. */
static char *
listing (const char *dir)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GDir *d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *n;
  while ((n = g_dir_read_name (d)))
    g_ptr_array_add (names, g_strdup (n));
  g_dir_close (d);
  g_ptr_array_sort (names, by_name);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
make_file (const char *dir, const char *name, gint64 age_s)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, name, -1, NULL));
  gint64 t = g_get_real_time () / G_USEC_PER_SEC - age_s;
  struct utimbuf times = { (time_t) t, (time_t) t };
  g_assert_cmpint (g_utime (path, &times), ==, 0);
}

static void
test_names (void)
{
  g_autofree char *dir = pcc_cache_dir ("index");
  g_autofree char *want
      = g_build_filename (g_get_user_cache_dir (), "patchcc", "index", NULL);
  g_assert_cmpstr (dir, ==, want);
  /* the isolated test folder, not the user's cache */
  g_assert_true (g_str_has_prefix (dir, g_get_tmp_dir ()));

  guint8 key[16];
  for (guint i = 0; i < 16; i++)
    key[i] = (guint8) (i * 0x11);
  g_autofree char *name = pcc_cache_file_name ("index-", key, ".bin");
  g_assert_cmpstr (name, ==, "index-00112233445566778899aabbccddeeff.bin");
  g_autofree char *bare = pcc_cache_file_name ("", key, "");
  g_assert_cmpuint (strlen (bare), ==, 32);

  /* the checksum is the hash */
  guint8 a[16], b[16];
  pcc_cache_checksum ("cache body", 10, a);
  pcc_hash128 ("cache body", 10, b);
  g_assert_cmpmem (a, 16, b, 16);
  pcc_cache_checksum ("cache bodY", 10, b);
  g_assert_true (memcmp (a, b, 16) != 0);
}

static void
test_write (void)
{
  g_autofree char *top = pcc_cache_dir ("write-test");
  g_autofree char *dir = g_build_filename (top, "deeper", NULL);
  g_autofree char *path = g_build_filename (dir, "f", NULL);
  const char body[] = "one\0two"; /* NUL bytes are data */
  g_assert_true (pcc_cache_file_write (path, body, sizeof body));
  g_autofree char *got = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (path, &got, &len, NULL));
  g_assert_cmpmem (got, len, body, sizeof body);
  GStatBuf st;
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (dir, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);

  /* written over: the new bytes, no temporary file left */
  g_assert_true (pcc_cache_file_write (path, "new", 3));
  g_clear_pointer (&got, g_free);
  g_assert_true (g_file_get_contents (path, &got, &len, NULL));
  g_assert_cmpmem (got, len, "new", 3);
  g_autofree char *names = listing (dir);
  g_assert_cmpstr (names, ==, "f");
  g_assert_true (pcc_cache_file_write (path, "", 0));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 0);

  /* a folder where it cannot be made (a file is in the way), a name that
   * is a folder: FALSE, and nothing left behind */
  g_autofree char *blocked = g_build_filename (path, "g", NULL);
  g_assert_false (pcc_cache_file_write (blocked, "x", 1));
  g_assert_false (pcc_cache_file_write (dir, "x", 1));
  g_autofree char *after = listing (dir);
  g_assert_cmpstr (after, ==, "f");
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
}

static void
test_prune (void)
{
  g_autofree char *dir = pcc_cache_dir ("prune-test");
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  const gint64 day = 86400;
  make_file (dir, "idx-keep", 40 * day); /* @keep: never removed */
  make_file (dir, "idx-a", 10);          /* newest */
  make_file (dir, "idx-b", 20);
  make_file (dir, "idx-c", 30);            /* beyond max_others = 2 */
  make_file (dir, "idx-old", 31 * day);    /* over a month */
  make_file (dir, "idx-d.1.tmp", 2 * day); /* a temporary file a day old */
  make_file (dir, "idx-e.2.tmp", 60);      /* one being written */
  make_file (dir, "other-old", 90 * day);  /* another prefix */
  pcc_cache_dir_prune (dir, "idx-", "idx-keep", 2);
  g_autofree char *names = listing (dir);
  g_assert_cmpstr (names, ==, "idx-a idx-b idx-e.2.tmp idx-keep other-old");

  /* max_others 0: only @keep (and the young temporary file) stay */
  pcc_cache_dir_prune (dir, "idx-", "idx-keep", 0);
  g_autofree char *left = listing (dir);
  g_assert_cmpstr (left, ==, "idx-e.2.tmp idx-keep other-old");

  /* a folder that does not exist: nothing to do */
  g_autofree char *none = g_build_filename (dir, "none", NULL);
  pcc_cache_dir_prune (none, "idx-", NULL, 0);
}

static void
test_newest (void)
{
  g_autofree char *dir = pcc_cache_dir ("newest-test");
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_null (pcc_cache_dir_newest (dir, "w-", ".bin", NULL));
  make_file (dir, "w-old.bin", 300);
  make_file (dir, "w-mid.bin", 200);
  make_file (dir, "w-new.txt", 10);      /* another suffix */
  make_file (dir, "x-new.bin", 10);      /* another prefix */
  make_file (dir, "w-new.bin.1.tmp", 5); /* a write under way */
  g_autofree char *mid = g_build_filename (dir, "w-mid.bin", NULL);
  g_autofree char *old = g_build_filename (dir, "w-old.bin", NULL);
  g_autofree char *a = pcc_cache_dir_newest (dir, "w-", ".bin", NULL);
  g_assert_cmpstr (a, ==, mid);
  g_autofree char *b = pcc_cache_dir_newest (dir, "w-", ".bin", "w-mid.bin");
  g_assert_cmpstr (b, ==, old);
  /* any suffix: the newest file, not the temporary one newer still */
  g_autofree char *txt = g_build_filename (dir, "w-new.txt", NULL);
  g_autofree char *c = pcc_cache_dir_newest (dir, "w-", "", NULL);
  g_assert_cmpstr (c, ==, txt);
  g_assert_null (pcc_cache_dir_newest (dir, "w-", ".tmp", NULL));
  g_autofree char *none = g_build_filename (dir, "none", NULL);
  g_assert_null (pcc_cache_dir_newest (none, "w-", ".bin", NULL));
}

int
main (int argc, char **argv)
{
  g_autofree char *cache = g_dir_make_tmp ("pcc-cache-file-XXXXXX", NULL);
  g_assert_nonnull (cache);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cache-file/names", test_names);
  g_test_add_func ("/cache-file/write", test_write);
  g_test_add_func ("/cache-file/prune", test_prune);
  g_test_add_func ("/cache-file/newest", test_newest);
  int status = g_test_run ();
  const char *rm[] = { "rm", "-rf", cache, NULL };
  g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                NULL, NULL, NULL, NULL);
  return status;
}
