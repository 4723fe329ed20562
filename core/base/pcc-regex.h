/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-regex.h - Perl regular expressions with Perl's byte semantics.
 *
 * get_maintainer.pl matches bytes: its strings are never decoded, so \w,
 * \s, \b and (?i) only know ASCII.  GLib's GRegex always turns on
 * Unicode properties (PCRE2_UCP), even with G_REGEX_RAW, and then treats
 * bytes 0x80-0xff as Latin-1 letters: "Behún" would need no quotes.  So
 * the patterns that must behave as the script's do go through PCRE2
 * directly, in 8-bit mode without UTF or UCP.  Everything else in
 * patchcc uses GLib.
 *
 * A PccRegex keeps its match data: it is not thread-safe.
 *
 * Limits.  Perl's engine has none; PCRE2's defaults (10 million steps
 * per match) refuse a long line that every MAINTAINERS keyword reads in
 * linear time (a few steps per byte on the kernel's MAINTAINERS).  A
 * match may take PCC_REGEX_STEPS_PER_BYTE steps per byte of its subject
 * (at least PCC_REGEX_MIN_STEPS) and PCC_REGEX_HEAP_LIMIT_KIB of
 * backtracking memory; past that pcc_regex_last_error() says it gave up.
 * So any line up to the input size limit is read, and a pattern that
 * backtracks without end stops in time linear in the line.  A match of
 * more than PCC_REGEX_INTERP_STEPS steps goes on in PCRE2's JIT, made
 * then: its steps cost far less than the interpreter's (the hostile F:
 * line of /maintainers/gave-up gives up at once, not after a long wait).
 * The JIT counts its steps otherwise, so where exactly it gives up
 * differs; what it matches does not.
 */
#ifndef PCC_REGEX_H
#define PCC_REGEX_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _PccRegex PccRegex;

#define PCC_REGEX_STEPS_PER_BYTE 32
#define PCC_REGEX_MIN_STEPS      10000000
#define PCC_REGEX_HEAP_LIMIT_KIB (256 * 1024)
#define PCC_REGEX_INTERP_STEPS   10000

typedef enum
{
  PCC_REGEX_DEFAULT = 0,
  PCC_REGEX_EXTENDED = 1 << 0,  /* /x */
  PCC_REGEX_CASELESS = 1 << 1,  /* /i */
  PCC_REGEX_DOTALL = 1 << 2,    /* /s */
  PCC_REGEX_JIT = 1 << 3,       /* compile to machine code: for hot patterns */
  PCC_REGEX_MULTILINE = 1 << 4, /* /m */
  /* Perl's semantics for decoded text: the subject is UTF-8 (invalid
   * sequences never match a character), \w, \b, \s and (?i) know
   * Unicode. */
  PCC_REGEX_UNICODE = 1 << 5,
} PccRegexFlags;

/* The version of PCRE2 in use, as PCRE2 gives it ("10.42 2022-12-11"):
 * for anything kept on disk that depends on its verdicts.  Static
 * storage. */
const char *pcc_regex_engine_version (void);

/* Compile @pattern; NULL with @error (G_REGEX_ERROR_COMPILE) and PCRE2's
 * message with the offset when it is not valid. */
PccRegex *pcc_regex_new (const char *pattern, PccRegexFlags flags,
                         GError **error);
void pcc_regex_free (PccRegex *re);

/* Match @len bytes of @subject (-1: up to the NUL) from @start.  On a
 * match the groups can be read with pcc_regex_group(). */
gboolean pcc_regex_match (PccRegex *re, const char *subject, gssize len,
                          gsize start);
/* 0 when the last pcc_regex_match() ran to its end (match or no match);
 * else PCRE2's error code, e.g. the match limit of a pattern that
 * backtracks without end.  Callers that must not mistake such a give-up
 * for "no match" check it. */
int pcc_regex_last_error (const PccRegex *re);
/* A message for pcc_regex_last_error(). */
char *pcc_regex_error_message (int code);

/* Group @n of the last match (0: the whole match); NULL when the group
 * did not take part.  @start/@end may be NULL. */
char *pcc_regex_group (PccRegex *re, const char *subject, guint n);
gboolean pcc_regex_group_pos (PccRegex *re, guint n, gsize *start, gsize *end);

/* s/re/replacement/ (or /g with @global): "$1".."$9" in @replacement are
 * groups. */
char *pcc_regex_replace (PccRegex *re, const char *subject,
                         const char *replacement, gboolean global);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccRegex, pcc_regex_free)

G_END_DECLS

#endif
