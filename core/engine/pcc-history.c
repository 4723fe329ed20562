/* pcc-history.c - git history through libgit2, as get_maintainer.pl's git
 * commands print it. */
#include "pcc-history.h"
#include "pcc-cache-file.h"
#include "pcc-date.h"
#include "pcc-error.h"
#include "pcc-walk-cache.h"

#include <git2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct
{
  git_oid oid;
  gint64 time; /* committer date */
  guint n_parents;
  git_oid parent;      /* the first parent (the only one that is diffed) */
  git_oid tree, ptree; /* trees of the commit and of its first parent */
  gboolean have_ptree;
} WalkItem;

/* Where each commit is in up to two graphs of the walk cache, found by
 * one hash lookup: the walk reads commits from them, and the path sets
 * of those graphs replay their walks (prior_members()). */
typedef struct
{
  guint in[2]; /* node index + 1 in each graph, 0: not there */
} NodeAt;

typedef struct
{
  GHashTable *slot; /* oid (a node's own bytes) -> slot + 1 in @at */
  GArray *at;       /* NodeAt */
} NodeIndex;

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

/* A graph of the walk cache other than the current walk's (the walk of
 * an earlier HEAD, or this HEAD's walk to a later date), with its path
 * sets: whether a commit changed a path does not depend on the walk, so
 * a set found there answers for the commits of the current walk that its
 * walk went through, without reading their trees. */
typedef struct
{
  PccWalkGraph *graph;
  PccPathSets *sets;
  GHashTable *members; /* date -> which nodes the walk down to it takes */
} Prior;

struct _PccHistory
{
  git_repository *repo;
  char *workdir; /* NULL for a bare repository or a git tree */
  git_oid head;
  gboolean have_head;
  char *cache_dir;     /* of the walk cache; NULL: none */
  guint commits_read;  /* by the last walk, from the repository */
  PccPathSets *paths;  /* the cache's, read on first use */
  GHashTable *changed; /* path -> Changed, for the current walk */
  /* The walk of --since, made once. */
  gboolean walked;
  gint64 walked_since;
  GArray *walk; /* WalkItem, in git's output order */
  Prior prior[2];        /* of the current walk */
  NodeIndex prior_index; /* of prior[0] and prior[1]'s graphs */
  gboolean prior_looked; /* for the newest walk file of another HEAD */
  guint trees_compared;  /* by the current walk's path sets, commits */
};

static void
set_git_error (GError **error, const char *what)
{
  const git_error *e = git_error_last ();
  g_set_error (error, PCC_ERROR, PCC_ERROR_GIT, "%s: %s", what,
               e && e->message ? e->message : "unknown libgit2 error");
}

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
      set_git_error (error, what);
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

/* --- approxidate ---------------------------------------------------- */

gboolean
pcc_history_approxidate (const char *text, gint64 now, gint64 *out)
{
  time_t t = (time_t) now;
  struct tm tm;
  localtime_r (&t, &tm);
  tm.tm_isdst = -1;

  g_autofree char *s = g_ascii_strdown (text, -1);
  g_strstrip (s);
  if (s[0] == '@' && s[1] != '\0')
    {
      char *end;
      gint64 v = g_ascii_strtoll (s + 1, &end, 10);
      if (*end != '\0')
        return FALSE;
      *out = v;
      return TRUE;
    }
  if (strcmp (s, "now") == 0)
    {
      *out = now;
      return TRUE;
    }
  int y, mo, d, hh = 0, mm = 0, ss = 0;
  char c;
  if (sscanf (s, "%d-%d-%d%c", &y, &mo, &d, &c) == 3
      || sscanf (s, "%d-%d-%d %d:%d:%d%c", &y, &mo, &d, &hh, &mm, &ss, &c)
             == 6)
    {
      struct tm a = { 0 };
      a.tm_year = y - 1900;
      a.tm_mon = mo - 1;
      a.tm_mday = d;
      a.tm_hour = hh;
      a.tm_min = mm;
      a.tm_sec = ss;
      a.tm_isdst = -1;
      if (strchr (s, ':') == NULL)
        {
          /* a date alone keeps the time of day of now, as git's does */
          a.tm_hour = tm.tm_hour;
          a.tm_min = tm.tm_min;
          a.tm_sec = tm.tm_sec;
        }
      *out = (gint64) mktime (&a);
      return TRUE;
    }
  if (strcmp (s, "yesterday") == 0)
    {
      t = mktime (&tm) - 86400;
      *out = (gint64) t;
      return TRUE;
    }

  /* N<sep>unit[s]<sep>ago, separators being '-', '.', ' ' or '_' */
  g_auto (GStrv) words = g_strsplit_set (s, "-. _", -1);
  GPtrArray *w = g_ptr_array_new ();
  for (char **p = words; *p; p++)
    if (**p)
      g_ptr_array_add (w, *p);
  gboolean ok = FALSE;
  if ((w->len == 3 && strcmp (w->pdata[2], "ago") == 0) || w->len == 2)
    {
      char *end;
      long n = strtol (w->pdata[0], &end, 10);
      const char *unit = w->pdata[1];
      static const struct
      {
        const char *name;
        long seconds;
      } units[] = {
        { "second", 1 },  { "minute", 60 },      { "hour", 3600 },
        { "day", 86400 }, { "week", 7 * 86400 },
      };
      if (*end == '\0' && end != w->pdata[0])
        {
          for (guint i = 0; i < G_N_ELEMENTS (units) && !ok; i++)
            if (g_str_has_prefix (unit, units[i].name)
                && strlen (unit) <= strlen (units[i].name) + 1)
              {
                t = mktime (&tm) - n * units[i].seconds;
                ok = TRUE;
              }
          if (!ok && g_str_has_prefix (unit, "month"))
            {
              int m = tm.tm_mon - (int) n;
              while (m < 0)
                {
                  m += 12;
                  tm.tm_year--;
                }
              tm.tm_mon = m;
              t = mktime (&tm);
              ok = TRUE;
            }
          if (!ok && g_str_has_prefix (unit, "year"))
            {
              tm.tm_year -= (int) n;
              t = mktime (&tm);
              ok = TRUE;
            }
        }
    }
  g_ptr_array_unref (w);
  if (ok)
    *out = (gint64) t;
  return ok;
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
static gboolean
walk (PccHistory *h, gint64 since, GError **error)
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
          set_git_error (error, "reading HEAD");
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
          set_git_error (error, "reading a commit");
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
static gboolean
changed_in (PccHistory *h, const char *path, const WalkItem *wi)
{
  if (!wi->have_ptree)
    return TRUE;
  return changed_has (changed_set (h, path), wi);
}

/* --- formatting a commit as the script's --format does ---------------- */

/* git_execute_cmd(): leading white space of every line removed (which
 * removes blank lines too), then split on newlines. */
static void
split_output (const char *text, GPtrArray *lines)
{
  const char *p = text;
  while (*p)
    {
      while (*p && strchr (" \t\n\r\f\v", *p))
        p++;
      if (!*p)
        break;
      const char *nl = strchr (p, '\n');
      gsize n = nl ? (gsize) (nl - p) : strlen (p);
      g_ptr_array_add (lines, g_strndup (p, n));
      p += n;
    }
}

/* RFC 2822 date of a signature (%aD). */
static void
append_rfc2822 (GString *out, const git_time *when)
{
  /* the author's own zone, as git log's --date=rfc2822 shows it */
  g_autoptr (GTimeZone) tz = g_time_zone_new_offset (when->offset * 60);
  g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (when->time);
  g_autoptr (GDateTime) t = utc ? g_date_time_to_timezone (utc, tz) : NULL;
  g_autofree char *d = t ? pcc_date_format_rfc2822 (t) : NULL;
  if (d != NULL)
    g_string_append (out, d);
}

/* The subject (%s: the first paragraph, lines joined by a space) and the
 * rest (%b). */
static void
append_message (GString *out, const char *msg, gboolean with_body)
{
  const char *p = msg;
  /* skip_blank_lines() */
  for (;;)
    {
      const char *q = p;
      while (*q && *q != '\n' && g_ascii_isspace (*q))
        q++;
      if (*q == '\n')
        p = q + 1;
      else
        break;
    }
  g_string_append (out, "GitSubject: ");
  gboolean first = TRUE;
  while (*p)
    {
      const char *nl = strchr (p, '\n');
      gsize n = nl ? (gsize) (nl - p) : strlen (p);
      gsize trimmed = n;
      while (trimmed > 0 && g_ascii_isspace (p[trimmed - 1]))
        trimmed--;
      if (trimmed == 0)
        break;
      if (!first)
        g_string_append_c (out, ' ');
      g_string_append_len (out, p, trimmed);
      first = FALSE;
      p += n + (nl ? 1 : 0);
    }
  g_string_append_c (out, '\n');
  if (with_body)
    {
      g_string_append (out, p);
      g_string_append_c (out, '\n');
    }
}

static void
format_commit (GString *out, git_commit *c, gboolean with_body)
{
  char id[GIT_OID_HEXSZ + 1];
  git_oid_tostr (id, sizeof id, git_commit_id (c));
  const git_signature *a = git_commit_author (c);
  g_string_append_printf (out,
                          "GitCommit: %s\nGitAuthor: %s <%s>\nGitDate: ", id,
                          a->name, a->email);
  append_rfc2822 (out, &a->when);
  g_string_append_c (out, '\n');
  const char *msg = git_commit_message_raw (c);
  append_message (out, msg ? msg : "", with_body);
}

/* diff.c's pprint_rename(): "dir/{old => new}/rest". */
static void
append_rename (GString *out, const char *a, const char *b)
{
  gsize len_a = strlen (a), len_b = strlen (b);
  gsize pfx = 0;
  const char *o = a, *n = b;
  while (*o && *n && *o == *n)
    {
      if (*o == '/')
        pfx = o - a + 1;
      o++;
      n++;
    }
  gssize sfx = 0;
  gssize ia = len_a, ib = len_b;
  gssize adj = pfx ? 1 : 0;
  while ((gssize) pfx - adj <= ia && (gssize) pfx - adj <= ib
         && a[ia] == b[ib])
    {
      if (a[ia] == '/')
        sfx = len_a - ia;
      ia--;
      ib--;
      if (ia < 0 || ib < 0)
        break;
    }
  gssize amid = len_a - pfx - sfx, bmid = len_b - pfx - sfx;
  if (amid < 0)
    amid = 0;
  if (bmid < 0)
    bmid = 0;
  if (pfx + sfx)
    {
      g_string_append_len (out, a, pfx);
      g_string_append_c (out, '{');
    }
  g_string_append_len (out, a + pfx, amid);
  g_string_append (out, " => ");
  g_string_append_len (out, b + pfx, bmid);
  if (pfx + sfx)
    {
      g_string_append_c (out, '}');
      g_string_append (out, a + len_a - sfx);
    }
}

static void
append_numstat (GString *out, git_diff *diff, size_t idx)
{
  git_patch *patch = NULL;
  if (git_patch_from_diff (&patch, diff, idx) != 0 || patch == NULL)
    return;
  const git_diff_delta *d = git_patch_get_delta (patch);
  size_t adds = 0, dels = 0;
  git_patch_line_stats (NULL, &adds, &dels, patch);
  if (d->flags & GIT_DIFF_FLAG_BINARY)
    g_string_append (out, "-\t-\t");
  else
    g_string_append_printf (out, "%zu\t%zu\t", adds, dels);
  if (d->status == GIT_DELTA_RENAMED || d->status == GIT_DELTA_COPIED)
    append_rename (out, d->old_file.path, d->new_file.path);
  else
    g_string_append (out,
                     d->new_file.path ? d->new_file.path : d->old_file.path);
  g_string_append_c (out, '\n');
  git_patch_free (patch);
}

static gboolean
entry_at (git_tree *tree, const char *path, git_oid *oid, guint *mode)
{
  git_tree_entry *e = NULL;
  if (tree == NULL || git_tree_entry_bypath (&e, tree, path) != 0)
    return FALSE;
  *oid = *git_tree_entry_id (e);
  *mode = git_tree_entry_filemode (e);
  git_tree_entry_free (e);
  return TRUE;
}

gboolean
pcc_history_file_log (PccHistory *h, const char *file, gint64 since,
                      GPtrArray *lines, GError **error)
{
  if (!walk (h, since, error))
    return FALSE;
  g_autofree char *path = g_strdup (file);
  gsize plen = strlen (path);
  while (plen > 1 && path[plen - 1] == '/')
    path[--plen] = '\0';
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < h->walk->len; i++)
    {
      WalkItem *wi = &g_array_index (h->walk, WalkItem, i);
      if (wi->n_parents > 1)
        continue; /* --no-merges */
      if (!changed_in (h, path, wi))
        continue; /* the file is not in this commit's diff */
      git_commit *c = NULL;
      git_tree *tree = NULL, *ptree = NULL;
      if (git_commit_lookup (&c, h->repo, &wi->oid) != 0
          || git_commit_tree (&tree, c) != 0)
        {
          git_commit_free (c);
          g_string_free (out, TRUE);
          set_git_error (error, "reading a commit");
          return FALSE;
        }
      if (wi->n_parents == 1)
        {
          git_commit *p = NULL;
          if (git_commit_lookup (&p, h->repo, &wi->parent) == 0)
            git_commit_tree (&ptree, p);
          git_commit_free (p);
        }
      git_oid o1, o2;
      guint m1 = 0, m2 = 0;
      gboolean in_parent = entry_at (ptree, path, &o1, &m1);
      gboolean in_commit = entry_at (tree, path, &o2, &m2);
      if ((!in_parent && !in_commit)
          || (in_parent && in_commit && git_oid_equal (&o1, &o2) && m1 == m2))
        {
          git_tree_free (tree);
          git_tree_free (ptree);
          git_commit_free (c);
          continue;
        }

      /* The commit is shown: its header, then its numstat. */
      format_commit (out, c, TRUE);
      g_string_append_c (out, '\n');
      git_diff *diff = NULL;
      gboolean shown = FALSE;
      if (!in_parent && ptree != NULL)
        {
          /* --follow: the file is new here; was it renamed? */
          git_diff_options dopt = GIT_DIFF_OPTIONS_INIT;
          if (git_diff_tree_to_tree (&diff, h->repo, ptree, tree, &dopt) == 0)
            {
              git_diff_find_options fopt = GIT_DIFF_FIND_OPTIONS_INIT;
              fopt.flags = GIT_DIFF_FIND_RENAMES;
              git_diff_find_similar (diff, &fopt);
              for (size_t d = 0; d < git_diff_num_deltas (diff); d++)
                {
                  const git_diff_delta *dd = git_diff_get_delta (diff, d);
                  if ((dd->status == GIT_DELTA_RENAMED
                       || dd->status == GIT_DELTA_COPIED)
                      && strcmp (dd->new_file.path, path) == 0)
                    {
                      append_numstat (out, diff, d);
                      g_free (path);
                      path = g_strdup (dd->old_file.path);
                      shown = TRUE;
                      break;
                    }
                }
            }
          git_diff_free (diff);
          diff = NULL;
        }
      if (!shown)
        {
          git_diff_options dopt = GIT_DIFF_OPTIONS_INIT;
          char *ps[] = { path };
          dopt.pathspec.strings = ps;
          dopt.pathspec.count = 1;
          if (git_diff_tree_to_tree (&diff, h->repo, ptree, tree, &dopt) == 0)
            for (size_t d = 0; d < git_diff_num_deltas (diff); d++)
              append_numstat (out, diff, d);
          git_diff_free (diff);
        }
      git_tree_free (tree);
      git_tree_free (ptree);
      git_commit_free (c);
    }
  split_output (out->str, lines);
  g_string_free (out, TRUE);
  return TRUE;
}

static git_commit *
lookup_rev (PccHistory *h, const char *rev)
{
  git_object *obj = NULL, *peeled = NULL;
  if (git_revparse_single (&obj, h->repo, rev) != 0)
    return NULL;
  int rc = git_object_peel (&peeled, obj, GIT_OBJECT_COMMIT);
  git_object_free (obj);
  return rc == 0 ? (git_commit *) peeled : NULL;
}

/* The lines format_commit() gives for REV, with or without its message. */
static gboolean
commit_lines (PccHistory *h, const char *rev, gboolean with_body,
              GPtrArray *lines)
{
  git_commit *c = lookup_rev (h, rev);
  if (c == NULL)
    return FALSE;
  GString *out = g_string_new (NULL);
  format_commit (out, c, with_body);
  split_output (out->str, lines);
  g_string_free (out, TRUE);
  git_commit_free (c);
  return TRUE;
}

gboolean
pcc_history_commit_log (PccHistory *h, const char *rev, GPtrArray *lines)
{
  return commit_lines (h, rev, TRUE, lines);
}

gboolean
pcc_history_commit_author (PccHistory *h, const char *rev, GPtrArray *lines)
{
  return commit_lines (h, rev, FALSE, lines);
}

char *
pcc_history_resolve_commit (PccHistory *h, const char *rev)
{
  git_commit *c = lookup_rev (h, rev);
  if (c == NULL)
    return NULL;
  char id[GIT_OID_HEXSZ + 1];
  git_oid_tostr (id, sizeof id, git_commit_id (c));
  git_commit_free (c);
  return g_strdup (id);
}

/* --- blame ------------------------------------------------------------ */

gboolean
pcc_history_blame (PccHistory *h, const char *file, guint start, guint length,
                   GPtrArray *commits, GError **error)
{
  if (!h->have_head)
    return TRUE;
  if ((start == 0) != (length == 0))
    return TRUE; /* git: "-L invalid empty range" / line 0 */
  git_commit *head = NULL;
  git_tree *tree = NULL;
  git_tree_entry *e = NULL;
  if (git_commit_lookup (&head, h->repo, &h->head) != 0
      || git_commit_tree (&tree, head) != 0)
    {
      git_commit_free (head);
      set_git_error (error, "reading HEAD");
      return FALSE;
    }
  gboolean in_head = git_tree_entry_bypath (&e, tree, file) == 0
                     && git_tree_entry_type (e) == GIT_OBJECT_BLOB;
  git_oid blob_id;
  if (in_head)
    blob_id = *git_tree_entry_id (e);
  git_tree_entry_free (e);
  git_tree_free (tree);
  git_commit_free (head);
  if (!in_head)
    return TRUE; /* "no such path in HEAD" */

  /* git blames the work tree's file; HEAD's when there is none. */
  char *contents = NULL;
  gsize clen = 0;
  if (h->workdir)
    {
      g_autofree char *p = g_build_filename (h->workdir, file, NULL);
      g_file_get_contents (p, &contents, &clen, NULL);
    }
  git_blob *blob = NULL;
  if (git_blob_lookup (&blob, h->repo, &blob_id) != 0)
    {
      g_free (contents);
      set_git_error (error, "reading a file");
      return FALSE;
    }
  gboolean modified
      = contents != NULL
        && (clen != (gsize) git_blob_rawsize (blob)
            || memcmp (contents, git_blob_rawcontent (blob), clen) != 0);
  const char *text = contents ? contents : git_blob_rawcontent (blob);
  gsize tlen = contents ? clen : (gsize) git_blob_rawsize (blob);
  guint n_lines = 0;
  for (gsize i = 0; i < tlen; i++)
    if (text[i] == '\n')
      n_lines++;
  if (tlen > 0 && text[tlen - 1] != '\n')
    n_lines++;
  if (start > 0 && (start > n_lines || start + length - 1 > n_lines))
    {
      git_blob_free (blob);
      g_free (contents);
      return TRUE; /* "file has only N lines" */
    }

  git_blame_options opt = GIT_BLAME_OPTIONS_INIT;
  opt.newest_commit = h->head;
  if (start > 0)
    {
      opt.min_line = start;
      opt.max_line = start + length - 1;
    }
  git_blame *blame = NULL;
  if (git_blame_file (&blame, h->repo, file, &opt) != 0)
    {
      git_blob_free (blob);
      g_free (contents);
      set_git_error (error, "git blame");
      return FALSE;
    }
  if (modified)
    {
      git_blame *b2 = NULL;
      git_blame_options o2 = GIT_BLAME_OPTIONS_INIT;
      o2.newest_commit = h->head;
      git_blame_free (blame);
      blame = NULL;
      if (git_blame_file (&b2, h->repo, file, &o2) != 0
          || git_blame_buffer (&blame, b2, contents, clen) != 0)
        {
          git_blame_free (b2);
          git_blob_free (blob);
          g_free (contents);
          set_git_error (error, "git blame");
          return FALSE;
        }
      git_blame_free (b2);
    }
  guint first = start > 0 ? start : 1;
  guint last = start > 0 ? start + length - 1 : n_lines;
  for (guint l = first; l <= last; l++)
    {
      const git_blame_hunk *hk = git_blame_get_hunk_byline (blame, l);
      if (hk == NULL)
        continue;
      if (hk->boundary)
        continue; /* "^..." lines do not match the script's pattern */
      char id[GIT_OID_HEXSZ + 1];
      git_oid_tostr (id, sizeof id, &hk->final_commit_id);
      g_ptr_array_add (commits, g_strdup (id));
    }
  git_blame_free (blame);
  git_blob_free (blob);
  g_free (contents);
  return TRUE;
}

/* --- does a patch apply to its base? ------------------------------------ */

gboolean
pcc_history_patch_applies (PccHistory *h, const char *base, const char *text,
                           gsize len, GError **error)
{
  git_commit *c = lookup_rev (h, base);
  if (c == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_GIT,
                   "commit %s is not in the repository", base);
      return FALSE;
    }
  /* from the first "diff --git" line to the end of the diff (the "-- "
   * signature line of a format-patch mail, if any) */
  const char *start = NULL;
  for (const char *p = text; p && p < text + len;)
    {
      if ((gsize) (text + len - p) >= 11 && memcmp (p, "diff --git ", 11) == 0)
        {
          start = p;
          break;
        }
      const char *nl = memchr (p, '\n', text + len - p);
      p = nl ? nl + 1 : NULL;
    }
  if (start == NULL)
    {
      git_commit_free (c);
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH, "no git diff to apply");
      return FALSE;
    }
  gsize dlen = text + len - start;
  for (const char *p = start; p < text + len;)
    {
      const char *nl = memchr (p, '\n', text + len - p);
      gsize n = nl ? (gsize) (nl - p) : (gsize) (text + len - p);
      if (n == 3 && memcmp (p, "-- ", 3) == 0)
        {
          dlen = p - start;
          break;
        }
      p = nl ? nl + 1 : text + len;
    }

  git_diff *diff = NULL;
  git_tree *tree = NULL;
  git_index *out = NULL;
  gboolean ok = FALSE;
  if (git_diff_from_buffer (&diff, start, dlen) != 0)
    {
      const git_error *e = git_error_last ();
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "the diff cannot be read: %s",
                   e && e->message ? e->message : "unknown error");
    }
  else if (git_commit_tree (&tree, c) != 0)
    {
      set_git_error (error, "reading the base tree");
    }
  else if (git_apply_to_tree (&out, h->repo, tree, diff, NULL) != 0)
    {
      const git_error *e = git_error_last ();
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH, "%s",
                   e && e->message ? e->message : "it does not apply");
    }
  else
    {
      ok = TRUE;
    }
  git_index_free (out);
  git_tree_free (tree);
  git_diff_free (diff);
  git_commit_free (c);
  return ok;
}

/* --- --check ------------------------------------------------------------ */

static gboolean
cc_stable (const PccPatch *patch)
{
  const GArray *tr = pcc_patch_get_trailers (patch);
  for (guint i = 0; i < tr->len; i++)
    {
      const PccTrailer *t = &g_array_index (tr, PccTrailer, i);
      if (g_ascii_strcasecmp (t->key, "Cc") == 0
          && strstr (t->value, "stable@vger.kernel.org"))
        return TRUE;
    }
  const GPtrArray *cc = pcc_patch_get_cc (patch);
  for (guint i = 0; i < cc->len; i++)
    if (strstr (cc->pdata[i], "stable@vger.kernel.org"))
      return TRUE;
  return FALSE;
}

gboolean
pcc_history_check_patch (PccHistory *h, const PccPatch *patch,
                         GPtrArray *problems, GPtrArray *hints)
{
  guint before = problems->len;
  const char *base = pcc_patch_get_base_commit (patch);
  if (base == NULL)
    {
      g_ptr_array_add (problems,
                       g_strdup ("no base-commit: line (git format-patch "
                                 "--base=auto writes one)"));
    }
  else
    {
      g_autofree char *full = pcc_history_resolve_commit (h, base);
      if (full == NULL)
        {
          g_ptr_array_add (problems,
                           g_strdup_printf ("base-commit %s is not in the "
                                            "repository",
                                            base));
        }
      else
        {
          gsize len;
          const char *text = pcc_patch_get_text (patch, &len);
          g_autoptr (GError) err = NULL;
          if (!pcc_history_patch_applies (h, full, text, len, &err))
            g_ptr_array_add (problems,
                             g_strdup_printf ("does not apply to its "
                                              "base-commit %.12s: %s",
                                              full, err->message));
        }
    }
  const GPtrArray *fixes = pcc_patch_get_fixes (patch);
  for (guint i = 0; i < fixes->len; i++)
    {
      g_autofree char *full = pcc_history_resolve_commit (h, fixes->pdata[i]);
      if (full == NULL)
        g_ptr_array_add (problems,
                         g_strdup_printf ("Fixes: %s names a commit the "
                                          "repository does not have",
                                          (char *) fixes->pdata[i]));
    }
  if (fixes->len > 0 && !cc_stable (patch))
    g_ptr_array_add (hints,
                     g_strdup ("Fixes: without Cc: stable@vger.kernel.org "
                               "(add it if the fix is for stable kernels "
                               "too)"));
  return problems->len == before;
}
