/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-stamp.c - the stamp of hashed files (core/base/pcc-stamp.h): a key
 * comes back while the files are as they were, never once one of them
 * changed, and never from a stamp file that is damaged, short or long, or
 * written for other files. */
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "pcc-stamp.h"

typedef struct
{
  char *dir;
  char *a, *b, *stamp;
} Fixture;

static const guint8 key[16]
    = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

static void
write_file (const char *path, const char *text)
{
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* Two files old enough to be stamped: a stamp is written only for files
 * whose change time is two seconds before the stamp was taken. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("pcc-stamp-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->a = g_build_filename (f->dir, "MAINTAINERS", NULL);
  f->b = g_build_filename (f->dir, ".mailmap", NULL);
  f->stamp = g_build_filename (f->dir, "cache", "index.stamp", NULL);
  write_file (f->a, "M:\tA <a@example.org>\nF:\tfs/\n");
  write_file (f->b, "A <a@example.org> <old@example.org>\n");
  if (data != NULL)
    g_usleep (2100 * 1000);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  const char *rm[] = { "rm", "-rf", f->dir, NULL };
  g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                NULL, NULL, NULL, NULL);
  g_free (f->dir);
  g_free (f->a);
  g_free (f->b);
  g_free (f->stamp);
}

static PccStamp *
take (Fixture *f)
{
  const char *paths[] = { f->a, f->b };
  PccStamp *s = pcc_stamp_take (paths, 2);
  g_assert_nonnull (s);
  return s;
}

static gboolean
recall (Fixture *f, guint8 out[16])
{
  g_autoptr (PccStamp) s = take (f);
  memset (out, 0, 16);
  return pcc_stamp_recall (s, f->stamp, out);
}

/* Remember a stamp for the two files; its bytes. */
static GBytes *
remember (Fixture *f)
{
  g_autoptr (PccStamp) s = take (f);
  pcc_stamp_remember (s, f->stamp, key);
  char *data = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->stamp, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

static void
put (Fixture *f, const void *data, gsize len)
{
  g_assert_true (g_file_set_contents (f->stamp, data, len, NULL));
}

static void
test_take_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pcc-stamp-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "f", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  write_file (file, "x");
  const char *one[] = { file };
  const char *five[] = { file, file, file, file, file };
  const char *gone[] = { file, missing };
  const char *folder[] = { dir };
  g_assert_null (pcc_stamp_take (one, 0));
  g_assert_null (pcc_stamp_take (five, PCC_STAMP_MAX_FILES + 1));
  g_assert_null (pcc_stamp_take (gone, 2));
  g_assert_null (pcc_stamp_take (folder, 1));
  PccStamp *four = pcc_stamp_take (five, PCC_STAMP_MAX_FILES);
  g_assert_nonnull (four);
  pcc_stamp_free (four);
  g_unlink (file);
  g_rmdir (dir);
}

/* Files changed within the last two seconds: no stamp is written (a write
 * later in the same tick of a coarse clock could go unseen). */
static void
test_fresh_not_remembered (Fixture *f, gconstpointer data)
{
  g_autoptr (PccStamp) s = take (f);
  pcc_stamp_remember (s, f->stamp, key);
  g_assert_false (g_file_test (f->stamp, G_FILE_TEST_EXISTS));
  guint8 out[16];
  g_assert_false (recall (f, out));
}

static void
test_round_trip (Fixture *f, gconstpointer data)
{
  guint8 out[16];
  g_assert_false (recall (f, out)); /* no stamp file yet */
  g_autoptr (GBytes) bytes = remember (f);
  g_assert_true (recall (f, out));
  g_assert_cmpmem (out, 16, key, 16);
  /* the folder was made, the file is private */
  GStatBuf st;
  g_assert_cmpint (g_stat (f->stamp, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  /* again: the same answer, the stamp file unchanged */
  g_assert_true (recall (f, out));
  g_assert_cmpmem (out, 16, key, 16);
}

/* Another content of the same size, or only a new change time: no key. */
static void
test_changed_file (Fixture *f, gconstpointer data)
{
  g_autoptr (GBytes) bytes = remember (f);
  guint8 out[16];
  g_assert_true (recall (f, out));
  write_file (f->b, "B <a@example.org> <old@example.org>\n");
  g_assert_false (recall (f, out));
  /* back to the old bytes: still another change time */
  write_file (f->b, "A <a@example.org> <old@example.org>\n");
  g_assert_false (recall (f, out));

  /* the files changed less than two seconds ago: nothing is written */
  g_assert_cmpint (g_unlink (f->stamp), ==, 0);
  PccStamp *s = take (f);
  pcc_stamp_remember (s, f->stamp, key);
  pcc_stamp_free (s);
  g_assert_false (g_file_test (f->stamp, G_FILE_TEST_EXISTS));

  /* settled again: remembered; then a chmod to the same mode (only the
   * change time moves) */
  g_usleep (2100 * 1000);
  g_autoptr (GBytes) again = remember (f);
  g_assert_true (recall (f, out));
  GStatBuf st;
  g_assert_cmpint (g_stat (f->a, &st), ==, 0);
  g_assert_cmpint (g_chmod (f->a, st.st_mode & 07777), ==, 0);
  g_assert_false (recall (f, out));
}

/* The stamp names its files in order: other files, fewer or more of them,
 * or the same in another order find nothing. */
static void
test_other_files (Fixture *f, gconstpointer data)
{
  g_autoptr (GBytes) bytes = remember (f);
  guint8 out[16];
  const char *swapped[] = { f->b, f->a };
  const char *fewer[] = { f->a };
  const char *more[] = { f->a, f->b, f->a };
  const char *const *sets[] = { swapped, fewer, more };
  const guint n[] = { 2, 1, 3 };
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr (PccStamp) s = pcc_stamp_take (sets[i], n[i]);
      g_assert_nonnull (s);
      g_assert_false (pcc_stamp_recall (s, f->stamp, out));
    }
}

/* Every single changed byte of the stamp file, a file cut short at every
 * length, and a byte more: refused. */
static void
test_damaged (Fixture *f, gconstpointer data)
{
  g_autoptr (GBytes) bytes = remember (f);
  gsize len = 0;
  const guint8 *good = g_bytes_get_data (bytes, &len);
  g_assert_cmpuint (len, >, 32);
  g_autofree guint8 *buf = g_malloc (len + 1);
  guint8 out[16];
  for (gsize i = 0; i < len; i++)
    {
      memcpy (buf, good, len);
      buf[i] ^= 0x01;
      put (f, buf, len);
      if (recall (f, out))
        g_error ("byte %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT
                 " changed: the stamp was taken",
                 i, len);
    }
  for (gsize cut = 0; cut < len; cut++)
    {
      put (f, good, cut);
      if (recall (f, out))
        g_error ("cut to %" G_GSIZE_FORMAT " bytes: the stamp was taken", cut);
    }
  memcpy (buf, good, len);
  buf[len] = 0;
  put (f, buf, len + 1);
  g_assert_false (recall (f, out));
  /* the good bytes again: taken */
  put (f, good, len);
  g_assert_true (recall (f, out));
  g_assert_cmpmem (out, 16, key, 16);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stamp/take-refused", test_take_refused);
  g_test_add ("/stamp/fresh-not-remembered", Fixture, NULL, fixture_set_up,
              test_fresh_not_remembered, fixture_tear_down);
#define SETTLED(path, fn) \
  g_test_add (path, Fixture, "settled", fixture_set_up, fn, fixture_tear_down)
  SETTLED ("/stamp/round-trip", test_round_trip);
  SETTLED ("/stamp/changed-file", test_changed_file);
  SETTLED ("/stamp/other-files", test_other_files);
  SETTLED ("/stamp/damaged", test_damaged);
  return g_test_run ();
}
