/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-text.h - display widths and line wrapping of UTF-8 text.
 *
 * Two widths, because two programs are imitated:
 *  - pcc_text_width(): the columns a terminal gives the text (combining
 *    and other zero-width characters 0, East Asian wide ones 2, anything
 *    else 1, a byte that is not UTF-8 1);
 *  - pcc_text_git_wcwidth(): git's git_wcwidth(), which gives control
 *    characters -1, as git's own wrapping needs.
 * And two wrappers:
 *  - pcc_text_wrap_words(): greedy word wrapping for text patchcc writes
 *    itself (cover blurbs, the provenance section);
 *  - pcc_text_add_wrapped_git(): git's strbuf_add_wrapped_text(), for
 *    output that must be git's to the byte (the cover shortlog).
 * Nothing here allocates a result the caller must free except through the
 * GString it passes in; nothing fails.
 */
#ifndef PCC_TEXT_H
#define PCC_TEXT_H

#include <glib.h>

G_BEGIN_DECLS

/* Digits of @n written in decimal (1 for 0), for right-aligned
 * counters. */
int pcc_text_decimal_width (guint64 n);

/* Columns of the first @len bytes of @s (@len -1: up to the NUL). */
guint pcc_text_width (const char *s, gssize len);

/* git_wcwidth(): 0 for NUL and zero-width characters, -1 for other
 * control characters, 2 for wide ones, else 1. */
int pcc_text_git_wcwidth (gunichar c);

/* Append @text to @out wrapped at @width columns: the first line starts
 * with @first, the others with @cont; spaces split words; a word longer
 * than a line stays whole (URLs, paths).  With @keep_spaces the spaces
 * typed between two words on one line are kept as typed, else each run
 * is one space.  Leading and trailing spaces of @text are dropped.  No
 * newline is added after the last line. */
void pcc_text_wrap_words (GString *out, const char *first, const char *cont,
                          const char *text, int width, gboolean keep_spaces);

/* git's strbuf_add_wrapped_text(@buf, @text, @indent1, @indent2, @width)
 * for @indent1 >= 0, byte for byte (text that is not UTF-8 is measured a
 * byte a column, as git does). */
void pcc_text_add_wrapped_git (GString *buf, const char *text, int indent1,
                               int indent2, int width);

G_END_DECLS

#endif
