/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc - scripts/get_maintainer.pl, fast, with THE REST as a fallback.
 *
 * Drop-in use:  git send-email --to-cmd='patchcc --to' --cc-cmd='patchcc --cc'
 * Exit status: as the script's (pcc-error.h): 0 on success; 2 for a file
 * or a kernel tree that does not exist, 255 or 25 for a bad option; 1 for input
 * patchcc refuses (a truncated diff, binary data, a mail with no diff
 * that is not a cover letter, an oversized input, a bad MAINTAINERS).
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pcc-cover-cli.h"
#include "pcc-series-cli.h"
#include "pcc-error.h"
#include "pcc-i18n.h"
#include "pcc-args.h"
#include "pcc-damage.h"
#include "pcc-dialect.h"
#include "pcc-check.h"
#include "pcc-history.h"
#include "pcc-patch.h"
#include "pcc-recipients.h"
#include "pcc-region.h"
#include "pcc-tree.h"

#define fail(status, ...) pcc_fail ((status), "patchcc", __VA_ARGS__)

/* which_conf(".get_maintainer.conf"): ".", $HOME, ".scripts"; the
 * first that exists is the only one read.  One that cannot be read is
 * skipped with a warning (the script warns for an unreadable file and
 * skips a directory). */
static GPtrArray *
conf_words (void)
{
  const char *home = g_getenv ("HOME");
  const char *dirs[] = { ".", home ? home : "", ".scripts" };
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *p
          = g_build_filename (dirs[i], ".get_maintainer.conf", NULL);
      g_autofree char *data = NULL;
      g_autoptr (GError) error = NULL;
      if (g_file_test (p, G_FILE_TEST_EXISTS))
        {
          if (!g_file_test (p, G_FILE_TEST_IS_REGULAR))
            fprintf (stderr,
                     "patchcc: %s is not a regular file; its options are "
                     "not read\n",
                     p);
          else if (g_file_get_contents (p, &data, NULL, &error))
            return pcc_conf_words (data);
          else
            fprintf (stderr,
                     "patchcc: Can't find a readable .get_maintainer.conf "
                     "file: %s; its options are not read\n",
                     error->message);
          return g_ptr_array_new_with_free_func (g_free);
        }
    }
  return g_ptr_array_new_with_free_func (g_free);
}

/* --check: each patch against the tree's repository.  Problems and
 * hints on standard output, "FILE: problem: ..." / "FILE: hint: ..."; exit
 * 1 when any patch has a problem. */
static int
check (PccArgs *args, const PccTree *tree)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccHistory) h = pcc_history_open (tree, &error);
  if (h == NULL)
    return fail (PCC_EXIT_DIE, "--check: %s",
                 error ? error->message
                       : "the tree is not in a git repository");
  if (args->files->len == 0)
    return fail (PCC_EXIT_DIE, "--check: give the patch files to check");
  int status = 0;
  for (guint i = 0; i < args->files->len; i++)
    {
      const char *f = args->files->pdata[i];
      g_autoptr (PccPatch) p
          = pcc_patch_new_from_file (f, args->max_size, &error);
      if (p == NULL)
        return fail (pcc_exit_status_for_error (error), "%s", error->message);
      g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GPtrArray) hints = g_ptr_array_new_with_free_func (g_free);
      if (!pcc_check_patch (h, p, problems, hints))
        status = 1;
      for (guint j = 0; j < problems->len; j++)
        printf ("%s: problem: %s\n", f, (char *) problems->pdata[j]);
      for (guint j = 0; j < hints->len; j++)
        printf ("%s: hint: %s\n", f, (char *) hints->pdata[j]);
      if (problems->len == 0)
        printf ("%s: ok\n", f);
    }
  return status;
}

static int
run (PccArgs *args)
{
  g_autoptr (GError) error = NULL;
  PccOptions *o = &args->gm;

  if (args->help)
    {
      fputs (pcc_usage_text (), stdout);
      return 0;
    }
  if (args->version)
    {
      printf ("patchcc %s (get_maintainer.pl 0.26 compatible)\n", PCC_VERSION);
      return 0;
    }
  if (args->self_test)
    return fail (PCC_EXIT_DIE, "--self-test is not supported; run "
                               "scripts/get_maintainer.pl --self-test");
  if (args->interactive)
    return fail (PCC_EXIT_DIE, "--interactive is not supported");
  if (isatty (STDIN_FILENO) && args->files->len == 0)
    return fail (PCC_EXIT_DIE, "missing patchfile or -f file - use --help if "
                               "necessary");
  /* The tree's script decides what the options mean (pcc-dialect.h):
   * find it first, but complain about the options first, as the script
   * does before it looks for the tree. */
  PccDialect dialect = { PCC_DIALECT_6_1, PCC_DIALECT_FROM_OPTION };
  gboolean forced = args->dialect && strcmp (args->dialect, "auto") != 0;
  if (forced
      && !pcc_dialect_features_from_name (args->dialect, &dialect.features))
    return fail (PCC_EXIT_DIE,
                 "--dialect takes auto, 6.1, 6.12 or 7.3, not \"%s\"",
                 args->dialect);
  g_autoptr (GError) tree_error = NULL;
  g_autoptr (PccTree) tree
      = pcc_tree_locate (args->tree_path, args->tree_rev,
                         PCC_TREE_FROM_CWD | PCC_TREE_FROM_ENV, &tree_error);
  if (tree && !forced)
    pcc_dialect_detect (tree, &dialect);
  o->stdout_tty = isatty (STDOUT_FILENO);
  o->stdin_tty = isatty (STDIN_FILENO);
  pcc_options_read_ignore_file (o);
  if (!pcc_options_finish_dialect (o, dialect.features, &error))
    return fail (pcc_options_die_status (o), "%s", error->message);

  /* The script's top_of_kernel_tree() -e tests leave errno at ENOENT. */
  if (tree == NULL)
    return fail (PCC_EXIT_NO_FILE, "%s", tree_error->message);
  if (o->tree
      && !pcc_tree_check_kernel_top (tree,
                                     "run from the top of one, or "
                                     "give --tree-path DIR or "
                                     "PATCHCC_TREE",
                                     &error))
    return fail (PCC_EXIT_NO_FILE, "%s", error->message);

  if (args->check)
    return check (args, tree);

  /* MAINTAINERS through the compiled index cache (pcc-index-cache.h);
   * PATCHCC_NO_INDEX_CACHE=1 parses afresh (same answers). */
  g_autoptr (PccEngine) engine = pcc_engine_new_cached (
      tree, args->maintainer_path, o->email_use_mailmap, NULL, NULL, &error);
  if (engine == NULL)
    return fail (1, "%s", error->message);
  pcc_engine_set_dialect (engine, dialect.features, dialect.source);

  g_autoptr (PccResult) result = NULL;
  if (o->from_filename)
    {
      result = pcc_engine_compute_files (
          engine, o, (const char *const *) args->files->pdata,
          args->files->len, &error);
    }
  else
    {
      g_autoptr (GPtrArray) patches
          = g_ptr_array_new_with_free_func ((GDestroyNotify) pcc_patch_free);
      if (args->files->len == 0)
        {
          /* &STDIN */
          GString *in = g_string_new (NULL);
          char buf[65536];
          size_t n;
          gsize limit
              = args->max_size ? args->max_size : PCC_PATCH_DEFAULT_MAX_SIZE;
          while ((n = fread (buf, 1, sizeof buf, stdin)) > 0)
            {
              g_string_append_len (in, buf, n);
              if (in->len > limit)
                break; /* the parser refuses it; stop reading */
            }
          if (ferror (stdin))
            {
              int err = errno;
              gsize got = in->len;
              g_string_free (in, TRUE);
              return fail (1, "(stdin): read error after %zu bytes: %s",
                           (size_t) got, g_strerror (err));
            }
          PccPatch *p = pcc_patch_new_from_data ("(stdin)", in->str, in->len,
                                                 args->max_size, &error);
          g_string_free (in, TRUE);
          if (p == NULL)
            return fail (1, "%s", error->message);
          g_ptr_array_add (patches, p);
        }
      for (guint i = 0; i < args->files->len; i++)
        {
          const char *f = args->files->pdata[i];
          if (!g_file_test (f, G_FILE_TEST_IS_REGULAR))
            {
              if (g_file_test (f, G_FILE_TEST_IS_DIR))
                return fail (2,
                             "'%s' is a directory; give patch files, or -f "
                             "for files of the tree",
                             f);
              return fail (2, "file '%s' not found", f);
            }
          PccPatch *p = pcc_patch_new_from_file (f, args->max_size, &error);
          if (p == NULL)
            return fail (pcc_exit_status_for_error (error), "%s",
                         error->message);
          g_ptr_array_add (patches, p);
          if (!pcc_patch_has_diff (p))
            {
              if (!pcc_patch_is_cover_letter (p))
                return fail (1,
                             "%s: no diff in this %s; nothing to compute (for "
                             "files of the tree use -f)",
                             f, pcc_patch_get_subject (p) ? "mail" : "file");
              /* A cover letter: the script warns and prints nothing for it. */
              fprintf (stderr,
                       "patchcc: file '%s' doesn't appear to be a patch.  "
                       "Add -f to options?\n",
                       f);
            }
        }
      result = pcc_engine_compute (
          engine, o, (PccPatch *const *) patches->pdata, patches->len, &error);
    }
  if (result == NULL)
    return fail (pcc_exit_status_for_error (error), "%s", error->message);

  const GPtrArray *warnings = pcc_result_get_warnings (result);
  for (guint i = 0; i < warnings->len; i++)
    fprintf (stderr, "%s\n", (const char *) warnings->pdata[i]);

  g_autofree char *text = args->explain ? pcc_result_explain (result)
                                        : pcc_result_format (result);
  fputs (text, stdout);
  if (fflush (stdout) != 0)
    return fail (1, "writing the output failed");
  return 0;
}

/* --check-patch FILE...: 0 when every diff is intact, 1 when one is
 * damaged ("FILE: line N: ..." on standard error). */
static int
check_patches (const PccArgs *args)
{
  int status = PCC_EXIT_OK;
  if (args->files->len == 0)
    return fail (PCC_EXIT_DIE, "--check-patch needs one or more files");
  for (guint i = 0; i < args->files->len; i++)
    {
      const char *path = args->files->pdata[i];
      g_autofree char *data = NULL;
      gsize len = 0;
      g_autoptr (GError) error = NULL;
      if (!g_file_get_contents (path, &data, &len, &error)
          || !pcc_damage_check_error (data, len, &error))
        {
          int s = pcc_exit_status_for_error (error);
          if (error->domain == PCC_ERROR)
            fprintf (stderr, "%s: %s\n", path, error->message);
          else
            fprintf (stderr, "patchcc: %s\n", error->message);
          status = MAX (status, s);
        }
    }
  return status;
}

int
main (int argc, char **argv)
{
  PccArgs args;
  g_autoptr (GError) error = NULL;

  pcc_region_tune_heap ();
  /* Messages only: parsing and output never depend on the locale. */
  setlocale (LC_MESSAGES, "");
  pcc_i18n_init (NULL);
  if (argc > 1 && strcmp (argv[1], "cover") == 0)
    return pcc_cover_main (argc - 1, argv + 1);
  if (argc > 1 && strcmp (argv[1], "series") == 0)
    return pcc_series_main (argc - 1, argv + 1);

  pcc_args_init (&args);
  g_autoptr (GPtrArray) words = conf_words ();
  for (int i = 1; i < argc; i++)
    g_ptr_array_add (words, g_strdup (argv[i]));
  g_ptr_array_add (words, NULL);

  int status;
  if (!pcc_args_parse (&args, (char **) words->pdata, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      status
          = fail (PCC_EXIT_DIE, "invalid argument - use --help if necessary");
    }
  else if (args.check_patch)
    {
      status = check_patches (&args);
    }
  else
    {
      status = run (&args);
    }
  pcc_args_clear (&args);
  return status;
}
