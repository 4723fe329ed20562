/* pcc-file.c - a whole file read, its error in PCC_ERROR (see
 * pcc-file.h). */
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
