/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-history-private.h - what the files of PccHistory share
 * (pcc-history.c, pcc-history-log.c, pcc-history-blame.c, pcc-check.c):
 * the object itself, the items of its walk, and the functions of
 * pcc-history.c the others call.  Not for use outside core/engine.
 */
#ifndef PCC_HISTORY_PRIVATE_H
#define PCC_HISTORY_PRIVATE_H

#include "pcc-history.h"
#include "pcc-error.h"
#include "pcc-libgit2.h"
#include "pcc-walk-cache.h"

#include <git2.h>

G_BEGIN_DECLS

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
  GArray *walk;          /* WalkItem, in git's output order */
  Prior prior[2];        /* of the current walk */
  NodeIndex prior_index; /* of prior[0] and prior[1]'s graphs */
  gboolean prior_looked; /* for the newest walk file of another HEAD */
  guint trees_compared;  /* by the current walk's path sets, commits */
};

/* Make the walk of @since (once; a later call with the same @since
 * reuses it): h->walk holds its commits in git log's order. */
gboolean pcc_history_walk (PccHistory *h, gint64 since, GError **error);

/* Whether @path is in the diff of walked commit @wi against its first
 * parent, as far as the trees tell. */
gboolean pcc_history_changed_in (PccHistory *h, const char *path,
                                 const WalkItem *wi);

/* The commit @rev names, NULL when the repository has none (or @rev is
 * ambiguous).  The caller frees it with git_commit_free(). */
git_commit *pcc_history_lookup_commit (PccHistory *h, const char *rev);

G_END_DECLS

#endif /* PCC_HISTORY_PRIVATE_H */
