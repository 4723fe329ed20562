/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-mime.h - a mail's header block and its MIME body.
 *
 * Where a mail's headers are (after an optional mbox "From " line, up
 * to the first blank line), their fields, and the text of an encoded or
 * multipart body, through libetpan.  The patch reader (pcc-patch.h),
 * git mailinfo's reading (pcc-mailinfo.h) and the mails of a series
 * (pcc-series-mail.h) all read headers here.
 *
 * Lines end with "\n"; a "\r" before it is part of the line for
 * libetpan and dropped by pcc_mime_line().  Every string and array
 * returned is newly allocated and owned by the caller; nothing here
 * fails with a GError.
 */
#ifndef PCC_MIME_H
#define PCC_MIME_H

#include <glib.h>

G_BEGIN_DECLS

/* @data, or the line after it when @data starts with an mbox "From "
 * line (@end when that line has no newline). */
const char *pcc_mime_skip_from_line (const char *data, const char *end);

/* The line at @p: returns where the next line starts (@end for the
 * last), and sets *@len to its length without the "\n" and without one
 * "\r" before it. */
const char *pcc_mime_line (const char *p, const char *end, gsize *len);

/* Length of the header block at @p, up to and including the blank line
 * ("\n" or "\r\n") that ends it, or to @end when none does; 0 when @p
 * does not start with a header (a name of printable ASCII but ':', then
 * ':'). */
gsize pcc_mime_header_block (const char *p, const char *end);

typedef struct
{
  char *name;  /* as written */
  char *value; /* unfolded, stripped: see each reader */
  char *raw;   /* see each reader */
} PccMimeHeader;

void pcc_mime_header_free (PccMimeHeader *header);

/* The fields of the header block [@block, @block + @len) as libetpan
 * reads them (mailimf_optional_fields_parse(): the reading stops at the
 * first line that is not a field), in order: @raw unfolded (every "\r"
 * and "\n" removed) and stripped, @value that with RFC 2047 words
 * decoded.  A GPtrArray of PccMimeHeader that frees them. */
GPtrArray *pcc_mime_parse_headers (const char *block, gsize len);

/* The headers of the mail in @data as written, for copying them: after
 * an optional "From " line, each line with a ':' after its first byte
 * starts a header and each line starting with a blank continues it, up
 * to a blank line (the body starts after it) or a line that is neither
 * (the body starts there); *@body_offset is where the body starts.
 * @value is the value with its fold lines joined by a space, stripped,
 * RFC 2047 words kept; @raw the header's lines (folds kept, "\r"
 * dropped), each ended by "\n".  A GPtrArray of PccMimeHeader that frees
 * them. */
GPtrArray *pcc_mime_read_headers (const char *data, gsize len,
                                  gsize *body_offset);

/* The first of @headers (PccMimeHeader) named @name, whatever the case,
 * or NULL.  Owned by the array. */
const PccMimeHeader *pcc_mime_find_header (const GPtrArray *headers,
                                           const char *name);

/* The mail at @mail (@len bytes, @hdr_len of them its header block)
 * with its body decoded, when the header block says the body is
 * quoted-printable, base64 or multipart: the header block as it is,
 * then the text of every text, "*patch*" or "*diff*" part, each ended by
 * a newline.  NULL when the raw bytes are the text (nothing encoded, or
 * libetpan cannot read the MIME structure), and also, with *@too_deep
 * set to the line that goes too deep, when its parts nest deeper than
 * @max_depth (the mail is then not given to libetpan, which recurses
 * once per level).  *@out_len is the length of the text returned (which
 * is also NUL-terminated). */
char *pcc_mime_decode_body (const char *mail, gsize len, gsize hdr_len,
                            guint max_depth, gsize *out_len, guint *too_deep);

G_END_DECLS

#endif /* PCC_MIME_H */
