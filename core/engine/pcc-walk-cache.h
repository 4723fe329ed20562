/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-walk-cache.h - the commits of a history walk, kept on disk.
 *
 * get_maintainer.pl's git commands walk a year of history on every run
 * (git log --since=1-year-ago): on a kernel clone some 80,000 commits,
 * each read and inflated from the pack, about 2.4 seconds of a run.  What
 * the walk needs of a commit never changes (its id, committer date,
 * tree, its parents' ids and dates, its first parent's tree), and every
 * commit is named by HEAD, so the walk of one HEAD is kept as a graph,
 * in ${XDG_CACHE_HOME:-~/.cache}/patchcc/history/walk-<key>, the key
 * being a hash of HEAD's id and of the file layout.
 *
 * The graph of a walk from HEAD down to a date S0 holds every commit
 * the walk went through and, for each, its parents, found or not (a
 * shallow clone's boundary).  A walk down to any later date S goes
 * through a subset of those commits, so pcc-history.c replays it from
 * the graph (same order, same answer); a walk reaching further back than
 * S0 is made from the repository and written over the file.
 *
 * A file is trusted only when its size, key, checksum and every index
 * in it check out; otherwise it is ignored and rewritten.  A parent
 * recorded as missing that the repository now has (a deepened shallow
 * clone, HEAD unchanged) makes pcc-history.c walk afresh too.
 */
#ifndef PCC_WALK_CACHE_H
#define PCC_WALK_CACHE_H

#include <glib.h>

G_BEGIN_DECLS

#define PCC_WALK_OID_SIZE 20

/* One commit the walk went through. */
typedef struct
{
  guint8 oid[PCC_WALK_OID_SIZE];
  guint8 tree[PCC_WALK_OID_SIZE];
  guint8 ptree[PCC_WALK_OID_SIZE]; /* the first parent's tree */
  guint8 have_ptree;               /* one parent, and it was found */
  guint8 unused[3];
  guint32 n_parents;    /* every parent, in the commit's order, */
  guint32 first_parent; /* from this index of the graph's parents */
  gint64 time;          /* committer date */
} PccWalkNode;

/* One parent of a walked commit. */
typedef struct
{
  guint8 oid[PCC_WALK_OID_SIZE];
  guint8 found; /* the repository has it: then @time is its date */
  guint8 unused[3];
  gint64 time;
} PccWalkParent;

/* Object ids of PCC_WALK_OID_SIZE bytes: their order (for qsort() and
 * bsearch()), and a hash and equality for GHashTable keys. */
int pcc_walk_oid_cmp (const void *a, const void *b);
guint pcc_walk_oid_hash (gconstpointer oid);
gboolean pcc_walk_oid_equal (gconstpointer a, gconstpointer b);

G_STATIC_ASSERT (sizeof (PccWalkNode) == 80);
G_STATIC_ASSERT (sizeof (PccWalkParent) == 32);

typedef struct
{
  guint8 head[PCC_WALK_OID_SIZE];
  gint64 head_time;
  gint64 since;    /* the walk went down to this date (S0) */
  GArray *nodes;   /* PccWalkNode, in the order the walk took them */
  GArray *parents; /* PccWalkParent */
  /* set by pcc_walk_cache_load() and pcc_walk_cache_save(): a hash of
   * the nodes and parents, which names this graph for its path sets */
  guint8 id[16];
} PccWalkGraph;

/* A new, empty graph of the walk from @head (free it with
 * pcc_walk_graph_free()). */
PccWalkGraph *pcc_walk_graph_new (const guint8 head[PCC_WALK_OID_SIZE],
                                  gint64 head_time, gint64 since);
void pcc_walk_graph_free (PccWalkGraph *graph);

/* The cache file of @head's walk in @dir (NULL: the default folder), or
 * NULL when there is none or it does not check out.  The caller owns the
 * graph. */
PccWalkGraph *pcc_walk_cache_load (const char *dir,
                                   const guint8 head[PCC_WALK_OID_SIZE]);

/* The most recently written walk file of @dir (NULL: the default
 * folder) other than @except's, or NULL: the walk of an earlier HEAD,
 * whose commits a new HEAD mostly shares.  The caller owns the graph. */
PccWalkGraph *
pcc_walk_cache_load_newest (const char *dir,
                            const guint8 except[PCC_WALK_OID_SIZE]);

/* Write @graph as its HEAD's cache file in @dir (NULL: the default
 * folder), atomically, and prune the folder; sets @graph's id.  FALSE
 * when it could not be written (not an error: the walk is made from the
 * repository next time). */
gboolean pcc_walk_cache_save (const char *dir, PccWalkGraph *graph);

/* The path of @head's cache file in @dir (NULL: the default folder);
 * for tests.  g_free() it. */
char *pcc_walk_cache_path (const char *dir,
                           const guint8 head[PCC_WALK_OID_SIZE]);

/* --- which commits of a walk changed a path ------------------------- */

/* For each path pcc_history_file_log() was asked about at one HEAD: the
 * commits of the walk down to a date in which the path differs from the
 * first parent (what git's tree diff decides, and what costs a run on a
 * large history: two trees read for every commit walked).  Kept beside
 * the walk, in paths-<key>, the key being made of HEAD as the walk's.  A
 * set found for the walk down to S holds for any walk down to a later
 * date (a subset of those commits) made from the same graph: the file
 * names the graph (its id), and sets made with another are not read as
 * this graph's.  Whether a commit changed a path does not depend on the
 * walk, though: pcc-history.c asks the sets of an earlier graph (the
 * HEAD before a commit) about the commits both walks went through. */
typedef struct _PccPathSets PccPathSets;

/* The path sets of @head's walk in @dir (NULL: the default folder),
 * found on walks made from the graph @graph_id (PccWalkGraph.id); an
 * empty set of sets when the file is missing, is of another graph or
 * does not check out.  Free it with pcc_path_sets_free(). */
PccPathSets *pcc_path_sets_load (const char *dir,
                                 const guint8 head[PCC_WALK_OID_SIZE],
                                 const guint8 graph_id[16]);
void pcc_path_sets_free (PccPathSets *sets);

/* The commits in which @path changed, for a walk down to @since: sorted
 * object ids, PCC_WALK_OID_SIZE bytes each, *@n of them, owned by @sets;
 * NULL when @sets has no set of @path that holds for @since (G_MAXINT64:
 * any set of @path).  *@made_since (when not NULL) is the date of the
 * walk the set was found on: the set names exactly those commits of that
 * walk that changed @path. */
const guint8 *pcc_path_sets_lookup (const PccPathSets *sets, const char *path,
                                    gint64 since, guint *n,
                                    gint64 *made_since);

/* Record the commits in which @path changed in the walk down to @since
 * (@oids, PCC_WALK_OID_SIZE bytes each, @n of them, in any order;
 * copied).  Returns the sorted copy, as pcc_path_sets_lookup() would,
 * owned by @sets.  pcc_path_sets_save() writes what was added. */
const guint8 *pcc_path_sets_add (PccPathSets *sets, const char *path,
                                 gint64 since, const guint8 *oids, guint n);

/* Write @sets to its file, atomically, when sets were added since it was
 * loaded or last saved, and prune the folder.  FALSE when it could not
 * be written (not an error: the sets are found again next time). */
gboolean pcc_path_sets_save (PccPathSets *sets);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccWalkGraph, pcc_walk_graph_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccPathSets, pcc_path_sets_free)

G_END_DECLS

#endif /* PCC_WALK_CACHE_H */
