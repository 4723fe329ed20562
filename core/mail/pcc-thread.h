/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-thread.h - the mails of an mbox threaded by their ids.
 *
 * Each mail added names itself (Message-Id), its parent (In-Reply-To,
 * else the last id of References) and its References.  Some mails are
 * then marked as roots, and pcc_thread_find_root() says which root a
 * mail leads to: through its parents first, else through the nearest
 * root its References name.  Walks are bounded: a loop, or a chain
 * longer than PCC_THREAD_MAX_DEPTH, ends them without a root.
 *
 * Ownership: a PccThread copies what it reads from the headers; the
 * strings it returns live as long as it does.  Nothing here fails.
 */
#ifndef PCC_THREAD_H
#define PCC_THREAD_H

#include <glib.h>

G_BEGIN_DECLS

/* Bounds on what a mailbox can make the threading do. */
#define PCC_THREAD_MAX_DEPTH      1000 /* In-Reply-To steps from a mail */
#define PCC_THREAD_MAX_REFERENCES 256  /* References ids read per mail */

typedef struct _PccThread PccThread;

PccThread *pcc_thread_new (void);
void pcc_thread_free (PccThread *thread);

/* Adds the mail whose header fields are @headers (PccMimeHeader, as
 * pcc_mime_read_headers() returns them; borrowed) and returns its index,
 * 0 for the first mail added.  When two mails have the same Message-Id
 * the first one added is the one found by it. */
guint pcc_thread_add (PccThread *thread, const GPtrArray *headers);

/* Mail @i's Message-Id without "<>", or NULL when it has none. */
const char *pcc_thread_get_message_id (const PccThread *thread, guint i);

/* Whether mail @i has a parent in the thread; its index in *@parent. */
gboolean pcc_thread_get_parent (const PccThread *thread, guint i,
                                guint *parent);

/* Marks mail @i as a root.  Mark every root before the first
 * pcc_thread_find_root(): what that learns is kept. */
void pcc_thread_set_root (PccThread *thread, guint i);

/* The index of the root that mail @i leads to (itself when it is one),
 * or -1 for none.  What a walk learns is kept, so that finding the root
 * of every mail costs a walk each. */
gint pcc_thread_find_root (PccThread *thread, guint i);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccThread, pcc_thread_free)

G_END_DECLS

#endif
