/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-range-diff.h - what "git range-diff --no-color" prints for two
 * versions of a series, computed with libgit2.
 *
 * Each commit becomes a text the way git range-diff reads "git log -p"
 * output: " ## Metadata ##" with the author (after .mailmap), " ## Commit
 * message ##" with the message indented by four spaces (tabs expanded to
 * eight columns, trailing white space dropped), " ## Notes ##" for a note
 * of the default notes ref, then " ## path ##" per file ("(new)",
 * "(deleted)", "old => new", "(mode change A => B)") and its hunks, whose
 * headers keep "@@ path: function" and lose their line numbers.
 * Commits with the same diff pair up first; the others by a linear
 * assignment (Jonker-Volgenant, with git's tie breaking) over the size of
 * the diff between their texts, a commit left alone costing 60% of its
 * diff's size.  The output follows the new series, an old commit without
 * a partner shown once its predecessors are, and each changed pair is
 * followed by the diff of its two texts, indented by four spaces, hunk
 * headers naming the section they are in.
 *
 * A commit of another encoding is shown in UTF-8, as git log does.
 * Hashes are abbreviated as git does by default: core.abbrev, else a
 * length from the number of packed objects, alternates' included (at
 * least 7), lengthened until unique in the repository.  The diff settings of the repository's
 * configuration that git log and git range-diff read are read too:
 * diff.context, diff.interHunkContext, diff.indentHeuristic,
 * diff.algorithm (myers, minimal, patience), diff.renames (with copies),
 * diff.renameLimit and diff.suppressBlankEmpty.
 *
 * What libgit2 cannot give exactly as git does: rename and copy detection
 * use libgit2's similarity measure (exact renames and clear cases agree;
 * borderline ones near 50% may not); hunk-header function names come from
 * libgit2's diff drivers, which are git's default rule, the drivers of
 * the configuration, and the built-in drivers libgit2 1.5 has (not bash,
 * css, dts, elixir, fountain, golang, kotlin, markdown, rust, scheme or
 * tex: files with those in .gitattributes, like the kernel's *.dts, get
 * the default rule, so their hunk headers may name another line than
 * git's); diff.algorithm=histogram is read as myers (libgit2 has no
 * histogram diff).  Not done: notes of notes.displayRef refs, submodule
 * changes, core.quotePath=false for the names of a "Binary files" line,
 * GIT_ALTERNATE_OBJECT_DIRECTORIES in the count behind the abbreviation
 * length, merges.
 *
 * The returned text belongs to the caller; nothing else is kept.
 */
#ifndef PCC_RANGE_DIFF_H
#define PCC_RANGE_DIFF_H

#include <git2.h>
#include <glib.h>

G_BEGIN_DECLS

/* The creation factor of git range-diff: an unpaired commit costs this
 * percentage of its diff's line count. */
#define PCC_RANGE_DIFF_CREATION_FACTOR 60

/* The text of "git range-diff --no-color OLDBASE..OLDTIP NEWBASE..NEWTIP"
 * for the @n_old commits @old_commits and the @n_new commits
 * @new_commits of @repo, each array in the order of "git log --reverse
 * --date-order" (a series: oldest first), without merges (a commit's
 * diff is to its first parent, or to the empty tree for a root commit).
 * @repo stays the caller's (opened with libgit2 initialised); the arrays
 * are only read.  Returns newly allocated text (g_free()), "" when both
 * arrays are empty; NULL with PCC_ERROR_GIT when a commit cannot be read,
 * PCC_ERROR_TOO_LARGE for more than 46340 commits in all (the cost
 * matrix is indexed by int, as git's). */
char *pcc_range_diff (git_repository *repo, const git_oid *old_commits,
                      gsize n_old, const git_oid *new_commits, gsize n_new,
                      GError **error);

G_END_DECLS

#endif /* PCC_RANGE_DIFF_H */
