/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-history.h - a kernel tree's git history, as get_maintainer.pl reads it.
 *
 * get_maintainer.pl reads history by running git and grepping its output
 * (vcs_find_signers(), vcs_blame()...).  This module is the git side of
 * that, through libgit2 and without a git process: each function gives
 * the lines the script's git command would have printed, split and
 * trimmed the way git_execute_cmd() does (leading white space of every
 * line removed, blank lines gone), or the commit ids it would have
 * collected.  What the script then does with those lines (signature
 * patterns, mailmap, counting, roles) is the recipient engine's
 * (pcc-recipients.c).
 *
 * Commands reproduced:
 *   git log --no-color --follow --since=$since --numstat --no-merges
 *       --format="GitCommit: %H%n...%b%n" -- $file   pcc_history_file_log()
 *   git log --no-color --numstat --format=... -1 $commit
 *                                                pcc_history_commit_log()
 *   git log --no-color --numstat --format=... -1 $commit (author form)
 *                                                pcc_history_commit_author()
 *   git blame -l [-L $start,+$length] $file      pcc_history_blame()
 *
 * The object and its walk are in pcc-history.c, the git log lines in
 * pcc-history-log.c, blame in pcc-history-blame.c; "patchcc --check"
 * (pcc-check.h) uses the history too.
 *
 * Not reproduced: "git ls-files" (the script treats a patch file that
 * git tracks as a source file, and warns about -f files git does not
 * track).
 *
 * Semantics kept: the walk from HEAD (or the tree's commit) in committer
 * date order, not descending below a commit older than --since (git's
 * unlimited walk); --follow's rename switch (when the followed file is
 * added by a commit, rename detection on that commit finds its old name,
 * used from then on); --no-merges; numstat line counts; blame lines of a
 * root commit (git's "^" boundary lines) left out as the script's
 * pattern leaves them out.  Known difference: rename detection uses
 * libgit2's similarity metric, which can disagree with git's for a
 * rename with close to 50% of its lines changed.
 *
 * Nothing is read when the history is opened; the walk of --since is
 * made once, the first time a file log asks for it, and reused.
 */
#ifndef PCC_HISTORY_H
#define PCC_HISTORY_H

#include <glib.h>
#include "pcc-tree.h"

G_BEGIN_DECLS

typedef struct _PccHistory PccHistory;

/* The history of @tree: its git repository read from HEAD for a work
 * tree with a ".git" entry (the script's vcs_exists() test), or from the
 * tree's commit for a git tree (pcc_tree_open_git()).  Returns NULL
 * without an error when the tree is not in git (the script then reads no
 * history), NULL with PCC_ERROR_GIT when the repository cannot be
 * opened.  @tree must outlive the history. */
PccHistory *pcc_history_open (const PccTree *tree, GError **error);
void pcc_history_free (PccHistory *history);

/* The walk of a year of history that pcc_history_file_log() makes is
 * kept in the walk cache (pcc-walk-cache.h), in
 * ${XDG_CACHE_HOME:-~/.cache}/patchcc/history unless
 * PATCHCC_NO_HISTORY_CACHE is set in the environment when the history is
 * opened.  This sets the cache's folder (a copy is kept), NULL for none.
 * The answers are the same with or without it. */
void pcc_history_set_cache_dir (PccHistory *history, const char *dir);

/* Write what this history found since it was opened or last saved to
 * the walk cache: which commits changed the paths asked about
 * (pcc_path_sets_save()).  The engine calls it once a result is
 * computed. */
void pcc_history_save_cache (PccHistory *history);

/* For how many commits the current walk's answers (which paths each
 * changed) came from comparing trees, rather than from the walk cache;
 * for tests. */
guint pcc_history_get_trees_compared (const PccHistory *history);

/* How many commits the last walk read from the repository rather than
 * from the walk cache. */
guint pcc_history_get_commits_read (const PccHistory *history);

/* The lines of the script's find_signers_cmd for @file, commits with a
 * committer date at or after @since.  Appends to @lines (char *, owned
 * by the array's free function).  Fails with PCC_ERROR_GIT when the
 * repository cannot be read. */
gboolean pcc_history_file_log (PccHistory *history, const char *file,
                               gint64 since, GPtrArray *lines, GError **error);

/* The lines of find_commit_signers_cmd for @rev (an abbreviated or full
 * commit id as written after "Fixes:", or any revision).  An unknown or
 * ambiguous @rev appends nothing and returns FALSE (git prints an error
 * there and the script goes on); @error is not set then. */
gboolean pcc_history_commit_log (PccHistory *history, const char *rev,
                                 GPtrArray *lines);
/* The lines of find_commit_author_cmd for @rev, FALSE as above. */
gboolean pcc_history_commit_author (PccHistory *history, const char *rev,
                                    GPtrArray *lines);

/* The commit ids the script's vcs_save_commits() collects from
 * "git blame -l -L @start,+@length @file" (or the whole file when
 * @start is 0 and @length is 0), one per line, in line order: lines of
 * root commits are left out, lines changed in the work tree come as 40
 * zeros.  A range git refuses (empty, or past the end of the file) or a
 * file not in HEAD appends nothing.  Appends char * to @commits. */
gboolean pcc_history_blame (PccHistory *history, const char *file, guint start,
                            guint length, GPtrArray *commits, GError **error);

/* The full id of the commit @rev names, or NULL when the repository
 * does not have it (or it is ambiguous).  The caller frees it. */
char *pcc_history_resolve_commit (PccHistory *history, const char *rev);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccHistory, pcc_history_free)

G_END_DECLS

#endif /* PCC_HISTORY_H */
