/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-tree.h - read-only access to a kernel source tree.
 *
 * get_maintainer.pl reads MAINTAINERS, .mailmap and a few other files
 * from the tree it runs in, and asks the file system whether F: patterns
 * name directories.  A PccTree answers those questions either from a
 * work tree on disk or from a commit of a git repository (through
 * libgit2), so that recipients can be computed against the tree a patch
 * was made for (its base-commit:) without checking it out.
 */
#ifndef PCC_TREE_H
#define PCC_TREE_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _PccTree PccTree;

/* Open a work tree (a directory on disk).  Nothing is read yet.
 * Returns NULL and sets @error when @path is not a readable directory. */
PccTree *pcc_tree_open_dir (const char *path, GError **error);

/* Open the tree of @rev (any revision git understands: a commit id, a
 * branch, "HEAD") in the git repository at @repo_path (a work tree or a
 * bare repository).  Returns NULL and sets @error (PCC_ERROR_GIT) when
 * the repository or the revision cannot be found. */
PccTree *pcc_tree_open_git (const char *repo_path, const char *rev,
                            GError **error);

void pcc_tree_free (PccTree *tree);

/* A short human-readable description: "/usr/src/linux" or
 * "/src/linux.git@1a2b3c4d5e6f". */
const char *pcc_tree_describe (const PccTree *tree);

/* The directory on disk, or NULL for a git tree. */
const char *pcc_tree_get_path (const PccTree *tree);

/* Where @relpath (relative to the top, or absolute) is on disk, for a
 * tree on disk (g_free() it); NULL for a git tree. */
char *pcc_tree_get_disk_path (const PccTree *tree, const char *relpath);

/* For a git tree: the repository path it was opened with and the full
 * id of its commit (NULL for a tree on disk, or when the revision named
 * a tree rather than a commit).  Owned by the tree. */
const char *pcc_tree_get_repo_path (const PccTree *tree);
const char *pcc_tree_get_commit (const PccTree *tree);

/* Read @relpath (relative to the top of the tree).  Returns a
 * NUL-terminated buffer (the length without that NUL in @len) or NULL
 * with @error set (G_FILE_ERROR_NOENT in the G_FILE_ERROR domain when
 * the file does not exist). */
char *pcc_tree_read_file (const PccTree *tree, const char *relpath, gsize *len,
                          GError **error);

/* The same contents as pcc_tree_read_file() (not NUL-terminated), for
 * a large file read once: a file of a work tree is read into a region of
 * huge pages (pcc-region.h), which for MAINTAINERS saves a page fault per
 * 4 KiB on virtual machines.  Free with g_bytes_unref().  Same
 * errors. */
GBytes *pcc_tree_map_file (const PccTree *tree, const char *relpath,
                           GError **error);

/* Whether @relpath names a directory / a regular file in the tree.  The
 * path is taken literally, as Perl's -d and -f do. */
gboolean pcc_tree_is_dir (const PccTree *tree, const char *relpath);
gboolean pcc_tree_is_file (const PccTree *tree, const char *relpath);
/* Any kind of entry (-e). */
gboolean pcc_tree_exists (const PccTree *tree, const char *relpath);

/* The same test as get_maintainer.pl's top_of_kernel_tree(): COPYING,
 * CREDITS, Kbuild, MAINTAINERS, Makefile, README and the main
 * directories are present.  Looked for once in the life of @tree (a
 * tree is opened for one run or one click). */
gboolean pcc_tree_is_kernel_top (const PccTree *tree);

/* Whether the tree lives in a version-controlled checkout (a .git
 * entry in a work tree, or always for a git tree). */
gboolean pcc_tree_has_vcs (const PccTree *tree);

/* --- finding the tree: the one home of the lookup order --------------
 *
 * pcc_tree_default_path() gives the tree used when none is configured,
 * or NULL when none is found.  Looked up in this order, the first
 * holding a MAINTAINERS file wins:
 *   1. $PATCHCC_TREE;
 *   2. the pristine linux-source tree kernel/prepare-tree.sh --upto none
 *      makes in ${XDG_CACHE_HOME:-~/.cache}/patchcc/trees: of the newest
 *      kernel version there (trees/7.3/base-*, then trees/6.12/base-*,
 *      then trees/base-*, where 6.1's lives), the most recently made;
 *   3. the highest /usr/src/linux-source-VERSION (a Debian linux-source
 *      tarball, extracted there).
 * The caller frees the string.  pcc_tree_find_default() is the same, but
 * fails with PCC_ERROR_NOT_TREE and the message that says where it
 * looked and what to do. */
char *pcc_tree_default_path (void);
char *pcc_tree_find_default (GError **error);

typedef enum
{
  PCC_TREE_FROM_CWD = 1 << 0,       /* "." when it is the top of a kernel
                                       tree (get_maintainer.pl's rule) */
  PCC_TREE_FROM_ENV = 1 << 1,       /* $PATCHCC_TREE */
  PCC_TREE_FROM_INSTALLED = 1 << 2, /* pcc_tree_default_path() */
} PccTreeSources;

/* Open the kernel tree a command was given: @path when it is set (a git
 * repository read at @rev when @rev is set, "." when only @rev is set);
 * otherwise the first of @sources that has one.  When nothing is found
 * and @sources has PCC_TREE_FROM_CWD, "." comes back anyway, so that
 * pcc_tree_check_kernel_top() names it; otherwise NULL with
 * PCC_ERROR_NOT_TREE.  The caller owns the tree. */
PccTree *pcc_tree_locate (const char *path, const char *rev,
                          PccTreeSources sources, GError **error);

/* TRUE when @tree is the top of a kernel tree; else FALSE with
 * PCC_ERROR_NOT_TREE: "<tree> does not appear to be a linux kernel
 * source tree; <how>", @how saying what to do. */
gboolean pcc_tree_check_kernel_top (const PccTree *tree, const char *how,
                                    GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccTree, pcc_tree_free)

G_END_DECLS

#endif
