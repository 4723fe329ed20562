/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-attribution.h - what a kernel tree's own documents ask about tool
 * attribution.
 *
 * Whether a patch made with an LLM or another tool must say so in an
 * Assisted-by: trailer is not a constant: it is what the tree the series
 * is made for documents.  Documentation/process/coding-assistants.rst
 * (new in 7.x) has an Attribution section with the trailer's form as an
 * indented literal line:
 *
 *   Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]   (earlier 7.x)
 *   Assisted-by: LLM [TOOL1] [TOOL2]                          (7.3)
 *
 * A change posted for review in October 2026 ("docs: remove Assisted-by
 * references", in no release yet) deletes that section, so a tree with
 * it applied has the document without such a line and asks for no
 * trailer.  Older trees (6.x) have no such document at all.
 * Documentation/process/generated-content.rst, where it exists, asks
 * contributors to say "in cover letters and changelogs" which tools were
 * used, with what input and prompts, on which portions, and how the
 * result was tested (pcc-provenance.h holds those answers).
 *
 * A PccAttribution is read once from a PccTree; nothing here decides for
 * the user: moving trailers stays their choice (pcc-tool-trailers.h).
 */
#ifndef PCC_ATTRIBUTION_H
#define PCC_ATTRIBUTION_H

#include <glib.h>
#include "pcc-tree.h"

G_BEGIN_DECLS

/* The documents, relative to the top of the tree. */
#define PCC_ATTRIBUTION_DOC       "Documentation/process/coding-assistants.rst"
#define PCC_GENERATED_CONTENT_DOC "Documentation/process/generated-content.rst"

typedef enum
{
  /* The tree has no coding-assistants.rst: it says nothing. */
  PCC_ATTRIBUTION_UNKNOWN,
  /* coding-assistants.rst documents an Assisted-by: trailer. */
  PCC_ATTRIBUTION_TRAILER,
  /* coding-assistants.rst exists without one (the posted change
   * applied): how the series was made goes in the cover letter. */
  PCC_ATTRIBUTION_COVER,
} PccAttributionKind;

typedef struct _PccAttribution PccAttribution;

/* Read what @tree documents.  A missing document is not an error; NULL
 * with @error only when a document exists but cannot be read.  The
 * caller owns the result (pcc_attribution_free()). */
PccAttribution *pcc_attribution_read (const PccTree *tree, GError **error);

/* The same from the documents' text (NULL: the document is absent);
 * for callers that have read them already, and for tests. */
PccAttribution *pcc_attribution_new_from_text (const char *coding_assistants,
                                               gboolean has_generated_content);

void pcc_attribution_free (PccAttribution *attr);

PccAttributionKind pcc_attribution_get_kind (const PccAttribution *attr);

/* For PCC_ATTRIBUTION_TRAILER, the documented form as written, white
 * space trimmed: "Assisted-by: LLM [TOOL1] [TOOL2]"; otherwise NULL.
 * Owned by @attr. */
const char *pcc_attribution_get_form (const PccAttribution *attr);

/* Whether the tree has Documentation/process/generated-content.rst. */
gboolean pcc_attribution_has_generated_content (const PccAttribution *attr);

/* What the tree asks, in one English sentence for people, naming the
 * document (and, for a trailer, its form, and that the posted change
 * dropping it is not in a release yet so that the user decides).  The
 * caller frees the string. */
char *pcc_attribution_describe (const PccAttribution *attr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccAttribution, pcc_attribution_free)

G_END_DECLS

#endif
