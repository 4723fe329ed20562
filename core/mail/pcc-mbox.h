/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-mbox.h - splitting an mbox into mails, the way git mailsplit does.
 *
 * A mail starts after a "From " line that git's is_from_line() accepts
 * ("From <anything> ... hh:mm:ss yyyy"-shaped, a year after 90); any
 * other "From " line is body text.  Input that does not start with such a
 * line is one mail.  Nothing fails.
 */
#ifndef PCC_MBOX_H
#define PCC_MBOX_H

#include <glib.h>

G_BEGIN_DECLS

/* git mailsplit's is_from_line() on the @len bytes of @line. */
gboolean pcc_mbox_is_from_line (const char *line, gsize len);

/* The mails of @data: a new GPtrArray (owned by the caller, frees its
 * elements) of GBytes, each one mail without its "From " separator line.
 * Empty input is one empty mail. */
GPtrArray *pcc_mbox_split (const char *data, gsize len);

/* The separator pcc_mbox_append() writes before each mail. */
#define PCC_MBOX_FROM_LINE "From patchcc Thu Jan  1 00:00:00 1970\n"

/* Append the mail @mail (@len bytes) to @mbox so that pcc_mbox_split()
 * gives it back: a separator line first, a line of it that would read
 * as one quoted with '>' (mboxrd), CRLF line ends kept, a last line
 * without its LF given one. */
void pcc_mbox_append (GString *mbox, const char *mail, gsize len);

G_END_DECLS

#endif
