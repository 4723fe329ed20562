/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-tool-trailers.h - Assisted-by: and other tool trailers, moved to
 * the cover letter.
 *
 * Every released kernel that documents AI coding assistants
 * (Documentation/process/coding-assistants.rst, 7.x) asks for an
 * Assisted-by: trailer in the commit; a change posted for review in
 * October 2026 drops that request, leaving the cover letter as the place
 * to say how a series was made.  What a given tree asks is
 * pcc-attribution.h's question; whether to move the trailers is the
 * user's.  This module finds them, reports them, and, when asked, moves
 * them: their content goes into the series' provenance record
 * (pcc-provenance.h) and the trailer lines leave the patches, with
 * nothing else in the mail changed (the rewritten mail is the original
 * minus those lines, byte for byte, so "git am" gives the same tree).
 *
 * Only tool trailers are touched, never a person's:
 *
 *   Assisted-by:, AI-Assisted-by:, LLM-Assisted-by:  always a tool
 *   Generated-by:, AI-Generated-by:                  always a tool
 *   Co-developed-by:, Co-authored-by:                 a tool only when
 *       the value holds no e-mail address ("Co-developed-by: GPT-4");
 *       with an address it names someone who may have to sign off, and
 *       is left alone.
 *
 * Trailers are read where git reads them: the last paragraph of the
 * commit message (before the "---" line), a value continued on lines
 * that start with white space included.
 */
#ifndef PCC_TOOL_TRAILERS_H
#define PCC_TOOL_TRAILERS_H

#include <glib.h>
#include "pcc-patch.h"
#include "pcc-provenance.h"
#include "pcc-series.h"

G_BEGIN_DECLS

typedef struct
{
  guint patch;  /* index of the patch in the series */
  char *key;    /* as written: "Assisted-by" */
  char *value;  /* trimmed; continuation lines joined with a space */
  guint lineno; /* 1-based line of the mail's bytes */
  gsize offset; /* the bytes the trailer takes in the mail: its */
  gsize len;    /*   lines with their newlines */
} PccToolTrailer;

void pcc_tool_trailer_clear (PccToolTrailer *t);

/* Whether "@key: @value" is a tool trailer (the rules above). */
gboolean pcc_tool_trailer_is_tool (const char *key, const char *value);

/* The tool trailers of one mail (@index is stored in each).  Returns a
 * GArray of PccToolTrailer (with its clear function set). */
GArray *pcc_tool_trailers_find_in_patch (const PccPatch *patch, guint index);
/* ... of every patch of the series, in series order. */
GArray *pcc_tool_trailers_find (const PccSeries *series);

/* One line per trailer, for people: "0002-foo.patch:14: Assisted-by:
 * Claude:claude-opus-4 coccinelle". */
char *pcc_tool_trailers_report (const PccSeries *series,
                                const GArray *trailers);

/* The mail's bytes without the given trailers' lines.  Fails with
 * PCC_ERROR_UNSUPPORTED when the mail's body is quoted-printable or
 * base64 (removing a line could not leave the rest byte-identical). */
char *pcc_tool_trailers_strip (const PccPatch *patch,
                               const PccToolTrailer *trailers, guint n,
                               gsize *out_len, GError **error);

/* Add what @trailers say to @prov: "Assisted-by: AGENT[:MODEL] [TOOL...]"
 * (the form earlier 7.x releases documented) or "Assisted-by: LLM
 * [TOOL...]" (7.3's) gives an assistance entry for AGENT ("produced"
 * lists the patches) and a tool entry per TOOL; Generated-by: gives a tool entry; a
 * Co-developed-by:/Co-authored-by: without address an assistance entry.
 * Identical values are merged.  "review" is left for the user. */
gboolean pcc_tool_trailers_to_provenance (const PccSeries *series,
                                          const GArray *trailers,
                                          PccProvenance *prov, GError **error);

/* Both steps on the series: record every tool trailer in @prov and
 * replace each patch that had one with its rewritten mail.  On failure
 * neither the series nor @prov is changed.  @moved (may be NULL) gets
 * the trailers moved. */
gboolean pcc_tool_trailers_migrate (PccSeries *series, PccProvenance *prov,
                                    GArray **moved, GError **error);

G_END_DECLS

#endif
