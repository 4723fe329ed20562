/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-provenance.h - how a patch series was made, for its cover letter.
 *
 * Maintainers want to know how a series was made.  The kernel's
 * Documentation/process/generated-content.rst asks contributors to be
 * transparent about it "in cover letters and changelogs": what tools
 * were used, the input to the tools (like the Coccinelle source script),
 * the prompts (for a long session a summary of the prompts and the
 * nature of the resulting assistance), which portions of the content
 * were affected, and how the submission was tested and with what tools.
 * Whether each commit must also carry an Assisted-by: trailer depends on
 * the tree (pcc-attribution.h).  A PccProvenance holds the record as
 * structured fields, so it can be edited in a form, kept in a key file
 * next to the series (--provenance-file), and rendered the same way in
 * every cover letter (the ${provenance} template token, or its parts
 * ${tools}, ${assistance} and ${testing}):
 *
 *   - tools used: name, version, which portions they affected
 *     ("coccinelle", "1.1.1", "generated the conversion in patches 2-4"),
 *     and the input given to the tool (the Coccinelle script, the command
 *     line);
 *   - LLM or agent assistance: which model or tool, the prompts (or a
 *     summary of them for a long session), which portions it affected
 *     ("produced"), and how a human reviewed it;
 *   - testing done: what was run, and on which hardware or VM;
 *   - free-form notes.
 *
 * Every field is untrusted text.  One-line fields refuse CR, LF and other
 * control characters; the multi-line fields (a tool's input, the
 * prompts, the notes) may hold newlines and tabs but no other control
 * character.  All text must be valid UTF-8.
 *
 * The key file format (groups in file order, numbered from 1):
 *
 *   [tool.1]        name=, version=, purpose=, input=
 *   [assistance.1]  agent=, produced=, review=, prompts=
 *   [testing.1]     what=, where=
 *   [notes]         text=
 *
 * (multi-line values are written with GKeyFile's "\n" escapes; files
 * written before input= and prompts= existed load unchanged.)
 *
 * Unknown groups and keys are errors (a typo must not silently drop what
 * the user wrote); the required keys are name, agent and what.
 *
 * A PccProvenanceHistory remembers earlier values of each field, most
 * recent first, so a form can offer them again (GtkEntryCompletion).
 */
#ifndef PCC_PROVENANCE_H
#define PCC_PROVENANCE_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *name;    /* "sparse" (required) */
  char *version; /* "0.6.4", or "" */
  /* which portions of the content it affected: "generated the
   * conversion in patches 2-4", "checked every patch", or "" */
  char *purpose;
  char *input; /* the input given to it: a Coccinelle script, a command
                  line (may hold newlines), or "" */
} PccToolUse;

typedef struct
{
  char *agent; /* model or tool: "Claude Opus 4 via Claude Code" (required) */
  /* which portions of the content it affected: "first draft of patch
   * 3", or "" */
  char *produced;
  char *review;  /* how a human reviewed it, or "" */
  char *prompts; /* the prompts, or for a long session a summary of them
                    and of the nature of the assistance (may hold
                    newlines), or "" */
} PccAssistance;

typedef struct
{
  char *what;  /* "kselftest net/" (required) */
  char *where; /* "QEMU x86_64, KVM" or "Raspberry Pi 4", or "" */
} PccTesting;

typedef enum
{
  PCC_PROV_TOOL,
  PCC_PROV_ASSISTANCE,
  PCC_PROV_TESTING,
} PccProvenanceKind;

typedef struct _PccProvenance PccProvenance;

PccProvenance *pcc_provenance_new (void);
PccProvenance *pcc_provenance_copy (const PccProvenance *prov);
void pcc_provenance_free (PccProvenance *prov);
/* TRUE when there is nothing to render. */
gboolean pcc_provenance_is_empty (const PccProvenance *prov);
gboolean pcc_provenance_equal (const PccProvenance *a, const PccProvenance *b);

/* Add an entry (its input or prompts "").  NULL optional fields become
 * "".  Values are trimmed.  Fails with PCC_ERROR_OPTION (naming the
 * field) when a required field is empty or a value has a forbidden
 * character. */
gboolean pcc_provenance_add_tool (PccProvenance *prov, const char *name,
                                  const char *version, const char *purpose,
                                  GError **error);
gboolean pcc_provenance_add_assistance (PccProvenance *prov, const char *agent,
                                        const char *produced,
                                        const char *review, GError **error);
gboolean pcc_provenance_add_testing (PccProvenance *prov, const char *what,
                                     const char *where, GError **error);
gboolean pcc_provenance_set_notes (PccProvenance *prov, const char *notes,
                                   GError **error);
/* Set the input of tool @i / the prompts of assistance @i (multi-line
 * values, trimmed like the notes; NULL is "").  Same errors. */
gboolean pcc_provenance_set_tool_input (PccProvenance *prov, guint i,
                                        const char *input, GError **error);
gboolean pcc_provenance_set_assistance_prompts (PccProvenance *prov, guint i,
                                                const char *prompts,
                                                GError **error);

guint pcc_provenance_get_n (const PccProvenance *prov, PccProvenanceKind kind);
const PccToolUse *pcc_provenance_get_tool (const PccProvenance *prov, guint i);
const PccAssistance *pcc_provenance_get_assistance (const PccProvenance *prov,
                                                    guint i);
const PccTesting *pcc_provenance_get_testing (const PccProvenance *prov,
                                              guint i);
const char *pcc_provenance_get_notes (const PccProvenance *prov);
void pcc_provenance_remove (PccProvenance *prov, PccProvenanceKind kind,
                            guint i);
void pcc_provenance_clear (PccProvenance *prov);

/* The section for the cover letter, wrapped at @width columns (0: 72),
 * ending with a newline; "" when the record is empty.  One-line values
 * are word-wrapped; a tool's input, and prompts of several lines, are
 * literal blocks indented by four spaces, never re-wrapped (a Coccinelle
 * script stays as written); an input of one line that fits stays on its
 * "Input:" line.  Entries without input or prompts render as they did
 * before those fields existed. */
char *pcc_provenance_render (const PccProvenance *prov, int width);
/* One part of that section, its heading included ("Tools:\n- sparse
 * ...\n"), as it appears there; "" when the record has no entry of
 * @kind.  The caller frees the string. */
char *pcc_provenance_render_part (const PccProvenance *prov,
                                  PccProvenanceKind kind, int width);

/* The template tokens of the record: "provenance" (the whole section),
 * "tools", "assistance", "testing" (its parts), NULL-terminated. */
const char *const *pcc_provenance_get_tokens (void);
/* The value of token @token (one of those) for @prov, which may be NULL
 * (then ""), at 72 columns, without its last newline.  NULL for another
 * token.  The caller frees the string. */
char *pcc_provenance_render_token (const PccProvenance *prov,
                                   const char *token);

/* Key file I/O.  Errors name @path (or "provenance" for data). */
PccProvenance *pcc_provenance_load_keyfile (GKeyFile *kf, const char *name,
                                            GError **error);
PccProvenance *pcc_provenance_load_file (const char *path, GError **error);
PccProvenance *pcc_provenance_load_data (const char *name, const char *data,
                                         gsize len, GError **error);
GKeyFile *pcc_provenance_to_keyfile (const PccProvenance *prov);
char *pcc_provenance_to_data (const PccProvenance *prov, gsize *len);
gboolean pcc_provenance_save_file (const PccProvenance *prov, const char *path,
                                   GError **error);

/* --- history of earlier entries --------------------------------------- */

typedef struct _PccProvenanceHistory PccProvenanceHistory;

/* Field keys for the history: "tool.name", "tool.version",
 * "tool.purpose", "assistance.agent", "assistance.produced",
 * "assistance.review", "testing.what", "testing.where" (one-line values
 * only: a tool's input and the prompts are not remembered). */

/* Load @path; a missing file gives an empty history.  @max_per_field of 0
 * means 25. */
PccProvenanceHistory *pcc_provenance_history_load (const char *path,
                                                   guint max_per_field,
                                                   GError **error);
void pcc_provenance_history_free (PccProvenanceHistory *hist);
/* Remember every non-empty value of @prov (moved to the front when
 * already known). */
void pcc_provenance_history_add (PccProvenanceHistory *hist,
                                 const PccProvenance *prov);
void pcc_provenance_history_add_value (PccProvenanceHistory *hist,
                                       const char *field, const char *value);
/* Earlier values of @field, most recent first (NULL-terminated; owned by
 * the history). */
const char *const *pcc_provenance_history_get (PccProvenanceHistory *hist,
                                               const char *field);
gboolean pcc_provenance_history_save (PccProvenanceHistory *hist,
                                      GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccProvenance, pcc_provenance_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccProvenanceHistory,
                               pcc_provenance_history_free)

G_END_DECLS

#endif
