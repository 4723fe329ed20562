/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-patch.c - libFuzzer target: any bytes as a patch or a mail. */
#include <stdint.h>
#include "pcc-patch.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  PccPatch *p = pcc_patch_new_from_data ("fuzz", (const char *) data, size,
                                         1 << 20, NULL);
  if (p != NULL)
    {
      const GArray *files = pcc_patch_get_files (p);
      for (guint i = 0; i < files->len; i++)
        (void) g_array_index (files, PccPatchFile, i).added;
      (void) pcc_patch_get_title (p);
      pcc_patch_free (p);
    }
  return 0;
}
