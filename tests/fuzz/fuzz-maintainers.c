/* fuzz-maintainers.c - libFuzzer target: any bytes as MAINTAINERS (first
 * half) and a file name to match (second half), plus .mailmap parsing and
 * the address-list parser on the same bytes. */
#include <stdint.h>
#include <string.h>
#include "pcc-email.h"
#include "pcc-mailmap.h"
#include "pcc-maintainers.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  size_t half = size / 2;
  char *file = g_strndup ((const char *) data + half, size - half);
  PccMaintainers *m = pcc_maintainers_new_from_data (
      "MAINTAINERS", (const char *) data, half, NULL, NULL);
  if (m != NULL)
    {
      GArray *hits = g_array_new (FALSE, FALSE, sizeof (PccMatch));
      pcc_maintainers_match_file (m, file, hits, NULL);
      GArray *kw = g_array_new (FALSE, FALSE, sizeof (guint));
      pcc_maintainers_match_keywords (m, file, strlen (file), TRUE, NULL, kw,
                                      NULL);
      g_array_unref (kw);
      g_array_unref (hits);
      pcc_maintainers_free (m);
    }
  PccMailmap *map = pcc_mailmap_new_from_data ((const char *) data, size);
  g_free (pcc_mailmap_map (map, file));
  pcc_mailmap_free (map);
  GPtrArray *list = pcc_address_list_parse (file, NULL);
  if (list)
    g_ptr_array_unref (list);
  g_free (file);
  return 0;
}
