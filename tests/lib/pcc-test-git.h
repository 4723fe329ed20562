/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-test-git.h - run real git in a scratch repository, for tests that
 * compare patchcc with git's own output.
 *
 * Every command runs with a fixed environment: HOME is the scratch
 * folder (no user configuration), GIT_CONFIG_NOSYSTEM=1, fixed author
 * and committer dates, LC_ALL=C, no COLUMNS and no pager.
 */
#ifndef PCC_TEST_GIT_H
#define PCC_TEST_GIT_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *root; /* the scratch folder (removed by pcc_test_repo_free) */
  char *work; /* root/repo: the work tree */
  char **env;
  guint tick; /* commit dates advance by one minute per commit */
} PccTestRepo;

/* A new repository with user "Test Maintainer <tm@example.org>".  Skips
 * the test (g_test_skip) and returns NULL when git is not installed. */
PccTestRepo *pcc_test_repo_new (void);
void pcc_test_repo_free (PccTestRepo *repo);

/* Run git with @argv (NULL-terminated, without "git") in the work tree;
 * returns its standard output (the test fails when git fails). */
char *pcc_test_git (PccTestRepo *repo, const char *const *argv);
/* The same with a printf-style list of words separated by spaces (no
 * quoting: for simple commands only). */
char *pcc_test_gitf (PccTestRepo *repo, const char *fmt, ...)
    G_GNUC_PRINTF (2, 3);
/* Run git with @env_extra ("NAME=value" strings) added. */
char *pcc_test_git_env (PccTestRepo *repo, const char *const *env_extra,
                        const char *const *argv);

/* Write @text to @relpath of the work tree (folders created). */
void pcc_test_write (PccTestRepo *repo, const char *relpath, const char *text,
                     gssize len);
/* The files and folders get_maintainer.pl's top_of_kernel_tree() looks
 * for (COPYING, CREDITS, Kbuild, Makefile, README, and a .keep in each of
 * Documentation arch include drivers fs init ipc kernel lib scripts), so
 * the work tree passes as a kernel tree. */
void pcc_test_write_kernel_top (PccTestRepo *repo);

/* "git add -A" and commit as @author ("Name <mail>") with @message. */
char *pcc_test_commit (PccTestRepo *repo, const char *author,
                       const char *message);

/* Remove a folder recursively. */
void pcc_test_rm_rf (const char *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccTestRepo, pcc_test_repo_free)

G_END_DECLS

#endif
