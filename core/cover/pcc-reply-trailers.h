/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-reply-trailers.h - the trailers a reviewer gives in a reply.
 *
 * A reply to a patch or a cover letter gives Reviewed-by, Acked-by,
 * Tested-by, Reported-by, Suggested-by, or Co-developed-by with the
 * Signed-off-by right after it.  Only the reply's own lines count:
 * quoted lines ('>') never start with a trailer's name, and nothing
 * after a "---", "diff " or "-- " line (the patch quoted unquoted, or a
 * signature) is read.  A value with a control byte, invalid UTF-8, an
 * encoded word hiding one, or without an address is refused: a warning,
 * never a trailer.
 */
#ifndef PCC_REPLY_TRAILERS_H
#define PCC_REPLY_TRAILERS_H

#include <glib.h>

G_BEGIN_DECLS

#define PCC_REPLY_TRAILERS_MAX       32  /* trailers read from one reply */
#define PCC_REPLY_TRAILERS_MAX_VALUE 512 /* bytes of a trailer's value */

typedef struct
{
  const char *name; /* canonical ("Acked-by"), static */
  char *value;      /* "Name <addr>" as the reply wrote it, validated */
  char *email;      /* the address of @value */
} PccReplyTrailer;

/* The trailers of the reply @text (@len bytes: its header block, then
 * its decoded body), in order, at most PCC_REPLY_TRAILERS_MAX.  Values
 * refused (the first three) and trailers beyond the bound are told in
 * sentences appended to @warnings (char *), naming the reply by
 * @message_id (NULL: "?").  Returns a new GArray of PccReplyTrailer,
 * owned by the caller, that frees its elements' strings. */
GArray *pcc_reply_trailers_read (const char *text, gsize len,
                                 const char *message_id, GPtrArray *warnings);

G_END_DECLS

#endif
