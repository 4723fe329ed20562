/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-fixer.h - the one-click recipient fix, without any toolkit.
 *
 * Everything the mail-client glue needs between "here is what the user
 * has in the compose window" and "here is the plan to show or apply":
 *
 *  - which kernel tree to use when none is configured
 *    (pcc_tree_default_path() (pcc-tree.h));
 *  - one PccEngine per tree, loaded once and reused while MAINTAINERS
 *    and .mailmap stay the same (loading costs a few milliseconds, a
 *    mail client asks for every patch it sends);
 *  - whether a mail is a patch mail at all (pcc_fixer_is_patch_mail());
 *  - the patch as get_maintainer.pl would read it: the compose window's
 *    Subject: line, a blank line and the body text, so that K: keywords
 *    see the subject as the script sees it in a format-patch file;
 *  - the plan (pcc_fixer_plan()).
 *
 * Nothing here touches the mail: the caller reads the composer and
 * writes the final To:/Cc: back, and only those.
 */
#ifndef PCC_FIXER_H
#define PCC_FIXER_H

#include <glib.h>
#include "pcc-plan.h"

G_BEGIN_DECLS

typedef struct
{
  /* A kernel work tree, or a git repository (bare or not).  NULL or ""
   * means pcc_tree_default_path() (pcc-tree.h). */
  const char *tree_path;
  /* For a bare repository: the revision to read ("HEAD" when NULL). */
  const char *tree_rev;
  /* With a git repository: read MAINTAINERS at the patch's
   * base-commit: when it has one and the repository knows it. */
  gboolean use_base_commit;
  PccPlanOptions plan;
} PccFixerConfig;

void pcc_fixer_config_init (PccFixerConfig *cfg);

typedef struct _PccFixer PccFixer;

PccFixer *pcc_fixer_new (void);
void pcc_fixer_free (PccFixer *fixer);

/* The engine for @tree_path (see PccFixerConfig.tree_path) at @rev (NULL
 * for a work tree as it is on disk, or HEAD of a bare repository).
 * Cached: the same engine comes back until MAINTAINERS or .mailmap of a
 * work tree change on disk.  Owned by @fixer.  Fails with a message that
 * names the path and says what to do. */
PccEngine *pcc_fixer_get_engine (PccFixer *fixer, const char *tree_path,
                                 const char *rev, GError **error);
/* Forget every cached engine (after the configuration changed). */
void pcc_fixer_reset (PccFixer *fixer);

/* Whether @subject reads like a patch: a leading "[...]" group holds the
 * word "PATCH" ("[PATCH...]", "[RFC PATCH...]", "[PATCH RFC v2 3/7]",
 * "[net-next][PATCH]", "[net-next PATCH]", "[PATCHv2]"; not "[PATCHES]"),
 * as pcc_subject_parse() reads it.  Replies ("Re: [PATCH]") are not. */
gboolean pcc_fixer_subject_is_patch (const char *subject);

/* Parse the composer's content: "Subject: @subject", a blank line, and
 * @body (@body_len bytes, -1 for NUL-terminated).  CR and LF in @subject
 * are replaced by spaces.  The body is not copied into the mail. */
PccPatch *pcc_fixer_parse_mail (const char *subject, const char *body,
                                gssize body_len, GError **error);

/* A patch mail: the subject reads like a patch, or one of @patches holds
 * a diff, or @patches[0] is a cover letter. */
gboolean pcc_fixer_is_patch_mail (const char *subject,
                                  PccPatch *const *patches, guint n_patches);

/* For a cover letter without a diff: a patch made of the file names of
 * its diffstat (" path/to/file | 12 +-"), so that the recipients are the
 * union over the series' files as b4 sends a cover letter.  NULL when
 * the diffstat has no usable name (names shortened with "..." are
 * skipped). */
PccPatch *pcc_fixer_patch_from_diffstat (const PccPatch *cover);

/* Build the plan: the engine of cfg->tree_path, @patches, the typed
 * @to and @cc (NULL-terminated header values, as in pcc_plan_new()).
 * @engine_out, when not NULL, receives the engine used (owned by
 * @fixer); @elapsed_us the time spent (engine lookup included). */
PccPlan *pcc_fixer_plan (PccFixer *fixer, const PccFixerConfig *cfg,
                         PccPatch *const *patches, guint n_patches,
                         const char *const *to, const char *const *cc,
                         PccEngine **engine_out, gint64 *elapsed_us,
                         GError **error);

/* The final To: and Cc: laid out as a mail client's header rows, To:
 * first, in pcc_plan_get_final() order.  Up to @max_rows addresses: one
 * address a row.  More: the addresses kept from what was typed one a row
 * as before, and the added ones in one row per field, comma-separated
 * (a compose window with dozens of rows is slow to build, a few ms a row
 * in Claws, and no easier to read).  Returns a GArray of PccHeaderRow
 * (cleared with the array). */
typedef struct
{
  PccField field;
  char *value;
} PccHeaderRow;

#define PCC_FIXER_MAX_ROWS 12

/* @formatted ("Name <addr>", as get_maintainer.pl prints it) as it should
 * go into a mail header: a name quoted only because it is not ASCII
 * ("\"Rafał Miłecki\" <zajec5@gmail.com>") loses its quotes, so that the
 * mail client encodes it as an RFC 2047 word (an encoded word must not
 * stand inside a quoted string, and Claws Mail even folds the line inside
 * the quotes).  Names that need quoting (specials such as '.' or ',')
 * keep it.  pcc_fixer_header_rows() applies this to every address. */
char *pcc_fixer_header_address (const char *formatted);

GArray *pcc_fixer_header_rows (PccPlan *plan, guint max_rows);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccFixer, pcc_fixer_free)

G_END_DECLS

#endif
