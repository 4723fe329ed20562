/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-damage.c - libFuzzer target: any bytes as a patch mail given to
 * the damage check (and to the diff reader it shares). */
#include <stdint.h>
#include "pcc-damage.h"
#include "pcc-diff.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  PccDamage *d = pcc_damage_check (text, size);
  if (d != NULL && (d->line == 0 || d->problem == NULL))
    __builtin_trap ();
  pcc_damage_free (d);
  GError *error = NULL;
  if (!pcc_damage_check_error (text, size, &error))
    g_clear_error (&error);
  GPtrArray *files = pcc_diff_parse ("fuzz", text, size, PCC_DIFF_LENIENT,
                                     NULL);
  g_ptr_array_unref (files);
  return 0;
}
