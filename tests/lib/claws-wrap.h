/* SPDX-License-Identifier: GPL-2.0-or-later */
/* claws-wrap.h - Claws Mail's automatic line wrapping, re-implemented for
 * the tests: what compose_wrap_all() does to a compose body with stock
 * preferences (linewrap_length 72, linewrap_quotation on, auto_indent
 * on, quote_chars ">", the account's signature separator "-- ").
 */
#ifndef CLAWS_WRAP_H
#define CLAWS_WRAP_H

#include <glib.h>

/* Wrap @body (UTF-8) as Claws Mail's compose window does when automatic
 * wrapping is on and the text is set at creation.  Returns a new
 * string; @tails, when not NULL, gets the 1-based output line numbers
 * where a wrapped tail starts (guint, in order; free with
 * g_array_unref). */
char *claws_wrap (const char *body, int wrap_len, GArray **tails);

#endif
