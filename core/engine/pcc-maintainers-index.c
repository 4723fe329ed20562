/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-maintainers-index.c - the compiled index: a parsed and indexed
 * MAINTAINERS as one position-independent block of memory (for the
 * on-disk cache, pcc-index-cache.h).  Writing it, checking a block that
 * claims to be one, and matching straight from it: its entries are
 * filled in on first use (entry_at()). */
#include "pcc-maintainers-private.h"
#include "pcc-error.h"
#include "pcc-region.h"

#include <string.h>

typedef struct
{
  char magic[8];
  guint32 n_files, n_entries, n_sections, n_x, n_slots, n_slot_tvis;
  guint32 n_always, n_n, n_k, text_len, files_len;
  guint32 needles_len; /* the needles of the N: then the K: entries:
                          n_n + n_k offsets, then the records
                          (pcc_maintainers_needles_to_index()) */
  guint32 flags;       /* INDEX_* */
  guint8 has_len[PREFIX_MAX + 1];
} IndexHeader;

/* IndexHeader.flags: every K: pattern compiles (with the PCRE2 the
 * format string names) */
#define INDEX_K_COMPILE 1u

#define INDEX_MAGIC "PCCMIDX2"

/* --- writing ----------------------------------------------------------- */

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
  if (pcc_maintainers_compile_keywords (m, NULL))
    h.flags |= INDEX_K_COMPILE;
  GString *needles = g_string_new (NULL);
  guint n_nk = h.n_n + h.n_k;
  guint32 *needle_off = g_new (guint32, MAX (n_nk, 1));
  for (guint i = 0; i < n_nk; i++)
    {
      guint tvi = i < h.n_n ? g_array_index (m->n_entries, guint, i)
                            : g_array_index (m->k_entries, guint, i - h.n_n);
      needle_off[i] = needles->len;
      pcc_maintainers_needles_to_index (entry_at (m, tvi), needles);
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
  guint8 *slot_bits = pcc_maintainers_slot_bits_new (m);
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

/* --- checking ---------------------------------------------------------- */

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
 * pcc_maintainers_needles_to_index() writes: no needles after a 0 flag,
 * and each needle as long as pcc_pattern_needles() makes them (2 bytes
 * for N:, 3 for K:). */
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

/* --- reading ----------------------------------------------------------- */

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
  PccMaintainers *m = pcc_maintainers_alloc (tree);
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
