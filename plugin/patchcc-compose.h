/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-compose.h - what the plugin reads from a Claws Mail compose
 * window (Subject:, body, text attachments, the To:/Cc: rows) and writes
 * back into it (the To:/Cc: rows, never the body). */
#ifndef PATCHCC_COMPOSE_H
#define PATCHCC_COMPOSE_H

#include <glib.h>
#include "pcc-plan.h"

struct _Compose;

/* Claws Mail 4.1 writes every recipient of a mail on one line of its
 * queue file ("R:<a>,<b>,...") and reads it back through an 8 KiB
 * buffer: addresses past that are silently not sent to. */
#define PATCHCC_MAX_RECIPIENT_BYTES 8000

/* The whole body of @compose as it is in the window (newly allocated). */
char *patchcc_compose_get_body (struct _Compose *compose);

/* Append the values of @compose's To: rows to @to and of its Cc: rows to
 * @cc (stripped, empty rows left out; newly allocated, for arrays that
 * free with g_free()), then a NULL to each. */
void patchcc_compose_read_recipients (struct _Compose *compose, GPtrArray *to,
                                      GPtrArray *cc);

/* Append a PccPatch for each text attachment of @compose that holds a
 * diff (a patch sent as an attachment) to @patches, which owns them.
 * FALSE with @error when a text attachment cannot be read. */
gboolean patchcc_compose_read_attachment_patches (struct _Compose *compose,
                                                  GPtrArray *patches,
                                                  GError **error);

/* Write @plan's final To: and Cc: into @compose's header rows.  Rows
 * that held To:/Cc: addresses are reused in order; left-over ones are
 * emptied; other rows (Bcc:, Reply-To:...) are not touched.  FALSE with
 * @error, and no row changed, when an address cannot go into a header
 * (a control character). */
gboolean patchcc_compose_write_recipients (struct _Compose *compose,
                                           PccPlan *plan, GError **error);

/* Bytes of Claws' queue-file recipient line once @plan is applied: its
 * final To:/Cc: and @compose's Bcc: rows (compare with
 * PATCHCC_MAX_RECIPIENT_BYTES). */
gsize patchcc_compose_envelope_bytes (struct _Compose *compose, PccPlan *plan);

#endif
