/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-maintainers.c - MAINTAINERS parsed as get_maintainer.pl parses it:
 * reading the file (or a MAINTAINERS directory) into the typevalue array,
 * finding its sections, building what matching needs, and the public
 * accessors.  Matching is in pcc-maintainers-match.c (F:/X:) and
 * pcc-maintainers-keywords.c (N:/K:), the compiled index in
 * pcc-maintainers-index.c; pcc-maintainers-private.h describes how they
 * fit together. */
#include "pcc-maintainers-private.h"
#include "pcc-error.h"
#include "pcc-file.h"
#include "pcc-region.h"

#include <string.h>

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
         || c == '\v';
}

static gboolean
has_regex_meta (const char *v)
{
  return strpbrk (v, "\\^$|+()[]{}") != NULL;
}

void
pcc_maintainers_set_double_star (PccMaintainers *m, gboolean on)
{
  m->double_star = on;
}

void
pcc_maintainers_set_unicode (PccMaintainers *m, gboolean on)
{
  if (m->unicode == on)
    return;
  m->unicode = on;
  /* keywords compiled the other way are compiled again on next use */
  for (guint i = 0; i < m->entries.len; i++)
    {
      Entry *e = entry_at (m, i);
      if (e->type != 'K')
        continue;
      g_clear_pointer (&e->re, pcc_regex_free);
      g_clear_pointer (&e->re_diff, pcc_regex_free);
    }
}

static void
free_entry (gpointer p)
{
  Entry *e = p;
  if (e->owned)
    g_free (e->value);
  pcc_regex_free (e->re);
  pcc_regex_free (e->re_diff);
  g_free (e->literal);
  if (e->needles_borrowed)
    g_free (e->needles);
  else
    g_strfreev (e->needles);
  g_free (e->orig_dir);
}

/* Empties what build_index() makes from the entries: the prefix-slot
 * table, the F:, N: and K: lists, and the needle indexes built on first
 * use. */
static void
clear_derived (PccMaintainers *m)
{
  if (m->index == NULL)
    {
      /* with an index, the table is in it */
      pcc_region_free (m->slots, m->n_slots * sizeof (PrefixSlot));
      g_free (m->slot_tvis);
    }
  m->slots = NULL;
  m->n_slots = 0;
  m->slot_tvis = NULL;
  memset (m->has_len, 0, sizeof m->has_len);
  g_clear_pointer (&m->slot_bits_mem, g_free);
  m->slot_bits = NULL;
  g_clear_pointer (&m->dir_memo.dir, g_free);
  g_array_set_size (m->always, 0);
  g_array_set_size (m->n_entries, 0);
  pcc_maintainers_pair_index_clear (&m->n_pairs);
  g_clear_pointer (&m->n_always, g_array_unref);
  g_clear_pointer (&m->n_seen, g_array_unref);
  g_array_set_size (m->k_entries, 0);
  pcc_maintainers_pair_index_clear (&m->k_pairs);
  g_clear_pointer (&m->k_always, g_array_unref);
}

void
pcc_maintainers_free (PccMaintainers *m)
{
  if (m == NULL)
    return;
  if (m->filled != NULL)
    {
      /* from an index: only the entries filled in hold anything */
      for (guint i = 0; i < m->filled->len; i++)
        free_entry (&m->entries.v[g_array_index (m->filled, guint, i)]);
      g_array_unref (m->filled);
    }
  else
    {
      for (guint i = 0; i < m->entries.len; i++)
        free_entry (&m->entries.v[i]);
    }
  pcc_region_free (m->entries.v, m->entries.cap * sizeof (Entry));
  clear_derived (m);
  g_array_unref (m->sections);
  g_array_unref (m->entry_section);
  g_array_unref (m->x_tvis);
  g_clear_pointer (&m->index, g_bytes_unref);
  g_array_unref (m->always);
  g_array_unref (m->n_entries);
  g_array_unref (m->k_entries);
  g_clear_pointer (&m->not_dirs, g_hash_table_unref);
  g_clear_pointer (&m->hits, g_array_unref);
  g_clear_pointer (&m->dir_memo.slots, g_array_unref);
  g_clear_pointer (&m->dir_memo.tail, g_array_unref);
  for (guint i = 0; i < m->buffers->len; i++)
    {
      Buffer *b = &g_array_index (m->buffers, Buffer, i);
      pcc_region_free (b->data, b->size);
    }
  g_array_unref (m->buffers);
  g_ptr_array_unref (m->files);
  g_free (m);
}

/* Parse one file into entries; the index is rebuilt afterwards. */
static gboolean
add_file (PccMaintainers *m, const char *filename, const char *data, gsize len,
          GError **error)
{
  if (memchr (data, '\0', len) != NULL)
    {
      gsize off = (const char *) memchr (data, '\0', len) - data;
      guint lineno = 1;
      for (gsize i = 0; i < off; i++)
        lineno += data[i] == '\n';
      g_set_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS,
                   "%s:%u: NUL byte in MAINTAINERS; is this a text file?",
                   filename, lineno);
      return FALSE;
    }

  Buffer b = { pcc_region_alloc (len + 1), len + 1 };
  char *buf = b.data;
  memcpy (buf, data, len);
  buf[len] = '\0';
  g_array_append_val (m->buffers, b);
  guint file = m->files->len;

  /* room for one entry a line */
  guint lines = 1;
  for (const char *q = buf; (q = memchr (q, '\n', buf + len - q)); q++)
    lines++;
  if (m->entries.len + lines > m->entries.cap)
    {
      guint cap = m->entries.len + lines;
      Entry *v = pcc_region_alloc (cap * sizeof (Entry));
      if (m->entries.len > 0)
        memcpy (v, m->entries.v, m->entries.len * sizeof (Entry));
      pcc_region_free (m->entries.v, m->entries.cap * sizeof (Entry));
      m->entries.v = v;
      m->entries.cap = cap;
    }
  g_ptr_array_add (m->files, g_strdup (filename));

  guint lineno = 0;
  char *p = buf, *end = buf + len;
  while (p < end)
    {
      char *nl = memchr (p, '\n', end - p);
      if (nl)
        *nl = '\0';
      char *line = p;
      p = nl ? nl + 1 : end;
      lineno++;

      Entry e = { 0 };
      e.file = file;
      e.lineno = lineno;
      e.line = line;
      e.dir = -1;
      e.ready = 1;

      if (line[0] >= 'A' && line[0] <= 'Z' && line[1] == ':')
        {
          const char *v = line + 2;
          while (*v && is_space (*v))
            v++;
          e.type = line[0];
          if (e.type == 'F' || e.type == 'X')
            {
              e.orig = v;
              e.kind = has_regex_meta (v) ? MATCH_REGEX : MATCH_SIMPLE;
            }
          else
            {
              e.value = (char *) v;
            }
        }
      else
        {
          const char *q = line;
          while (*q && is_space (*q))
            q++;
          if (*q == '\0' || *q == '#')
            continue; /* blank or comment: not in @typevalue */
          e.value = (char *) line;
        }
      m->entries.v[m->entries.len++] = e;
    }
  return TRUE;
}

static void
build_sections (PccMaintainers *m)
{
  guint n = m->entries.len;
  g_array_set_size (m->sections, 0);
  g_array_set_size (m->x_tvis, 0);
  g_array_set_size (m->entry_section, n);
  for (guint i = 0; i < n; i++)
    g_array_index (m->entry_section, guint, i) = G_MAXUINT;

  for (guint i = 0; i < n;)
    {
      Entry *e = entry_at (m, i);
      if (e->type == 0)
        {
          e->start = e->end = i;
          i++;
          continue;
        }
      guint first = i, end = i;
      while (end < n && entry_at (m, end)->type != 0)
        end++;
      Section s = { 0 };
      s.first = first;
      s.start = first > 0 ? first - 1 : 0;
      s.end = end;
      guint si = m->sections->len;
      for (guint j = first; j < end; j++)
        {
          Entry *t = entry_at (m, j);
          t->start = s.start;
          t->end = end;
          g_array_index (m->entry_section, guint, j) = si;
          if (t->type == 'S')
            {
              g_autofree char *lower = g_ascii_strdown (t->value, -1);
              if (strstr (lower, "maintain") || strstr (lower, "support"))
                s.maintained = TRUE;
            }
          if (t->type == 'M')
            s.has_m = TRUE;
          if (t->type == 'X')
            {
              if (s.x_count++ == 0)
                s.x_start = m->x_tvis->len;
              g_array_append_val (m->x_tvis, j);
            }
        }
      if (s.start != first)
        g_array_index (m->entry_section, guint, s.start) = si;
      g_array_append_val (m->sections, s);
      i = end;
    }
  m->sec = (const Section *) m->sections->data;
  m->esec = (const guint *) m->entry_section->data;
  m->xt = (const guint *) m->x_tvis->data;
}

/* Sections, the F: prefix-slot table and the N:/K: lists, made afresh
 * from the entries. */
static void
build_index (PccMaintainers *m)
{
  clear_derived (m);
  build_sections (m);
  for (guint i = 0; i < m->entries.len; i++)
    {
      Entry *e = entry_at (m, i);
      if (e->type == 'N')
        g_array_append_val (m->n_entries, i);
      else if (e->type == 'K')
        g_array_append_val (m->k_entries, i);
    }
  pcc_maintainers_build_slots (m);
}

/* The script dies on a bad F:, X: or N: pattern as soon as it matches
 * any file, so a bad one is an error of the whole file: found here, with
 * its line.  (N: entries keep their compiled pattern; K: entries are
 * compiled on first use, and fail then.) */
static gboolean
validate_patterns (PccMaintainers *m, GError **error)
{
  for (guint i = 0; i < m->entries.len; i++)
    {
      Entry *e = entry_at (m, i);
      if ((e->type == 'F' || e->type == 'X') && e->kind == MATCH_REGEX)
        {
          g_autofree char *conv
              = pcc_maintainers_convert_pattern (e->orig, m->double_star);
          g_autofree char *anchored = g_strconcat ("^", conv, NULL);
          PccRegex *re
              = pcc_maintainers_compile_entry (m, e, anchored, 0, error);
          if (re == NULL)
            return FALSE;
          pcc_regex_free (re);
        }
      else if (e->type == 'N' && !pcc_maintainers_entry_regex (m, e, error))
        {
          return FALSE;
        }
    }
  return TRUE;
}

/* Index what was read and check its patterns; frees @m on failure. */
static PccMaintainers *
finish (PccMaintainers *m, GError **error)
{
  build_index (m);
  if (!validate_patterns (m, error))
    {
      pcc_maintainers_free (m);
      return NULL;
    }
  return m;
}

PccMaintainers *
pcc_maintainers_new_from_data (const char *filename, const char *data,
                               gsize len, const PccTree *tree, GError **error)
{
  PccMaintainers *m = pcc_maintainers_alloc (tree);
  if (!add_file (m, filename, data, len, error))
    {
      pcc_maintainers_free (m);
      return NULL;
    }
  return finish (m, error);
}

gboolean
pcc_maintainers_add_data (PccMaintainers *m, const char *filename,
                          const char *data, gsize len, GError **error)
{
  if (m->index != NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_UNSUPPORTED,
                   "%s: cannot add to MAINTAINERS read from a compiled index",
                   filename);
      return FALSE;
    }
  if (!add_file (m, filename, data, len, error))
    return FALSE;
  build_index (m);
  return validate_patterns (m, error);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

PccMaintainers *
pcc_maintainers_load (const PccTree *tree, const char *path, GError **error)
{
  const char *rel = path ? path : "MAINTAINERS";

  if (pcc_tree_is_dir (tree, rel))
    {
      /* A directory: every file in it not starting with '.'. */
      const char *top = pcc_tree_get_path (tree);
      if (top == NULL && !g_path_is_absolute (rel))
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_UNSUPPORTED,
                       "%s: a MAINTAINERS directory is only read from a work "
                       "tree",
                       pcc_tree_describe (tree));
          return NULL;
        }
      g_autofree char *dirpath = g_path_is_absolute (rel)
                                     ? g_strdup (rel)
                                     : g_build_filename (top, rel, NULL);
      GDir *dir = g_dir_open (dirpath, 0, error);
      if (dir == NULL)
        return NULL;
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      while ((name = g_dir_read_name (dir)))
        if (name[0] != '.')
          g_ptr_array_add (names, g_strdup (name));
      g_dir_close (dir);
      g_ptr_array_sort (names, compare_strings);
      if (names->len == 0)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS,
                       "No MAINTAINER files found in '%s'", dirpath);
          return NULL;
        }
      PccMaintainers *m = pcc_maintainers_alloc (tree);
      for (guint i = 0; i < names->len; i++)
        {
          g_autofree char *fp
              = g_build_filename (dirpath, names->pdata[i], NULL);
          g_autofree char *data = NULL;
          gsize len;
          if (!pcc_file_read_regular (fp, PCC_FILE_TREE_MAX, &data, &len,
                                      error)
              || !add_file (m, fp, data, len, error))
            {
              pcc_maintainers_free (m);
              return NULL;
            }
        }
      return finish (m, error);
    }

  g_autoptr (GError) local = NULL;
  g_autoptr (GBytes) bytes = pcc_tree_map_file (tree, rel, &local);
  if (bytes == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO,
                   "MAINTAINER file not found '%s' in %s: %s", rel,
                   pcc_tree_describe (tree), local->message);
      return NULL;
    }
  gsize len = 0;
  const char *data = g_bytes_get_data (bytes, &len);
  return pcc_maintainers_new_from_data (rel, data ? data : "", len, tree,
                                        error);
}

/* --- accessors ------------------------------------------------------- */

guint
pcc_maintainers_get_n_entries (const PccMaintainers *m)
{
  return m->entries.len;
}

char
pcc_maintainers_entry_type (const PccMaintainers *m, guint tvi)
{
  return entry_at (m, tvi)->type;
}

const char *
pcc_maintainers_entry_value (PccMaintainers *m, guint tvi)
{
  Entry *e = entry_at (m, tvi);
  if (e->type == 'F' || e->type == 'X')
    pcc_maintainers_resolve_dir (m, e);
  return e->value;
}

const char *
pcc_maintainers_entry_line (const PccMaintainers *m, guint tvi)
{
  return entry_at (m, tvi)->line;
}

const char *
pcc_maintainers_entry_file (const PccMaintainers *m, guint tvi)
{
  return m->files->pdata[entry_at (m, tvi)->file];
}

guint
pcc_maintainers_entry_lineno (const PccMaintainers *m, guint tvi)
{
  return entry_at (m, tvi)->lineno;
}

guint
pcc_maintainers_section_start (const PccMaintainers *m, guint tvi)
{
  return entry_at (m, tvi)->start;
}

guint
pcc_maintainers_section_end (const PccMaintainers *m, guint tvi)
{
  return entry_at (m, tvi)->end;
}

const char *
pcc_maintainers_section_name (const PccMaintainers *m, guint tvi)
{
  guint start = entry_at (m, tvi)->start;
  Entry *h = entry_at (m, start);
  if (h->type == 0)
    return h->value;
  /* A run starting at entry 0 is named by its own first entry, which the
   * script holds as "X:value". */
  return h->line;
}

gboolean
pcc_maintainers_section_has_list (const PccMaintainers *m, guint tvi,
                                  gboolean public_only)
{
  Entry *e = entry_at (m, tvi);
  for (guint i = e->start; i < e->end; i++)
    {
      Entry *t = entry_at (m, i);
      if (t->type == 'L'
          && (!public_only || strstr (t->value, "subscribers-only") == NULL))
        return TRUE;
    }
  return FALSE;
}

const char *
pcc_maintainers_section_substatus (const PccMaintainers *m, guint tvi)
{
  Entry *e = entry_at (m, tvi);
  const char *status = "Unknown";
  for (guint i = e->start + 1; i < e->end; i++)
    {
      Entry *t = entry_at (m, i);
      if (t->type == 'S')
        status = t->value;
    }
  if (strcmp (entry_at (m, e->start)->value, "THE REST") == 0
      || strcmp (status, "Maintained") == 0)
    return NULL;
  return status;
}
