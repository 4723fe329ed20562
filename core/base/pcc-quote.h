/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-quote.h - paths as git writes them: C-style quoting
 * (quote_c_style() of git's quote.c, with core.quotePath on), its
 * reverse, and the "dir/{a => b}/file" form of a rename (pprint_rename()
 * of git's diff.c).
 *
 * The diff reader unquotes the paths of ---/+++ and rename lines; the
 * diffstat and the history's --numstat lines print them back. */
#ifndef PCC_QUOTE_H
#define PCC_QUOTE_H

#include <glib.h>

G_BEGIN_DECLS

/* Whether git would quote @path: a control byte, '"', '\\' or a byte of
 * 0x7f and above. */
gboolean pcc_quote_path_needed (const char *path);

/* @path as git prints it: unchanged, or in double quotes with \a \b \t
 * \n \v \f \r \" \\ and octal escapes.  Newly allocated (g_free()). */
char *pcc_quote_path (const char *path);

/* Undo pcc_quote_path(): @s points at the opening quote, @limit ends the
 * text; *@end (when not NULL) gets the position after the closing quote,
 * or @limit when there is none.  Newly allocated (g_free()). */
char *pcc_unquote_path (const char *s, const char *limit, const char **end);

/* git's pprint_rename(): the common leading folders and trailing part
 * of @a and @b written once, "dir/{a => b}/file"; "A => B" with both
 * quoted when either needs quoting.  Newly allocated (g_free()). */
char *pcc_quote_rename (const char *a, const char *b);

G_END_DECLS

#endif /* PCC_QUOTE_H */
