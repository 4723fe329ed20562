/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-damage.h - is the diff in a patch mail intact?
 *
 * A patch mail whose diff a mail client re-wrapped (Claws Mail wraps
 * lines at 72 columns by default), whose hunks were cut short or whose
 * lines lost their prefix does not apply any more, and recipients
 * computed from it can be wrong.  The damage check reads the mail and
 * says where the diff is first damaged:
 *
 *  - every hunk holds as many old and new lines as its "@@ -a,b +c,d @@"
 *    header says, and every line of a hunk starts with ' ', '+', '-' or
 *    '\' (an empty line counts as context, as git apply takes it);
 *  - the file headers are well-formed: "diff --git a/X b/Y", then only
 *    mode, rename, copy, similarity, index, ---/+++, "Binary files"
 *    and "GIT binary patch" lines before the first hunk;
 *  - the diffstat between "---" and the diff, when the mail has one,
 *    agrees with the diff (number of files, changed lines per file,
 *    totals).
 *
 * When every diff is intact, the part of each mail before its diff is
 * checked for the damage re-wrapping does there (git am would take a
 * broken commit message or trailers, or the diffstat into the message):
 *
 *  - the "---" separator stands alone on its line, not glued to the end
 *    of a trailer or of a wrapped line;
 *  - each line of the trailer block (the paragraph before "---") is a
 *    whole "Token: value" trailer: not cut before its address, URL or
 *    Fixes: subject, and no line holds the rest of the trailer before it;
 *  - each diffstat line is whole.
 *
 * Only the signature of wrapping counts there: long trailers, long
 * message lines and "---" lines in the message that no wrapping made
 * are not damage.
 *
 * It also recognises the signature of automatic re-wrapping: a line of
 * the diff broken at a space at or before the wrap column (72, Claws
 * Mail's default; tabs count 8 columns and wide characters 2, as Claws
 * counts them), its tail starting the next line with no hunk prefix.
 *
 * A mail without any diff is not damaged.  Line numbers are 1-based
 * lines of the bytes given; for a mail whose body is quoted-printable,
 * base64 or multipart, lines of its decoded text (pcc_patch_decode_text()),
 * as the encoding itself is not damage.  The check is toolkit-free and never
 * modifies its input.
 */
#ifndef PCC_DAMAGE_H
#define PCC_DAMAGE_H

#include <glib.h>

G_BEGIN_DECLS

/* The column Claws Mail wraps at by default (prefs "linewrap_len"). */
#define PCC_DAMAGE_WRAP_COLUMN 72

typedef struct
{
  guint line;         /* 1-based line of @text where the damage is first
                         seen */
  char *problem;      /* what is wrong, one line: "hunk at line 40 says 12
                         new lines, 11 follow", "line does not start with
                         ' ', '+', '-' or '\\'" ... */
  char *cause;        /* likely cause, or NULL: "this line looks like the
                         tail of line 57, wrapped at column 72 (automatic
                         line wrapping)" */
  gboolean rewrapped; /* the signature of re-wrapping was recognised */
} PccDamage;

/* Check the diff(s) in a patch mail (headers + body, or a body alone, as
 * bytes; @len -1 for NUL-terminated).  Returns NULL when every diff is
 * intact (also for a mail with no diff at all: that is not damage), or a
 * newly allocated PccDamage for the FIRST damaged place in the diffs or,
 * when they are intact, the first in the part before them; the caller
 * owns it and frees it with pcc_damage_free().  Never fails otherwise. */
PccDamage *pcc_damage_check (const char *text, gssize len);
void pcc_damage_free (PccDamage *damage);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccDamage, pcc_damage_free)

/* The same as a GError (PCC_ERROR, PCC_ERROR_DAMAGED) whose message is
 * "line N: <problem>; likely cause: <cause>" (without the "; likely
 * cause" part when none is known).  TRUE when intact. */
gboolean pcc_damage_check_error (const char *text, gssize len, GError **error);

/* The width of @len bytes of @line as Claws Mail counts columns when it
 * wraps: a tab is 8 columns, a wide character 2, any other character 1
 * (invalid UTF-8 bytes count 1 each). */
guint pcc_damage_line_width (const char *line, gsize len);

G_END_DECLS

#endif
