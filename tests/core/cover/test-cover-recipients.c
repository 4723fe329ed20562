/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-cover-recipients.c - the cover letter goes to every address a
 * patch mail of the series goes to (pcc-cover-recipients.h), and a
 * signature or provenance file that is a FIFO is not waited on
 * (pcc_file_read_regular()). */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "pcc-cover.h"
#include "pcc-cover-recipients.h"
#include "pcc-engine.h"
#include "pcc-error.h"
#include "pcc-series.h"

static void
shown_free (gpointer p)
{
  PccMailRecipient *m = p;
  g_free (m->address);
  g_free (m->reason);
  g_free (m);
}

/* A patch's recipients as pcc_series_mail_patch_recipients() gives
 * them: @to and @cc "address|reason" items. */
static PccPatchRecipients *
rcpts (const char *const *to, const char *const *cc, const char *not_sent)
{
  PccPatchRecipients *r = g_new0 (PccPatchRecipients, 1);
  const char *const *lists[] = { to, cc };
  GPtrArray *strv[2] = { g_ptr_array_new (), g_ptr_array_new () };

  r->shown = g_ptr_array_new_with_free_func (shown_free);
  for (guint f = 0; f < 2; f++)
    {
      for (guint i = 0; lists[f] != NULL && lists[f][i] != NULL; i++)
        {
          g_auto (GStrv) p = g_strsplit (lists[f][i], "|", 2);
          PccMailRecipient *m = g_new0 (PccMailRecipient, 1);
          m->field = f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC;
          m->sent = TRUE;
          m->address = g_strdup (p[0]);
          m->reason = g_strdup (p[1] ? p[1] : "");
          g_ptr_array_add (r->shown, m);
          g_ptr_array_add (strv[f], g_strdup (p[0]));
        }
      g_ptr_array_add (strv[f], NULL);
    }
  r->to = (char **) g_ptr_array_free (strv[0], FALSE);
  r->cc = (char **) g_ptr_array_free (strv[1], FALSE);
  if (not_sent != NULL)
    {
      PccMailRecipient *m = g_new0 (PccMailRecipient, 1);
      m->field = PCC_FIELD_CC;
      m->address = g_strdup (not_sent);
      m->reason = g_strdup ("every file has a list of its own");
      g_ptr_array_add (r->shown, m);
    }
  return r;
}

static void
test_union (void)
{
  const char *cto[] = { "Ada <ada@example.org>|maintainer", NULL };
  const char *ccc[] = { "netdev@vger.kernel.org|list", NULL };
  const char *p1to[] = { "Ada <ada@example.org>|maintainer", NULL };
  const char *p1cc[] = { "netdev@vger.kernel.org|list",
                         "Rep <rep@example.org>|Reported-by: in the commit "
                         "message",
                         "stable@vger.kernel.org|Cc: trailer in the commit "
                         "message",
                         NULL };
  const char *p2to[]
      = { "ADA <Ada@Example.org>|maintainer",
          "Jane <jane@example.org>|in the patch file's To:", NULL };
  const char *p2cc[]
      = { "Two <two@example.org>|Signed-off-by: in the "
          "commit message",
          "rep@example.org|author of the patch",
          "linux-kernel@vger.kernel.org|in the patch file's Cc:", NULL };
  g_autoptr (PccPatchRecipients) cover
      = rcpts (cto, ccc, "linux-kernel@vger.kernel.org");
  g_autoptr (GPtrArray) patches = g_ptr_array_new_with_free_func (
      (GDestroyNotify) pcc_patch_recipients_free);
  g_ptr_array_add (patches, rcpts (p1to, p1cc, NULL));
  g_ptr_array_add (patches, rcpts (p2to, p2cc, NULL));

  g_autoptr (PccPatchRecipients) u
      = pcc_cover_recipients_union (cover, patches);
  const char *want_to[]
      = { "Ada <ada@example.org>", "Jane <jane@example.org>", NULL };
  const char *want_cc[]
      = { "netdev@vger.kernel.org",       "Rep <rep@example.org>",
          "stable@vger.kernel.org",       "Two <two@example.org>",
          "linux-kernel@vger.kernel.org", NULL };
  g_assert_true (g_strv_equal ((const char *const *) u->to, want_to));
  g_assert_true (g_strv_equal ((const char *const *) u->cc, want_cc));

  /* The review: every address once, those the patches add with where
   * they come from; LKML, dropped for the cover, is sent (a patch file
   * names it), so it is not "Not sent". */
  g_autofree char *text = pcc_patch_recipients_to_string (u);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "To: Ada <ada@example.org> \342\200\224 "
                                  "maintainer\n"));
  g_assert_nonnull (strstr (text, "To: Jane <jane@example.org> \342\200\224 "
                                  "To of 2/2 (in the patch file's To:)\n"));
  g_assert_nonnull (strstr (text, "Cc: Rep <rep@example.org> \342\200\224 "
                                  "Cc of 1/2 (Reported-by: in the commit "
                                  "message)\n"));
  g_assert_nonnull (strstr (text, "Cc: Two <two@example.org> \342\200\224 "
                                  "Cc of 2/2 (Signed-off-by: in the commit "
                                  "message)\n"));
  g_assert_nonnull (strstr (text, "Cc: linux-kernel@vger.kernel.org"));
  g_assert_null (strstr (text, "Not sent"));
  g_assert_cmpuint (u->shown->len, ==, 7);

  /* The envelope is every address any patch mail goes to. */
  g_auto (GStrv) env = pcc_series_mail_envelope (u->to, u->cc, NULL);
  for (guint p = 0; p < patches->len; p++)
    {
      PccPatchRecipients *pr = patches->pdata[p];
      g_auto (GStrv) penv = pcc_series_mail_envelope (pr->to, pr->cc, NULL);
      for (guint i = 0; penv[i] != NULL; i++)
        {
          gboolean found = FALSE;
          for (guint k = 0; env[k] != NULL; k++)
            found = found || g_ascii_strcasecmp (env[k], penv[i]) == 0;
          g_assert_true (found);
        }
    }
  g_assert_cmpuint (g_strv_length (env), ==, 7);
}

static void
test_union_not_sent (void)
{
  const char *cto[] = { "ada@example.org|maintainer", NULL };
  const char *pto[] = { "ada@example.org|maintainer", NULL };
  g_autoptr (PccPatchRecipients) cover
      = rcpts (cto, NULL, "linux-kernel@vger.kernel.org");
  g_autoptr (GPtrArray) patches = g_ptr_array_new_with_free_func (
      (GDestroyNotify) pcc_patch_recipients_free);
  g_ptr_array_add (patches, rcpts (pto, NULL, NULL));

  g_autoptr (PccPatchRecipients) u
      = pcc_cover_recipients_union (cover, patches);
  g_autofree char *text = pcc_patch_recipients_to_string (u);
  g_assert_cmpuint (g_strv_length (u->to), ==, 1);
  g_assert_cmpuint (g_strv_length (u->cc), ==, 0);
  g_assert_nonnull (strstr (text, "Not sent: linux-kernel@vger.kernel.org"));

  /* No cover plan at all: the patches' union alone. */
  g_autoptr (PccPatchRecipients) u2
      = pcc_cover_recipients_union (NULL, patches);
  g_assert_cmpstr (u2->to[0], ==, "ada@example.org");
  g_assert_null (u2->to[1]);
}

/* The whole path on a small tree: the cover's plan, each patch's
 * recipients with git send-email's extra Cc:, and the union, whose
 * envelope holds every patch mail's. */
static const char maintainers[] = "FOO DRIVER\n"
                                  "M:\tAda Lovelace <ada@example.org>\n"
                                  "L:\tfoo-list@example.org\n"
                                  "S:\tMaintained\n"
                                  "F:\tdrivers/foo/\n"
                                  "\n"
                                  "BAR DRIVER\n"
                                  "M:\tGrace Hopper <grace@example.org>\n"
                                  "L:\tbar-list@example.org\n"
                                  "S:\tMaintained\n"
                                  "F:\tdrivers/bar/\n";

static char *
patch_text (guint n, const char *file, const char *author,
            const char *trailers)
{
  return g_strdup_printf (
      "From 1234567890123456789012345678901234567890 Mon Sep 17 00:00:00 "
      "2001\n"
      "From: %s\n"
      "Subject: [PATCH %u/2] %s: change\n"
      "\n"
      "A change.\n"
      "\n"
      "%s"
      "---\n"
      " %s | 1 +\n"
      " 1 file changed, 1 insertion(+)\n"
      "\n"
      "diff --git a/%s b/%s\n"
      "--- a/%s\n"
      "+++ b/%s\n"
      "@@ -1 +1,2 @@\n"
      " x\n"
      "+y\n"
      "-- \n"
      "2.39.2\n",
      author, n, file, trailers, file, file, file, file, file);
}

static void
test_union_real (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pcc-cover-rcpts-XXXXXX", NULL);
  g_autofree char *mpath = g_build_filename (dir, "MAINTAINERS", NULL);
  g_autoptr (GError) error = NULL;
  const char *sender = "sender@example.org";

  g_assert_true (g_file_set_contents (mpath, maintainers, -1, NULL));
  g_autoptr (PccTree) tree = pcc_tree_open_dir (dir, &error);
  g_assert_no_error (error);
  g_autoptr (PccEngine) engine = pcc_engine_new (tree, NULL, TRUE, &error);
  g_assert_no_error (error);

  g_autofree char *t1 = patch_text (
      1, "drivers/foo/foo.c", "Patch Sender <sender@example.org>",
      "Reported-by: Rep Orter <rep@example.org>\n"
      "Cc: stable@vger.kernel.org # 6.1\n"
      "Signed-off-by: Patch Sender <sender@example.org>\n");
  g_autofree char *t2
      = patch_text (2, "drivers/bar/bar.c", "Dev Two <two@example.org>",
                    "Signed-off-by: Dev Two <two@example.org>\n");
  PccPatch *patches[2];
  patches[0]
      = pcc_patch_new_from_data ("0001-foo.patch", t1, strlen (t1), 0, &error);
  g_assert_no_error (error);
  patches[1]
      = pcc_patch_new_from_data ("0002-bar.patch", t2, strlen (t2), 0, &error);
  g_assert_no_error (error);
  g_autoptr (PccSeries) series
      = pcc_series_new_from_patches (patches, 2, &error);
  g_assert_no_error (error);

  PccPlanOptions popts;
  pcc_plan_options_init (&popts);
  g_autoptr (PccPlan) plan
      = pcc_series_plan_new (series, engine, &popts, NULL, NULL, &error);
  g_assert_no_error (error);

  g_autoptr (GPtrArray) rcpts = g_ptr_array_new_with_free_func (
      (GDestroyNotify) pcc_patch_recipients_free);
  for (guint i = 0; i < 2; i++)
    {
      PccPatch *p = pcc_series_get_patch (series, i);
      g_autoptr (GPtrArray) extra
          = pcc_series_mail_extra_recipients (p, sender, PCC_SUPPRESS_SELF);
      PccPatchRecipients *r = pcc_series_mail_patch_recipients (
          engine, &popts, p, NULL, NULL, extra, plan, &error);
      g_assert_no_error (error);
      g_ptr_array_add (rcpts, r);
    }

  g_autoptr (PccPatchRecipients) own = pcc_cover_recipients_from_plan (plan);
  g_autoptr (PccPatchRecipients) u = pcc_cover_recipients_union (own, rcpts);
  g_auto (GStrv) env = pcc_series_mail_envelope (u->to, u->cc, &error);
  g_assert_no_error (error);
  g_autofree char *envs = g_strjoinv (" ", env);
  g_autofree char *text = pcc_patch_recipients_to_string (u);
  g_test_message ("%s\n%s", envs, text);

  /* Every address of every patch mail, the cover's own first. */
  for (guint i = 0; i < 2; i++)
    {
      PccPatchRecipients *r = rcpts->pdata[i];
      g_auto (GStrv) penv = pcc_series_mail_envelope (r->to, r->cc, &error);
      g_assert_no_error (error);
      for (guint k = 0; penv[k] != NULL; k++)
        g_assert_true (g_strv_contains ((const char *const *) env, penv[k]));
    }
  /* The cover's own (maintainers, lists) first, then what the patches
   * add. */
  g_assert_true (g_str_has_suffix (env[0], "@example.org"));
  g_assert_cmpstr (env[4], ==, "rep@example.org");
  g_assert_true (
      g_strv_contains ((const char *const *) env, "ada@example.org"));
  g_assert_true (
      g_strv_contains ((const char *const *) env, "grace@example.org"));
  g_assert_true (
      g_strv_contains ((const char *const *) env, "rep@example.org"));
  g_assert_true (
      g_strv_contains ((const char *const *) env, "stable@vger.kernel.org"));
  g_assert_true (
      g_strv_contains ((const char *const *) env, "two@example.org"));
  g_assert_false (g_strv_contains ((const char *const *) env, sender));
  g_assert_nonnull (strstr (text, "Cc: Rep Orter <rep@example.org> "
                                  "\342\200\224 Cc of 1/2 (Reported-by: "));
  g_assert_nonnull (strstr (text, "Cc: stable@vger.kernel.org "
                                  "\342\200\224 Cc of 1/2 (Cc: trailer"));
  g_assert_nonnull (strstr (text, "Cc: Dev Two <two@example.org> "
                                  "\342\200\224 Cc of 2/2 (author"));
  /* The cover's own keep the plan's reasons. */
  g_assert_nonnull (strstr (text, "To: Ada Lovelace <ada@example.org> "
                                  "\342\200\224 "));
  g_assert_null (strstr (text, "Ada Lovelace <ada@example.org> \342\200\224 "
                               "typed"));

  g_unlink (mpath);
  g_rmdir (dir);
}

/* The cover's ${signature}: a FIFO at ~/.signature is passed over (the
 * git identity or nothing instead), not waited on: were it opened
 * blocking, this test would hang until its timeout. */
static void
test_signature_fifo (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pcc-signature-XXXXXX", NULL);
  g_autofree char *sig = g_build_filename (dir, ".signature", NULL);
  g_autofree char *old_home = g_strdup (g_getenv ("HOME"));
  char *got;

  g_assert_cmpint (mkfifo (sig, 0600), ==, 0);
  g_setenv ("HOME", dir, TRUE);
  got = pcc_cover_default_signature ();
  g_assert_true (got == NULL || strstr (got, "-- ") == NULL);
  g_free (got);
  g_unlink (sig);
  g_assert_true (g_file_set_contents (sig, "-- \nAda\n", -1, NULL));
  got = pcc_cover_default_signature ();
  g_assert_cmpstr (got, ==, "-- \nAda\n");
  g_free (got);
  g_unlink (sig);
  if (old_home != NULL)
    g_setenv ("HOME", old_home, TRUE);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cover-recipients/union", test_union);
  g_test_add_func ("/cover-recipients/not-sent", test_union_not_sent);
  g_test_add_func ("/cover-recipients/engine", test_union_real);
  g_test_add_func ("/cover-recipients/signature-fifo", test_signature_fifo);
  return g_test_run ();
}
