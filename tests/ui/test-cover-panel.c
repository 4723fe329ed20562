/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-cover-panel.c - the cover-letter panel as a plain GTK widget.
 *
 * Run under Xvfb (tests/ui/ui-xvfb.sh).  A three-patch series is made with
 * real git in a kernel-shaped tree; the panel is driven the way a user
 * would (typing into the form, picking templates, moving the Assisted-by
 * trailer) and the preview, the form and the series are checked after
 * each step.  With PCC_SCREENSHOT=FILE the panel is also saved as a PNG.
 */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "pcc-attribution.h"
#include "pcc-cover-panel.h"
#include "pcc-review.h"
#include "pcc-series.h"
#include "pcc-test-git.h"
#include "pcc-tool-trailers.h"

static const char maintainers[]
    = "FOO ETHERNET DRIVER\n"
      "M:\tAda Lovelace <ada@example.org>\n"
      "R:\tGrace Hopper <grace@example.org>\n"
      "L:\tnetdev@vger.kernel.org\n"
      "S:\tMaintained\n"
      "F:\tdrivers/net/ethernet/foo/\n"
      "\n"
      "NETWORKING DRIVERS\n"
      "M:\tAlan Turing <alan@example.org>\n"
      "M:\tEdsger Dijkstra <edsger@example.org>\n"
      "L:\tnetdev@vger.kernel.org\n"
      "S:\tOdd Fixes\n"
      "F:\tdrivers/net/\n"
      "\n"
      "DOCUMENTATION\n"
      "M:\tDonald Knuth <don@example.org>\n"
      "L:\tlinux-doc@vger.kernel.org\n"
      "S:\tMaintained\n"
      "F:\tDocumentation/\n"
      "\n"
      "THE REST\n"
      "M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
      "L:\tlinux-kernel@vger.kernel.org\n"
      "S:\tBuried alive in reporters\n"
      "F:\t*\n"
      "F:\t*/\n";

typedef struct
{
  PccTestRepo *repo;
  char *base;
  char *outdir;
  char *history;
  char *tpl_dir;
  PccSeries *series;
  PccTree *tree;
  PccEngine *engine;
  PccPlan *plan;
} Fixture;

static char *
lines (const char *prefix, guint n)
{
  GString *s = g_string_new (NULL);
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "%s %u;\n", prefix, i);
  return g_string_free (s, FALSE);
}

static void
set_up (Fixture *f, gconstpointer data)
{
  f->repo = pcc_test_repo_new ();
  if (!f->repo)
    return;
  PccTestRepo *r = f->repo;
  pcc_test_write_kernel_top (r);
  g_autofree char *main_c = lines ("int foo_main", 40);
  g_autofree char *doc = lines ("foo doc line", 10);
  pcc_test_write (r, "MAINTAINERS", maintainers, -1);
  pcc_test_write (r, "drivers/net/ethernet/foo/foo_main.c", main_c, -1);
  pcc_test_write (r, "drivers/net/ethernet/foo/foo.h", "#define FOO 1\n", -1);
  pcc_test_write (r, "Documentation/networking/foo.rst", doc, -1);
  f->base = pcc_test_commit (r, "Test Maintainer <tm@example.org>", "base");
  const char *base = f->base;

  GString *m = g_string_new (main_c);
  g_string_replace (m, "int foo_main 7;\n",
                    "int foo_main 7;\n"
                    "int foo_timeout_ms = 500;\n",
                    1);
  pcc_test_write (r, "drivers/net/ethernet/foo/foo_main.c", m->str, -1);
  g_free (pcc_test_commit (
      r, "Dev One <one@example.org>",
      "net: foo: make the reset timeout a variable\n\nSo it can be tuned.\n\n"
      "Signed-off-by: Dev One <one@example.org>\n"));
  g_string_replace (m, "int foo_main 20;\n",
                    "int foo_main 20;\n"
                    "/* wait for the PHY */\nint foo_phy_wait;\n",
                    1);
  pcc_test_write (r, "drivers/net/ethernet/foo/foo_main.c", m->str, -1);
  pcc_test_write (r, "drivers/net/ethernet/foo/foo.h",
                  "#define FOO 1\n#define FOO_PHY_WAIT 2\n", -1);
  g_free (pcc_test_commit (
      r, "Dev One <one@example.org>",
      "net: foo: wait for the PHY before the reset\n\nWhy.\n\n"
      "Assisted-by: Claude:claude-opus-4 coccinelle\n"
      "Signed-off-by: Dev One <one@example.org>\n"));
  g_string_free (m, TRUE);
  g_autofree char *doc2 = g_strconcat (doc,
                                       "\nThe reset timeout is "
                                       "foo_timeout_ms.\n",
                                       NULL);
  pcc_test_write (r, "Documentation/networking/foo.rst", doc2, -1);
  g_free (pcc_test_commit (r, "Dev Two <two@example.org>",
                           "Documentation: foo: describe the reset timeout\n\n"
                           "Signed-off-by: Dev Two <two@example.org>\n"));

  f->outdir = g_build_filename (r->root, "out", NULL);
  g_autofree char *range = g_strdup_printf ("%s..HEAD", base);
  g_autofree char *basearg = g_strdup_printf ("--base=%s", base);
  const char *argv[]
      = { "format-patch", "-q", "--cover-letter", basearg, "-o", f->outdir,
          range,          NULL };
  g_free (pcc_test_git (r, argv));

  f->history = g_build_filename (r->root, "history.ini", NULL);
  g_file_set_contents (f->history,
                       "[history]\n"
                       "testing.what=kselftest net/foo;boot test;\n"
                       "testing.where=QEMU x86_64 (KVM);Raspberry Pi 4;\n"
                       "tool.name=sparse;smatch;\n",
                       -1, NULL);
  f->tpl_dir = g_build_filename (r->root, "templates", NULL);
  g_mkdir (f->tpl_dir, 0700);

  g_autoptr (GError) error = NULL;
  f->series = pcc_series_new_from_dir (f->outdir, &error);
  g_assert_no_error (error);
  f->tree = pcc_tree_open_dir (r->work, &error);
  f->engine = pcc_engine_new (f->tree, NULL, TRUE, &error);
  g_assert_no_error (error);
  PccPlanOptions po;
  pcc_plan_options_init (&po);
  f->plan
      = pcc_series_plan_new (f->series, f->engine, &po, NULL, NULL, &error);
  g_assert_no_error (error);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  pcc_plan_free (f->plan);
  pcc_engine_free (f->engine);
  pcc_tree_free (f->tree);
  pcc_series_free (f->series);
  pcc_test_repo_free (f->repo);
  g_free (f->base);
  g_free (f->outdir);
  g_free (f->history);
  g_free (f->tpl_dir);
}

static void
pump (void)
{
  for (int i = 0; i < 50 && gtk_events_pending (); i++)
    gtk_main_iteration_do (FALSE);
}

static char *
preview_text (PccCoverPanel *p)
{
  GtkTextBuffer *b
      = gtk_text_view_get_buffer (pcc_cover_panel_get_preview (p));
  GtkTextIter s, e;
  gtk_text_buffer_get_bounds (b, &s, &e);
  return gtk_text_buffer_get_text (b, &s, &e, FALSE);
}

static void
type_into (PccCoverPanel *p, PccProvenanceKind kind, guint row,
           const char *const *vals)
{
  for (guint f = 0; vals[f]; f++)
    gtk_entry_set_text (pcc_cover_panel_get_entry (p, kind, row, f), vals[f]);
}

static gboolean
model_has (GtkEntry *e, const char *value)
{
  GtkEntryCompletion *c = gtk_entry_get_completion (e);
  if (!c)
    return FALSE;
  GtkTreeModel *m = gtk_entry_completion_get_model (c);
  GtkTreeIter it;
  for (gboolean ok = gtk_tree_model_get_iter_first (m, &it); ok;
       ok = gtk_tree_model_iter_next (m, &it))
    {
      g_autofree char *v = NULL;
      gtk_tree_model_get (m, &it, 0, &v, -1);
      if (g_strcmp0 (v, value) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
save_screenshot (GtkWidget *window, const char *path)
{
  pump ();
  gtk_widget_queue_draw (window);
  pump ();
  GdkPixbuf *pb
      = gtk_offscreen_window_get_pixbuf (GTK_OFFSCREEN_WINDOW (window));
  g_assert_nonnull (pb);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_mkdir_with_parents (dir, 0755);
  g_assert_true (gdk_pixbuf_save (pb, path, "png", &error, NULL));
  g_assert_no_error (error);
  /* Not a blank image: some pixels differ from the first one. */
  const guchar *px = gdk_pixbuf_read_pixels (pb);
  int stride = gdk_pixbuf_get_rowstride (pb);
  int n = gdk_pixbuf_get_n_channels (pb);
  guint differ = 0;
  for (int y = 0; y < gdk_pixbuf_get_height (pb); y += 7)
    for (int x = 0; x < gdk_pixbuf_get_width (pb); x += 7)
      differ += memcmp (px, px + y * stride + x * n, 3) != 0;
  g_assert_cmpuint (differ, >, 1000);
  g_object_unref (pb);
}

static void
test_panel (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  GtkWidget *window = gtk_offscreen_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1440, 940);
  GtkWidget *w = pcc_cover_panel_new (
      f->series, f->plan, pcc_tree_describe (f->tree), f->tpl_dir, f->history);
  gtk_widget_set_size_request (w, 1440, 940);
  PccCoverPanel *p = PCC_COVER_PANEL (w);
  gtk_container_add (GTK_CONTAINER (window), w);
  gtk_widget_show_all (window);
  pump ();

  /* The series' summary, and the Assisted-by trailer reported. */
  g_autofree char *t0 = preview_text (p);
  if (g_getenv ("PCC_DEBUG"))
    g_printerr ("%s\n", t0);
  g_assert_true (g_str_has_prefix (t0, "Subject: [PATCH 0/3] "
                                       "*** SUBJECT HERE ***\n"));
  g_assert_nonnull (strstr (t0, "Dev One (2):\n  net: foo: make the reset "
                                "timeout a variable\n"));
  /* The diffstat is git's. */
  g_autofree char *stat = pcc_test_gitf (f->repo,
                                         "diff --stat=72 --summary "
                                         "%s..HEAD",
                                         f->base);
  g_assert_nonnull (strstr (t0, stat));
  g_assert_cmpuint (pcc_cover_panel_get_n_tool_trailers (p), ==, 1);
  g_assert_null (strstr (t0, "How this series was made"));

  /* The bar says what the tree asks, and claims nothing without it. */
  const char *bar = pcc_cover_panel_get_trailer_text (p);
  g_assert_nonnull (bar);
  g_assert_null (strstr (bar, "no longer"));
  g_assert_nonnull (strstr (bar, "not known here"));
  g_autoptr (PccAttribution) a73 = pcc_attribution_new_from_text (
      "Attribution\n===========\n\n  Assisted-by: LLM [TOOL1] [TOOL2]\n",
      TRUE);
  pcc_cover_panel_set_attribution (p, a73);
  bar = pcc_cover_panel_get_trailer_text (p);
  g_assert_nonnull (strstr (bar, "coding-assistants.rst asks for an "
                                 "Assisted-by: trailer in each commit "
                                 "(“Assisted-by: LLM [TOOL1] [TOOL2]”)"));
  g_assert_nonnull (strstr (bar, "not in a release yet"));
  /* The test tree has no coding-assistants.rst. */
  g_autoptr (GError) aerr = NULL;
  g_autoptr (PccAttribution) here = pcc_attribution_read (f->tree, &aerr);
  g_assert_no_error (aerr);
  pcc_cover_panel_set_attribution (p, here);
  bar = pcc_cover_panel_get_trailer_text (p);
  g_assert_nonnull (strstr (bar,
                            "This tree has no "
                            "Documentation/process/coding-assistants.rst"));
  /* Nothing is moved without the user's click. */
  g_assert_cmpuint (pcc_cover_panel_get_n_tool_trailers (p), ==, 1);
  g_assert_null (pcc_cover_panel_get_text (p, PCC_PROV_TESTING, 0));

  /* Typing: the preview follows. */
  pcc_cover_panel_set_title (p, "net: foo: a tunable reset timeout");
  pcc_cover_panel_set_blurb (p, "The foo NIC sometimes needs longer than "
                                "500 ms to come out of reset when its PHY is "
                                "slow.  This series makes the timeout a "
                                "variable, waits for the PHY first, and "
                                "documents the knob.");
  pcc_cover_panel_add_row (p, PCC_PROV_TOOL);
  const char *tool[]
      = { "sparse", "0.6.4", "every patch, no new warnings", NULL };
  type_into (p, PCC_PROV_TOOL, 0, tool);
  gtk_text_buffer_set_text (
      gtk_text_view_get_buffer (
          pcc_cover_panel_get_text (p, PCC_PROV_TOOL, 0)),
      "make C=2 drivers/net/ethernet/foo/\nmake C=2 W=1 "
      "drivers/net/ethernet/foo/",
      -1);
  pcc_cover_panel_add_row (p, PCC_PROV_TESTING);
  const char *t1[] = { "kselftest net/foo", "QEMU x86_64 (KVM)", NULL };
  type_into (p, PCC_PROV_TESTING, 0, t1);
  pcc_cover_panel_add_row (p, PCC_PROV_TESTING);
  const char *t2[] = { "reset loop, 2000 iterations",
                       "Raspberry Pi 4 with a foo USB NIC", NULL };
  type_into (p, PCC_PROV_TESTING, 1, t2);
  gtk_text_buffer_set_text (
      gtk_text_view_get_buffer (pcc_cover_panel_get_notes (p)),
      "Patch 3 only touches documentation.", -1);
  pcc_cover_panel_update (p);
  g_autofree char *t1s = preview_text (p);
  g_assert_true (g_str_has_prefix (t1s, "Subject: [PATCH 0/3] net: foo: a "
                                        "tunable reset timeout\n"));
  g_assert_nonnull (strstr (t1s, "Tools:\n- sparse 0.6.4: every patch, no "
                                 "new warnings\n"));
  g_assert_nonnull (strstr (t1s,
                            "new warnings\n"
                            "  Input:\n"
                            "    make C=2 drivers/net/ethernet/foo/\n"
                            "    make C=2 W=1 drivers/net/ethernet/foo/\n"));
  g_assert_nonnull (strstr (t1s, "Notes:\nPatch 3 only touches "
                                 "documentation.\n"));
  /* The blurb typed as one line is wrapped at 72 columns. */
  g_assert_nonnull (strstr (t1s, "\n\nThe foo NIC sometimes needs longer "
                                 "than 500 ms to come out of reset when\n"
                                 "its PHY is slow.  This series"));
  g_assert_nonnull (strstr (t1s, "- reset loop, 2000 iterations\n"
                                 "  On: Raspberry Pi 4 with a foo USB NIC\n"));

  /* History: earlier values are offered. */
  GtkEntry *what = pcc_cover_panel_get_entry (p, PCC_PROV_TESTING, 0, 0);
  g_assert_true (model_has (what, "boot test"));
  g_assert_true (model_has (pcc_cover_panel_get_entry (p, PCC_PROV_TOOL, 0, 0),
                            "smatch"));

  /* Move the Assisted-by trailer into the form. */
  g_autoptr (GError) error = NULL;
  g_assert_true (pcc_cover_panel_move_tool_trailers (p, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_cover_panel_get_n_tool_trailers (p), ==, 0);
  g_assert_cmpstr (gtk_entry_get_text (pcc_cover_panel_get_entry (
                       p, PCC_PROV_ASSISTANCE, 0, 0)),
                   ==, "Claude:claude-opus-4");
  g_assert_null (
      strstr (pcc_patch_get_data (pcc_series_get_patch (f->series, 1), NULL),
              "Assisted-by"));
  /* The form kept what was typed, and gained the tool from the trailer. */
  g_assert_cmpstr (
      gtk_entry_get_text (pcc_cover_panel_get_entry (p, PCC_PROV_TOOL, 0, 0)),
      ==, "sparse");
  g_assert_cmpstr (
      gtk_entry_get_text (pcc_cover_panel_get_entry (p, PCC_PROV_TOOL, 1, 0)),
      ==, "coccinelle");
  const char *rev[] = { NULL, NULL,
                        "read line by line; the PHY wait was "
                        "rewritten by hand",
                        NULL };
  gtk_entry_set_text (pcc_cover_panel_get_entry (p, PCC_PROV_ASSISTANCE, 0, 2),
                      rev[2]);
  /* The input typed before the move is still there; prompts go to the
   * assistance entry the trailer became. */
  g_autofree char *input = NULL;
  {
    GtkTextBuffer *ib = gtk_text_view_get_buffer (
        pcc_cover_panel_get_text (p, PCC_PROV_TOOL, 0));
    GtkTextIter s, e;
    gtk_text_buffer_get_bounds (ib, &s, &e);
    input = gtk_text_buffer_get_text (ib, &s, &e, FALSE);
  }
  g_assert_true (g_str_has_prefix (input, "make C=2 drivers"));
  gtk_text_buffer_set_text (
      gtk_text_view_get_buffer (
          pcc_cover_panel_get_text (p, PCC_PROV_ASSISTANCE, 0)),
      "Make the reset timeout a module parameter.", -1);
  pcc_cover_panel_update (p);
  g_autofree char *t2s = preview_text (p);
  g_assert_nonnull (strstr (t2s, "LLM and agent assistance:\n"
                                 "- Claude:claude-opus-4\n"));
  g_assert_nonnull (strstr (t2s, "- Claude:claude-opus-4\n"
                                 "  Prompts: Make the reset timeout a module "
                                 "parameter.\n"));
  g_assert_nonnull (strstr (t2s, "  Reviewed: read line by line; the PHY "
                                 "wait was rewritten by hand\n"));

  /* The recipients tab is the review view over the series' plan. */
  GtkWidget *review = pcc_cover_panel_get_review (p);
  g_assert_true (PCC_IS_REVIEW_VIEW (review));
  g_assert_true (pcc_review_view_get_plan (PCC_REVIEW_VIEW (review))
                 == f->plan);
  g_auto (GStrv) to = pcc_plan_get_final (f->plan, PCC_FIELD_TO);
  g_autofree char *tos = g_strjoinv ("|", to);
  g_assert_nonnull (strstr (tos, "Ada Lovelace <ada@example.org>"));
  g_assert_nonnull (strstr (tos, "Donald Knuth <don@example.org>"));

  /* The screenshot. */
  const char *shot = g_getenv ("PCC_SCREENSHOT");
  if (shot && *shot)
    save_screenshot (window, shot);

  /* Another template. */
  g_assert_true (pcc_cover_panel_set_template (p, "plain"));
  pcc_cover_panel_update (p);
  g_autofree char *t3 = preview_text (p);
  g_assert_null (strstr (t3, "How this series was made"));
  g_assert_nonnull (strstr (t3, "base-commit: "));

  /* A broken user template: its error, no preview. */
  g_autofree char *broken = g_build_filename (f->tpl_dir, "broken.tpl", NULL);
  g_file_set_contents (broken, "# Broken\n${cover}\n${shortlgo}\n", -1, NULL);
  GtkWidget *w2
      = pcc_cover_panel_new (f->series, NULL, NULL, f->tpl_dir, NULL);
  g_object_ref_sink (w2);
  g_assert_true (
      pcc_cover_panel_set_template (PCC_COVER_PANEL (w2), "broken"));
  g_assert_null (pcc_cover_panel_update (PCC_COVER_PANEL (w2)));
  const char *err = pcc_cover_panel_get_error (PCC_COVER_PANEL (w2));
  g_assert_nonnull (err);
  g_autofree char *where = g_strdup_printf ("%s:3:1: unknown token "
                                            "“${shortlgo}”; did you mean "
                                            "“${shortlog}”?",
                                            broken);
  g_assert_nonnull (strstr (err, where));
  g_autofree char *t4 = preview_text (PCC_COVER_PANEL (w2));
  g_assert_cmpstr (t4, ==, "");
  g_object_unref (w2);

  /* Saving the history remembers the new values. */
  g_assert_true (pcc_cover_panel_save_history (p, &error));
  g_autofree char *hist = NULL;
  g_file_get_contents (f->history, &hist, NULL, NULL);
  g_assert_nonnull (strstr (hist, "Raspberry Pi 4 with a foo USB NIC"));
  g_assert_nonnull (strstr (hist, "Claude:claude-opus-4"));

  gtk_widget_destroy (window);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_setenv ("HOME", g_get_tmp_dir (), TRUE);
  g_test_add ("/ui/cover-panel", Fixture, NULL, set_up, test_panel, tear_down);
  return g_test_run ();
}
