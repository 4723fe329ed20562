/* pcc-maintainers.c - MAINTAINERS parsed as get_maintainer.pl parses it. */
#define _GNU_SOURCE 1 /* memmem, memrchr */
#include "pcc-maintainers.h"
#include "pcc-pattern.h"
#include "pcc-error.h"
#include "pcc-regex.h"
#include "pcc-region.h"

#include <string.h>

typedef enum
{
  MATCH_UNSET,  /* not an F:/X: entry */
  MATCH_SIMPLE, /* only literal bytes, '*' and '?' in the original */
  MATCH_REGEX,  /* anything else: a Perl regular expression */
} MatchKind;

typedef struct
{
  char type;    /* 'A'..'Z', or 0 for an untyped line */
  gint8 dir;    /* F:/X:: -1 not looked up yet, 0 no, 1 directory;
                         K:: 1 when the keyword can be split from the
                         script's "^[+-].*" prefix */
  guint8 kind;  /* MatchKind */
  guint8 ready; /* filled in (from the index, on first use: entry_at()) */
  guint8 owned; /* @value is owned */
  guint8 literal_ci : 1;       /* @needles are compared without regard to
                                  ASCII case */
  guint8 needles_borrowed : 1; /* @needles is an array of pointers into the
                                  compiled index (g_free() it alone) */
  guint8 literal_done; /* @literal / @needles were looked for */
  guint8 literal_from; /* F:/X:: @literal is searched from this offset
                          (at most the bytes the pattern starts with) */
  guint file;   /* index into m->files */
  guint lineno;
  guint start, end; /* find_starting_index() / find_ending_index() */
  guint plen;       /* F:: the length of its literal prefix */
  union
  {
    guint uses; /* K:: lines tried; hot keywords get compiled to machine
                   code */
    struct
    {
      guint16 depth; /* F:/X:: the slashes of @value, once converted */
      guint8 slash;  /* ... and whether it ends with one */
    } v;
  };
  const char *line; /* the line as written (points into a file buffer) */
  char *value;      /* typed: the value (F:/X:: converted, made on first
                         use); untyped: the line.  Owned when @owned. */
  const char *orig;    /* F:/X:: the value as written */
  char *orig_dir;      /* F:/X:: orig + "/" once found to be a directory */
  PccRegex *re;        /* compiled lazily (F:/X: regex kind, N:, K:) */
  PccRegex *re_diff;   /* K:: with the "^[+-].*" prefix */
  char *literal;       /* F:/X: with wildcards: bytes every match
                         contains, or NULL */
  char **needles;      /* K:, N:: one of these is in every match, or NULL */
} Entry;

/* 96 bytes: the entries of the 6.1 kernel's MAINTAINERS (20,205) fit in
 * one huge page (pcc-region.h); at 112 they took two. */
G_STATIC_ASSERT (sizeof (Entry) <= 96);

typedef struct
{
  guint start, end; /* the typed entries are [first, end) */
  guint first;
  gboolean maintained, has_m;
  guint x_start, x_count; /* its X: entries: x_tvis[x_start ..] */
} Section;

typedef struct
{
  char *data; /* a region of @size bytes */
  gsize size;
} Buffer;

#define PREFIX_MAX 255
#define FNV_INIT   G_GUINT64_CONSTANT (14695981039346656037)
#define FNV_PRIME  G_GUINT64_CONSTANT (1099511628211)

typedef struct
{
  guint64 hash; /* 0: an empty slot */
  guint len;
  guint tvi;          /* an F: entry whose value as written starts so */
  guint start, count; /* its F: entries: slot_tvis[start .. start+count) */
} PrefixSlot;

struct _PccMaintainers
{
  const PccTree *tree;
  GPtrArray *files; /* file names */
  GArray *buffers;  /* Buffer: owned copies of the file contents */
  /* Entry, in a region (pcc-region.h): @cap entries, @len used */
  struct
  {
    Entry *v;
    guint len, cap;
  } entries;
  GArray *sections;      /* Section */
  GArray *entry_section; /* guint per entry: index into sections, or -1 */
  GArray *x_tvis;        /* guint: the X: entries of each section */
  /* What matching reads: the arrays above, or the same arrays in a
   * compiled index (pcc_maintainers_new_from_index()). */
  const Section *sec;
  const guint *esec, *xt;
  GBytes *index;  /* the compiled index, or NULL */
  GArray *filled; /* with @index: the entries filled in (guint) */
  const struct _Rec *recs;
  const char *text; /* in @index: the file, lines ended by NUL */
  /* F: entries by their literal prefix (the bytes before the first
   * wildcard or regex construct), in an open-addressing table keyed by an
   * FNV-1a hash that a lookup extends byte by byte along the path. */
  PrefixSlot *slots;
  gsize n_slots; /* a power of two */
  guint *slot_tvis;
  guint8 has_len[PREFIX_MAX + 1];
  /* 65536 bits, one per value of the slots' hashes' bits 40..55 (not the
   * bits that place a slot): most prefixes of a path have no slot, and a
   * bit test in a table that stays in the cache says so without a probe
   * into the large one.  Built on first use (@slot_bits_mem, owned), or
   * in @index. */
  const guint8 *slot_bits;
  guint8 *slot_bits_mem;
  GArray *always;    /* F: entries that must be tried for every file */
  GArray *n_entries; /* N: entries */
  /* N: entries by the first two bytes of their needles (a case-sensitive
   * needle of two bytes or more), and those that must always be tried;
   * built on first use. */
  GHashTable
      *n_by_pair;  /* GUINT_TO_POINTER (b0 << 8 | b1 | 0x10000) -> GArray */
  guint8 *n_pairs; /* 65536 bits: the pairs n_by_pair has (a path's pairs
                    * mostly have none: a bit test, not a hash lookup) */
  GArray *n_always;
  GArray *n_seen; /* scratch: per N: entry, the file it was last tried on */
  guint n_pass;   /* ... numbered by this */
  /* K: needles by their first two bytes (all case forms for (?i)), for
   * one pass over a whole patch; built on first use. */
  guint8 *k_pairs;       /* 65536 bits */
  GHashTable *k_by_pair; /* pair | 0x10000 -> GArray of guint64
                      * ((guint64) k << 32 | needle): a K: line may have any
                      * number of alternatives */
  GArray *k_always;      /* k of keywords without needles */
  GArray *k_entries;     /* K: entries */
  /* With @index: the needles of the N: then the K: entries, as the index
   * was made with (needles + needle_off[i]: needles_from_index()), so
   * that a run does not take some 200 patterns apart again; NULL
   * otherwise. */
  const char *needles;
  const guint32 *needle_off;
  /* Every K: pattern is known to compile: the index it came from says
   * so (checked when the index was made), or compile_keywords() did. */
  gboolean k_compile;
  /* Prefixes of converted F:/X: values, up to their first component with
   * a wildcard, that are not directories of the tree on disk (so neither
   * is any value under them): most such values share a few ("drivers/.*"
   * for 26 of the 42 the 6.1 tree tests on every run). */
  GHashTable *not_dirs;
  GArray *hits; /* scratch of pcc_maintainers_match_file() (guint) */
  /* The slots found along the directory of the last file matched, for
   * the next file in it (a patch's files come sorted): the directory with
   * its slash, the FNV state after it, and the indexes into @slots. */
  struct
  {
    char *dir;
    gsize len;
    guint64 hash;
    GArray *slots; /* gsize */
    GArray *tail;  /* scratch: the slots past the directory */
  } dir_memo;
};

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
         || c == '\v';
}

static void entry_from_index (const PccMaintainers *m, Entry *e, guint tvi);

static inline Entry *
entry_at (const PccMaintainers *m, guint tvi)
{
  Entry *e = &m->entries.v[tvi];
  if (G_UNLIKELY (!e->ready))
    entry_from_index (m, e, tvi);
  return e;
}

/* The script's conversion of an F:/X: value into a regular expression. */
static char *
convert_pattern (const char *v)
{
  gsize n = 0;
  for (const char *p = v; *p; p++)
    n += (*p == '.' || *p == '*') ? 2 : 1;
  char *out = g_malloc (n + 1), *o = out;
  for (const char *p = v; *p; p++)
    {
      if (*p == '.')
        {
          *o++ = '\\';
          *o++ = '.';
        }
      else if (*p == '*')
        {
          *o++ = '.';
          *o++ = '*';
        }
      else
        {
          *o++ = *p == '?' ? '.' : *p;
        }
    }
  *o = '\0';
  return out;
}

static gboolean
has_regex_meta (const char *v)
{
  return strpbrk (v, "\\^$|+()[]{}") != NULL;
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

static PccMaintainers *
maintainers_new (const PccTree *tree)
{
  PccMaintainers *m = g_new0 (PccMaintainers, 1);
  m->tree = tree;
  m->files = g_ptr_array_new_with_free_func (g_free);
  m->buffers = g_array_new (FALSE, FALSE, sizeof (Buffer));
  m->sections = g_array_new (FALSE, TRUE, sizeof (Section));
  m->entry_section = g_array_new (FALSE, TRUE, sizeof (guint));
  m->x_tvis = g_array_new (FALSE, FALSE, sizeof (guint));
  m->always = g_array_new (FALSE, FALSE, sizeof (guint));
  m->n_entries = g_array_new (FALSE, FALSE, sizeof (guint));
  m->k_entries = g_array_new (FALSE, FALSE, sizeof (guint));
  return m;
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
  g_array_unref (m->sections);
  g_array_unref (m->entry_section);
  g_array_unref (m->x_tvis);
  if (m->index == NULL)
    {
      pcc_region_free (m->slots, m->n_slots * sizeof (PrefixSlot));
      g_free (m->slot_tvis);
    }
  g_clear_pointer (&m->index, g_bytes_unref);
  g_array_unref (m->always);
  g_array_unref (m->n_entries);
  g_clear_pointer (&m->n_by_pair, g_hash_table_unref);
  g_clear_pointer (&m->n_pairs, g_free);
  g_clear_pointer (&m->n_always, g_array_unref);
  g_clear_pointer (&m->n_seen, g_array_unref);
  g_clear_pointer (&m->k_pairs, g_free);
  g_clear_pointer (&m->k_by_pair, g_hash_table_unref);
  g_clear_pointer (&m->k_always, g_array_unref);
  g_clear_pointer (&m->not_dirs, g_hash_table_unref);
  g_clear_pointer (&m->hits, g_array_unref);
  g_clear_pointer (&m->dir_memo.dir, g_free);
  g_clear_pointer (&m->dir_memo.slots, g_array_unref);
  g_clear_pointer (&m->dir_memo.tail, g_array_unref);
  g_clear_pointer (&m->slot_bits_mem, g_free);
  m->slot_bits = NULL;
  g_array_unref (m->k_entries);
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

/* Bytes that end the literal prefix of an F: value: wildcards and
 * regular-expression syntax. */
static const guint8 special[256] = {
  ['*'] = 1, ['?'] = 1, ['\\'] = 1, ['^'] = 1, ['$'] = 1, ['|'] = 1, ['+'] = 1,
  ['('] = 1, [')'] = 1, ['['] = 1,  [']'] = 1, ['{'] = 1, ['}'] = 1,
};

static gboolean
is_special (unsigned char c)
{
  return special[c];
}

/* The length of the literal prefix of an F: value as written: every file
 * the pattern can match starts with those bytes.  0 for a pattern with an
 * alternation (not anchored as a whole) or a leading wildcard. */
static gsize
literal_prefix_len (const char *orig)
{
  gsize n = 0;
  if (strchr (orig, '|') != NULL)
    return 0;
  while (orig[n] && !is_special ((unsigned char) orig[n]))
    n++;
  if (orig[n] == '+' || orig[n] == '{')
    n = n > 0 ? n - 1 : 0; /* a quantifier makes the last byte optional */
  return MIN (n, PREFIX_MAX);
}

static guint64
fnv (const char *s, gsize n)
{
  guint64 h = FNV_INIT;
  for (gsize i = 0; i < n; i++)
    {
      h ^= (guchar) s[i];
      h *= FNV_PRIME;
    }
  return h | 1; /* never 0, the empty slot */
}

static PrefixSlot *
slot_for (const PccMaintainers *m, guint64 hash, const char *prefix, gsize len)
{
  gsize mask = m->n_slots - 1;
  for (gsize i = hash & mask;; i = (i + 1) & mask)
    {
      PrefixSlot *sl = &m->slots[i];
      if (sl->hash == 0
          || (sl->hash == hash && sl->len == len
              && memcmp (entry_at (m, sl->tvi)->orig, prefix, len) == 0))
        return sl;
    }
}

#define SLOT_BIT(h)     ((guint) ((h) >> 40) & 0xffff)
#define SLOT_BITS_BYTES (65536 / 8)

/* @m's slot_bits, made anew (g_free() it). */
static guint8 *
slot_bits_new (const PccMaintainers *m)
{
  guint8 *bits = g_malloc0 (SLOT_BITS_BYTES);
  for (gsize i = 0; i < m->n_slots; i++)
    if (m->slots[i].hash != 0)
      {
        guint b = SLOT_BIT (m->slots[i].hash);
        bits[b >> 3] |= 1 << (b & 7);
      }
  return bits;
}

/* The slot of @prefix (@len bytes, FNV hash @hash), or NULL when there is
 * none. */
static const PrefixSlot *
find_slot (PccMaintainers *m, guint64 hash, const char *prefix, gsize len)
{
  if (m->slot_bits == NULL)
    m->slot_bits = m->slot_bits_mem = slot_bits_new (m);
  guint b = SLOT_BIT (hash);
  if (!(m->slot_bits[b >> 3] & (1 << (b & 7))))
    return NULL;
  const PrefixSlot *sl = slot_for (m, hash, prefix, len);
  return sl->hash != 0 ? sl : NULL;
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

static void
build_index (PccMaintainers *m)
{
  pcc_region_free (m->slots, m->n_slots * sizeof (PrefixSlot));
  g_free (m->slot_tvis);
  guint n_f = 0;
  for (guint i = 0; i < m->entries.len; i++)
    n_f += entry_at (m, i)->type == 'F';
  m->n_slots = 64;
  while (m->n_slots < 2 * (gsize) n_f)
    m->n_slots *= 2;
  m->slots = pcc_region_alloc (m->n_slots * sizeof (PrefixSlot));
  memset (m->has_len, 0, sizeof m->has_len);
  g_clear_pointer (&m->dir_memo.dir, g_free);
  g_clear_pointer (&m->slot_bits_mem, g_free);
  m->slot_bits = NULL;
  g_array_set_size (m->always, 0);
  g_array_set_size (m->n_entries, 0);
  g_clear_pointer (&m->n_by_pair, g_hash_table_unref);
  g_clear_pointer (&m->n_pairs, g_free);
  g_clear_pointer (&m->n_always, g_array_unref);
  g_clear_pointer (&m->n_seen, g_array_unref);
  g_clear_pointer (&m->k_pairs, g_free);
  g_clear_pointer (&m->k_by_pair, g_hash_table_unref);
  g_clear_pointer (&m->k_always, g_array_unref);
  g_array_set_size (m->k_entries, 0);
  build_sections (m);

  for (guint i = 0; i < m->entries.len; i++)
    {
      Entry *e = entry_at (m, i);
      if (e->type == 'N')
        {
          g_array_append_val (m->n_entries, i);
        }
      else if (e->type == 'K')
        {
          g_array_append_val (m->k_entries, i);
        }
      else if (e->type == 'F')
        {
          gsize n = e->plen = literal_prefix_len (e->orig);
          if (n == 0)
            {
              g_array_append_val (m->always, i);
              continue;
            }
          guint64 h = fnv (e->orig, n);
          PrefixSlot *sl = slot_for (m, h, e->orig, n);
          if (sl->hash == 0)
            {
              sl->hash = h;
              sl->len = n;
              sl->tvi = i;
              m->has_len[n] = 1;
            }
          sl->count++;
        }
    }
  /* The table was sized for every F: entry having its own prefix; many
   * share one.  Half full at most is enough, and a small table is
   * cheaper to map and to checksum in the index cache. */
  gsize used = 0;
  for (gsize i = 0; i < m->n_slots; i++)
    used += m->slots[i].hash != 0;
  gsize fit = 64;
  while (fit < 2 * used)
    fit *= 2;
  if (fit < m->n_slots)
    {
      PrefixSlot *old = m->slots;
      gsize n_old = m->n_slots;
      m->n_slots = fit;
      m->slots = pcc_region_alloc (fit * sizeof (PrefixSlot));
      for (gsize i = 0; i < n_old; i++)
        if (old[i].hash != 0)
          {
            gsize mask = fit - 1, j = old[i].hash & mask;
            while (m->slots[j].hash != 0)
              j = (j + 1) & mask;
            m->slots[j] = old[i];
          }
      pcc_region_free (old, n_old * sizeof (PrefixSlot));
    }
  /* second pass: each slot's entries, in MAINTAINERS order, in one array */
  guint next = 0;
  for (gsize i = 0; i < m->n_slots; i++)
    {
      m->slots[i].start = next;
      next += m->slots[i].count;
      m->slots[i].count = 0;
    }
  m->slot_tvis = g_new (guint, next + 1);
  for (guint i = 0; i < m->entries.len; i++)
    {
      Entry *e = entry_at (m, i);
      if (e->type != 'F' || e->plen == 0)
        continue;
      PrefixSlot *sl = slot_for (m, fnv (e->orig, e->plen), e->orig, e->plen);
      m->slot_tvis[sl->start + sl->count++] = i;
    }
}

static PccRegex *compile_entry (const PccMaintainers *m, Entry *e,
                                const char *pattern, PccRegexFlags flags,
                                GError **error);

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
          g_autofree char *conv = convert_pattern (e->orig);
          g_autofree char *anchored = g_strconcat ("^", conv, NULL);
          PccRegex *re = compile_entry (m, e, anchored, 0, error);
          if (re == NULL)
            return FALSE;
          pcc_regex_free (re);
        }
      else if (e->type == 'N' && e->re == NULL)
        {
          e->re = compile_entry (m, e, e->value, PCC_REGEX_EXTENDED, error);
          if (e->re == NULL)
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
  PccMaintainers *m = maintainers_new (tree);
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
      PccMaintainers *m = maintainers_new (tree);
      for (guint i = 0; i < names->len; i++)
        {
          g_autofree char *fp
              = g_build_filename (dirpath, names->pdata[i], NULL);
          g_autofree char *data = NULL;
          gsize len;
          if (!g_file_get_contents (fp, &data, &len, error)
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

/* Whether @value lies under a prefix that is not a directory of the tree
 * on disk (m->not_dirs), which is then tested once for all the values
 * under it.  The kernel looks each component of a path up in turn, so
 * nothing under a missing component or a file is a directory.  Only for
 * a tree on disk, and not past a ".." (which "??" converts to).  Without
 * @may_stat, only what m->not_dirs already knows: no system call. */
static gboolean
under_not_dir (PccMaintainers *m, const char *value, gboolean may_stat)
{
  const char *wild = strpbrk (value, "*\\");
  const char *slash = wild ? strchr (wild, '/') : NULL;
  if (slash == NULL || pcc_tree_get_path (m->tree) == NULL
      || strstr (value, "..") != NULL || (!may_stat && m->not_dirs == NULL))
    return FALSE;
  g_autofree char *prefix = g_strndup (value, slash - value);
  if (m->not_dirs && g_hash_table_contains (m->not_dirs, prefix))
    return TRUE;
  if (!may_stat || pcc_tree_is_dir (m->tree, prefix))
    return FALSE;
  if (m->not_dirs == NULL)
    m->not_dirs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (m->not_dirs, g_steal_pointer (&prefix));
  return TRUE;
}

static void
set_value_depth (Entry *e)
{
  guint depth = pcc_path_depth (e->value);
  gsize len = strlen (e->value);
  e->v.depth = MIN (depth, G_MAXUINT16); /* G_MAXUINT16: count again */
  e->v.slash = len > 0 && e->value[len - 1] == '/';
}

/* resolve_dir() when that needs no system call: the value converted, and
 * TRUE when "-d" is answered too (no test applies, or a prefix is known
 * not to be a directory). */
static gboolean
resolve_dir_cheaply (PccMaintainers *m, Entry *e)
{
  if (e->dir >= 0)
    return TRUE;
  if (e->value == NULL)
    {
      e->value = convert_pattern (e->orig);
      e->owned = TRUE;
    }
  gsize len = strlen (e->value);
  if (len == 0 || e->value[len - 1] == '/' || m->tree == NULL
      || under_not_dir (m, e->value, FALSE))
    {
      e->dir = 0;
      set_value_depth (e);
      return TRUE;
    }
  return FALSE;
}

/* The script's conversion of an F:/X: value and its "-d $value" test,
 * made once per entry, the first time it is needed. */
static void
resolve_dir (PccMaintainers *m, Entry *e)
{
  if (resolve_dir_cheaply (m, e))
    return;
  e->dir = 0;
  if (!under_not_dir (m, e->value, TRUE)
      && pcc_tree_is_dir (m->tree, e->value))
    {
      e->dir = 1;
      e->orig_dir = g_strconcat (e->orig, "/", NULL);
      char *slashed = g_strconcat (e->value, "/", NULL);
      g_free (e->value);
      e->value = slashed;
    }
  set_value_depth (e);
}

/* The slashes of a resolved F:/X: value. */
static guint
value_depth (const Entry *e)
{
  return e->v.depth < G_MAXUINT16 ? e->v.depth : pcc_path_depth (e->value);
}

/* A resolved value without a trailing slash matches only files of its own
 * depth: whether that alone rules out a file of @file_depth. */
static inline gboolean
depth_rules_out (const Entry *e, guint file_depth)
{
  return e->dir >= 0 && !e->v.slash && file_depth != value_depth (e);
}

const char *
pcc_maintainers_entry_value (PccMaintainers *m, guint tvi)
{
  Entry *e = entry_at (m, tvi);
  if (e->type == 'F' || e->type == 'X')
    resolve_dir (m, e);
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

/* --- matching -------------------------------------------------------- */

guint
pcc_path_depth (const char *s)
{
  guint n = 0;
  for (; *s; s++)
    n += *s == '/';
  return n;
}

static PccRegex *
compile_entry (const PccMaintainers *m, Entry *e, const char *pattern,
               PccRegexFlags flags, GError **error)
{
  GError *local = NULL;
  PccRegex *re = pcc_regex_new (pattern, flags, &local);
  if (re == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS,
                   "%s:%u: bad pattern in \"%s\": %s; fix or remove this line",
                   (const char *) m->files->pdata[e->file], e->lineno, e->line,
                   local->message);
      g_error_free (local);
    }
  return re;
}

/* A pattern that gave up (PCRE2's match limit): an error naming its line,
 * never a silent "no match". */
static gboolean
check_gave_up (const PccMaintainers *m, Entry *e, const char *subject,
               GError **error)
{
  int code = pcc_regex_last_error (e->re ? e->re : e->re_diff);
  if (code == 0)
    return TRUE;
  g_autofree char *msg = pcc_regex_error_message (code);
  g_set_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS,
               "%s:%u: the pattern \"%s\" gave up on \"%.60s\": %s",
               (const char *) m->files->pdata[e->file], e->lineno, e->line,
               subject, msg);
  return FALSE;
}

/* The literal of a wildcard F:/X: value (Entry.literal). */
static void
find_literal (Entry *e)
{
  gsize from = 0;
  e->literal_done = TRUE;
  if (strpbrk (e->orig, "*?") != NULL)
    e->literal = pcc_pattern_wildcard_needle (e->orig, &from);
  e->literal_from = MIN (from, G_MAXUINT8); /* earlier is as sound */
}

/* file_match_pattern() of the script, for an F: or X: entry. */
static gboolean
entry_matches_file (PccMaintainers *m, Entry *e, const char *file,
                    guint file_depth, gboolean *ok, GError **error)
{
  gboolean prefix;

  if (e->kind == MATCH_SIMPLE)
    {
      /* A match is a prefix match and, for a value without a trailing
       * slash, the same depth: the cheap half first, once the value is
       * known (wildcard matching has no side effect to keep in order). */
      if (e->dir < 0)
        resolve_dir_cheaply (m, e);
      if (depth_rules_out (e, file_depth))
        return FALSE;
      /* a wildcard pattern: its longest literal run after a wildcard must
       * be in the path, past the bytes the pattern starts with.  That
       * holds as a directory too (the value and a slash), so a path
       * without it needs no "-d" test (resolve_dir()): a system call. */
      if (e->literal_done == FALSE)
        find_literal (e);
      if (e->literal != NULL
          && (strnlen (file, e->literal_from) < e->literal_from
              || strstr (file + e->literal_from, e->literal) == NULL))
        return FALSE;
      resolve_dir (m, e);
      if (depth_rules_out (e, file_depth))
        return FALSE;
      prefix = pcc_pattern_wildcard_prefix (
          e->orig_dir ? e->orig_dir : e->orig, file);
    }
  else
    {
      resolve_dir (m, e);
      if (e->re == NULL)
        {
          g_autofree char *anchored = g_strconcat ("^", e->value, NULL);
          e->re = compile_entry (m, e, anchored, 0, error);
          if (e->re == NULL)
            {
              *ok = FALSE;
              return FALSE;
            }
        }
      prefix = pcc_regex_match (e->re, file, -1, 0);
      if (!check_gave_up (m, e, file, error))
        {
          *ok = FALSE;
          return FALSE;
        }
    }
  if (!prefix)
    return FALSE;
  if (e->v.slash)
    return TRUE;
  return file_depth == value_depth (e);
}

static gboolean
n_entry_matches (PccMaintainers *m, Entry *e, const char *file, gboolean *ok,
                 GError **error)
{
  if (e->re == NULL)
    {
      e->re = compile_entry (m, e, e->value, PCC_REGEX_EXTENDED, error);
      if (e->re == NULL)
        {
          *ok = FALSE;
          return FALSE;
        }
    }
  gboolean hit = pcc_regex_match (e->re, file, -1, 0);
  if (!check_gave_up (m, e, file, error))
    *ok = FALSE;
  return hit;
}

/* The needles of a K: or N: entry, found on first use (NULL: none). */
static char **
entry_needles (Entry *e)
{
  if (!e->literal_done)
    {
      gboolean ci = FALSE;
      e->needles = pcc_pattern_needles (e->value, &ci, e->type == 'N' ? 2 : 3);
      e->literal_ci = ci;
      e->literal_done = TRUE;
    }
  return e->needles;
}

/* The needles of @e from the record at @rec of the index's needles:
 * a flag byte (0: none, 1: case-sensitive, 2: without regard to ASCII
 * case), then each needle ended by NUL, then an empty one.  The strings
 * stay in the index; @e owns only the array. */
static void
needles_from_index (Entry *e, const char *rec)
{
  e->literal_done = TRUE;
  e->literal_ci = rec[0] == 2;
  if (rec[0] == 0)
    return;
  guint n = 0;
  for (const char *p = rec + 1; *p; p += strlen (p) + 1)
    n++;
  e->needles = g_new (char *, n + 1);
  e->needles_borrowed = TRUE;
  n = 0;
  for (const char *p = rec + 1; *p; p += strlen (p) + 1)
    e->needles[n++] = (char *) p;
  e->needles[n] = NULL;
}

/* entry_needles() of the N: or K: entry @e, whose place among the N:
 * then the K: entries is @i: from the index when @m was read from one. */
static char **
listed_entry_needles (PccMaintainers *m, Entry *e, guint i)
{
  if (m->needles != NULL && !e->literal_done)
    needles_from_index (e, m->needles + m->needle_off[i]);
  return entry_needles (e);
}

/* Appends @e's needles to @out in the form needles_from_index() reads. */
static void
needles_to_index (Entry *e, GString *out)
{
  char **nd = entry_needles (e);
  g_string_append_c (out, nd == NULL ? 0 : e->literal_ci ? 2 : 1);
  for (; nd && *nd; nd++)
    g_string_append_len (out, *nd, strlen (*nd) + 1);
  g_string_append_c (out, '\0');
}

/* Whether one of the entry's needles is in [hay, hay + len) (TRUE when it
 * has none: the pattern must then be tried). */
static gboolean
needles_in (Entry *e, const char *hay, gsize len)
{
  if (entry_needles (e) == NULL)
    return TRUE;
  for (char **n = e->needles; *n; n++)
    if (pcc_pattern_find_needle (hay, len, *n, e->literal_ci))
      return TRUE;
  return FALSE;
}

static void
index_n_needles (PccMaintainers *m)
{
  m->n_by_pair = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                        (GDestroyNotify) g_array_unref);
  m->n_pairs = g_malloc0 (65536 / 8);
  m->n_always = g_array_new (FALSE, FALSE, sizeof (guint));
  m->n_seen = g_array_new (FALSE, TRUE, sizeof (guint));
  g_array_set_size (m->n_seen, m->n_entries->len);
  for (guint k = 0; k < m->n_entries->len; k++)
    {
      Entry *e = entry_at (m, g_array_index (m->n_entries, guint, k));
      gboolean usable
          = listed_entry_needles (m, e, k) != NULL && !e->literal_ci;
      for (char **n = e->needles; usable && *n; n++)
        usable = strlen (*n) >= 2;
      if (!usable)
        {
          g_array_append_val (m->n_always, k);
          continue;
        }
      for (char **n = e->needles; *n; n++)
        {
          guint pair = (guchar) (*n)[0] << 8 | (guchar) (*n)[1];
          m->n_pairs[pair >> 3] |= 1 << (pair & 7);
          gpointer key = GUINT_TO_POINTER (pair | 0x10000);
          GArray *list = g_hash_table_lookup (m->n_by_pair, key);
          if (list == NULL)
            {
              list = g_array_new (FALSE, FALSE, sizeof (guint));
              g_hash_table_insert (m->n_by_pair, key, list);
            }
          if (list->len == 0
              || g_array_index (list, guint, list->len - 1) != k)
            g_array_append_val (list, k);
        }
    }
}

static int
compare_guint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* The slots of the prefixes of @file of lengths @from + 1 to @to, in
 * that order, appended to @out (indexes into m->slots); *@h is the FNV
 * state after @from bytes, and is left after @to. */
static void
prefix_slots (PccMaintainers *m, const char *file, gsize from, gsize to,
              guint64 *h, GArray *out)
{
  for (gsize i = from + 1; i <= to; i++)
    {
      *h ^= (guchar) file[i - 1];
      *h *= FNV_PRIME;
      if (!m->has_len[i])
        continue;
      const PrefixSlot *sl = find_slot (m, *h | 1, file, i);
      if (sl != NULL)
        {
          gsize at = sl - m->slots;
          g_array_append_val (out, at);
        }
    }
}

static void
try_candidate_list (PccMaintainers *m, const guint *tvis, guint n,
                    const char *file, guint file_depth, GArray *hits,
                    gboolean *ok, GError **error)
{
  for (guint i = 0; i < n && *ok; i++)
    {
      Entry *e = entry_at (m, tvis[i]);
      /* entry_matches_file()'s first test, without a call: most
       * candidates along a path are at another depth */
      if (e->kind == MATCH_SIMPLE && depth_rules_out (e, file_depth))
        continue;
      if (entry_matches_file (m, e, file, file_depth, ok, error))
        g_array_append_val (hits, tvis[i]);
    }
}

gboolean
pcc_maintainers_match_file (PccMaintainers *m, const char *file, GArray *out,
                            GError **error)
{
  gboolean ok = TRUE;
  if (m->hits == NULL)
    m->hits = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *hits = m->hits;
  gsize flen = strlen (file);
  guint file_pd = pcc_path_depth (file);
  g_array_set_size (hits, 0);

  /* F: candidates: the entries whose literal prefix is a prefix of the
   * path, found by extending the hash one byte at a time; those along
   * the file's directory are the last file's when it was in the same. */
  gsize top = MIN (flen, PREFIX_MAX);
  const char *slash = memrchr (file, '/', top);
  gsize dlen = slash ? (gsize) (slash - file) + 1 : 0;
  if (m->dir_memo.slots == NULL)
    {
      m->dir_memo.slots = g_array_new (FALSE, FALSE, sizeof (gsize));
      m->dir_memo.tail = g_array_new (FALSE, FALSE, sizeof (gsize));
    }
  if (m->dir_memo.dir == NULL || m->dir_memo.len != dlen
      || memcmp (m->dir_memo.dir, file, dlen) != 0)
    {
      g_array_set_size (m->dir_memo.slots, 0);
      m->dir_memo.hash = FNV_INIT;
      prefix_slots (m, file, 0, dlen, &m->dir_memo.hash, m->dir_memo.slots);
      g_free (m->dir_memo.dir);
      m->dir_memo.dir = g_strndup (file, dlen);
      m->dir_memo.len = dlen;
    }
  guint64 h = m->dir_memo.hash;
  g_array_set_size (m->dir_memo.tail, 0);
  prefix_slots (m, file, dlen, top, &h, m->dir_memo.tail);
  GArray *lists[] = { m->dir_memo.slots, m->dir_memo.tail };
  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint j = 0; j < lists[l]->len && ok; j++)
      {
        const PrefixSlot *sl = &m->slots[g_array_index (lists[l], gsize, j)];
        try_candidate_list (m, m->slot_tvis + sl->start, sl->count, file,
                            file_pd, hits, &ok, error);
      }
  if (ok)
    try_candidate_list (m, (const guint *) m->always->data, m->always->len,
                        file, file_pd, hits, &ok, error);
  /* N: entries: a regular expression each, tried only when one of the
   * needles every match contains is in the path: the needles are found
   * by the pairs of bytes the path holds. */
  if (m->n_by_pair == NULL)
    index_n_needles (m);
  guint pass = ++m->n_pass;
  for (gsize i = 0; i + 1 < flen && ok; i++)
    {
      guint pair = (guchar) file[i] << 8 | (guchar) file[i + 1];
      if (!(m->n_pairs[pair >> 3] & (1 << (pair & 7))))
        continue;
      GArray *list = g_hash_table_lookup (m->n_by_pair,
                                          GUINT_TO_POINTER (pair | 0x10000));
      for (guint j = 0; list && j < list->len && ok; j++)
        {
          guint k = g_array_index (list, guint, j);
          guint tvi = g_array_index (m->n_entries, guint, k);
          Entry *e = entry_at (m, tvi);
          /* once a file: the needles are looked for in all of it, so an
           * entry whose pair recurs ("xx" in "xxxx...") is not searched
           * again at every place (that was quadratic) */
          if (g_array_index (m->n_seen, guint, k) == pass)
            continue;
          g_array_index (m->n_seen, guint, k) = pass;
          if (!needles_in (e, file, flen))
            continue;
          if (n_entry_matches (m, e, file, &ok, error))
            g_array_append_val (hits, tvi);
        }
    }
  for (guint j = 0; j < m->n_always->len && ok; j++)
    {
      guint tvi = g_array_index (m->n_entries, guint,
                                 g_array_index (m->n_always, guint, j));
      if (n_entry_matches (m, entry_at (m, tvi), file, &ok, error))
        g_array_append_val (hits, tvi);
    }
  if (!ok)
    return FALSE;

  g_array_sort (hits, compare_guint);

  /* room for every hit at once (one allocation, not one per hit) */
  guint w = out->len;
  g_array_set_size (out, w + hits->len);
  guint si_prev = G_MAXUINT;
  gboolean excluded = FALSE;
  for (guint i = 0; i < hits->len; i++)
    {
      guint tvi = g_array_index (hits, guint, i);
      guint si = m->esec[tvi];
      const Section *s = &m->sec[si];
      if (si != si_prev)
        {
          si_prev = si;
          excluded = FALSE;
          for (guint x = 0; x < s->x_count && ok; x++)
            {
              Entry *xe = entry_at (m, m->xt[s->x_start + x]);
              if (entry_matches_file (m, xe, file, file_pd, &ok, error))
                {
                  excluded = TRUE;
                  break;
                }
            }
          if (!ok)
            {
              g_array_set_size (out, w);
              return FALSE;
            }
        }
      if (excluded)
        continue;

      Entry *e = entry_at (m, tvi);
      PccMatch match = { .tvi = tvi, .depth = 0, .exact = FALSE };
      if (e->type == 'F')
        {
          int depth = value_depth (e) + !e->v.slash;
          if (g_str_has_prefix (e->value, ".*"))
            depth = -1;
          match.depth = depth;
          match.exact = depth >= (int) file_pd && s->maintained && s->has_m;
        }
      g_array_index (out, PccMatch, w++) = match;
    }
  g_array_set_size (out, w);
  return TRUE;
}

guint
pcc_maintainers_get_n_keywords (const PccMaintainers *m)
{
  return m->k_entries->len;
}

guint
pcc_maintainers_keyword_tvi (const PccMaintainers *m, guint k)
{
  return g_array_index (m->k_entries, guint, k);
}

static void
k_pair_add (PccMaintainers *m, guchar a, guchar b, guint64 code)
{
  guint pair = a << 8 | b;
  m->k_pairs[pair >> 3] |= 1 << (pair & 7);
  gpointer key = GUINT_TO_POINTER (pair | 0x10000);
  GArray *list = g_hash_table_lookup (m->k_by_pair, key);
  if (list == NULL)
    {
      list = g_array_new (FALSE, FALSE, sizeof (guint64));
      g_hash_table_insert (m->k_by_pair, key, list);
    }
  g_array_append_val (list, code);
}

static void
index_k_needles (PccMaintainers *m)
{
  m->k_pairs = g_malloc0 (65536 / 8);
  m->k_by_pair = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                        (GDestroyNotify) g_array_unref);
  m->k_always = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint k = 0; k < m->k_entries->len; k++)
    {
      Entry *e = entry_at (m, g_array_index (m->k_entries, guint, k));
      if (listed_entry_needles (m, e, m->n_entries->len + k) == NULL)
        {
          g_array_append_val (m->k_always, k);
          continue;
        }
      for (guint n = 0; e->needles[n]; n++)
        {
          const guchar *nd = (const guchar *) e->needles[n];
          guint64 code = (guint64) k << 32 | n;
          if (!e->literal_ci)
            {
              k_pair_add (m, nd[0], nd[1], code);
              continue;
            }
          guchar a[2] = { g_ascii_tolower (nd[0]), g_ascii_toupper (nd[0]) };
          guchar b[2] = { g_ascii_tolower (nd[1]), g_ascii_toupper (nd[1]) };
          /* each distinct pair once (a byte without case has one form) */
          for (guint x = 0; x < (a[0] == a[1] ? 1u : 2u); x++)
            for (guint y = 0; y < (b[0] == b[1] ? 1u : 2u); y++)
              k_pair_add (m, a[x], b[y], code);
        }
    }
}

/* Every keyword compiles, or this fails naming its line: the script dies
 * on the first line it tries a bad one on, and the needles may never let
 * a bad one be tried.  (The plain expression is the one split keywords
 * are matched with.)  Done once: an index made after it records it, so
 * a run from the index cache compiles only the keywords it tries. */
static gboolean
compile_keywords (PccMaintainers *m, GError **error)
{
  if (m->k_compile)
    return TRUE;
  for (guint k = 0; k < m->k_entries->len; k++)
    {
      Entry *e = entry_at (m, g_array_index (m->k_entries, guint, k));
      if (e->re == NULL)
        e->re = compile_entry (m, e, e->value, PCC_REGEX_EXTENDED, error);
      if (e->re == NULL)
        return FALSE;
    }
  m->k_compile = TRUE;
  return TRUE;
}

gboolean
pcc_maintainers_keywords_in_spans (PccMaintainers *m, const char *text,
                                   const PccTextSpan *spans, guint n_spans,
                                   GArray *candidates, GError **error)
{
  /* One pass over each span: at each pair of bytes that starts a needle,
   * compare the needles that start so.  (Needles are 3 bytes or more.) */
  if (m->k_pairs == NULL)
    {
      if (!compile_keywords (m, error))
        return FALSE;
      index_k_needles (m);
    }
  guint nk = m->k_entries->len;
  g_autofree gboolean *found = g_new0 (gboolean, nk);
  guint left = nk - m->k_always->len;
  for (guint s = 0; s < n_spans && left > 0; s++)
    {
      const guchar *t = (const guchar *) text + spans[s].offset;
      gsize len = spans[s].len;
      for (gsize i = 0; left > 0 && i + 1 < len; i++)
        {
          guint pair = t[i] << 8 | t[i + 1];
          if (!(m->k_pairs[pair >> 3] & (1 << (pair & 7))))
            continue;
          GArray *list = g_hash_table_lookup (
              m->k_by_pair, GUINT_TO_POINTER (pair | 0x10000));
          for (guint j = 0; list && j < list->len; j++)
            {
              guint64 code = g_array_index (list, guint64, j);
              guint k = code >> 32;
              if (found[k])
                continue;
              Entry *e = entry_at (m, g_array_index (m->k_entries, guint, k));
              const char *nd = e->needles[(guint) code];
              gsize n = strlen (nd);
              if (i + n <= len
                  && (e->literal_ci
                          ? g_ascii_strncasecmp ((const char *) t + i, nd, n)
                                == 0
                          : memcmp (t + i, nd, n) == 0))
                {
                  found[k] = TRUE;
                  left--;
                }
            }
        }
    }
  for (guint k = 0; k < nk; k++)
    {
      Entry *e = entry_at (m, g_array_index (m->k_entries, guint, k));
      if (found[k] || e->needles == NULL)
        {
          guint tvi = g_array_index (m->k_entries, guint, k);
          g_array_append_val (candidates, tvi);
        }
    }
  return TRUE;
}

gboolean
pcc_maintainers_keywords_in_text (PccMaintainers *m, const char *text,
                                  gsize len, GArray *candidates,
                                  GError **error)
{
  PccTextSpan all = { 0, len };
  return pcc_maintainers_keywords_in_spans (m, text, &all, 1, candidates,
                                            error);
}

/* The keyword's expression, compiled on first use: the plain keyword, or
 * with @concat the script's "^[+-].*" + keyword.  FALSE with @error for
 * a bad keyword (the script dies on it too). */
static gboolean
keyword_regex (PccMaintainers *m, Entry *e, gboolean concat, GError **error)
{
  PccRegex **slot = concat ? &e->re_diff : &e->re;
  if (*slot != NULL)
    return TRUE;
  /* The script interpolates the keyword after its prefix, so a '#' in the
   * keyword comments out the rest under /x, as here. */
  g_autofree char *pattern
      = concat ? g_strconcat ("^[+-].*", e->value, NULL) : g_strdup (e->value);
  *slot = compile_entry (
      m, e, pattern,
      PCC_REGEX_EXTENDED | (e->uses >= 4096 ? PCC_REGEX_JIT : 0), error);
  return *slot != NULL;
}

/* Whether the keyword's expression (keyword_regex()) matches @line from
 * @offset, in *hit; FALSE with @error when PCRE2 gave up. */
static gboolean
keyword_try (PccMaintainers *m, Entry *e, gboolean concat, const char *line,
             gsize len, gsize offset, gboolean *hit, GError **error)
{
  if (!keyword_regex (m, e, concat, error))
    return FALSE;
  PccRegex *re = concat ? e->re_diff : e->re;
  *hit = pcc_regex_match (re, line, len, offset);
  int code = pcc_regex_last_error (re);
  if (code != 0)
    {
      g_autofree char *msg = pcc_regex_error_message (code);
      g_set_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS,
                   "%s:%u: the keyword \"%s\" gave up on a patch line: %s",
                   (const char *) m->files->pdata[e->file], e->lineno, e->line,
                   msg);
      return FALSE;
    }
  return TRUE;
}

gboolean
pcc_maintainers_match_keywords (PccMaintainers *m, const char *line, gsize len,
                                gboolean in_diff, const GArray *candidates,
                                GArray *hits, GError **error)
{
  gboolean plus_minus = len > 0 && (line[0] == '+' || line[0] == '-');
  const GArray *list = candidates ? candidates : m->k_entries;

  for (guint k = 0; k < list->len; k++)
    {
      guint tvi = g_array_index (list, guint, k);
      Entry *e = entry_at (m, tvi);
      if (e->dir < 0)
        {
          /* first use: how this keyword is matched after the diff starts */
          e->dir = pcc_pattern_keyword_splits (e->value) ? 1 : 0;
        }
      gboolean split = e->dir == 1;
      /* "^[+-].*KW" on a line that is not '+' or '-' can only match through
     * a top-level alternation. */
      if (in_diff && !plus_minus && split)
        continue;
      /* Split keywords use the plain pattern from offset 1 (a lookbehind or
     * \b still sees the '+'); the others the script's concatenation. */
      gboolean concat = in_diff && !split;
      if (++e->uses == 4096)
        {
          /* A large patch: JIT-compile (same pattern, same result, faster per
       * line). */
          g_clear_pointer (&e->re, pcc_regex_free);
          g_clear_pointer (&e->re_diff, pcc_regex_free);
        }
      if (!needles_in (e, line, len))
        {
          /* no match lacks all of its needles; a bad keyword still dies
           * as in the script, where it is first tried */
          if ((concat ? e->re_diff : e->re) == NULL
              && !keyword_regex (m, e, concat, error))
            return FALSE;
          continue;
        }
      gboolean hit;
      if (!keyword_try (m, e, concat, line, len, in_diff && split ? 1 : 0,
                        &hit, error))
        return FALSE;
      /* A split keyword's hit is confirmed by the script's own expression:
       * from offset 1 a match may start where "^[+-].*" cannot reach (past
       * the line's newline: "\z"; at the search's start: "\G"), found by
       * fuzz-matcher.  A miss needs
       * no confirmation: every match of the script's is one from offset 1. */
      if (hit && in_diff && split
          && !keyword_try (m, e, TRUE, line, len, 0, &hit, error))
        return FALSE;
      if (hit)
        g_array_append_val (hits, tvi);
    }
  return TRUE;
}

/* --- the compiled index ---------------------------------------------- */

/* An entry as the index stores it: offsets into the text instead of
 * pointers.  Section and PrefixSlot are stored as they are. */
typedef struct _Rec
{
  char type;
  guint8 kind;
  guint16 unused;
  guint32 file, lineno, start, end, plen;
  guint32 line; /* offset of the line in the text */
  guint32 val;  /* F:/X:: of the value as written; others: of the value */
} Rec;

typedef struct
{
  char magic[8];
  guint32 n_files, n_entries, n_sections, n_x, n_slots, n_slot_tvis;
  guint32 n_always, n_n, n_k, text_len, files_len;
  guint32 needles_len; /* the needles of the N: then the K: entries:
                          n_n + n_k offsets, then the records
                          (needles_from_index()) */
  guint32 flags;       /* INDEX_* */
  guint8 has_len[PREFIX_MAX + 1];
} IndexHeader;

/* IndexHeader.flags: every K: pattern compiles (with the PCRE2 the
 * format string names) */
#define INDEX_K_COMPILE 1u

#define INDEX_MAGIC "PCCMIDX2"

static void
put (GByteArray *out, const void *p, gsize n)
{
  g_byte_array_append (out, p, n);
  static const guint8 zero[8] = { 0 };
  if (out->len % 8)
    g_byte_array_append (out, zero, 8 - out->len % 8);
}

const char *
pcc_maintainers_index_format (void)
{
  static char format[128];
  if (format[0] == '\0')
    g_snprintf (format, sizeof format, "%s/%zu.%zu.%zu.%zu/%u/pcre2 %s",
                INDEX_MAGIC, sizeof (Rec), sizeof (Section),
                sizeof (PrefixSlot), sizeof (IndexHeader), 0x01020304u,
                pcc_regex_engine_version ());
  return format;
}

GBytes *
pcc_maintainers_to_index (PccMaintainers *m)
{
  if (m->index != NULL)
    return g_bytes_ref (m->index);
  if (m->buffers->len != 1 || m->n_slots == 0)
    return NULL; /* one file read afresh: what the cache holds */
  const Buffer *b = &g_array_index (m->buffers, Buffer, 0);
  if (b->size > G_MAXUINT32)
    return NULL;
  IndexHeader h = { INDEX_MAGIC };
  GString *files = g_string_new (NULL);
  for (guint i = 0; i < m->files->len; i++)
    g_string_append_len (files, m->files->pdata[i],
                         strlen (m->files->pdata[i]) + 1);
  h.n_files = m->files->len;
  h.n_entries = m->entries.len;
  h.n_sections = m->sections->len;
  h.n_x = m->x_tvis->len;
  h.n_slots = m->n_slots;
  guint n_slot_tvis = 0;
  for (gsize i = 0; i < m->n_slots; i++)
    n_slot_tvis = MAX (n_slot_tvis, m->slots[i].start + m->slots[i].count);
  h.n_slot_tvis = n_slot_tvis;
  h.n_always = m->always->len;
  h.n_n = m->n_entries->len;
  h.n_k = m->k_entries->len;
  h.text_len = b->size;
  h.files_len = files->len;
  if (compile_keywords (m, NULL))
    h.flags |= INDEX_K_COMPILE;
  GString *needles = g_string_new (NULL);
  guint n_nk = h.n_n + h.n_k;
  guint32 *needle_off = g_new (guint32, MAX (n_nk, 1));
  for (guint i = 0; i < n_nk; i++)
    {
      guint tvi = i < h.n_n ? g_array_index (m->n_entries, guint, i)
                            : g_array_index (m->k_entries, guint, i - h.n_n);
      needle_off[i] = needles->len;
      needles_to_index (entry_at (m, tvi), needles);
    }
  g_string_append_c (needles, '\0'); /* see needles_ok() */
  h.needles_len = needles->len;
  memcpy (h.has_len, m->has_len, sizeof h.has_len);

  GByteArray *out = g_byte_array_sized_new (b->size + 64 * h.n_entries);
  put (out, &h, sizeof h);
  Rec *recs = g_new0 (Rec, MAX (h.n_entries, 1));
  for (guint i = 0; i < h.n_entries; i++)
    {
      const Entry *e = &m->entries.v[i];
      Rec *r = &recs[i];
      r->type = e->type;
      r->kind = e->kind;
      r->file = e->file;
      r->lineno = e->lineno;
      r->start = e->start;
      r->end = e->end;
      r->plen = e->plen;
      r->line = e->line - b->data;
      r->val = ((e->type == 'F' || e->type == 'X') ? e->orig : e->value)
               - b->data;
    }
  put (out, recs, h.n_entries * sizeof (Rec));
  g_free (recs);
  put (out, m->sections->data, h.n_sections * sizeof (Section));
  put (out, m->entry_section->data, h.n_entries * sizeof (guint32));
  put (out, m->x_tvis->data, h.n_x * sizeof (guint32));
  put (out, m->slots, h.n_slots * sizeof (PrefixSlot));
  guint8 *slot_bits = slot_bits_new (m);
  put (out, slot_bits, SLOT_BITS_BYTES);
  g_free (slot_bits);
  put (out, m->slot_tvis, h.n_slot_tvis * sizeof (guint32));
  put (out, m->always->data, h.n_always * sizeof (guint32));
  put (out, m->n_entries->data, h.n_n * sizeof (guint32));
  put (out, m->k_entries->data, h.n_k * sizeof (guint32));
  put (out, needle_off, n_nk * sizeof (guint32));
  put (out, needles->str, needles->len);
  put (out, files->str, files->len);
  put (out, b->data, b->size);
  g_string_free (files, TRUE);
  g_string_free (needles, TRUE);
  g_free (needle_off);
  return g_byte_array_free_to_bytes (out);
}

/* Where each array of an index starts; FALSE when @len cannot hold it. */
typedef struct
{
  const IndexHeader *h;
  const Rec *recs;
  const Section *sections;
  const guint32 *entry_section, *x_tvis;
  const PrefixSlot *slots;
  /* only filters probes: any bits are safe to read (a wrong one could
   * hide a prefix, as wrong text could change an answer: the checksum is
   * what rules both out) */
  const guint8 *slot_bits;
  const guint32 *slot_tvis, *always, *n, *k, *needle_off;
  const char *needles, *files, *text;
} IndexView;

static gboolean
view_index (const char *base, gsize len, IndexView *v)
{
  guint64 off = 0;
#define TAKE(field, count, size)               \
  do                                           \
    {                                          \
      guint64 n_ = (guint64) (count) * (size); \
      if (off + n_ > len)                      \
        return FALSE;                          \
      v->field = (gpointer) (base + off);      \
      off += (n_ + 7) & ~(guint64) 7;          \
    }                                          \
  while (0)
  TAKE (h, 1, sizeof (IndexHeader));
  const IndexHeader *h = v->h;
  if (memcmp (h->magic, INDEX_MAGIC, 8) != 0)
    return FALSE;
  TAKE (recs, h->n_entries, sizeof (Rec));
  TAKE (sections, h->n_sections, sizeof (Section));
  TAKE (entry_section, h->n_entries, 4);
  TAKE (x_tvis, h->n_x, 4);
  TAKE (slots, h->n_slots, sizeof (PrefixSlot));
  TAKE (slot_bits, SLOT_BITS_BYTES, 1);
  TAKE (slot_tvis, h->n_slot_tvis, 4);
  TAKE (always, h->n_always, 4);
  TAKE (n, h->n_n, 4);
  TAKE (k, h->n_k, 4);
  TAKE (needle_off, (guint64) h->n_n + h->n_k, 4);
  TAKE (needles, h->needles_len, 1);
  TAKE (files, h->files_len, 1);
  TAKE (text, h->text_len, 1);
#undef TAKE
  return off == ((len + 7) & ~(gsize) 7);
}

static gboolean
tvis_of_type (const IndexView *v, const guint32 *tvis, guint n, char type)
{
  for (guint i = 0; i < n; i++)
    if (tvis[i] >= v->h->n_entries || v->recs[tvis[i]].type != type)
      return FALSE;
  return TRUE;
}

/* Each entry's needles record starts inside the records, and reads as
 * needles_to_index() writes: no needles after a 0 flag, and each needle
 * as long as pcc_pattern_needles() makes them (2 bytes for N:, 3 for
 * K:). */
static gboolean
needles_ok (const IndexView *v)
{
  const IndexHeader *h = v->h;
  guint32 len = h->needles_len;
  /* the last record's final NUL, then one more: no walk from an offset
   * below len - 1 reads past the end */
  if (len < 2 || v->needles[len - 1] != '\0' || v->needles[len - 2] != '\0')
    return FALSE;
  for (guint i = 0; i < h->n_n + h->n_k; i++)
    {
      guint32 off = v->needle_off[i];
      if (off >= len - 1)
        return FALSE;
      const char *rec = v->needles + off;
      /* a flag, and needles exactly when it says there are some */
      if ((guchar) rec[0] > 2 || (rec[0] == 0) != (rec[1] == '\0'))
        return FALSE;
      for (const char *p = rec + 1; *p; p += strlen (p) + 1)
        if (strlen (p) < (i < h->n_n ? 2u : 3u))
          return FALSE;
    }
  return TRUE;
}

/* Every offset and index of the index within bounds, every list naming
 * entries of its kind: so that even a crafted index cannot make matching
 * read out of bounds.  (Damage is found by the cache's checksum; this
 * is the line behind it.) */
static gboolean
check_index (const IndexView *v)
{
  const IndexHeader *h = v->h;
  guint32 n = h->n_entries, tl = h->text_len;
  if (tl == 0 || v->text[tl - 1] != '\0' || h->files_len == 0
      || v->files[h->files_len - 1] != '\0' || h->n_files == 0)
    return FALSE;
  guint nuls = 0;
  for (guint i = 0; i < h->files_len; i++)
    nuls += v->files[i] == '\0';
  if (nuls != h->n_files)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const Rec *r = &v->recs[i];
      if (!(r->type == 0 || (r->type >= 'A' && r->type <= 'Z'))
          || r->kind > MATCH_REGEX || r->file >= h->n_files || r->line >= tl
          || r->val >= tl || r->start > r->end || r->end > n || r->start >= n
          || r->plen > PREFIX_MAX || (guint64) r->val + r->plen >= tl)
        return FALSE;
      if (v->entry_section[i] >= h->n_sections
          && v->entry_section[i] != G_MAXUINT)
        return FALSE;
    }
  for (guint i = 0; i < h->n_sections; i++)
    {
      const Section *s = &v->sections[i];
      if (s->start > s->first || s->first > s->end || s->end > n
          || (guint64) s->x_start + s->x_count > h->n_x)
        return FALSE;
    }
  if (h->n_slots == 0 || (h->n_slots & (h->n_slots - 1)) != 0)
    return FALSE;
  gboolean empty = FALSE;
  for (guint i = 0; i < h->n_slots; i++)
    {
      const PrefixSlot *sl = &v->slots[i];
      if (sl->hash == 0)
        {
          empty = TRUE;
          continue;
        }
      if (sl->tvi >= n || sl->len > PREFIX_MAX
          || (guint64) v->recs[sl->tvi].val + sl->len >= tl
          || (guint64) sl->start + sl->count > h->n_slot_tvis)
        return FALSE;
    }
  return empty /* a probe ends at an empty slot */
         && needles_ok (v) && tvis_of_type (v, v->x_tvis, h->n_x, 'X')
         && tvis_of_type (v, v->slot_tvis, h->n_slot_tvis, 'F')
         && tvis_of_type (v, v->always, h->n_always, 'F')
         && tvis_of_type (v, v->n, h->n_n, 'N')
         && tvis_of_type (v, v->k, h->n_k, 'K');
}

static GArray *
guint_array (const guint32 *v, guint n)
{
  GArray *a = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
  g_array_append_vals (a, v, n);
  return a;
}

PccMaintainers *
pcc_maintainers_new_from_index (GBytes *index, const PccTree *tree,
                                GError **error)
{
  gsize len = 0;
  const char *base = g_bytes_get_data (index, &len);
  IndexView v = { 0 };
  if (base == NULL || ((gsize) base & 7) != 0 || !view_index (base, len, &v)
      || !check_index (&v))
    {
      g_set_error_literal (error, PCC_ERROR, PCC_ERROR_MAINTAINERS,
                           "the compiled MAINTAINERS index is damaged");
      return NULL;
    }
  const IndexHeader *h = v.h;
  PccMaintainers *m = maintainers_new (tree);
  m->index = g_bytes_ref (index);
  m->filled = g_array_new (FALSE, FALSE, sizeof (guint));
  m->text = v.text;
  for (const char *f = v.files; f < v.files + h->files_len;
       f += strlen (f) + 1)
    g_ptr_array_add (m->files, g_strdup (f));
  /* entries are filled in on first use (entry_at()): a patch needs few */
  m->entries.cap = m->entries.len = h->n_entries;
  m->entries.v = pcc_region_alloc (MAX (h->n_entries, 1) * sizeof (Entry));
  m->recs = v.recs;
  m->sec = v.sections;
  m->esec = v.entry_section;
  m->xt = v.x_tvis;
  m->slots = (PrefixSlot *) v.slots;
  m->n_slots = h->n_slots;
  m->slot_bits = v.slot_bits;
  m->slot_tvis = (guint *) v.slot_tvis;
  memcpy (m->has_len, h->has_len, sizeof m->has_len);
  g_array_unref (m->always);
  m->always = guint_array (v.always, h->n_always);
  g_array_unref (m->n_entries);
  m->n_entries = guint_array (v.n, h->n_n);
  g_array_unref (m->k_entries);
  m->k_entries = guint_array (v.k, h->n_k);
  m->k_compile = (h->flags & INDEX_K_COMPILE) != 0;
  m->needles = v.needles;
  m->needle_off = v.needle_off;
  return m;
}

static void
entry_from_index (const PccMaintainers *m, Entry *e, guint tvi)
{
  const Rec *r = &m->recs[tvi];
  e->type = r->type;
  e->kind = r->kind;
  e->file = r->file;
  e->lineno = r->lineno;
  e->start = r->start;
  e->end = r->end;
  e->plen = r->plen;
  e->line = m->text + r->line;
  if (r->type == 'F' || r->type == 'X')
    e->orig = m->text + r->val;
  else
    e->value = (char *) m->text + r->val;
  e->dir = -1;
  e->ready = 1;
  g_array_append_val (m->filled, tvi);
}
