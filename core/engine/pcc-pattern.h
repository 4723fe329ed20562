/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-pattern.h - what a MAINTAINERS pattern's text tells before it is
 * run: the shortcuts of the F:/N:/K: matcher (pcc-maintainers.c).
 *
 * The script runs every pattern as a Perl regular expression; patchcc
 * first asks these questions of the pattern's text, so that most
 * (pattern, path or line) pairs are settled without the regex engine.
 * Every answer is conservative: when a pattern holds something these
 * readers do not understand, they say "no shortcut" (NULL, FALSE), and
 * the pattern is run as the script runs it.  fuzz-matcher checks the
 * shortcuts against PCRE2 on the script's own expressions.
 *
 * Pure functions of their arguments, no state.
 */
#ifndef PCC_PATTERN_H
#define PCC_PATTERN_H

#include <glib.h>

G_BEGIN_DECLS

/* --- F:/X: values made of literal bytes, '*' and '?' ("wildcards") --- */

/* The longest run of bytes that follows a wildcard of @pattern (as
 * written in MAINTAINERS) when it has at least four: every path the
 * pattern matches contains it at *@from or later, *@from being the
 * number of literal bytes the pattern starts with (which the F: index
 * has already compared).  NULL otherwise.  Free with g_free(). */
char *pcc_pattern_wildcard_needle (const char *pattern, gsize *from);

/* Whether @pattern (as written: '*' is the script's ".*", '?' its ".")
 * matches at the start of @s, as m@^$converted@ does in the script
 * (neither reaches past a newline). */
gboolean pcc_pattern_wildcard_prefix (const char *pattern, const char *s);

/* --- N: and K: values (/x regular expressions) ------------------------ */

/* Whether the script's "^[+-].*" + @keyword can be searched as @keyword
 * alone from offset 1 of a line that starts with '+' or '-': FALSE when
 * @keyword has a '|' outside groups ("^[+-].*a|b" is "(^[+-].*a)|(b)"),
 * starts with a quantifier, or holds something not understood (long
 * escapes, inline options that may turn /x off, verbs such as "(*:x)",
 * POSIX classes inside a class). */
gboolean pcc_pattern_keyword_splits (const char *keyword);

/* Needles of the /x expression @pattern: byte strings, one of which
 * every match contains ("bpf" for "(?:\b|_)bpf(?:\b|_)", {"pstore",
 * "ramoops"} for "\b(pstore|ramoops)"), each at least @min_len bytes.
 * *@ci is set when they are to be compared without regard to ASCII
 * case.  NULL when none can be told (white space or comments, \Q..\E,
 * lookaround, verbs, POSIX classes, anything not understood).  Free with
 * g_strfreev(). */
char **pcc_pattern_needles (const char *pattern, gboolean *ci, gsize min_len);

/* The first place of @needle in the @len bytes at @hay (ASCII case
 * ignored with @ci), or NULL. */
const char *pcc_pattern_find_needle (const char *hay, gsize len,
                                     const char *needle, gboolean ci);

G_END_DECLS

#endif
