/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-test-git.c - real git in a scratch repository (see pcc-test-git.h). */
#include "pcc-test-git.h"

#include <glib/gstdio.h>
#include <string.h>

void
pcc_test_rm_rf (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR)
      && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      GDir *d = g_dir_open (path, 0, NULL);
      if (d)
        {
          const char *n;
          while ((n = g_dir_read_name (d)))
            {
              g_autofree char *p = g_build_filename (path, n, NULL);
              pcc_test_rm_rf (p);
            }
          g_dir_close (d);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static char **
base_env (const char *home)
{
  char **env = g_get_environ ();
  env = g_environ_setenv (env, "HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", home, TRUE);
  env = g_environ_setenv (env, "GIT_CONFIG_NOSYSTEM", "1", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C", TRUE);
  env = g_environ_setenv (env, "TZ", "UTC", TRUE);
  env = g_environ_setenv (env, "GIT_PAGER", "cat", TRUE);
  env = g_environ_unsetenv (env, "COLUMNS");
  env = g_environ_unsetenv (env, "GIT_DIR");
  env = g_environ_unsetenv (env, "GIT_WORK_TREE");
  env = g_environ_unsetenv (env, "GIT_AUTHOR_NAME");
  env = g_environ_unsetenv (env, "GIT_AUTHOR_EMAIL");
  env = g_environ_unsetenv (env, "GIT_COMMITTER_NAME");
  env = g_environ_unsetenv (env, "GIT_COMMITTER_EMAIL");
  return env;
}

PccTestRepo *
pcc_test_repo_new (void)
{
  g_autofree char *git = g_find_program_in_path ("git");
  if (!git)
    {
      g_test_skip ("git is not installed");
      return NULL;
    }
  PccTestRepo *repo = g_new0 (PccTestRepo, 1);
  g_autoptr (GError) error = NULL;
  repo->root = g_dir_make_tmp ("pcc-test-XXXXXX", &error);
  g_assert_no_error (error);
  repo->work = g_build_filename (repo->root, "repo", NULL);
  g_mkdir (repo->work, 0700);
  repo->env = base_env (repo->root);
  g_free (pcc_test_gitf (repo, "init -q -b master ."));
  g_free (pcc_test_gitf (repo, "config user.name Test-Maintainer"));
  g_free (pcc_test_gitf (repo, "config user.email tm@example.org"));
  g_free (pcc_test_gitf (repo, "config core.autocrlf false"));
  return repo;
}

void
pcc_test_repo_free (PccTestRepo *repo)
{
  if (!repo)
    return;
  if (!g_getenv ("PCC_TEST_KEEP"))
    pcc_test_rm_rf (repo->root);
  else
    g_printerr ("# kept %s\n", repo->root);
  g_free (repo->root);
  g_free (repo->work);
  g_strfreev (repo->env);
  g_free (repo);
}

char *
pcc_test_git_env (PccTestRepo *repo, const char *const *env_extra,
                  const char *const *argv)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_ptr_array_add (args, (char *) "git");
  for (guint i = 0; argv[i]; i++)
    g_ptr_array_add (args, (char *) argv[i]);
  g_ptr_array_add (args, NULL);

  char **env = g_strdupv (repo->env);
  g_autofree char *date
      = g_strdup_printf ("@%u +0000", 1700000000u + repo->tick * 60);
  env = g_environ_setenv (env, "GIT_AUTHOR_DATE", date, TRUE);
  env = g_environ_setenv (env, "GIT_COMMITTER_DATE", date, TRUE);
  for (guint i = 0; env_extra && env_extra[i]; i++)
    {
      const char *eq = strchr (env_extra[i], '=');
      g_autofree char *name = g_strndup (env_extra[i], eq - env_extra[i]);
      env = g_environ_setenv (env, name, eq + 1, TRUE);
    }

  char *out = NULL, *err = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_spawn_sync (repo->work, (char **) args->pdata, env, G_SPAWN_SEARCH_PATH,
                NULL, NULL, &out, &err, &status, &error);
  g_strfreev (env);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_autofree char *cmd = g_strjoinv (" ", (char **) args->pdata);
      g_error ("%s failed: %s", cmd, err);
    }
  g_free (err);
  return out;
}

char *
pcc_test_git (PccTestRepo *repo, const char *const *argv)
{
  return pcc_test_git_env (repo, NULL, argv);
}

char *
pcc_test_gitf (PccTestRepo *repo, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *cmd = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_auto (GStrv) argv = g_strsplit (cmd, " ", -1);
  return pcc_test_git (repo, (const char *const *) argv);
}

void
pcc_test_write (PccTestRepo *repo, const char *relpath, const char *text,
                gssize len)
{
  g_autofree char *path = g_build_filename (repo->work, relpath, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_mkdir_with_parents (dir, 0700);
  g_autoptr (GError) error = NULL;
  g_file_set_contents (path, text, len, &error);
  g_assert_no_error (error);
}

void
pcc_test_write_kernel_top (PccTestRepo *repo)
{
  static const char *const top[]
      = { "COPYING", "CREDITS", "Kbuild", "Makefile", "README" };
  static const char *const dirs[]
      = { "Documentation", "arch", "include", "drivers", "fs",
          "init",          "ipc",  "kernel",  "lib",     "scripts" };
  for (guint i = 0; i < G_N_ELEMENTS (top); i++)
    pcc_test_write (repo, top[i], "x\n", -1);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *p = g_strdup_printf ("%s/.keep", dirs[i]);
      pcc_test_write (repo, p, "", -1);
    }
}

char *
pcc_test_commit (PccTestRepo *repo, const char *author, const char *message)
{
  g_free (pcc_test_gitf (repo, "add -A"));
  repo->tick++;
  const char *argv[] = { "commit", "-q", "--allow-empty", "--author",
                         author,   "-m", message,         NULL };
  g_free (pcc_test_git (repo, argv));
  char *sha = pcc_test_gitf (repo, "rev-parse HEAD");
  return g_strstrip (sha);
}
