/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-diffstat.c - libFuzzer target: any bytes as a series of patches
 * (split at "\n\f\n") composed into a diffstat and printed as git does. */
#include <git2.h>
#include <stdint.h>
#include <string.h>
#include "pcc-diffstat.h"

/* libgit2 once for the whole run: a PccDiffstat initialises it and
 * shuts it down again, and each first initialisation reads the
 * system's certificates (40 executions a second, not thousands). */
int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  git_libgit2_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *p = (const char *) data, *end = p + size;
  PccDiffstat *ds = pcc_diffstat_new (NULL);
  while (p <= end)
    {
      const char *sep = NULL;
      for (const char *q = p; q + 3 <= end; q++)
        if (memcmp (q, "\n\f\n", 3) == 0)
          {
            sep = q;
            break;
          }
      const char *stop = sep ? sep + 1 : end;
      GError *error = NULL;
      if (!pcc_diffstat_add_patch (ds, "fuzz", p, stop - p, &error))
        g_clear_error (&error);
      if (!sep)
        break;
      p = sep + 3;
    }
  char *out = pcc_diffstat_format (ds, 72, TRUE);
  g_free (out);
  out = pcc_diffstat_format (ds, 0, FALSE);
  g_free (out);
  guint f, i, d;
  pcc_diffstat_get_totals (ds, &f, &i, &d);
  (void) pcc_diffstat_is_exact (ds, NULL);
  pcc_diffstat_free (ds);
  return 0;
}
