/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-region.c - zero-filled memory advised for huge pages; see
 * pcc-region.h. */
#include "pcc-region.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <sys/mman.h>
#include <sys/stat.h>

#define HUGE_SIZE ((gsize) 2 << 20)
/* how much of the heap's start pcc_region_tune_heap() faults in at once */
#define HEAD_SIZE ((gsize) 256 << 10)

/* Under AddressSanitizer a region comes from malloc: LeakSanitizer scans
 * the heap for pointers, not anonymous mappings, so the strings an index
 * entry points to would all look leaked. */
#if defined(__SANITIZE_ADDRESS__)
#define PCC_REGION_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PCC_REGION_MALLOC 1
#endif
#endif

static gsize
round_up (gsize n, gsize to)
{
  return (n + to - 1) & ~(to - 1);
}

void *
pcc_region_alloc (gsize size)
{
#ifdef PCC_REGION_MALLOC
  return g_malloc0 (MAX (size, 1));
#endif
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
#ifdef PCC_REGION_MALLOC
  g_free (p);
  return;
#endif
  if (p != NULL)
    munmap (p, round_up (MAX (size, 1), HUGE_SIZE));
}

void
pcc_region_tune_heap (void)
{
#if defined(__GLIBC__) && !defined(PCC_REGION_MALLOC) && defined(MADV_HUGEPAGE)
  const int step = 32 << 20;
  if (!mallopt (M_MMAP_THRESHOLD, step) || !mallopt (M_TOP_PAD, step))
    return;
  /* Grow the heap now, by one step, and advise what was added: a later
   * growth makes a mapping of its own, without the advice, which costs
   * the ordinary page faults and nothing worse. */
  char *before = sbrk (0);
  gsize arena = mallinfo2 ().arena; /* the heap below @before */
  /* volatile: a malloc() whose block is only freed may be left out */
  void *volatile p = malloc (256 << 10);
  free (p);
  char *after = sbrk (0); /* the free gave back what exceeded the step */
  if (before == (void *) -1 || after == (void *) -1 || after <= before)
    return;
  char *from = (char *) round_up ((uintptr_t) before, HUGE_SIZE);
  if (from < after)
    madvise (from, after - from, MADV_HUGEPAGE); /* advice only */
#ifdef MADV_POPULATE_WRITE
  /* Every run touches the start of the heap, below the first huge page,
   * one 4 KiB page fault at a time, each much dearer on a virtual machine
   * than when they are made in one call.  Make them in one call, from
   * where the heap starts; a kernel older than 5.14 refuses, and nothing
   * changes. */
  char *start = arena < (uintptr_t) before ? before - arena : before;
  char *head = (char *) ((uintptr_t) start & ~(uintptr_t) 4095);
  char *head_end = MIN (MIN (head + HEAD_SIZE, from), after);
  if (head < head_end)
    madvise (head, head_end - head, MADV_POPULATE_WRITE);
#endif
#endif
}

typedef struct
{
  void *p;
  gsize size;
} Region;

static void
free_region (gpointer data)
{
  Region *r = data;
  pcc_region_free (r->p, r->size);
  g_free (r);
}

/* @path opened for reading, when it is a regular file; -1 with errno
 * set (EINVAL: not a regular file) otherwise.  *@size: its size then. */
static int
open_regular (const char *path, gsize *size)
{
  /* Without blocking: opening a FIFO waits for a writer otherwise. */
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      int e = fstat (fd, &st) != 0 ? errno : EINVAL;
      close (fd);
      errno = e;
      return -1;
    }
  if (size)
    *size = st.st_size;
  return fd;
}

GBytes *
pcc_region_read_file_into (const char *path, void *region, gsize region_size)
{
  gsize size = 0, got = 0;
  int fd = open_regular (path, &size);
  if (fd < 0)
    {
      int e = errno;
      pcc_region_free (region, region_size);
      errno = e;
      return NULL;
    }
  char *p = region;
  gsize p_size = region_size;
  if (region == NULL || size + 1 > region_size)
    {
      pcc_region_free (region, region_size);
      p_size = size + 1;
      p = pcc_region_alloc (p_size);
    }
  while (got < size)
    {
      ssize_t n = read (fd, p + got, size - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int e = errno;
          close (fd);
          pcc_region_free (p, p_size);
          errno = e;
          return NULL;
        }
      if (n == 0)
        break; /* shorter than it was: what there is */
      got += n;
    }
  close (fd);
  p[got] = '\0'; /* as in a fresh region, whatever @region held */
  Region *r = g_new (Region, 1);
  r->p = p;
  r->size = p_size;
  return g_bytes_new_with_free_func (p, got, free_region, r);
}

GBytes *
pcc_region_read_file (const char *path)
{
  return pcc_region_read_file_into (path, NULL, 0);
}

gboolean
pcc_region_read_pieces (const char *path, void *buf, gsize buf_size,
                        PccRegionPieceFunc func, gpointer user_data,
                        guint64 *size)
{
  int fd = open_regular (path, NULL);
  if (fd < 0)
    return FALSE;
  guint64 got = 0;
  int e = 0;
  for (;;)
    {
      ssize_t n = read (fd, buf, buf_size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        e = errno;
      if (n <= 0)
        break;
      func (buf, n, user_data);
      got += n;
    }
  close (fd);
  if (size)
    *size = got;
  errno = e;
  return e == 0;
}
