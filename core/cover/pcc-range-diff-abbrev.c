/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-range-diff-abbrev.c - hashes abbreviated as git abbreviates them
 * by default: the starting length from the number of packed objects
 * (packs, multi-pack-indexes, alternates), then as long as it takes to
 * be unique. */
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "pcc-quote.h"
#include "pcc-range-diff-private.h"

static guint32
be32 (const guchar *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8
         | p[3];
}

/* The objects in pack index @path (0 when unreadable). */
static gulong
idx_count (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &data, &len, NULL))
    return 0;
  const guchar *p = (const guchar *) data;
  if (len >= 8 + 256 * 4 && memcmp (p, "\377tOc", 4) == 0)
    return be32 (p + 8 + 255 * 4);
  if (len >= 256 * 4)
    return be32 (p + 255 * 4);
  return 0;
}

/* The objects of multi-pack-index @path; @packs gets the index names of
 * the packs it covers. */
static gulong
midx_count (const char *path, GHashTable *packs)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  gulong count = 0;

  if (!g_file_get_contents (path, &data, &len, NULL) || len < 12
      || memcmp (data, "MIDX", 4) != 0)
    return 0;
  const guchar *p = (const guchar *) data;
  guint nchunks = p[6];
  if (12 + (gsize) (nchunks + 1) * 12 > len)
    return 0;
  for (guint k = 0; k < nchunks; k++)
    {
      const guchar *e = p + 12 + k * 12;
      guint64 off = (guint64) be32 (e + 4) << 32 | be32 (e + 8);
      guint64 end = (guint64) be32 (e + 16) << 32 | be32 (e + 20);
      if (off > len || end > len || end < off)
        continue;
      if (memcmp (e, "OIDF", 4) == 0 && end - off >= 256 * 4)
        count = be32 (p + off + 255 * 4);
      else if (memcmp (e, "PNAM", 4) == 0)
        for (guint64 at = off; at < end;)
          {
            const char *name = data + at;
            gsize l = strnlen (name, end - at);
            if (l)
              g_hash_table_add (packs, g_strndup (name, l));
            at += l + 1;
          }
    }
  return count;
}

/* The objects of the packs of the object folder @objects. */
static gulong
packed_objects_in (const char *objects)
{
  g_autofree char *dir = g_build_filename (objects, "pack", NULL);
  g_autoptr (GHashTable) in_midx
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *midx = g_build_filename (dir, "multi-pack-index", NULL);
  gulong count = midx_count (midx, in_midx);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      if (!g_str_has_suffix (name, ".idx") || !g_str_has_prefix (name, "pack")
          || g_hash_table_contains (in_midx, name))
        continue;
      g_autofree char *stem = g_strndup (name, strlen (name) - 4);
      g_autofree char *pack = g_strdup_printf ("%s/%s.pack", dir, stem);
      if (!g_file_test (pack, G_FILE_TEST_EXISTS))
        continue;
      g_autofree char *idx = g_build_filename (dir, name, NULL);
      count += idx_count (idx);
    }
  return count;
}

/* Add @objects and the folders its info/alternates names (five levels
 * deep at most, as git) to @dirs, each once. */
static void
collect_object_dirs (GPtrArray *dirs, const char *objects, int depth)
{
  g_autofree char *canon = g_canonicalize_filename (objects, NULL);
  for (guint i = 0; i < dirs->len; i++)
    if (!strcmp (dirs->pdata[i], canon))
      return;
  g_ptr_array_add (dirs, g_strdup (canon));
  if (depth > 5)
    return;

  g_autofree char *file = g_build_filename (canon, "info", "alternates", NULL);
  g_autofree char *text = NULL;
  if (!g_file_get_contents (file, &text, NULL, NULL))
    return;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l; l++)
    {
      g_autofree char *path = NULL;
      if (!**l || **l == '#')
        continue;
      if (**l == '"')
        path = pcc_unquote_path (*l, *l + strlen (*l), NULL);
      else
        path = g_strdup (*l);
      g_autofree char *alt = g_canonicalize_filename (path, canon);
      collect_object_dirs (dirs, alt, depth + 1);
    }
}

/* git's estimate of the number of objects: those of the packs of the
 * repository and of its alternates. */
static gulong
packed_objects (git_repository *repo)
{
  const char *common = git_repository_commondir (repo);
  if (!common)
    return 0;
  g_autofree char *objects = g_build_filename (common, "objects", NULL);
  g_autoptr (GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  gulong count = 0;

  collect_object_dirs (dirs, objects, 0);
  for (guint i = 0; i < dirs->len; i++)
    count += packed_objects_in (dirs->pdata[i]);
  return count;
}

/* The length git starts abbreviating at: core.abbrev, or from the number
 * of packed objects. */
int
pcc_range_diff_abbrev_start (git_repository *repo, const PccRangeDiffConfig *c)
{
  if (c->abbrev > 0)
    return c->abbrev;

  gulong count = packed_objects (repo);
  int msb = 0;
  while (count >>= 1)
    msb++;
  int len = (msb + 1 + 1) / 2;
  return len < 7 ? 7 : len;
}

/* @oid abbreviated from @len digits on until no other object shares the
 * prefix.  Newly allocated. */
char *
pcc_range_diff_abbrev (git_odb *odb, const git_oid *oid, int len)
{
  char hex[GIT_OID_HEXSZ + 1];
  git_oid found;

  git_oid_tostr (hex, sizeof hex, oid);
  while (odb && len < GIT_OID_HEXSZ
         && git_odb_exists_prefix (&found, odb, oid, len) == GIT_EAMBIGUOUS)
    len++;
  return g_strndup (hex, len);
}
