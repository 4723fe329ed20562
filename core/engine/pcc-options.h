/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-options.h - get_maintainer.pl's options, as the engine takes them.
 *
 * PccOptions holds the script's options with the script's defaults
 * (pcc_options_init()); the CLI fills it from a command line
 * (cli/pcc-args.h), the plan and the mail-client glue from their
 * settings.  b4's two command lines are one call:
 * pcc_options_set_b4().
 */
#ifndef PCC_OPTIONS_H
#define PCC_OPTIONS_H

#include <glib.h>
#include "pcc-error.h"
#include "pcc-policy.h"

G_BEGIN_DECLS

/* The script's options, with its defaults set by pcc_options_init(). */
typedef struct
{
  gboolean email, email_usename, email_maintainer, email_reviewer;
  gboolean email_fixes, email_list, email_moderated_list;
  gboolean email_subscriber_list, email_git_penguin_chiefs;
  gboolean email_git, email_git_fallback, email_git_blame;
  /* git history (pcc-history.h): --git-all-signature-types,
   * --git-blame-signatures, --git-min-signatures, --git-max-maintainers,
   * --git-min-percent, --git-since */
  gboolean email_git_all_signature_types, email_git_blame_signatures;
  int email_git_min_signatures, email_git_max_maintainers;
  int email_git_min_percent;
  char *email_git_since;
  /* The addresses of .get_maintainer.ignore (never git signers), NULL
   * when none: pcc_options_read_ignore_file(). */
  char **ignore_emails;
  /* ... and whether such a file was found and read (which leaves the
   * script's errno at 0: see pcc_options_die_status()). */
  gboolean ignore_file_read;
  gboolean email_remove_duplicates, email_use_mailmap;
  gboolean output_multiline, output_roles, output_rolestats;
  char *output_separator;
  int output_section_maxlen;
  gboolean scm, web, subsystem, status, tree;
  char *letters;
  gboolean keywords, sections, email_file_emails, from_filename;
  int pattern_depth;
  PccRestRule rest_rule;
  /* Options of later scripts (pcc-dialect.h): --substatus (-1 until
   * given: then pcc_options_finish_dialect() decides it), --bug, --json,
   * -kf|--keywords-in-file. */
  int output_substatus;
  gboolean bug, json, keywords_in_file;
  /* Whether standard output is a terminal (the script's -t STDOUT), set
   * by the caller: --substatus defaults to it.  @stdin_tty: the same for
   * standard input (-t STDIN). */
  gboolean stdout_tty, stdin_tty;
  /* Set by pcc_options_finish_dialect(): whether one of the script's -t
   * tests failed (-t STDIN, which it always makes, or -t STDOUT for
   * --substatus' default), leaving its errno at ENOTTY. */
  gboolean die_enotty;
  /* patchcc's own: ignore the "dev/null" file the script finds for new
   * and deleted files (which keeps THE REST, and LKML, for them). */
  gboolean skip_dev_null;
} PccOptions;

void pcc_options_init (PccOptions *opts);
void pcc_options_clear (PccOptions *opts);
/* The script's post-processing of its options (--separator turns off
 * --multiline, --rolestats implies --roles, --sections/--letters turn
 * off e-mail output...).  Fails with PCC_ERROR_OPTION with the script's
 * complaints ("Please select at least 1 email option"). */
gboolean pcc_options_finish (PccOptions *opts, GError **error);
/* The same for the script of the dialect @features (pcc-dialect.h):
 * pcc_options_finish() is this for 6.1. */
gboolean pcc_options_finish_dialect (PccOptions *opts, guint features,
                                     GError **error);

/* which_conf(".get_maintainer.ignore"): the first of ./, $HOME/ and
 * .scripts/ that has the file; its lines (comments and blanks dropped)
 * that are valid RFC 822 addresses go to @opts->ignore_emails.  A file
 * that cannot be read is skipped, as the script only warns. */
void pcc_options_read_ignore_file (PccOptions *opts);

/* The exit status of the script's die() after its option checks (a bad
 * combination of options, no kernel tree): Perl's die() exits with errno
 * when it is not 0.  That is ENOTTY (25) after a failed -t test
 * (@opts->die_enotty); else ENOENT (2), left by the failed lookups of
 * .get_maintainer.conf and .get_maintainer.ignore, unless an ignore file
 * was read, which leaves 0: then 255.  Call it after
 * pcc_options_read_ignore_file() and pcc_options_finish_dialect(). */
PccExit pcc_options_die_status (const PccOptions *opts);

/* b4's recipient commands: --nogit --nogit-fallback --nogit-chief-penguins
 * --norolestats, then --nol for To (maintainers and reviewers) or --nom
 * for Cc (lists).  The one place that says what "b4 mode" means. */
typedef enum
{
  PCC_B4_TO,
  PCC_B4_CC,
} PccB4Command;

void pcc_options_set_b4 (PccOptions *opts, PccB4Command which);

G_END_DECLS

#endif /* PCC_OPTIONS_H */
