/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-result-private.h - what a PccResult holds, for the files that fill
 * it (pcc-recipients.c) and read it (pcc-recipients-format.c,
 * pcc-explain.c).  Not part of libpatchcc's API.
 */
#ifndef PCC_RESULT_PRIVATE_H
#define PCC_RESULT_PRIVATE_H

#include "pcc-recipients.h"

G_BEGIN_DECLS

struct _PccResult
{
  PccEngine *engine;
  PccOptions opts;       /* a copy */
  GPtrArray *recipients; /* PccRecipient *, freed with the result */
  GArray *file_rest;     /* PccFileRest */
  GPtrArray *files;      /* the file names file_rest points into */
  GPtrArray *warnings;
  GString *sections_out; /* --sections text, printed first */
  GPtrArray *scm, *status, *subsystem, *web;
  GPtrArray *bug;       /* B: (7.3) */
  GPtrArray *substatus; /* "SECTION status: X" (7.3's --substatus) */
  guint dialect;        /* PccDialectFeature the result was computed in */
  GPtrArray *strings;   /* what history reasons point to */
};

/* An empty result of @engine for @opts (copied).  Free with
 * pcc_result_free(). */
PccResult *pcc_result_new (PccEngine *engine, const PccOptions *opts);

/* --sections: the section holding @tvi, as the script prints it, appended
 * to the result's --sections text (only the entry types in @letters, when
 * not empty). */
void pcc_result_print_section (PccResult *result, guint tvi,
                               const char *letters);

G_END_DECLS

#endif
