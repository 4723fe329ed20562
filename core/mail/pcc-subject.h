/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-subject.h - the "[RFC PATCH net-next v2 3/7]" prefix of a patch
 * mail's subject, read once, the way b4 reads it.
 *
 * Leading "[...]" groups and "Re:" are taken off (as git mailinfo does);
 * each group is split into words at white space, trailing ',' and ';'
 * are dropped from a word, and "PATCHv2" is read as "PATCH v2" (b4's
 * LoreSubject).  A word "n/N" of one to four digits each is the counter;
 * the last one wins.  A longer "n/N" (a date, a typo, 1/4294967295) is not
 * a counter: it is kept in @bad_counter so that callers can say so.  The
 * word "PATCH" (any case; "PATCH-x" too, not "PATCHES"), also after
 * "RFC-"/"RFC_", makes the mail a patch mail.
 *
 * Examples:
 *   "[PATCH v2 3/7] x"             prefix "PATCH v2", 3 of 7
 *   "[RFC PATCH net-next 0/4] x"   prefix "RFC PATCH net-next", cover
 *   "[net] [PATCH 1/2] x"          prefix "PATCH" (the group with PATCH)
 *   "[PATCHv3 01/10] x"            prefix "PATCH v3", 1 of 10
 *   "[PATCH 1/4294967295] x"       prefix "PATCH", not numbered
 *
 * pcc_subject_parse() never fails; the strings of a PccSubject are owned
 * by it and freed by pcc_subject_clear().
 */
#ifndef PCC_SUBJECT_H
#define PCC_SUBJECT_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  /* The words of the first group holding a PATCH word or a counter,
   * without the counter, joined by one space; NULL when none. */
  char *prefix;
  /* The subject after the leading groups, "Re:" and white space. */
  char *title;
  /* The counter: @index of @total (both 0 when @numbered is FALSE). */
  guint index, total;
  gboolean numbered;
  /* A group holds the word "PATCH" (also "RFC-PATCH"). */
  gboolean is_patch;
  /* A reply or a forward: "Re:", "Aw:", "Fwd:" or "Xx: [" first (b4's
   * test; the prefix is read all the same). */
  gboolean is_reply;
  /* The first "n/N" word not read as a counter because a number has
   * more than four digits, or NULL. */
  char *bad_counter;
} PccSubject;

/* Fill @out (overwritten, not freed) from @subject (NULL reads as ""). */
void pcc_subject_parse (const char *subject, PccSubject *out);
/* Free what @s holds and zero it. */
void pcc_subject_clear (PccSubject *s);

G_END_DECLS

#endif
