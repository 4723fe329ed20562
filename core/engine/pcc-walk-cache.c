/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-walk-cache.c - the graph of a history walk on disk; see
 * pcc-walk-cache.h. */
#include "pcc-walk-cache.h"
#include "pcc-cache-file.h"
#include "pcc-region.h"

#include <stdlib.h>
#include <string.h>

/* The file: this header, the nodes, then the parents; @body_hash covers
 * all after the header. */
typedef struct
{
  char magic[8];
  guint8 key[16];
  guint8 body_hash[16];
  guint8 head[PCC_WALK_OID_SIZE];
  guint32 n_nodes;
  gint64 head_time;
  gint64 since;
  guint32 n_parents;
  guint32 unused;
} WalkHeader;

#define WALK_MAGIC "PCCWALK1"
/* Walk files kept besides the one written: each is about 10 MB for a
 * year of the kernel's history, and only the newest serves as a donor. */
#define WALK_KEEP 3
G_STATIC_ASSERT (sizeof (WalkHeader) == 88);

PccWalkGraph *
pcc_walk_graph_new (const guint8 head[PCC_WALK_OID_SIZE], gint64 head_time,
                    gint64 since)
{
  PccWalkGraph *g = g_new0 (PccWalkGraph, 1);
  memcpy (g->head, head, PCC_WALK_OID_SIZE);
  g->head_time = head_time;
  g->since = since;
  g->nodes = g_array_new (FALSE, FALSE, sizeof (PccWalkNode));
  g->parents = g_array_new (FALSE, FALSE, sizeof (PccWalkParent));
  return g;
}

void
pcc_walk_graph_free (PccWalkGraph *g)
{
  if (g == NULL)
    return;
  g_array_unref (g->nodes);
  g_array_unref (g->parents);
  g_free (g);
}

/* The key of a file of @kind: HEAD, and the layout of the files. */
static void
head_key (const char *kind, const guint8 head[PCC_WALK_OID_SIZE],
          guint8 key[16])
{
  char what[96];
  gsize n = g_snprintf (what, sizeof what, "patchcc %s %zu %zu %zu 1 ", kind,
                        sizeof (WalkHeader), sizeof (PccWalkNode),
                        sizeof (PccWalkParent));
  guint8 buf[sizeof what + PCC_WALK_OID_SIZE];
  memcpy (buf, what, n);
  memcpy (buf + n, head, PCC_WALK_OID_SIZE);
  pcc_cache_checksum (buf, n + PCC_WALK_OID_SIZE, key);
}

char *
pcc_walk_cache_path (const char *dir, const guint8 head[PCC_WALK_OID_SIZE])
{
  guint8 key[16];
  head_key ("walk", head, key);
  g_autofree char *name = pcc_cache_file_name ("walk-", key, "");
  g_autofree char *d = dir ? g_strdup (dir) : pcc_cache_dir ("history");
  return g_build_filename (d, name, NULL);
}

/* The graph in the file at @path if it checks out: named by the key of
 * its HEAD, which is @head when not NULL. */
static PccWalkGraph *
load_path (const char *path, const guint8 *head)
{
  /* about 10 MB for a year of the kernel: read into huge pages */
  g_autoptr (GBytes) bytes = pcc_region_read_file (path);
  gsize len = 0;
  const char *data = bytes ? g_bytes_get_data (bytes, &len) : NULL;
  if (data == NULL || len < sizeof (WalkHeader))
    return NULL;
  WalkHeader h;
  memcpy (&h, data, sizeof h);
  if (head == NULL)
    head = h.head;
  guint8 key[16], body[16];
  head_key ("walk", head, key);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = pcc_cache_file_name ("walk-", key, "");
  guint64 want = sizeof h + (guint64) h.n_nodes * sizeof (PccWalkNode)
                 + (guint64) h.n_parents * sizeof (PccWalkParent);
  if (memcmp (h.magic, WALK_MAGIC, 8) != 0 || memcmp (h.key, key, 16) != 0
      || memcmp (h.head, head, PCC_WALK_OID_SIZE) != 0 || want != len
      || strcmp (base, name) != 0)
    return NULL;
  pcc_cache_checksum (data + sizeof h, len - sizeof h, body);
  if (memcmp (body, h.body_hash, 16) != 0)
    return NULL;

  PccWalkGraph *g = pcc_walk_graph_new (head, h.head_time, h.since);
  memcpy (g->id, body, sizeof g->id);
  g_array_set_size (g->nodes, h.n_nodes);
  g_array_set_size (g->parents, h.n_parents);
  gsize nodes_len = (gsize) h.n_nodes * sizeof (PccWalkNode);
  if (h.n_nodes)
    memcpy (g->nodes->data, data + sizeof h, nodes_len);
  if (h.n_parents)
    memcpy (g->parents->data, data + sizeof h + nodes_len,
            (gsize) h.n_parents * sizeof (PccWalkParent));
  for (guint i = 0; i < h.n_nodes; i++)
    {
      const PccWalkNode *n = &g_array_index (g->nodes, PccWalkNode, i);
      if (n->have_ptree > 1 || n->first_parent > h.n_parents
          || n->n_parents > h.n_parents - n->first_parent)
        {
          pcc_walk_graph_free (g);
          return NULL;
        }
    }
  for (guint i = 0; i < h.n_parents; i++)
    if (g_array_index (g->parents, PccWalkParent, i).found > 1)
      {
        pcc_walk_graph_free (g);
        return NULL;
      }
  return g;
}

PccWalkGraph *
pcc_walk_cache_load (const char *dir, const guint8 head[PCC_WALK_OID_SIZE])
{
  g_autofree char *path = pcc_walk_cache_path (dir, head);
  return load_path (path, head);
}

PccWalkGraph *
pcc_walk_cache_load_newest (const char *dir,
                            const guint8 except[PCC_WALK_OID_SIZE])
{
  g_autofree char *own = pcc_walk_cache_path (dir, except);
  g_autofree char *folder = g_path_get_dirname (own);
  g_autofree char *own_name = g_path_get_basename (own);
  g_autofree char *path = pcc_cache_dir_newest (folder, "walk-", "", own_name);
  return path ? load_path (path, NULL) : NULL;
}

gboolean
pcc_walk_cache_save (const char *dir, PccWalkGraph *g)
{
  WalkHeader h = { WALK_MAGIC };
  head_key ("walk", g->head, h.key);
  memcpy (h.head, g->head, PCC_WALK_OID_SIZE);
  h.n_nodes = g->nodes->len;
  h.n_parents = g->parents->len;
  h.head_time = g->head_time;
  h.since = g->since;
  gsize nodes_len = (gsize) g->nodes->len * sizeof (PccWalkNode);
  gsize parents_len = (gsize) g->parents->len * sizeof (PccWalkParent);
  gsize size = sizeof h + nodes_len + parents_len;
  g_autofree char *buf = g_malloc (size);
  if (nodes_len)
    memcpy (buf + sizeof h, g->nodes->data, nodes_len);
  if (parents_len)
    memcpy (buf + sizeof h + nodes_len, g->parents->data, parents_len);
  pcc_cache_checksum (buf + sizeof h, size - sizeof h, h.body_hash);
  memcpy (buf, &h, sizeof h);
  memcpy (g->id, h.body_hash, sizeof g->id);

  g_autofree char *path = pcc_walk_cache_path (dir, g->head);
  if (!pcc_cache_file_write (path, buf, size))
    return FALSE;
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *name = g_path_get_basename (path);
  pcc_cache_dir_prune (folder, "walk-", name, WALK_KEEP);
  return TRUE;
}

/* --- path sets -------------------------------------------------------- */

/* The file: this header, then for each set a PathRecord, the path, the
 * object ids, each part padded to 8 bytes; @body_hash covers all after
 * the header. */
typedef struct
{
  char magic[8];
  guint8 key[16];
  guint8 body_hash[16];
  guint8 graph_id[16];
  guint32 n_sets;
  guint32 unused;
} PathsHeader;

typedef struct
{
  gint64 since;
  guint32 n_oids;
  guint32 path_len;
} PathRecord;

#define PATHS_MAGIC "PCCPATH1"
/* Sets beyond this many are used but not written. */
#define PATHS_MAX 4096
G_STATIC_ASSERT (sizeof (PathsHeader) == 64);
G_STATIC_ASSERT (sizeof (PathRecord) == 16);

typedef struct
{
  gint64 since;
  guint n;
  guint8 *oids;
} PathSet;

struct _PccPathSets
{
  char *file;
  guint8 key[16];
  guint8 graph_id[16];
  GHashTable *sets; /* path -> PathSet */
  GPtrArray *order; /* the paths, in the order they were added */
  gboolean dirty;   /* sets added since the file was read or written */
};

static void
path_set_free (gpointer p)
{
  PathSet *s = p;
  g_free (s->oids);
  g_free (s);
}

static gsize
pad8 (gsize n)
{
  return (n + 7) & ~(gsize) 7;
}

/* A copy of @n object ids, never NULL (an empty set is a set). */
static guint8 *
oids_copy (const void *oids, guint n)
{
  gsize len = (gsize) n * PCC_WALK_OID_SIZE;
  guint8 *copy = g_malloc (MAX (len, 1));
  if (len)
    memcpy (copy, oids, len);
  return copy;
}

int
pcc_walk_oid_cmp (const void *a, const void *b)
{
  return memcmp (a, b, PCC_WALK_OID_SIZE);
}

guint
pcc_walk_oid_hash (gconstpointer oid)
{
  guint v;
  memcpy (&v, oid, sizeof v); /* object ids are uniformly distributed */
  return v;
}

gboolean
pcc_walk_oid_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, PCC_WALK_OID_SIZE) == 0;
}

static void
sets_put (PccPathSets *ps, const char *path, gint64 since, guint8 *oids,
          guint n)
{
  PathSet *s = g_new (PathSet, 1);
  s->since = since;
  s->n = n;
  s->oids = oids;
  if (!g_hash_table_contains (ps->sets, path))
    g_ptr_array_add (ps->order, g_strdup (path));
  g_hash_table_replace (ps->sets, g_strdup (path), s);
}

/* Read the sets of @data, @len bytes, into @ps; FALSE (with @ps maybe
 * holding some) when anything does not check out. */
static gboolean
sets_parse (PccPathSets *ps, const char *data, gsize len)
{
  PathsHeader h;
  if (len < sizeof h)
    return FALSE;
  memcpy (&h, data, sizeof h);
  guint8 body[16];
  if (memcmp (h.magic, PATHS_MAGIC, 8) != 0 || memcmp (h.key, ps->key, 16) != 0
      || memcmp (h.graph_id, ps->graph_id, 16) != 0)
    return FALSE;
  pcc_cache_checksum (data + sizeof h, len - sizeof h, body);
  if (memcmp (body, h.body_hash, 16) != 0)
    return FALSE;
  gsize at = sizeof h;
  for (guint i = 0; i < h.n_sets; i++)
    {
      PathRecord r;
      if (len - at < sizeof r)
        return FALSE;
      memcpy (&r, data + at, sizeof r);
      at += sizeof r;
      guint64 need
          = pad8 (r.path_len) + pad8 ((guint64) r.n_oids * PCC_WALK_OID_SIZE);
      if (need > len - at || memchr (data + at, '\0', r.path_len) != NULL)
        return FALSE;
      g_autofree char *path = g_strndup (data + at, r.path_len);
      at += pad8 (r.path_len);
      gsize olen = (gsize) r.n_oids * PCC_WALK_OID_SIZE;
      guint8 *oids = oids_copy (data + at, r.n_oids);
      at += pad8 (olen);
      for (guint j = 1; j < r.n_oids; j++)
        if (pcc_walk_oid_cmp (oids + (j - 1) * PCC_WALK_OID_SIZE,
                              oids + j * PCC_WALK_OID_SIZE)
            >= 0)
          {
            g_free (oids);
            return FALSE;
          }
      sets_put (ps, path, r.since, oids, r.n_oids);
    }
  return at == len;
}

PccPathSets *
pcc_path_sets_load (const char *dir, const guint8 head[PCC_WALK_OID_SIZE],
                    const guint8 graph_id[16])
{
  PccPathSets *ps = g_new0 (PccPathSets, 1);
  memcpy (ps->graph_id, graph_id, 16);
  head_key ("paths", head, ps->key);
  g_autofree char *name = pcc_cache_file_name ("paths-", ps->key, "");
  g_autofree char *d = dir ? g_strdup (dir) : pcc_cache_dir ("history");
  ps->file = g_build_filename (d, name, NULL);
  ps->sets
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, path_set_free);
  ps->order = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *data = NULL;
  gsize len = 0;
  if (g_file_get_contents (ps->file, &data, &len, NULL)
      && !sets_parse (ps, data, len))
    {
      g_hash_table_remove_all (ps->sets);
      g_ptr_array_set_size (ps->order, 0);
    }
  return ps;
}

void
pcc_path_sets_free (PccPathSets *ps)
{
  if (ps == NULL)
    return;
  g_hash_table_unref (ps->sets);
  g_ptr_array_unref (ps->order);
  g_free (ps->file);
  g_free (ps);
}

const guint8 *
pcc_path_sets_lookup (const PccPathSets *ps, const char *path, gint64 since,
                      guint *n, gint64 *made_since)
{
  const PathSet *s = g_hash_table_lookup (ps->sets, path);
  if (s == NULL || s->since > since)
    return NULL;
  *n = s->n;
  if (made_since)
    *made_since = s->since;
  return s->oids;
}

gboolean
pcc_path_sets_save (PccPathSets *ps)
{
  if (!ps->dirty)
    return TRUE;
  GByteArray *b = g_byte_array_new ();
  PathsHeader h = { PATHS_MAGIC };
  memcpy (h.key, ps->key, 16);
  memcpy (h.graph_id, ps->graph_id, 16);
  g_byte_array_set_size (b, sizeof h);
  static const guint8 zeros[8];
  for (guint i = 0; i < ps->order->len && i < PATHS_MAX; i++)
    {
      const char *path = ps->order->pdata[i];
      const PathSet *s = g_hash_table_lookup (ps->sets, path);
      PathRecord r = { s->since, s->n, strlen (path) };
      gsize olen = (gsize) s->n * PCC_WALK_OID_SIZE;
      g_byte_array_append (b, (const guint8 *) &r, sizeof r);
      g_byte_array_append (b, (const guint8 *) path, r.path_len);
      g_byte_array_append (b, zeros, pad8 (r.path_len) - r.path_len);
      if (olen)
        g_byte_array_append (b, s->oids, olen);
      g_byte_array_append (b, zeros, pad8 (olen) - olen);
      h.n_sets++;
    }
  pcc_cache_checksum (b->data + sizeof h, b->len - sizeof h, h.body_hash);
  memcpy (b->data, &h, sizeof h);
  gboolean ok = pcc_cache_file_write (ps->file, b->data, b->len);
  if (ok)
    {
      g_autofree char *folder = g_path_get_dirname (ps->file);
      g_autofree char *name = g_path_get_basename (ps->file);
      pcc_cache_dir_prune (folder, "paths-", name, WALK_KEEP);
      ps->dirty = FALSE;
    }
  g_byte_array_unref (b);
  return ok;
}

const guint8 *
pcc_path_sets_add (PccPathSets *ps, const char *path, gint64 since,
                   const guint8 *oids, guint n)
{
  guint8 *copy = oids_copy (oids, n);
  if (n > 1)
    qsort (copy, n, PCC_WALK_OID_SIZE, pcc_walk_oid_cmp);
  sets_put (ps, path, since, copy, n);
  ps->dirty = TRUE;
  return copy;
}
