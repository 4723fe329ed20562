/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-args.h - get_maintainer.pl's command line, and patchcc's own.
 *
 * The parser follows Getopt::Long as the script configures it: long
 * options with one or two dashes, names compared without regard to
 * case, no abbreviations, "--foo" / "--nofoo" / "--no-foo" for
 * negatable options, "--opt=value" or "--opt value", options and file
 * names in any order, and "--" to end the options.  A .get_maintainer.conf
 * (looked up in ".", $HOME and ".scripts", as the script does) is read
 * and its words placed before the command line.
 *
 * patchcc's own options:
 *   --tree-path DIR    the kernel tree (default: the current directory if
 *                      it is one, else $PATCHCC_TREE)
 *   --tree-rev REV     read MAINTAINERS and .mailmap from commit REV of
 *                      the git repository at the tree path
 *   --dialect NAME     auto (the tree's script says), 6.1, 6.12 or 7.3
 *   --rest-rule RULE   fallback (default: the patched script), public
 *                      (only public lists count) or always (the original
 *                      script)
 *   --explain          print why each recipient is there
 *   --check            check each patch against the repository instead
 *   --to, --cc         b4's To and Cc commands in one word
 *   --skip-dev-null    do not count "/dev/null" as a file of the patch
 *   --max-size BYTES   refuse larger inputs (default 64 MiB)
 *   --check-patch      only check that the diffs of the files are intact
 */
#ifndef PCC_ARGS_H
#define PCC_ARGS_H

#include <glib.h>
#include "pcc-options.h"

G_BEGIN_DECLS

typedef struct
{
  PccOptions gm;    /* the script's options */
  GPtrArray *files; /* patch files (or with -f, files of the tree) */
  char *tree_path;
  char *tree_rev;
  char *maintainer_path; /* --mpath */
  char *dialect;         /* --dialect: NULL or "auto", "6.1", "6.12", "7.3" */
  gboolean find_maintainer_files;
  gboolean explain;
  gboolean check; /* --check: the patch against its repository */
  gboolean help, version;
  gboolean interactive; /* refused: patchcc is not interactive */
  gboolean self_test;   /* refused */
  gsize max_size;
  gboolean check_patch; /* --check-patch: only check the diffs */
} PccArgs;

void pcc_args_init (PccArgs *args);
void pcc_args_clear (PccArgs *args);

/* Parse @argv (without the program name).  Fails with PCC_ERROR_OPTION
 * and the script's wording ("Unknown option: foo"). */
gboolean pcc_args_parse (PccArgs *args, char **argv, GError **error);

/* The words of a .get_maintainer.conf, as the script splits them. */
GPtrArray *pcc_conf_words (const char *data);

/* The script's --help text (with patchcc's options added). */
const char *pcc_usage_text (void);

G_END_DECLS

#endif
