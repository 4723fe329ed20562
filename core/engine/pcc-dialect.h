/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-dialect.h - which get_maintainer.pl a kernel tree has.
 *
 * The script changed between the trees patchcc is tested on (Debian's
 * linux-source 6.1, 6.12 and 7.3): the roles it prints, a ":Keyword:"
 * suffix on what a K: match adds, new options (--substatus, --bug,
 * --json, --keywords-in-file), "**" in F:/X: patterns, and UTF-8 input
 * and output.  A PccDialect is the set of those features one tree's script
 * has.  It is found by reading the tree's own scripts/get_maintainer.pl
 * (looking for the text each feature brought), or, when the tree has no
 * such script, from the VERSION and PATCHLEVEL of its Makefile; a tree
 * with neither speaks 6.1 (what patchcc always spoke).
 *
 * Pure functions of their arguments, no state.
 */
#ifndef PCC_DIALECT_H
#define PCC_DIALECT_H

#include <glib.h>
#include "pcc-tree.h"

G_BEGIN_DECLS

typedef enum
{
  /* "maintainer:SECTION" for every S: status; only "Buried alive in
   * reporters" gives "chief penguin" (6.1: supporter, odd fixer, ...) */
  PCC_DIALECT_MAINTAINER_ROLES = 1 << 0,
  /* a section found through a K: keyword appends ":Keyword:REGEX" to the
   * roles, lists, scm, web, status and bug lines it adds */
  PCC_DIALECT_KEYWORD_SUFFIX = 1 << 1,
  /* --substatus (default on at a terminal with --email --roles) */
  PCC_DIALECT_SUBSTATUS = 1 << 2,
  /* --bug and the B: entries; "... web or bug" in the missing-option
   * message */
  PCC_DIALECT_BUG = 1 << 3,
  /* --json */
  PCC_DIALECT_JSON = 1 << 4,
  /* -f FILE matches K: keywords against the file only with
   * --keywords-in-file (6.1 always did) */
  PCC_DIALECT_KEYWORDS_IN_FILE = 1 << 5,
  /* "**" in F:/X: becomes "(?:.*)": any depth, pattern depth -1 when
   * leading, printed back as "**" by --sections */
  PCC_DIALECT_DOUBLE_STAR = 1 << 6,
  /* "use open qw(:std :encoding(UTF-8))": text is characters (section
   * names cut by characters, \p{L} in names), --json double-encodes */
  PCC_DIALECT_UTF8 = 1 << 7,
} PccDialectFeature;

#define PCC_DIALECT_6_1  0u
#define PCC_DIALECT_6_12 ((guint) PCC_DIALECT_KEYWORD_SUFFIX)
#define PCC_DIALECT_7_3  ((guint) 0xff)

/* How a dialect was chosen. */
typedef enum
{
  PCC_DIALECT_FROM_DEFAULT, /* nothing to read: 6.1 */
  PCC_DIALECT_FROM_SCRIPT,  /* the tree's scripts/get_maintainer.pl */
  PCC_DIALECT_FROM_MAKEFILE,
  PCC_DIALECT_FROM_OPTION, /* --dialect (or a setting) */
} PccDialectSource;

typedef struct
{
  guint features; /* PccDialectFeature */
  PccDialectSource source;
} PccDialect;

/* The features the text of a get_maintainer.pl shows. */
guint pcc_dialect_features_from_script (const char *text, gsize len);

/* The features of kernel VERSION.PATCHLEVEL. */
guint pcc_dialect_features_from_version (int version, int patchlevel);

/* "6.1", "6.12", "7.3" to *@features; FALSE for another name ("auto"
 * included). */
gboolean pcc_dialect_features_from_name (const char *name, guint *features);

/* The dialect of @tree: its script, else its Makefile, else 6.1.  A git
 * tree (pcc_tree_open_git()) is read at its commit. */
void pcc_dialect_detect (const PccTree *tree, PccDialect *dialect);

/* The name of a known feature set ("6.1", "6.12", "7.3"), or NULL. */
const char *pcc_dialect_name (guint features);

/* One line (no newline) saying which dialect and how it was found, for
 * --explain; free with g_free(). */
char *pcc_dialect_describe (const PccDialect *dialect);

G_END_DECLS

#endif /* PCC_DIALECT_H */
