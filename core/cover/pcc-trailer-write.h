/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-trailer-write.h - trailers written into a patch mail's commit
 * message, as "b4 trailers -u" does: after the last trailer, before
 * "---", the rest of the mail byte for byte.  Used by "patchcc series
 * --write-trailers" on the patch files and by the mail client plugin on
 * the mails it sends.
 */
#ifndef PCC_TRAILER_WRITE_H
#define PCC_TRAILER_WRITE_H

#include <glib.h>

G_BEGIN_DECLS

/* @text (@len bytes, a patch mail) with @lines ("Name: value", without
 * line ends) added to the trailer block of its commit message: before
 * the first "---" line of the body, after the trailers there (a blank
 * line first when the paragraph before is not a trailer block), with
 * the line ends the "---" line has; lines already in the block are not
 * added twice.  NULL with @error set when there is no "---" line or the
 * body is encoded.  Newly allocated; *@out_len its length. */
char *pcc_series_add_trailers (const char *text, gsize len,
                               const char *const *lines, gsize *out_len,
                               GError **error);

G_END_DECLS

#endif
