/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-series.c - libFuzzer target: any bytes as a series.
 *
 * The same bytes are read three ways: as an mbox (pcc_mbox_split() and
 * pcc_series_new_from_mbox_data()), as a folder of patch files (split at
 * each "\0\0" into files of a private folder, pcc_series_new_from_dir()),
 * and line by line as subjects (pcc_subject_parse(), the mailinfo
 * cleaning).  What a series gives the cover letter is then asked for:
 * shortlogs, the cover subject, title, blurb, authors, warnings.
 * Properties checked besides "no crash": the mails of the mbox split
 * hold no more bytes than the input, and a parsed counter has at most
 * four digits a side.
 */
#include <git2.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcc-mailinfo.h"
#include "pcc-mbox.h"
#include "pcc-series.h"
#include "pcc-subject.h"

static char *folder;

static void
use_series (PccSeries *s)
{
  g_free (pcc_series_format_shortlog (s, PCC_SHORTLOG_GIT));
  g_free (pcc_series_format_shortlog (s, PCC_SHORTLOG_COVER));
  g_free (pcc_series_format_cover_subject (s, "t"));
  g_free (pcc_series_get_cover_title (s));
  g_free (pcc_series_get_cover_blurb (s));
  g_free (pcc_series_format_prerequisites (s));
  (void) pcc_series_get_prefix (s);
  (void) pcc_series_get_base_commit (s);
  (void) pcc_series_get_warnings (s);
  for (guint i = 0; i < pcc_series_get_n_patches (s); i++)
    {
      char *name = NULL, *email = NULL;
      pcc_series_get_author (s, i, &name, &email);
      g_free (name);
      g_free (email);
      g_free (pcc_series_get_commit_subject (s, i));
    }
}

static void
subjects (const char *text, gsize len)
{
  const char *p = text, *end = text + len;
  guint n = 0;
  while (p < end && n++ < 64)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *e = nl ? nl : end;
      char *line = g_strndup (p, e - p);
      PccSubject s;
      pcc_subject_parse (line, &s);
      if (s.index > 9999 || s.total > 9999)
        abort ();
      if (!s.numbered && (s.index || s.total))
        abort ();
      pcc_subject_clear (&s);
      g_free (pcc_mailinfo_clean_subject (line));
      char *name = NULL, *email = NULL;
      pcc_mailinfo_split_address (line, &name, &email);
      g_free (name);
      g_free (email);
      g_free (line);
      p = nl ? nl + 1 : end;
    }
}

static void
as_folder (const char *data, gsize size)
{
  if (folder == NULL)
    folder = g_dir_make_tmp ("fuzz-series-XXXXXX", NULL);
  if (folder == NULL)
    return;
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *p = data, *end = data + size;
  while (p <= end && paths->len < 16)
    {
      const char *sep = NULL;
      for (const char *q = p; q + 1 < end; q++)
        if (q[0] == '\0' && q[1] == '\0')
          {
            sep = q;
            break;
          }
      const char *e = sep ? sep : end;
      char *path = g_strdup_printf ("%s/%04u.patch", folder, paths->len);
      /* Not g_file_set_contents(): its fsync() would make the target
       * wait on the disk. */
      FILE *f = fopen (path, "wb");
      if (f)
        {
          fwrite (p, 1, e - p, f);
          fclose (f);
        }
      g_ptr_array_add (paths, path);
      if (!sep)
        break;
      p = sep + 2;
    }
  PccSeries *s = pcc_series_new_from_dir (folder, NULL);
  if (s)
    {
      use_series (s);
      pcc_series_free (s);
    }
  for (guint i = 0; i < paths->len; i++)
    g_unlink (paths->pdata[i]);
  g_ptr_array_unref (paths);
}

/* libgit2 once for the whole run: a PccSeries initialises it and shuts
 * it down again, and each first initialisation reads the system's
 * certificates (most of the time of a run otherwise). */
int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  git_libgit2_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* Strings in libpatchcc are NUL-terminated; give the readers a copy
   * that ends where the input ends. */
  char *text = g_malloc (size + 1);
  memcpy (text, data, size);
  text[size] = '\0';

  GPtrArray *mails = pcc_mbox_split (text, size);
  gsize total = 0;
  for (guint i = 0; i < mails->len; i++)
    {
      gsize l = 0;
      const char *m = g_bytes_get_data (mails->pdata[i], &l);
      total += l;
      char *from = NULL, *subject = NULL;
      pcc_mailinfo_inbody_headers (m ? m : "", l, &from, &subject);
      g_free (from);
      g_free (subject);
    }
  if (total > size)
    abort ();
  g_ptr_array_unref (mails);

  PccSeries *s = pcc_series_new_from_mbox_data ("fuzz", text, size, NULL);
  if (s)
    {
      use_series (s);
      pcc_series_free (s);
    }
  subjects (text, size);
  as_folder (text, size);
  g_free (text);
  return 0;
}
