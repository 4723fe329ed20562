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

G_END_DECLS

#endif /* PCC_FILE_H */
