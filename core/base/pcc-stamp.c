/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-stamp.c - a key remembered by its files' stat(); see pcc-stamp.h. */
#include "pcc-stamp.h"
#include "pcc-cache-file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A file as stat() finds it, as the stamp file stores it. */
typedef struct
{
  guint64 dev, ino, size, mode;
  gint64 mtime_sec, mtime_nsec, ctime_sec, ctime_nsec;
} FileState;

struct _PccStamp
{
  guint n;
  gint64 taken_us; /* the real time before the files were looked at */
  FileState files[PCC_STAMP_MAX_FILES];
};

/* The stamp file: this header, the files' states, the key, and the
 * checksum of everything before it. */
typedef struct
{
  char magic[8];
  guint32 n, unused;
} StampHeader;

#define STAMP_MAGIC "PCCSTMP1"
#define SETTLED_US  (2 * G_USEC_PER_SEC)
#define STAMP_MAX_SIZE \
  (sizeof (StampHeader) + PCC_STAMP_MAX_FILES * sizeof (FileState) + 32)

PccStamp *
pcc_stamp_take (const char *const *paths, guint n_paths)
{
  if (n_paths == 0 || n_paths > PCC_STAMP_MAX_FILES)
    return NULL;
  PccStamp *s = g_new0 (PccStamp, 1);
  s->n = n_paths;
  s->taken_us = g_get_real_time ();
  for (guint i = 0; i < n_paths; i++)
    {
      struct stat st;
      if (paths[i] == NULL || stat (paths[i], &st) != 0
          || !S_ISREG (st.st_mode))
        {
          g_free (s);
          return NULL;
        }
      /* memset by g_new0: no padding bytes of garbage in what is
       * compared and written */
      FileState *f = &s->files[i];
      f->dev = st.st_dev;
      f->ino = st.st_ino;
      f->size = st.st_size;
      f->mode = st.st_mode;
      f->mtime_sec = st.st_mtim.tv_sec;
      f->mtime_nsec = st.st_mtim.tv_nsec;
      f->ctime_sec = st.st_ctim.tv_sec;
      f->ctime_nsec = st.st_ctim.tv_nsec;
    }
  return s;
}

void
pcc_stamp_free (PccStamp *stamp)
{
  g_free (stamp);
}

/* The stamp file's bytes for @stamp and @key, in @buf; their number. */
static gsize
serialize (const PccStamp *stamp, const guint8 key[16],
           guint8 buf[STAMP_MAX_SIZE])
{
  StampHeader h = { STAMP_MAGIC, stamp->n, 0 };
  gsize n = 0;
  memcpy (buf, &h, sizeof h);
  n += sizeof h;
  memcpy (buf + n, stamp->files, stamp->n * sizeof (FileState));
  n += stamp->n * sizeof (FileState);
  memcpy (buf + n, key, 16);
  n += 16;
  pcc_cache_checksum (buf, n, buf + n);
  return n + 16;
}

gboolean
pcc_stamp_recall (const PccStamp *stamp, const char *path, guint8 key[16])
{
  guint8 want[STAMP_MAX_SIZE], got[STAMP_MAX_SIZE + 1];
  static const guint8 no_key[16] = { 0 };
  gsize len = serialize (stamp, no_key, want);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return FALSE;
  gsize n = 0;
  for (;;)
    {
      ssize_t r = read (fd, got + n, sizeof got - n);
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        break;
      n += r;
      if (n == sizeof got)
        break;
    }
  close (fd);
  /* the same header and files, then a key, then a checksum that holds */
  gsize files_end = len - 32;
  guint8 sum[16];
  if (n != len || memcmp (got, want, files_end) != 0)
    return FALSE;
  pcc_cache_checksum (got, len - 16, sum);
  if (memcmp (sum, got + len - 16, 16) != 0)
    return FALSE;
  memcpy (key, got + files_end, 16);
  return TRUE;
}

void
pcc_stamp_remember (const PccStamp *stamp, const char *path,
                    const guint8 key[16])
{
  for (guint i = 0; i < stamp->n; i++)
    {
      const FileState *f = &stamp->files[i];
      gint64 changed_us = f->ctime_sec * G_USEC_PER_SEC + f->ctime_nsec / 1000;
      if (changed_us > stamp->taken_us - SETTLED_US)
        return;
    }
  guint8 buf[STAMP_MAX_SIZE];
  gsize len = serialize (stamp, key, buf);
  pcc_cache_file_write (path, buf, len);
}
