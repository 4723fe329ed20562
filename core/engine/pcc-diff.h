/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-diff.h - the one reader of git diffs in libpatchcc.
 *
 * A diff (in a mail, an mbox, or alone) is read into one PccDiffFile per
 * file: the names from "diff --git", ---/+++ and rename/copy lines (C
 * quoting undone), new/deleted/renamed/copied, modes, similarity,
 * "Binary files ... differ" and "GIT binary patch" (with the sizes the
 * literal parts give), and its hunks with their lines.  Git diffs
 * ("diff --git", extended headers, then ---/+++ or binary data) and
 * plain unified diffs (---, +++, @@) are read.
 *
 * The recipients side (pcc-patch.c: the files of a patch), the series
 * diffstat (pcc-diffstat.c) and the damage check (pcc-damage.c) all read
 * these structures, or the line grammar below, so that a diff means the
 * same to each of them.  (pcc-patch.c's get_maintainer.pl view keeps the
 * script's own line patterns, quirks included: that emulates the
 * script, it does not read the diff.)
 *
 * Ownership: pcc_diff_parse() returns a GPtrArray of PccDiffFile that
 * the caller owns (unref it; it frees the files).  The strings of a
 * PccDiffFile belong to it.  The text of a PccDiffLine points into the
 * bytes given to pcc_diff_parse(), which must outlive the result.
 *
 * Errors: PCC_ERROR / PCC_ERROR_PATCH only, and only in
 * PCC_DIFF_STRICT mode (see below).
 */
#ifndef PCC_DIFF_H
#define PCC_DIFF_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char op;             /* ' ', '-' or '+' (an empty line is a ' ' line) */
  const char *text;    /* after the op, into the parsed bytes */
  gsize len;           /* of @text, with its newline if it has one */
  gboolean no_newline; /* "\ No newline at end of file" follows */
} PccDiffLine;

/* How a hunk ended. */
typedef enum
{
  PCC_DIFF_HUNK_COMPLETE,  /* as many lines as its header says */
  PCC_DIFF_HUNK_SHORT,     /* a line that is not a hunk line came first */
  PCC_DIFF_HUNK_OVERFLOW,  /* a line its counts do not allow came first */
  PCC_DIFF_HUNK_TRUNCATED, /* the input ended first */
} PccDiffHunkEnd;

typedef struct
{
  guint old_start, old_count, new_start, new_count;
  guint lineno;  /* 1-based line of the "@@" */
  GArray *lines; /* PccDiffLine; NULL under PCC_DIFF_NO_LINES */
  guint added, removed; /* its '+' and '-' lines */
  PccDiffHunkEnd end;
  guint end_lineno;               /* SHORT, OVERFLOW: the line that ended it */
  guint missing_old, missing_new; /* lines the header promised */
} PccDiffHunk;

typedef struct
{
  char *old_path, *new_path; /* NULL for /dev/null (added, deleted) */
  char *git_a, *git_b;       /* the names of "diff --git", or NULL */
  gboolean is_git;           /* started by "diff --git" */
  gboolean is_new, is_delete, is_rename, is_copy;
  gboolean binary;       /* "Binary files ... differ" or GIT binary patch */
  gboolean binary_sizes; /* bin_old and bin_new are known */
  guint old_mode, new_mode, index_mode; /* 0 when not given */
  int similarity;                       /* -1 when not given */
  gint64 bin_old, bin_new;              /* -1 when not known */
  guint lineno;                         /* 1-based line where it starts */
  GArray *hunks;                        /* PccDiffHunk */
} PccDiffFile;

typedef enum
{
  /* A hunk that ends early or overflows is an error (PCC_ERROR_PATCH,
   * "NAME:LINE: ..."), and so is a file diff without a name. */
  PCC_DIFF_STRICT = 0,
  /* Hunks end where their lines end (PccDiffHunk.end says how); files
   * without a name are dropped.  Never fails. */
  PCC_DIFF_LENIENT = 1 << 0,
  /* Hunks keep their numbers and counts only (PccDiffHunk.lines is
   * NULL), for a reader that needs no line: a tree-wide patch has tens
   * of thousands. */
  PCC_DIFF_NO_LINES = 1 << 1,
} PccDiffFlags;

/* Read the file diffs of @len bytes of @text (@name names it in
 * messages).  Returns NULL only in strict mode, with @error set. */
GPtrArray *pcc_diff_parse (const char *name, const char *text, gsize len,
                           PccDiffFlags flags, GError **error);

/* --- the line grammar, for readers that walk lines themselves --------- */

/* "@@ -a[,b] +c[,d] @@...": TRUE and the four numbers (counts default to
 * 1) when @line (@len bytes, no newline) is a hunk header whose numbers
 * are at most G_MAXINT32. */
gboolean pcc_diff_parse_hunk_header (const char *line, gsize len,
                                     guint *old_start, guint *old_count,
                                     guint *new_start, guint *new_count);

/* "diff --git A B": the two names (prefixes a/ and b/ removed, C quoting
 * undone) into newly allocated *@a and *@b; FALSE (and NULLs) when the
 * line does not hold two names. */
gboolean pcc_diff_parse_git_line (const char *line, gsize len, char **a,
                                  char **b);

/* Whether @line is one of git's extended header lines (old/new mode,
 * deleted/new file mode, rename/copy from/to, (dis)similarity index,
 * index) and well-formed. */
gboolean pcc_diff_is_extended_header (const char *line, gsize len);

/* Whether @line is a line of base85 data of a GIT binary patch (a length
 * character, then groups of five characters that fit it). */
gboolean pcc_diff_is_binary_data (const char *line, gsize len);

/* Whether the bytes from @s up to @end are at least one and all from
 * @set (the line grammar's "digits", "octal", "+-" runs). */
gboolean pcc_diff_all_of (const char *s, const char *end, const char *set);

void pcc_diff_file_free (PccDiffFile *file);

G_END_DECLS

#endif
