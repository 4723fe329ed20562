/* pcc-regular-file.c - read a small regular file without blocking (see
 * pcc-regular-file.h). */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "pcc-error.h"
#include "pcc-regular-file.h"

static char *
fail (GError **error, int code, const char *path, const char *what)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, PCC_ERROR, code, "%s: %s", display, what);
  return NULL;
}

char *
pcc_regular_file_read (const char *path, gsize max, gsize *len, GError **error)
{
  struct stat st;
  g_autofree char *data = NULL;
  gsize got = 0, cap;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);

  if (fd < 0)
    return fail (error, PCC_ERROR_IO, path, g_strerror (errno));
  if (fstat (fd, &st) != 0)
    {
      int e = errno;
      close (fd);
      return fail (error, PCC_ERROR_IO, path, g_strerror (e));
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      return fail (error, PCC_ERROR_IO, path,
                   "not a regular file (a FIFO or a device is not read)");
    }
  if ((guint64) st.st_size > max)
    {
      close (fd);
      return fail (error, PCC_ERROR_TOO_LARGE, path, "larger than allowed");
    }
  /* One byte more than allowed, to see a file that grew. */
  cap = MIN ((gsize) st.st_size, max) + 1;
  data = g_malloc (cap + 1);
  for (;;)
    {
      gssize r;

      if (got == cap)
        {
          if (cap > max)
            break;
          cap = max + 1;
          data = g_realloc (data, cap + 1);
        }
      r = read (fd, data + got, cap - got);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        {
          int e = errno;
          close (fd);
          return fail (error, PCC_ERROR_IO, path, g_strerror (e));
        }
      if (r == 0)
        break;
      got += r;
    }
  close (fd);
  if (got > max)
    return fail (error, PCC_ERROR_TOO_LARGE, path, "larger than allowed");
  data[got] = '\0';
  if (len != NULL)
    *len = got;
  return g_steal_pointer (&data);
}
