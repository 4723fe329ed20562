/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-series-mail.c - the mails of a series as git send-email writes
 * them (core/cover/pcc-series-mail.h): threading headers, the in-body
 * From: as UTF-8 text, bodies byte for byte, and patch files whose
 * headers the mail parser cannot read (a first line "X Weird: 1", a
 * byte-order mark) refused with an error rather than a crash. */
#include <string.h>
#include <glib/gstdio.h>

#include "pcc-email.h"
#include "pcc-recipients.h"
#include "pcc-error.h"
#include "pcc-patch.h"
#include "pcc-series-mail.h"

static const char body[] = "The change.\n"
                           "\n"
                           "Signed-off-by: Zo\xc3\xab \xc3\x9cn\xc3\xaf"
                           "code <zoe@example.net>\n"
                           "---\n"
                           " lib/bar.c | 1 +\n"
                           " 1 file changed, 1 insertion(+)\n"
                           "\n"
                           "diff --git a/lib/bar.c b/lib/bar.c\n"
                           "--- a/lib/bar.c\n"
                           "+++ b/lib/bar.c\n"
                           "@@ -1 +1,2 @@\n"
                           " a\n"
                           "+b   \n"
                           "-- \n"
                           "2.39.5\n";

static PccPatch *
patch_of (const char *head)
{
  g_autofree char *text = g_strconcat (head, "\n", body, NULL);
  g_autoptr (GError) error = NULL;
  PccPatch *p
      = pcc_patch_new_from_data ("t.patch", text, strlen (text), 0, &error);
  g_assert_no_error (error);
  return p;
}

static PccSeriesSender *
sender (void)
{
  g_autoptr (GError) error = NULL;
  PccSeriesSender *s = pcc_series_sender_new (
      "Patch Sender", "sender@example.org", NULL, 1700000000, "stem", &error);
  g_assert_no_error (error);
  return s;
}

static char *
text_of (GBytes *b)
{
  gsize len;
  const char *d = g_bytes_get_data (b, &len);
  return g_strndup (d, len);
}

static void
test_other_author (void)
{
  g_autoptr (PccSeriesSender) s = sender ();
  g_autoptr (PccPatch) p = patch_of (
      "From 1234 Mon Sep 17 00:00:00 2001\n"
      "From: =?UTF-8?q?Zo=C3=AB=20=C3=9Cn=C3=AFcode?= <zoe@example.net>\n"
      "Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
      "Subject: [PATCH 1/2] bar: more\n"
      "MIME-Version: 1.0\n"
      "Content-Type: text/plain; charset=UTF-8\n"
      "Content-Transfer-Encoding: 8bit\n");
  g_autoptr (GError) error = NULL;
  char *to[] = { "Bar Maintainer <bar@example.org>", NULL };
  char *cc[] = { "list@example.org", NULL };
  g_autofree char *cover_id = pcc_series_sender_message_id (s, 0);
  g_autoptr (GBytes) m
      = pcc_series_mail_patch (s, p, "t.patch", 1, cover_id, to, cc, &error);
  g_autofree char *t = NULL;
  g_autofree char *want_body = NULL;

  g_assert_no_error (error);
  t = text_of (m);
  g_assert_cmpstr (cover_id, ==, "<stem-0-patchcc@example.org>");
  g_assert_true (g_str_has_prefix (t,
                                   "From: Patch Sender <sender@example.org>\n"
                                   "To: Bar Maintainer <bar@example.org>\n"
                                   "Cc: list@example.org\n"
                                   "Date: "));
  g_assert_nonnull (strstr (t, "\nMessage-Id: <stem-1-patchcc@example.org>\n"
                               "In-Reply-To: <stem-0-patchcc@example.org>\n"
                               "References: <stem-0-patchcc@example.org>\n"));
  g_assert_nonnull (strstr (t, "\nSubject: [PATCH 1/2] bar: more\n"));
  g_assert_nonnull (strstr (t, "\nContent-Type: text/plain; charset=UTF-8\n"));
  /* git send-email's in-body From:, UTF-8 text, then the body as it
   * was. */
  want_body = g_strconcat ("\n\nFrom: Zo\xc3\xab \xc3\x9cn\xc3\xaf"
                           "code <zoe@example.net>\n\n",
                           body, NULL);
  g_assert_true (g_str_has_suffix (t, want_body));
  g_assert_null (strstr (t, "=?UTF-8?"));
}

static void
test_own_patch_and_utf8_header (void)
{
  g_autoptr (PccSeriesSender) s = sender ();
  /* The sender's own patch: no in-body From:. */
  g_autoptr (PccPatch) p
      = patch_of ("From: Patch Sender <sender@example.org>\n"
                  "Subject: [PATCH] bar: more\n");
  g_autoptr (GError) error = NULL;
  char *to[] = { "bar@example.org", NULL };
  g_autoptr (GBytes) m
      = pcc_series_mail_patch (s, p, "t.patch", 2, NULL, to, NULL, &error);
  g_autofree char *t = NULL;
  g_autofree char *want = g_strconcat ("\n\n", body, NULL);

  g_assert_no_error (error);
  t = text_of (m);
  g_assert_true (g_str_has_suffix (t, want));
  g_assert_null (strstr (t, "In-Reply-To"));
  g_assert_null (strstr (t, "\nCc:"));
}

static void
test_unreadable_headers (void)
{
  /* Headers the mail parser does not see: the series mail must say so,
   * not crash on a missing From:. */
  const char *heads[] = {
    "X Weird: 1\nFrom: A <a@example.org>\nSubject: [PATCH] x\n",
    "\xef\xbb\xbf"
    "From: A <a@example.org>\nSubject: [PATCH] x\n",
    "Subject: [PATCH] x\n",
  };
  g_autoptr (PccSeriesSender) s = sender ();
  guint refused = 0;

  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    {
      g_autofree char *text = g_strconcat (heads[i], "\n", body, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (PccPatch) p = pcc_patch_new_from_data (
          "weird.patch", text, strlen (text), 0, &error);
      g_autoptr (GBytes) m = NULL;
      char *to[] = { "bar@example.org", NULL };

      if (p == NULL)
        continue; /* refused earlier: fine too */
      m = pcc_series_mail_patch (s, p, "weird.patch", 1, NULL, to, NULL,
                                 &error);
      if (m != NULL)
        {
          /* Read after all: then it must carry the From: it found. */
          g_autofree char *t = text_of (m);
          g_assert_nonnull (pcc_patch_get_from (p));
          g_assert_nonnull (strstr (t, "Subject: [PATCH] x\n"));
          continue;
        }
      g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
      g_assert_nonnull (strstr (error->message, "weird.patch"));
      g_test_message ("%u refused: %s", i, error->message);
      refused++;
    }
  /* The first two hide From: from the parser; the third has none. */
  g_assert_cmpuint (refused, ==, 3);
}

static void
test_cover_and_envelope (void)
{
  g_autoptr (PccSeriesSender) s = sender ();
  g_autoptr (GError) error = NULL;
  char *to[] = { "Bar Maintainer <bar@example.org>", NULL };
  char *cc[] = { "BAR@example.org", "\"Doe, Jane\" <jane@example.org>",
                 "list@example.org", NULL };
  g_autoptr (GBytes) m
      = pcc_series_mail_cover (s, "[PATCH 0/2] bar: \xc3\xa9t\xc3\xa9",
                               "Blurb \xc3\xa9.\n", to, cc, &error);
  g_autofree char *t = NULL;
  g_auto (GStrv) env = NULL;
  g_auto (GStrv) minus = NULL;
  g_auto (GStrv) merged = NULL;
  char *bad[] = { "a@example.org\r\nBcc: x@example.org", NULL };

  g_assert_no_error (error);
  t = text_of (m);
  g_assert_nonnull (
      strstr (t, "\nMessage-Id: <stem-0-patchcc@example.org>\n"));
  g_assert_nonnull (strstr (t, "\nSubject: =?UTF-8?"));
  g_assert_nonnull (strstr (t, "charset=UTF-8\nContent-Transfer-Encoding: "
                               "8bit\n\nBlurb \xc3\xa9.\n"));

  env = pcc_series_mail_envelope (to, cc, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (env), ==, 3);
  g_assert_cmpstr (env[0], ==, "bar@example.org");
  g_assert_cmpstr (env[1], ==, "jane@example.org");
  minus = pcc_series_mail_minus (cc, to);
  g_assert_cmpuint (g_strv_length (minus), ==, 2);
  merged = pcc_series_mail_merge (to, cc);
  g_assert_cmpuint (g_strv_length (merged), ==, 3);

  g_clear_pointer (&m, g_bytes_unref);
  m = pcc_series_mail_cover (s, "x", "y\n", bad, NULL, &error);
  g_assert_null (m);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (pcc_series_sender_new ("A", "a@b\nc", NULL, 0, NULL, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
}

static void
test_date (void)
{
  g_autofree char *d = NULL;

  g_setenv ("TZ", "UTC", TRUE);
  d = pcc_series_mail_date (1700000000);
  g_assert_cmpstr (d, ==, "Tue, 14 Nov 2023 22:13:20 +0000");
}

static void
test_extra_recipients (void)
{
  static const char text[]
      = "From: Dev Two <two@example.org>\n"
        "Subject: [PATCH] foo: fix\n"
        "\n"
        "Fix it.\n"
        "\n"
        "Reported-by: Rep Orter <rep@example.org>\n"
        "Cc: stable@vger.kernel.org # 6.1\n"
        "Signed-off-by: Dev Two <two@example.org>\n"
        "Reviewed-by: Patch Sender <sender@example.org>\n"
        "Link: https://example.org/x\n"
        "Signed-off-by: Sub Maintainer <sub@example.org>\n"
        "---\n"
        "diff --git a/a.c b/a.c\n"
        "--- a/a.c\n"
        "+++ b/a.c\n"
        "@@ -1 +1 @@\n"
        "-a\n"
        "+b\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p
      = pcc_patch_new_from_data ("x", text, strlen (text), 0, &error);
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (GPtrArray) some = NULL;
  guint flags = 0;
  static const char *const want[][2] = {
    { "Dev Two <two@example.org>", "author of the patch" },
    { "Rep Orter <rep@example.org>", "Reported-by: in the commit message" },
    { "stable@vger.kernel.org", "Cc: trailer in the commit message" },
    { "Sub Maintainer <sub@example.org>",
      "Signed-off-by: in the commit message" },
  };

  g_assert_no_error (error);
  g_assert_true (pcc_suppress_cc_parse ("self", &flags, &error));
  all = pcc_series_mail_extra_recipients (p, "sender@example.org", flags);
  g_assert_cmpuint (all->len, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < all->len; i++)
    {
      PccExtraRecipient *e = all->pdata[i];
      g_assert_cmpstr (e->address, ==, want[i][0]);
      g_assert_cmpstr (e->reason, ==, want[i][1]);
    }
  /* Without "self", the sender's Reviewed-by: counts too. */
  g_clear_pointer (&all, g_ptr_array_unref);
  all = pcc_series_mail_extra_recipients (p, "sender@example.org", 0);
  g_assert_cmpuint (all->len, ==, G_N_ELEMENTS (want) + 1);

  g_assert_true (pcc_suppress_cc_parse ("author, body", &flags, &error));
  some = pcc_series_mail_extra_recipients (p, "sender@example.org", flags);
  g_assert_cmpuint (some->len, ==, 0);
  g_assert_true (pcc_suppress_cc_parse ("all", &flags, &error));
  g_assert_cmpuint (flags, ==, PCC_SUPPRESS_ALL);
  g_assert_false (pcc_suppress_cc_parse ("sob,nobody", &flags, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
}

/* An author whose encoded name holds a comma (git format-patch encodes
 * the whole name of a non-ASCII author): still one address, Cc'd as
 * git send-email's "author" class says. */
static void
test_encoded_author (void)
{
  g_autoptr (PccPatch) p
      = patch_of ("From: =?UTF-8?q?Doe=2C_J=C3=B6?= <doe@example.org>\n"
                  "Subject: [PATCH] lib: bar\n");
  g_autoptr (GPtrArray) extra
      = pcc_series_mail_extra_recipients (p, "sender@example.org", 0);
  const PccExtraRecipient *e;

  g_assert_cmpuint (extra->len, >=, 1);
  e = extra->pdata[0];
  g_assert_cmpstr (e->address, ==, "\"Doe, J\xc3\xb6\" <doe@example.org>");
  g_assert_cmpstr (e->reason, ==, "author of the patch");
  g_assert_cmpstr (pcc_patch_get_author (p), ==,
                   "\"Doe, J\xc3\xb6\" <doe@example.org>");
}

/* Each patch mail's recipients, computed before sending: what its file
 * names (To:/Cc:, encoded names decoded, an encoded comma kept in its
 * name), the cover's typed ones, git send-email's extra Cc: and the
 * maintainers; each with its reason; the typed LKML the fallback rule
 * excludes shown as not sent; and the envelope exactly what is shown as
 * sent. */
static const char maint[]
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

static const char own_patch[]
    = "From: Other Dev <other@x.org>\n"
      "To: =?UTF-8?q?Doe=2C_Jane?= <jane@x.org>\n"
      "Cc: =?UTF-8?q?J=C3=B6rg?= <joerg@x.org>,\n"
      " linux-kernel@vger.kernel.org\n"
      "Subject: [PATCH 1/2] net: fix\n"
      "\n"
      "Fix it.\n"
      "\n"
      "Cc: stable@x.org # 6.1\n"
      "Signed-off-by: Other Dev <other@x.org>\n"
      "Signed-off-by: Patch Sender <sender@example.org>\n"
      "---\n"
      "diff --git a/drivers/net/a.c b/drivers/net/a.c\n"
      "--- a/drivers/net/a.c\n"
      "+++ b/drivers/net/a.c\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n";

static const PccMailRecipient *
shown_of (const PccPatchRecipients *r, const char *email)
{
  for (guint i = 0; i < r->shown->len; i++)
    {
      const PccMailRecipient *m = r->shown->pdata[i];
      g_autoptr (GPtrArray) a = pcc_address_list_parse (m->address, NULL);
      if (a != NULL && a->len == 1
          && g_ascii_strcasecmp (((PccAddress *) a->pdata[0])->email, email)
                 == 0)
        return m;
    }
  return NULL;
}

static void
test_patch_recipients (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pcc-series-mail-XXXXXX", NULL);
  g_autofree char *mf = g_build_filename (dir, "MAINTAINERS", NULL);
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccEngine) engine = NULL;
  g_autoptr (PccPatch) p = NULL;
  g_autoptr (GPtrArray) extra = NULL;
  g_autoptr (PccPatchRecipients) r = NULL;
  g_auto (GStrv) env = NULL;
  g_autofree char *text = NULL;
  PccPlanOptions po;
  char *cover_to[] = { NULL };
  char *cover_cc[] = { "Cover Only <cover@x.org>", NULL };
  const PccMailRecipient *m;
  guint n_sent = 0;

  g_assert_true (g_file_set_contents (mf, maint, -1, NULL));
  tree = pcc_tree_open_dir (dir, &error);
  g_assert_no_error (error);
  engine = pcc_engine_new (tree, NULL, TRUE, &error);
  g_assert_no_error (error);
  p = pcc_patch_new_from_data ("0001-net-fix.patch", own_patch,
                               strlen (own_patch), 0, &error);
  g_assert_no_error (error);
  extra = pcc_series_mail_extra_recipients (p, "sender@example.org",
                                            PCC_SUPPRESS_SELF);
  pcc_plan_options_init (&po);
  r = pcc_series_mail_patch_recipients (engine, &po, p, cover_to, cover_cc,
                                        extra, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);

  /* What the file names comes first, as written (the name decoded,
   * quoted for its comma). */
  g_assert_cmpstr (r->to[0], ==, "\"Doe, Jane\" <jane@x.org>");
  m = shown_of (r, "jane@x.org");
  g_assert_true (m->sent && m->field == PCC_FIELD_TO);
  g_assert_cmpstr (m->reason, ==, "in the patch file's To:");
  m = shown_of (r, "joerg@x.org");
  g_assert_true (m->sent && m->field == PCC_FIELD_CC);
  g_assert_cmpstr (m->address, ==, "J\xc3\xb6rg <joerg@x.org>");
  g_assert_cmpstr (m->reason, ==, "in the patch file's Cc:");
  m = shown_of (r, "cover@x.org");
  g_assert_true (m->sent && m->field == PCC_FIELD_CC);
  g_assert_cmpstr (m->reason, ==, "typed on the cover letter");
  m = shown_of (r, "other@x.org");
  g_assert_true (m->sent && m->field == PCC_FIELD_CC);
  g_assert_nonnull (strstr (m->reason, "author of the patch"));
  m = shown_of (r, "stable@x.org");
  g_assert_true (m->sent);
  g_assert_cmpstr (m->reason, ==, "Cc: trailer in the commit message");
  m = shown_of (r, "ned@x.org");
  g_assert_true (m->sent && m->field == PCC_FIELD_TO);
  g_assert_cmpstr (m->reason, !=, "");
  m = shown_of (r, "netdev@x.org");
  g_assert_true (m->sent && m->field == PCC_FIELD_CC);
  /* The sender's own Signed-off-by is left out (suppress_cc=self). */
  g_assert_null (shown_of (r, "sender@example.org"));
  /* LKML, typed in the file, is excluded by the fallback rule: shown as
   * not sent, with why. */
  m = shown_of (r, "linux-kernel@vger.kernel.org");
  g_assert_nonnull (m);
  g_assert_false (m->sent);
  g_assert_cmpstr (m->reason, !=, "");

  /* The envelope is exactly what is shown as sent. */
  env = pcc_series_mail_envelope (r->to, r->cc, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < r->shown->len; i++)
    if (((PccMailRecipient *) r->shown->pdata[i])->sent)
      n_sent++;
  g_assert_cmpuint (g_strv_length (env), ==, n_sent);
  for (guint i = 0; env[i] != NULL; i++)
    {
      m = shown_of (r, env[i]);
      g_assert_nonnull (m);
      g_assert_true (m->sent);
    }
  text = pcc_patch_recipients_to_string (r);
  g_assert_nonnull (strstr (text,
                            "To: \"Doe, Jane\" <jane@x.org> \342\200\224 "
                            "in the patch file's To:\n"));
  g_assert_nonnull (strstr (text, "Not sent: linux-kernel@vger.kernel.org"));
  if (g_test_verbose ())
    g_printerr ("%s", text);

  /* What the user unticks in the cover's review goes to no patch: the
   * maintainer is shown as not sent, and is not in the envelope. */
  {
    g_autoptr (PccPlan) cover = pcc_plan_new (
        engine, &po, &p, 1, (const char *const *) cover_to,
        (const char *const *) cover_cc, &error);
    g_autoptr (PccPatchRecipients) r2 = NULL;
    g_auto (GStrv) env2 = NULL;
    guint off = 0;

    g_assert_no_error (error);
    for (guint i = 0; i < pcc_plan_get_n_changes (cover); i++)
      {
        const PccChange *c = pcc_plan_get_change (cover, i);
        if (c->kind == PCC_CHANGE_ADD && strcmp (c->email, "ned@x.org") == 0)
          {
            pcc_plan_set_enabled (cover, i, FALSE);
            off++;
          }
      }
    g_assert_cmpuint (off, ==, 1);
    r2 = pcc_series_mail_patch_recipients (engine, &po, p, cover_to,
                                           cover_cc, extra, cover, &error);
    g_assert_no_error (error);
    m = shown_of (r2, "ned@x.org");
    g_assert_nonnull (m);
    g_assert_false (m->sent);
    env2 = pcc_series_mail_envelope (r2->to, r2->cc, &error);
    g_assert_no_error (error);
    for (guint i = 0; env2[i] != NULL; i++)
      g_assert_cmpstr (env2[i], !=, "ned@x.org");
    g_assert_nonnull (shown_of (r2, "netdev@x.org"));
    g_assert_true (shown_of (r2, "netdev@x.org")->sent);
  }

  g_unlink (mf);
  g_rmdir (dir);
}

/* The patch file's own Subject: (and MIME headers) are copied as they
 * are written: a control byte there (a bare CR, ^A, ESC, DEL) must not
 * reach the mail's headers.  Refused with an error naming the file
 * (found by test-hostile-writers). */
static void
test_control_in_copied_headers (void)
{
  const char *heads[] = {
    "From: A <a@example.org>\nSubject: [PATCH] x\001y\n",
    "From: A <a@example.org>\nSubject: [PATCH] x\rBcc: e@x.org\n",
    "From: A <a@example.org>\nSubject: [PATCH] x\n \033[31mred\n",
    "From: A <a@example.org>\nSubject: [PATCH] x\177\n",
    "From: A <a@example.org>\nSubject: [PATCH] x\n"
    "Content-Type: text/plain;\r charset=UTF-8\n",
  };
  g_autoptr (PccSeriesSender) s = sender ();

  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    {
      g_autoptr (PccPatch) p = patch_of (heads[i]);
      g_autoptr (GError) error = NULL;
      char *to[] = { "bar@example.org", NULL };
      g_autoptr (GBytes) m = pcc_series_mail_patch (s, p, "ctl.patch", 1, NULL,
                                                    to, NULL, &error);

      g_assert_null (m);
      g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
      g_assert_nonnull (strstr (error->message, "ctl.patch"));
      g_assert_nonnull (strstr (error->message, "control"));
    }
  /* A folded Subject: stays as it was folded. */
  {
    g_autoptr (PccPatch) p
        = patch_of ("From: A <a@example.org>\nSubject: [PATCH] a long\n\t"
                    "subject\n");
    g_autoptr (GError) error = NULL;
    char *to[] = { "bar@example.org", NULL };
    g_autoptr (GBytes) m = pcc_series_mail_patch (s, p, "fold.patch", 1, NULL,
                                                  to, NULL, &error);
    g_autofree char *t = NULL;

    g_assert_no_error (error);
    t = text_of (m);
    g_assert_nonnull (strstr (t, "\nSubject: [PATCH] a long\n\tsubject\n"));
  }
}

/* In reply to v1's cover letter: the cover answers it, the patches the
 * cover, every References: starts with it; a hostile id is refused and
 * changes nothing; NULL gives the thread of its own back. */
static void
test_in_reply_to (void)
{
  g_autoptr (PccSeriesSender) s = sender ();
  g_autoptr (GError) error = NULL;
  char *to[] = { "Bar Maintainer <bar@example.org>", NULL };
  g_assert_false (pcc_series_sender_set_in_reply_to (s, "a b@x"));
  g_assert_false (pcc_series_sender_set_in_reply_to (s, "<a\r\nBcc: x>"));
  g_assert_false (pcc_series_sender_set_in_reply_to (s, "<>"));
  g_assert_true (pcc_series_sender_set_in_reply_to (s, "v1-0@example.org"));
  g_autoptr (GBytes) c = pcc_series_mail_cover (s, "x", "y\n", to, NULL, &error);
  g_assert_no_error (error);
  g_autofree char *ct = text_of (c);
  g_assert_nonnull (strstr (ct, "\nIn-Reply-To: <v1-0@example.org>\n"
                                "References: <v1-0@example.org>\n"));
  g_autoptr (PccPatch) p = patch_of ("From: Patch Sender <sender@example.org>\n"
                                     "Subject: [PATCH v2 1/1] bar: b\n");
  g_autofree char *cover_id = pcc_series_sender_message_id (s, 0);
  g_autoptr (GBytes) m
      = pcc_series_mail_patch (s, p, "t.patch", 1, cover_id, to, NULL, &error);
  g_assert_no_error (error);
  g_autofree char *mt = text_of (m);
  g_assert_nonnull (strstr (mt, "\nIn-Reply-To: <stem-0-patchcc@example.org>\n"
                                "References: <v1-0@example.org> "
                                "<stem-0-patchcc@example.org>\n"));
  g_assert_true (pcc_series_sender_set_in_reply_to (s, NULL));
  g_autoptr (GBytes) c2 = pcc_series_mail_cover (s, "x", "y\n", to, NULL, &error);
  g_autofree char *ct2 = text_of (c2);
  g_assert_null (strstr (ct2, "In-Reply-To"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/series-mail/other-author", test_other_author);
  g_test_add_func ("/series-mail/own-patch", test_own_patch_and_utf8_header);
  g_test_add_func ("/series-mail/unreadable-headers", test_unreadable_headers);
  g_test_add_func ("/series-mail/cover-envelope", test_cover_and_envelope);
  g_test_add_func ("/series-mail/date", test_date);
  g_test_add_func ("/series-mail/in-reply-to", test_in_reply_to);
  g_test_add_func ("/series-mail/control-in-copied-headers",
                   test_control_in_copied_headers);
  g_test_add_func ("/series-mail/extra-recipients", test_extra_recipients);
  g_test_add_func ("/series-mail/patch-recipients", test_patch_recipients);
  g_test_add_func ("/series-mail/encoded-author", test_encoded_author);
  return g_test_run ();
}
