/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-tree.c - a kernel tree on disk or in a git repository. */
#define _GNU_SOURCE /* strverscmp */
#include "pcc-tree.h"
#include "pcc-file.h"
#include "pcc-cache-file.h"
#include "pcc-error.h"
#include "pcc-libgit2.h"
#include "pcc-region.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <git2.h>
#include <glib/gstdio.h>

struct _PccTree
{
  char *path; /* work tree directory, or NULL */
  char *description;
  git_repository *repo; /* git tree: repository and root tree */
  git_tree *root;
  char *repo_path, *commit; /* git tree: where, and the commit's id */
  int kernel_top; /* pcc_tree_is_kernel_top(): -1 not known yet */
};

static void
libgit2_init_once (void)
{
  static gsize once = 0;
  if (g_once_init_enter (&once))
    {
      git_libgit2_init ();
      g_once_init_leave (&once, 1);
    }
}

PccTree *
pcc_tree_open_dir (const char *path, GError **error)
{
  struct stat st;
  if (stat (path, &st) != 0 || !S_ISDIR (st.st_mode))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "%s: not a directory (%s)",
                   path, errno ? g_strerror (errno) : "not a directory");
      return NULL;
    }
  PccTree *tree = g_new0 (PccTree, 1);
  tree->kernel_top = -1;
  tree->path = g_strdup (path);
  tree->description = g_strdup (path);
  return tree;
}

PccTree *
pcc_tree_open_git (const char *repo_path, const char *rev, GError **error)
{
  git_repository *repo = NULL;
  git_object *obj = NULL;
  git_tree *root = NULL;

  libgit2_init_once ();
  if (git_repository_open_ext (&repo, repo_path, 0, NULL) != 0)
    {
      g_autofree char *what
          = g_strdup_printf ("%s: cannot open git repository", repo_path);
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, what);
      return NULL;
    }
  if (git_revparse_single (&obj, repo, rev) != 0
      || git_object_peel ((git_object **) &root, obj, GIT_OBJECT_TREE) != 0)
    {
      g_autofree char *what
          = g_strdup_printf ("%s: revision '%s' not found", repo_path, rev);
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, what);
      git_object_free (obj);
      git_repository_free (repo);
      return NULL;
    }

  PccTree *tree = g_new0 (PccTree, 1);
  tree->kernel_top = -1;
  tree->repo = repo;
  tree->root = root;
  char id[GIT_OID_HEXSZ + 1];
  git_oid_tostr (id, sizeof id, git_object_id (obj));
  tree->description = g_strdup_printf ("%s@%.12s", repo_path, id);
  tree->repo_path = g_strdup (repo_path);
  {
    git_object *c = NULL;
    if (git_object_peel (&c, obj, GIT_OBJECT_COMMIT) == 0)
      {
        git_oid_tostr (id, sizeof id, git_object_id (c));
        tree->commit = g_strdup (id);
      }
    git_object_free (c);
  }
  git_object_free (obj);
  return tree;
}

void
pcc_tree_free (PccTree *tree)
{
  if (tree == NULL)
    return;
  git_tree_free (tree->root);
  git_repository_free (tree->repo);
  g_free (tree->path);
  g_free (tree->description);
  g_free (tree->repo_path);
  g_free (tree->commit);
  g_free (tree);
}

const char *
pcc_tree_describe (const PccTree *tree)
{
  return tree->description;
}

const char *
pcc_tree_get_path (const PccTree *tree)
{
  return tree->path;
}

static char *
disk_path (const PccTree *tree, const char *relpath)
{
  if (g_path_is_absolute (relpath))
    return g_strdup (relpath);
  return g_build_filename (tree->path, relpath, NULL);
}

char *
pcc_tree_get_disk_path (const PccTree *tree, const char *relpath)
{
  return tree->path ? disk_path (tree, relpath) : NULL;
}

/* Look a path up in the git tree.  Perl's -d "a//b/" and -d "a/./b"
 * normalise through the kernel; do the same for '//', '/./' and a
 * trailing '/'. */
static gboolean
git_lookup (const PccTree *tree, const char *relpath, git_tree_entry **out)
{
  g_auto (GStrv) parts = g_strsplit (relpath, "/", -1);
  GString *clean = g_string_new (NULL);
  for (char **p = parts; *p; p++)
    {
      if (**p == '\0' || strcmp (*p, ".") == 0)
        continue;
      if (strcmp (*p, "..") == 0)
        {
          g_string_free (clean, TRUE);
          return FALSE;
        }
      if (clean->len)
        g_string_append_c (clean, '/');
      g_string_append (clean, *p);
    }
  if (clean->len == 0)
    {
      g_string_free (clean, TRUE);
      *out = NULL;
      return TRUE; /* the root itself */
    }
  int rc = git_tree_entry_bypath (out, tree->root, clean->str);
  g_string_free (clean, TRUE);
  return rc == 0;
}

char *
pcc_tree_read_file (const PccTree *tree, const char *relpath, gsize *len,
                    GError **error)
{
  if (tree->path != NULL || g_path_is_absolute (relpath))
    {
      g_autofree char *p
          = tree->path ? disk_path (tree, relpath) : g_strdup (relpath);
      char *contents = NULL;
      /* Only a regular file: a FIFO would block, /dev/zero never end. */
      if (!pcc_file_read_regular (p, PCC_FILE_TREE_MAX, &contents, len,
                                  error))
        return NULL;
      return contents;
    }

  git_tree_entry *entry = NULL;
  if (!git_lookup (tree, relpath, &entry) || entry == NULL
      || git_tree_entry_type (entry) != GIT_OBJECT_BLOB)
    {
      git_tree_entry_free (entry);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   "%s: no file %s in this revision", tree->description,
                   relpath);
      return NULL;
    }
  git_blob *blob = NULL;
  if (git_blob_lookup (&blob, tree->repo, git_tree_entry_id (entry)) != 0)
    {
      git_tree_entry_free (entry);
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, relpath);
      return NULL;
    }
  gsize size = git_blob_rawsize (blob);
  char *buf = g_malloc (size + 1);
  memcpy (buf, git_blob_rawcontent (blob), size);
  buf[size] = '\0';
  if (len)
    *len = size;
  git_blob_free (blob);
  git_tree_entry_free (entry);
  return buf;
}

GBytes *
pcc_tree_map_file (const PccTree *tree, const char *relpath, GError **error)
{
  if (tree->path != NULL || g_path_is_absolute (relpath))
    {
      g_autofree char *p
          = tree->path ? disk_path (tree, relpath) : g_strdup (relpath);
      GBytes *bytes = pcc_region_read_file (p);
      if (bytes != NULL)
        return bytes;
      /* Not there, or not a regular file: pcc_tree_read_file() says
       * which, without reading a FIFO or a device. */
    }
  gsize len = 0;
  char *data = pcc_tree_read_file (tree, relpath, &len, error);
  return data ? g_bytes_new_take (data, len) : NULL;
}

static int
entry_kind (const PccTree *tree, const char *relpath)
{
  /* 0: absent, 1: file, 2: directory, 3: other */
  if (tree->path != NULL)
    {
      g_autofree char *p = disk_path (tree, relpath);
      struct stat st;
      if (stat (p, &st) != 0)
        return 0;
      return S_ISDIR (st.st_mode) ? 2 : S_ISREG (st.st_mode) ? 1 : 3;
    }
  if (g_path_is_absolute (relpath))
    {
      struct stat st;
      if (stat (relpath, &st) != 0)
        return 0;
      return S_ISDIR (st.st_mode) ? 2 : S_ISREG (st.st_mode) ? 1 : 3;
    }
  git_tree_entry *entry = NULL;
  if (!git_lookup (tree, relpath, &entry))
    return 0;
  if (entry == NULL)
    return 2;
  int kind = git_tree_entry_type (entry) == GIT_OBJECT_TREE   ? 2
             : git_tree_entry_type (entry) == GIT_OBJECT_BLOB ? 1
                                                              : 3;
  git_tree_entry_free (entry);
  return kind;
}

gboolean
pcc_tree_is_dir (const PccTree *tree, const char *relpath)
{
  return entry_kind (tree, relpath) == 2;
}

gboolean
pcc_tree_is_file (const PccTree *tree, const char *relpath)
{
  return entry_kind (tree, relpath) == 1;
}

gboolean
pcc_tree_exists (const PccTree *tree, const char *relpath)
{
  return entry_kind (tree, relpath) != 0;
}

/* The files and folders of a kernel tree's top, looked for. */
static gboolean
looks_like_kernel_top (const PccTree *tree)
{
  static const char *files[]
      = { "COPYING", "CREDITS", "Kbuild", "Makefile", "README" };
  static const char *dirs[]
      = { "Documentation", "arch", "include", "drivers", "fs",
          "init",          "ipc",  "kernel",  "lib",     "scripts" };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    if (!pcc_tree_is_file (tree, files[i]))
      return FALSE;
  if (!pcc_tree_exists (tree, "MAINTAINERS"))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    if (!pcc_tree_is_dir (tree, dirs[i]))
      return FALSE;
  return TRUE;
}

gboolean
pcc_tree_is_kernel_top (const PccTree *tree)
{
  /* asked by pcc_tree_locate() and again by its caller: looked for once
   * (15 system calls) */
  if (tree->kernel_top < 0)
    ((PccTree *) tree)->kernel_top = looks_like_kernel_top (tree);
  return tree->kernel_top;
}

const char *
pcc_tree_get_repo_path (const PccTree *tree)
{
  return tree->repo_path;
}

const char *
pcc_tree_get_commit (const PccTree *tree)
{
  return tree->commit;
}

gboolean
pcc_tree_has_vcs (const PccTree *tree)
{
  if (tree->repo != NULL)
    return TRUE;
  return pcc_tree_exists (tree, ".git");
}

/* --- finding the tree ---------------------------------------------- */

static gboolean
has_maintainers (const char *dir)
{
  g_autofree char *m = g_build_filename (dir, "MAINTAINERS", NULL);
  return g_file_test (m, G_FILE_TEST_EXISTS);
}

/* The most recently made base-* tree of @trees, or NULL. */
static char *
newest_base_tree (const char *trees)
{
  g_autoptr (GDir) dir = g_dir_open (trees, 0, NULL);
  const char *name;
  char *best = NULL;
  gint64 best_mtime = G_MININT64;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;

      /* base-<tarball id>; skip "base-x.lock" and "base-x.tmp.123". */
      if (!g_str_has_prefix (name, "base-") || strchr (name, '.') != NULL)
        continue;
      path = g_build_filename (trees, name, NULL);
      if (!has_maintainers (path) || g_stat (path, &st) != 0)
        continue;
      if (best == NULL || (gint64) st.st_mtime > best_mtime
          || ((gint64) st.st_mtime == best_mtime && strcmp (path, best) > 0))
        {
          g_free (best);
          best = g_steal_pointer (&path);
          best_mtime = st.st_mtime;
        }
    }
  return best;
}

static int
compare_versions (gconstpointer a, gconstpointer b)
{
  return strverscmp (*(const char *const *) a, *(const char *const *) b);
}

/* Whether @name is a kernel version, "7.3" or "6.12": digits and dots. */
static gboolean
is_version_name (const char *name)
{
  if (!g_ascii_isdigit (*name))
    return FALSE;
  for (; *name != '\0'; name++)
    if (!g_ascii_isdigit (*name) && *name != '.')
      return FALSE;
  return TRUE;
}

/* The pristine tree of the newest kernel version kernel/prepare-tree.sh
 * made: trees/VERSION/base-* (7.3, 6.12), highest version first, then
 * trees/base-* (6.1, which lives at the top for older caches' sake). */
static char *
find_prepared_tree (void)
{
  g_autofree char *trees = pcc_cache_dir ("trees");
  g_autoptr (GDir) dir = g_dir_open (trees, 0, NULL);
  g_autoptr (GPtrArray) versions = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (is_version_name (name))
      g_ptr_array_add (versions, g_strdup (name));
  g_ptr_array_sort (versions, compare_versions);
  for (guint i = versions->len; i-- > 0;)
    {
      g_autofree char *sub
          = g_build_filename (trees, g_ptr_array_index (versions, i), NULL);
      char *found = newest_base_tree (sub);
      if (found != NULL)
        return found;
    }
  return newest_base_tree (trees);
}

/* The highest /usr/src/linux-source-VERSION with a MAINTAINERS file. */
static char *
find_usr_src_tree (void)
{
  g_autoptr (GDir) dir = g_dir_open ("/usr/src", 0, NULL);
  const char *name;
  char *best = NULL;
  g_autofree char *best_name = NULL;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;

      if (!g_str_has_prefix (name, "linux-source-"))
        continue;
      path = g_build_filename ("/usr/src", name, NULL);
      if (!has_maintainers (path))
        continue;
      if (best_name == NULL || strverscmp (name, best_name) > 0)
        {
          g_free (best);
          best = g_steal_pointer (&path);
          g_free (best_name);
          best_name = g_strdup (name);
        }
    }
  return best;
}

char *
pcc_tree_default_path (void)
{
  const char *env = g_getenv ("PATCHCC_TREE");
  char *path;

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  if ((path = find_prepared_tree ()) != NULL)
    return path;
  return find_usr_src_tree ();
}

char *
pcc_tree_find_default (GError **error)
{
  char *path = pcc_tree_default_path ();
  if (path == NULL)
    {
      g_autofree char *trees = pcc_cache_dir ("trees");
      g_set_error (error, PCC_ERROR, PCC_ERROR_NOT_TREE,
                   "no kernel tree configured and none found (looked for "
                   "$PATCHCC_TREE, %s/base-*, "
                   "/usr/src/linux-source-*); set one (--tree-path DIR, "
                   "PATCHCC_TREE, or Preferences, Plugins, patchcc), or "
                   "install linux-source-7.3 (scripts/setup.sh) and run "
                   "kernel/prepare-tree.sh --kernel 7.3 --upto none",
                   trees);
    }
  return path;
}

PccTree *
pcc_tree_locate (const char *path, const char *rev, PccTreeSources sources,
                 GError **error)
{
  g_autofree char *found = NULL;

  if ((path == NULL || *path == '\0') && rev != NULL)
    path = ".";
  if (path == NULL || *path == '\0')
    {
      const char *env = g_getenv ("PATCHCC_TREE");
      PccTree *cwd = NULL;

      if (sources & PCC_TREE_FROM_CWD)
        {
          /* reused, not opened twice */
          cwd = pcc_tree_open_dir (".", NULL);
          if (cwd != NULL && pcc_tree_is_kernel_top (cwd))
            return cwd;
        }
      if ((sources & PCC_TREE_FROM_ENV) && env != NULL && *env != '\0')
        path = env;
      else if ((sources & PCC_TREE_FROM_INSTALLED)
               && (found = pcc_tree_default_path ()) != NULL)
        path = found;
      else if (cwd != NULL)
        return cwd; /* the caller's kernel-top check names "." */
      else
        {
          g_clear_pointer (&cwd, pcc_tree_free);
          g_free (pcc_tree_find_default (error));
          return NULL;
        }
      g_clear_pointer (&cwd, pcc_tree_free);
    }
  if (rev != NULL)
    return pcc_tree_open_git (path, rev, error);
  return pcc_tree_open_dir (path, error);
}

gboolean
pcc_tree_check_kernel_top (const PccTree *tree, const char *how,
                           GError **error)
{
  if (pcc_tree_is_kernel_top (tree))
    return TRUE;
  g_set_error (error, PCC_ERROR, PCC_ERROR_NOT_TREE,
               "%s does not appear to be a linux kernel source tree; %s",
               pcc_tree_describe (tree), how);
  return FALSE;
}
