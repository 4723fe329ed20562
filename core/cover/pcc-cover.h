/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cover.h - a cover letter: a series, a template, a provenance record.
 *
 * PccCover gathers the values of the template tokens from the series
 * (shortlog, diffstat, base-commit...), the provenance record, and what
 * the user wrote (title, blurb, signature), renders the body with the
 * template, and writes the whole mail: "[PATCH 0/N]" subject, From:,
 * Date:, To:, Cc:, MIME headers when the text is not ASCII, and the body
 * as it is.  Header values are checked (no CR, LF or other control
 * character gets in) and encoded (RFC 2047) where they are not ASCII.
 *
 * Two layouts of the generated parts:
 *
 *   PCC_COVER_STYLE_GIT  as git format-patch --cover-letter: the shortlog
 *                        wrapped at 72 columns, the diffstat at 72 with
 *                        the create/delete/rename/mode summary;
 *   PCC_COVER_STYLE_B4   as b4 fills its template: "git shortlog" and
 *                        "git diff --stat" (80 columns), without the
 *                        trailing newlines.
 */
#ifndef PCC_COVER_H
#define PCC_COVER_H

#include <glib.h>
#include "pcc-rfc2047.h"
#include "pcc-provenance.h"
#include "pcc-series.h"
#include "pcc-template.h"

G_BEGIN_DECLS

typedef enum
{
  PCC_COVER_STYLE_GIT,
  PCC_COVER_STYLE_B4,
} PccCoverStyle;

typedef struct _PccCover PccCover;

/* @series must outlive the cover. */
PccCover *pcc_cover_new (PccSeries *series);
void pcc_cover_free (PccCover *cover);

/* Takes ownership of @tpl (NULL: the built-in "default"). */
void pcc_cover_set_template (PccCover *cover, PccTemplate *tpl);
const PccTemplate *pcc_cover_get_template (const PccCover *cover);
/* Copies @prov (NULL: none). */
void pcc_cover_set_provenance (PccCover *cover, const PccProvenance *prov);
void pcc_cover_set_style (PccCover *cover, PccCoverStyle style);
/* NULL for each: from the series' cover letter, else git's placeholders
 * "*** SUBJECT HERE ***" and "*** BLURB HERE ***". */
void pcc_cover_set_title (PccCover *cover, const char *title);
void pcc_cover_set_blurb (PccCover *cover, const char *blurb);
/* Wrap the blurb's lines longer than @width columns at spaces (0, the
 * default: leave it as typed).  A wrapped line's continuation keeps its
 * indentation ("- " items get two more spaces); lines without spaces
 * (URLs) are left long.  For editors that wrap only visually. */
void pcc_cover_set_blurb_width (PccCover *cover, int width);
/* NULL: ~/.signature, else "Name <email>" of the sender. */
void pcc_cover_set_signature (PccCover *cover, const char *signature);
void pcc_cover_set_range_diff (PccCover *cover, const char *range_diff);
/* The ${changes} section: "Changes in v2:" and its items, as the user
 * wrote it or pcc_changes_prefill() made it (NULL: none). */
void pcc_cover_set_changes (PccCover *cover, const char *changes);
/* "Name <addr>" of the sender; NULL: git's user.name and user.email,
 * else the first patch's author. */
void pcc_cover_set_from (PccCover *cover, const char *from);
/* For tests: a fixed Date: header value. */
void pcc_cover_set_date (PccCover *cover, const char *date);

const char *pcc_cover_get_from (PccCover *cover);
/* The title used (set, from the cover letter, or the placeholder). */
const char *pcc_cover_get_title (PccCover *cover);
char *pcc_cover_get_subject (PccCover *cover);

/* Token name -> value, for pcc_template_render() (or for a preview). */
GHashTable *pcc_cover_get_values (PccCover *cover, GError **error);
/* The rendered body. */
char *pcc_cover_render_body (PccCover *cover, GError **error);
/* The whole mail, starting with an mbox "From " line as git
 * format-patch writes it, so it can be put in front of the patches.
 * @to and @cc are NULL-terminated (may be NULL). */
char *pcc_cover_render_mail (PccCover *cover, const char *const *to,
                             const char *const *cc, GError **error);

/* The signature b4 uses: ~/.signature when present (a regular file of
 * at most 64 KiB, read without blocking: pcc_file_read_regular()), else
 * "Name <email>" from git's configuration, else NULL. */
char *pcc_cover_default_signature (void);
/* "Name <email>" from git's user.name and user.email, or NULL. */
char *pcc_cover_git_identity (void);

/* The old name of pcc_rfc2047_encode_header() (pcc-rfc2047.h), kept
 * until plugin/ calls the new one. */
#define pcc_cover_encode_header pcc_rfc2047_encode_header

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccCover, pcc_cover_free)

G_END_DECLS

#endif
