/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-line-limit.h - every line of a mail patchcc builds within RFC
 * 5322's limit of 998 bytes.
 *
 * RFC 5322 (2.1.1) allows at most 998 characters on a line, without its
 * CRLF.  Mail servers and readers that meet a longer one cut it, wrap it
 * or read the rest as a line of its own; a header line cut at a buffer's
 * end (8191 bytes is a common one) turns the rest of a subject into a
 * header of its own ("Bcc: ...").  So patchcc checks the mails it builds
 * before anything is sent:
 *
 *  - header lines are folded (RFC 5322 3.2.2): a line break goes before
 *    a run of white space that is followed by more text, so that the new
 *    line starts with white space (a continuation: never a header of its
 *    own, never blank) and unfolding gives back the same value; a header
 *    line that has no such place within 998 bytes (a 1,000-byte word)
 *    is refused;
 *  - a body line over 998 bytes is refused, with the line's number.
 *    patchcc does not send such a body as quoted-printable (which would
 *    keep it within the limit) on purpose: a patch must reach the list as
 *    plain text, so that "git am" applies the mail as it is archived and
 *    reviewers can read and quote the diff.  A patch with such a line
 *    (a generated table, a minified file) must be changed, or sent as
 *    an attachment by other means.
 *
 * Lines end with LF; a CR before the LF is not counted (it is part of a
 * CRLF).  Errors are PCC_ERROR / PCC_ERROR_PATCH.  Nothing here allocates
 * what the caller must free, except the GError.
 *
 * The series mails (pcc-series-mail.c) call pcc_mail_limit_lines() on each
 * mail they build; the single-patch path calls pcc_mail_check_lines() on
 * the bytes it sends.
 */
#ifndef PCC_LINE_LIMIT_H
#define PCC_LINE_LIMIT_H

#include <glib.h>

G_BEGIN_DECLS

/* The longest line, in bytes, without its line end. */
#define PCC_MAIL_LINE_MAX 998

/* TRUE when every line of the @len bytes at @bytes holds at most
 * PCC_MAIL_LINE_MAX bytes.  Otherwise FALSE, *@line_no (may be NULL) the
 * 1-based number of the first longer line and @error "line N is X bytes
 * long...". */
gboolean pcc_mail_check_lines (const char *bytes, gsize len, guint *line_no,
                               GError **error);

/* Fold, in place, the header lines of @mail (the lines before its first
 * empty line) that are longer than PCC_MAIL_LINE_MAX, as described
 * above; shorter lines and the body are left as they are.  FALSE with
 * @error (naming @what and the header) when a line cannot be folded;
 * @mail is unchanged then. */
gboolean pcc_mail_fold_headers (GString *mail, const char *what,
                                GError **error);

/* What the series mails need: pcc_mail_fold_headers() on @mail, then
 * pcc_mail_check_lines() on @body (the @body_len bytes of @mail's body
 * that come from elsewhere; may be NULL), then on the whole of @mail.
 * When @body lies within @source (@source_len bytes, the patch file, may
 * be NULL), a long line is reported as "WHAT:LINE:" with LINE counted in
 * the file; otherwise as a line of @what's body.  @what names the mail
 * ("0002-foo.patch", "the cover letter"). */
gboolean pcc_mail_limit_lines (GString *mail, const char *what,
                               const char *source, gsize source_len,
                               const char *body, gsize body_len,
                               GError **error);

G_END_DECLS

#endif
