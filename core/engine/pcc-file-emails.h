/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-file-emails.h - e-mail addresses written in the files a patch
 * touches (the script's maintainers_in_file() and clean_file_emails()):
 * always in .yaml bindings, in any file with --file-emails.
 */
#ifndef PCC_FILE_EMAILS_H
#define PCC_FILE_EMAILS_H

#include <glib.h>
#include "pcc-tree.h"

G_BEGIN_DECLS

/* Append to @out (char *, freed by its free function) the addresses
 * written in @file of @tree, cleaned as clean_file_emails() does and
 * formatted with their names when @usename.  Nothing when @file is a
 * MAINTAINERS file, is not a file of the tree, or (unless @any_file) does
 * not end in ".yaml". */
void pcc_file_emails_find (const PccTree *tree, const char *file,
                           gboolean any_file, gboolean usename,
                           GPtrArray *out);
/* The same as 7.x scripts do it: the file read as UTF-8 (an invalid byte
 * becomes the text "\xHH", as Perl's decoding layer makes it), names
 * made of \p{L} letters, and 7.x's clean_file_emails(). */
void pcc_file_emails_find_utf8 (const PccTree *tree, const char *file,
                                gboolean any_file, gboolean usename,
                                GPtrArray *out);

G_END_DECLS

#endif
