/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-hash-impl.h - XXH3 compiled once for each instruction set
 * pcc-hash.c chooses from (private to pcc-hash*.c).
 *
 * Included by a source file that defines PCC_HASH_SUFFIX first: the
 * functions it gets are named pcc_hash_<name>_<suffix>, and use the
 * vector instructions that file is compiled for. */
#define XXH_INLINE_ALL
#include <xxhash.h>
#include <string.h>

#define PCC_HASH_CAT2(a, b) a##_##b
#define PCC_HASH_CAT(a, b)  PCC_HASH_CAT2 (a, b)
#define PCC_HASH_FN(name)   PCC_HASH_CAT (pcc_hash_##name, PCC_HASH_SUFFIX)

void PCC_HASH_FN (oneshot) (const void *data, gsize len, guint8 out[16]);
void *PCC_HASH_FN (new) (void);
void PCC_HASH_FN (update) (void *st, const void *data, gsize len);
void PCC_HASH_FN (finish) (void *st, guint8 out[16]);

static void
canonical (XXH128_hash_t h, guint8 out[16])
{
  XXH128_canonical_t c;
  XXH128_canonicalFromHash (&c, h);
  memcpy (out, c.digest, 16);
}

void
PCC_HASH_FN (oneshot) (const void *data, gsize len, guint8 out[16])
{
  canonical (XXH3_128bits (data, len), out);
}

void *PCC_HASH_FN (new) (void)
{
  XXH3_state_t *st = XXH3_createState ();
  if (st == NULL)
    g_error ("out of memory");
  XXH3_128bits_reset (st);
  return st;
}

void
PCC_HASH_FN (update) (void *st, const void *data, gsize len)
{
  XXH3_128bits_update (st, data, len);
}

void
PCC_HASH_FN (finish) (void *st, guint8 out[16])
{
  canonical (XXH3_128bits_digest (st), out);
  XXH3_freeState (st);
}
