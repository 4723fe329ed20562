/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-review.c - the review dialog and the settings form as plain GTK
 * widgets (no Claws), on real plans of corpus patches; run under Xvfb by
 * tests/ui/ui-xvfb.sh.
 *
 *   ui-review [GTest options] --corpus DIR
 *   ui-review --corpus DIR --screenshot FILE [--patch NNNN]
 *
 * The kernel tree is $PATCHCC_TREE or pcc_tree_default_path(); the
 * tests that need it are skipped without one.  --screenshot shows the
 * dialog on a real patch and saves `import -window root` cropped to it.
 */
#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <gdk/gdkx.h>

#include "pcc-email.h"
#include "pcc-fixer.h"
#include "pcc-patch.h"
#include "pcc-review.h"
#include "pcc-settings.h"

static char *corpus;
/* Patches by role (tests/corpus/roles.py): LKML dropped, a new file, many
 * addresses, an ordinary one; the team corpus' ids unless --ids. */
static char *role_ids[4] = { "0141", "0126", "0115", "0052" };
static char *tree;
static gboolean have_xdotool;

#define TYPED_TO     "Wrong Person <wrong@example.org>"
#define TYPED_FRIEND "Reviewer Friend <friend@example.com>"
#define LKML         "linux-kernel@vger.kernel.org"

/* --- helpers ------------------------------------------------------------ */

static void
pump (void)
{
  while (gtk_events_pending ())
    gtk_main_iteration ();
}

static gboolean
quit_loop (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static void
wait_ms (guint ms)
{
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  g_timeout_add (ms, quit_loop, loop);
  g_main_loop_run (loop);
  g_main_loop_unref (loop);
  pump ();
}

static char **
read_lines (const char *pid, const char *ext)
{
  g_autofree char *path
      = g_strdup_printf ("%s/expected/%s.%s", corpus, pid, ext);
  g_autofree char *text = NULL;
  GPtrArray *out = g_ptr_array_new ();
  char **lines;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (*lines[i])
      g_ptr_array_add (out, g_strdup (lines[i]));
  g_strfreev (lines);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

static char *
key_of (const char *formatted)
{
  g_autofree char *name = NULL;
  g_autofree char *addr = NULL;

  pcc_email_parse (formatted, &name, &addr);
  return pcc_email_key (addr);
}

static gboolean
strv_has_key (char **v, const char *key)
{
  for (guint i = 0; v && v[i]; i++)
    {
      g_autofree char *k = key_of (v[i]);
      if (strcmp (k, key) == 0)
        return TRUE;
    }
  return FALSE;
}

static PccFixer *fixer;

/* The plan for corpus patch @pid with the usual wrong recipients typed. */
static PccPlan *
plan_for (const char *pid, PccPatch **patch_out)
{
  g_autofree char *path = g_strdup_printf ("%s/patches/%s.patch", corpus, pid);
  g_autoptr (GError) error = NULL;
  PccFixerConfig cfg;
  PccPatch *patch;
  PccPlan *plan;
  const char *to[] = { TYPED_TO, NULL };
  const char *cc[] = { LKML, TYPED_FRIEND, NULL };

  patch = pcc_patch_new_from_file (path, 0, &error);
  g_assert_no_error (error);
  pcc_fixer_config_init (&cfg);
  cfg.tree_path = tree;
  plan = pcc_fixer_plan (fixer, &cfg, &patch, 1, to, cc, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  *patch_out = patch;
  return plan;
}

static gboolean
need_tree (void)
{
  if (tree == NULL)
    {
      g_test_skip ("no kernel tree ($PATCHCC_TREE, kernel/prepare-tree.sh)");
      return FALSE;
    }
  if (corpus == NULL)
    {
      g_test_skip ("no corpus (--corpus DIR)");
      return FALSE;
    }
  return TRUE;
}

/* --- toolkit-free pieces ------------------------------------------------ */

static void
test_subject (void)
{
  g_assert_true (pcc_fixer_subject_is_patch ("[PATCH] x: y"));
  g_assert_true (pcc_fixer_subject_is_patch ("[PATCH v2 3/7] x: y"));
  g_assert_true (pcc_fixer_subject_is_patch ("[RFC PATCH net-next] x"));
  g_assert_true (pcc_fixer_subject_is_patch ("[RFC][PATCH] x"));
  g_assert_true (pcc_fixer_subject_is_patch ("[PATCH RFC 0/3] x"));
  g_assert_true (pcc_fixer_subject_is_patch ("[net-next] [patch] x"));
  g_assert_false (pcc_fixer_subject_is_patch ("Re: [PATCH] x"));
  g_assert_false (pcc_fixer_subject_is_patch ("Lunch?"));
  g_assert_false (pcc_fixer_subject_is_patch ("[PATCHES wanted] x"));
  g_assert_false (pcc_fixer_subject_is_patch (NULL));
}

static void
test_options (void)
{
  PccOnSend o;
  PccSplit s;
  PccRestRule r;

  g_assert_true (pcc_on_send_from_string ("REWRITE", &o));
  g_assert_cmpint (o, ==, PCC_ON_SEND_REWRITE);
  g_assert_false (pcc_on_send_from_string ("always", &o));
  g_assert_true (pcc_split_from_string ("all-cc", &s));
  g_assert_cmpstr (pcc_split_to_string (s), ==, "cc");
  g_assert_true (pcc_rest_rule_from_string ("public", &r));
  g_assert_cmpstr (pcc_rest_rule_to_string (r), ==, "public");
}

static void
test_header_address (void)
{
  static const char *const cases[][2] = {
    { "\"Rafał Miłecki\" <zajec5@gmail.com>",
      "Rafał Miłecki <zajec5@gmail.com>" },
    { "\"David S. Miller\" <davem@davemloft.net>",
      "\"David S. Miller\" <davem@davemloft.net>" },
    { "\"Müller, Hans\" <h@example.org>", "\"Müller, Hans\" <h@example.org>" },
    { "Jakub Kicinski <kuba@kernel.org>", "Jakub Kicinski <kuba@kernel.org>" },
    { "netdev@vger.kernel.org", "netdev@vger.kernel.org" },
    { "\"\" <x@example.org>", "\"\" <x@example.org>" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = pcc_fixer_header_address (cases[i][0]);
      g_assert_cmpstr (got, ==, cases[i][1]);
    }
}

static void
test_detect (void)
{
  static const char diff[] = "Fix it.\n\n---\n drivers/net/x.c | 1 +\n\n"
                             "diff --git a/drivers/net/x.c b/drivers/net/x.c\n"
                             "--- a/drivers/net/x.c\n+++ b/drivers/net/x.c\n"
                             "@@ -1 +1,2 @@\n a\n+b\n";
  static const char cover[]
      = "Hi,\n\nthree fixes.\n\nA (3):\n  x\n\n"
        " drivers/net/x.c           | 1 +\n"
        " net/core/dev.c            | 4 ++--\n"
        " .../very/long/path/cut.c  | 2 +-\n"
        " 3 files changed, 4 insertions(+), 3 deletions(-)\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p = NULL;
  g_autoptr (PccPatch) q = NULL;
  g_autoptr (PccPatch) ds = NULL;
  const GPtrArray *files;

  /* A diff without [PATCH] is a patch; a plain mail is not. */
  p = pcc_fixer_parse_mail ("fix x", diff, -1, &error);
  g_assert_no_error (error);
  g_assert_true (pcc_fixer_is_patch_mail ("fix x", &p, 1));
  q = pcc_fixer_parse_mail ("Lunch?", "Noon?\n", -1, &error);
  g_assert_no_error (error);
  g_assert_false (pcc_fixer_is_patch_mail ("Lunch?", &q, 1));
  g_clear_pointer (&q, pcc_patch_free);

  /* A cover letter: its diffstat names the series' files. */
  q = pcc_fixer_parse_mail ("[PATCH 0/3] net: fixes", cover, -1, &error);
  g_assert_no_error (error);
  g_assert_true (pcc_fixer_is_patch_mail ("[PATCH 0/3] net: fixes", &q, 1));
  g_assert_true (pcc_patch_is_cover_letter (q));
  ds = pcc_fixer_patch_from_diffstat (q);
  g_assert_nonnull (ds);
  files = pcc_patch_get_gm_files (ds);
  g_assert_cmpuint (files->len, ==, 2);
  g_assert_cmpstr (files->pdata[0], ==, "drivers/net/x.c");
  g_assert_cmpstr (files->pdata[1], ==, "net/core/dev.c");
}

static void
test_engine_cache (void)
{
  g_autoptr (GError) error = NULL;
  PccEngine *a, *b;

  if (!need_tree ())
    return;
  a = pcc_fixer_get_engine (fixer, tree, NULL, &error);
  g_assert_no_error (error);
  b = pcc_fixer_get_engine (fixer, tree, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (a == b);
  g_assert_null (
      pcc_fixer_get_engine (fixer, "/nonexistent/linux", NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "/nonexistent/linux"));
}

/* --- the review widget --------------------------------------------------- */

typedef struct
{
  guint n_changes;
  guint n_rows; /* change rows */
  guint n_groups;
} Counts;

static gboolean
count_row (GtkTreeModel *model, GtkTreePath *path, GtkTreeIter *iter,
           gpointer data)
{
  Counts *c = data;
  gint idx;

  gtk_tree_model_get (model, iter, PCC_REVIEW_COL_CHANGE, &idx, -1);
  if (idx < 0)
    c->n_groups++;
  else
    c->n_rows++;
  return FALSE;
}

static void
check_row (PccReviewView *view, guint i)
{
  PccPlan *plan = pcc_review_view_get_plan (view);
  const PccChange *c = pcc_plan_get_change (plan, i);
  GtkTreeModel *model
      = gtk_tree_view_get_model (pcc_review_view_get_tree_view (view));
  g_autoptr (GtkTreePath) path = pcc_review_view_get_path (view, i);
  GtkTreeIter iter;
  g_autofree char *address = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *action = NULL;
  gboolean enabled, togglable, strike;
  gint idx;

  g_assert_nonnull (path);
  g_assert_true (gtk_tree_model_get_iter (model, &iter, path));
  gtk_tree_model_get (
      model, &iter, PCC_REVIEW_COL_CHANGE, &idx, PCC_REVIEW_COL_ADDRESS,
      &address, PCC_REVIEW_COL_REASON, &reason, PCC_REVIEW_COL_ACTION, &action,
      PCC_REVIEW_COL_ENABLED, &enabled, PCC_REVIEW_COL_TOGGLABLE, &togglable,
      PCC_REVIEW_COL_STRIKE, &strike, -1);
  g_assert_cmpint (idx, ==, (gint) i);
  g_assert_cmpstr (address, ==, c->address);
  /* The reason is the plan's, on one line. */
  g_assert_nonnull (reason);
  g_assert_null (strchr (reason, '\t'));
  g_assert_cmpuint (strlen (reason), >, 0);
  g_assert_cmpint (togglable, ==, c->kind != PCC_CHANGE_KEEP);
  if (c->kind == PCC_CHANGE_KEEP)
    {
      g_assert_true (enabled);
      g_assert_nonnull (strstr (action, "keep"));
    }
  else
    g_assert_cmpint (enabled, ==, c->enabled);
  if (c->kind == PCC_CHANGE_ADD)
    g_assert_nonnull (strstr (action, "add"));
  if (c->kind == PCC_CHANGE_DROP)
    g_assert_nonnull (strstr (action, "drop"));
  g_assert_cmpint (strike, ==,
                   (c->kind == PCC_CHANGE_ADD && !c->enabled)
                       || (c->kind == PCC_CHANGE_DROP && c->enabled));
}

static void
toggle_by_signal (PccReviewView *view, guint i)
{
  g_autoptr (GtkTreePath) path = pcc_review_view_get_path (view, i);
  g_autofree char *ps = gtk_tree_path_to_string (path);

  g_signal_emit_by_name (pcc_review_view_get_toggle (view), "toggled", ps);
}

/* A real pointer click (XTest, through xdotool) on the checkbox of
 * change @i. */
static void
toggle_by_click (GtkWidget *dialog, PccReviewView *view, guint i)
{
  GtkTreeView *tv = pcc_review_view_get_tree_view (view);
  g_autoptr (GtkTreePath) path = pcc_review_view_get_path (view, i);
  g_autoptr (GError) error = NULL;
  g_autofree char *xid = NULL;
  g_autofree char *xs = NULL;
  g_autofree char *ys = NULL;
  GdkRectangle cell;
  gint wx, wy, tx, ty, status = 0;

  gtk_tree_view_scroll_to_cell (tv, path, NULL, FALSE, 0, 0);
  wait_ms (30);
  gtk_tree_view_get_cell_area (tv, path, gtk_tree_view_get_column (tv, 0),
                               &cell);
  gtk_tree_view_convert_bin_window_to_widget_coords (
      tv, cell.x + cell.width / 2, cell.y + cell.height / 2, &wx, &wy);
  g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (tv), dialog, wx,
                                                   wy, &tx, &ty));
  xid = g_strdup_printf (
      "%lu", (gulong) gdk_x11_window_get_xid (gtk_widget_get_window (dialog)));
  xs = g_strdup_printf ("%d", tx);
  ys = g_strdup_printf ("%d", ty);
  {
    const char *argv[] = { "xdotool", "mousemove", "--window", xid, xs,
                           ys,        "click",     "1",        NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL,
                                 G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                                 &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  /* Let the X server deliver the click and GTK handle it. */
  for (int k = 0; k < 40 && !gtk_events_pending (); k++)
    g_usleep (5000);
  wait_ms (60);
}

static gint
find_change (PccPlan *plan, PccChangeKind kind, PccField field)
{
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      if (c->kind == kind && c->field == field)
        return (gint) i;
    }
  return -1;
}

static void
test_review (gconstpointer data)
{
  const char *pid = data;
  g_autoptr (PccPatch) patch = NULL;
  g_autoptr (PccPlan) plan = NULL;
  g_auto (GStrv) exp_to = NULL;
  g_auto (GStrv) exp_cc = NULL;
  GtkWidget *dialog;
  PccReviewView *view;
  Counts counts = { 0 };
  guint n, changed = 0, want_changed = 2;
  gint add_to, add_cc, drop;
  gboolean lkml_computed;

  if (!need_tree ())
    return;
  plan = plan_for (pid, &patch);
  exp_to = read_lines (pid, "to");
  exp_cc = read_lines (pid, "cc");
  lkml_computed = strv_has_key (exp_to, LKML) || strv_has_key (exp_cc, LKML);

  dialog = pcc_review_dialog_new (NULL, plan, pcc_patch_get_subject (patch),
                                  tree);
  view = pcc_review_dialog_get_view (GTK_DIALOG (dialog));
  g_assert_nonnull (view);
  g_signal_connect_swapped (view, "changed", G_CALLBACK (g_atomic_int_inc),
                            &changed);
  gtk_widget_show (dialog);
  wait_ms (100);

  /* One row per change, under its group. */
  n = pcc_plan_get_n_changes (plan);
  gtk_tree_model_foreach (
      gtk_tree_view_get_model (pcc_review_view_get_tree_view (view)),
      count_row, &counts);
  g_assert_cmpuint (counts.n_rows, ==, n);
  g_assert_cmpuint (counts.n_groups, >=, 2);
  for (guint i = 0; i < n; i++)
    check_row (view, i);

  /* Before any click: the b4 split of get_maintainer.pl's output plus
   * what was typed, LKML gone when the rule drops it. */
  {
    g_auto (GStrv) to = pcc_plan_get_final (plan, PCC_FIELD_TO);
    g_auto (GStrv) cc = pcc_plan_get_final (plan, PCC_FIELD_CC);

    g_assert_cmpstr (to[0], ==, TYPED_TO);
    for (guint i = 0; exp_to[i]; i++)
      {
        g_autofree char *k = key_of (exp_to[i]);
        g_assert_true (strv_has_key (to, k));
      }
    for (guint i = 0; exp_cc[i]; i++)
      {
        g_autofree char *k = key_of (exp_cc[i]);
        g_assert_true (strv_has_key (to, k) || strv_has_key (cc, k));
      }
    g_assert_cmpint (strv_has_key (cc, LKML), ==, lkml_computed);
    g_assert_true (strv_has_key (cc, "friend@example.com"));
  }

  /* The LKML row says why. */
  drop = find_change (plan, PCC_CHANGE_DROP, PCC_FIELD_CC);
  if (!lkml_computed)
    {
      const PccChange *c;

      g_assert_cmpint (drop, >=, 0);
      c = pcc_plan_get_change (plan, drop);
      g_assert_cmpstr (c->email, ==, LKML);
      g_assert_nonnull (strstr (c->reason, "THE REST"));
    }

  /* Untick an addition (a signal, as a click emits it): gone from the
   * final To; tick it again: back. */
  add_to = find_change (plan, PCC_CHANGE_ADD, PCC_FIELD_TO);
  g_assert_cmpint (add_to, >=, 0);
  {
    const PccChange *c = pcc_plan_get_change (plan, add_to);
    g_autofree char *k = pcc_email_key (c->email);
    g_auto (GStrv) before = pcc_plan_get_final (plan, PCC_FIELD_TO);
    g_auto (GStrv) after = NULL;
    g_auto (GStrv) again = NULL;

    toggle_by_signal (view, add_to);
    g_assert_false (c->enabled);
    check_row (view, add_to);
    after = pcc_plan_get_final (plan, PCC_FIELD_TO);
    g_assert_true (strv_has_key (before, k));
    g_assert_false (strv_has_key (after, k));
    g_assert_cmpuint (g_strv_length (after), ==, g_strv_length (before) - 1);
    g_assert_nonnull (
        strstr (pcc_review_view_get_summary (view), "1 unticked"));
    toggle_by_signal (view, add_to);
    g_assert_true (c->enabled);
    again = pcc_plan_get_final (plan, PCC_FIELD_TO);
    g_assert_true (g_strv_equal ((const char *const *) again,
                                 (const char *const *) before));
  }

  /* A real click on a Cc addition. */
  add_cc = find_change (plan, PCC_CHANGE_ADD, PCC_FIELD_CC);
  if (add_cc >= 0 && have_xdotool)
    {
      const PccChange *c = pcc_plan_get_change (plan, add_cc);
      g_autofree char *k = pcc_email_key (c->email);
      g_auto (GStrv) cc = NULL;

      toggle_by_click (dialog, view, add_cc);
      want_changed += 2;
      g_assert_false (c->enabled);
      cc = pcc_plan_get_final (plan, PCC_FIELD_CC);
      g_assert_false (strv_has_key (cc, k));
      toggle_by_click (dialog, view, add_cc);
      g_assert_true (c->enabled);
    }

  /* Untick the drop: the typed LKML stays. */
  if (drop >= 0)
    {
      g_auto (GStrv) cc = NULL;

      if (have_xdotool)
        toggle_by_click (dialog, view, drop);
      else
        toggle_by_signal (view, drop);
      want_changed++;
      g_assert_false (pcc_plan_get_change (plan, drop)->enabled);
      cc = pcc_plan_get_final (plan, PCC_FIELD_CC);
      g_assert_true (strv_has_key (cc, LKML));
      check_row (view, drop);
    }

  /* Typed addresses cannot be unticked. */
  {
    gint keep = find_change (plan, PCC_CHANGE_KEEP, PCC_FIELD_TO);
    g_auto (GStrv) to = NULL;

    g_assert_cmpint (keep, >=, 0);
    toggle_by_signal (view, keep);
    to = pcc_plan_get_final (plan, PCC_FIELD_TO);
    g_assert_cmpstr (to[0], ==, TYPED_TO);
  }
  /* The kept row refused the toggle: no signal for it. */
  g_assert_cmpuint (changed, ==, want_changed);

  gtk_widget_destroy (dialog);
  pump ();
}

/* Apply and Cancel answer with the right responses; Return applies. */
static gint response;

static void
on_response (GtkDialog *d, gint r, gpointer data)
{
  response = r;
}

/* A 7.x tree (its Makefile says 7.3) written here: the people and list
 * of a section that is not Maintained show its status next to their role,
 * as --substatus reports it; a Maintained section's do not. */
static void
test_review_status (void)
{
  static const char maintainers[]
      = "ODD DRIVER\n"
        "M:\tOdette Odd <odette@example.org>\n"
        "L:\todd@example.org\n"
        "S:\tOdd Fixes\n"
        "F:\tdrivers/odd/\n"
        "\n"
        "FINE DRIVER\n"
        "M:\tFiona Fine <fiona@example.org>\n"
        "L:\tfine@example.org\n"
        "S:\tMaintained\n"
        "F:\tdrivers/fine/\n";
  static const char text[]
      = "From: Sam Sender <sam@example.org>\n"
        "Subject: [PATCH] odd, fine: fix\n\n"
        "Fix.\n---\n"
        "diff --git a/drivers/odd/o.c b/drivers/odd/o.c\n"
        "--- a/drivers/odd/o.c\n+++ b/drivers/odd/o.c\n@@ -1 +1 @@\n-a\n+b\n"
        "diff --git a/drivers/fine/f.c b/drivers/fine/f.c\n"
        "--- a/drivers/fine/f.c\n+++ b/drivers/fine/f.c\n@@ -1 +1 @@\n-a\n+b\n";
  static const char *const want[][2] = {
    { "Odette Odd <odette@example.org>", "maintainer (Odd Fixes)" },
    { "odd@example.org", "open list (Odd Fixes)" },
    { "Fiona Fine <fiona@example.org>", "maintainer" },
    { "fine@example.org", "open list" },
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pcc-review-status-XXXXXX", NULL);
  g_autofree char *m = g_build_filename (dir, "MAINTAINERS", NULL);
  g_autofree char *mk = g_build_filename (dir, "Makefile", NULL);
  const char *none[] = { NULL };
  PccFixerConfig cfg;

  g_assert_true (g_file_set_contents (m, maintainers, -1, NULL));
  g_assert_true (
      g_file_set_contents (mk, "VERSION = 7\nPATCHLEVEL = 3\n", -1, NULL));
  PccPatch *patch
      = pcc_patch_new_from_data ("status", text, strlen (text), 0, &error);
  g_assert_no_error (error);
  pcc_fixer_config_init (&cfg);
  cfg.tree_path = dir;
  g_autoptr (PccPlan) plan = pcc_fixer_plan (fixer, &cfg, &patch, 1, none,
                                             none, NULL, NULL, &error);
  g_assert_no_error (error);
  GtkWidget *view = pcc_review_view_new (plan, "status", dir);
  g_object_ref_sink (view);
  GtkTreeModel *model = gtk_tree_view_get_model (
      pcc_review_view_get_tree_view (PCC_REVIEW_VIEW (view)));

  for (guint w = 0; w < G_N_ELEMENTS (want); w++)
    {
      gboolean found = FALSE;
      for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
        {
          const PccChange *c = pcc_plan_get_change (plan, i);
          if (strcmp (c->address, want[w][0]) != 0)
            continue;
          g_autoptr (GtkTreePath) path
              = pcc_review_view_get_path (PCC_REVIEW_VIEW (view), i);
          GtkTreeIter iter;
          g_autofree char *role = NULL;
          g_assert_true (gtk_tree_model_get_iter (model, &iter, path));
          gtk_tree_model_get (model, &iter, PCC_REVIEW_COL_ROLE, &role, -1);
          g_assert_cmpstr (role, ==, want[w][1]);
          found = TRUE;
        }
      g_assert_true (found);
    }

  /* A row added to the plan afterwards (a person on the previous version
   * of the series) is shown once the view is reloaded, ticked, with its
   * reason, and can be unticked. */
  guint extra = pcc_plan_add_extra (plan, PCC_FIELD_CC, "Old <old@example.org>",
                                    "old@example.org", "from v1: on v1's Cc");
  g_assert_cmpuint (extra, !=, G_MAXUINT);
  g_assert_null (pcc_review_view_get_path (PCC_REVIEW_VIEW (view), extra));
  pcc_review_view_reload (PCC_REVIEW_VIEW (view));
  {
    g_autoptr (GtkTreePath) path
        = pcc_review_view_get_path (PCC_REVIEW_VIEW (view), extra);
    GtkTreeIter iter;
    g_autofree char *reason = NULL;
    gboolean enabled = FALSE, togglable = FALSE;

    g_assert_nonnull (path);
    g_assert_true (gtk_tree_model_get_iter (model, &iter, path));
    gtk_tree_model_get (model, &iter, PCC_REVIEW_COL_REASON, &reason,
                        PCC_REVIEW_COL_ENABLED, &enabled,
                        PCC_REVIEW_COL_TOGGLABLE, &togglable, -1);
    g_assert_cmpstr (reason, ==, "from v1: on v1's Cc");
    g_assert_true (enabled);
    g_assert_true (togglable);
    pcc_review_view_set_enabled (PCC_REVIEW_VIEW (view), extra, FALSE);
    g_assert_false (pcc_plan_get_change (plan, extra)->enabled);
  }
  gtk_widget_destroy (view);
  g_object_unref (view);
  pcc_patch_free (patch);
  g_assert_cmpint (g_unlink (m), ==, 0);
  g_assert_cmpint (g_unlink (mk), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_dialog_default (void)
{
  g_autoptr (PccPatch) patch = NULL;
  g_autoptr (PccPlan) plan = NULL;
  GtkWidget *dialog, *apply;

  if (!need_tree ())
    return;
  plan = plan_for (role_ids[3], &patch);
  dialog = pcc_review_dialog_new (NULL, plan, "x", NULL);
  g_signal_connect (dialog, "response", G_CALLBACK (on_response), NULL);
  gtk_widget_show (dialog);
  wait_ms (50);
  apply = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                              GTK_RESPONSE_APPLY);
  g_assert_true (gtk_widget_has_default (apply));
  response = 0;
  g_assert_true (gtk_window_activate_default (GTK_WINDOW (dialog)));
  /* A button activated from the keyboard clicks after a short press. */
  for (int k = 0; k < 50 && response == 0; k++)
    wait_ms (20);
  g_assert_cmpint (response, ==, GTK_RESPONSE_APPLY);
  gtk_widget_destroy (dialog);
}

/* --- the settings form --------------------------------------------------- */

static void
test_settings (void)
{
  PccSettings in, out;
  GtkWidget *w;

  pcc_settings_init (&in);
  g_free (in.tree_path);
  in.tree_path = g_strdup ("/nonexistent/linux");
  in.on_send = PCC_ON_SEND_REWRITE;
  in.split = PCC_SPLIT_ALL_CC;
  in.drop_lkml_for_new_files = TRUE;
  in.rest_rule = PCC_REST_PUBLIC;
  g_free (in.previous_folders);
  in.previous_folders = g_strdup ("#mh/Mailbox/inbox, #mh/Mailbox/lkml");
  w = pcc_settings_widget_new (&in);
  g_object_ref_sink (w);
  /* A broken tree is reported at once, naming the path. */
  g_assert_nonnull (
      strstr (pcc_settings_widget_get_tree_status (PCC_SETTINGS_WIDGET (w)),
              "/nonexistent/linux"));
  pcc_settings_init (&out);
  pcc_settings_widget_get (PCC_SETTINGS_WIDGET (w), &out);
  g_assert_cmpstr (out.tree_path, ==, in.tree_path);
  g_assert_cmpint (out.on_send, ==, PCC_ON_SEND_REWRITE);
  g_assert_cmpint (out.split, ==, PCC_SPLIT_ALL_CC);
  g_assert_true (out.drop_lkml_for_new_files);
  g_assert_cmpint (out.rest_rule, ==, PCC_REST_PUBLIC);
  g_assert_cmpstr (out.previous_folders, ==, in.previous_folders);
  gtk_widget_destroy (w);
  g_object_unref (w);
  pcc_settings_clear (&out);

  if (tree != NULL)
    {
      g_free (in.tree_path);
      in.tree_path = g_strdup (tree);
      w = pcc_settings_widget_new (&in);
      g_object_ref_sink (w);
      g_assert_true (g_str_has_prefix (
          pcc_settings_widget_get_tree_status (PCC_SETTINGS_WIDGET (w)),
          "OK"));
      gtk_widget_destroy (w);
      g_object_unref (w);
    }
  pcc_settings_clear (&in);
}

/* The wrapping notice: shown only while Claws wraps; the button asks
 * first, and only a confirmed "Turn wrapping off" reaches the host
 * (Cancel and Escape change nothing). */
static GtkWidget *
wrapping_dialog (void)
{
  GtkWidget *found = NULL;
  GList *tops = gtk_window_list_toplevels ();

  for (GList *l = tops; l; l = l->next)
    if (GTK_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (tops);
  return found;
}

static void
count_signal (PccSettingsWidget *w, gpointer data)
{
  (*(int *) data)++;
}

static void
press_in (GtkWidget *dialog, guint keyval, GdkModifierType mods)
{
  GdkEvent *ev = gdk_event_new (GDK_KEY_PRESS);
  GdkKeymapKey *keys = NULL;
  gint n = 0;

  ev->key.window = g_object_ref (gtk_widget_get_window (dialog));
  ev->key.keyval = keyval;
  ev->key.state = mods;
  ev->key.time = GDK_CURRENT_TIME;
  if (gdk_keymap_get_entries_for_keyval (
          gdk_keymap_get_for_display (gdk_display_get_default ()), keyval,
          &keys, &n)
      && n > 0)
    ev->key.hardware_keycode = keys[0].keycode;
  g_free (keys);
  gdk_event_set_device (
      ev, gdk_seat_get_keyboard (
              gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_main_do_event (ev);
  gdk_event_free (ev);
  pump ();
}

/* Where on the page the part holding @child is: 0 first, -1 last. */
static int
page_position (GtkWidget *page, GtkWidget *child)
{
  GtkWidget *part = child;
  g_autoptr (GList) parts = NULL;
  int i;

  while (part != NULL && gtk_widget_get_parent (part) != page)
    part = gtk_widget_get_parent (part);
  g_assert_nonnull (part);
  parts = gtk_container_get_children (GTK_CONTAINER (page));
  i = g_list_index (parts, part);
  return i == (int) g_list_length (parts) - 1 ? -1 : i;
}

static void
test_settings_wrapping (void)
{
  GtkWidget *win = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  GtkWidget *w = pcc_settings_widget_new (NULL);
  PccSettingsWidget *sw = PCC_SETTINGS_WIDGET (w);
  GtkWidget *button, *dialog;
  int fired = 0;

  gtk_container_add (GTK_CONTAINER (win), w);
  g_signal_connect (w, "wrapping-off", G_CALLBACK (count_signal), &fired);
  gtk_widget_show (win);
  pump ();
  button = pcc_settings_widget_get_wrapping_button (sw);
  /* A host that never says (no wrapping preference) shows nothing. */
  g_assert_false (gtk_widget_is_visible (button));

  pcc_settings_widget_set_wrapping (sw, TRUE, TRUE);
  pump ();
  g_assert_true (gtk_widget_is_visible (button));
  g_assert_nonnull (strstr (pcc_settings_widget_get_wrapping_text (sw),
                            "no longer applies"));
  /* Seen first, without scrolling. */
  g_assert_cmpint (page_position (w, button), ==, 0);

  /* Cancel: nothing. */
  gtk_button_clicked (GTK_BUTTON (button));
  pump ();
  dialog = wrapping_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog))
                 == GTK_WINDOW (win));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  pump ();
  g_assert_null (wrapping_dialog ());
  g_assert_cmpint (fired, ==, 0);

  /* Escape: nothing either (the default button is Cancel). */
  gtk_button_clicked (GTK_BUTTON (button));
  pump ();
  dialog = wrapping_dialog ();
  g_assert_nonnull (dialog);
  press_in (dialog, GDK_KEY_Escape, 0);
  for (int k = 0; k < 50 && wrapping_dialog () != NULL; k++)
    wait_ms (20);
  g_assert_null (wrapping_dialog ());
  g_assert_cmpint (fired, ==, 0);
  gtk_button_clicked (GTK_BUTTON (button));
  pump ();
  dialog = wrapping_dialog ();
  press_in (dialog, GDK_KEY_Return, 0);
  for (int k = 0; k < 50 && wrapping_dialog () != NULL; k++)
    wait_ms (20);
  g_assert_null (wrapping_dialog ());
  g_assert_cmpint (fired, ==, 0);

  /* Confirmed: the host is told, once; it turns wrapping off and says
   * so, and the button goes. */
  gtk_button_clicked (GTK_BUTTON (button));
  pump ();
  dialog = wrapping_dialog ();
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  pump ();
  g_assert_null (wrapping_dialog ());
  g_assert_cmpint (fired, ==, 1);
  pcc_settings_widget_set_wrapping (sw, FALSE, FALSE);
  pump ();
  g_assert_false (gtk_widget_is_visible (button));
  g_assert_nonnull (
      strstr (pcc_settings_widget_get_wrapping_text (sw), "is off"));
  g_assert_cmpint (page_position (w, button), ==, -1);

  /* Wrapping of pastes alone still counts. */
  pcc_settings_widget_set_wrapping (sw, FALSE, TRUE);
  pump ();
  g_assert_true (gtk_widget_is_visible (button));
  g_assert_cmpint (page_position (w, button), ==, 0);
  gtk_widget_destroy (win);
}

/* --- the screenshot ------------------------------------------------------ */

static int
screenshot (const char *file, const char *pid)
{
  g_autoptr (PccPatch) patch = NULL;
  g_autoptr (PccPlan) plan = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *crop = NULL;
  g_autofree char *tree_desc = NULL;
  GtkWidget *dialog;
  GtkAllocation a;
  int status = 0;

  if (tree == NULL || corpus == NULL)
    {
      g_printerr ("screenshot: no tree or corpus\n");
      return 77;
    }
  plan = plan_for (pid, &patch);
  /* One change unticked, to show what that looks like. */
  {
    gint i = find_change (plan, PCC_CHANGE_ADD, PCC_FIELD_CC);
    if (i >= 0 && g_strcmp0 (g_getenv ("PCC_SCREENSHOT_UNTICK"), "1") == 0)
      pcc_plan_set_enabled (plan, i, FALSE);
  }
  tree_desc = g_strdup (g_getenv ("PCC_SCREENSHOT_TREE_DESC")
                            ? g_getenv ("PCC_SCREENSHOT_TREE_DESC")
                            : tree);
  dialog = pcc_review_dialog_new (NULL, plan, pcc_patch_get_subject (patch),
                                  tree_desc);
  gtk_window_move (GTK_WINDOW (dialog), 0, 0);
  gtk_widget_show (dialog);
  wait_ms (600);
  gtk_widget_get_allocation (dialog, &a);
  crop = g_strdup_printf ("%dx%d+0+0", a.width, a.height);
  {
    const char *argv[] = { "import", "-window", "root", "-crop",
                           crop,     "+repage", file,   NULL };
    if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL,
                       NULL, NULL, NULL, &status, &error))
      {
        g_printerr ("import: %s\n", error->message);
        return 1;
      }
  }
  gtk_widget_destroy (dialog);
  g_print ("%s: %dx%d, patch %s\n", file, a.width, a.height, pid);
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}

int
main (int argc, char **argv)
{
  g_autofree char *shot = NULL;
  g_autofree char *shot_patch = NULL;
  g_autofree char *ids = NULL;
  g_auto (GStrv) idv = NULL;
  GOptionEntry entries[]
      = { { "corpus", 0, 0, G_OPTION_ARG_FILENAME, &corpus, "corpus folder",
            "DIR" },
          { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, &shot,
            "save a screenshot of the review dialog", "FILE" },
          { "patch", 0, 0, G_OPTION_ARG_STRING, &shot_patch,
            "corpus patch for the screenshot (0141)", "NNNN" },
          { "ids", 0, 0, G_OPTION_ARG_STRING, &ids,
            "patches by role: LKML-DROPPED,NEW-FILE,MANY,ORDINARY", "IDS" },
          { NULL } };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  const char *env;
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_ignore_unknown_options (ctx, TRUE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (corpus == NULL && (env = g_getenv ("PATCHCC_CORPUS")) != NULL)
    corpus = g_strdup (env);
  if (ids != NULL)
    {
      idv = g_strsplit (ids, ",", -1);
      if (g_strv_length (idv) != G_N_ELEMENTS (role_ids))
        {
          g_printerr ("--ids: four ids, comma-separated\n");
          return 2;
        }
      for (guint i = 0; i < G_N_ELEMENTS (role_ids); i++)
        role_ids[i] = idv[i];
    }
  tree = pcc_tree_default_path ();
  {
    g_autofree char *x = g_find_program_in_path ("xdotool");
    have_xdotool = x != NULL;
  }
  if (!gtk_init_check (&argc, &argv))
    {
      g_printerr ("no display: run under tests/ui/ui-xvfb.sh\n");
      return 77;
    }
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE,
                NULL);
  fixer = pcc_fixer_new ();

  if (shot != NULL)
    {
      ret = screenshot (shot, shot_patch ? shot_patch : role_ids[0]);
      pcc_fixer_free (fixer);
      return ret;
    }

  g_test_add_func ("/ui/fixer/subject", test_subject);
  g_test_add_func ("/ui/fixer/options", test_options);
  g_test_add_func ("/ui/fixer/detect", test_detect);
  g_test_add_func ("/ui/fixer/header-address", test_header_address);
  g_test_add_func ("/ui/fixer/engine-cache", test_engine_cache);
  g_test_add_data_func ("/ui/review/lkml-dropped", role_ids[0], test_review);
  g_test_add_data_func ("/ui/review/new-file", role_ids[1], test_review);
  g_test_add_data_func ("/ui/review/many", role_ids[2], test_review);
  g_test_add_func ("/ui/review/default-apply", test_dialog_default);
  g_test_add_func ("/ui/review/section-status", test_review_status);
  g_test_add_func ("/ui/settings", test_settings);
  g_test_add_func ("/ui/settings/wrapping", test_settings_wrapping);
  ret = g_test_run ();
  pcc_fixer_free (fixer);
  g_free (tree);
  return ret;
}
