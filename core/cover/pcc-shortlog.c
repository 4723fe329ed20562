/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-shortlog.c - the shortlog of a series, as git shortlog and git
 * format-patch --cover-letter print it, with author names mapped through
 * .mailmap by libgit2 (see pcc-series.h). */
#include "pcc-error.h"
#include "pcc-series-private.h"
#include "pcc-text.h"

#include <string.h>

gboolean
pcc_series_set_mailmap (PccSeries *series, const char *data, gsize len,
                        GError **error)
{
  git_mailmap *mm = NULL;
  if (!series->git_ok || git_mailmap_from_buffer (&mm, data, len) < 0)
    {
      const git_error *e = git_error_last ();
      g_set_error (error, PCC_ERROR, PCC_ERROR_MAILMAP, ".mailmap: %s",
                   e && e->message ? e->message : "libgit2 failed");
      return FALSE;
    }
  if (series->mailmap)
    git_mailmap_free (series->mailmap);
  series->mailmap = mm;
  return TRUE;
}

gboolean
pcc_series_load_mailmap (PccSeries *series, const PccTree *tree,
                         GError **error)
{
  gsize len = 0;
  g_autoptr (GError) local = NULL;
  g_autofree char *data = pcc_tree_read_file (tree, ".mailmap", &len, &local);
  if (!data)
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return pcc_series_set_mailmap (series, data, len, error);
}

typedef struct
{
  char *name;
  GPtrArray *subjects; /* borrowed */
} AuthorGroup;

static int
cmp_groups (gconstpointer pa, gconstpointer pb)
{
  const AuthorGroup *a = pa, *b = pb;
  return strcmp (a->name, b->name);
}

static char *
mapped_name (PccSeries *series, const Item *it)
{
  if (series->mailmap)
    {
      const char *rn = NULL, *re = NULL;
      if (git_mailmap_resolve (&rn, &re, series->mailmap, it->author_name,
                               it->author_email)
              == 0
          && rn)
        return g_strdup (rn);
    }
  return g_strdup (it->author_name);
}

char *
pcc_series_format_shortlog (PccSeries *series, PccShortlogStyle style)
{
  g_autoptr (GArray) groups = g_array_new (FALSE, TRUE, sizeof (AuthorGroup));
  for (guint i = 0; i < series->items->len; i++)
    {
      Item *it = series->items->pdata[i];
      g_autofree char *name = mapped_name (series, it);
      AuthorGroup *g = NULL;
      for (guint k = 0; k < groups->len && !g; k++)
        if (strcmp (g_array_index (groups, AuthorGroup, k).name, name) == 0)
          g = &g_array_index (groups, AuthorGroup, k);
      if (!g)
        {
          AuthorGroup ng = { g_steal_pointer (&name), g_ptr_array_new () };
          g_array_append_val (groups, ng);
          g = &g_array_index (groups, AuthorGroup, groups->len - 1);
        }
      g_ptr_array_add (g->subjects,
                       it->subject[0] ? it->subject : (char *) "<none>");
    }
  g_array_sort (groups, cmp_groups);

  GString *out = g_string_new (NULL);
  for (guint k = 0; k < groups->len; k++)
    {
      AuthorGroup *g = &g_array_index (groups, AuthorGroup, k);
      g_string_append_printf (out, "%s (%u):\n", g->name, g->subjects->len);
      for (guint j = 0; j < g->subjects->len; j++)
        {
          const char *msg = g->subjects->pdata[j];
          if (style == PCC_SHORTLOG_COVER)
            {
              pcc_text_add_wrapped_git (out, msg, 2, 4, 72);
              g_string_append_c (out, '\n');
            }
          else
            g_string_append_printf (out, "      %s\n", msg);
        }
      g_string_append_c (out, '\n');
      g_free (g->name);
      g_ptr_array_unref (g->subjects);
    }
  return g_string_free (out, FALSE);
}
