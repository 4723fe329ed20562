/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-series.h - a patch series: an optional cover letter and N patches.
 *
 * A series is read from what people have at hand: the folder "git
 * format-patch -o DIR" (or "b4 send -o DIR") wrote, an mbox of the whole
 * thread, a list of patch files, or PccPatch objects already parsed.
 * The patches are put in the order of their "[PATCH n/N]" numbers, the
 * "[PATCH 0/N]" mail (if any) becomes the cover letter, and whatever
 * looks wrong (a missing or doubled number, totals that disagree) is
 * kept as a warning rather than refused: the series can still be read,
 * shown and summed up.  Whether it can be sent is another question,
 * which pcc_series_check() answers (below).
 *
 * For the cover letter the series gives:
 *
 *  - the shortlog, as "git shortlog" prints it (grouped by author, the
 *    author's name mapped through .mailmap with libgit2's git_mailmap,
 *    authors sorted by name, subjects in series order), or as "git
 *    format-patch --cover-letter" prints it (wrapped at 72 columns,
 *    indented by 2 and 4);
 *  - the diffstat of the series as one change (pcc-diffstat.h), with
 *    git's formatting;
 *  - base-commit:, prerequisite-patch-id: and change-id: lines found in
 *    the cover or the patches;
 *  - the subject "[PATCH v2 0/N] title", from the patches' own prefix;
 *  - the recipients: the union over the patches (pcc_engine_compute on
 *    all of them) and the rewrite plan for the cover letter
 *    (pcc_plan_new on all of them, split as b4 splits).
 *
 * The author of a patch is its in-body "From:" line when there is one
 * (as git am reads it), else the mail's From:; the subject is cleaned of
 * "[...]" prefixes and "Re:" as git mailinfo cleans it (pcc-mailinfo.h).
 * The numbers are read from the subject prefix as b4 reads them
 * (pcc-subject.h: at most four digits a side); an mbox is split as git
 * mailsplit splits it (pcc-mbox.h).  Warnings name the mail and say what
 * is wrong; at most PCC_SERIES_MAX_MISSING missing patches are listed one
 * by one, the rest in one line.
 *
 * Ownership: a PccSeries owns its patches, warnings and strings; the
 * "const" getters return memory that lives as long as the series, the
 * others a newly allocated string (g_free()).  Errors are in PCC_ERROR:
 * PCC_ERROR_IO (a file or folder that cannot be read), PCC_ERROR_PATCH
 * and the other codes of pcc_patch_new_from_data() for a mail that cannot
 * be parsed, PCC_ERROR_NO_DIFF (no patch in the series), PCC_ERROR_MAILMAP
 * (a .mailmap libgit2 refuses).
 */
#ifndef PCC_SERIES_H
#define PCC_SERIES_H

#include <glib.h>
#include "pcc-patch.h"
#include "pcc-plan.h"
#include "pcc-recipients.h"
#include "pcc-tree.h"

G_BEGIN_DECLS

typedef struct _PccSeries PccSeries;

#define PCC_SERIES_MAX_MISSING 100

/* Every mail of a folder's regular files (not starting with '.'), in
 * name order; files holding an mbox are split.  Fails when the folder
 * cannot be read, a file cannot be parsed, or no patch is found. */
PccSeries *pcc_series_new_from_dir (const char *dir, GError **error);
/* An mbox (split on "From " lines the way git mailsplit splits them), a
 * single mail, or a plain diff. */
PccSeries *pcc_series_new_from_mbox_data (const char *name, const char *data,
                                          gsize len, GError **error);
/* Files and folders (a folder as in pcc_series_new_from_dir()). */
PccSeries *pcc_series_new_from_paths (const char *const *paths, guint n_paths,
                                      GError **error);
/* Takes ownership of the patches (and frees them on failure too). */
PccSeries *pcc_series_new_from_patches (PccPatch **patches, guint n_patches,
                                        GError **error);
void pcc_series_free (PccSeries *series);

/* --- the mails ---------------------------------------------------------- */

/* The "[PATCH 0/N]" mail, or NULL. */
PccPatch *pcc_series_get_cover (const PccSeries *series);
/* The patches in series order (without the cover letter). */
guint pcc_series_get_n_patches (const PccSeries *series);
PccPatch *pcc_series_get_patch (const PccSeries *series, guint i);
PccPatch *const *pcc_series_get_patches (const PccSeries *series);
/* Replace patch @i (e.g. with a rewritten one); takes ownership. */
void pcc_series_replace_patch (PccSeries *series, guint i, PccPatch *patch);
/* Where patch @i came from ("dir/0002-foo.patch", "x.mbox#3"), for
 * messages and for writing it back. */
const char *pcc_series_get_patch_source (const PccSeries *series, guint i);

/* Problems noticed while putting the series together, one a string. */
const GPtrArray *pcc_series_get_warnings (const PccSeries *series);

/* --- whether the series may be sent ------------------------------------- */

/* The warnings above say what looked odd; some of them mean that the
 * folder does not hold one series, and sending it would put a wrong
 * thread on the list (two versions of a series numbered 1/6..6/6, a
 * patch sent twice, a missing one).  pcc_series_check() lists those, so
 * that a caller that sends refuses to: every kind below is a reason not
 * to send. */
typedef enum
{
  /* Two or more cover letters ("[PATCH 0/N]"); only the first is used. */
  PCC_SERIES_PROBLEM_SECOND_COVER,
  /* Two or more patches with one number. */
  PCC_SERIES_PROBLEM_DUPLICATE_NUMBER,
  /* A number from 1 to the total that no patch has. */
  PCC_SERIES_PROBLEM_MISSING_NUMBER,
  /* "n/M" with an M other than the series' total (the cover's, else the
   * first patch's), or an n beyond it. */
  PCC_SERIES_PROBLEM_COUNT_MISMATCH,
  /* Some patches numbered "n/M", others not: no order to send them in. */
  PCC_SERIES_PROBLEM_PARTLY_NUMBERED,
  /* Subject prefixes that differ: "PATCH" and "PATCH v2", "RFC PATCH"
   * and "PATCH", "PATCH net" and "PATCH net-next". */
  PCC_SERIES_PROBLEM_MIXED_PREFIX,
  /* base-commit: lines that name different commits. */
  PCC_SERIES_PROBLEM_MIXED_BASE,
} PccSeriesProblemKind;

typedef struct
{
  PccSeriesProblemKind kind;
  char *message; /* one sentence for people, naming the files */
  char **files;  /* the mails that cause it, as pcc_series_get_patch_source()
                    names them (a second cover letter too), NULL-terminated */
} PccSeriesProblem;

/* The problems of @series as it is now (after any
 * pcc_series_replace_patch()), in the order of the kinds above; an empty
 * array when it may be sent.  A new array of PccSeriesProblem, each freed
 * with it (g_ptr_array_unref()). */
GPtrArray *pcc_series_check (const PccSeries *series);
/* TRUE when pcc_series_check() finds nothing; else FALSE with
 * PCC_ERROR_PATCH, the message every problem's, one a line. */
gboolean pcc_series_check_error (const PccSeries *series, GError **error);

/* --- what the cover letter says ----------------------------------------- */

/* The subject prefix of the patches without the numbers: "PATCH v2",
 * "RFC PATCH net-next" ("PATCH" when the patches have none). */
const char *pcc_series_get_prefix (const PccSeries *series);
/* "[PATCH v2 0/3] @title" (the 0 padded as format-patch pads it).  A
 * single patch without a cover still gets "0/1". */
char *pcc_series_format_cover_subject (const PccSeries *series,
                                       const char *title);
/* The existing cover letter's title and blurb (the text before its
 * shortlog, diffstat or signature), or NULL without a cover letter. */
char *pcc_series_get_cover_title (const PccSeries *series);
char *pcc_series_get_cover_blurb (const PccSeries *series);

/* A patch's author and subject as git am would record them. */
void pcc_series_get_author (const PccSeries *series, guint i, char **name,
                            char **email);
char *pcc_series_get_commit_subject (const PccSeries *series, guint i);

/* base-commit: of the cover or else the first patch that has one; NULL
 * when none.  Warnings record patches that disagree. */
const char *pcc_series_get_base_commit (const PccSeries *series);
/* prerequisite-patch-id: values, without duplicates, in order. */
const GPtrArray *pcc_series_get_prerequisites (const PccSeries *series);
const char *pcc_series_get_change_id (const PccSeries *series);
/* "prerequisite-patch-id: X\n" lines, as b4's ${prerequisites}. */
char *pcc_series_format_prerequisites (const PccSeries *series);

/* --- shortlog and diffstat ------------------------------------------------ */

/* The mailmap for author names: .mailmap text in git's format, parsed by
 * libgit2.  Without one, names are used as they are. */
gboolean pcc_series_set_mailmap (PccSeries *series, const char *data,
                                 gsize len, GError **error);
/* Read .mailmap from @tree (a missing file is not an error). */
gboolean pcc_series_load_mailmap (PccSeries *series, const PccTree *tree,
                                  GError **error);
/* The tree at the series' base, so that the diffstat knows every line
 * (see pcc-diffstat.h).  @tree must outlive the series. */
void pcc_series_set_base_tree (PccSeries *series, const PccTree *tree);

typedef enum
{
  PCC_SHORTLOG_GIT,   /* git shortlog: subjects indented by 6, unwrapped */
  PCC_SHORTLOG_COVER, /* format-patch --cover-letter: wrapped at 72, 2/4 */
} PccShortlogStyle;

/* Exactly git's output for the series' commits, each author block ending
 * with a blank line. */
char *pcc_series_format_shortlog (PccSeries *series, PccShortlogStyle style);

/* The series' diffstat (pcc_diffstat_format()): @width 72 and @summary
 * TRUE give format-patch's cover letter, 80 and FALSE give b4's "git diff
 * --stat".  NULL with @error set when a patch's diff is malformed. */
char *pcc_series_format_diffstat (PccSeries *series, int width,
                                  gboolean summary, GError **error);
/* Whether the diffstat is certainly git's (see pcc_diffstat_is_exact). */
gboolean pcc_series_diffstat_is_exact (PccSeries *series, const char **why);

/* --- recipients --------------------------------------------------------- */

/* The recipients of the whole series (the union over the patches). */
PccResult *pcc_series_compute (PccSeries *series, PccEngine *engine,
                               const PccOptions *opts, GError **error);
/* The plan for the cover letter's To:/Cc: (NULL-terminated @to and @cc
 * as typed, may be NULL). */
PccPlan *pcc_series_plan_new (PccSeries *series, PccEngine *engine,
                              const PccPlanOptions *opts,
                              const char *const *to, const char *const *cc,
                              GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccSeries, pcc_series_free)

G_END_DECLS

#endif
