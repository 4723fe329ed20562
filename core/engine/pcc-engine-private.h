/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-engine-private.h - what an engine holds, for the files of the
 * recipients computation (pcc-recipients.c, pcc-recipients-vcs.c), which
 * fill its caches.  Not part of libpatchcc's API.
 */
#ifndef PCC_ENGINE_PRIVATE_H
#define PCC_ENGINE_PRIVATE_H

#include "pcc-engine.h"
#include "pcc-history.h"
#include "pcc-mailmap.h"

G_BEGIN_DECLS

/* Keyword hits of one patch text, kept for the next computation on it
 * (a plan computes three times: full, b4's To and Cc). */
typedef struct
{
  char *text; /* a copy */
  gsize len;
  GArray *hits, *lines; /* guint each */
} KwCache;

#define KW_CACHE_SIZE   4
#define MATCH_CACHE_MAX 100000

typedef struct
{
  guint start, len;
} MatchSpan;

struct _PccEngine
{
  const PccTree *tree;
  PccMaintainers *m;
  PccMailmap *mailmap;
  /* What each file matched: MAINTAINERS does not change under an engine,
   * so a file matches the same entries every time.  @match_cache maps a
   * file (a string of @match_names) to 1 + its index in @match_spans,
   * whose MatchSpan gives its PccMatch in @match_arena. */
  GHashTable *match_cache;
  GStringChunk *match_names;
  GArray *match_spans; /* MatchSpan */
  GArray *match_arena; /* PccMatch */
  KwCache kw_cache[KW_CACHE_SIZE];
  guint kw_next;
  /* M:/R: entry -> GPtrArray of the addresses push_email_addresses()
   * would push, with warnings for invalid ones. */
  GHashTable *addr_cache;
  PccDialect dialect;
  gboolean dialect_known;
  /* git history, opened the first time a feature needs it */
  PccHistory *history;
  gboolean history_tried;
  char *history_error;
};

G_END_DECLS

#endif
