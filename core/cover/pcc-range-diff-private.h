/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-range-diff-private.h - between the range-diff's pairing and output
 * (pcc-range-diff.c), the texts of the commits as git log -p shows them
 * (pcc-range-diff-commit.c) and abbreviated hashes
 * (pcc-range-diff-abbrev.c).  Not for other modules. */
#ifndef PCC_RANGE_DIFF_PRIVATE_H
#define PCC_RANGE_DIFF_PRIVATE_H

#include <git2.h>
#include <glib.h>

G_BEGIN_DECLS

/* One commit of either series: its text and its place in the pairing. */
typedef struct
{
  git_oid oid;
  GString *text;     /* the commit as range-diff compares it */
  gsize diff_offset; /* where its diff starts in text (0: no diff) */
  int diffsize;      /* lines of the diff part */
  int matching;      /* index of the partner in the other series, or -1 */
  gboolean shown;
  char *subject; /* the one-line form of the message */
} PccRangeDiffCommit;

/* The settings of git's diff configuration that change what git log -p
 * and git range-diff print. */
typedef struct
{
  guint32 flags;    /* GIT_DIFF_INDENT_HEURISTIC, _PATIENCE, _MINIMAL */
  int context;      /* diff.context */
  int interhunk;    /* diff.interHunkContext */
  int renames;      /* diff.renames: 0 off, 1 renames, 2 copies too */
  int rename_limit; /* diff.renameLimit */
  int abbrev;       /* core.abbrev: -1 for git's estimate */
  gboolean suppress_blank_empty; /* diff.suppressBlankEmpty */
} PccRangeDiffConfig;

/* The settings of @repo's configuration (all of them set). */
void pcc_range_diff_read_config (PccRangeDiffConfig *c, git_repository *repo);

/* Fill @c (zeroed by the caller) with the text of commit @oid as git
 * range-diff reads it from git log -p; @mailmap may be NULL.  FALSE with
 * PCC_ERROR_GIT when the commit or its diff cannot be read (@c is then
 * still to be cleared). */
gboolean pcc_range_diff_read_commit (PccRangeDiffCommit *c,
                                     git_repository *repo,
                                     git_mailmap *mailmap,
                                     const PccRangeDiffConfig *cfg,
                                     const git_oid *oid, GError **error);

/* Free what @c holds (not @c). */
void pcc_range_diff_commit_clear (PccRangeDiffCommit *c);

/* @len less the trailing white space (git's: space, tab, LF, CR) of @s. */
gsize pcc_range_diff_rtrim (const char *s, gsize len);

/* The length of the longest prefix of @s (@len bytes) git's UTF-8 reader
 * accepts (no overlong form, surrogate, U+FFFE, U+FFFF, nor above
 * U+10FFFF). */
gsize pcc_range_diff_utf8_prefix (const char *s, gsize len);

/* The length git starts abbreviating hashes of @repo at: core.abbrev,
 * else from the number of packed objects (alternates' included). */
int pcc_range_diff_abbrev_start (git_repository *repo,
                                 const PccRangeDiffConfig *cfg);

/* @oid abbreviated from @len digits on until unique in @odb (when not
 * NULL).  Newly allocated (g_free()). */
char *pcc_range_diff_abbrev (git_odb *odb, const git_oid *oid, int len);

G_END_DECLS

#endif /* PCC_RANGE_DIFF_PRIVATE_H */
