/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-previous.h - the previous version of a series, found in a mailbox.
 *
 * Most series are sent more than once.  Given the series about to be sent
 * (version N) and an mbox of the user's mail (as lei or b4 write it),
 * pcc_previous_find() finds the version before it and says:
 *
 *  - which mails it was: the cover letter and patches of the highest
 *    version below N, found by the "change-id:" line of the new cover
 *    letter (or patches) first, else by the subjects of the cover letter
 *    and patches ("[PATCH v2 1/3] x" is found from "[PATCH v3 1/3] x";
 *    no version counts as 1), with the patches of that version threaded
 *    to them (a patch dropped since is found so);
 *  - its thread: every mail whose In-Reply-To or References lead to one
 *    of those mails (pcc-thread.h; walks are bounded: a loop or a chain
 *    longer than PCC_PREVIOUS_MAX_DEPTH ends them);
 *  - the people: everyone on its To: and Cc:, everyone who replied, each
 *    with the reasons ("on v1's Cc", "replied to 3/5 on 30 Nov");
 *  - the trailers given in replies (Reviewed-by, Acked-by, Tested-by,
 *    Reported-by, Suggested-by, and Co-developed-by with the
 *    Signed-off-by after it), each put on the patches of the new version
 *    it belongs to: a reply to the cover letter gives it to every patch,
 *    a reply to patch k to the new patch with the same patch ID
 *    (pcc-patch-id.h), else the same subject.  Quoted lines ('>') never
 *    count, nor anything after a "---", "diff " or "-- " line
 *    (pcc-reply-trailers.h).
 *
 * A trailer carries flags saying why it should not be taken as it is:
 * the address differs from the reply's From:, the patch changed since
 * the review, the patch is new.  A value with a control byte, invalid
 * UTF-8, an encoded word hiding one, or without an address is refused
 * (a warning, never a trailer).
 *
 * Ownership: a PccPrevious owns everything its getters return; the
 * arrays and strings live as long as it does.  Nothing is global.
 */
#ifndef PCC_PREVIOUS_H
#define PCC_PREVIOUS_H

#include <glib.h>
#include "pcc-reply-trailers.h"
#include "pcc-series.h"
#include "pcc-thread.h"

G_BEGIN_DECLS

/* Bounds on what a mailbox can make the search do. */
#define PCC_PREVIOUS_MAX_DEPTH         PCC_THREAD_MAX_DEPTH
#define PCC_PREVIOUS_MAX_REFERENCES    PCC_THREAD_MAX_REFERENCES
#define PCC_PREVIOUS_MAX_MAIL_TRAILERS PCC_REPLY_TRAILERS_MAX
#define PCC_PREVIOUS_MAX_TRAILERS      4096 /* trailers kept in all */
#define PCC_PREVIOUS_MAX_RECIPIENTS    4096 /* people kept */
#define PCC_PREVIOUS_MAX_VALUE         PCC_REPLY_TRAILERS_MAX_VALUE
#define PCC_PREVIOUS_MAX_MBOX ((gsize) 1024 * 1024 * 1024) /* bytes read */

/* The index of a trailer that matches no patch of the new version. */
#define PCC_PREVIOUS_NO_PATCH G_MAXUINT

typedef struct _PccPrevious PccPrevious;

typedef struct
{
  char *message_id; /* without "<>" */
  char *date;       /* the Date: header as written, "" when none */
  char *subject;    /* decoded */
  char *from;       /* decoded, "" when none */
  guint number;     /* patch n of "n/N", 0 for the cover letter */
  /* For a reply: the number of the previous version's mail it answers
   * (directly or not); for a mail of the previous version, its own. */
  guint replies_to;
  /* The mail as the mailbox held it (a mail of the previous version
   * only; NULL for a reply). */
  GBytes *raw;
} PccPreviousMail;

typedef struct
{
  char *address;      /* "Name <addr>" as the mail had it */
  char *email;        /* the bare address, lower case */
  GPtrArray *reasons; /* char *: "on v1's Cc", "replied to 3/5 on 30 Nov" */
} PccPreviousRecipient;

typedef enum
{
  PCC_PREVIOUS_TRAILER_OTHER_ADDRESS = 1 << 0, /* not the reply's From: */
  PCC_PREVIOUS_TRAILER_PATCH_CHANGED = 1 << 1, /* patch ID changed */
  PCC_PREVIOUS_TRAILER_NEW_PATCH = 1 << 2,     /* not in the old version */
  PCC_PREVIOUS_TRAILER_NO_PATCH = 1 << 3,      /* its patch was dropped */
} PccPreviousTrailerFlags;

typedef struct
{
  /* Index of the new version's patch (0-based), or PCC_PREVIOUS_NO_PATCH. */
  guint patch;
  char *name;       /* "Reviewed-by", spelt so whatever the reply wrote */
  char *value;      /* "Name <addr>", validated */
  char *given_by;   /* the reply's From: */
  char *message_id; /* the reply's Message-Id */
  guint on_number;  /* the old mail it answers: 0 the cover letter */
  guint flags;      /* PccPreviousTrailerFlags */
} PccPreviousTrailer;

/* The version of @series, from its subject prefix ("PATCH v3": 3; none:
 * 1).  pcc_previous_find() looks for nothing below version 2. */
guint pcc_previous_series_version (const PccSeries *series);

/* The previous version of @series in the @len bytes of @mbox.  NULL with
 * PCC_ERROR_PATCH when @series is version 1 or no mail of an earlier
 * version is found. */
PccPrevious *pcc_previous_find (const PccSeries *series, const char *mbox,
                                gsize len, GError **error);
/* The same, the earlier version @version (0: the highest found) rather
 * than the one before: NULL with PCC_ERROR_PATCH when the mailbox has
 * no mail of it. */
PccPrevious *pcc_previous_find_version (const PccSeries *series,
                                        const char *mbox, gsize len,
                                        guint version, GError **error);
/* pcc_previous_find_version() on the mbox file at @path: a regular file of at most
 * PCC_PREVIOUS_MAX_MBOX bytes (pcc_file_read_regular(): its errors, a
 * missing file as G_FILE_ERROR_NOENT). */
PccPrevious *pcc_previous_find_in_file (const PccSeries *series,
                                        const char *path, guint version,
                                        GError **error);
void pcc_previous_free (PccPrevious *prev);

/* The previous version's number (1 when its subjects had none). */
guint pcc_previous_get_version (const PccPrevious *prev);
/* Every earlier version the mailbox has (guint), highest first: the
 * choices of pcc_previous_find_version(). */
const GArray *pcc_previous_get_versions (const PccPrevious *prev);
/* How it was found: "change-id" or "subject". */
const char *pcc_previous_get_found_by (const PccPrevious *prev);
/* Its cover letter and patches, in number order (PccPreviousMail). */
const GPtrArray *pcc_previous_get_mails (const PccPrevious *prev);
/* The other mails of its thread, in mbox order (PccPreviousMail). */
const GPtrArray *pcc_previous_get_replies (const PccPrevious *prev);
/* The people, in the order first seen (PccPreviousRecipient). */
const GPtrArray *pcc_previous_get_recipients (const PccPrevious *prev);
/* The trailers by new patch, then in the order given
 * (PccPreviousTrailer); one given on the cover letter is there once per
 * patch. */
const GPtrArray *pcc_previous_get_trailers (const PccPrevious *prev);
/* Values refused and bounds reached, one sentence a string. */
const GPtrArray *pcc_previous_get_warnings (const PccPrevious *prev);
/* For new patch @i: the previous version's number of it (0 when it is
 * new) and whether its patch ID is the same. */
guint pcc_previous_get_old_number (const PccPrevious *prev, guint i,
                                   gboolean *same);

/* The Message-Id (without "<>") of the previous version's cover letter,
 * or of its first patch when it had none: what "Link to v1:" points to
 * and what a new version sent in its thread answers.  NULL when none is
 * a usable id (pcc_message_id_is_plain(): a mailbox is hostile
 * input). */
const char *pcc_previous_get_root_id (const PccPrevious *prev);

/* The previous version's own mails (cover letter and patches, in
 * number order) as an mbox, for pcc_series_new_from_mbox_data(): a new
 * GBytes. */
GBytes *pcc_previous_dup_mbox (const PccPrevious *prev);

/* One line for people: "v1, found by change-id in Sent: 3 patches and a
 * cover letter, 4 replies, sent Mon, 30 Nov 2026 10:00:00 +0000", @where
 * (NULL or "" to leave it out) naming where the mbox came from.  Newly
 * allocated. */
char *pcc_previous_summary (const PccPrevious *prev, const char *where);

/* "patch changed since the review, address differs from the reply's
 * From:", or "" for none (newly allocated). */
char *pcc_previous_describe_flags (guint flags);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccPrevious, pcc_previous_free)

G_END_DECLS

#endif
