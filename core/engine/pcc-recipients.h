/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-recipients.h - who gets a patch, and why.
 *
 * The engine computes what scripts/get_maintainer.pl prints for a patch,
 * with the posted "only use THE REST as a fallback" change applied (the
 * first patch of kernel/patches/7.3): for each file, the THE REST
 * section is dropped from the matched sections when another matched
 * section has an L: list.  The rule is a setting (PccRestRule) so the
 * original script and our follow-up fix (the third patch of each series in
 * kernel/patches/) can be
 * reproduced too.
 *
 * Everything the script does is reproduced, byte for byte, git history
 * included (read through pcc-history.h, only when a feature needs it:
 * Fixes: signers, --git-fallback for a file no maintained section
 * covers exactly, --git, --git-blame): matching, pattern-depth ordering,
 * roles and role statistics, section-name truncation, .mailmap,
 * duplicate removal, e-mail addresses found in .yaml bindings, keywords,
 * --sections, --scm/--status/...  Two differences are chosen, both where
 * the script orders ties by Perl's hash order (which changes with
 * PERL_HASH_SEED): sections of equal pattern depth come in MAINTAINERS
 * order, and git signers with equal counts in byte order.
 *
 * Each recipient carries its reasons: which file, which MAINTAINERS
 * entry (pattern or keyword) and which section brought it in; and for
 * every file the engine records whether THE REST matched and why it was
 * kept or dropped.
 */
#ifndef PCC_RECIPIENTS_H
#define PCC_RECIPIENTS_H

#include <glib.h>
#include "pcc-engine.h"
#include "pcc-maintainers.h"
#include "pcc-mailmap.h"
#include "pcc-patch.h"
#include "pcc-tree.h"
#include "pcc-options.h"
#include "pcc-index-cache.h"

G_BEGIN_DECLS

typedef enum
{
  PCC_KIND_MAINTAINER,      /* M: */
  PCC_KIND_REVIEWER,        /* R: */
  PCC_KIND_LIST,            /* L: open list */
  PCC_KIND_MODERATED_LIST,  /* L: ... (moderated for non-subscribers) */
  PCC_KIND_SUBSCRIBER_LIST, /* L: ... (subscribers-only) */
  PCC_KIND_FILE_EMAIL,    /* found in a .yaml binding or with --file-emails */
  PCC_KIND_CHIEF_PENGUIN, /* --git-chief-penguins */
  PCC_KIND_GIT,   /* from history: --git, --git-fallback, --git-blame */
  PCC_KIND_FIXES, /* signed off a commit named in Fixes: */
} PccRecipientKind;

typedef enum
{
  PCC_REASON_PATTERN,    /* an F: or N: entry matched a file */
  PCC_REASON_KEYWORD,    /* a K: entry matched a line of the patch */
  PCC_REASON_FILE_EMAIL, /* the address is written in the file */
  PCC_REASON_GIT,        /* @role: @count of @total in @file's history */
  PCC_REASON_FIXES,      /* signed off @commit, named in Fixes: */
} PccReasonKind;

/* (The fields are ordered for size: a tree-wide patch gives very many
 * reasons.) */
typedef struct
{
  PccReasonKind kind;
  guint tvi;        /* the F:/N:/K: entry */
  const char *file; /* the file of the patch (NULL for keywords) */
  guint section;    /* the section's name entry */
  guint lineno;     /* keyword: line of the patch that matched */
  /* history reasons (owned by the result): */
  const char *commit; /* PCC_REASON_FIXES: the id as written */
  const char *role;   /* PCC_REASON_GIT: "commit_signer", "authored",
                         "added_lines", "removed_lines", "modified commits",
                         "commits", "authored lines" */
  guint count, total; /* PCC_REASON_GIT: e.g. 3 of 10 commits */
} PccReason;

typedef struct
{
  char *address; /* as printed: "Name <addr>" or "list@host" */
  char *name;    /* "" when none; quoted as the script quotes */
  char *email;   /* the bare address */
  char *role;    /* the role text the script prints */
  PccRecipientKind kind;
  GArray *reasons; /* PccReason */
} PccRecipient;

typedef enum
{
  PCC_REST_NOT_MATCHED,  /* THE REST did not match this file */
  PCC_REST_KEPT_NO_LIST, /* kept: no other matched section has a list */
  PCC_REST_KEPT_ALWAYS,  /* kept: PCC_REST_ALWAYS */
  PCC_REST_DROPPED,      /* dropped: @list_section has a list */
} PccRestDecision;

typedef struct
{
  const char *file;
  PccRestDecision decision;
  guint list_section; /* for PCC_REST_DROPPED: one section with a list */
  guint n_matches;    /* sections matched (before the rule) */
} PccFileRest;

typedef struct _PccResult PccResult;

/* Compute the recipients of one or more patches (the union, as the
 * script does for several patch files on one command line). */
PccResult *pcc_engine_compute (PccEngine *engine, const PccOptions *opts,
                               PccPatch *const *patches, guint n_patches,
                               GError **error);
/* Compute for files named directly (the script's -f mode); @paths are
 * relative to the top of the tree. */
PccResult *pcc_engine_compute_files (PccEngine *engine, const PccOptions *opts,
                                     const char *const *paths, guint n_paths,
                                     GError **error);

void pcc_result_free (PccResult *result);

/* The recipients, in the order the script prints them. */
guint pcc_result_get_n_recipients (const PccResult *result);
const PccRecipient *pcc_result_get_recipient (const PccResult *result,
                                              guint i);
/* The files considered, and what THE REST rule did for each. */
guint pcc_result_get_n_files (const PccResult *result);
const PccFileRest *pcc_result_get_file_rest (const PccResult *result, guint i);

/* Exactly the script's standard output for these options. */
char *pcc_result_format (const PccResult *result);

/* What the script would have printed on standard error (warnings such as
 * "Invalid MAINTAINERS address"), one message a line; may be empty. */
const GPtrArray *pcc_result_get_warnings (const PccResult *result);

/* A human-readable explanation: for each recipient the files, patterns
 * and sections that brought it in, and for LKML/THE REST why it was kept
 * or dropped.  MAINTAINERS lines are cited as "MAINTAINERS:1234". */
char *pcc_result_explain (const PccResult *result);

/* Short one-line reason for a recipient, for a table cell:
 * "drivers/net/foo.c → F: drivers/net/ → NETWORKING DRIVERS". */
char *pcc_result_describe_reason (const PccResult *result,
                                  const PccRecipient *recipient);

/* The statuses --substatus would report for the sections that brought
 * @recipient in, when any is not Maintained: "Odd Fixes", or "Orphan,
 * Obsolete" for several, in the order of the reasons; NULL when every
 * such section is Maintained (or the recipient came from history).  The
 * caller frees the string. */
char *pcc_result_describe_status (const PccResult *result,
                                  const PccRecipient *recipient);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccResult, pcc_result_free)

G_END_DECLS

#endif
