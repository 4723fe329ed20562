/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-maintainers-private.h - what the parts of PccMaintainers share.
 *
 * The object is implemented in five files, each calling only the ones
 * below it in this list (none calls back up):
 *
 *   pcc-maintainers.c           parsing, loading, the sections, the
 *                               public accessors, freeing
 *   pcc-maintainers-index.c     the compiled index: writing, checking and
 *                               reading it
 *   pcc-maintainers-match.c     F:/X: entries: the prefix-slot table and
 *                               matching a file (pcc_maintainers_match_file)
 *   pcc-maintainers-keywords.c  N: and K: entries: their needles, and
 *                               matching them against paths and patch lines
 *   pcc-maintainers-entry.c     the entries themselves: allocation, filling
 *                               one in from the index, compiling its
 *                               pattern, errors naming its line
 *
 * Not part of libpatchcc's API; included by those files only.
 */
#ifndef PCC_MAINTAINERS_PRIVATE_H
#define PCC_MAINTAINERS_PRIVATE_H

#include "pcc-maintainers.h"
#include "pcc-regex.h"

G_BEGIN_DECLS

typedef enum
{
  MATCH_UNSET,  /* not an F:/X: entry */
  MATCH_SIMPLE, /* only literal bytes, '*' and '?' in the original */
  MATCH_REGEX,  /* anything else: a Perl regular expression */
} MatchKind;

/* One entry of the typevalue array. */
typedef struct
{
  char type;    /* 'A'..'Z', or 0 for an untyped line */
  gint8 dir;    /* F:/X:: -1 not looked up yet, 0 no, 1 directory;
                   K:: 1 when the keyword can be split from the script's
                   "^[+-].*" prefix */
  guint8 kind;  /* MatchKind */
  guint8 ready; /* filled in (from the index, on first use: entry_at()) */
  guint8 owned; /* @value is owned */
  guint8 literal_ci : 1;       /* @needles are compared without regard to
                                  ASCII case */
  guint8 needles_borrowed : 1; /* @needles is an array of pointers into the
                                  compiled index (g_free() it alone) */
  guint8 any_depth : 1;        /* F:/X:: the converted value holds "(?:"
                                  and m->double_star is on: no slash-count
                                  test (7.3's file_match_pattern()) */
  guint8 literal_done;         /* @literal / @needles were looked for */
  guint8 literal_from;         /* F:/X:: @literal is searched from this
                                  offset (at most the bytes the pattern
                                  starts with) */
  guint file;                  /* index into m->files */
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
  const char *line;  /* the line as written (points into a file buffer) */
  char *value;       /* typed: the value (F:/X:: converted, made on first
                        use); untyped: the line.  Owned when @owned. */
  const char *orig;  /* F:/X:: the value as written */
  char *orig_dir;    /* F:/X:: orig + "/" once found to be a directory */
  PccRegex *re;      /* compiled lazily (F:/X: regex kind, N:, K:) */
  PccRegex *re_diff; /* K:: with the "^[+-].*" prefix */
  char *literal;     /* F:/X: with wildcards: bytes every match
                        contains, or NULL */
  char **needles;    /* K:, N:: one of these is in every match, or NULL */
} Entry;

/* Kept small so that a kernel's MAINTAINERS entries fit in one huge page
 * (pcc-region.h). */
G_STATIC_ASSERT (sizeof (Entry) <= 96);

/* A section (stored as it is in the compiled index). */
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

/* A slot of the F: prefix table (stored as it is in the compiled index). */
typedef struct
{
  guint64 hash; /* 0: an empty slot */
  guint len;
  guint tvi;          /* an F: entry whose value as written starts so */
  guint start, count; /* its F: entries: slot_tvis[start .. start+count) */
} PrefixSlot;

/* The size of the slot-hash bitmap (PccMaintainers.slot_bits). */
#define SLOT_BITS_BYTES (65536 / 8)

/* An entry as the compiled index stores it: offsets into the text instead
 * of pointers. */
typedef struct _Rec
{
  char type;
  guint8 kind;
  guint16 unused;
  guint32 file, lineno, start, end, plen;
  guint32 line; /* offset of the line in the text */
  guint32 val;  /* F:/X:: of the value as written; others: of the value */
} Rec;

/* Lists keyed by a pair of bytes (the first two of a needle), behind a
 * bitmap of the pairs that have one: most pairs of a text have none, and
 * a bit test says so without a hash lookup. */
typedef struct
{
  guint8 *bits;      /* 65536 bits */
  GHashTable *lists; /* GUINT_TO_POINTER (b0 << 8 | b1 | 0x10000) -> GArray */
} PairIndex;

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
  const Rec *recs;
  const char *text; /* in @index: the file, lines ended by NUL */
  /* F: entries by their literal prefix (the bytes before the first
   * wildcard or regex construct), in an open-addressing table keyed by an
   * FNV-1a hash that a lookup extends byte by byte along the path.  In
   * @index when there is one, else owned. */
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
  /* N: entries (their index in @n_entries) by the first two bytes of
   * their needles (a case-sensitive needle of two bytes or more), and
   * those that must always be tried; built on first use. */
  PairIndex n_pairs; /* lists of guint */
  GArray *n_always;
  GArray *n_seen; /* scratch: per N: entry, the file it was last tried on */
  guint n_pass;   /* ... numbered by this */
  /* K: needles by their first two bytes (all case forms for (?i)), for
   * one pass over a whole patch; built on first use. */
  PairIndex k_pairs; /* lists of guint64 ((guint64) k << 32 | needle): a
                      * K: line may have any number of alternatives */
  GArray *k_always;  /* k of keywords without needles */
  GArray *k_entries; /* K: entries */
  /* With @index: the needles of the N: then the K: entries, as the index
   * was made with (needles + needle_off[i]), so that a run does not take
   * the patterns apart again; NULL otherwise. */
  const char *needles;
  const guint32 *needle_off;
  /* Every K: pattern is known to compile: the index it came from says
   * so (checked when the index was made), or compile_keywords() did. */
  gboolean k_compile;
  /* Prefixes of converted F:/X: values, up to their first component with
   * a wildcard, that are not directories of the tree on disk (so neither
   * is any value under them): most such values share a few (such as
   * "drivers/.*"). */
  GHashTable *not_dirs;
  GArray *hits;         /* scratch of pcc_maintainers_match_file() (guint) */
  gboolean double_star; /* pcc_maintainers_set_double_star() */
  gboolean unicode;     /* pcc_maintainers_set_unicode() */
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

/* --- the entries (pcc-maintainers-entry.c) ------------------------------ */

/* A new, empty PccMaintainers reading the tree @tree; free with
 * pcc_maintainers_free(). */
PccMaintainers *pcc_maintainers_alloc (const PccTree *tree);

/* Fills in @e, entry @tvi of a PccMaintainers read from a compiled
 * index, from its record (and notes it in m->filled). */
void pcc_maintainers_entry_fill (const PccMaintainers *m, Entry *e, guint tvi);

/* Entry @tvi, filled in first if it comes from the index and has not been
 * used yet. */
static inline Entry *
entry_at (const PccMaintainers *m, guint tvi)
{
  Entry *e = &m->entries.v[tvi];
  if (G_UNLIKELY (!e->ready))
    pcc_maintainers_entry_fill (m, e, tvi);
  return e;
}

/* The script's conversion of an F:/X: value into a regular expression
 * ('.' to '\.', '*' to '.*', '?' to '.'; with @double_star "**" to
 * "(?:.*)" first, as 7.3 does); newly allocated. */
char *pcc_maintainers_convert_pattern (const char *v, gboolean double_star);

/* Sets @error (PCC_ERROR_MAINTAINERS) to the message @format makes,
 * after the file and line of @e. */
void pcc_maintainers_entry_error (const PccMaintainers *m, const Entry *e,
                                  GError **error, const char *format, ...)
    G_GNUC_PRINTF (4, 5);

/* @pattern, a pattern of @e, compiled with @flags; NULL, with an error
 * naming @e's line, when it is not a valid regular expression.  The
 * caller owns the result. */
PccRegex *pcc_maintainers_compile_entry (const PccMaintainers *m, Entry *e,
                                         const char *pattern,
                                         PccRegexFlags flags, GError **error);

/* e->re, an N: or K: entry's value compiled as it is (under /x), made
 * on first use; FALSE with @error when it does not compile. */
gboolean pcc_maintainers_entry_regex (const PccMaintainers *m, Entry *e,
                                      GError **error);

/* TRUE, or FALSE with @error when @e's last match (of e->re, else of
 * e->re_diff) on @subject gave up (PCRE2's match limit): an error naming
 * its line, never a silent "no match". */
gboolean pcc_maintainers_check_gave_up (const PccMaintainers *m, Entry *e,
                                        const char *subject, GError **error);

/* --- N: and K: entries (pcc-maintainers-keywords.c) --------------------- */

/* Frees what @pi holds; it is then empty (as it starts). */
void pcc_maintainers_pair_index_clear (PairIndex *pi);

/* Appends the tvi of each N: entry matching @file (@flen bytes) to @hits,
 * in no particular order.  FALSE with @error when a pattern is bad or
 * gave up. */
gboolean pcc_maintainers_match_n (PccMaintainers *m, const char *file,
                                  gsize flen, GArray *hits, GError **error);

/* Appends the needles of the N: or K: entry @e to @out, as a record of
 * the index's needles (the format is described in
 * pcc-maintainers-keywords.c). */
void pcc_maintainers_needles_to_index (Entry *e, GString *out);

/* Every keyword compiles, or this fails naming the line of the first
 * that does not.  Done once (m->k_compile). */
gboolean pcc_maintainers_compile_keywords (PccMaintainers *m, GError **error);

/* --- F: and X: entries (pcc-maintainers-match.c) ----------------------- */

/* Builds the prefix-slot table (m->slots, m->slot_tvis, m->has_len) and
 * m->always from the F: entries; the table must be empty. */
void pcc_maintainers_build_slots (PccMaintainers *m);

/* @m's slot_bits, made anew (g_free() it). */
guint8 *pcc_maintainers_slot_bits_new (const PccMaintainers *m);

/* The script's conversion of the F:/X: entry @e and its "-d $value" test,
 * made once per entry, the first time it is needed. */
void pcc_maintainers_resolve_dir (PccMaintainers *m, Entry *e);

G_END_DECLS

#endif
