/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-history.c - a kernel tree's git history as libgit2 reads it: the
 * history object, its walk of --since (commits in git log's order, with
 * the walk cache's graphs and path sets), and revisions looked up.  The
 * lines git would print are made in pcc-history-log.c and
 * pcc-history-blame.c. */
#include "pcc-history-private.h"
#include "pcc-cache-file.h"
#include "pcc-error.h"

#include <string.h>

/* --- the graphs of the walk cache, indexed ----------------------------- */

static void
node_index_add (NodeIndex *x, guint k, const PccWalkGraph *g)
{
  if (x->slot == NULL)
    {
      x->slot = g_hash_table_new (pcc_walk_oid_hash, pcc_walk_oid_equal);
      x->at = g_array_new (FALSE, TRUE, sizeof (NodeAt));
    }
  for (guint i = 0; i < g->nodes->len; i++)
    {
      const guint8 *oid = g_array_index (g->nodes, PccWalkNode, i).oid;
      guint s = GPOINTER_TO_UINT (g_hash_table_lookup (x->slot, oid));
      if (s == 0)
        {
          g_array_set_size (x->at, x->at->len + 1);
          s = x->at->len;
          g_hash_table_insert (x->slot, (gpointer) oid, GUINT_TO_POINTER (s));
        }
      g_array_index (x->at, NodeAt, s - 1).in[k] = i + 1;
    }
}

/* The index + 1 of @oid's node in graph @k, 0 when it has none. */
static guint
node_index_at (const NodeIndex *x, guint k, const guint8 *oid)
{
  guint s
      = x->slot ? GPOINTER_TO_UINT (g_hash_table_lookup (x->slot, oid)) : 0;
  return s ? g_array_index (x->at, NodeAt, s - 1).in[k] : 0;
}

static void
node_index_clear (NodeIndex *x)
{
  g_clear_pointer (&x->slot, g_hash_table_unref);
  g_clear_pointer (&x->at, g_array_unref);
}

/* --- the history ------------------------------------------------------- */

/* The commits of the walk in which a path changed: sorted object ids. */
typedef struct
{
  guint8 *oids;
  guint n;
} Changed;

static void
changed_free (gpointer p)
{
  Changed *c = p;
  g_free (c->oids);
  g_free (c);
}

PccHistory *
pcc_history_open (const PccTree *tree, GError **error)
{
  const char *dir = pcc_tree_get_path (tree);
  const char *repo_path = dir ? dir : pcc_tree_get_repo_path (tree);
  if (repo_path == NULL || !pcc_tree_has_vcs (tree))
    return NULL;

  git_libgit2_init ();
  git_repository *repo = NULL;
  if (git_repository_open_ext (&repo, repo_path, 0, NULL) != 0)
    {
      g_autofree char *what
          = g_strdup_printf ("%s: cannot open the git repository", repo_path);
      pcc_libgit2_set_error (error, PCC_ERROR_GIT, what);
      git_libgit2_shutdown ();
      return NULL;
    }
  PccHistory *h = g_new0 (PccHistory, 1);
  h->repo = repo;
  if (dir)
    {
      h->workdir = g_strdup (dir);
      h->have_head = git_reference_name_to_id (&h->head, repo, "HEAD") == 0;
    }
  else if (pcc_tree_get_commit (tree))
    {
      h->have_head
          = git_oid_fromstr (&h->head, pcc_tree_get_commit (tree)) == 0;
    }
  h->walk = g_array_new (FALSE, FALSE, sizeof (WalkItem));
  h->changed
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, changed_free);
  if (!g_getenv ("PATCHCC_NO_HISTORY_CACHE"))
    h->cache_dir = pcc_cache_dir ("history");
  return h;
}

void
pcc_history_set_cache_dir (PccHistory *h, const char *dir)
{
  g_free (h->cache_dir);
  pcc_history_save_cache (h);
  g_clear_pointer (&h->paths, pcc_path_sets_free);
  h->cache_dir = g_strdup (dir);
  h->walked = FALSE;
}

static void
prior_clear (PccHistory *h)
{
  for (guint k = 0; k < G_N_ELEMENTS (h->prior); k++)
    {
      Prior *p = &h->prior[k];
      g_clear_pointer (&p->graph, pcc_walk_graph_free);
      g_clear_pointer (&p->sets, pcc_path_sets_free);
      g_clear_pointer (&p->members, g_hash_table_unref);
    }
  node_index_clear (&h->prior_index);
  h->prior_looked = FALSE;
}

/* The graphs path sets can come from are those walk() took commits from;
 * a walk taken whole from HEAD's own graph has none, and then, the first
 * time a set is missing, the most recent walk of another HEAD (the HEAD
 * before a commit or a rebase) is read for its sets. */
static void
prior_find (PccHistory *h)
{
  if (h->prior_looked || h->cache_dir == NULL)
    return;
  h->prior_looked = TRUE;
  if (h->prior[0].graph || h->prior[1].graph)
    return;
  PccWalkGraph *g = pcc_walk_cache_load_newest (h->cache_dir, h->head.id);
  if (g == NULL)
    return;
  h->prior[0].graph = g;
  h->prior[0].sets = pcc_path_sets_load (h->cache_dir, g->head, g->id);
  node_index_add (&h->prior_index, 0, g);
}

guint
pcc_history_get_trees_compared (const PccHistory *h)
{
  return h->trees_compared;
}

void
pcc_history_save_cache (PccHistory *h)
{
  if (h->paths)
    pcc_path_sets_save (h->paths);
}

guint
pcc_history_get_commits_read (const PccHistory *h)
{
  return h->commits_read;
}

void
pcc_history_free (PccHistory *h)
{
  if (h == NULL)
    return;
  git_repository_free (h->repo);
  g_array_unref (h->walk);
  g_hash_table_unref (h->changed);
  pcc_history_save_cache (h);
  pcc_path_sets_free (h->paths);
  prior_clear (h);
  g_free (h->cache_dir);
  g_free (h->workdir);
  g_free (h);
  git_libgit2_shutdown ();
}

/* --- the walk -------------------------------------------------------- */

G_STATIC_ASSERT (sizeof (git_oid) == PCC_WALK_OID_SIZE);

typedef struct
{
  git_oid oid;
  gint64 time;
  guint64 seq;
} QItem;

static int
qitem_cmp (gconstpointer a, gconstpointer b, gpointer unused)
{
  const QItem *x = a, *y = b;
  if (x->time != y->time)
    return x->time > y->time ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* What the walk knows of commits without reading them: the graphs of
 * the walk cache, and where each commit is in them. */
typedef struct
{
  PccWalkGraph *graphs[2];
  const PccWalkGraph *own; /* the graph of this HEAD, if any */
  NodeIndex index;
} Known;

static void
known_add (Known *k, PccWalkGraph *g)
{
  if (g == NULL)
    return;
  guint at = k->graphs[0] ? 1 : 0;
  k->graphs[at] = g;
  node_index_add (&k->index, at, g);
}

static void
known_clear (Known *k)
{
  node_index_clear (&k->index);
  pcc_walk_graph_free (k->graphs[0]);
  pcc_walk_graph_free (k->graphs[1]);
}

/* Where the walk found a commit: a node of one of the known graphs, or
 * of the graph of the commits it read from the repository. */
typedef struct
{
  const PccWalkGraph *graph;
  guint index;
} NodeRef;

static const PccWalkNode *
ref_node (NodeRef r)
{
  return &g_array_index (r.graph->nodes, PccWalkNode, r.index);
}

/* The parents of @r's node (only when it has any). */
static const PccWalkParent *
ref_parents (NodeRef r)
{
  return &g_array_index (r.graph->parents, PccWalkParent,
                         ref_node (r)->first_parent);
}

/* Set @ref to what the walk needs of commit @oid and its parents: from
 * @known when it has the commit and every parent it records as missing
 * is still missing (a shallow clone deepened since), else read from the
 * repository into @fresh (then counted in @h->commits_read).  Counts in
 * @not_own the commits not taken from @known's own graph. */
static gboolean
walk_node (PccHistory *h, const Known *known, const git_oid *oid,
           PccWalkGraph *fresh, NodeRef *ref, guint *not_own)
{
  /* the graph read last, when both have it */
  guint k = node_index_at (&known->index, 1, oid->id) ? 1 : 0;
  guint at = node_index_at (&known->index, k, oid->id);
  if (at > 0)
    {
      const PccWalkGraph *g = known->graphs[k];
      const PccWalkNode *kn = &g_array_index (g->nodes, PccWalkNode, at - 1);
      const PccWalkParent *ps
          = &g_array_index (g->parents, PccWalkParent, kn->first_parent);
      gboolean stale = FALSE;
      for (guint i = 0; i < kn->n_parents && !stale; i++)
        {
          git_commit *p = NULL;
          if (!ps[i].found
              && git_commit_lookup (&p, h->repo, (const git_oid *) ps[i].oid)
                     == 0)
            stale = TRUE;
          git_commit_free (p);
        }
      if (!stale)
        {
          if (g != known->own)
            ++*not_own;
          ref->graph = g;
          ref->index = at - 1;
          return TRUE;
        }
    }

  git_commit *c = NULL;
  if (git_commit_lookup (&c, h->repo, oid) != 0)
    return FALSE;
  h->commits_read++;
  ++*not_own;
  PccWalkNode n = { .time = git_commit_time (c),
                    .n_parents = git_commit_parentcount (c),
                    .first_parent = fresh->parents->len };
  memcpy (n.oid, oid, sizeof n.oid);
  memcpy (n.tree, git_commit_tree_id (c), sizeof n.tree);
  for (guint i = 0; i < n.n_parents; i++)
    {
      PccWalkParent wp = { .found = 0 };
      memcpy (wp.oid, git_commit_parent_id (c, i), sizeof wp.oid);
      git_commit *p = NULL;
      if (git_commit_lookup (&p, h->repo, (const git_oid *) wp.oid) == 0)
        {
          wp.found = 1;
          wp.time = git_commit_time (p);
          if (n.n_parents == 1)
            {
              memcpy (n.ptree, git_commit_tree_id (p), sizeof n.ptree);
              n.have_ptree = 1;
            }
        }
      git_commit_free (p);
      g_array_append_val (fresh->parents, wp);
    }
  git_commit_free (c);
  g_array_append_val (fresh->nodes, n);
  ref->graph = fresh;
  ref->index = fresh->nodes->len - 1;
  return TRUE;
}

/* The graph of a walk from @head down to @since that went through
 * @refs (NodeRef), in that order: its nodes and their parents, copied. */
static PccWalkGraph *
graph_of_walk (const guint8 *head, gint64 head_time, gint64 since,
               const GArray *refs)
{
  PccWalkGraph *out = pcc_walk_graph_new (head, head_time, since);
  guint n_parents = 0;
  for (guint i = 0; i < refs->len; i++)
    n_parents += ref_node (g_array_index (refs, NodeRef, i))->n_parents;
  g_array_set_size (out->nodes, refs->len);
  g_array_set_size (out->parents, n_parents);
  guint at = 0;
  for (guint i = 0; i < refs->len; i++)
    {
      NodeRef r = g_array_index (refs, NodeRef, i);
      PccWalkNode *n = &g_array_index (out->nodes, PccWalkNode, i);
      *n = *ref_node (r);
      if (n->n_parents > 0)
        memcpy (&g_array_index (out->parents, PccWalkParent, at),
                ref_parents (r), n->n_parents * sizeof (PccWalkParent));
      n->first_parent = at;
      at += n->n_parents;
    }
  return out;
}

/* git's unlimited walk from HEAD: commits by committer date (equal dates
 * in the order they were queued), a commit older than @since neither
 * shown nor walked through.  The commits come from the walk cache where
 * it has them (pcc-walk-cache.h), and the walk is written back when it
 * read any from the repository. */
gboolean
pcc_history_walk (PccHistory *h, gint64 since, GError **error)
{
  if (h->walked && h->walked_since == since)
    return TRUE;
  g_array_set_size (h->walk, 0);
  g_hash_table_remove_all (h->changed);
  h->walked = TRUE;
  h->walked_since = since;
  h->commits_read = 0;
  h->trees_compared = 0;
  prior_clear (h);
  if (!h->have_head)
    return TRUE;

  const guint8 *head = h->head.id;
  Known known = { { NULL } };
  PccWalkGraph *own
      = h->cache_dir ? pcc_walk_cache_load (h->cache_dir, head) : NULL;
  known_add (&known, own);
  known.own = own;
  if (h->cache_dir && (own == NULL || own->since > since))
    known_add (&known, pcc_walk_cache_load_newest (h->cache_dir, head));

  gint64 head_time = 0;
  if (own)
    head_time = own->head_time;
  else
    {
      git_commit *c = NULL;
      if (git_commit_lookup (&c, h->repo, &h->head) != 0)
        {
          pcc_libgit2_set_error (error, PCC_ERROR_GIT, "reading HEAD");
          known_clear (&known);
          return FALSE;
        }
      head_time = git_commit_time (c);
      git_commit_free (c);
    }
  /* the commits read from the repository, and where each commit of the
   * walk was found, in the walk's order */
  g_autoptr (PccWalkGraph) fresh = pcc_walk_graph_new (head, head_time, since);
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (NodeRef));

  g_autoptr (GSequence) queue = g_sequence_new (g_free);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (
      pcc_walk_oid_hash, pcc_walk_oid_equal, g_free, NULL);
  guint64 seq = 0;
  QItem *q = g_new0 (QItem, 1);
  q->oid = h->head;
  q->time = head_time;
  q->seq = seq++;
  g_hash_table_add (seen, g_memdup2 (head, PCC_WALK_OID_SIZE));
  g_sequence_insert_sorted (queue, q, qitem_cmp, NULL);

  gboolean ok = TRUE;
  guint not_own = 0; /* commits taken from elsewhere than @own */
  while (g_sequence_get_length (queue) > 0)
    {
      GSequenceIter *first = g_sequence_get_begin_iter (queue);
      QItem item = *(QItem *) g_sequence_get (first);
      g_sequence_remove (first);
      if (item.time < since)
        continue;
      NodeRef ref;
      if (!walk_node (h, &known, &item.oid, fresh, &ref, &not_own))
        {
          pcc_libgit2_set_error (error, PCC_ERROR_GIT, "reading a commit");
          ok = FALSE;
          break;
        }
      g_array_append_val (refs, ref);
      const PccWalkNode *n = ref_node (ref);
      WalkItem wi = { .oid = item.oid,
                      .time = item.time,
                      .n_parents = n->n_parents,
                      .have_ptree = n->have_ptree };
      memcpy (&wi.tree, n->tree, sizeof wi.tree);
      memcpy (&wi.ptree, n->ptree, sizeof wi.ptree);
      for (guint i = 0; i < n->n_parents; i++)
        {
          const PccWalkParent *p = &ref_parents (ref)[i];
          if (i == 0)
            memcpy (&wi.parent, p->oid, sizeof wi.parent);
          if (g_hash_table_contains (seen, p->oid))
            continue;
          g_hash_table_add (seen, g_memdup2 (p->oid, PCC_WALK_OID_SIZE));
          if (!p->found)
            continue; /* a shallow clone's missing parent */
          QItem *nq = g_new0 (QItem, 1);
          memcpy (&nq->oid, p->oid, sizeof nq->oid);
          nq->time = p->time;
          nq->seq = seq++;
          g_sequence_insert_sorted (queue, nq, qitem_cmp, NULL);
        }
      g_array_append_val (h->walk, wi);
    }
  /* The walk is written when it is not all of this HEAD's cached graph;
   * the path sets are those of the graph it was made from. */
  pcc_history_save_cache (h);
  g_clear_pointer (&h->paths, pcc_path_sets_free);
  if (ok && h->cache_dir)
    {
      if (own && not_own == 0)
        h->paths = pcc_path_sets_load (h->cache_dir, head, own->id);
      else
        {
          /* the graphs it took commits from, with their sets, read now:
           * this HEAD's are overwritten when the new sets are saved */
          for (guint k = 0; k < G_N_ELEMENTS (known.graphs); k++)
            if (known.graphs[k])
              {
                Prior *p = &h->prior[k];
                p->graph = g_steal_pointer (&known.graphs[k]);
                p->sets = pcc_path_sets_load (h->cache_dir, p->graph->head,
                                              p->graph->id);
              }
          h->prior_index = known.index;
          known.index = (NodeIndex){ NULL };
          h->prior_looked = TRUE;
          g_autoptr (PccWalkGraph) out
              = graph_of_walk (head, head_time, since, refs);
          if (pcc_walk_cache_save (h->cache_dir, out))
            h->paths = pcc_path_sets_load (h->cache_dir, head, out->id);
        }
    }
  known_clear (&known);
  return ok;
}

/* Whether @path is the same entry (or absent) in the trees @t1 and @t2,
 * deciding from the first level whose subtrees are identical, as git's
 * tree diff does.  FALSE when it cannot tell cheaply. */
static gboolean
same_entry (PccHistory *h, const git_oid *t1, const git_oid *t2,
            const char *path)
{
  git_oid a = *t1, b = *t2;
  const char *p = path;
  for (;;)
    {
      if (git_oid_equal (&a, &b))
        return TRUE;
      git_tree *ta = NULL, *tb = NULL;
      if (git_tree_lookup (&ta, h->repo, &a) != 0
          || git_tree_lookup (&tb, h->repo, &b) != 0)
        {
          git_tree_free (ta);
          return FALSE;
        }
      const char *slash = strchr (p, '/');
      g_autofree char *comp = slash ? g_strndup (p, slash - p) : g_strdup (p);
      const git_tree_entry *ea = git_tree_entry_byname (ta, comp);
      const git_tree_entry *eb = git_tree_entry_byname (tb, comp);
      gboolean result = FALSE, done = TRUE;
      if (ea == NULL && eb == NULL)
        result = TRUE;
      else if (ea == NULL || eb == NULL)
        result = FALSE;
      else if (slash == NULL)
        result
            = git_oid_equal (git_tree_entry_id (ea), git_tree_entry_id (eb))
              && git_tree_entry_filemode (ea) == git_tree_entry_filemode (eb);
      else if (git_tree_entry_type (ea) != GIT_OBJECT_TREE
               || git_tree_entry_type (eb) != GIT_OBJECT_TREE)
        result = FALSE;
      else
        {
          a = *git_tree_entry_id (ea);
          b = *git_tree_entry_id (eb);
          p = slash + 1;
          done = FALSE;
        }
      git_tree_free (ta);
      git_tree_free (tb);
      if (done)
        return result;
    }
}

static gboolean
changed_has (const Changed *c, const WalkItem *wi)
{
  return c->n > 0
         && bsearch (wi->oid.id, c->oids, c->n, PCC_WALK_OID_SIZE,
                     pcc_walk_oid_cmp)
                != NULL;
}

/* Which nodes of @p's graph the walk from its HEAD down to @since goes
 * through (one byte each, 1: it does), or NULL when the graph does not
 * reach that date.  Found by replaying the walk in the graph's order:
 * a commit is taken when it is HEAD or a parent of one taken before it,
 * and is not older than @since.  The graph's order is the walk's, in
 * which every commit comes after a child that queued it; a commit whose
 * only child in the walk comes later (clock skew) is left out, which
 * costs a tree comparison, never a wrong answer. */
static const guint8 *
prior_members (PccHistory *h, guint k, gint64 since)
{
  Prior *p = &h->prior[k];
  const PccWalkGraph *g = p->graph;
  if (since < g->since)
    return NULL;
  if (p->members == NULL)
    p->members
        = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  guint8 *in = g_hash_table_lookup (p->members, &since);
  if (in)
    return in;
  guint n = g->nodes->len;
  g_autofree guint8 *queued = g_malloc0 (MAX (n, 1));
  in = g_malloc0 (MAX (n, 1));
  if (n > 0
      && memcmp (g_array_index (g->nodes, PccWalkNode, 0).oid, g->head,
                 PCC_WALK_OID_SIZE)
             == 0)
    queued[0] = 1;
  for (guint i = 0; i < n; i++)
    {
      const PccWalkNode *node = &g_array_index (g->nodes, PccWalkNode, i);
      if (!queued[i] || node->time < since)
        continue;
      in[i] = 1;
      for (guint j = 0; j < node->n_parents; j++)
        {
          const PccWalkParent *wp = &g_array_index (g->parents, PccWalkParent,
                                                    node->first_parent + j);
          guint at = node_index_at (&h->prior_index, k, wp->oid);
          if (wp->found && at > 0)
            queued[at - 1] = 1;
        }
    }
  g_hash_table_insert (p->members, g_memdup2 (&since, sizeof since), in);
  return in;
}

/* Which of @h's other graphs, their walks being those of @in
 * (prior_members()), went through @wi as the current walk did: with the
 * same first parent's tree (a shallow clone deepened since can add it),
 * so that their sets tell whether @wi changed a path; -1: none. */
static int
prior_knows (const PccHistory *h, const guint8 *const *in, const WalkItem *wi)
{
  for (guint k = 0; k < G_N_ELEMENTS (h->prior); k++)
    {
      const Prior *p = &h->prior[k];
      if (in[k] == NULL)
        continue;
      guint at = node_index_at (&h->prior_index, k, wi->oid.id);
      if (at == 0 || !in[k][at - 1])
        continue;
      const PccWalkNode *n
          = &g_array_index (p->graph->nodes, PccWalkNode, at - 1);
      if (n->n_parents == 1 && n->have_ptree
          && memcmp (n->ptree, wi->ptree.id, PCC_WALK_OID_SIZE) == 0)
        return k;
    }
  return -1;
}

/* Folders a path's set is found through, at most: a deeper path goes
 * over every commit (and the recursion stays shallow). */
#define CHANGED_MAX_DEPTH 16

/* The commits of the current walk in which @path differs from the first
 * parent (same_entry() FALSE), from the walk cache's path sets when they
 * have it, else found and added to them (when the walk came from, or
 * was written as, a cached graph).  A path is looked for only in the
 * commits that changed its folder: where a folder is the same entry in
 * both trees, so is everything below it, and file_log() would skip the
 * commit.  So the first file of a folder costs the trees of every
 * commit, and the next ones only those of the commits in the folder. */
static const Changed *
changed_set (PccHistory *h, const char *path)
{
  Changed *c = g_hash_table_lookup (h->changed, path);
  if (c)
    return c;
  const Changed *parent = NULL;
  const char *slash = strrchr (path, '/');
  guint depth = 0;
  for (const char *p = path; *p; p++)
    depth += *p == '/';
  if (slash && depth <= CHANGED_MAX_DEPTH)
    {
      g_autofree char *dir = g_strndup (path, slash - path);
      parent = changed_set (h, dir);
    }
  c = g_new0 (Changed, 1);
  const guint8 *known = h->paths ? pcc_path_sets_lookup (
                            h->paths, path, h->walked_since, &c->n, NULL)
                                 : NULL;
  if (known == NULL)
    {
      /* the sets of @path in the other graphs, and the commits of those
       * graphs each was found on */
      prior_find (h);
      Changed was[G_N_ELEMENTS (h->prior)] = { { 0 } };
      const guint8 *in[G_N_ELEMENTS (h->prior)] = { NULL };
      for (guint k = 0; k < G_N_ELEMENTS (h->prior); k++)
        {
          gint64 made;
          Prior *p = &h->prior[k];
          was[k].oids = p->sets ? (guint8 *) pcc_path_sets_lookup (
                            p->sets, path, G_MAXINT64, &was[k].n, &made)
                                : NULL;
          if (was[k].oids)
            in[k] = prior_members (h, k, made);
        }
      GByteArray *found = g_byte_array_new ();
      for (guint i = 0; i < h->walk->len; i++)
        {
          WalkItem *wi = &g_array_index (h->walk, WalkItem, i);
          gboolean changed;
          int k;
          if (wi->n_parents != 1 || !wi->have_ptree)
            continue;
          if (parent && !changed_has (parent, wi))
            changed = FALSE;
          else if ((k = prior_knows (h, in, wi)) >= 0)
            changed = changed_has (&was[k], wi);
          else
            {
              h->trees_compared++;
              changed = !same_entry (h, &wi->ptree, &wi->tree, path);
            }
          if (changed)
            g_byte_array_append (found, wi->oid.id, PCC_WALK_OID_SIZE);
        }
      c->n = found->len / PCC_WALK_OID_SIZE;
      if (h->paths)
        known = pcc_path_sets_add (h->paths, path, h->walked_since,
                                   found->data, c->n);
      else if (c->n > 1)
        qsort (found->data, c->n, PCC_WALK_OID_SIZE, pcc_walk_oid_cmp);
      if (known == NULL)
        known = found->data;
      c->oids = g_memdup2 (known, (gsize) c->n * PCC_WALK_OID_SIZE);
      g_byte_array_unref (found);
    }
  else
    c->oids = g_memdup2 (known, (gsize) c->n * PCC_WALK_OID_SIZE);
  g_hash_table_insert (h->changed, g_strdup (path), c);
  return c;
}

/* Whether @path is in the diff of walked commit @wi against its first
 * parent (as far as the trees tell; file_log() then looks closer). */
gboolean
pcc_history_changed_in (PccHistory *h, const char *path, const WalkItem *wi)
{
  if (!wi->have_ptree)
    return TRUE;
  return changed_has (changed_set (h, path), wi);
}

/* --- revisions ------------------------------------------------------- */

git_commit *
pcc_history_lookup_commit (PccHistory *h, const char *rev)
{
  git_object *obj = NULL, *peeled = NULL;
  if (git_revparse_single (&obj, h->repo, rev) != 0)
    return NULL;
  int rc = git_object_peel (&peeled, obj, GIT_OBJECT_COMMIT);
  git_object_free (obj);
  return rc == 0 ? (git_commit *) peeled : NULL;
}

char *
pcc_history_resolve_commit (PccHistory *h, const char *rev)
{
  git_commit *c = pcc_history_lookup_commit (h, rev);
  if (c == NULL)
    return NULL;
  char id[GIT_OID_HEXSZ + 1];
  git_oid_tostr (id, sizeof id, git_commit_id (c));
  git_commit_free (c);
  return g_strdup (id);
}
