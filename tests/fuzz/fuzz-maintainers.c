/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-maintainers.c - libFuzzer target: any bytes as MAINTAINERS (first
 * half) and a file name to match (second half), plus .mailmap parsing and
 * the address-list parser on the same bytes.  The compiled forms the
 * index cache keeps are read back damaged (bytes of the second half
 * choose where and how): whatever gets past the cache's checksum must
 * still be refused or read within bounds. */
#include <stdint.h>
#include <string.h>
#include "pcc-email.h"
#include "pcc-mailmap.h"
#include "pcc-maintainers.h"

/* A copy of @b with bytes changed: each 5 bytes of @how are an offset
 * (4 bytes) and a value to XOR there. */
static GBytes *
damaged (GBytes *b, const uint8_t *how, size_t how_len)
{
  gsize n = 0;
  const guint8 *d = g_bytes_get_data (b, &n);
  guint8 *copy = g_malloc (n + 1); /* malloc's alignment, as the cache's */
  if (n)
    memcpy (copy, d, n);
  for (size_t i = 0; n > 0 && i + 5 <= how_len; i += 5)
    {
      guint32 at;
      memcpy (&at, how + i, 4);
      copy[at % n] ^= how[i + 4];
    }
  return g_bytes_new_take (copy, n);
}

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
      GBytes *index = pcc_maintainers_to_index (m);
      if (index != NULL)
        {
          GBytes *bad = damaged (index, data + half, size - half);
          PccMaintainers *dm
              = pcc_maintainers_new_from_index (bad, NULL, NULL);
          if (dm != NULL)
            {
              GArray *h2 = g_array_new (FALSE, FALSE, sizeof (PccMatch));
              pcc_maintainers_match_file (dm, file, h2, NULL);
              GArray *k2 = g_array_new (FALSE, FALSE, sizeof (guint));
              pcc_maintainers_match_keywords (dm, file, strlen (file), TRUE,
                                              NULL, k2, NULL);
              /* the K: needles as the index holds them */
              pcc_maintainers_keywords_in_text (dm, file, strlen (file), k2,
                                                NULL);
              g_array_unref (k2);
              g_array_unref (h2);
              pcc_maintainers_free (dm);
            }
          g_bytes_unref (bad);
          g_bytes_unref (index);
        }
      pcc_maintainers_free (m);
    }
  PccMailmap *map = pcc_mailmap_new_from_data ((const char *) data, size);
  g_free (pcc_mailmap_map (map, file));
  GBytes *mb = pcc_mailmap_to_bytes (map);
  GBytes *bad = damaged (mb, data + half, size - half);
  PccMailmap *dmap = pcc_mailmap_new_from_bytes (bad, NULL);
  if (dmap != NULL)
    {
      g_free (pcc_mailmap_map (dmap, file));
      pcc_mailmap_free (dmap);
    }
  g_bytes_unref (bad);
  g_bytes_unref (mb);
  pcc_mailmap_free (map);
  GPtrArray *list = pcc_address_list_parse (file, NULL);
  if (list)
    g_ptr_array_unref (list);
  g_free (file);
  return 0;
}
