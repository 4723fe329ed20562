/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-series-cli.h - "patchcc series": what a series' previous version
 * found in a mailbox says (pcc-previous.h), and its trailers written
 * into the patch files.
 *
 *   patchcc series --previous FILE.mbox [--write-trailers] PATCHES...
 *
 * prints the previous version's mails and thread, the people on it with
 * their reasons, and the trailers per patch ("[x]" taken, "[ ]" flagged
 * with why).  --write-trailers adds the taken ones to each patch file's
 * trailer block, after its last trailer and before "---", as
 * "b4 trailers -u" does; the rest of the file is left byte for byte.
 */
#ifndef PCC_SERIES_CLI_H
#define PCC_SERIES_CLI_H

#include <glib.h>

G_BEGIN_DECLS

/* @argv[0] is the subcommand's name ("series").  Returns the exit
 * status: 0 on success, 1 when the input cannot be used (or no previous
 * version is found), 2 for a missing file, 255 for a bad option. */
int pcc_series_main (int argc, char **argv);

G_END_DECLS

#endif
