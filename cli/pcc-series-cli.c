/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-series-cli.c - "patchcc series" (see pcc-series-cli.h). */
#include <stdio.h>
#include <string.h>

#include "pcc-error.h"
#include "pcc-file.h"
#include "pcc-previous.h"
#include "pcc-series-cli.h"
#include "pcc-series.h"
#include "pcc-trailer-write.h"

#define fail(status, ...) pcc_fail ((status), "patchcc series", __VA_ARGS__)

/* Replies printed one by one; the rest are counted. */
#define MAX_LISTED_REPLIES 100

typedef struct
{
  char *previous;
  int previous_version;
  gboolean write_trailers;
  char **files;
} SeriesArgs;

static const char summary_text[]
    = "What the previous version of the series says, from a mailbox (lei's "
      "or b4's mbox):\n"
      "its mails and thread, who was on it and who replied, and the "
      "trailers given,\n"
      "put on the new version's patches by patch ID, else by subject.\n"
      "\n"
      "  patchcc series --previous v1.mbox v2/*.patch\n"
      "  patchcc series --previous v1.mbox --write-trailers v2/*.patch\n"
      "\n"
      "[x] marks a trailer --write-trailers adds; [ ] one flagged (the "
      "patch changed,\n"
      "an address other than the reply's From:), to be added by hand if "
      "still right.\n"
      "\n"
      "Exit status: 0 on success, 1 for input that cannot be used or no "
      "previous\n"
      "version found, 2 for a missing file, 255 for a bad option.";

static void
print_mail (const PccPreviousMail *m, guint total)
{
  printf ("  %u/%u  <%s>  %s\n        %s\n", m->number, total, m->message_id,
          m->date, m->subject);
}

static int
write_patch (const PccSeries *series, guint i, GPtrArray *lines)
{
  const char *path = pcc_series_get_patch_source (series, i);
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize len = 0, out_len = 0;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      fprintf (stderr,
               "patchcc series: %s: not a file of its own: trailers "
               "not written\n",
               path);
      return PCC_EXIT_REFUSED;
    }
  if (!pcc_file_read (path, &data, &len, &error))
    return fail (pcc_exit_status_for_error (error), "%s", error->message);
  g_ptr_array_add (lines, NULL);
  g_autofree char *text = pcc_series_add_trailers (
      data, len, (const char *const *) lines->pdata, &out_len, &error);
  g_ptr_array_remove_index (lines, lines->len - 1);
  if (!text)
    return fail (PCC_EXIT_REFUSED, "%s: %s", path, error->message);
  if (out_len == len && memcmp (text, data, len) == 0)
    return 0;
  if (!g_file_set_contents (path, text, (gssize) out_len, &error))
    return fail (PCC_EXIT_REFUSED, "%s", error->message);
  printf ("wrote %u trailer%s into %s\n", lines->len,
          lines->len == 1 ? "" : "s", path);
  return 0;
}

static int
run (SeriesArgs *a)
{
  g_autoptr (GError) error = NULL;

  if (!a->previous)
    return fail (PCC_EXIT_DIE, "--previous FILE.mbox is needed - use --help");
  if (!a->files || !a->files[0])
    return fail (PCC_EXIT_DIE, "no patches given - use --help");
  if (a->previous_version < 0)
    return fail (PCC_EXIT_DIE, "--previous-version: not a version");
  g_autoptr (PccSeries) series = pcc_series_new_from_paths (
      (const char *const *) a->files, g_strv_length (a->files), &error);
  if (!series)
    return fail (pcc_exit_status_for_error (error), "%s", error->message);
  if (!g_file_test (a->previous, G_FILE_TEST_EXISTS))
    return fail (PCC_EXIT_NO_FILE, "%s: no such file", a->previous);
  g_autoptr (PccPrevious) prev
      = pcc_previous_find_in_file (series, a->previous,
                                        (guint) a->previous_version, &error);
  if (!prev)
    return fail (g_error_matches (error, PCC_ERROR, PCC_ERROR_PATCH)
                     ? PCC_EXIT_REFUSED
                     : pcc_exit_status_for_error (error),
                 "%s", error->message);

  guint n = pcc_series_get_n_patches (series);
  const GPtrArray *mails = pcc_previous_get_mails (prev);
  const GPtrArray *replies = pcc_previous_get_replies (prev);
  guint total = 0;
  for (guint i = 0; i < mails->len; i++)
    total = MAX (total, ((PccPreviousMail *) mails->pdata[i])->number);

  printf ("Previous version: v%u (found by %s), %u mail%s, %u repl%s\n",
          pcc_previous_get_version (prev), pcc_previous_get_found_by (prev),
          mails->len, mails->len == 1 ? "" : "s", replies->len,
          replies->len == 1 ? "y" : "ies");
  const GArray *versions = pcc_previous_get_versions (prev);
  if (versions->len > 1)
    {
      printf ("Earlier versions in the mailbox:");
      for (guint i = 0; i < versions->len; i++)
        printf ("%s v%u", i ? "," : "", g_array_index (versions, guint, i));
      printf (" (--previous-version N)\n");
    }
  for (guint i = 0; i < mails->len; i++)
    print_mail (mails->pdata[i], total);

  printf ("\nThread:\n");
  for (guint i = 0; i < replies->len && i < MAX_LISTED_REPLIES; i++)
    {
      const PccPreviousMail *m = replies->pdata[i];
      printf ("  on %u/%u  <%s>  %s\n        %s\n", m->replies_to, total,
              m->message_id, m->from, m->date);
    }
  if (replies->len > MAX_LISTED_REPLIES)
    printf ("  and %u more\n", replies->len - MAX_LISTED_REPLIES);

  const GPtrArray *people = pcc_previous_get_recipients (prev);
  printf ("\nPeople:\n");
  for (guint i = 0; i < people->len; i++)
    {
      const PccPreviousRecipient *r = people->pdata[i];
      printf ("  %s (", r->address);
      for (guint k = 0; k < r->reasons->len; k++)
        printf ("%s%s", k ? "; " : "", (const char *) r->reasons->pdata[k]);
      printf (")\n");
    }

  const GPtrArray *trailers = pcc_previous_get_trailers (prev);
  printf ("\nTrailers:\n");
  for (guint i = 0; i <= n; i++)
    {
      guint idx = i < n ? i : PCC_PREVIOUS_NO_PATCH;
      gboolean header = FALSE;
      for (guint k = 0; k < trailers->len; k++)
        {
          const PccPreviousTrailer *t = trailers->pdata[k];
          if (t->patch != idx)
            continue;
          if (!header)
            {
              gboolean same;
              guint old
                  = i < n ? pcc_previous_get_old_number (prev, i, &same) : 0;
              if (i < n)
                {
                  g_autofree char *subj
                      = pcc_series_get_commit_subject (series, i);
                  printf ("  %u/%u %s (%s)\n", i + 1, n, subj,
                          old == 0 ? "new"
                          : same   ? "unchanged"
                                   : "changed");
                }
              else
                printf ("  not in this version\n");
              header = TRUE;
            }
          g_autofree char *why = pcc_previous_describe_flags (t->flags);
          printf ("    [%c] %s: %s (%s on %u/%u)%s%s\n", t->flags ? ' ' : 'x',
                  t->name, t->value, t->given_by, t->on_number, total,
                  *why ? ": " : "", why);
        }
    }

  const GPtrArray *warnings = pcc_previous_get_warnings (prev);
  for (guint i = 0; i < warnings->len; i++)
    fprintf (stderr, "patchcc series: warning: %s\n",
             (const char *) warnings->pdata[i]);

  if (!a->write_trailers)
    return 0;
  int status = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      for (guint k = 0; k < trailers->len; k++)
        {
          const PccPreviousTrailer *t = trailers->pdata[k];
          if (t->patch == i && t->flags == 0)
            g_ptr_array_add (lines,
                             g_strdup_printf ("%s: %s", t->name, t->value));
        }
      if (lines->len)
        status = MAX (status, write_patch (series, i, lines));
    }
  return status;
}

int
pcc_series_main (int argc, char **argv)
{
  SeriesArgs a = { 0 };
  g_autoptr (GError) error = NULL;
  int status;

  GOptionEntry entries[]
      = { { "previous", 0, 0, G_OPTION_ARG_FILENAME, &a.previous,
            "The mailbox holding the previous version and its replies",
            "MBOX" },
          { "previous-version", 0, 0, G_OPTION_ARG_INT, &a.previous_version,
            "Compare with version N rather than the one before (v3 with "
            "v1: 1)",
            "N" },
          { "write-trailers", 0, 0, G_OPTION_ARG_NONE, &a.write_trailers,
            "Add the [x] trailers to the patch files", NULL },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &a.files,
            NULL, NULL },
          { NULL } };

  g_autoptr (GOptionContext) ctx = g_option_context_new ("PATCHES...");
  g_option_context_set_summary (ctx, summary_text);
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_auto (GStrv) args = g_new0 (char *, argc + 1);
  args[0] = g_strdup ("patchcc series");
  for (int i = 1; i < argc; i++)
    args[i] = g_strdup (argv[i]);
  if (!g_option_context_parse_strv (ctx, &args, &error))
    status = fail (PCC_EXIT_DIE, "%s - use --help", error->message);
  else
    status = run (&a);
  g_free (a.previous);
  g_strfreev (a.files);
  return status;
}
