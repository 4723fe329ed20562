/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cover-cli.h - "patchcc cover": a cover letter from the command line.
 *
 *   patchcc cover [--template NAME] [--provenance-file F]
 *                 [--tree-path DIR] PATCHES...
 *
 * PATCHES are patch files, folders written by "git format-patch -o" or
 * "b4 send -o", or mboxes.  The cover letter mail is printed: From:,
 * Subject: "[PATCH 0/N] ...", To: and Cc: (the union of the patches'
 * recipients, split as b4 splits them: maintainers and reviewers in To:,
 * lists in Cc:), and the body rendered from the template.  See --help
 * for the other options (tool-trailer migration, writing a complete
 * series folder, exporting a template for b4).
 */
#ifndef PCC_COVER_CLI_H
#define PCC_COVER_CLI_H

#include <glib.h>

G_BEGIN_DECLS

/* @argv[0] is the subcommand's name ("cover").  Returns the exit status:
 * 0 on success, 1 when the input cannot be used, 2 for a missing file,
 * 255 for a bad option. */
int pcc_cover_main (int argc, char **argv);

G_END_DECLS

#endif
