/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-patch-id.c - pcc_patch_id_stable() against "git patch-id --stable":
 * every patch of the folders on the command line (the corpus), and
 * patches made here by git format-patch: renames, a binary file, a mode
 * change alone, several files, white space changes, CRLF line ends. */
#include <string.h>

#include "pcc-patch-id.h"
#include "pcc-test-git.h"

static char **corpus_dirs;

/* The first ID git patch-id --stable prints for @path, or NULL. */
static char *
git_patch_id (const char *path)
{
  g_autofree char *q = g_shell_quote (path);
  g_autofree char *cmd = g_strdup_printf ("git patch-id --stable < %s", q);
  const char *argv[] = { "sh", "-c", cmd, NULL };
  g_autofree char *out = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  if (!out || !*out)
    return NULL;
  return g_strndup (out, strcspn (out, " \n"));
}

/* 1 when pcc agrees with git on @path, else 0 (the difference printed). */
static guint
agrees (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_autofree char *want = git_patch_id (path);
  g_autofree char *got = pcc_patch_id_stable (data, len);
  if (g_strcmp0 (want, got) == 0)
    return 1;
  g_test_message ("%s: git %s, patchcc %s", path, want ? want : "(none)",
                  got ? got : "(none)");
  return 0;
}

static void
test_corpus (void)
{
  guint n = 0, ok = 0;

  if (!corpus_dirs || !corpus_dirs[0])
    {
      g_test_skip ("no corpus folder given");
      return;
    }
  for (char **d = corpus_dirs; *d; d++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GDir) dir = g_dir_open (*d, 0, &error);
      g_assert_no_error (error);
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      while ((name = g_dir_read_name (dir)))
        if (g_str_has_suffix (name, ".patch")
            || g_str_has_suffix (name, ".mbox")
            || g_str_has_suffix (name, ".eml"))
          g_ptr_array_add (names, g_build_filename (*d, name, NULL));
      for (guint i = 0; i < names->len; i++, n++)
        ok += agrees (names->pdata[i]);
    }
  g_printerr ("patch-id: %u of %u corpus patches agree with git\n", ok, n);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (ok, ==, n);
}

static void
write_bytes (PccTestRepo *r, const char *rel, const char *data, gsize len)
{
  pcc_test_write (r, rel, data, (gssize) len);
}

static void
test_crafted (void)
{
  g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
  if (!r)
    return;
  const char *who = "A U Thor <author@example.org>";
  g_autofree char *c0 = NULL;

  pcc_test_write (r, "a.c", "int a;\nint b;\n\tint c;\nint d;\n", -1);
  pcc_test_write (r, "b.c", "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", -1);
  pcc_test_write (r, "script.sh", "#!/bin/sh\necho hi\n", -1);
  pcc_test_write (r, "noeol.txt", "last line", -1);
  write_bytes (r, "blob.bin", "\x00\x01\x02\xff binary", 10);
  c0 = pcc_test_commit (r, who, "base");

  /* several files, one hunk each and two hunks in one */
  pcc_test_write (r, "a.c", "int a;\nint bb;\n\tint c;\nint d;\n", -1);
  pcc_test_write (r, "b.c", "ONE\ntwo\nthree\nfour\nfive\nsix\nSEVEN\n", -1);
  g_free (pcc_test_commit (r, who, "several files"));
  /* white space changes only */
  pcc_test_write (r, "a.c", "int  a;\nint bb;\n    int c;\nint d;\n", -1);
  g_free (pcc_test_commit (r, who, "white space"));
  /* rename with a change, and a pure rename */
  g_free (pcc_test_gitf (r, "mv b.c c.c"));
  pcc_test_write (r, "c.c", "ONE\ntwo\nthree\nfour\nfive\nsix\nSEVEN!\n", -1);
  g_free (pcc_test_gitf (r, "mv a.c d.c"));
  g_free (pcc_test_commit (r, who, "renames"));
  /* mode change alone, then a mode change with another file */
  g_free (pcc_test_gitf (r, "update-index --chmod=+x script.sh"));
  g_free (pcc_test_gitf (r, "commit -q -m mode-only"));
  g_free (pcc_test_gitf (r, "update-index --chmod=-x script.sh"));
  pcc_test_write (r, "noeol.txt", "last line changed", -1);
  g_free (pcc_test_commit (r, who, "mode and no newline"));
  /* binary change, with and without --binary */
  write_bytes (r, "blob.bin", "\x00\x01\x03\xfe binary!", 11);
  pcc_test_write (r, "new.txt", "a new file\n", -1);
  g_free (pcc_test_commit (r, who, "binary and new file"));
  /* deleted file */
  g_free (pcc_test_gitf (r, "rm -q new.txt"));
  g_free (pcc_test_commit (r, who, "delete"));

  g_autofree char *outdir = g_build_filename (r->root, "out", NULL);
  g_autofree char *outdir2 = g_build_filename (r->root, "out2", NULL);
  g_free (pcc_test_gitf (r, "format-patch -q -M -o %s %s..HEAD", outdir, c0));
  g_free (pcc_test_gitf (
      r, "format-patch -q --binary --no-renames -o %s %s..HEAD", outdir2, c0));

  guint n = 0, ok = 0;
  const char *dirs[] = { outdir, outdir2 };
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autoptr (GDir) dir = g_dir_open (dirs[d], 0, NULL);
      g_assert_nonnull (dir);
      const char *name;
      while ((name = g_dir_read_name (dir)))
        {
          g_autofree char *path = g_build_filename (dirs[d], name, NULL);
          g_autofree char *data = NULL;
          gsize len;
          g_assert_true (g_file_get_contents (path, &data, &len, NULL));
          ok += agrees (path);
          n++;
          /* The same mail with CRLF line ends. */
          GString *crlf = g_string_new (NULL);
          for (gsize i = 0; i < len; i++)
            {
              if (data[i] == '\n')
                g_string_append_c (crlf, '\r');
              g_string_append_c (crlf, data[i]);
            }
          g_autofree char *cpath = g_strconcat (path, ".crlf", NULL);
          g_assert_true (g_file_set_contents (cpath, crlf->str,
                                              (gssize) crlf->len, NULL));
          g_string_free (crlf, TRUE);
          ok += agrees (cpath);
          n++;
        }
    }
  g_printerr ("patch-id: %u of %u crafted patches agree with git\n", ok, n);
  g_assert_cmpuint (n, ==, 4 * 7);
  g_assert_cmpuint (ok, ==, n);
}

/* The order of the files does not change the stable ID, the commit
 * message and line numbers do not either; a changed line does. */
static void
test_properties (void)
{
  const char *one
      = "Subject: x\n\nmsg one\n---\n"
        "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y\n"
        "diff --git a/b b/b\n--- a/b\n+++ b/b\n@@ -5 +5 @@\n-p\n+q\n";
  const char *two
      = "Subject: y\n\nanother message\n---\n"
        "diff --git a/b b/b\n--- a/b\n+++ b/b\n@@ -9 +9 @@\n-p\n+q\n"
        "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y\n";
  const char *three
      = "diff --git a/b b/b\n--- a/b\n+++ b/b\n@@ -9 +9 @@\n-p\n+Q\n"
        "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y\n";
  g_autofree char *i1 = pcc_patch_id_stable (one, strlen (one));
  g_autofree char *i2 = pcc_patch_id_stable (two, strlen (two));
  g_autofree char *i3 = pcc_patch_id_stable (three, strlen (three));
  g_assert_nonnull (i1);
  g_assert_cmpuint (strlen (i1), ==, PCC_PATCH_ID_LEN);
  g_assert_cmpstr (i1, ==, i2);
  g_assert_cmpstr (i1, !=, i3);
  g_assert_null (pcc_patch_id_stable ("no diff here\n", 13));
  g_assert_null (pcc_patch_id_stable ("", 0));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  corpus_dirs = g_new0 (char *, argc);
  for (int i = 1; i < argc; i++)
    corpus_dirs[i - 1] = argv[i];
  g_test_add_func ("/patch-id/properties", test_properties);
  g_test_add_func ("/patch-id/crafted", test_crafted);
  g_test_add_func ("/patch-id/corpus", test_corpus);
  return g_test_run ();
}
