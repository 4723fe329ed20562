/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-engine.h - a kernel tree with its MAINTAINERS and .mailmap loaded,
 * ready to compute recipients (pcc-recipients.h).
 *
 * An engine keeps what does not change while it lives: the parsed
 * MAINTAINERS, the .mailmap, what each file matched, the keyword hits of
 * the last patch texts, and the git history once a feature needed it.
 * Computations on one engine share those; an engine is not thread-safe.
 */
#ifndef PCC_ENGINE_H
#define PCC_ENGINE_H

#include <glib.h>
#include "pcc-maintainers.h"
#include "pcc-tree.h"
#include "pcc-index-cache.h"
#include "pcc-dialect.h"

G_BEGIN_DECLS

typedef struct _PccEngine PccEngine;

/* Load MAINTAINERS (or @maintainers_path) and, when @use_mailmap, .mailmap
 * from @tree.  @tree must outlive the engine.  Free with
 * pcc_engine_free(). */
PccEngine *pcc_engine_new (const PccTree *tree, const char *maintainers_path,
                           gboolean use_mailmap, GError **error);
/* The same engine, with MAINTAINERS and .mailmap through the compiled
 * index cached in @cache_dir (NULL: the default; see pcc-index-cache.h):
 * identical answers, without parsing when the cache is valid.  @source
 * (may be NULL) says whether the cache was used.  With
 * PATCHCC_NO_INDEX_CACHE set in the environment this is pcc_engine_new()
 * (and *@source PCC_INDEX_FRESH). */
PccEngine *pcc_engine_new_cached (const PccTree *tree,
                                  const char *maintainers_path,
                                  gboolean use_mailmap, const char *cache_dir,
                                  PccIndexSource *source, GError **error);
void pcc_engine_free (PccEngine *engine);
/* The engine's MAINTAINERS and tree (owned by the engine / the caller of
 * pcc_engine_new()). */
PccMaintainers *pcc_engine_get_maintainers (PccEngine *engine);
const PccTree *pcc_engine_get_tree (PccEngine *engine);

/* The dialect of the tree's get_maintainer.pl the engine speaks
 * (pcc-dialect.h): found from the tree (pcc_dialect_detect()) the first
 * time it is asked for, unless set before.  Owned by the engine. */
const PccDialect *pcc_engine_get_dialect (PccEngine *engine);
/* Speak the dialect @features instead (as --dialect asks), said to come
 * from @source.  Call it before the first computation: what has been
 * matched already is not matched again. */
void pcc_engine_set_dialect (PccEngine *engine, guint features,
                             PccDialectSource source);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccEngine, pcc_engine_free)

G_END_DECLS

#endif
