/* pcc-region.c - zero-filled memory advised for huge pages; see
 * pcc-region.h. */
#include "pcc-region.h"

#include <stdint.h>
#include <sys/mman.h>

#define HUGE_SIZE ((gsize) 2 << 20)

static gsize
round_up (gsize n, gsize to)
{
  return (n + to - 1) & ~(to - 1);
}

void *
pcc_region_alloc (gsize size)
{
  gsize want = round_up (MAX (size, 1), HUGE_SIZE);
  /* over-allocate by one huge page to place the region on a boundary */
  char *raw = mmap (NULL, want + HUGE_SIZE, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    g_error ("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC,
             size);
  char *p = (char *) round_up ((uintptr_t) raw, HUGE_SIZE);
  if (p > raw)
    munmap (raw, p - raw);
  munmap (p + want, raw + want + HUGE_SIZE - (p + want));
#ifdef MADV_HUGEPAGE
  madvise (p, want, MADV_HUGEPAGE); /* advice only: failure is harmless */
#endif
  return p;
}

void
pcc_region_free (void *p, gsize size)
{
  if (p != NULL)
    munmap (p, round_up (MAX (size, 1), HUGE_SIZE));
}
