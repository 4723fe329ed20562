/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-hash.c - XXH3 in the widest code this processor runs; see
 * pcc-hash.h. */
#include "pcc-hash.h"

#define PCC_HASH_SUFFIX base
#include "pcc-hash-impl.h"

#ifdef PCC_HASH_AVX2
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
/* glibc's answer, found once by the dynamic loader for every process.
 * libgcc's __builtin_cpu_supports() would link in a constructor that
 * runs CPUID many times more in every run, and on a virtual machine
 * each CPUID traps to the hypervisor. */
#define CPU_HAS_AVX2() CPU_FEATURE_ACTIVE (AVX2)
#else
#define CPU_HAS_AVX2() (__builtin_cpu_init (), __builtin_cpu_supports ("avx2"))
#endif

void pcc_hash_oneshot_avx2 (const void *data, gsize len, guint8 out[16]);
void *pcc_hash_new_avx2 (void);
void pcc_hash_update_avx2 (void *st, const void *data, gsize len);
void pcc_hash_finish_avx2 (void *st, guint8 out[16]);

static gboolean
use_avx2 (void)
{
  static gint have = -1; /* every thread finds the same answer */
  gint v = g_atomic_int_get (&have);
  if (v < 0)
    {
      v = CPU_HAS_AVX2 () ? 1 : 0;
      g_atomic_int_set (&have, v);
    }
  return v;
}
#define PICK(name) \
  (use_avx2 () ? pcc_hash_##name##_avx2 : pcc_hash_##name##_base)
#else
#define PICK(name) pcc_hash_##name##_base
#endif

void
pcc_hash128 (const void *data, gsize len, guint8 out[16])
{
  PICK (oneshot) (data, len, out);
}

/* Both implementations keep an XXH3_state_t; a PccHash is one, made and
 * used by the same of them (the choice never changes in a process). */
PccHash *
pcc_hash_new (void)
{
  return PICK (new) ();
}

void
pcc_hash_update (PccHash *h, const void *data, gsize len)
{
  PICK (update) (h, data, len);
}

void
pcc_hash_finish (PccHash *h, guint8 out[16])
{
  PICK (finish) (h, out);
}
