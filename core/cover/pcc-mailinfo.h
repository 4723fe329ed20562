/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-mailinfo.h - what git mailinfo (the reader behind git am) takes
 * from a patch mail: the author and the commit subject.
 *
 *  - the in-body "From:" and "Subject:" lines at the start of the body
 *    win over the mail's own headers (git am's rule);
 *  - the subject loses its "[...]" groups and "Re:" the way
 *    cleanup_subject() takes them off, and its lines are joined;
 *  - the author "Name <addr>" is split as git splits it.
 *
 * Every string returned is newly allocated and owned by the caller
 * (g_free()).  Nothing here fails: a mail without in-body lines gives
 * NULL for them.
 */
#ifndef PCC_MAILINFO_H
#define PCC_MAILINFO_H

#include <glib.h>

G_BEGIN_DECLS

/* git mailinfo's cleanup_subject() (brackets not kept), then the white
 * space normalisation of format_subject(). */
char *pcc_mailinfo_clean_subject (const char *subject);

/* "Name <addr>", "\"Name\" <addr>" or "addr" into @name ("" when none)
 * and @email, both newly allocated. */
void pcc_mailinfo_split_address (const char *from, char **name, char **email);

/* The in-body "From:" and "Subject:" of the mail in the @len bytes of
 * @text (RFC 2047 decoded), each NULL when absent.  Only a mail that
 * starts with a header block has them. */
void pcc_mailinfo_inbody_headers (const char *text, gsize len, char **from,
                                  char **subject);

/* The commit message git am records from the mail in the @len bytes of
 * @text (its body decoded, pcc_patch_get_text()): @subject (the cleaned
 * one), a blank line and the body after the in-body header lines up to
 * where the patch starts ("---" alone or before a file name, "diff -",
 * "Index: "), cleaned as git stripspace cleans it (trailing white space
 * off, runs of blank lines made one, none first or last, a final
 * newline).  Newly allocated. */
char *pcc_mailinfo_commit_message (const char *subject, const char *text,
                                   gsize len);

G_END_DECLS

#endif
