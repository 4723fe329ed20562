/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-error.h - the GError domain shared by every libpatchcc module.
 *
 * Every constructor and parser in libpatchcc reports failure through a
 * GError in this domain.  Messages name the input (file and line where
 * there is one) and, where it helps, say what to do about it.
 */
#ifndef PCC_ERROR_H
#define PCC_ERROR_H

#include <glib.h>

G_BEGIN_DECLS

#define PCC_ERROR (pcc_error_quark ())
GQuark pcc_error_quark (void);

typedef enum
{
  PCC_ERROR_IO,          /* a file could not be read */
  PCC_ERROR_NOT_TREE,    /* the directory is not the top of a kernel tree */
  PCC_ERROR_MAINTAINERS, /* MAINTAINERS could not be parsed (bad pattern...) */
  PCC_ERROR_MAILMAP,     /* .mailmap could not be parsed */
  PCC_ERROR_PATCH,       /* the input is not a usable patch or mail */
  PCC_ERROR_NO_DIFF,     /* a mail without any diff in it */
  PCC_ERROR_TOO_LARGE,   /* the input is over the configured size limit */
  PCC_ERROR_OPTION,      /* a bad command-line or configuration option */
  PCC_ERROR_UNSUPPORTED, /* asks for something patchcc does not do */
  PCC_ERROR_GIT,         /* libgit2 reported an error */
  PCC_ERROR_TEMPLATE, /* a cover-letter template is malformed */
  PCC_ERROR_DAMAGED,  /* a patch mail's diff is damaged (re-wrapped...) */
} PccErrorCode;

/* Exit statuses of the patchcc commands, get_maintainer.pl's where it has
 * one: 0, 2 for a file that does not exist (open() failing, or the -e
 * tests that find no kernel tree), 255 for die() (a bad option), 25 for
 * die() when the script's errno is ENOTTY (a failed -t test before it:
 * PccOptions.die_enotty); patchcc adds 1 for input it refuses.  (Perl's
 * die() exits with errno when it is not 0.) */
typedef enum
{
  PCC_EXIT_OK = 0,
  PCC_EXIT_REFUSED = 1,
  PCC_EXIT_NO_FILE = 2,
  PCC_EXIT_ENOTTY = 25,
  PCC_EXIT_DIE = 255,
} PccExit;

/* The exit status for a command that failed with @error: PCC_EXIT_DIE for
 * PCC_ERROR_OPTION and PCC_ERROR_NOT_TREE, PCC_EXIT_NO_FILE for
 * G_FILE_ERROR_NOENT, PCC_EXIT_REFUSED for anything else. */
PccExit pcc_exit_status_for_error (const GError *error);

/* For command-line tools: print "PROG: message" on standard error and
 * return @status, so that `return pcc_fail (1, "patchcc", ...)` ends a
 * command. */
int pcc_fail (int status, const char *prog, const char *fmt, ...)
    G_GNUC_PRINTF (3, 4);

G_END_DECLS

#endif
