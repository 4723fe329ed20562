/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-patch.h - a patch, read from a mail, an mbox or a plain diff.
 *
 * Two views of the same bytes are kept:
 *
 *  - the get_maintainer.pl view: the file names the script collects
 *    (from "diff --git", "---"/"+++", "rename from/to" and diffstat
 *    "mode change" lines, quirks included: "--- /dev/null" gives the file
 *    "dev/null"), and the lines it matches K: keywords against.  This is
 *    what the recipient engine uses, so that patchcc finds exactly what
 *    the script finds (the scanner: pcc-patch-scan.h);
 *
 *  - a structured view for people: the mail headers (pcc-mime.h: parsed
 *    with libetpan, RFC 2047 words decoded), the commit message and its
 *    trailers, base-commit and prerequisite-patch-id, and one PccPatchFile
 *    per file of the diff (added, deleted, renamed, binary, line counts).
 *
 * A mail whose body is quoted-printable or base64 (or a multipart mail
 * with the patch as a text part) is decoded first; the script would read
 * the encoded bytes, patchcc reads the patch.
 *
 * The input is never modified; the patch keeps its own copy.
 */
#ifndef PCC_PATCH_H
#define PCC_PATCH_H

#include <glib.h>
#include "pcc-patch-scan.h"

G_BEGIN_DECLS

typedef struct _PccPatch PccPatch;

/* Inputs larger than this are refused (PCC_ERROR_TOO_LARGE) unless the
 * caller passes its own limit. */
#define PCC_PATCH_DEFAULT_MAX_SIZE ((gsize) 64 * 1024 * 1024)

/* A mail whose MIME parts nest deeper than this is refused
 * (PCC_ERROR_PATCH, naming the line); real patch mails use one or two. */
#define PCC_PATCH_MAX_MIME_DEPTH 32

typedef enum
{
  PCC_FILE_MODIFIED,
  PCC_FILE_ADDED,
  PCC_FILE_DELETED,
  PCC_FILE_RENAMED,
  PCC_FILE_COPIED,
} PccFileStatus;

typedef struct
{
  char *old_path; /* NULL for an added file */
  char *new_path; /* NULL for a deleted file */
  PccFileStatus status;
  gboolean binary; /* "Binary files ... differ" or a GIT binary patch */
  gboolean mode_change;
  guint added;   /* '+' lines in its hunks */
  guint removed; /* '-' lines in its hunks */
} PccPatchFile;

typedef struct
{
  char *key;    /* "Signed-off-by", as written */
  char *value;  /* the rest of the line, trimmed */
  guint lineno; /* 1-based line of the input */
} PccTrailer;

/* Parse @len bytes of @data (a mail, an mbox of several mails, or a plain
 * diff).  @name names the input in messages.  @max_size of 0 means
 * PCC_PATCH_DEFAULT_MAX_SIZE.  Fails with PCC_ERROR_TOO_LARGE, or with
 * PCC_ERROR_PATCH for bytes that are not text (a NUL byte), MIME parts
 * nested deeper than PCC_PATCH_MAX_MIME_DEPTH, or a diff whose hunks are
 * cut short.  A mail without a diff parses: check
 * pcc_patch_has_diff(). */
PccPatch *pcc_patch_new_from_data (const char *name, const char *data,
                                   gsize len, gsize max_size, GError **error);
PccPatch *pcc_patch_new_from_file (const char *path, gsize max_size,
                                   GError **error);
void pcc_patch_free (PccPatch *patch);

const char *pcc_patch_get_name (const PccPatch *patch);
/* The bytes as given, and the text the scanner read (the same bytes
 * unless a transfer encoding was decoded). */
const char *pcc_patch_get_data (const PccPatch *patch, gsize *len);
const char *pcc_patch_get_text (const PccPatch *patch, gsize *len);

/* The text of a mail whose body is quoted-printable, base64 or
 * multipart, decoded as pcc_patch_get_text() would give it (the mbox
 * line and headers kept, the body's text parts decoded); NULL when @data
 * is already the text (no header block, or no transfer encoding).  The
 * caller owns the result. */
char *pcc_patch_decode_text (const char *data, gsize len, gsize *out_len);

/* The git diff in the @len bytes of the mail text @text: from its first
 * "diff --git " line to the end, or to the "-- " line of the signature
 * git format-patch ends a mail with; *@dlen is its length.  NULL when
 * there is none.  Points into @text. */
const char *pcc_patch_find_git_diff (const char *text, gsize len,
                                     gsize *dlen);

/* --- the get_maintainer.pl view -------------------------------------- */

/* Sorted, without duplicates (byte order, as Perl's sort). */
const GPtrArray *pcc_patch_get_gm_files (const PccPatch *patch);
/* Whether the script would have found any file (if not it warns "doesn't
 * appear to be a patch"). */
gboolean pcc_patch_has_diff (const PccPatch *patch);

/* The lines the script tests K: keywords against, in order
 * (PccKeywordLine, pcc-patch-scan.h). */
const GArray *pcc_patch_get_keyword_lines (const PccPatch *patch);
/* "Fixes: <sha>" ids found (the script uses them with git only). */
const GPtrArray *pcc_patch_get_fixes (const PccPatch *patch);

/* The hunks the script blames with --git-blame (PccBlameRange,
 * pcc-patch-scan.h). */
const GArray *pcc_patch_get_blame_ranges (const PccPatch *patch);

/* --- the structured view -------------------------------------------- */

/* Decoded header values, or NULL when absent. */
const char *pcc_patch_get_subject (const PccPatch *patch);
const char *pcc_patch_get_from (const PccPatch *patch);
const char *pcc_patch_get_date (const PccPatch *patch);
const char *pcc_patch_get_message_id (const PccPatch *patch);
/* The From: address, read from the header as written (the list parsed,
 * then the name decoded): "Name <addr>", the name quoted where it needs
 * it ("\"Doe, Jane\" <jane@x>" for an encoded "Doe, Jane"); NULL when
 * absent or not an address.  pcc_patch_get_from() is the decoded text. */
const char *pcc_patch_get_author (const PccPatch *patch);
/* Any header by name (case-insensitive), decoded; NULL when absent. */
const char *pcc_patch_get_header (const PccPatch *patch, const char *name);
/* Addresses of To: and Cc: headers, one "Name <addr>" string each. */
const GPtrArray *pcc_patch_get_to (const PccPatch *patch);
const GPtrArray *pcc_patch_get_cc (const PccPatch *patch);
/* The same as a NULL-terminated array (empty, never NULL, for a NULL
 * @patch or no header); free with g_strfreev(). */
char **pcc_patch_dup_to (const PccPatch *patch);
char **pcc_patch_dup_cc (const PccPatch *patch);

/* The subject without its "[PATCH v2 3/7]" prefix, and the numbers in
 * that prefix (0 when absent). */
const char *pcc_patch_get_title (const PccPatch *patch);
guint pcc_patch_get_series_index (const PccPatch *patch);
guint pcc_patch_get_series_total (const PccPatch *patch);
/* A "[PATCH 0/N]" mail, or a mail without a diff that carries a series
 * summary. */
gboolean pcc_patch_is_cover_letter (const PccPatch *patch);

/* The commit message: the body up to the "---" line (or the first diff
 * line), without the mail headers. */
const char *pcc_patch_get_message (const PccPatch *patch);
/* Trailers of the last paragraph of the commit message. */
const GArray *pcc_patch_get_trailers (const PccPatch *patch); /* PccTrailer */

const char *pcc_patch_get_base_commit (const PccPatch *patch);
const GPtrArray *pcc_patch_get_prerequisites (const PccPatch *patch);
const char *pcc_patch_get_change_id (const PccPatch *patch);

const GArray *pcc_patch_get_files (const PccPatch *patch); /* PccPatchFile */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccPatch, pcc_patch_free)

G_END_DECLS

#endif
