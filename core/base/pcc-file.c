/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-file.c - a whole file read, its error in PCC_ERROR (see
 * pcc-file.h). */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pcc-file.h"
#include "pcc-error.h"

gboolean
pcc_file_read (const char *path, char **contents, gsize *len, GError **error)
{
  g_autoptr (GError) local = NULL;

  *contents = NULL;
  if (!g_file_get_contents (path, contents, len, &local))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}

/* What kind of file @mode is, for the error message. */
static const char *
file_kind (mode_t mode)
{
  if (S_ISDIR (mode))
    return "a directory";
  if (S_ISFIFO (mode))
    return "a FIFO";
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return "a device";
  if (S_ISSOCK (mode))
    return "a socket";
  return "not a regular file";
}

gboolean
pcc_file_read_regular (const char *path, gsize max, char **contents,
                       gsize *len, GError **error)
{
  g_autofree char *name = g_filename_display_name (path);
  struct stat st;
  char *buf;
  gsize got = 0;
  int fd;

  *contents = NULL;
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e),
                   "Failed to open file “%s”: %s", name, g_strerror (e));
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    {
      int e = errno;
      close (fd);
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "%s: %s", name,
                   g_strerror (e));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO,
                   "%s: not a regular file (%s); only a regular file is read",
                   name, file_kind (st.st_mode));
      return FALSE;
    }
  if ((guint64) st.st_size > max)
    {
      close (fd);
      g_set_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE,
                   "%s: %" G_GUINT64_FORMAT " bytes is over the limit of %"
                   G_GSIZE_FORMAT " bytes",
                   name, (guint64) st.st_size, max);
      return FALSE;
    }
  buf = g_malloc ((gsize) st.st_size + 1);
  /* At most the size fstat() gave: a file that grows is read as it
   * was. */
  while (got < (gsize) st.st_size)
    {
      ssize_t n = read (fd, buf + got, (gsize) st.st_size - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int e = errno;
          close (fd);
          g_free (buf);
          g_set_error (error, PCC_ERROR, PCC_ERROR_IO,
                       "Failed to read from file “%s”: %s", name,
                       g_strerror (e));
          return FALSE;
        }
      if (n == 0)
        break;
      got += (gsize) n;
    }
  close (fd);
  buf[got] = '\0';
  *contents = buf;
  if (len != NULL)
    *len = got;
  return TRUE;
}
