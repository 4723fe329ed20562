/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-error.c - the libpatchcc GError domain. */
#include "pcc-error.h"

#include <stdio.h>

G_DEFINE_QUARK (pcc - error - quark, pcc_error)

int
pcc_fail (int status, const char *prog, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  fprintf (stderr, "%s: %s\n", prog, msg);
  return status;
}

PccExit
pcc_exit_status_for_error (const GError *error)
{
  if (error->domain == PCC_ERROR
      && (error->code == PCC_ERROR_OPTION
          || error->code == PCC_ERROR_NOT_TREE))
    return PCC_EXIT_DIE;
  if (error->domain == G_FILE_ERROR && error->code == G_FILE_ERROR_NOENT)
    return PCC_EXIT_NO_FILE;
  return PCC_EXIT_REFUSED;
}
