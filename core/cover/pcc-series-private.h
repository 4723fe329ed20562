/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-series-private.h - the inside of a PccSeries, shared by the
 * modules that implement pcc-series.h (pcc-series.c: reading and the
 * model; pcc-series-check.c: whether it may be sent; pcc-shortlog.c: the
 * shortlog).  Not for use outside
 * them. */
#ifndef PCC_SERIES_PRIVATE_H
#define PCC_SERIES_PRIVATE_H

#include "pcc-diffstat.h"
#include "pcc-series.h"

#include <git2.h>

G_BEGIN_DECLS

/* One mail of the series, as read. */
typedef struct
{
  PccPatch *patch;
  char *source;
  char *prefix; /* "PATCH v2" or NULL (pcc-subject.h) */
  guint index, total;
  gboolean numbered;
  char *bad_counter; /* "1/4294967295": not read as a number */
  char *author_name, *author_email;
  char *subject; /* cleaned, as git am records it */
} Item;

struct _PccSeries
{
  Item *cover;        /* or NULL */
  GPtrArray *items;   /* Item, series order */
  GPtrArray *patches; /* PccPatch *, same order, NULL-terminated */
  GPtrArray *warnings;
  GPtrArray *extra_covers; /* char *: sources of cover letters dropped */
  char *prefix;
  char *base_commit;
  char *change_id;
  GPtrArray *prereqs;
  git_mailmap *mailmap;
  gboolean git_ok;
  const PccTree *base_tree;
  PccDiffstat *diffstat; /* computed on demand */
};

/* Orders Item pointers by their patch number (g_ptr_array_sort()). */
int pcc_series_item_cmp (gconstpointer pa, gconstpointer pb);

G_END_DECLS

#endif
