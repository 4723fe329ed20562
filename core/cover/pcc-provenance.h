/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-provenance.h - how a patch series was made, for its cover letter.
 *
 * The kernel no longer asks for an Assisted-by: trailer in each commit;
 * maintainers still want to know how a series was made, and the cover
 * letter is the place for it.  A PccProvenance holds that record as
 * structured fields, so it can be edited in a form, kept in a key file
 * next to the series (--provenance-file), and rendered the same way in
 * every cover letter (the ${provenance} template token):
 *
 *   - tools used: name, version, what for ("coccinelle", "1.1.1",
 *     "generated the conversion in patches 2-4");
 *   - LLM or agent assistance: which model or tool, what it produced, and
 *     how a human reviewed it;
 *   - testing done: what was run, and on which hardware or VM;
 *   - free-form notes.
 *
 * Every field is untrusted text.  One-line fields refuse CR, LF and other
 * control characters; notes may hold newlines and tabs but no other
 * control character.  All text must be valid UTF-8.
 *
 * The key file format (groups in file order, numbered from 1):
 *
 *   [tool.1]        name=, version=, purpose=
 *   [assistance.1]  agent=, produced=, review=
 *   [testing.1]     what=, where=
 *   [notes]         text=
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
  char *purpose; /* "checked every patch; no new warnings", or "" */
} PccToolUse;

typedef struct
{
  char *agent; /* model or tool: "Claude Opus 4 via Claude Code" (required) */
  char *produced; /* what it produced: "first draft of patch 3", or "" */
  char *review;   /* how a human reviewed it, or "" */
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

/* Add an entry.  NULL optional fields become "".  Values are trimmed.
 * Fails with PCC_ERROR_OPTION (naming the field) when a required field is
 * empty or a value has a forbidden character. */
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
 * ending with a newline; "" when the record is empty. */
char *pcc_provenance_render (const PccProvenance *prov, int width);

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
 * "assistance.review", "testing.what", "testing.where". */

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
