/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-hash.h - the 128-bit hash of the caches' keys and checksums.
 *
 * XXH3 (libxxhash-dev, inlined from its header), run with AVX2 where the
 * processor has it: the index cache hashes megabytes on every run (its
 * inputs for the key, unless their stamp is known, and its own body for
 * the checksum), and the vector code made for the baseline x86-64 (SSE2)
 * is slower at it.  The value is the same either way: XXH3 is defined
 * independently of the code that computes it.
 */
#ifndef PCC_HASH_H
#define PCC_HASH_H

#include <glib.h>

G_BEGIN_DECLS

/* The hash of @len bytes, in canonical (big-endian) byte order. */
void pcc_hash128 (const void *data, gsize len, guint8 out[16]);

/* A hash computed piece by piece: pcc_hash_new(), any number of
 * pcc_hash_update(), then pcc_hash_finish(), which frees it; the result
 * equals pcc_hash128() of the pieces put end to end. */
typedef struct _PccHash PccHash;

PccHash *pcc_hash_new (void);
void pcc_hash_update (PccHash *h, const void *data, gsize len);
void pcc_hash_finish (PccHash *h, guint8 out[16]);

G_END_DECLS

#endif /* PCC_HASH_H */
