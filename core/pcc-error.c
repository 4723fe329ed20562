/* pcc-error.c - the libpatchcc GError domain. */
#include "pcc-error.h"

#include <stdio.h>

G_DEFINE_QUARK (pcc-error-quark, pcc_error)

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
