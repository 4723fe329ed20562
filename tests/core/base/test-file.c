/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-file.c - whole files read into PCC_ERROR (pcc-file.h): a regular
 * file read back, one over the cap refused, and a FIFO, a folder and a
 * link to /dev/zero refused without blocking or reading for ever (were
 * they opened blocking or read, this test would hang until its meson
 * timeout). */
#include <glib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pcc-error.h"
#include "pcc-file.h"

static void
test_read (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pcc-file-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autoptr (GError) error = NULL;
  char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_set_contents (file, "-- \nAda\n", -1, NULL));
  g_assert_true (pcc_file_read (file, &data, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "-- \nAda\n");
  g_assert_cmpuint (len, ==, 8);
  g_free (data);

  g_assert_false (pcc_file_read (missing, &data, NULL, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_IO);
  g_assert_null (data);
  g_clear_error (&error);

  g_unlink (file);
  g_rmdir (dir);
}

static void
test_regular (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pcc-file-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero", NULL);
  g_autoptr (GError) error = NULL;
  char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_set_contents (file, "-- \nAda\n", -1, NULL));
  g_assert_true (pcc_file_read_regular (file, 100, &data, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, "-- \nAda\n");
  g_assert_cmpuint (len, ==, 8);
  g_free (data);

  g_assert_false (pcc_file_read_regular (file, 4, &data, NULL, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE);
  g_assert_null (data);
  g_clear_error (&error);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (pcc_file_read_regular (fifo, 100, &data, NULL, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_IO);
  g_clear_error (&error);

  g_assert_false (pcc_file_read_regular (dir, 100, &data, NULL, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_IO);
  g_clear_error (&error);

  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_false (pcc_file_read_regular (zero, 100, &data, NULL, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_IO);
  g_clear_error (&error);

  g_unlink (zero);
  g_unlink (fifo);
  g_unlink (file);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/file/read", test_read);
  g_test_add_func ("/file/regular", test_regular);
  return g_test_run ();
}
