/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cache-file.c - naming, writing and pruning cache files; see
 * pcc-cache-file.h. */
#include "pcc-cache-file.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "pcc-hash.h"

char *
pcc_cache_dir (const char *what)
{
  return g_build_filename (g_get_user_cache_dir (), "patchcc", what, NULL);
}

void
pcc_cache_checksum (const void *data, gsize len, guint8 out[16])
{
  pcc_hash128 (data, len, out);
}

char *
pcc_cache_file_name (const char *prefix, const guint8 key[16],
                     const char *suffix)
{
  char hex[33];
  for (guint i = 0; i < 16; i++)
    g_snprintf (hex + 2 * i, 3, "%02x", key[i]);
  return g_strconcat (prefix, hex, suffix, NULL);
}

gboolean
pcc_cache_file_write (const char *path, const void *data, gsize len)
{
  g_autofree char *dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    return FALSE;
  g_autofree char *tmp = g_strdup_printf ("%s.%d.tmp", path, (int) getpid ());
  gboolean ok = g_file_set_contents_full (tmp, data, len,
                                          G_FILE_SET_CONTENTS_NONE, 0600, NULL)
                && g_rename (tmp, path) == 0;
  if (!ok)
    g_unlink (tmp);
  return ok;
}

typedef struct
{
  char *path;
  gint64 mtime;
} Entry;

static int
newest_first (gconstpointer a, gconstpointer b)
{
  const Entry *x = a, *y = b;
  return x->mtime > y->mtime ? -1 : x->mtime < y->mtime;
}

static void
entry_clear (gpointer p)
{
  g_free (((Entry *) p)->path);
}

/* The regular files of @dir named @prefix...@suffix, other than @except,
 * newest first. */
static GArray *
list_files (const char *dir, const char *prefix, const char *suffix,
            const char *except)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_array_set_clear_func (out, entry_clear);
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return out;
  const char *n;
  while ((n = g_dir_read_name (d)))
    {
      if (!g_str_has_prefix (n, prefix) || !g_str_has_suffix (n, suffix)
          || (except && strcmp (n, except) == 0))
        continue;
      Entry e = { g_build_filename (dir, n, NULL), 0 };
      GStatBuf st;
      if (g_lstat (e.path, &st) == 0 && S_ISREG (st.st_mode))
        {
          e.mtime = st.st_mtime;
          g_array_append_val (out, e);
        }
      else
        g_free (e.path);
    }
  g_dir_close (d);
  g_array_sort (out, newest_first);
  return out;
}

void
pcc_cache_dir_prune (const char *dir, const char *prefix, const char *keep,
                     guint max_others)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr (GArray) all = list_files (dir, prefix, "", keep);
  guint kept = 0;
  for (guint i = 0; i < all->len; i++)
    {
      const Entry *e = &g_array_index (all, Entry, i);
      gboolean tmp = g_str_has_suffix (e->path, ".tmp");
      if (tmp ? now - e->mtime > 86400
              : now - e->mtime > 30 * 86400 || ++kept > max_others)
        g_unlink (e->path);
    }
}

char *
pcc_cache_dir_newest (const char *dir, const char *prefix, const char *suffix,
                      const char *except)
{
  g_autoptr (GArray) all = list_files (dir, prefix, suffix, except);
  for (guint i = 0; i < all->len; i++)
    {
      Entry *e = &g_array_index (all, Entry, i);
      if (!g_str_has_suffix (e->path, ".tmp"))
        return g_steal_pointer (&e->path);
    }
  return NULL;
}
