/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-date.h - RFC 2822 (RFC 5322 section 3.3) dates for Date: headers.
 *
 * "Thu, 3 Dec 2026 19:16:01 +0100": English day and month names whatever
 * the locale (GLib's "%a"/"%b" would follow LC_TIME), the day without a
 * leading zero, the offset as +hhmm, as git format-patch and git
 * send-email write it.  Every string returned is newly allocated and
 * owned by the caller (g_free()); nothing here fails but reading one.
 */
#ifndef PCC_DATE_H
#define PCC_DATE_H

#include <glib.h>

G_BEGIN_DECLS

/* @t in its own time zone. */
char *pcc_date_format_rfc2822 (GDateTime *t);
/* @unix_time (seconds) in the local time zone. */
char *pcc_date_rfc2822_from_unix (gint64 unix_time);
/* Now, in the local time zone. */
char *pcc_date_rfc2822_now (void);

/* Read a Date: header value (libetpan's RFC 5322 parser, lenient as it
 * is about the day name): *@unix_time in seconds and *@offset in minutes
 * east of UTC.  FALSE, both untouched, when @text is not a date. */
gboolean pcc_date_parse_rfc2822 (const char *text, gint64 *unix_time,
                                 int *offset);

G_END_DECLS

#endif
