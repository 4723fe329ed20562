/* bench.c - patchcc against get_maintainer.pl, measured in the same run.
 *
 * usage: bench --patchcc PATH --reference TREE --corpus DIR [--no-script]
 *
 *  1. The whole corpus, default command line, one process per patch for
 *     both (same environment, same tree): total wall time of each and the
 *     ratio.  Outputs are compared on the way (a benchmark of a wrong
 *     answer is worth nothing).
 *  2. The same corpus through the library with the engine loaded once (how
 *     the Claws plugin uses it).
 *  3. Loading MAINTAINERS and .mailmap (the engine), median of 21.
 *  4. A synthetic tree-wide patch touching 5,000 existing files of the
 *     tree: parse + compute in the library with a fresh engine (nothing
 *     cached), median of 5.
 *
 * It prints numbers; it asserts nothing about time.
 */
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <glib.h>

#include "pcc-patch.h"
#include "pcc-recipients.h"
#include "pcc-tree.h"

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *v, int n)
{
  qsort (v, n, sizeof *v, cmp_double);
  return v[n / 2];
}

/* Run argv in @cwd with the corpus' clean environment; returns stdout. */
static char *
run (const char *cwd, char **argv, double *ms)
{
  char *env[] = { "PATH=/usr/bin:/bin", "HOME=/nonexistent",   "LC_ALL=C",
                  "PERL_HASH_SEED=0",   "PERL_PERTURB_KEYS=0", NULL };
  char *out = NULL;
  int status = 0;
  double t0 = now_ms ();
  if (!g_spawn_sync (cwd, argv, env, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     &out, NULL, &status, NULL))
    {
      fprintf (stderr, "bench: cannot run %s\n", argv[0]);
      exit (1);
    }
  *ms += now_ms () - t0;
  return out;
}

static GPtrArray *
corpus_patches (const char *corpus)
{
  g_autofree char *dir = g_build_filename (corpus, "patches", NULL);
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    {
      fprintf (stderr, "bench: no %s\n", dir);
      exit (1);
    }
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
  const char *n;
  while ((n = g_dir_read_name (d)))
    if (g_str_has_suffix (n, ".patch"))
      g_ptr_array_add (list, g_build_filename (dir, n, NULL));
  g_dir_close (d);
  for (guint i = 1; i < list->len; i++)
    for (guint j = i; j > 0 && strcmp (list->pdata[j - 1], list->pdata[j]) > 0;
         j--)
      {
        gpointer t = list->pdata[j];
        list->pdata[j] = list->pdata[j - 1];
        list->pdata[j - 1] = t;
      }
  return list;
}

/* Up to @want regular files under @top/@sub, in sorted walk order. */
static void
collect_files (const char *top, const char *sub, GPtrArray *out, guint want)
{
  g_autofree char *path = g_build_filename (top, sub, NULL);
  GDir *d = g_dir_open (path, 0, NULL);
  if (d == NULL)
    return;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *n;
  while ((n = g_dir_read_name (d)))
    if (n[0] != '.')
      g_ptr_array_add (names, g_strdup (n));
  g_dir_close (d);
  for (guint i = 1; i < names->len; i++)
    for (guint j = i;
         j > 0 && strcmp (names->pdata[j - 1], names->pdata[j]) > 0; j--)
      {
        gpointer t = names->pdata[j];
        names->pdata[j] = names->pdata[j - 1];
        names->pdata[j - 1] = t;
      }
  for (guint i = 0; i < names->len && out->len < want; i++)
    {
      g_autofree char *rel
          = sub[0] ? g_build_filename (sub, names->pdata[i], NULL)
                   : g_strdup (names->pdata[i]);
      g_autofree char *full = g_build_filename (top, rel, NULL);
      if (g_file_test (full, G_FILE_TEST_IS_DIR))
        collect_files (top, rel, out, want);
      else if (g_str_has_suffix (rel, ".c") || g_str_has_suffix (rel, ".h"))
        g_ptr_array_add (out, g_strdup (rel));
    }
}

int
main (int argc, char **argv)
{
  const char *patchcc = NULL, *reference = NULL, *corpus = NULL;
  gboolean with_script = TRUE, only_treewide = FALSE;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--patchcc") == 0 && i + 1 < argc)
        patchcc = argv[++i];
      else if (strcmp (argv[i], "--reference") == 0 && i + 1 < argc)
        reference = argv[++i];
      else if (strcmp (argv[i], "--corpus") == 0 && i + 1 < argc)
        corpus = argv[++i];
      else if (strcmp (argv[i], "--no-script") == 0)
        with_script = FALSE;
      else if (strcmp (argv[i], "--only-treewide") == 0)
        only_treewide = with_script = FALSE, only_treewide = TRUE;
    }
  if (!patchcc || !reference || !corpus)
    {
      fprintf (stderr, "usage: bench --patchcc PATH --reference TREE "
                       "--corpus DIR [--no-script]\n");
      return 2;
    }
  g_autofree char *pcc_abs = g_canonicalize_filename (patchcc, NULL);
  g_autoptr (GPtrArray) patches = corpus_patches (corpus);

  /* 1. processes, same run */
  double t_script = 0, t_pcc = 0;
  guint same = 0;
  for (guint i = 0; i < patches->len && !only_treewide; i++)
    {
      char *pa[] = { pcc_abs, "--no-git-fallback", patches->pdata[i], NULL };
      g_autofree char *o2 = run (reference, pa, &t_pcc);
      if (with_script)
        {
          char *sa[] = { "/usr/bin/perl", "scripts/get_maintainer.pl",
                         "--no-git-fallback", patches->pdata[i], NULL };
          g_autofree char *o1 = run (reference, sa, &t_script);
          same += g_strcmp0 (o1, o2) == 0;
        }
    }
  printf ("corpus: %u patches, default command line, one process each\n",
          patches->len);
  if (with_script)
    {
      printf ("  get_maintainer.pl  %10.1f ms\n", t_script);
      printf (
          "  patchcc            %10.1f ms   (%u of %u outputs identical)\n",
          t_pcc, same, patches->len);
      printf ("  ratio              %10.1fx\n", t_script / t_pcc);
    }
  else
    {
      printf ("  patchcc            %10.1f ms\n", t_pcc);
    }

  /* 2. library, engine loaded once */
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (reference, &error);
  g_assert_no_error (error);
  PccOptions o;
  pcc_options_init (&o);
  o.email_git_fallback = FALSE;
  pcc_options_finish (&o, NULL);
  g_autoptr (PccEngine) engine = pcc_engine_new (tree, NULL, TRUE, &error);
  g_assert_no_error (error);
  double t0 = now_ms ();
  for (guint i = 0; i < patches->len && !only_treewide; i++)
    {
      g_autoptr (PccPatch) p
          = pcc_patch_new_from_file (patches->pdata[i], 0, &error);
      g_assert_no_error (error);
      g_autoptr (PccResult) r = pcc_engine_compute (engine, &o, &p, 1, &error);
      g_assert_no_error (error);
      g_free (pcc_result_format (r));
    }
  double t_lib = now_ms () - t0;
  printf ("  patchcc library    %10.1f ms   (engine loaded once)\n", t_lib);
  if (with_script)
    printf ("  ratio (library)    %10.1fx\n", t_script / t_lib);

  /* 3. loading */
  double loads[21] = { 0 };
  for (int i = 0; i < 21 && !only_treewide; i++)
    {
      double s = now_ms ();
      PccEngine *e = pcc_engine_new (tree, NULL, TRUE, NULL);
      loads[i] = now_ms () - s;
      pcc_engine_free (e);
    }
  printf ("load MAINTAINERS + .mailmap: %.2f ms (median of 21)\n",
          median (loads, 21));

  /* 4. a tree-wide patch of 5,000 existing files */
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *tops[] = { "drivers", "fs",     "net", "sound", "arch",
                         "include", "kernel", "mm",  "lib",   "tools" };
  /* take files spread over the tree: every third of a sorted walk */
  g_autoptr (GPtrArray) pool = g_ptr_array_new_with_free_func (g_free);
  for (guint t = 0; t < G_N_ELEMENTS (tops); t++)
    collect_files (reference, tops[t], pool, 15000 * (t + 1));
  for (guint i = 0; i < pool->len && files->len < 5000; i += 3)
    g_ptr_array_add (files, g_strdup (pool->pdata[i]));
  GString *big = g_string_new ("From: Dev <dev@example.org>\n"
                               "Subject: [PATCH] treewide: fix a typo\n\n"
                               "A tree-wide change.\n---\n");
  for (guint i = 0; i < files->len; i++)
    {
      const char *f = files->pdata[i];
      g_string_append_printf (
          big,
          "diff --git a/%s b/%s\nindex 1111111..2222222 100644\n"
          "--- a/%s\n+++ b/%s\n@@ -1,3 +1,3 @@\n context\n"
          "-teh\n+the\n context\n",
          f, f, f, f);
    }
  double runs[5] = { 0 };
  guint n_rcpt = 0;
  for (int i = 0; i < (only_treewide ? 1 : 5); i++)
    {
      /* a fresh engine each time (loading not timed): the engine caches
     * what a file matched, and a warm cache is not what is measured */
      g_autoptr (PccEngine) fresh = pcc_engine_new (tree, NULL, TRUE, &error);
      g_assert_no_error (error);
      double s = now_ms ();
      g_autoptr (PccPatch) p = pcc_patch_new_from_data ("treewide", big->str,
                                                        big->len, 0, &error);
      g_assert_no_error (error);
      g_autoptr (PccResult) r = pcc_engine_compute (fresh, &o, &p, 1, &error);
      g_assert_no_error (error);
      g_free (pcc_result_format (r));
      runs[i] = now_ms () - s;
      n_rcpt = pcc_result_get_n_recipients (r);
    }
  printf ("tree-wide patch: %u files, %zu bytes, %u recipients: %.2f ms "
          "(parse + compute, median of 5)\n",
          files->len, big->len, n_rcpt, median (runs, 5));
  g_string_free (big, TRUE);
  pcc_options_clear (&o);
  return 0;
}
