/* pcc-diffstat-private.h - between the diffstat's composing
 * (pcc-diffstat.c) and its printing in git's format
 * (pcc-diffstat-format.c).  Not for other modules. */
#ifndef PCC_DIFFSTAT_PRIVATE_H
#define PCC_DIFFSTAT_PRIVATE_H

#include "pcc-diffstat.h"

G_BEGIN_DECLS

/* One file of the series' diffstat. */
typedef struct
{
  char *name;       /* for sorting: the final path, or the original */
  char *print_name; /* as shown, quoted, "{a => b}" for renames */
  guint added, deleted;
  gboolean binary, interesting;
  char *summary; /* --summary lines, or NULL */
} PccDiffstatEntry;

/* The files that changed, in git's order (by name); a new array of
 * PccDiffstatEntry the caller owns (it frees the strings). */
GArray *pcc_diffstat_collect_entries (PccDiffstat *ds);

/* git's pprint_rename(): "dir/{a => b}/file", newly allocated. */
char *pcc_diffstat_pprint_rename (const char *a, const char *b);

G_END_DECLS

#endif
