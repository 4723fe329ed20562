/* test-plan.c - typed To/Cc against computed ones. */
#include <string.h>
#include <glib/gstdio.h>
#include "pcc-plan.h"

static const char *MAINT
    = "NET DRIVER\n"
      "M:\tNed Net <ned@x.org>\n"
      "R:\tRita Review <rita@x.org>\n"
      "L:\tnetdev@x.org\n"
      "S:\tMaintained\n"
      "F:\tdrivers/net/\n"
      "\n"
      "THE REST\n"
      "M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
      "L:\tlinux-kernel@vger.kernel.org\n"
      "S:\tBuried alive in reporters\n"
      "F:\t*\n"
      "F:\t*/\n";

static const char *PATCH
    = "From: d@x.org\nSubject: [PATCH] net: fix\n\nMsg.\n---\n"
      "diff --git a/drivers/net/a.c b/drivers/net/a.c\n"
      "--- a/drivers/net/a.c\n+++ b/drivers/net/a.c\n@@ -1 +1 @@\n-a\n+b\n";

static const char *NEWFILE
    = "From: d@x.org\nSubject: [PATCH] net: add\n\nMsg.\n---\n"
      "diff --git a/drivers/net/n.c b/drivers/net/n.c\nnew file mode 100644\n"
      "--- /dev/null\n+++ b/drivers/net/n.c\n@@ -0,0 +1 @@\n+b\n";

static char *dir;

static PccPlan *
plan_for (const char *text, const char *const *to, const char *const *cc,
          gboolean drop_new)
{
  g_autoptr (GError) error = NULL;
  static PccTree *tree;
  static PccEngine *engine;
  if (engine == NULL)
    {
      tree = pcc_tree_open_dir (dir, &error);
      engine = pcc_engine_new (tree, NULL, TRUE, &error);
      g_assert_no_error (error);
    }
  g_autoptr (PccPatch) p
      = pcc_patch_new_from_data ("p", text, strlen (text), 0, &error);
  g_assert_no_error (error);
  PccPlanOptions po;
  pcc_plan_options_init (&po);
  po.drop_lkml_for_new_files = drop_new;
  PccPlan *plan = pcc_plan_new (engine, &po, &p, 1, to, cc, &error);
  g_assert_no_error (error);
  return plan;
}

static gboolean
in (char **list, const char *s)
{
  for (char **p = list; *p; p++)
    if (strcmp (*p, s) == 0)
      return TRUE;
  return FALSE;
}

static void
test_split_and_typed (void)
{
  const char *to[] = { "Wrong Person <wrong@y.org>", NULL };
  const char *cc[] = { "linux-kernel@vger.kernel.org, extra@y.org", NULL };
  g_autoptr (PccPlan) plan = plan_for (PATCH, to, cc, FALSE);
  g_assert_true (pcc_plan_has_changes (plan));
  g_auto (GStrv) fto = pcc_plan_get_final (plan, PCC_FIELD_TO);
  g_auto (GStrv) fcc = pcc_plan_get_final (plan, PCC_FIELD_CC);
  /* b4 split: maintainers and reviewers in To, lists in Cc */
  g_assert_true (in (fto, "Ned Net <ned@x.org>"));
  g_assert_true (in (fto, "Rita Review <rita@x.org>"));
  g_assert_true (in (fcc, "netdev@x.org"));
  /* typed addresses are kept */
  g_assert_true (in (fto, "Wrong Person <wrong@y.org>"));
  g_assert_true (in (fcc, "extra@y.org"));
  /* except LKML, which THE REST's fallback rule drops here */
  g_assert_false (in (fcc, "linux-kernel@vger.kernel.org"));
  gboolean saw_drop = FALSE;
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      if (c->kind == PCC_CHANGE_DROP)
        {
          saw_drop = TRUE;
          g_assert_nonnull (strstr (c->reason, "fallback"));
        }
      if (c->kind == PCC_CHANGE_KEEP && strcmp (c->email, "extra@y.org") == 0)
        g_assert_cmpstr (c->reason, ==, "kept: typed by you");
    }
  g_assert_true (saw_drop);
}

static void
test_untick (void)
{
  g_autoptr (PccPlan) plan = plan_for (PATCH, NULL, NULL, FALSE);
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      if (strcmp (c->email, "rita@x.org") == 0)
        g_assert_true (pcc_plan_set_enabled (plan, i, FALSE));
      if (c->kind == PCC_CHANGE_KEEP)
        g_assert_false (pcc_plan_set_enabled (plan, i, FALSE));
    }
  g_auto (GStrv) fto = pcc_plan_get_final (plan, PCC_FIELD_TO);
  g_assert_false (in (fto, "Rita Review <rita@x.org>"));
  g_assert_true (in (fto, "Ned Net <ned@x.org>"));
}

static void
test_new_file (void)
{
  g_autoptr (PccPlan) keep = plan_for (NEWFILE, NULL, NULL, FALSE);
  g_auto (GStrv) k = pcc_plan_get_final (keep, PCC_FIELD_CC);
  g_assert_true (in (k, "linux-kernel@vger.kernel.org"));
  g_autoptr (PccPlan) drop = plan_for (NEWFILE, NULL, NULL, TRUE);
  g_auto (GStrv) d = pcc_plan_get_final (drop, PCC_FIELD_CC);
  g_assert_false (in (d, "linux-kernel@vger.kernel.org"));
}

static void
test_bad_typed (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (dir, NULL);
  g_autoptr (PccEngine) engine = pcc_engine_new (tree, NULL, TRUE, NULL);
  g_autoptr (PccPatch) p
      = pcc_patch_new_from_data ("p", PATCH, strlen (PATCH), 0, NULL);
  PccPlanOptions po;
  pcc_plan_options_init (&po);
  const char *to[] = { "a@b.c\r\nBcc: evil@x.org", NULL };
  PccPlan *plan = pcc_plan_new (engine, &po, &p, 1, to, NULL, &error);
  g_assert_null (plan);
  g_assert_nonnull (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("pcc-plan-XXXXXX", NULL);
  g_autofree char *mf = g_build_filename (dir, "MAINTAINERS", NULL);
  g_file_set_contents (mf, MAINT, -1, NULL);
  g_test_add_func ("/plan/split-and-typed", test_split_and_typed);
  g_test_add_func ("/plan/untick", test_untick);
  g_test_add_func ("/plan/new-file", test_new_file);
  g_test_add_func ("/plan/bad-typed", test_bad_typed);
  int rc = g_test_run ();
  g_unlink (mf);
  g_rmdir (dir);
  return rc;
}
