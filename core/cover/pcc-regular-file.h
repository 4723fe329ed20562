/* pcc-regular-file.h - read a small file the user may have put anywhere
 * (~/.signature, a provenance.ini), without waiting on it.
 *
 * A FIFO, a device or a socket at such a path would block a plain read
 * (g_file_get_contents() waits for a writer of a FIFO for ever) and
 * freeze the window that asked.  So the file is opened with O_NONBLOCK,
 * checked with fstat() on that descriptor (not the path: it cannot be
 * swapped in between) to be a regular file, and read only when it holds
 * at most @max bytes; a file that grows while it is read is refused too.
 *
 * Errors are PCC_ERROR: PCC_ERROR_IO (cannot be opened or read, or not
 * a regular file), PCC_ERROR_TOO_LARGE (over @max bytes).
 */
#ifndef PCC_REGULAR_FILE_H
#define PCC_REGULAR_FILE_H

#include <glib.h>

G_BEGIN_DECLS

/* The bytes of @path, NUL-terminated (the caller g_free()s them), their
 * count in *@len (may be NULL); NULL with @error as above. */
char *pcc_regular_file_read (const char *path, gsize max, gsize *len,
                             GError **error);

G_END_DECLS

#endif
