/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-rfc2047.h - RFC 2047 encoded-words, both ways, and header values
 * made safe to write.
 *
 * Decoding is libetpan's mailmime_encoded_phrase_parse(); encoding writes
 * "Q" encoded-words the way git send-email does (UTF-8, each word at most
 * 75 characters, words folded with "\n ").
 *
 * Every char * returned is newly allocated and owned by the caller
 * (g_free()).  The only GError set is PCC_ERROR / PCC_ERROR_OPTION, for a
 * value that must never reach a header (a control character or bytes that
 * are not UTF-8); nothing is written then.
 */
#ifndef PCC_RFC2047_H
#define PCC_RFC2047_H

#include <glib.h>

G_BEGIN_DECLS

/* @value (a header value or a display name) with its encoded-words
 * decoded to UTF-8.  A value libetpan cannot read comes back as it is.
 * NULL for NULL. */
char *pcc_rfc2047_decode (const char *value);

/* TRUE when every byte of @s is below 0x80. */
gboolean pcc_rfc2047_is_ascii (const char *s);

/* FALSE with PCC_ERROR_OPTION ("@name: the value holds a control
 * character...") when @value holds a byte below 0x20 or 0x7f, or is not
 * valid UTF-8. */
gboolean pcc_rfc2047_check_value (const char *name, const char *value,
                                  GError **error);

/* Append @text (UTF-8) to @out as "Q" encoded-words. */
void pcc_rfc2047_append_words (GString *out, const char *text);

/* Append one address ("Name <a@b>", "\"Name\" <a@b>" or "a@b") to @out,
 * its display name encoded when it is not ASCII. */
void pcc_rfc2047_append_address (GString *out, const char *addr);

/* A header value made safe: encoded-words for non-ASCII text (for an
 * address, only its display name); NULL with PCC_ERROR_OPTION when it
 * holds CR, LF or another control character, or is not UTF-8. */
char *pcc_rfc2047_encode_header (const char *name, const char *value,
                                 gboolean is_address, GError **error);

G_END_DECLS

#endif
