/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-series-mail.h - the mails of a series, as git send-email writes
 * them, without any toolkit or mail client.
 *
 * A PccSeriesSender is the sending identity and what the thread needs:
 * the Date: of the cover letter (each patch one second later, so that
 * mail readers sort them in order) and the stem of the Message-Ids
 * ("<stem-N-patchcc@domain>", N = 0 for the cover).  From it:
 *
 *  - pcc_series_mail_cover(): the cover letter, From: the sender;
 *  - pcc_series_mail_patch(): patch N, In-Reply-To/References the
 *    cover's Message-Id (git send-email --thread --no-chain-reply-to),
 *    its Subject: as written in the file, its body byte for byte, and
 *    git send-email's in-body "From: <author>" line first (UTF-8 text, as
 *    git send-email writes it) when the author is not the sender.
 *
 * The mails are LF-terminated bytes, ready for an SMTP client that turns
 * LF into CRLF.  Everything returned is owned by the caller.
 */
#ifndef PCC_SERIES_MAIL_H
#define PCC_SERIES_MAIL_H

#include <glib.h>
#include "pcc-patch.h"
#include "pcc-plan.h"

G_BEGIN_DECLS

typedef struct _PccSeriesSender PccSeriesSender;

/* @name may be NULL or "".  @domain NULL: the part of @address after
 * '@' ("localhost" without one).  @start: the cover's Date: as a Unix
 * time, 0 for now.  @stamp: the Message-Id stem, NULL for a new one
 * (time and random bits; a stem given again makes the same ids, so a
 * second attempt continues the same thread).  NULL with PCC_ERROR_OPTION
 * when @address is NULL, empty, or holds CR, LF or another control
 * character. */
PccSeriesSender *pcc_series_sender_new (const char *name, const char *address,
                                        const char *domain, gint64 start,
                                        const char *stamp, GError **error);
void pcc_series_sender_free (PccSeriesSender *sender);

/* "Name <address>" or "address". */
const char *pcc_series_sender_get_from (const PccSeriesSender *sender);
const char *pcc_series_sender_get_email (const PccSeriesSender *sender);
const char *pcc_series_sender_get_stamp (const PccSeriesSender *sender);
gint64 pcc_series_sender_get_start (const PccSeriesSender *sender);
/* Mail @n's Message-Id, with the angle brackets (0: the cover). */
char *pcc_series_sender_message_id (const PccSeriesSender *sender, guint n);
/* Thread the series under the mail @message_id (with or without angle
 * brackets; NULL: a thread of its own, the default, as b4 sends a new
 * version): the cover letter answers it, and every mail's References:
 * starts with it (git send-email --in-reply-to).  FALSE, nothing
 * changed, for an id pcc_message_id_is_plain() refuses. */
gboolean pcc_series_sender_set_in_reply_to (PccSeriesSender *sender,
                                            const char *message_id);

/* An RFC 5322 date in the local time zone ("Tue, 3 Dec 2026 19:40:00
 * +0100"), English names whatever the locale. */
char *pcc_series_mail_date (gint64 unix_time);

/* The cover letter: @subject and @body UTF-8 text (a non-ASCII body is
 * declared UTF-8, 8bit), @to and @cc NULL-terminated address lists
 * (NULL for none).  NULL with @error for a header value that cannot be
 * written (a control character). */
GBytes *pcc_series_mail_cover (const PccSeriesSender *sender,
                               const char *subject, const char *body,
                               char **to, char **cc, GError **error);

/* Patch mail @n (1-based) in reply to @in_reply_to (NULL: not
 * threaded).  @what names the patch in messages ("0002-foo.patch").
 * Fails with PCC_ERROR_PATCH when the file has no Subject: line, or no
 * From: that can be read (a first line such as "X Weird: 1" or a
 * byte-order mark hides the headers from the mail parser), a Subject:
 * or MIME header (copied as the file folds it) with a control character,
 * or a body in base64 or quoted-printable that is not UTF-8 text once
 * decoded. */
GBytes *pcc_series_mail_patch (const PccSeriesSender *sender,
                               const PccPatch *patch, const char *what,
                               guint n, const char *in_reply_to, char **to,
                               char **cc, GError **error);

/* The addresses of @to and @cc as an SMTP envelope: bare, without
 * duplicates (compared lower-cased), in order.  NULL-terminated; NULL
 * with @error when one cannot be parsed, or when there is none
 * (PCC_ERROR_OPTION). */
char **pcc_series_mail_envelope (char **to, char **cc, GError **error);

/* @a then what of @b is not in @a (compared by address, lower-cased). */
char **pcc_series_mail_merge (char **a, char **b);
/* @cc without the addresses that are in @to. */
char **pcc_series_mail_minus (char **cc, char **to);

/* --- git send-email's extra Cc: ----------------------------------------- */

/* The classes of git send-email's --suppress-cc. */
typedef enum
{
  PCC_SUPPRESS_AUTHOR = 1 << 0,  /* the patch's author */
  PCC_SUPPRESS_SELF = 1 << 1,    /* the sender's own address */
  PCC_SUPPRESS_BODYCC = 1 << 2,  /* Cc: trailers of the commit message */
  PCC_SUPPRESS_SOB = 1 << 3,     /* Signed-off-by: trailers */
  PCC_SUPPRESS_MISC_BY = 1 << 4, /* Acked-by:, Reviewed-by:, other *-by: */
  PCC_SUPPRESS_ALL = (1 << 5) - 1,
} PccSuppressCc;

/* "author,sob", "all", "body" (sob, bodycc and misc-by), "" (nothing),
 * separated by commas or spaces; "cc" is accepted (the patch file's own
 * Cc: header is always used here, as it is what the user wrote).  FALSE
 * with PCC_ERROR_OPTION for an unknown class. */
gboolean pcc_suppress_cc_parse (const char *text, guint *flags,
                                GError **error);

typedef struct
{
  char *address; /* "Name <addr>" as written */
  char *reason;  /* "author of the patch", "Cc: trailer in the commit
                    message", "Reviewed-by: in the commit message" */
} PccExtraRecipient;

/* The addresses git send-email adds to the Cc: of @patch (its author,
 * and the Signed-off-by:, Cc: and other *-by: trailers of its commit
 * message), minus the classes in @suppress, in that order, without
 * duplicates; with @suppress holding PCC_SUPPRESS_SELF, without
 * @sender_email.  Trailer values lose a "# comment" tail, as git
 * send-email reads them; values that are not addresses are skipped.
 * An array of PccExtraRecipient, freed with the array. */
GPtrArray *pcc_series_mail_extra_recipients (const PccPatch *patch,
                                             const char *sender_email,
                                             guint suppress);

/* --- the recipients of a patch mail ------------------------------------- */

typedef struct
{
  PccField field; /* where it goes (for one not sent: where it was) */
  gboolean sent;  /* FALSE: named somewhere but left out (the plan drops
                      it: LKML when every file has a list of its own) */
  char *address;  /* "Name <addr>" as the header holds it */
  char *reason;   /* why, for people; several joined by "; " */
} PccMailRecipient;

typedef struct
{
  char **to;        /* To: as sent */
  char **cc;        /* Cc: as sent (no address of @to) */
  GPtrArray *shown; /* PccMailRecipient: @to, then @cc, then those left
                       out; every address of @to and @cc once */
} PccPatchRecipients;

/* The recipients of one patch mail of a series, computed before
 * anything is sent, so that the review shows what goes out: the plan of
 * @patch (@engine, @opts) over what it names itself (its file's To: and
 * Cc:), what was typed on the cover letter (@cover_to, @cover_cc: every
 * mail gets them) and git send-email's extra Cc: (@extra, an array of
 * PccExtraRecipient, may be NULL), as typed addresses.  A computed
 * change that @reviewed (the cover's plan as the user left it, may be
 * NULL) has turned off is turned off here too (pcc_plan_follow()): what
 * the user unticked goes to no patch either.  The mail's
 * envelope is pcc_series_mail_envelope (to, cc): nothing else.  NULL with
 * @error when the plan fails (a value that is not an address list).
 * Free with pcc_patch_recipients_free(). */
PccPatchRecipients *pcc_series_mail_patch_recipients (
    PccEngine *engine, const PccPlanOptions *opts, PccPatch *patch,
    char **cover_to, char **cover_cc, const GPtrArray *extra,
    const PccPlan *reviewed, GError **error);
void pcc_patch_recipients_free (PccPatchRecipients *r);
/* The review, one address a line: "To: Ada <ada@x> — maintainer ...",
 * "Cc: ...", "Not sent: ... — reason". */
char *pcc_patch_recipients_to_string (const PccPatchRecipients *r);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccPatchRecipients, pcc_patch_recipients_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccSeriesSender, pcc_series_sender_free)

G_END_DECLS

#endif
