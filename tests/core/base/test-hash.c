/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-hash.c - the caches' 128-bit hash (core/base/pcc-hash.h): XXH3 of
 * the bytes in canonical (big-endian) order, the same piece by piece as
 * in one go, whichever code (AVX2 or not) computes it. */
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "pcc-hash.h"

static char *
hex (const guint8 d[16])
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (s, "%02x", d[i]);
  return g_string_free (s, FALSE);
}

/* XXH3-128 by the reference code (built here for the baseline
 * instructions), written out high half first, most significant byte
 * first, without XXH128_canonicalFromHash(). */
static void
reference (const void *data, gsize len, guint8 out[16])
{
  XXH128_hash_t h = XXH3_128bits (data, len);
  for (guint i = 0; i < 8; i++)
    {
      out[i] = (guint8) (h.high64 >> (56 - 8 * i));
      out[8 + i] = (guint8) (h.low64 >> (56 - 8 * i));
    }
}

static void
test_known (void)
{
  guint8 d[16];
  pcc_hash128 ("", 0, d);
  g_autofree char *empty = hex (d);
  /* xxHash's own sanity value for the empty input, seed 0 */
  g_assert_cmpstr (empty, ==, "99aa06d3014798d86001c324468d497f");
  pcc_hash128 ("abc", 3, d);
  g_autofree char *abc = hex (d);
  g_assert_cmpstr (abc, ==, "06b05ab6733a618578af5f94892f3950");
}

/* Every length up to 300 (XXH3 has code for 0, 1-3, 4-8, 9-16, 17-128,
 * 129-240 and longer inputs) and a few long ones (the AVX2 loop works on
 * stripes of 64 bytes and blocks of 1,024). */
static void
test_reference (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (20261207);
  gsize big = 1 << 20;
  g_autofree guint8 *buf = g_malloc (big + 1);
  for (gsize i = 0; i <= big; i++)
    buf[i] = (guint8) g_rand_int (r);
  const gsize longs[] = { 1023, 1024, 1025, 4096 + 7, 65536, big };
  for (gsize len = 0; len <= 300 + G_N_ELEMENTS (longs); len++)
    {
      gsize n = len <= 300 ? len : longs[len - 301];
      guint8 got[16], want[16];
      /* from an odd address too: no alignment is assumed */
      for (guint off = 0; off < 2; off++)
        {
          pcc_hash128 (buf + off, n, got);
          reference (buf + off, n, want);
          if (memcmp (got, want, 16) != 0)
            g_error ("%" G_GSIZE_FORMAT " bytes at offset %u: %s, want %s", n,
                     off, hex (got), hex (want));
        }
    }
}

static void
test_pieces (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (7);
  gsize len = 5000;
  g_autofree guint8 *buf = g_malloc (len);
  for (gsize i = 0; i < len; i++)
    buf[i] = (guint8) g_rand_int (r);
  const gsize cuts[]
      = { 0, 1, 15, 16, 64, 239, 240, 241, 1024, 2500, 4999, 5000 };
  for (guint c = 0; c < G_N_ELEMENTS (cuts); c++)
    for (gsize total = 0; total <= len; total += len / 4)
      {
        gsize cut = MIN (cuts[c], total);
        guint8 one[16], two[16];
        pcc_hash128 (buf, total, one);
        PccHash *h = pcc_hash_new ();
        pcc_hash_update (h, buf, cut);
        pcc_hash_update (h, buf + cut, 0);
        pcc_hash_update (h, buf + cut, total - cut);
        pcc_hash_finish (h, two);
        g_assert_cmpmem (one, 16, two, 16);
      }
  /* a byte at a time */
  guint8 one[16], two[16];
  pcc_hash128 (buf, 777, one);
  PccHash *h = pcc_hash_new ();
  for (gsize i = 0; i < 777; i++)
    pcc_hash_update (h, buf + i, 1);
  pcc_hash_finish (h, two);
  g_assert_cmpmem (one, 16, two, 16);
  /* nothing at all is the empty input */
  h = pcc_hash_new ();
  pcc_hash_finish (h, two);
  pcc_hash128 (NULL, 0, one);
  g_assert_cmpmem (one, 16, two, 16);
}

/* One changed bit, one byte more or less: another value. */
static void
test_sensitive (void)
{
  guint8 buf[200], a[16], b[16];
  for (guint i = 0; i < sizeof buf; i++)
    buf[i] = (guint8) i;
  pcc_hash128 (buf, sizeof buf, a);
  for (guint i = 0; i < sizeof buf; i += 37)
    {
      buf[i] ^= 0x10;
      pcc_hash128 (buf, sizeof buf, b);
      g_assert_true (memcmp (a, b, 16) != 0);
      buf[i] ^= 0x10;
    }
  pcc_hash128 (buf, sizeof buf - 1, b);
  g_assert_true (memcmp (a, b, 16) != 0);
  pcc_hash128 (buf, sizeof buf, b);
  g_assert_cmpmem (a, 16, b, 16);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hash/known", test_known);
  g_test_add_func ("/hash/reference", test_reference);
  g_test_add_func ("/hash/pieces", test_pieces);
  g_test_add_func ("/hash/sensitive", test_sensitive);
  return g_test_run ();
}
