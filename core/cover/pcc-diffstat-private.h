/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-diffstat-private.h - between the diffstat's composing
 * (pcc-diffstat.c) and its printing in git's format
 * (pcc-diffstat-format.c).  Not for other modules. */
#ifndef PCC_DIFFSTAT_PRIVATE_H
#define PCC_DIFFSTAT_PRIVATE_H

#include "pcc-diffstat.h"

G_BEGIN_DECLS

/* One file of the series' diffstat: what changed, not how it prints
 * (pcc-diffstat-format.c renders names, renames and --summary lines). */
typedef struct
{
  char *name;      /* the final path, or the original for a deletion */
  char *orig_name; /* the path before the series, for a rename; or NULL */
  guint added, deleted;
  gboolean binary, interesting;
  gboolean created, removed, mode_change;
  guint orig_mode, cur_mode; /* 0 when not known */
  int similarity;            /* of a rename, in per cent */
} PccDiffstatEntry;

/* The files that changed, in git's order (by name); a new array of
 * PccDiffstatEntry the caller owns (it frees the strings). */
GArray *pcc_diffstat_collect_entries (PccDiffstat *ds);

G_END_DECLS

#endif
