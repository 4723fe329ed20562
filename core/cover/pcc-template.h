/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-template.h - cover-letter templates, compatible with b4's.
 *
 * The language is b4's (Python's string.Template): "${name}" or "$name"
 * is replaced by the value of the token, "$$" is a literal "$", and lines
 * starting with '#' are comments (b4's read_template() drops them).
 * Leading white space of the template is dropped, as b4 does.  Every b4
 * cover token is known:
 *
 *   ${cover}          the cover letter's own text (the blurb)
 *   ${shortlog}       "git shortlog" of the series
 *   ${diffstat}       the series' diffstat
 *   ${range_diff}     range-diff against the previous revision ("" when
 *                     there is none)
 *   ${base_commit}    the base-commit: of the series
 *   ${change_id}      the change-id: of the series
 *   ${prerequisites}  "prerequisite-patch-id: ..." lines, each ending in
 *                     a newline, or ""
 *   ${signature}      the sender's signature (~/.signature, or
 *                     "Name <email>")
 *
 * and patchcc adds:
 *
 *   ${provenance}     how the series was made (pcc-provenance.h), a whole
 *                     section ending in a newline, or ""
 *   ${tools}          its parts, each with its heading as in
 *   ${assistance}     ${provenance} ("Tools:", "LLM and agent
 *   ${testing}        assistance:", "Testing:"), or "" when empty
 *   ${title}          the cover letter's subject, without "[PATCH 0/N]"
 *   ${total}          the number of patches
 *   ${changes}        "Changes in vN:" and what changed since the previous
 *                     version (pcc-changes.h), or ""
 *
 * Unlike b4 (which leaves what it does not know in place), patchcc is
 * strict: an unknown token, a "${" without its "}", a "$" that starts
 * nothing, are errors reported as "NAME:LINE:COLUMN: what is wrong", and
 * rendering never produces partial output.
 *
 * One extension, for sections that make sense only when a token has a
 * value:
 *
 *   ${if base_commit}base-commit: ${base_commit}
 *   ${end}
 *
 * "${if NAME}" ... "${else}" ... "${end}" keeps the first part when the
 * value of NAME is not empty (after trimming white space), the second
 * otherwise; "${if !NAME}" tests the opposite.  A directive alone on its
 * line takes the whole line, newline included, so sections do not leave
 * blank lines behind.  b4 does not know the directives: a template that
 * must work in both should not use them.
 *
 * Values are inserted as they are, never expanded again; they must be
 * valid UTF-8 without control characters other than newline and tab.
 */
#ifndef PCC_TEMPLATE_H
#define PCC_TEMPLATE_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _PccTemplate PccTemplate;

/* The token names (without "${}"), NULL-terminated. */
const char *const *pcc_template_get_known_tokens (void);

/* Whether @name is one of b4's own tokens, which b4 fills itself (a
 * template for b4's prep-cover-template keeps them as tokens). */
gboolean pcc_template_token_is_b4 (const char *name);

/* Parse @len bytes of @text (len -1: NUL-terminated).  @name names the
 * template in messages.  Fails with PCC_ERROR_TEMPLATE. */
PccTemplate *pcc_template_new (const char *name, const char *text, gssize len,
                               GError **error);
/* Read and parse a file; errors name the file.  Only a regular file is
 * read (PCC_ERROR_IO otherwise: a FIFO or a device is not waited on),
 * and only when it holds at most 1 MiB (PCC_ERROR_TOO_LARGE otherwise,
 * known from its size before it is read). */
PccTemplate *pcc_template_new_from_file (const char *path, GError **error);
void pcc_template_free (PccTemplate *tpl);

const char *pcc_template_get_name (const PccTemplate *tpl);
/* The first comment line of the template (without "# "), for pickers;
 * "" when there is none. */
const char *pcc_template_get_description (const PccTemplate *tpl);
/* Whether the template refers to @token (as b4 checks ${range_diff}
 * before computing it). */
gboolean pcc_template_uses (const PccTemplate *tpl, const char *token);

/* Render with @values (token name -> UTF-8 text; a known token without a
 * value renders as "").  Fails with PCC_ERROR_TEMPLATE when a value holds
 * a forbidden character; returns the whole text or NULL. */
char *pcc_template_render (const PccTemplate *tpl, GHashTable *values,
                           GError **error);

/* --- where templates come from --------------------------------------- */

/* Templates are found by name, first in the user's folder
 * (<claws config dir>/patchcc/templates/NAME.tpl), then in the installed
 * data folder (<datadir>/patchcc/templates/NAME.tpl), then among those
 * compiled into patchcc, so that the shipped ones work uninstalled.  A
 * name holds only letters, digits, '-', '_' and '.', and does not start
 * with '.'.  A string with a '/' is a path to a file. */

/* ~/.claws-mail/patchcc/templates (Claws' default config folder); the
 * plugin uses its real config folder instead. */
char *pcc_template_default_user_dir (void);
/* Where the shipped templates are installed. */
const char *pcc_template_data_dir (void);

/* Names of the compiled-in templates, NULL-terminated, and their text. */
const char *const *pcc_template_builtin_names (void);
const char *pcc_template_builtin_text (const char *name);

/* All template names visible from @user_dir (may be NULL) and the data
 * folder and the built-ins, sorted, without duplicates. */
char **pcc_template_list (const char *user_dir);
/* Load a template by name or path.  Fails with PCC_ERROR_TEMPLATE naming
 * the places searched when there is no such template. */
PccTemplate *pcc_template_load (const char *user_dir, const char *name,
                                GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccTemplate, pcc_template_free)

G_END_DECLS

#endif
