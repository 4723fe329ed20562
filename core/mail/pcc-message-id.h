/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-message-id.h - Message-Ids for the mails patchcc writes.
 *
 * A series gets one stem (the time in UTC and 32 random bits) and each
 * mail of it the id "<STEM-N-patchcc@DOMAIN>", N = 0 for the cover
 * letter, so that the ids of a thread sort and read as one.  Every string
 * returned is newly allocated and owned by the caller (g_free()); nothing
 * here fails.
 */
#ifndef PCC_MESSAGE_ID_H
#define PCC_MESSAGE_ID_H

#include <glib.h>

G_BEGIN_DECLS

/* "20261203191601-1a2b3c4d". */
char *pcc_message_id_stem_new (void);
/* The part after '@' of @email, or "localhost" when there is none or
 * it holds anything but letters, digits, '.', '-' and '_' (nothing that
 * could break the header). */
char *pcc_message_id_domain (const char *email);
/* "<@stem-@n-patchcc@@domain>"; @domain is checked as above. */
char *pcc_message_id_format (const char *stem, guint n, const char *domain);

/* Whether @id (without "<>") can be written into a header or a link as
 * it is: 1 to 900 bytes, none of them a control character (DEL
 * included), white space or an angle bracket.  A Message-Id read from a
 * mailbox is checked so before use. */
gboolean pcc_message_id_is_plain (const char *id);

G_END_DECLS

#endif
