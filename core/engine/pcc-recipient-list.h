/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-recipient-list.h - the script's @email_to and @list_to while a
 * computation fills them: push_email_address(), add_role(),
 * deduplicate_email() and the %hash_list_to of add_categories().
 *
 * Both halves of the recipients computation add to one list: the
 * MAINTAINERS sections and addresses in files (pcc-recipients.c), and the
 * git history (pcc-recipients-vcs.c).  Not part of libpatchcc's API.
 */
#ifndef PCC_RECIPIENT_LIST_H
#define PCC_RECIPIENT_LIST_H

#include "pcc-mailmap.h"
#include "pcc-options.h"
#include "pcc-recipients.h"
#include "pcc-regex.h"

G_BEGIN_DECLS

/* One entry of @email_to or @list_to, owned by its list. */
typedef struct
{
  char *formatted; /* "Name <address>" or the list address */
  char *role;
  PccRecipientKind kind;
  GArray *reasons; /* PccReason */
} PccRecipientEntry;

typedef struct _PccRecipientList PccRecipientList;

/* An empty list for a computation with @opts (the e-mail options are
 * read: remove duplicates, use names, use .mailmap), mapping through
 * @mailmap.  Both must outlive the list.  Free with
 * pcc_recipient_list_free(). */
PccRecipientList *pcc_recipient_list_new (const PccOptions *opts,
                                          PccMailmap *mailmap);
void pcc_recipient_list_free (PccRecipientList *list);

/* push_email_address(): the entry now standing for the address in @line
 * (new, or already there), owned by @list; NULL when the line has no
 * address (*@had_address is then FALSE). */
PccRecipientEntry *pcc_recipient_list_push_email (PccRecipientList *list,
                                                  const char *line,
                                                  const char *role,
                                                  PccRecipientKind kind,
                                                  gboolean *had_address);

/* Append an entry for @formatted to @email_to as it is, without looking
 * for it first (the chief penguin). */
void pcc_recipient_list_append_email (PccRecipientList *list,
                                      const char *formatted, const char *role,
                                      PccRecipientKind kind);

/* Remove from @email_to every entry whose address the regular expression
 * @pattern matches. */
void pcc_recipient_list_remove_matching (PccRecipientList *list,
                                         const char *pattern);

/* The entry of @list_to for the mailing list @address (compared without
 * case), or NULL. */
PccRecipientEntry *pcc_recipient_list_lookup_list (PccRecipientList *list,
                                                   const char *address);

/* A new entry of @list_to for @address, with the role @role followed by
 * @role_suffix; owned by @list. */
PccRecipientEntry *pcc_recipient_list_add_list (PccRecipientList *list,
                                                const char *address,
                                                const char *role,
                                                const char *role_suffix,
                                                PccRecipientKind kind);

/* Record @reason (copied) as a reason of @entry. */
void pcc_recipient_entry_add_reason (PccRecipientEntry *entry,
                                     const PccReason *reason);

/* add_role(): @role appended to the role of every entry of @email_to
 * standing for the address in @line. */
void pcc_recipient_list_add_role (PccRecipientList *list, const char *line,
                                  const char *role);

/* deduplicate_email(): a newly allocated "Name <address>" (free with
 * g_free()), mailmapped and made the same as the first one seen with that
 * name or address. */
char *pcc_recipient_list_deduplicate_email (PccRecipientList *list,
                                            const char *email);

/* deduplicate_email() of every entry's address, in place (the script's
 * loop over @email_to and @list_to once the sections are in). */
void pcc_recipient_list_deduplicate_entries (PccRecipientList *list);

/* The script's @to for merge_email(): @email_to when @with_email, then
 * @list_to when @with_lists, each address once (the first entry).  A
 * container of entries owned by @list: free with g_ptr_array_unref(). */
GPtrArray *pcc_recipient_list_merge (PccRecipientList *list,
                                     gboolean with_email, gboolean with_lists);

/* strcmp() for a GPtrArray of strings. */
int pcc_recipient_list_compare_strings (gconstpointer a, gconstpointer b);

G_END_DECLS

#endif
