/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-file.h - reading a whole file, with the error of libpatchcc's
 * domain.
 *
 * g_file_get_contents() fails in G_FILE_ERROR; the modules that report a
 * file they cannot read as PCC_ERROR_IO (templates, series folders,
 * provenance records) read it through this one function instead.  A
 * module whose callers look at G_FILE_ERROR_NOENT (the command's exit
 * status 2 for a file that does not exist) keeps g_file_get_contents().
 */
#ifndef PCC_FILE_H
#define PCC_FILE_H

#include <glib.h>

G_BEGIN_DECLS

/* Read the file at @path into *@contents (NUL-terminated, *@len bytes
 * before the NUL when @len is not NULL; the caller frees it with
 * g_free()).  On failure, FALSE with PCC_ERROR_IO and GLib's message
 * ("Failed to open file “x”: No such file or directory"), and
 * *@contents is NULL. */
gboolean pcc_file_read (const char *path, char **contents, gsize *len,
                        GError **error);

/* Files of a kernel tree (MAINTAINERS, .mailmap, a file git blame reads)
 * larger than this are not read. */
#define PCC_FILE_TREE_MAX ((gsize) 256 * 1024 * 1024)

/* Read the file at @path as pcc_file_read() does, but only when it is a
 * regular file of at most @max bytes: it is opened without blocking
 * (O_NONBLOCK: a FIFO never hangs the caller) and checked on the open
 * descriptor (a symbolic link to /dev/zero is refused, not read
 * forever).  Errors: a file that cannot be opened, G_FILE_ERROR as
 * g_file_get_contents() gives it (G_FILE_ERROR_NOENT...: "Failed to open
 * file “x”: ..."); not a regular file, PCC_ERROR_IO ("x: not a regular
 * file..."); larger than @max, PCC_ERROR_TOO_LARGE; a read error,
 * PCC_ERROR_IO.  *@contents is NULL on failure. */
gboolean pcc_file_read_regular (const char *path, gsize max, char **contents,
                                gsize *len, GError **error);

G_END_DECLS

#endif /* PCC_FILE_H */
