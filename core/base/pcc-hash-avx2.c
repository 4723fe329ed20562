/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-hash-avx2.c - XXH3 in AVX2 code (this file alone is compiled with
 * -mavx2; pcc-hash.c calls it only on a processor that has AVX2). */
#include <glib.h>
#define PCC_HASH_SUFFIX avx2
#include "pcc-hash-impl.h"
