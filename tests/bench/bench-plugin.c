/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench-plugin.c - time of the one-click fix on a 300-file patch.
 *
 *   bench-plugin [--tree DIR] [--files N] [--under DIR] [--runs N]
 *                [--reference]
 *
 * Builds a patch touching N files spread over the whole tree, or over
 * one folder with --under (one small
 * hunk each, so K: keywords are tried on real lines), then times what
 * the Claws plugin does when the user clicks "Fix patch recipients":
 * parse Subject + body, compute the plan (engine cached, as in the
 * plugin), build the review dialog, and write the final To/Cc into header
 * rows (GtkEntry widgets standing in for Claws' rows).  The engine load
 * (once per tree) is timed apart.  With --reference, the two runs of
 * scripts/get_maintainer.pl that b4 makes for the same patch (To and Cc)
 * are timed in the same run and the ratio printed.
 *
 * The headline is "engine + widget update": parse, plan and rows, what
 * the compose window waits for (the target is 50 ms); the review dialog's
 * first frame is timed apart.  Needs a display (run under
 * tests/ui/ui-xvfb.sh); prints milliseconds.
 */
#include <stdlib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "pcc-fixer.h"
#include "pcc-patch.h"
#include "pcc-review.h"

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
walk (const char *top, const char *rel, GPtrArray *out)
{
  g_autofree char *dir = g_build_filename (top, rel, NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *r
          = *rel ? g_build_filename (rel, name, NULL) : g_strdup (name);
      g_autofree char *full = g_build_filename (top, r, NULL);

      if (name[0] == '.')
        continue;
      if (g_file_test (full, G_FILE_TEST_IS_SYMLINK))
        continue;
      if (g_file_test (full, G_FILE_TEST_IS_DIR))
        walk (top, r, out);
      else if (g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".h")
               || g_str_has_suffix (name, ".yaml")
               || g_str_has_suffix (name, ".rst"))
        g_ptr_array_add (out, g_steal_pointer (&r));
    }
}

/* A git-format-patch-like mail changing @n files spread over the tree. */
static GString *
make_patch (const char *tree, const char *under, guint n, char **subject)
{
  static const char *const tops[]
      = { "arch", "block",    "crypto", "Documentation", "drivers",
          "fs",   "include",  "kernel", "lib",           "mm",
          "net",  "security", "sound",  "tools" };
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  GString *body = g_string_new (NULL);
  guint step;

  if (under != NULL)
    walk (tree, under, all);
  else
    for (guint i = 0; i < G_N_ELEMENTS (tops); i++)
      walk (tree, tops[i], all);
  g_ptr_array_sort (all, cmp_str);
  g_assert (all->len >= n);
  step = all->len / n;

  *subject = g_strdup_printf ("[PATCH] %s: touch %u files",
                              under ? under : "treewide", n);
  g_string_append (body, "Touch files all over the tree, to time the "
                         "recipient computation.\n\nSigned-off-by: Bench "
                         "<bench@example.org>\n---\n");
  for (guint i = 0; i < n; i++)
    {
      const char *rel = all->pdata[i * step];
      g_autofree char *full = g_build_filename (tree, rel, NULL);
      g_autofree char *text = NULL;
      g_autofree char *first = NULL;

      if (!g_file_get_contents (full, &text, NULL, NULL))
        continue;
      first = g_strndup (text, strcspn (text, "\n"));
      g_string_append_printf (
          body,
          "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-%s\n+%s \n",
          rel, rel, rel, rel, first, first);
    }
  g_string_append (body, "-- \n2.39.2\n");
  return body;
}

static void
pump (void)
{
  while (gtk_events_pending ())
    gtk_main_iteration ();
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* What the plugin does with the plan: the header rows of
 * pcc_fixer_header_rows(), each a combo box and an entry as in Claws. */
static void
write_rows (GtkWidget *grid, PccPlan *plan)
{
  g_autoptr (GArray) rows = pcc_fixer_header_rows (plan, PCC_FIXER_MAX_ROWS);

  for (guint i = 0; i < rows->len; i++)
    {
      PccHeaderRow *r = &g_array_index (rows, PccHeaderRow, i);
      GtkWidget *combo = gtk_combo_box_text_new_with_entry ();
      GtkWidget *entry = gtk_entry_new ();

      gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (combo), "To:");
      gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (combo), "Cc:");
      gtk_combo_box_set_active (GTK_COMBO_BOX (combo),
                                r->field == PCC_FIELD_TO ? 0 : 1);
      gtk_entry_set_text (GTK_ENTRY (entry), r->value);
      gtk_grid_attach (GTK_GRID (grid), combo, 0, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), entry, 1, i, 1, 1);
      gtk_widget_show (combo);
      gtk_widget_show (entry);
    }
}

static double
reference_ms (const char *tree, const char *patch_file)
{
  /* b4 runs the script twice: To (--nol) and Cc (--nom). */
  static const char *const modes[] = { "--nol", "--nom" };
  g_autofree char *script
      = g_build_filename (tree, "scripts", "get_maintainer.pl", NULL);
  gint64 t0 = g_get_monotonic_time ();

  for (guint i = 0; i < 2; i++)
    {
      const char *argv[] = { "perl",
                             script,
                             "--nogit",
                             "--nogit-fallback",
                             "--nogit-chief-penguins",
                             "--norolestats",
                             modes[i],
                             patch_file,
                             NULL };
      gint status;
      g_autoptr (GError) error = NULL;

      if (!g_spawn_sync (tree, (char **) argv, NULL,
                         G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL
                             | G_SPAWN_STDERR_TO_DEV_NULL,
                         NULL, NULL, NULL, NULL, &status, &error))
        return -1;
    }
  return (g_get_monotonic_time () - t0) / 1000.0;
}

int
main (int argc, char **argv)
{
  g_autofree char *tree = NULL;
  gint n_files = 300, runs = 20;
  gboolean reference = FALSE;
  g_autofree char *save = NULL;
  g_autofree char *under = NULL;
  GOptionEntry entries[] = {
    { "tree", 0, 0, G_OPTION_ARG_FILENAME, &tree, "kernel tree", "DIR" },
    { "files", 0, 0, G_OPTION_ARG_INT, &n_files, "files in the patch", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "timed runs", "N" },
    { "reference", 0, 0, G_OPTION_ARG_NONE, &reference,
      "also time get_maintainer.pl (b4's two runs)", NULL },
    { "under", 0, 0, G_OPTION_ARG_FILENAME, &under,
      "take the files from this folder of the tree (default: all over the "
      "tree, the worst case)",
      "DIR" },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save,
      "write the generated patch mail there", "FILE" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) body = NULL;
  g_autofree char *subject = NULL;
  g_autofree double *total = NULL, *t_plan = NULL, *t_view = NULL,
                    *t_rows = NULL;
  PccFixer *fixer;
  PccFixerConfig cfg;
  PccEngine *engine;
  const char *to[] = { "Someone <someone@example.org>", NULL };
  const char *cc[] = { "linux-kernel@vger.kernel.org", NULL };
  gint64 t0;
  double load_ms;
  guint n_to = 0, n_cc = 0, n_changes = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (!gtk_init_check (&argc, &argv))
    {
      g_printerr ("bench-plugin: no display (run under tests/ui/ui-xvfb.sh)\n");
      return 77;
    }
  if (tree == NULL)
    tree = pcc_tree_default_path ();
  if (tree == NULL)
    {
      g_printerr ("bench-plugin: no kernel tree (--tree)\n");
      return 77;
    }
  body = make_patch (tree, under, (guint) n_files, &subject);
  if (save != NULL)
    {
      g_autofree char *mail
          = g_strdup_printf ("Subject: %s\n\n%s", subject, body->str);
      g_file_set_contents (save, mail, -1, NULL);
    }

  fixer = pcc_fixer_new ();
  pcc_fixer_config_init (&cfg);
  cfg.tree_path = tree;
  t0 = g_get_monotonic_time ();
  engine = pcc_fixer_get_engine (fixer, tree, NULL, &error);
  load_ms = (g_get_monotonic_time () - t0) / 1000.0;
  if (engine == NULL)
    {
      g_printerr ("bench-plugin: %s\n", error->message);
      return 1;
    }

  total = g_new0 (double, runs);
  t_plan = g_new0 (double, runs);
  t_view = g_new0 (double, runs);
  t_rows = g_new0 (double, runs);
  for (gint r = -1; r < runs; r++) /* run -1 warms caches */
    {
      GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
      GtkWidget *grid = gtk_grid_new ();
      GtkWidget *dialog;
      gint64 a, b, c, d;
      PccPatch *patch;
      PccPlan *plan;

      gtk_container_add (GTK_CONTAINER (window), grid);
      gtk_widget_show_all (window);
      pump ();

      a = g_get_monotonic_time ();
      patch = pcc_fixer_parse_mail (subject, body->str, body->len, &error);
      g_assert_no_error (error);
      plan = pcc_fixer_plan (fixer, &cfg, &patch, 1, to, cc, NULL, NULL,
                             &error);
      g_assert_no_error (error);
      b = g_get_monotonic_time ();
      dialog
          = pcc_review_dialog_new (GTK_WINDOW (window), plan, subject, tree);
      gtk_widget_show (dialog);
      pump ();
      c = g_get_monotonic_time ();
      write_rows (grid, plan);
      pump ();
      d = g_get_monotonic_time ();

      if (r >= 0)
        {
          t_plan[r] = (b - a) / 1000.0;
          t_view[r] = (c - b) / 1000.0;
          t_rows[r] = (d - c) / 1000.0;
          total[r] = (d - a) / 1000.0;
        }
      if (r == 0)
        {
          g_auto (GStrv) ft = pcc_plan_get_final (plan, PCC_FIELD_TO);
          g_auto (GStrv) fc = pcc_plan_get_final (plan, PCC_FIELD_CC);
          n_to = g_strv_length (ft);
          n_cc = g_strv_length (fc);
          n_changes = pcc_plan_get_n_changes (plan);
        }
      gtk_widget_destroy (dialog);
      gtk_widget_destroy (window);
      pcc_plan_free (plan);
      pcc_patch_free (patch);
      pump ();
    }
  qsort (total, runs, sizeof (double), cmp_double);
  qsort (t_plan, runs, sizeof (double), cmp_double);
  qsort (t_view, runs, sizeof (double), cmp_double);
  qsort (t_rows, runs, sizeof (double), cmp_double);

  g_print ("bench-plugin: %d-file patch (%s), %u changes (To %u, Cc %u), "
           "tree %s\n",
           n_files, under ? under : "spread over the tree", n_changes, n_to,
           n_cc, tree);
  {
    /* What the compose window waits for: the plan and the rows (the
     * whole on_send=rewrite path; after Apply in the review).  The review
     * dialog's first frame comes on top when it is shown. */
    g_autofree double *work = g_new0 (double, runs);
    double med;

    for (gint r = 0; r < runs; r++)
      work[r] = t_plan[r] + t_rows[r];
    qsort (work, runs, sizeof (double), cmp_double);
    med = work[runs / 2];
    g_print ("  engine load (once per tree, cached)   %8.1f ms\n", load_ms);
    g_print ("  engine + widget update, median of %d  %8.1f ms  "
             "(min %.1f, max %.1f)  target 50 ms: %s\n",
             runs, med, work[0], work[runs - 1], med < 50.0 ? "ok" : "OVER");
    g_print ("    parse + plan                        %8.1f ms\n",
             t_plan[runs / 2]);
    g_print ("    To/Cc rows written                  %8.1f ms\n",
             t_rows[runs / 2]);
    g_print ("  review dialog on screen               %8.1f ms  (shown "
             "between the two, when asked)\n",
             t_view[runs / 2]);
    g_print ("  all three, median                     %8.1f ms\n",
             total[runs / 2]);
    total[runs / 2] = med; /* the ratio below is against the update */
  }
  if (reference)
    {
      g_autofree char *path = NULL;
      gint fd = g_file_open_tmp ("bench-plugin-XXXXXX.patch", &path, NULL);
      double ref;

      if (fd >= 0)
        {
          g_autofree char *mail
              = g_strdup_printf ("Subject: %s\n\n%s", subject, body->str);
          g_file_set_contents (path, mail, -1, NULL);
          close (fd);
          ref = reference_ms (tree, path);
          g_unlink (path);
          if (ref > 0)
            g_print ("  reference: get_maintainer.pl x2 (b4 To+Cc) %.0f ms; "
                     "engine + update is %.0fx faster\n",
                     ref, ref / total[runs / 2]);
        }
    }
  pcc_fixer_free (fixer);
  return 0;
}
