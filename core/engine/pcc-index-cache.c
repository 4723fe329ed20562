/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-index-cache.c - the compiled index on disk; see pcc-index-cache.h. */
#include "config.h"
#include "pcc-index-cache.h"
#include "pcc-cache-file.h"
#include "pcc-hash.h"
#include "pcc-region.h"
#include "pcc-stamp.h"

#include <string.h>

/* The file: this header, the MAINTAINERS index at byte 64, the .mailmap
 * bytes at the next multiple of 8; @body_hash covers all after the
 * header. */
typedef struct
{
  char magic[8];
  guint8 key[16];
  guint8 body_hash[16];
  guint64 m_len, mm_len;
  guint8 unused[8];
} CacheHeader;

#define CACHE_MAGIC "PCCCACHE"
G_STATIC_ASSERT (sizeof (CacheHeader) == 64);

static gsize
round8 (gsize n)
{
  return (n + 7) & ~(gsize) 7;
}

char *
pcc_index_cache_default_dir (void)
{
  return pcc_cache_dir ("index");
}

/* A part of the key: its bytes, then their number (so that parts cannot
 * run into each other; a file read in pieces, whose length is known at
 * the end, is hashed the same way). */
static void
hash_part (PccHash *st, const void *data, gsize len)
{
  pcc_hash_update (st, data, len);
  guint64 n = len;
  pcc_hash_update (st, &n, sizeof n);
}

static void
hash_piece (const void *data, gsize len, gpointer st)
{
  pcc_hash_update (st, data, len);
}

/* Memory the files are hashed through, then the cache file is read into
 * (one huge page, pcc-region.h, that a valid cache file fits in: one page
 * fault in all). */
typedef struct
{
  void *p;
  gsize size;
} Scratch;

#define SCRATCH_SIZE ((gsize) 2 << 20)

/* hash_part() of the file at @path, read in pieces through @scratch. */
static gboolean
hash_file (PccHash *st, const char *path, Scratch *scratch)
{
  guint64 n = 0;
  if (scratch->p == NULL)
    {
      scratch->size = SCRATCH_SIZE;
      scratch->p = pcc_region_alloc (scratch->size);
    }
  if (!pcc_region_read_pieces (path, scratch->p, scratch->size, hash_piece,
                               st, &n))
    return FALSE;
  pcc_hash_update (st, &n, sizeof n);
  return TRUE;
}

/* The key: everything the index and the mailmap are made from.  The
 * files come either in memory (@mfile, and @mailmap when not NULL) or,
 * with @mfile NULL, from the disk of @tree (.mailmap when
 * @has_mailmap) through @scratch; FALSE when one of them cannot be read
 * so. */
static gboolean
cache_key (const char *rel, const PccTree *tree, GBytes *mfile,
           GBytes *mailmap, gboolean has_mailmap, Scratch *scratch,
           guint8 key[16])
{
  PccHash *st = pcc_hash_new ();
  const char *what[] = { "patchcc compiled index", PCC_VERSION,
                         pcc_maintainers_index_format (), rel };
  for (guint i = 0; i < G_N_ELEMENTS (what); i++)
    hash_part (st, what[i], strlen (what[i]));
  gsize len = 0;
  gboolean ok = TRUE;
  if (mfile)
    {
      const void *d = g_bytes_get_data (mfile, &len);
      hash_part (st, d, len);
    }
  else
    {
      g_autofree char *p = pcc_tree_get_disk_path (tree, rel);
      ok = p != NULL && hash_file (st, p, scratch);
    }
  guint8 has = has_mailmap;
  pcc_hash_update (st, &has, 1);
  if (ok && has_mailmap && mfile)
    {
      const void *d = mailmap ? g_bytes_get_data (mailmap, &len) : NULL;
      hash_part (st, d ? d : "", mailmap ? len : 0);
    }
  else if (ok && has_mailmap)
    {
      g_autofree char *p = pcc_tree_get_disk_path (tree, ".mailmap");
      ok = p != NULL && hash_file (st, p, scratch);
    }
  pcc_hash_finish (st, key);
  return ok;
}

/* The cache file at @path, if it is whole and for @key; read into
 * @scratch when it has memory (which it then no longer owns). */
static gboolean
load_file (const char *path, const guint8 key[16], const PccTree *tree,
           Scratch *scratch, PccMaintainers **maintainers,
           PccMailmap **mailmap)
{
  g_autoptr (GBytes) all
      = pcc_region_read_file_into (path, scratch->p, scratch->size);
  scratch->p = NULL;
  scratch->size = 0;
  if (all == NULL)
    return FALSE;
  gsize len = 0;
  const char *base = g_bytes_get_data (all, &len);
  if (len < sizeof (CacheHeader) || base == NULL)
    return FALSE;
  CacheHeader h;
  memcpy (&h, base, sizeof h);
  if (memcmp (h.magic, CACHE_MAGIC, 8) != 0 || memcmp (h.key, key, 16) != 0
      || h.m_len > len || h.mm_len > len
      || sizeof h + round8 (h.m_len) + h.mm_len != len)
    return FALSE;
  guint8 body[16];
  pcc_cache_checksum (base + sizeof h, len - sizeof h, body);
  if (memcmp (body, h.body_hash, 16) != 0)
    return FALSE;
  g_autoptr (GBytes) mi = g_bytes_new_from_bytes (all, sizeof h, h.m_len);
  PccMaintainers *m = pcc_maintainers_new_from_index (mi, tree, NULL);
  if (m == NULL)
    return FALSE;
  g_autoptr (GBytes) mmb
      = g_bytes_new_from_bytes (all, sizeof h + round8 (h.m_len), h.mm_len);
  PccMailmap *mm = pcc_mailmap_new_from_bytes (mmb, NULL);
  if (mm == NULL)
    {
      pcc_maintainers_free (m);
      return FALSE;
    }
  *maintainers = m;
  *mailmap = mm;
  return TRUE;
}

/* Write the cache file, atomically; FALSE (and nothing left behind) on
 * any failure. */
static gboolean
write_file (const char *path, const guint8 key[16], PccMaintainers *m,
            PccMailmap *mm)
{
  g_autoptr (GBytes) mi = pcc_maintainers_to_index (m);
  if (mi == NULL)
    return FALSE;
  g_autoptr (GBytes) mb = pcc_mailmap_to_bytes (mm);
  gsize m_len = 0, mm_len = 0;
  const char *md = g_bytes_get_data (mi, &m_len);
  const char *mmd = g_bytes_get_data (mb, &mm_len);

  CacheHeader h = { CACHE_MAGIC };
  memcpy (h.key, key, 16);
  h.m_len = m_len;
  h.mm_len = mm_len;
  gsize size = sizeof h + round8 (m_len) + mm_len;
  g_autofree char *buf = g_malloc0 (size);
  memcpy (buf + sizeof h, md, m_len);
  memcpy (buf + sizeof h + round8 (m_len), mmd, mm_len);
  pcc_cache_checksum (buf + sizeof h, size - sizeof h, h.body_hash);
  memcpy (buf, &h, sizeof h);
  return pcc_cache_file_write (path, buf, size);
}

/* The file name of the cache for @key in @dir (g_free() both). */
static void
cache_path (const char *dir, const guint8 key[16], char **name, char **path)
{
  *name = pcc_cache_file_name ("maintainers-", key, ".idx");
  *path = g_build_filename (dir, *name, NULL);
}

/* The stamp (pcc-stamp.h) of the files cache_key() hashes from the disk
 * of @tree, and in *@path the file that remembers their key: named by
 * what the key is made of but their bytes (so by where the files are).
 * NULL when a file cannot be looked at. */
static PccStamp *
take_stamp (const PccTree *tree, const char *rel, gboolean has_mailmap,
            const char *dir, char **path)
{
  g_autofree char *mp = pcc_tree_get_disk_path (tree, rel);
  g_autofree char *mmp
      = has_mailmap ? pcc_tree_get_disk_path (tree, ".mailmap") : NULL;
  if (mp == NULL || (has_mailmap && mmp == NULL))
    return NULL;
  const char *paths[] = { mp, mmp };
  PccStamp *stamp = pcc_stamp_take (paths, has_mailmap ? 2 : 1);
  if (stamp == NULL)
    return NULL;
  g_autofree char *amp = g_canonicalize_filename (mp, NULL);
  g_autofree char *ammp = mmp ? g_canonicalize_filename (mmp, NULL) : NULL;
  PccHash *h = pcc_hash_new ();
  const char *what[] = { "patchcc index stamp", PCC_VERSION,
                         pcc_maintainers_index_format (), rel,
                         has_mailmap ? "mailmap" : "no mailmap", amp,
                         ammp ? ammp : "" };
  for (guint i = 0; i < G_N_ELEMENTS (what); i++)
    hash_part (h, what[i], strlen (what[i]));
  guint8 name_key[16];
  pcc_hash_finish (h, name_key);
  g_autofree char *name = pcc_cache_file_name ("stamp-", name_key, "");
  *path = g_build_filename (dir, name, NULL);
  return stamp;
}

gboolean
pcc_index_cache_load (const PccTree *tree, const char *maintainers_path,
                      gboolean use_mailmap, const char *cache_dir,
                      PccMaintainers **maintainers, PccMailmap **mailmap,
                      PccIndexSource *source, GError **error)
{
  const char *rel = maintainers_path ? maintainers_path : "MAINTAINERS";
  PccIndexSource dummy;
  source = source ? source : &dummy;
  *source = PCC_INDEX_FRESH;

  gboolean cacheable
      = pcc_tree_get_path (tree) != NULL && !pcc_tree_is_dir (tree, rel);
  gboolean has_mailmap = use_mailmap && pcc_tree_is_file (tree, ".mailmap");
  g_autofree char *dir = NULL;
  guint8 key[16];
  gboolean keyed = FALSE;
  if (cacheable)
    {
      dir = cache_dir ? g_strdup (cache_dir) : pcc_index_cache_default_dir ();
      /* The usual case, a valid cache, and the files as they were when
       * last hashed: the key is their stamp's.  Otherwise they are only
       * hashed, read in pieces, not kept. */
      g_autofree char *stamp_path = NULL;
      g_autoptr (PccStamp) stamp = take_stamp (tree, rel, has_mailmap, dir,
                                               &stamp_path);
      Scratch scratch = { NULL, 0 };
      keyed = stamp && pcc_stamp_recall (stamp, stamp_path, key);
      if (!keyed)
        {
          keyed
              = cache_key (rel, tree, NULL, NULL, has_mailmap, &scratch, key);
          if (keyed && stamp)
            pcc_stamp_remember (stamp, stamp_path, key);
        }
      if (!keyed)
        pcc_region_free (scratch.p, scratch.size);
      else
        {
          g_autofree char *name = NULL, *path = NULL;
          cache_path (dir, key, &name, &path);
          if (load_file (path, key, tree, &scratch, maintainers, mailmap))
            {
              *source = PCC_INDEX_CACHED;
              return TRUE;
            }
        }
    }

  g_autoptr (GBytes) mfile = NULL;
  if (cacheable)
    mfile = pcc_tree_map_file (tree, rel, NULL);
  g_autoptr (GBytes) mmfile = NULL;
  if (has_mailmap)
    mmfile = pcc_tree_map_file (tree, ".mailmap", NULL);

  if (mfile == NULL)
    {
      /* not cacheable, or not readable: the plain load and its errors */
      *maintainers = pcc_maintainers_load (tree, maintainers_path, error);
      if (*maintainers == NULL)
        return FALSE;
      gsize len = 0;
      const char *d = mmfile ? g_bytes_get_data (mmfile, &len) : NULL;
      *mailmap = mmfile ? pcc_mailmap_new_from_data (d ? d : "", len)
                        : pcc_mailmap_new ();
      return TRUE;
    }

  /* The key of the bytes read now, which are what is parsed and written
   * (the files may have changed since they were hashed above, or have
   * been unreadable in pieces, a pipe say). */
  guint8 now[16];
  Scratch none = { NULL, 0 };
  cache_key (rel, tree, mfile, mmfile, mmfile != NULL, &none, now);
  g_autofree char *name = NULL, *path = NULL;
  cache_path (dir, now, &name, &path);
  if ((!keyed || memcmp (now, key, 16) != 0)
      && load_file (path, now, tree, &none, maintainers, mailmap))
    {
      *source = PCC_INDEX_CACHED;
      return TRUE;
    }

  gsize len = 0;
  const char *d = g_bytes_get_data (mfile, &len);
  PccMaintainers *m
      = pcc_maintainers_new_from_data (rel, d ? d : "", len, tree, error);
  if (m == NULL)
    return FALSE;
  PccMailmap *mm = pcc_mailmap_new ();
  if (mmfile)
    {
      pcc_mailmap_free (mm);
      d = g_bytes_get_data (mmfile, &len);
      mm = pcc_mailmap_new_from_data (d ? d : "", len);
    }
  if (write_file (path, now, m, mm))
    {
      *source = PCC_INDEX_REBUILT;
      pcc_cache_dir_prune (dir, "maintainers-", name, G_MAXUINT);
      pcc_cache_dir_prune (dir, "stamp-", NULL, G_MAXUINT);
    }
  *maintainers = m;
  *mailmap = mm;
  return TRUE;
}
