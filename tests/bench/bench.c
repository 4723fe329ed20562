/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench.c - patchcc against get_maintainer.pl, measured in the same run.
 *
 * usage: bench --patchcc PATH --reference TREE [--corpus DIR]
 *              [--hello PATH] [--hello-dynamic PATH] [--generated N]
 *              [--no-script]
 *
 *  1. Per process, both tools on the same patches in the same run, one
 *     process per patch (same environment, same tree): median and p90
 *     wall time per patch and the ratio of the totals.  First on N
 *     patches generated from the tree (one to three files each, a small
 *     hunk per file), then on the corpus when it is there.  Outputs are
 *     compared on the way (a benchmark of a wrong answer is worth
 *     nothing).  patchcc keeps its compiled MAINTAINERS index in a
 *     private cache directory, as a user's runs do (the first run writes
 *     it).
 *  2. Start-up: `patchcc --version` next to a static "hello" (--hello),
 *     the floor of an exec here, and the same "hello" linked against the
 *     shared C library as patchcc is (--hello-dynamic), the floor of a
 *     program that loads it; the ceiling of the ratio of totals here
 *     (the script's mean per patch over the static hello's median); one
 *     patch with and without the index cache; the peak RSS of one whole
 *     CLI run.
 *  3. The same patches through the library with the engine loaded once
 *     (how the Claws plugin uses it), and the engine load itself.
 *  4. A synthetic tree-wide patch touching 5,000 existing files: one
 *     patchcc process without and with the index cache (start-up, load
 *     and compute), and in the library with a fresh engine (parse +
 *     compute, nothing cached): the first such run in this process, whose
 *     heap grows for it (page faults), then the median of five more.
 *     This process sets up its heap as the patchcc command does
 *     (pcc_region_tune_heap()), after the peak RSS runs.
 *
 * The machine may be shared: every time is the minimum, median or p90
 * of several runs as printed, and the ratio is of one run.  It prints
 * numbers; it asserts nothing about time.
 */
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "pcc-patch.h"
#include "pcc-recipients.h"
#include "pcc-region.h"
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

static double
percentile (double *v, int n, int pct)
{
  qsort (v, n, sizeof *v, cmp_double);
  int i = (n * pct + 99) / 100 - 1;
  return v[CLAMP (i, 0, n - 1)];
}

/* g_ptr_array_sort() order of C strings. */
static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static double
sum (const double *v, int n)
{
  double t = 0;
  for (int i = 0; i < n; i++)
    t += v[i];
  return t;
}

/* Run argv in @cwd with the corpus' clean environment and a private
 * cache directory (posix_spawn, so that the harness adds as little as it
 * can); returns stdout, adds the wall time to *ms and the peak RSS in KiB
 * to *rss_kb when not NULL.
 *
 * Linux counts in a process's peak RSS the memory of the process it was
 * spawned from, up to its exec: spawned from this benchmark, by then
 * tens of megabytes, a small command would report the benchmark's size.
 * So a run measured for memory is started through this program started
 * afresh (--peak-rss-of, peak_rss_of()), which forks the command before
 * it has allocated anything and hands back the peak on fd 3. */
static char *cache_env;   /* XDG_CACHE_HOME=...: patchcc's index cache */
static gboolean no_cache; /* PATCHCC_NO_INDEX_CACHE=1 for the runs */

static char *
run_rss (const char *cwd, char **argv, double *ms, long *rss_kb)
{
  char *env[] = { "PATH=/usr/bin:/bin",
                  "HOME=/nonexistent",
                  "LC_ALL=C",
                  "PERL_HASH_SEED=0",
                  "PERL_PERTURB_KEYS=0",
                  cache_env,
                  no_cache ? "PATCHCC_NO_INDEX_CACHE=1" : NULL,
                  NULL };
  int fds[2], rfds[2] = { -1, -1 };
  if (pipe (fds) != 0 || (rss_kb && pipe (rfds) != 0))
    exit (1);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init (&fa);
  posix_spawn_file_actions_adddup2 (&fa, fds[1], 1);
  posix_spawn_file_actions_addclose (&fa, fds[0]);
  posix_spawn_file_actions_addopen (&fa, 2, "/dev/null", O_WRONLY, 0);
  g_autoptr (GPtrArray) via = g_ptr_array_new ();
  if (rss_kb)
    {
      posix_spawn_file_actions_adddup2 (&fa, rfds[1], 3);
      posix_spawn_file_actions_addclose (&fa, rfds[0]);
      g_ptr_array_add (via, "/proc/self/exe");
      g_ptr_array_add (via, "--peak-rss-of");
      for (char **a = argv; *a; a++)
        g_ptr_array_add (via, *a);
      g_ptr_array_add (via, NULL);
      argv = (char **) via->pdata;
    }
  g_autofree char *here = g_get_current_dir ();
  if (chdir (cwd) != 0)
    exit (1);
  double t0 = now_ms ();
  pid_t pid;
  if (posix_spawn (&pid, argv[0], &fa, NULL, argv, env) != 0)
    {
      fprintf (stderr, "bench: cannot run %s\n", argv[0]);
      exit (1);
    }
  if (chdir (here) != 0)
    exit (1);
  posix_spawn_file_actions_destroy (&fa);
  close (fds[1]);
  if (rss_kb)
    close (rfds[1]);
  GString *out = g_string_new (NULL);
  char buf[65536];
  ssize_t n;
  while ((n = read (fds[0], buf, sizeof buf)) > 0)
    g_string_append_len (out, buf, n);
  close (fds[0]);
  int status;
  struct rusage ru;
  wait4 (pid, &status, 0, &ru);
  *ms += now_ms () - t0;
  if (rss_kb)
    {
      char kb[32] = "";
      ssize_t got = read (rfds[0], kb, sizeof kb - 1);
      close (rfds[0]);
      *rss_kb = got > 0 ? atol (kb) : -1;
    }
  return g_string_free (out, FALSE);
}

static char *
run (const char *cwd, char **argv, double *ms)
{
  return run_rss (cwd, argv, ms, NULL);
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
  g_ptr_array_sort (list, compare_strings);
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
  g_ptr_array_sort (names, compare_strings);
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

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Whether @a and @b hold the same lines in some order: the script orders
 * sections of equal pattern depth by Perl's hash order, patchcc by
 * MAINTAINERS order (docs/parity.md). */
static gboolean
same_lines (const char *a, const char *b)
{
  g_auto (GStrv) la = g_strsplit (a ? a : "", "\n", -1);
  g_auto (GStrv) lb = g_strsplit (b ? b : "", "\n", -1);
  guint na = g_strv_length (la), nb = g_strv_length (lb);
  if (na != nb)
    return FALSE;
  qsort (la, na, sizeof *la, cmp_str);
  qsort (lb, nb, sizeof *lb, cmp_str);
  for (guint i = 0; i < na; i++)
    if (strcmp (la[i], lb[i]) != 0)
      return FALSE;
  return TRUE;
}

/* Both tools on each patch, one process each; prints the figures and
 * returns the script's mean time per patch, its total over the number
 * of patches (0 without the script). */
static double
per_process (const char *label, const char *pcc, const char *reference,
             GPtrArray *patches, gboolean with_script)
{
  guint n = patches->len;
  g_autofree double *tp = g_new0 (double, n), *ts = g_new0 (double, n);
  guint same = 0, reordered = 0;
  for (guint i = 0; i < n; i++)
    {
      char *pa[]
          = { (char *) pcc, "--no-git-fallback", patches->pdata[i], NULL };
      g_autofree char *o2 = run (reference, pa, &tp[i]);
      if (with_script)
        {
          char *sa[] = { "/usr/bin/perl", "scripts/get_maintainer.pl",
                         "--no-git-fallback", patches->pdata[i], NULL };
          g_autofree char *o1 = run (reference, sa, &ts[i]);
          if (g_strcmp0 (o1, o2) == 0)
            same++;
          else if (same_lines (o1, o2))
            reordered++;
          else
            printf ("  outputs differ: %s\n", (char *) patches->pdata[i]);
        }
    }
  double tot_p = sum (tp, n), tot_s = sum (ts, n);
  printf ("%s: %u patches, --no-git-fallback (history: "
          "bench-history.py), one process each\n",
          label, n);
  printf ("                     total ms   median ms   p90 ms\n");
  if (with_script)
    printf ("  get_maintainer.pl %10.1f %10.2f %9.2f\n", tot_s,
            percentile (ts, n, 50), percentile (ts, n, 90));
  printf ("  patchcc           %10.1f %10.2f %9.2f", tot_p,
          percentile (tp, n, 50), percentile (tp, n, 90));
  if (with_script)
    printf ("   (%u of %u outputs identical, %u with the same lines in "
            "another order)\n  ratio of totals   %10.1fx\n",
            same, n, reordered, tot_s / tot_p);
  else
    printf ("\n");
  return with_script && n > 0 ? tot_s / n : 0;
}

/* @runs runs of @argv: minimum and median wall time. */
static void
repeat (const char *cwd, char **argv, int runs, double *min, double *med)
{
  g_autofree double *t = g_new0 (double, runs);
  for (int i = 0; i < runs; i++)
    g_free (run (cwd, argv, &t[i]));
  *min = percentile (t, runs, 0);
  *med = percentile (t, runs, 50);
}

static char *
write_patch (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  if (!g_file_set_contents (path, text, -1, NULL))
    {
      fprintf (stderr, "bench: cannot write %s\n", path);
      exit (1);
    }
  return path;
}

static void
append_hunk (GString *s, const char *f)
{
  g_string_append_printf (
      s,
      "diff --git a/%s b/%s\nindex 1111111..2222222 100644\n"
      "--- a/%s\n+++ b/%s\n@@ -1,3 +1,3 @@\n context\n"
      "-teh\n+the\n context\n",
      f, f, f, f);
}

/* 31 runs of the program at @path (none when NULL), printed after
 * @label; returns the median (0 when not run). */
static double
time_floor (const char *cwd, const char *path, const char *label)
{
  if (path == NULL)
    return 0;
  double mn, md;
  g_autofree char *h = g_canonicalize_filename (path, NULL);
  char *ha[] = { h, NULL };
  repeat (cwd, ha, 31, &mn, &md);
  printf ("%s min %6.2f ms, median %6.2f ms (31 runs)\n", label, mn, md);
  return md;
}

/* bench --peak-rss-of PROG ARGS...: run PROG and write its peak RSS in
 * KiB to fd 3; see run_rss().  Called first thing, so that what PROG
 * inherits is this program just started. */
static int
peak_rss_of (char **argv)
{
  int st;
  struct rusage ru;
  fcntl (3, F_SETFD, FD_CLOEXEC);
  pid_t pid = fork ();
  if (pid == 0)
    {
      execv (argv[0], argv);
      _exit (127);
    }
  if (pid < 0 || wait4 (pid, &st, 0, &ru) != pid)
    return 1;
  dprintf (3, "%ld\n", ru.ru_maxrss);
  return WIFEXITED (st) ? WEXITSTATUS (st) : 1;
}

int
main (int argc, char **argv)
{
  if (argc > 2 && strcmp (argv[1], "--peak-rss-of") == 0)
    return peak_rss_of (argv + 2);
  const char *patchcc = NULL, *reference = NULL, *corpus = NULL, *hello = NULL;
  const char *hello_dynamic = NULL;
  gboolean with_script = TRUE;
  guint n_generated = 60;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--patchcc") == 0 && i + 1 < argc)
        patchcc = argv[++i];
      else if (strcmp (argv[i], "--reference") == 0 && i + 1 < argc)
        reference = argv[++i];
      else if (strcmp (argv[i], "--corpus") == 0 && i + 1 < argc)
        corpus = argv[++i];
      else if (strcmp (argv[i], "--hello") == 0 && i + 1 < argc)
        hello = argv[++i];
      else if (strcmp (argv[i], "--hello-dynamic") == 0 && i + 1 < argc)
        hello_dynamic = argv[++i];
      else if (strcmp (argv[i], "--generated") == 0 && i + 1 < argc)
        n_generated = atoi (argv[++i]);
      else if (strcmp (argv[i], "--no-script") == 0)
        with_script = FALSE;
    }
  if (!patchcc || !reference)
    {
      fprintf (stderr, "usage: bench --patchcc PATH --reference TREE "
                       "[--corpus DIR] [--hello PATH] [--hello-dynamic PATH] "
                       "[--generated N] "
                       "[--no-script]\n");
      return 2;
    }
  g_autofree char *pcc_abs = g_canonicalize_filename (patchcc, NULL);
  g_autofree char *tmp = g_dir_make_tmp ("pcc-bench-XXXXXX", NULL);
  g_autofree char *cache_dir = g_build_filename (tmp, "cache", NULL);
  cache_env = g_strconcat ("XDG_CACHE_HOME=", cache_dir, NULL);

  /* files of the tree, spread over it: every third of a sorted walk */
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *tops[] = { "drivers", "fs",     "net", "sound", "arch",
                         "include", "kernel", "mm",  "lib",   "tools" };
  g_autoptr (GPtrArray) pool = g_ptr_array_new_with_free_func (g_free);
  for (guint t = 0; t < G_N_ELEMENTS (tops); t++)
    collect_files (reference, tops[t], pool, 15000 * (t + 1));
  for (guint i = 0; i < pool->len && files->len < 5000; i += 3)
    g_ptr_array_add (files, g_strdup (pool->pdata[i]));
  if (files->len == 0)
    {
      fprintf (stderr, "bench: no source files under %s\n", reference);
      return 1;
    }

  /* 1. generated patches: one to three files each */
  g_autoptr (GPtrArray) generated = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_generated; i++)
    {
      GString *s = g_string_new (NULL);
      g_string_append_printf (s,
                              "From: Dev <dev@example.org>\n"
                              "Subject: [PATCH] fix a typo (%u)\n\n"
                              "A fix.\n---\n",
                              i);
      for (guint j = 0; j <= i % 3; j++)
        append_hunk (s, files->pdata[(i * 7919u + j * 104729u) % files->len]);
      g_autofree char *name = g_strdup_printf ("gen-%03u.patch", i);
      g_ptr_array_add (generated, write_patch (tmp, name, s->str));
      g_string_free (s, TRUE);
    }
  double script_gen
      = per_process ("generated", pcc_abs, reference, generated, with_script);
  double script_corpus = 0;
  g_autoptr (GPtrArray) patches = NULL;
  g_autofree char *corpus_dir
      = corpus ? g_build_filename (corpus, "patches", NULL) : NULL;
  if (corpus_dir && g_file_test (corpus_dir, G_FILE_TEST_IS_DIR))
    {
      patches = corpus_patches (corpus);
      script_corpus
          = per_process ("corpus", pcc_abs, reference, patches, with_script);
    }
  else
    {
      printf ("corpus: none here (%s)\n", corpus ? corpus : "not given");
    }

  /* 2. start-up and memory */
  double mn, md;
  char *va[] = { pcc_abs, "--version", NULL };
  repeat (reference, va, 31, &mn, &md);
  printf ("patchcc --version:      min %6.2f ms, median %6.2f ms (31 runs)\n",
          mn, md);
  double floor_ms = time_floor (reference, hello, "static hello (floor):  ");
  time_floor (reference, hello_dynamic, "hello with libc.so:    ");
  /* No program started per patch runs faster than an exec of a static
   * binary that does nothing, so the ratio of totals on this machine is
   * at most the script's total over n such execs: its mean per patch
   * over that floor. */
  if (floor_ms > 0 && script_gen > 0)
    {
      printf ("ceiling of the ratio of totals: generated %.1fx",
              script_gen / floor_ms);
      if (script_corpus > 0)
        printf (", corpus %.1fx", script_corpus / floor_ms);
      printf (" (the script's mean per patch / a static hello's median)\n");
    }
  char *oa[] = { pcc_abs, "--no-git-fallback", generated->pdata[0], NULL };
  repeat (reference, oa, 31, &mn, &md);
  printf ("patchcc, one patch:     min %6.2f ms, median %6.2f ms (31 runs, "
          "index cache)\n",
          mn, md);
  no_cache = TRUE;
  repeat (reference, oa, 31, &mn, &md);
  no_cache = FALSE;
  printf ("  the same, no cache:   min %6.2f ms, median %6.2f ms (31 runs, "
          "MAINTAINERS parsed)\n",
          mn, md);
  long rss = 0;
  double ignored = 0;
  g_free (run_rss (reference, oa, &ignored, &rss));
  printf ("peak RSS of one run:    %.1f MB", rss / 1024.0);
  if (hello)
    {
      /* what the measuring process weighs: below this, a peak is
       * only "at most" */
      g_autofree char *h = g_canonicalize_filename (hello, NULL);
      char *ha[] = { h, NULL };
      long floor_kb = 0;
      g_free (run_rss (reference, ha, &ignored, &floor_kb));
      printf (" (a static hello measures %.1f MB the same way)",
              floor_kb / 1024.0);
    }
  printf ("\n");

  /* From here the library runs in this process: with its heap set up as
   * the patchcc command sets up its own (after the peak RSS runs, which
   * a large heap here would inflate). */
  pcc_region_tune_heap ();

  /* 3. library, engine loaded once */
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (reference, &error);
  g_assert_no_error (error);
  PccOptions o;
  pcc_options_init (&o);
  o.email_git_fallback = FALSE;
  pcc_options_finish (&o, NULL);
  g_autoptr (PccEngine) engine = pcc_engine_new (tree, NULL, TRUE, &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) all = g_ptr_array_new ();
  g_ptr_array_extend (all, generated, NULL, NULL);
  if (patches)
    g_ptr_array_extend (all, patches, NULL, NULL);
  double t0 = now_ms ();
  for (guint i = 0; i < all->len; i++)
    {
      g_autoptr (PccPatch) p
          = pcc_patch_new_from_file (all->pdata[i], 0, &error);
      g_assert_no_error (error);
      g_autoptr (PccResult) r = pcc_engine_compute (engine, &o, &p, 1, &error);
      g_assert_no_error (error);
      g_free (pcc_result_format (r));
    }
  printf ("library, engine loaded once: %u patches in %.1f ms\n", all->len,
          now_ms () - t0);
  double loads[21] = { 0 };
  for (int i = 0; i < 21; i++)
    {
      double s = now_ms ();
      PccEngine *e = pcc_engine_new (tree, NULL, TRUE, NULL);
      loads[i] = now_ms () - s;
      pcc_engine_free (e);
    }
  printf ("load MAINTAINERS + .mailmap: %.2f ms (median of 21)\n",
          median (loads, 21));

  /* 4. a tree-wide patch of 5,000 existing files */
  GString *big = g_string_new ("From: Dev <dev@example.org>\n"
                               "Subject: [PATCH] treewide: fix a typo\n\n"
                               "A tree-wide change.\n---\n");
  for (guint i = 0; i < files->len; i++)
    append_hunk (big, files->pdata[i]);
  g_autofree char *big_path = write_patch (tmp, "treewide.patch", big->str);
  char *ta[] = { pcc_abs, "--no-git-fallback", big_path, NULL };
  no_cache = TRUE;
  repeat (reference, ta, 5, &mn, &md);
  no_cache = FALSE;
  printf ("tree-wide patch, %u files, one patchcc process, cold (no index "
          "cache): min %.2f ms, median %.2f ms (5 runs)\n",
          files->len, mn, md);
  repeat (reference, ta, 5, &mn, &md);
  printf ("tree-wide patch, %u files, one patchcc process, index cache: min "
          "%.2f ms, median %.2f ms (5 runs)\n",
          files->len, mn, md);
  /* the first run in this process, then five more */
  double runs[6] = { 0 };
  guint n_rcpt = 0;
  for (int i = 0; i < 6; i++)
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
  printf ("tree-wide patch in the library, fresh engine: %zu bytes, %u "
          "recipients: %.2f ms (parse + compute, median of 5 after a first "
          "run of %.2f ms)\n",
          big->len, n_rcpt, median (runs + 1, 5), runs[0]);
  g_string_free (big, TRUE);
  pcc_options_clear (&o);

  /* the temporary patches (kept when an output differed) */
  if (g_getenv ("PCC_BENCH_KEEP"))
    return 0;
  for (guint i = 0; i < generated->len; i++)
    g_unlink (generated->pdata[i]);
  g_unlink (big_path);
  g_autofree char *idx
      = g_build_filename (cache_dir, "patchcc", "index", NULL);
  g_autoptr (GDir) d = g_dir_open (idx, 0, NULL);
  for (const char *n; d && (n = g_dir_read_name (d));)
    {
      g_autofree char *f = g_build_filename (idx, n, NULL);
      g_unlink (f);
    }
  g_rmdir (idx);
  g_autofree char *pd = g_build_filename (cache_dir, "patchcc", NULL);
  g_rmdir (pd);
  g_rmdir (cache_dir);
  g_rmdir (tmp);
  return 0;
}
