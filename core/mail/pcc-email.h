/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-email.h - e-mail addresses the way get_maintainer.pl handles them,
 * and address lists the way mail headers carry them.
 *
 * pcc_email_parse() and pcc_email_format() are the script's parse_email()
 * and format_email(): names with characters other than word characters,
 * spaces and '-' are quoted, addresses are trimmed.  The RFC 822
 * validation is the script's own regular expression (rfc822_valid() and
 * rfc822_validlist()), used to split M:/R: entries holding more than one
 * address.
 *
 * pcc_address_list_parse() reads a To:/Cc: header value (or what a user
 * typed into one) with libetpan, so quoted names with commas, comments
 * and groups split correctly.
 *
 * The compiled regular expressions are shared, immutable, and built once.
 */
#ifndef PCC_EMAIL_H
#define PCC_EMAIL_H

#include <glib.h>

G_BEGIN_DECLS

/* parse_email(): fills newly allocated @name ("" when none) and @address
 * ("" when none). */
void pcc_email_parse (const char *formatted, char **name, char **address);

/* format_email(): "Name <addr>", or "addr" when the name is empty or
 * @usename is FALSE. */
char *pcc_email_format (const char *name, const char *address,
                        gboolean usename);

/* rfc822_valid().  Plain addresses are answered without the expression
 * (compiling it costs about 2 million instructions), with the same
 * answer. */
gboolean pcc_email_rfc822_valid (const char *s);
/* rfc822_valid() through the script's expression alone, never the
 * shortcut: what tests/test-email.c compares pcc_email_rfc822_valid()
 * with. */
gboolean pcc_email_rfc822_valid_regex (const char *s);
/* rfc822_validlist(): NULL when @s is not a valid list, else the
 * addresses found (possibly none). */
GPtrArray *pcc_email_rfc822_validlist (const char *s);

/* True when @s contains a character that must never reach a mail header
 * (CR, LF, NUL or another control character). */
gboolean pcc_email_has_control (const char *s);

typedef struct
{
  char *display; /* "Name <addr@host>" or "addr@host" */
  char *name;    /* decoded display name, or NULL */
  char *email;   /* addr@host */
} PccAddress;

void pcc_address_free (PccAddress *a);

/* Parse a header value ("A <a@x>, \"B, C\" <b@y>, c@z") with libetpan.
 * Returns a GPtrArray of PccAddress (freed with the array), or NULL with
 * @error set when the value is not a valid address list. */
GPtrArray *pcc_address_list_parse (const char *value, GError **error);

/* Lower-cased bare address used to compare recipients. */
char *pcc_email_key (const char *email);

G_END_DECLS

#endif
