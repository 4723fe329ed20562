/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-plan.c - typed To/Cc against computed ones. */
#include <string.h>
#include <glib/gstdio.h>
#include "pcc-email.h"
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

/* An address found outside the engine: an ADD the user can untick,
 * never twice, never one that cannot be written. */
static void
test_add_extra (void)
{
  g_autoptr (PccPlan) plan = plan_for (PATCH, NULL, NULL, FALSE);
  guint n = pcc_plan_get_n_changes (plan);
  guint i = pcc_plan_add_extra (plan, PCC_FIELD_CC, "Old Rev <old@y.org>",
                                "old@y.org", "from v1: on v1's Cc");
  g_assert_cmpuint (i, ==, n);
  const PccChange *c = pcc_plan_get_change (plan, i);
  g_assert_cmpint (c->kind, ==, PCC_CHANGE_ADD);
  g_assert_true (c->enabled);
  g_assert_false (c->typed);
  g_assert_null (c->recipient);
  g_assert_cmpstr (c->reason, ==, "from v1: on v1's Cc");
  /* already there: computed, or added before */
  g_assert_cmpuint (pcc_plan_add_extra (plan, PCC_FIELD_CC, "NED@x.org",
                                        "NED@x.org", "again"),
                    ==, G_MAXUINT);
  g_assert_cmpuint (pcc_plan_add_extra (plan, PCC_FIELD_TO, "old@Y.org",
                                        "old@Y.org", "again"),
                    ==, G_MAXUINT);
  g_assert_cmpuint (pcc_plan_add_extra (plan, PCC_FIELD_CC,
                                        "Bad\r\nBcc: <b@y.org>", "b@y.org",
                                        "x"),
                    ==, G_MAXUINT);
  g_auto (GStrv) fcc = pcc_plan_get_final (plan, PCC_FIELD_CC);
  g_assert_true (in (fcc, "Old Rev <old@y.org>"));
  g_assert_true (pcc_plan_set_enabled (plan, i, FALSE));
  g_auto (GStrv) off = pcc_plan_get_final (plan, PCC_FIELD_CC);
  g_assert_false (in (off, "Old Rev <old@y.org>"));
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

/* What the review shows is what is written: every KEEP and every enabled
 * ADD (or disabled DROP) is in the final lists, nothing else is, and no
 * final address carries a control byte. */
static void
assert_shown_is_written (PccPlan *plan)
{
  g_auto (GStrv) fto = pcc_plan_get_final (plan, PCC_FIELD_TO);
  g_auto (GStrv) fcc = pcc_plan_get_final (plan, PCC_FIELD_CC);
  guint shown = 0;
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      gboolean stays
          = c->kind == PCC_CHANGE_KEEP
            || (c->kind == PCC_CHANGE_ADD && c->enabled && !c->blocked)
            || (c->kind == PCC_CHANGE_DROP && !c->enabled);
      char **f = c->field == PCC_FIELD_TO ? fto : fcc;
      if (stays != in (f, c->address))
        g_error ("%s %s shown as %s", c->address, c->reason,
                 stays ? "staying but not written" : "going but written");
      shown += stays;
    }
  g_assert_cmpuint (g_strv_length (fto) + g_strv_length (fcc), ==, shown);
  for (char **p = fto; *p; p++)
    g_assert_false (pcc_email_has_control (*p));
  for (char **p = fcc; *p; p++)
    g_assert_false (pcc_email_has_control (*p));
}

/* A typed name whose encoded word decodes to a control byte: kept as
 * typed (the encoded word), and the review says so. */
static void
test_typed_control_name (void)
{
  const char *to[] = { "=?utf-8?q?Al=0Aice?= <alice@example.org>", NULL };
  g_autoptr (PccPlan) plan = plan_for (PATCH, to, NULL, FALSE);
  assert_shown_is_written (plan);
  g_auto (GStrv) fto = pcc_plan_get_final (plan, PCC_FIELD_TO);
  gboolean found = FALSE;
  for (char **p = fto; *p; p++)
    found = found || strstr (*p, "<alice@example.org>") != NULL;
  g_assert_true (found);
}

/* A plan of PATCH, nothing typed, against a tree of its own whose
 * MAINTAINERS is @maintainers; the tree goes with the fixture. */
typedef struct
{
  char *dir, *mfile;
  PccTree *tree;
  PccEngine *engine;
  PccPatch *patch;
  PccPlan *plan;
} PlanFixture;

static PlanFixture *
plan_fixture_new (const char *maintainers)
{
  PlanFixture *fx = g_new0 (PlanFixture, 1);
  g_autoptr (GError) error = NULL;
  PccPlanOptions po;

  fx->dir = g_dir_make_tmp ("pcc-plan-fx-XXXXXX", NULL);
  fx->mfile = g_build_filename (fx->dir, "MAINTAINERS", NULL);
  g_assert_true (g_file_set_contents (fx->mfile, maintainers, -1, NULL));
  fx->tree = pcc_tree_open_dir (fx->dir, &error);
  g_assert_no_error (error);
  fx->engine = pcc_engine_new (fx->tree, NULL, TRUE, &error);
  g_assert_no_error (error);
  fx->patch = pcc_patch_new_from_data ("p", PATCH, strlen (PATCH), 0, NULL);
  g_assert_nonnull (fx->patch);
  pcc_plan_options_init (&po);
  fx->plan = pcc_plan_new (fx->engine, &po, &fx->patch, 1, NULL, NULL, &error);
  g_assert_no_error (error);
  return fx;
}

static void
plan_fixture_free (PlanFixture *fx)
{
  pcc_plan_free (fx->plan);
  pcc_patch_free (fx->patch);
  pcc_engine_free (fx->engine);
  pcc_tree_free (fx->tree);
  g_unlink (fx->mfile);
  g_rmdir (fx->dir);
  g_free (fx->mfile);
  g_free (fx->dir);
  g_free (fx);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlanFixture, plan_fixture_free)

/* A computed address whose MAINTAINERS name has a control byte: shown
 * and added without the name, never dropped silently; one whose address
 * itself has one: shown, not added, with the reason. */
static void
test_computed_control (void)
{
  g_autoptr (PlanFixture) fx
      = plan_fixture_new ("NET DRIVER\n"
                          "M:\tBad\001Name <bad@x.org>\n"
                          "R:\tWorse <wo\001rse@x.org>\n"
                          "L:\tnetdev@x.org\n"
                          "S:\tMaintained\n"
                          "F:\tdrivers/net/\n");
  PccPlan *plan = fx->plan;
  assert_shown_is_written (plan);
  gboolean bad = FALSE, worse = FALSE;
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      if (strstr (c->address, "bad@x.org"))
        {
          bad = TRUE;
          g_assert_true (c->enabled);
          g_assert_cmpstr (c->address, ==, "bad@x.org");
          g_assert_nonnull (strstr (c->reason, "control"));
        }
      if (strstr (c->email, "rse@x.org"))
        {
          worse = TRUE;
          g_assert_false (c->enabled);
          g_assert_false (pcc_email_has_control (c->address));
          g_assert_nonnull (strstr (c->reason, "control"));
          /* it cannot be ticked: never written */
          g_assert_false (pcc_plan_set_enabled (plan, i, TRUE));
        }
    }
  g_assert_true (bad);
  g_assert_true (worse);
  g_auto (GStrv) fto = pcc_plan_get_final (plan, PCC_FIELD_TO);
  for (char **q = fto; *q; q++)
    g_assert_false (pcc_email_has_control (*q));
}

/* A computed address that does not read back as the one mailbox the
 * review shows: get_maintainer.pl's parse_email() takes
 * "<evil@x.org> Name <enc@example.org>" as the single address
 * "evil@x.org> Name <enc@example.org", which a mail client would read as
 * something else.  Shown, never written (found by
 * test-hostile-writers). */
static void
test_computed_not_one_address (void)
{
  g_autoptr (PlanFixture) fx = plan_fixture_new (
      "NET DRIVER\n"
      "M:\t<evil@x.org> =?utf-8?q?E=2C_N?= <enc@example.org>\n"
      "R:\tRita Review <rita@x.org>\n"
      "S:\tMaintained\n"
      "F:\tdrivers/net/\n");
  PccPlan *plan = fx->plan;
  assert_shown_is_written (plan);
  gboolean evil = FALSE;
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      if (strstr (c->address, "evil@x.org") != NULL)
        {
          evil = TRUE;
          g_assert_true (c->blocked);
          g_assert_false (c->enabled);
          g_assert_nonnull (strstr (c->reason, "not added"));
          g_assert_false (pcc_plan_set_enabled (plan, i, TRUE));
        }
    }
  g_assert_true (evil);
  /* What is written is what is shown, address for address. */
  for (int f = 0; f < 2; f++)
    {
      g_auto (GStrv) fin
          = pcc_plan_get_final (plan, f ? PCC_FIELD_CC : PCC_FIELD_TO);
      for (char **q = fin; *q; q++)
        {
          g_autoptr (GPtrArray) l = pcc_address_list_parse (*q, NULL);
          g_assert_nonnull (l);
          g_assert_cmpuint (l->len, ==, 1);
          g_assert_null (strstr (*q, "evil"));
        }
    }
}

/* A MAINTAINERS or .mailmap name in another charset than UTF-8 (a Latin-1
 * byte): a To/Cc row is a GTK entry's text and a header is UTF-8, so the
 * name is left out; an address that is not UTF-8 is shown, not added
 * (found by test-hostile-writers: the series refused to go, the row held
 * invalid UTF-8). */
static void
test_computed_not_utf8 (void)
{
  g_autoptr (PlanFixture) fx = plan_fixture_new ("NET DRIVER\n"
                                                 "M:\tBeh\372n <behun@x.org>\n"
                                                 "R:\tWorse <w\372rse@x.org>\n"
                                                 "S:\tMaintained\n"
                                                 "F:\tdrivers/net/\n");
  PccPlan *plan = fx->plan;
  assert_shown_is_written (plan);
  gboolean behun = FALSE, worse = FALSE;
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      g_assert_true (g_utf8_validate (c->address, -1, NULL));
      if (strstr (c->address, "behun@x.org"))
        {
          behun = TRUE;
          g_assert_cmpstr (c->address, ==, "behun@x.org");
          g_assert_true (c->enabled);
          g_assert_nonnull (strstr (c->reason, "UTF-8"));
        }
      if (strstr (c->address, "rse@x.org"))
        {
          worse = TRUE;
          g_assert_true (c->blocked);
          g_assert_nonnull (strstr (c->reason, "UTF-8"));
        }
    }
  g_assert_true (behun);
  g_assert_true (worse);
}

/* A MAINTAINERS name holding an encoded word that decodes to CR LF: mail
 * readers decode it (many inside quotes too) and show a name with a line
 * break.  The name is left out, as one with a raw control byte is. */
static void
test_computed_encoded_control (void)
{
  g_autoptr (PlanFixture) fx
      = plan_fixture_new ("NET DRIVER\n"
                          "M:\t=?utf-8?q?=0D=0ABcc:_e@x.org?= <ned@x.org>\n"
                          "S:\tMaintained\n"
                          "F:\tdrivers/net/\n");
  PccPlan *plan = fx->plan;
  assert_shown_is_written (plan);
  gboolean ned = FALSE;
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      if (strstr (c->address, "ned@x.org"))
        {
          ned = TRUE;
          g_assert_cmpstr (c->address, ==, "ned@x.org");
          g_assert_true (c->enabled);
          g_assert_nonnull (strstr (c->reason, "control"));
        }
    }
  g_assert_true (ned);
}

/* The series dialog reviews the cover letter's plan; each patch mail has
 * a plan of its own.  An address unticked in the review goes to none of
 * them (found by test-hostile-writers: it still got every patch). */
static void
test_follow_review (void)
{
  const char *cc[] = { "linux-kernel@vger.kernel.org", NULL };
  g_autoptr (PccPlan) cover = plan_for (PATCH, NULL, cc, FALSE);
  g_autoptr (PccPlan) patch = plan_for (PATCH, NULL, cc, FALSE);
  guint turned = 0;

  for (guint i = 0; i < pcc_plan_get_n_changes (cover); i++)
    {
      const PccChange *c = pcc_plan_get_change (cover, i);
      if (strcmp (c->email, "rita@x.org") == 0 || c->kind == PCC_CHANGE_DROP)
        turned += pcc_plan_set_enabled (cover, i, FALSE);
    }
  g_assert_cmpuint (turned, ==, 2);
  g_assert_cmpuint (pcc_plan_follow (patch, cover), ==, 2);
  g_assert_cmpuint (pcc_plan_follow (patch, cover), ==, 0);
  assert_shown_is_written (patch);
  g_auto (GStrv) fto = pcc_plan_get_final (patch, PCC_FIELD_TO);
  g_auto (GStrv) fcc = pcc_plan_get_final (patch, PCC_FIELD_CC);
  g_assert_false (in (fto, "Rita Review <rita@x.org>"));
  g_assert_true (in (fto, "Ned Net <ned@x.org>"));
  g_assert_true (in (fcc, "linux-kernel@vger.kernel.org"));
}

/* A hostile piece of an address or a name: CR, LF, NUL (cuts a C string
 * short, so it also ends values), commas, quotes, angle brackets, encoded
 * words of control bytes, 8-bit bytes. */
static void
hostile_piece (GRand *r, GString *s)
{
  static const char *pieces[] = { "\r",
                                  "\n",
                                  "\r\n",
                                  "\r\nBcc: evil@x.org",
                                  ",",
                                  "\"",
                                  "\\",
                                  "<",
                                  ">",
                                  "@",
                                  " ",
                                  "\t",
                                  "\001",
                                  "\177",
                                  "\xc3\xa9",
                                  "\xff",
                                  "\x80",
                                  "=?utf-8?q?Al=0Aice?=",
                                  "=?utf-8?q?=0D=0ABcc:_e@x.org?=",
                                  "=?utf-8?b?DQpCY2M6IGVAeC5vcmc=?=",
                                  "=?iso-8859-1?q?Beh=FAn?=",
                                  "(comment)",
                                  "alice",
                                  "x.org",
                                  "a@b.c",
                                  ";",
                                  ":",
                                  "undisclosed-recipients:;" };
  guint n = g_rand_int_range (r, 1, 6);
  for (guint i = 0; i < n; i++)
    g_string_append (s,
                     pieces[g_rand_int_range (r, 0, G_N_ELEMENTS (pieces))]);
}

static char *
hostile_address (GRand *r)
{
  GString *s = g_string_new (NULL);
  switch (g_rand_int_range (r, 0, 4))
    {
      case 0: /* Name <local@domain> with hostile name */
        hostile_piece (r, s);
        g_string_append (s, " <user@example.org>");
        break;
      case 1: /* "quoted, name" <hostile> */
        g_string_append (s, "\"");
        hostile_piece (r, s);
        g_string_append (s, "\" <");
        hostile_piece (r, s);
        g_string_append (s, "@example.org>");
        break;
      case 2: /* a list */
        hostile_piece (r, s);
        g_string_append (s, ", b@example.org, ");
        hostile_piece (r, s);
        break;
      default:
        hostile_piece (r, s);
        break;
    }
  return g_string_free (s, FALSE);
}

/* Property: over generated hostile typed To/Cc and computed names and
 * addresses (MAINTAINERS M:/R: lines), no final To/Cc carries a control
 * byte and what the review shows staying is exactly what is written.
 * Invalid typed values are refused as a whole (the mail left as it is). */
static void
test_hostile_property (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (13);
  g_autofree char *d = g_dir_make_tmp ("pcc-plan-prop-XXXXXX", NULL);
  g_autofree char *mf = g_build_filename (d, "MAINTAINERS", NULL);
  guint plans = 0, refused = 0, rounds = 400;
  for (guint round = 0; round < rounds; round++)
    {
      g_autofree char *m1 = hostile_address (r), *m2 = hostile_address (r);
      g_autofree char *maint = g_strdup_printf (
          "NET DRIVER\nM:\t%s\nR:\t%s\nL:\tnetdev@x.org\nS:\tMaintained\n"
          "F:\tdrivers/net/\n\nTHE REST\nL:\tlinux-kernel@vger.kernel.org\n"
          "F:\t*/\n",
          m1, m2);
      g_file_set_contents (mf, maint, -1, NULL);
      g_autoptr (PccTree) tree = pcc_tree_open_dir (d, NULL);
      g_autoptr (PccEngine) engine = pcc_engine_new (tree, NULL, TRUE, NULL);
      if (engine == NULL)
        continue;
      g_autoptr (PccPatch) p
          = pcc_patch_new_from_data ("p", PATCH, strlen (PATCH), 0, NULL);
      for (guint k = 0; k < 4; k++)
        {
          static const char *tricky[]
              = { "=?utf-8?q?Al=0Aice?= <alice@example.org>",
                  "\"Last, First\" <lf@example.org>, b@example.org",
                  "=?iso-8859-1?q?Beh=FAn?= <b@x.org>",
                  "=?utf-8?b?DQpCY2M6IGVAeC5vcmc=?= <e@x.org>",
                  "\"\\\"q\\\\\" <q@x.org>",
                  "Ned Net <ned@x.org>",
                  "linux-kernel@vger.kernel.org",
                  "" };
          char *t = k & 2 ? hostile_address (r)
                          : g_strdup (tricky[g_rand_int_range (
                              r, 0, G_N_ELEMENTS (tricky))]);
          char *c = k & 2 ? g_strdup (
                        tricky[g_rand_int_range (r, 0, G_N_ELEMENTS (tricky))])
                          : hostile_address (r);
          const char *to[] = { t, NULL }, *cc[] = { c, NULL };
          PccPlanOptions po;
          pcc_plan_options_init (&po);
          po.split = k & 1 ? PCC_SPLIT_ALL_CC : PCC_SPLIT_B4;
          g_autoptr (GError) error = NULL;
          g_autoptr (PccPlan) plan
              = pcc_plan_new (engine, &po, &p, 1, to, cc, &error);
          if (plan == NULL)
            {
              g_assert_nonnull (error);
              g_free (t);
              g_free (c);
              refused++;
              continue;
            }
          plans++;
          g_free (t);
          g_free (c);
          assert_shown_is_written (plan);
          for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
            {
              const PccChange *ch = pcc_plan_get_change (plan, i);
              if (ch->kind != PCC_CHANGE_KEEP)
                pcc_plan_set_enabled (plan, i, !ch->enabled);
            }
          assert_shown_is_written (plan);
        }
    }
  g_test_message ("%u plans, %u typed values refused", plans, refused);
  g_assert_cmpuint (plans, >, 100);
  g_assert_cmpuint (refused, >, 200);
  g_unlink (mf);
  g_rmdir (d);
}

/* An empty patch, computed twice: the keyword cache compares an empty
 * text (found by fuzz-plan: memcmp on a NULL cache under UBSan). */
static void
test_empty_twice (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (dir, NULL);
  g_autoptr (PccEngine) engine = pcc_engine_new (tree, NULL, TRUE, NULL);
  g_autoptr (PccPatch) p = pcc_patch_new_from_data ("p", "", 0, 0, &error);
  g_assert_no_error (error);
  PccPlanOptions po;
  pcc_plan_options_init (&po);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (PccPlan) plan
          = pcc_plan_new (engine, &po, &p, 1, NULL, NULL, &error);
      g_assert_no_error (error);
      assert_shown_is_written (plan);
    }
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
  g_test_add_func ("/plan/add-extra", test_add_extra);
  g_test_add_func ("/plan/bad-typed", test_bad_typed);
  g_test_add_func ("/plan/typed-control-name", test_typed_control_name);
  g_test_add_func ("/plan/computed-control", test_computed_control);
  g_test_add_func ("/plan/computed-not-one-address",
                   test_computed_not_one_address);
  g_test_add_func ("/plan/computed-not-utf8", test_computed_not_utf8);
  g_test_add_func ("/plan/computed-encoded-control",
                   test_computed_encoded_control);
  g_test_add_func ("/plan/follow-review", test_follow_review);
  g_test_add_func ("/plan/hostile-property", test_hostile_property);
  g_test_add_func ("/plan/empty-twice", test_empty_twice);
  int rc = g_test_run ();
  g_unlink (mf);
  g_rmdir (dir);
  return rc;
}
