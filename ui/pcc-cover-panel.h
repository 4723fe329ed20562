/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cover-panel.h - the cover-letter panel: template, provenance,
 * preview, recipients.
 *
 * PccCoverPanel is a plain GTK3 widget (no mail client needed) for
 * writing the cover letter of a PccSeries:
 *
 *   - the subject ("[PATCH v2 0/N]" + a title entry) and the blurb;
 *   - for a version after the first, what changed since the previous one
 *     (${changes}, prefilled by the caller);
 *   - a template picker (the user's templates, the installed ones and
 *     the built-in ones; pcc-template.h) with each template's
 *     description;
 *   - the provenance record as a form whose labels quote the questions
 *     of the kernel's Documentation/process/generated-content.rst: tools
 *     (name, version, which portions of the content they affected, and
 *     their input, such as a Coccinelle script, in a multi-line field),
 *     LLM or agent assistance (model or tool, which portions it affected,
 *     how it was reviewed, and its prompts or a summary of them in a
 *     multi-line field), testing (what, where) and notes; every one-line
 *     entry offers the values typed in earlier series (a
 *     PccProvenanceHistory kept in a key file);
 *   - when patches still carry Assisted-by: (or other tool) trailers, a
 *     bar that reports them, says what the kernel tree asks about them
 *     (pcc_cover_panel_set_attribution()), and moves them into the form
 *     when the user clicks its button, never on its own
 *     (pcc_tool_trailers_migrate(): the patches lose those lines, nothing
 *     else);
 *   - a live preview of the rendered cover letter, or the template's
 *     error (name, line, column) instead of a half-rendered text;
 *   - the recipients of the whole series, in the same review view (and
 *     with the same explanations) as the recipient review dialog.
 */
#ifndef PCC_COVER_PANEL_H
#define PCC_COVER_PANEL_H

#include <gtk/gtk.h>

#include "pcc-attribution.h"
#include "pcc-cover.h"
#include "pcc-plan.h"
#include "pcc-provenance.h"
#include "pcc-series.h"

G_BEGIN_DECLS

#define PCC_TYPE_COVER_PANEL (pcc_cover_panel_get_type ())
G_DECLARE_FINAL_TYPE (PccCoverPanel, pcc_cover_panel, PCC, COVER_PANEL, GtkBox)

/* @series (and @plan, the cover's recipients, may be NULL) must outlive
 * the panel; @tree_desc (pcc_tree_describe(), may be NULL) is shown with
 * the recipients.  @user_template_dir is <claws config
 * dir>/patchcc/templates (may be NULL); @history_path the key file of
 * earlier entries (may be NULL: no history). */
GtkWidget *pcc_cover_panel_new (PccSeries *series, PccPlan *plan,
                                const char *tree_desc,
                                const char *user_template_dir,
                                const char *history_path);

/* The cover being edited (its template, provenance and text follow the
 * form). */
PccCover *pcc_cover_panel_get_cover (PccCoverPanel *panel);

/* Fill the form from @prov (replacing what it holds). */
void pcc_cover_panel_set_provenance (PccCoverPanel *panel,
                                     const PccProvenance *prov);
/* The record the form holds now; NULL with @error (naming the field)
 * when a value is not acceptable. */
PccProvenance *pcc_cover_panel_get_provenance (PccCoverPanel *panel,
                                               GError **error);

/* Select a template by name; FALSE when there is no such template. */
gboolean pcc_cover_panel_set_template (PccCoverPanel *panel, const char *name);
const char *pcc_cover_panel_get_template (PccCoverPanel *panel);

void pcc_cover_panel_set_title (PccCoverPanel *panel, const char *title);
void pcc_cover_panel_set_blurb (PccCoverPanel *panel, const char *blurb);
/* Fill the "Changes" field (${changes}: "Changes in v2:..." as
 * pcc_changes_prefill() makes it, for the user to edit) and show it; it
 * is hidden for a first version until then. */
void pcc_cover_panel_set_changes (PccCoverPanel *panel, const char *changes);

/* Re-render now (the panel otherwise re-renders shortly after each
 * change).  Returns the preview text, or NULL with the error shown. */
const char *pcc_cover_panel_update (PccCoverPanel *panel);
/* The rendered body, or NULL and @error when the form or the template
 * is not usable. */
char *pcc_cover_panel_render_body (PccCoverPanel *panel, GError **error);
/* The error shown instead of the preview, or NULL. */
const char *pcc_cover_panel_get_error (PccCoverPanel *panel);

/* What the kernel tree the series is for asks about Assisted-by:
 * trailers (pcc_attribution_read()), said in the tool-trailer bar; NULL
 * when it is not known (the bar then claims nothing either way).  @attr
 * is not kept. */
void pcc_cover_panel_set_attribution (PccCoverPanel *panel,
                                      const PccAttribution *attr);
/* The tool-trailer bar's text, or NULL while it is hidden (owned by the
 * panel). */
const char *pcc_cover_panel_get_trailer_text (PccCoverPanel *panel);

/* Tool trailers found in the series (0 once moved). */
guint pcc_cover_panel_get_n_tool_trailers (PccCoverPanel *panel);
/* What the bar's button does. */
gboolean pcc_cover_panel_move_tool_trailers (PccCoverPanel *panel,
                                             GError **error);

/* Remember the form's values in the history key file. */
gboolean pcc_cover_panel_save_history (PccCoverPanel *panel, GError **error);

/* For tests: the widgets. */
GtkTextView *pcc_cover_panel_get_preview (PccCoverPanel *panel);
GtkTextView *pcc_cover_panel_get_notes (PccCoverPanel *panel);
GtkTextView *pcc_cover_panel_get_changes (PccCoverPanel *panel);
GtkEntry *pcc_cover_panel_get_entry (PccCoverPanel *panel,
                                     PccProvenanceKind kind, guint row,
                                     guint field);
/* The multi-line field of a row: a tool's input (PCC_PROV_TOOL), the
 * prompts (PCC_PROV_ASSISTANCE); NULL for testing or a missing row. */
GtkTextView *pcc_cover_panel_get_text (PccCoverPanel *panel,
                                       PccProvenanceKind kind, guint row);
/* Append an empty row to a section (what its "Add" button does). */
void pcc_cover_panel_add_row (PccCoverPanel *panel, PccProvenanceKind kind);
GtkWidget *pcc_cover_panel_get_review (PccCoverPanel *panel);

/* signal "changed" (PccCoverPanel *panel): the form changed. */

G_END_DECLS

#endif
