/* pcc-recipients-private.h - what the two halves of the recipients
 * computation share: pcc-recipients.c (MAINTAINERS sections, keywords,
 * addresses in files, the final list) and pcc-recipients-vcs.c (the
 * script's vcs_* functions: commit signers, blame, Fixes:).  Not part of
 * libpatchcc's API; included by those two files only.
 */
#ifndef PCC_RECIPIENTS_PRIVATE_H
#define PCC_RECIPIENTS_PRIVATE_H

#include "pcc-history.h"
#include "pcc-recipients.h"

G_BEGIN_DECLS

/* Keyword hits of one patch text, kept for the next computation on it
 * (a plan computes three times: full, b4's To and Cc). */
typedef struct
{
  char *text; /* a copy */
  gsize len;
  GArray *hits, *lines; /* guint each */
} KwCache;

#define KW_CACHE_SIZE   4
#define MATCH_CACHE_MAX 100000

typedef struct
{
  guint start, len;
} MatchSpan;

struct _PccEngine
{
  const PccTree *tree;
  PccMaintainers *m;
  PccMailmap *mailmap;
  /* What each file matched: MAINTAINERS does not change under an engine,
   * so a file matches the same entries every time.  @match_cache maps a
   * file (a string of @match_names) to 1 + its index in @match_spans,
   * whose MatchSpan gives its PccMatch in @match_arena. */
  GHashTable *match_cache;
  GStringChunk *match_names;
  GArray *match_spans; /* MatchSpan */
  GArray *match_arena; /* PccMatch */
  KwCache kw_cache[KW_CACHE_SIZE];
  guint kw_next;
  /* M:/R: entry -> GPtrArray of the addresses push_email_addresses()
   * would push, with warnings for invalid ones. */
  GHashTable *addr_cache;
  /* git history, opened the first time a feature needs it */
  PccHistory *history;
  gboolean history_tried;
  char *history_error;
};

/* One entry of the script's @email_to or @list_to. */
typedef struct
{
  char *formatted;
  char *role;
  PccRecipientKind kind;
  GArray *reasons;
} Item;

struct _PccResult
{
  PccEngine *engine;
  PccOptions opts;
  GPtrArray *recipients; /* PccRecipient * */
  GArray *file_rest;     /* PccFileRest */
  GPtrArray *files;      /* the file names file_rest points into */
  GPtrArray *warnings;
  GString *sections_out; /* --sections text, printed first */
  GPtrArray *scm, *status, *subsystem, *web;
  GPtrArray *strings; /* what history reasons point to */
};

typedef struct
{
  PccEngine *engine;
  PccMaintainers *m;
  const PccOptions *o;
  GPtrArray *email_to, *list_to;                    /* Item * */
  GHashTable *email_hash_name, *email_hash_address; /* lc -> Item * */
  GHashTable *hash_list_to;                         /* lc -> Item * */
  GHashTable *sections_added; /* start -> GPtrArray of Item * */
  GHashTable *section_role;   /* start -> role text */
  PccResult *result;
  /* deduplicate_email()'s %deduplicate_name_hash / _address_hash */
  GHashTable *dedup_name, *dedup_address;
  GHashTable *exact_files; /* %exact_pattern_match_hash */
  gboolean printed_novcs;
  gint64 since; /* --git-since, as a time; 0 until needed */
  GArray *file_hits; /* file_sections()'s %hash (SectionHit), reused */
} State;

/* --- shared by both halves (pcc-recipients.c) -------------------------- */

/* push_email_address() of the script: the item now standing for the
 * address in @line (new, or already there), owned by @st; NULL when the
 * line has no address (*@had_address is then FALSE). */
Item *pcc_recipients_push_email (State *st, const char *line, const char *role,
                                 PccRecipientKind kind, gboolean *had_address);

/* Record @r (copied) as a reason of @it. */
void pcc_recipients_add_reason (Item *it, const PccReason *r);

/* deduplicate_email() of the script: a newly allocated "Name <address>"
 * (free with g_free()), mailmapped and made the same as the first one
 * seen with that name or address. */
char *pcc_recipients_deduplicate_email (State *st, const char *email);

/* add_role() of the script: @role appended to the role of every item
 * standing for the address in @line. */
void pcc_recipients_add_role (State *st, const char *line, const char *role);

/* strcmp() for a GPtrArray of strings. */
int pcc_recipients_compare_strings (gconstpointer a, gconstpointer b);

/* --- git history (pcc-recipients-vcs.c) --------------------------------- */

/* vcs_file_signoffs(): the signers, authors and changed lines of the
 * commits that touched @file within --git-since.  Problems with the
 * history are warnings of the result; TRUE. */
gboolean pcc_recipients_vcs_file_signoffs (State *st, const char *file,
                                           GError **error);

/* vcs_file_blame(): the signers of the commits that last changed the
 * lines of @ranges (PccBlameRange; every line when NULL or empty). */
gboolean pcc_recipients_vcs_file_blame (State *st, const char *file,
                                        GArray *ranges, GError **error);

/* vcs_add_commit_signers($commit, "blamed_fixes"): the signers of the
 * commit a Fixes: tag names. */
void pcc_recipients_vcs_add_commit_signers (State *st, const char *commit);

G_END_DECLS

#endif
