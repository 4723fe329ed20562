/* pcc-index-cache.c - the compiled index on disk; see pcc-index-cache.h. */
#include "pcc-index-cache.h"
#include "pcc-region.h"

#include <errno.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

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
  return g_build_filename (g_get_user_cache_dir (), "patchcc", "index", NULL);
}

static void
hash_part (XXH3_state_t *st, const void *data, gsize len)
{
  guint64 n = len;
  XXH3_128bits_update (st, &n, sizeof n);
  XXH3_128bits_update (st, data, len);
}

static void
canonical (XXH128_hash_t h, guint8 out[16])
{
  XXH128_canonical_t c;
  XXH128_canonicalFromHash (&c, h);
  memcpy (out, c.digest, 16);
}

/* The key: everything the index and the mailmap are made from. */
static void
cache_key (const char *rel, GBytes *mfile, GBytes *mailmap, guint8 key[16])
{
  XXH3_state_t st;
  XXH3_INITSTATE (&st);
  XXH3_128bits_reset (&st);
  const char *what[] = { "patchcc compiled index", PCC_VERSION,
                         pcc_maintainers_index_format (), rel };
  for (guint i = 0; i < G_N_ELEMENTS (what); i++)
    hash_part (&st, what[i], strlen (what[i]));
  gsize len = 0;
  const void *d = g_bytes_get_data (mfile, &len);
  hash_part (&st, d, len);
  guint8 has_mailmap = mailmap != NULL;
  XXH3_128bits_update (&st, &has_mailmap, 1);
  if (mailmap)
    {
      d = g_bytes_get_data (mailmap, &len);
      hash_part (&st, d, len);
    }
  canonical (XXH3_128bits_digest (&st), key);
}

/* The cache file at @path, if it is whole and for @key. */
static gboolean
load_file (const char *path, const guint8 key[16], const PccTree *tree,
           PccMaintainers **maintainers, PccMailmap **mailmap)
{
  g_autoptr (GBytes) all = pcc_region_read_file (path);
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
  canonical (XXH3_128bits (base + sizeof h, len - sizeof h), body);
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

/* Remove the index files of @dir other than @keep that were written
 * more than a month ago (other trees, older MAINTAINERS; one still in use
 * is simply written again), and temporary files a day old. */
static void
prune (const char *dir, const char *keep)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *n;
  while ((n = g_dir_read_name (d)))
    {
      gboolean tmp = g_str_has_suffix (n, ".tmp");
      if (!g_str_has_prefix (n, "maintainers-") || strcmp (n, keep) == 0)
        continue;
      g_autofree char *f = g_build_filename (dir, n, NULL);
      GStatBuf st;
      if (g_lstat (f, &st) == 0 && S_ISREG (st.st_mode)
          && now - st.st_mtime > (tmp ? 86400 : 30 * 86400))
        g_unlink (f);
    }
  g_dir_close (d);
}

/* Write the cache file, atomically; FALSE (and nothing left behind) on
 * any failure. */
static gboolean
write_file (const char *dir, const char *path, const guint8 key[16],
            PccMaintainers *m, PccMailmap *mm)
{
  g_autoptr (GBytes) mi = pcc_maintainers_to_index (m);
  if (mi == NULL || g_mkdir_with_parents (dir, 0700) != 0)
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
  canonical (XXH3_128bits (buf + sizeof h, size - sizeof h), h.body_hash);
  memcpy (buf, &h, sizeof h);

  g_autofree char *tmp = g_strdup_printf ("%s.%d.tmp", path, (int) getpid ());
  gboolean ok = g_file_set_contents_full (tmp, buf, size,
                                          G_FILE_SET_CONTENTS_NONE, 0600, NULL)
                && g_rename (tmp, path) == 0;
  if (!ok)
    g_unlink (tmp);
  return ok;
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

  g_autoptr (GBytes) mfile = NULL;
  if (pcc_tree_get_path (tree) != NULL && !pcc_tree_is_dir (tree, rel))
    mfile = pcc_tree_map_file (tree, rel, NULL);
  g_autoptr (GBytes) mmfile = NULL;
  if (use_mailmap && pcc_tree_is_file (tree, ".mailmap"))
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

  guint8 key[16];
  cache_key (rel, mfile, mmfile, key);
  g_autofree char *dir
      = cache_dir ? g_strdup (cache_dir) : pcc_index_cache_default_dir ();
  char hex[33];
  for (guint i = 0; i < 16; i++)
    g_snprintf (hex + 2 * i, 3, "%02x", key[i]);
  g_autofree char *name = g_strdup_printf ("maintainers-%s.idx", hex);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  if (load_file (path, key, tree, maintainers, mailmap))
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
  if (write_file (dir, path, key, m, mm))
    {
      *source = PCC_INDEX_REBUILT;
      prune (dir, name);
    }
  *maintainers = m;
  *mailmap = mm;
  return TRUE;
}
