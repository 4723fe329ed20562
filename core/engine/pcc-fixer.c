/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-fixer.c - the one-click recipient fix, without any toolkit. */
#include "pcc-fixer.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

#include "pcc-error.h"
#include "pcc-patch.h"
#include "pcc-recipients.h"
#include "pcc-subject.h"
#include "pcc-tree.h"

/* --- option strings ------------------------------------------------ */

void
pcc_fixer_config_init (PccFixerConfig *cfg)
{
  memset (cfg, 0, sizeof *cfg);
  pcc_plan_options_init (&cfg->plan);
}

static gboolean
has_maintainers (const char *dir)
{
  g_autofree char *m = g_build_filename (dir, "MAINTAINERS", NULL);
  return g_file_test (m, G_FILE_TEST_EXISTS);
}

/* --- the engine cache ---------------------------------------------- */

typedef struct
{
  char *key; /* path "\n" rev */
  PccTree *tree;
  PccEngine *engine;
  char *stamp; /* MAINTAINERS and .mailmap identity; NULL for git */
} CacheEntry;

struct _PccFixer
{
  GPtrArray *cache; /* CacheEntry, most recently used last */
};

#define PCC_FIXER_CACHE_SIZE 4

static void
cache_entry_free (CacheEntry *e)
{
  pcc_engine_free (e->engine);
  pcc_tree_free (e->tree);
  g_free (e->stamp);
  g_free (e->key);
  g_free (e);
}

PccFixer *
pcc_fixer_new (void)
{
  PccFixer *fixer = g_new0 (PccFixer, 1);
  fixer->cache
      = g_ptr_array_new_with_free_func ((GDestroyNotify) cache_entry_free);
  return fixer;
}

void
pcc_fixer_free (PccFixer *fixer)
{
  if (fixer == NULL)
    return;
  g_ptr_array_unref (fixer->cache);
  g_free (fixer);
}

void
pcc_fixer_reset (PccFixer *fixer)
{
  g_ptr_array_set_size (fixer->cache, 0);
}

/* Size, mtime and inode of the files the engine read from a work tree:
 * an edited MAINTAINERS gives a new engine. */
static char *
dir_stamp (const char *path)
{
  static const char *const files[] = { "MAINTAINERS", ".mailmap" };
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *f = g_build_filename (path, files[i], NULL);
      GStatBuf st;

      if (g_stat (f, &st) == 0)
        g_string_append_printf (s,
                                "%s:%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT
                                ":%" G_GUINT64_FORMAT ";",
                                files[i], (gint64) st.st_size,
                                (gint64) st.st_mtime, (guint64) st.st_ino);
      else
        g_string_append_printf (s, "%s:-;", files[i]);
    }
  return g_string_free (s, FALSE);
}

static gboolean
is_bare_repository (const char *path)
{
  g_autofree char *head = g_build_filename (path, "HEAD", NULL);
  g_autofree char *objects = g_build_filename (path, "objects", NULL);
  return g_file_test (head, G_FILE_TEST_IS_REGULAR)
         && g_file_test (objects, G_FILE_TEST_IS_DIR);
}

static PccTree *
open_tree (const char *path, const char *rev, gboolean *is_dir, GError **error)
{
  *is_dir = FALSE;
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_NOT_TREE,
                   "kernel tree %s: %s; set the tree in Preferences, "
                   "Plugins, patchcc",
                   path,
                   g_file_test (path, G_FILE_TEST_EXISTS)
                       ? "not a directory"
                       : "no such directory");
      return NULL;
    }
  if (rev != NULL)
    return pcc_tree_open_git (path, rev, error);
  if (has_maintainers (path))
    {
      *is_dir = TRUE;
      return pcc_tree_open_dir (path, error);
    }
  if (is_bare_repository (path))
    return pcc_tree_open_git (path, "HEAD", error);
  g_set_error (error, PCC_ERROR, PCC_ERROR_NOT_TREE,
               "kernel tree %s: no MAINTAINERS file there, and not a git "
               "repository; point the patchcc preferences at the top of a "
               "kernel source tree",
               path);
  return NULL;
}

PccEngine *
pcc_fixer_get_engine (PccFixer *fixer, const char *tree_path, const char *rev,
                      GError **error)
{
  g_autofree char *fallback = NULL;
  g_autofree char *key = NULL;
  g_autofree char *stamp = NULL;
  CacheEntry *e;
  PccTree *tree;
  PccEngine *engine;
  gboolean is_dir;

  g_return_val_if_fail (fixer != NULL, NULL);

  if (tree_path == NULL || *tree_path == '\0')
    {
      fallback = pcc_tree_find_default (error);
      if (fallback == NULL)
        return NULL;
      tree_path = fallback;
    }

  key = g_strconcat (tree_path, "\n", rev ? rev : "", NULL);
  if (rev == NULL && has_maintainers (tree_path))
    stamp = dir_stamp (tree_path);

  for (guint i = 0; i < fixer->cache->len; i++)
    {
      e = g_ptr_array_index (fixer->cache, i);
      if (strcmp (e->key, key) != 0)
        continue;
      if (g_strcmp0 (e->stamp, stamp) == 0)
        {
          /* Most recently used goes last. */
          if (i + 1 != fixer->cache->len)
            {
              g_ptr_array_steal_index (fixer->cache, i);
              g_ptr_array_add (fixer->cache, e);
            }
          return e->engine;
        }
      g_ptr_array_remove_index (fixer->cache, i);
      break;
    }

  tree = open_tree (tree_path, rev, &is_dir, error);
  if (tree == NULL)
    return NULL;
  /* through the compiled index cache, as the command: a Claws start-up
   * (or a changed MAINTAINERS) then costs a hash and a map, not a parse */
  engine = pcc_engine_new_cached (tree, NULL, TRUE, NULL, NULL, error);
  if (engine == NULL)
    {
      pcc_tree_free (tree);
      return NULL;
    }
  e = g_new0 (CacheEntry, 1);
  e->key = g_steal_pointer (&key);
  e->tree = tree;
  e->engine = engine;
  e->stamp = is_dir ? g_steal_pointer (&stamp) : NULL;
  while (fixer->cache->len >= PCC_FIXER_CACHE_SIZE)
    g_ptr_array_remove_index (fixer->cache, 0);
  g_ptr_array_add (fixer->cache, e);
  return engine;
}

/* --- patch mails ---------------------------------------------------- */

gboolean
pcc_fixer_subject_is_patch (const char *subject)
{
  PccSubject sp;
  gboolean yes;

  if (subject == NULL)
    return FALSE;
  pcc_subject_parse (subject, &sp);
  yes = sp.is_patch && !sp.is_reply;
  pcc_subject_clear (&sp);
  return yes;
}

PccPatch *
pcc_fixer_parse_mail (const char *subject, const char *body, gssize body_len,
                      GError **error)
{
  g_autoptr (GString) mail = NULL;
  gsize blen;

  if (body == NULL)
    body = "";
  blen = body_len < 0 ? strlen (body) : (gsize) body_len;
  mail = g_string_sized_new (blen + 256);
  g_string_append (mail, "Subject: ");
  for (const char *p = subject ? subject : ""; *p; p++)
    g_string_append_c (mail, (*p == '\r' || *p == '\n') ? ' ' : *p);
  g_string_append (mail, "\n\n");
  g_string_append_len (mail, body, blen);
  return pcc_patch_new_from_data ("the message being composed", mail->str,
                                  mail->len, 0, error);
}

gboolean
pcc_fixer_is_patch_mail (const char *subject, PccPatch *const *patches,
                         guint n_patches)
{
  if (pcc_fixer_subject_is_patch (subject))
    return TRUE;
  for (guint i = 0; i < n_patches; i++)
    if (patches[i] != NULL && pcc_patch_has_diff (patches[i]))
      return TRUE;
  return n_patches > 0 && patches[0] != NULL
         && pcc_patch_is_cover_letter (patches[0]);
}

PccPatch *
pcc_fixer_patch_from_diffstat (const PccPatch *cover)
{
  static GRegex *re;
  g_autoptr (GMatchInfo) mi = NULL;
  g_autoptr (GString) diff = NULL;
  g_autoptr (GHashTable) seen = NULL;
  const char *text;
  gsize len;

  if (g_once_init_enter (&re))
    {
      GRegex *r = g_regex_new ("^ ([^ |][^|]*?)\\s+\\|\\s+(?:\\d+|Bin\\b)",
                               G_REGEX_MULTILINE | G_REGEX_OPTIMIZE, 0, NULL);
      g_once_init_leave (&re, r);
    }
  text = pcc_patch_get_text (cover, &len);
  if (text == NULL)
    return NULL;
  diff = g_string_new (NULL);
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_regex_match_full (re, text, len, 0, 0, &mi, NULL);
  while (g_match_info_matches (mi))
    {
      g_autofree char *name = g_match_info_fetch (mi, 1);

      /* "..." shortened names, renames ("a => b", "{a => b}/c") and
       * anything odd are skipped rather than guessed. */
      if (!g_str_has_prefix (name, "...") && strstr (name, "=>") == NULL
          && strchr (name, '{') == NULL && strchr (name, ' ') == NULL
          && !g_hash_table_contains (seen, name))
        {
          g_string_append_printf (diff,
                                  "diff --git a/%s b/%s\n--- a/%s\n"
                                  "+++ b/%s\n",
                                  name, name, name, name);
          g_hash_table_add (seen, g_strdup (name));
        }
      g_match_info_next (mi, NULL);
    }
  if (diff->len == 0)
    return NULL;
  return pcc_patch_new_from_data ("the cover letter's diffstat", diff->str,
                                  diff->len, 0, NULL);
}

PccPlan *
pcc_fixer_plan (PccFixer *fixer, const PccFixerConfig *cfg,
                PccPatch *const *patches, guint n_patches,
                const char *const *to, const char *const *cc,
                PccEngine **engine_out, gint64 *elapsed_us, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  const char *rev = NULL;
  PccEngine *engine = NULL;
  PccPlan *plan;

  if (cfg->use_base_commit && n_patches > 0
      && pcc_patch_get_base_commit (patches[0]) != NULL
      && cfg->tree_path != NULL && *cfg->tree_path != '\0')
    {
      /* Try the base commit; a repository that does not know it falls
       * back to the configured tree. */
      g_autoptr (GError) local = NULL;

      rev = pcc_patch_get_base_commit (patches[0]);
      engine = pcc_fixer_get_engine (fixer, cfg->tree_path, rev, &local);
      if (engine == NULL)
        g_debug ("base-commit %s not usable: %s", rev, local->message);
    }
  if (engine == NULL)
    engine = pcc_fixer_get_engine (
        fixer, cfg->tree_path,
        (cfg->tree_rev && *cfg->tree_rev) ? cfg->tree_rev : NULL, error);
  if (engine == NULL)
    return NULL;
  plan = pcc_plan_new (engine, &cfg->plan, patches, n_patches, to, cc, error);
  if (engine_out != NULL)
    *engine_out = engine;
  if (elapsed_us != NULL)
    *elapsed_us = g_get_monotonic_time () - t0;
  return plan;
}

char *
pcc_fixer_header_address (const char *formatted)
{
  const char *lt, *end;
  gboolean non_ascii = FALSE;

  /* "Name" <addr> */
  if (formatted == NULL || formatted[0] != '"')
    return g_strdup (formatted);
  end = strchr (formatted + 1, '"');
  lt = end ? end + 1 : NULL;
  if (end == NULL || strncmp (lt, " <", 2) != 0 || end == formatted + 1)
    return g_strdup (formatted);
  for (const char *p = formatted + 1; p < end; p++)
    {
      if ((guchar) *p >= 0x80)
        non_ascii = TRUE;
      else if (strchr ("()<>[]:;@\\,.\"", *p) != NULL || (guchar) *p < 0x20)
        return g_strdup (formatted);
    }
  if (!non_ascii || !g_utf8_validate (formatted, -1, NULL))
    return g_strdup (formatted);
  return g_strdup_printf ("%.*s%s", (int) (end - formatted - 1), formatted + 1,
                          lt);
}

static void
header_row_clear (gpointer p)
{
  g_free (((PccHeaderRow *) p)->value);
}

GArray *
pcc_fixer_header_rows (PccPlan *plan, guint max_rows)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (PccHeaderRow));
  guint n_changes = pcc_plan_get_n_changes (plan), total = 0;

  g_array_set_clear_func (rows, header_row_clear);
  for (int f = 0; f < 2; f++)
    {
      g_auto (GStrv) final
          = pcc_plan_get_final (plan, f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC);
      total += g_strv_length (final);
    }
  for (int f = 0; f < 2; f++)
    {
      PccField field = f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC;
      g_auto (GStrv) final = pcc_plan_get_final (plan, field);
      guint n_kept = 0;

      for (guint i = 0; final[i]; i++)
        {
          char *h = pcc_fixer_header_address (final[i]);
          g_free (final[i]);
          final[i] = h;
        }

      if (total <= max_rows)
        {
          for (guint i = 0; final[i]; i++)
            {
              PccHeaderRow r = { field, g_strdup (final[i]) };
              g_array_append_val (rows, r);
            }
          continue;
        }
      /* pcc_plan_get_final() gives the kept addresses first: count them
       * the way it does. */
      for (guint i = 0; i < n_changes; i++)
        {
          const PccChange *c = pcc_plan_get_change (plan, i);
          if (c->field == field
              && (c->kind == PCC_CHANGE_KEEP
                  || (c->kind == PCC_CHANGE_DROP && !c->enabled)))
            n_kept++;
        }
      n_kept = MIN (n_kept, g_strv_length (final));
      for (guint i = 0; i < n_kept; i++)
        {
          PccHeaderRow r = { field, g_strdup (final[i]) };
          g_array_append_val (rows, r);
        }
      if (final[n_kept] != NULL)
        {
          PccHeaderRow r = { field, g_strjoinv (", ", final + n_kept) };
          g_array_append_val (rows, r);
        }
    }
  return rows;
}
