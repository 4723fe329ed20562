/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-maintainers.h - the MAINTAINERS file, parsed and indexed.
 *
 * The model is get_maintainer.pl's own: every line that is neither blank
 * nor a comment becomes one entry of a "typevalue" array, numbered from 0
 * in file order.  Entries of the form "X: value" are typed (F:, X: and
 * the rest); any other line is untyped.  A section is a run of typed
 * entries; its name is the untyped entry just before the run.  The
 * numbering matters: keyword matches are ordered by it, and every
 * explanation patchcc gives points back at one entry (and so at one line
 * of MAINTAINERS).
 *
 * F: and X: values are converted as the script converts them ('.' to
 * '\.', '*' to '.*', '?' to '.') and are Perl regular expressions
 * anchored at the start of the path.  A value that names a directory of
 * the tree gets a trailing '/', exactly as "-d $value" does in the
 * script; that test is made lazily, the first time a pattern is needed,
 * which keeps loading fast.
 *
 * Matching a file uses an index keyed by the literal prefix of each F:
 * pattern (the bytes before its first wildcard), probed along the path,
 * so only a handful of patterns are tried per file; N: and K: patterns
 * are tried only when one of their "needles" (literal strings every match
 * contains, found conservatively from the pattern) is present.
 *
 * A PccMaintainers is not thread-safe (the directory tests are cached).
 */
#ifndef PCC_MAINTAINERS_H
#define PCC_MAINTAINERS_H

#include <glib.h>
#include "pcc-tree.h"

G_BEGIN_DECLS

typedef struct _PccMaintainers PccMaintainers;

/* Parse @data, the contents of a MAINTAINERS file called @filename (used
 * in error messages).  @tree, if not NULL, answers whether F:/X: values
 * name directories; it must outlive the returned object.  Fails with
 * PCC_ERROR_MAINTAINERS, naming the file and line, for a pattern that is
 * not a valid regular expression. */
PccMaintainers *pcc_maintainers_new_from_data (const char *filename,
                                               const char *data, gsize len,
                                               const PccTree *tree,
                                               GError **error);

/* Read MAINTAINERS from @tree the way the script does: @path (relative
 * to the tree, or absolute) defaults to "MAINTAINERS"; when it names a
 * directory every file in it not starting with '.' is read in directory
 * order (sorted by name here, so the result does not depend on the file
 * system).  @tree must outlive the returned object. */
PccMaintainers *pcc_maintainers_load (const PccTree *tree, const char *path,
                                      GError **error);

/* Append another file (used for a MAINTAINERS directory). */
gboolean pcc_maintainers_add_data (PccMaintainers *m, const char *filename,
                                   const char *data, gsize len,
                                   GError **error);

void pcc_maintainers_free (PccMaintainers *m);

/* Convert "**" in F:/X: values as 7.3's script does (pcc-dialect.h,
 * PCC_DIALECT_DOUBLE_STAR): to "(?:.*)", which matches at any depth and
 * gives a pattern depth of -1 when it leads.  Off by default (6.1: "**"
 * is two "*").  Set it before the first match: converted values are
 * kept.  Not part of the compiled index, which holds the values as
 * written. */
void pcc_maintainers_set_double_star (PccMaintainers *m, gboolean on);
/* 7.x scripts read every file as UTF-8 (use open qw(:std
 * :encoding(UTF-8))): their K: keywords then see characters, and \b or
 * \w know Unicode (a keyword next to a CJK letter is inside a word).
 * With @on, K: keywords are matched so (PCC_REGEX_UNICODE). */
void pcc_maintainers_set_unicode (PccMaintainers *m, gboolean on);

/* --- the compiled index (for the on-disk cache, pcc-index-cache.h) ---- */

/* The parsed and indexed file as one position-independent block of
 * memory: what a later run can map and match against directly, without
 * parsing.  NULL when @m was read from several files (a MAINTAINERS
 * directory).  The tests of the tree ("-d $value") are not in it: they
 * are made on first use against the tree at hand. */
GBytes *pcc_maintainers_to_index (PccMaintainers *m);

/* Matching straight from @index (which must start 8-byte aligned, as a
 * mapping does; it is referenced, not copied).  Every offset and list in
 * it is checked first, so a damaged index fails here with
 * PCC_ERROR_MAINTAINERS rather than misleading matching; what it says is
 * otherwise trusted (the cache verifies its checksum first). */
PccMaintainers *pcc_maintainers_new_from_index (GBytes *index,
                                                const PccTree *tree,
                                                GError **error);

/* Identifies the layout of an index, for cache keys. */
const char *pcc_maintainers_index_format (void);

/* --- the typevalue array ------------------------------------------- */

guint pcc_maintainers_get_n_entries (const PccMaintainers *m);
/* 'A'..'Z' for a typed entry, 0 for an untyped one. */
char pcc_maintainers_entry_type (const PccMaintainers *m, guint tvi);
/* The value of a typed entry (converted for F:/X:, with the directory
 * slash once it has been looked up), or the whole line of an untyped
 * one. */
const char *pcc_maintainers_entry_value (PccMaintainers *m, guint tvi);
/* The line as written in the file, and where. */
const char *pcc_maintainers_entry_line (const PccMaintainers *m, guint tvi);
const char *pcc_maintainers_entry_file (const PccMaintainers *m, guint tvi);
guint pcc_maintainers_entry_lineno (const PccMaintainers *m, guint tvi);

/* find_starting_index() / find_ending_index() of the script. */
guint pcc_maintainers_section_start (const PccMaintainers *m, guint tvi);
guint pcc_maintainers_section_end (const PccMaintainers *m, guint tvi);
/* The section's name, untruncated (the entry at section_start). */
const char *pcc_maintainers_section_name (const PccMaintainers *m, guint tvi);

/* Whether the section holding @tvi has an L: entry; with @public_only,
 * subscribers-only lists do not count. */
gboolean pcc_maintainers_section_has_list (const PccMaintainers *m, guint tvi,
                                           gboolean public_only);

/* The status --substatus reports for the section holding @tvi: its (last)
 * S: value, "Unknown" when it has none, or NULL when it is "Maintained" or
 * the section is THE REST (7.x's get_maintainer.pl).  The string belongs
 * to @m. */
const char *pcc_maintainers_section_substatus (const PccMaintainers *m,
                                               guint tvi);

/* --- matching ------------------------------------------------------- */

typedef struct
{
  guint tvi;      /* the F: or N: entry that matched */
  int depth;      /* the script's pattern depth ($value_pd); 0 for N: */
  gboolean exact; /* depth >= the file's depth and the section is
                    maintained with an M: (the script's
                    %exact_pattern_match_hash) */
} PccMatch;

/* The number of '/' in @path: the script's pattern and file depths. */
guint pcc_path_depth (const char *path);

/* Every F:/N: entry matching @file, sections excluded by an X: of their
 * own skipped, in MAINTAINERS order.  Appends PccMatch to @out.  Fails
 * only when a pattern is not a valid regular expression. */
gboolean pcc_maintainers_match_file (PccMaintainers *m, const char *file,
                                     GArray *out, GError **error);

/* K: entries. */
guint pcc_maintainers_get_n_keywords (const PccMaintainers *m);
guint pcc_maintainers_keyword_tvi (const PccMaintainers *m, guint k);

/* Test the keywords against one line of a patch (with its newline, as
 * Perl reads it).  With @in_diff the script's "^[+-].*" prefix is
 * applied (lines after the first ---/+++ header).  Appends the tvi of
 * each keyword that matches to @hits (a GArray of guint).  Fails when a
 * K: entry is not a valid regular expression (the script dies there). */
gboolean pcc_maintainers_match_keywords (PccMaintainers *m, const char *line,
                                         gsize len, gboolean in_diff,
                                         const GArray *candidates,
                                         GArray *hits, GError **error);

/* The keywords (tvi) that may match some line of @text: those whose
 * required literal (the longest run of plain bytes at the top level of
 * the pattern, which every match contains) occurs in @text, and those
 * without one.  Pass the result as @candidates above: a large patch is
 * then scanned line by line for a few keywords, not all of them. */
gboolean pcc_maintainers_keywords_in_text (PccMaintainers *m, const char *text,
                                           gsize len, GArray *candidates,
                                           GError **error);

/* Bytes [offset, offset + len) of a text. */
typedef struct
{
  gsize offset, len;
} PccTextSpan;

/* The same for the @n_spans spans of @text only (say, the lines keywords
 * are matched on): a keyword's required literal is looked for within
 * each span, not across two. */
gboolean pcc_maintainers_keywords_in_spans (PccMaintainers *m,
                                            const char *text,
                                            const PccTextSpan *spans,
                                            guint n_spans, GArray *candidates,
                                            GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccMaintainers, pcc_maintainers_free)

G_END_DECLS

#endif
