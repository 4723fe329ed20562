/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-engine.c - the engine's lifecycle: a tree's MAINTAINERS and
 * .mailmap loaded (parsed, or through the index cache), and the caches
 * the recipients computation fills, freed with it. */
#include "pcc-engine.h"
#include "pcc-engine-private.h"

static PccEngine *
engine_wrap (const PccTree *tree, PccMaintainers *m, PccMailmap *mailmap)
{
  PccEngine *e = g_new0 (PccEngine, 1);
  e->tree = tree;
  e->m = m;
  e->addr_cache = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                         (GDestroyNotify) g_ptr_array_unref);
  e->match_cache = g_hash_table_new (g_str_hash, g_str_equal);
  e->match_names = g_string_chunk_new (64 << 10);
  e->match_spans = g_array_new (FALSE, FALSE, sizeof (MatchSpan));
  e->match_arena = g_array_new (FALSE, FALSE, sizeof (PccMatch));
  e->mailmap = mailmap;
  return e;
}

PccEngine *
pcc_engine_new (const PccTree *tree, const char *maintainers_path,
                gboolean use_mailmap, GError **error)
{
  PccMaintainers *m = pcc_maintainers_load (tree, maintainers_path, error);
  if (m == NULL)
    return NULL;
  gsize len = 0;
  g_autofree char *mm = NULL;
  if (use_mailmap && pcc_tree_is_file (tree, ".mailmap"))
    mm = pcc_tree_read_file (tree, ".mailmap", &len, NULL);
  return engine_wrap (
      tree, m, mm ? pcc_mailmap_new_from_data (mm, len) : pcc_mailmap_new ());
}

PccEngine *
pcc_engine_new_cached (const PccTree *tree, const char *maintainers_path,
                       gboolean use_mailmap, const char *cache_dir,
                       PccIndexSource *source, GError **error)
{
  PccMaintainers *m = NULL;
  PccMailmap *mm = NULL;
  if (g_getenv ("PATCHCC_NO_INDEX_CACHE"))
    {
      if (source)
        *source = PCC_INDEX_FRESH;
      return pcc_engine_new (tree, maintainers_path, use_mailmap, error);
    }
  if (!pcc_index_cache_load (tree, maintainers_path, use_mailmap, cache_dir,
                             &m, &mm, source, error))
    return NULL;
  return engine_wrap (tree, m, mm);
}

void
pcc_engine_free (PccEngine *e)
{
  if (e == NULL)
    return;
  pcc_maintainers_free (e->m);
  pcc_mailmap_free (e->mailmap);
  pcc_history_free (e->history);
  g_free (e->history_error);
  g_hash_table_unref (e->addr_cache);
  g_hash_table_unref (e->match_cache);
  g_string_chunk_free (e->match_names);
  g_array_unref (e->match_spans);
  g_array_unref (e->match_arena);
  for (guint i = 0; i < KW_CACHE_SIZE; i++)
    {
      g_clear_pointer (&e->kw_cache[i].hits, g_array_unref);
      g_clear_pointer (&e->kw_cache[i].lines, g_array_unref);
      g_free (e->kw_cache[i].text);
    }
  g_free (e);
}

PccMaintainers *
pcc_engine_get_maintainers (PccEngine *e)
{
  return e->m;
}

const PccTree *
pcc_engine_get_tree (PccEngine *e)
{
  return e->tree;
}

void
pcc_engine_set_dialect (PccEngine *e, guint features, PccDialectSource source)
{
  e->dialect.features = features;
  e->dialect.source = source;
  e->dialect_known = TRUE;
  pcc_maintainers_set_double_star (e->m,
                                   (features & PCC_DIALECT_DOUBLE_STAR) != 0);
  pcc_maintainers_set_unicode (e->m, (features & PCC_DIALECT_UTF8) != 0);
}

const PccDialect *
pcc_engine_get_dialect (PccEngine *e)
{
  if (!e->dialect_known)
    {
      PccDialect d;
      pcc_dialect_detect (e->tree, &d);
      pcc_engine_set_dialect (e, d.features, d.source);
    }
  return &e->dialect;
}
