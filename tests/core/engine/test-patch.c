/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-patch.c - PccPatch: both views of a patch, and bad input. */
#include <string.h>
#include "pcc-error.h"
#include "pcc-patch.h"

static PccPatch *
parse (const char *text, GError **error)
{
  return pcc_patch_new_from_data ("test", text, strlen (text), 0, error);
}

static const char *MAIL
    = "From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 00:00:00 2001\n"
      "From: =?UTF-8?q?Marek=20Beh=C3=BAn?= <kabel@kernel.org>\n"
      "Date: Mon, 1 Jan 2024 00:00:00 +0000\n"
      "Subject: [PATCH v2 3/7] net: move\n"
      " things around\n"
      "To: A <a@example.org>, \"B, Jr\" <b@example.org>\n"
      "Cc: c@example.org\n"
      "\n"
      "Commit message.\n"
      "\n"
      "Fixes: 0123456789ab (\"old\")\n"
      "Assisted-by: LLM coccinelle\n"
      "Signed-off-by: Dev <dev@example.org>\n"
      "---\n"
      " mode change 100644 => 100755 scripts/run.sh\n"
      "diff --git a/old/name.c b/new/name.c\n"
      "similarity index 90%\n"
      "rename from old/name.c\n"
      "rename to new/name.c\n"
      "--- a/old/name.c\n"
      "+++ b/new/name.c\n"
      "@@ -1,3 +1,3 @@\n"
      " a\n"
      "-b\n"
      "+c\n"
      "\n"
      "diff --git a/added.c b/added.c\n"
      "new file mode 100644\n"
      "--- /dev/null\n"
      "+++ b/added.c\n"
      "@@ -0,0 +1,2 @@\n"
      "+one\n"
      "+two\n"
      "diff --git a/gone.c b/gone.c\n"
      "deleted file mode 100644\n"
      "--- a/gone.c\n"
      "+++ /dev/null\n"
      "@@ -1 +0,0 @@\n"
      "-x\n"
      "diff --git a/fw.bin b/fw.bin\n"
      "index 1111111..2222222 100644\n"
      "GIT binary patch\n"
      "literal 4\n"
      "LcmZ?wcv2C0\n"
      "\n"
      "-- \n"
      "2.39.5\n"
      "\n"
      "base-commit: 0123456789abcdef0123456789abcdef01234567\n"
      "prerequisite-patch-id: aaaa\n";

static void
test_gm_files (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p = parse (MAIL, &error);
  g_assert_no_error (error);
  const GPtrArray *f = pcc_patch_get_gm_files (p);
  /* What the script collects: sorted, "dev/null" from /dev/null,
   * both rename paths, the diffstat's mode change. */
  const char *want[] = { "added.c",    "dev/null",   "fw.bin",        "gone.c",
                         "new/name.c", "old/name.c", "scripts/run.sh" };
  g_assert_cmpuint (f->len, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < f->len; i++)
    g_assert_cmpstr (f->pdata[i], ==, want[i]);
  g_assert_true (pcc_patch_has_diff (p));
  g_assert_cmpuint (pcc_patch_get_fixes (p)->len, ==, 1);
  g_assert_cmpstr (pcc_patch_get_fixes (p)->pdata[0], ==, "0123456789ab");
}

/* The patch file's own To: and Cc: (a series' patch goes to them):
 * the list is parsed first and each display name decoded after, as RFC
 * 2047 (section 5) puts encoded words in a phrase: a name whose encoded
 * text holds a comma or a quote stays one address, and the decoded names
 * are written quoted where they need it. */
static void
test_own_recipients_encoded (void)
{
  static const char mail[]
      = "From: A <a@example.org>\n"
        "Subject: [PATCH] x\n"
        "To: =?UTF-8?q?Doe=2C_Jane?= <jane@example.org>,\n"
        " =?UTF-8?q?J=C3=B6rg_M=C3=BCller?= <joerg@example.org>\n"
        "Cc: =?UTF-8?B?Ik9oIiBObw==?= <ohno@example.org>, plain@example.org,\n"
        " =?UTF-8?q?Zo=C3=AB?= =?UTF-8?q?_=C3=9C?= <zoe@example.net>\n"
        "\n"
        "body\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p
      = pcc_patch_new_from_data ("own", mail, strlen (mail), 0, &error);
  const GPtrArray *to, *cc;

  g_assert_no_error (error);
  to = pcc_patch_get_to (p);
  cc = pcc_patch_get_cc (p);
  g_assert_cmpuint (to->len, ==, 2);
  g_assert_cmpstr (to->pdata[0], ==, "\"Doe, Jane\" <jane@example.org>");
  g_assert_cmpstr (to->pdata[1], ==,
                   "J\xc3\xb6rg M\xc3\xbcller <joerg@example.org>");
  g_assert_cmpuint (cc->len, ==, 3);
  g_assert_cmpstr (cc->pdata[0], ==, "\"\\\"Oh\\\" No\" <ohno@example.org>");
  g_assert_cmpstr (cc->pdata[1], ==, "plain@example.org");
  g_assert_cmpstr (cc->pdata[2], ==, "Zo\xc3\xab \xc3\x9c <zoe@example.net>");
  /* The header itself reads decoded. */
  g_assert_cmpstr (pcc_patch_get_header (p, "To"), ==,
                   "Doe, Jane <jane@example.org>, J\xc3\xb6rg "
                   "M\xc3\xbcller <joerg@example.org>");
}

static void
test_structured (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p = parse (MAIL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pcc_patch_get_subject (p), ==,
                   "[PATCH v2 3/7] net: move things around");
  g_assert_cmpstr (pcc_patch_get_title (p), ==, "net: move things around");
  g_assert_cmpuint (pcc_patch_get_series_index (p), ==, 3);
  g_assert_cmpuint (pcc_patch_get_series_total (p), ==, 7);
  g_assert_false (pcc_patch_is_cover_letter (p));
  g_assert_cmpstr (pcc_patch_get_from (p), ==,
                   "Marek Beh\xc3\xban <kabel@kernel.org>");
  g_assert_cmpuint (pcc_patch_get_to (p)->len, ==, 2);
  g_assert_cmpstr (pcc_patch_get_to (p)->pdata[1], ==,
                   "\"B, Jr\" <b@example.org>");
  g_assert_cmpuint (pcc_patch_get_cc (p)->len, ==, 1);
  g_assert_cmpstr (pcc_patch_get_base_commit (p), ==,
                   "0123456789abcdef0123456789abcdef01234567");
  g_assert_cmpuint (pcc_patch_get_prerequisites (p)->len, ==, 1);

  const GArray *t = pcc_patch_get_trailers (p);
  g_assert_cmpuint (t->len, ==, 3);
  g_assert_cmpstr (g_array_index (t, PccTrailer, 1).key, ==, "Assisted-by");
  g_assert_cmpstr (g_array_index (t, PccTrailer, 1).value, ==,
                   "LLM coccinelle");

  const GArray *files = pcc_patch_get_files (p);
  g_assert_cmpuint (files->len, ==, 4);
  PccPatchFile *r = &g_array_index (files, PccPatchFile, 0);
  g_assert_cmpint (r->status, ==, PCC_FILE_RENAMED);
  g_assert_cmpstr (r->old_path, ==, "old/name.c");
  g_assert_cmpstr (r->new_path, ==, "new/name.c");
  g_assert_cmpuint (r->added, ==, 1);
  g_assert_cmpuint (r->removed, ==, 1);
  PccPatchFile *a = &g_array_index (files, PccPatchFile, 1);
  g_assert_cmpint (a->status, ==, PCC_FILE_ADDED);
  g_assert_null (a->old_path);
  g_assert_cmpuint (a->added, ==, 2);
  PccPatchFile *d = &g_array_index (files, PccPatchFile, 2);
  g_assert_cmpint (d->status, ==, PCC_FILE_DELETED);
  g_assert_cmpuint (d->removed, ==, 1);
  PccPatchFile *b = &g_array_index (files, PccPatchFile, 3);
  g_assert_true (b->binary);
}

static void
test_keyword_lines (void)
{
  g_autoptr (PccPatch) p = parse (MAIL, NULL);
  const GArray *kl = pcc_patch_get_keyword_lines (p);
  gsize len;
  const char *text = pcc_patch_get_text (p, &len);
  gboolean saw_subject = FALSE, saw_plus = FALSE;
  for (guint i = 0; i < kl->len; i++)
    {
      const PccKeywordLine *l = &g_array_index (kl, PccKeywordLine, i);
      if (g_str_has_prefix (text + l->offset, "Subject:"))
        saw_subject = !l->in_diff;
      if (g_str_has_prefix (text + l->offset, "+one"))
        saw_plus = l->in_diff;
      /* header lines of the diff are not keyword lines */
      g_assert_false (g_str_has_prefix (text + l->offset, "diff --git"));
      g_assert_false (g_str_has_prefix (text + l->offset, "+++"));
    }
  g_assert_true (saw_subject);
  g_assert_true (saw_plus);
}

static void
test_quoted_printable (void)
{
  const char *qp
      = "From: a@b.c\n"
        "Subject: [PATCH] qp\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: quoted-printable\n"
        "\n"
        "Body.\n"
        "---\n"
        "diff --git a/drivers/a_very_long_directory_name/another_long_directory=\n"
        "/file.c b/drivers/a_very_long_directory_name/another_long_directory/fil=\n"
        "e.c\n"
        "--- a/drivers/a_very_long_directory_name/another_long_directory/file.c\n"
        "+++ b/drivers/a_very_long_directory_name/another_long_directory/file.c\n"
        "@@ -1 +1 @@\n"
        "-a =3D 1;\n"
        "+a =3D 2;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p = parse (qp, &error);
  g_assert_no_error (error);
  const GPtrArray *f = pcc_patch_get_gm_files (p);
  g_assert_cmpuint (f->len, ==, 1);
  g_assert_cmpstr (
      f->pdata[0], ==,
      "drivers/a_very_long_directory_name/another_long_directory/file.c");
  gsize len;
  g_assert_nonnull (strstr (pcc_patch_get_text (p, &len), "+a = 2;"));
}

/* A decoded body may hold NUL bytes, which end a name where they fall:
 * the same name read again, shorter or longer past its NUL, is compared
 * as kept (this read past a name's end once, under valgrind). */
static void
test_decoded_nul_in_names (void)
{
  static const char body[]
      = "A fix.\n---\n"
        "diff --git a/x\0 b/x\0AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n"
        "--- a/x\0AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n"
        "+++ b/x\0BBBB\n"
        "@@ -1,1 +1,1 @@\n-a\n+b\n";
  g_autofree char *b64 = g_base64_encode ((const guchar *) body,
                                          sizeof body - 1);
  g_autofree char *mail = g_strconcat (
      "From: a@b.c\nSubject: [PATCH] nul\nMIME-Version: 1.0\n"
      "Content-Type: text/plain; charset=UTF-8\n"
      "Content-Transfer-Encoding: base64\n\n",
      b64, "\n", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p = parse (mail, &error);
  g_assert_no_error (error);
  const GPtrArray *f = pcc_patch_get_gm_files (p);
  g_assert_cmpuint (f->len, ==, 1);
  g_assert_cmpstr (f->pdata[0], ==, "x");
}

static void
test_cover_letter (void)
{
  g_autoptr (PccPatch) p = parse ("From: a@b.c\nSubject: [PATCH 0/3] series\n"
                                  "\n*** BLURB HERE ***\n",
                                  NULL);
  g_assert_nonnull (p);
  g_assert_false (pcc_patch_has_diff (p));
  g_assert_true (pcc_patch_is_cover_letter (p));
}

static void
test_bad_input (void)
{
  g_autoptr (GError) e1 = NULL, e2 = NULL, e3 = NULL;
  /* truncated: the hunk promises 3 lines, 1 is there */
  PccPatch *p = parse ("--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n a\n", &e1);
  g_assert_null (p);
  g_assert_error (e1, PCC_ERROR, PCC_ERROR_PATCH);
  g_assert_nonnull (strstr (e1->message, "truncated"));

  char bin[64] = "diff --git a/x b/x\n";
  bin[30] = '\0';
  p = pcc_patch_new_from_data ("blob", bin, sizeof bin, 0, &e2);
  g_assert_null (p);
  g_assert_error (e2, PCC_ERROR, PCC_ERROR_PATCH);

  p = pcc_patch_new_from_data ("big", "xxxxxxxxxx", 10, 5, &e3);
  g_assert_null (p);
  g_assert_error (e3, PCC_ERROR, PCC_ERROR_TOO_LARGE);
}

static void
test_script_quirks (void)
{
  /* A removed line "-- x" reads as a "---" header to the script, and a
   * hunk header without a comma is a keyword line: kept as quirks. */
  g_autoptr (PccPatch) p = parse ("--- a/q.c\n+++ b/q.c\n@@ -1,2 +0,0 @@\n"
                                  "--- sql comment\n-x\n",
                                  NULL);
  g_assert_nonnull (p);
  const GPtrArray *f = pcc_patch_get_gm_files (p);
  g_assert_cmpuint (f->len, ==, 2);
  g_assert_cmpstr (f->pdata[0], ==, "q.c");
  g_assert_cmpstr (f->pdata[1], ==, "sql");
}

/* MIME nesting: a mail of @depth multipart/mixed levels, a patch in the
 * innermost. */
static GString *
nested_mail (guint depth)
{
  GString *m = g_string_new ("From: A <a@example.org>\n"
                             "Subject: [PATCH] deep\n"
                             "MIME-Version: 1.0\n");
  for (guint i = 0; i < depth; i++)
    g_string_append_printf (m,
                            "Content-Type: multipart/mixed; boundary=\"b%u\"\n"
                            "\n--b%u\n",
                            i, i);
  g_string_append (m, "Content-Type: text/plain\n\n"
                      "--- a/q.c\n+++ b/q.c\n@@ -1 +1 @@\n-a\n+b\n");
  for (guint i = depth; i-- > 0;)
    g_string_append_printf (m, "--b%u--\n", i);
  return m;
}

/* Nesting is bounded: 50,000 levels is a clear error naming the input and
 * the line, not a stack overflow; a few levels still parse. */
static void
test_mime_depth (void)
{
  g_autoptr (GError) error = NULL;
  GString *ok = nested_mail (3);
  g_autoptr (PccPatch) p
      = pcc_patch_new_from_data ("ok.eml", ok->str, ok->len, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_patch_get_gm_files (p)->len, ==, 1);
  g_assert_cmpstr (pcc_patch_get_gm_files (p)->pdata[0], ==, "q.c");
  g_string_free (ok, TRUE);

  GString *deep = nested_mail (50000);
  PccPatch *q
      = pcc_patch_new_from_data ("deep.eml", deep->str, deep->len, 0, &error);
  g_string_free (deep, TRUE);
  g_assert_null (q);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
  g_assert_nonnull (strstr (error->message, "deep.eml:"));
  g_assert_nonnull (strstr (error->message, "MIME"));
}

/* The patch's own To:/Cc: are address lists first: an encoded word is a
 * name, and what it decodes to (a comma, an address) never splits the
 * list.  Decoding before parsing made "=?utf-8?q?evil=40x.org=2C?=
 * <enc@example.org>" two recipients, and lost a name with a comma
 * (found by test-hostile-writers). */
static void
test_encoded_names_in_to_cc (void)
{
  const char *text = "From: a@b.c\n"
                     "Subject: [PATCH] x\n"
                     "To: =?utf-8?q?evil=40x.org=2C?= <enc@example.org>\n"
                     "Cc: =?utf-8?q?Doe=2C_Jane?= <j@example.org>,\n"
                     " =?utf-8?b?PGV2aWxAeC5vcmc+?= <k@example.org>\n"
                     "\n"
                     "body\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p
      = pcc_patch_new_from_data ("enc.patch", text, strlen (text), 0, &error);
  const GPtrArray *to, *cc;

  g_assert_no_error (error);
  to = pcc_patch_get_to (p);
  cc = pcc_patch_get_cc (p);
  g_assert_cmpuint (to->len, ==, 1);
  g_assert_cmpstr (to->pdata[0], ==, "\"evil@x.org,\" <enc@example.org>");
  g_assert_cmpuint (cc->len, ==, 2);
  g_assert_cmpstr (cc->pdata[0], ==, "\"Doe, Jane\" <j@example.org>");
  g_assert_cmpstr (cc->pdata[1], ==, "\"<evil@x.org>\" <k@example.org>");
  /* The header value itself is still read decoded. */
  g_assert_cmpstr (pcc_patch_get_header (p, "To"), ==,
                   "evil@x.org, <enc@example.org>");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/patch/gm-files", test_gm_files);
  g_test_add_func ("/patch/structured", test_structured);
  g_test_add_func ("/patch/own-recipients-encoded",
                   test_own_recipients_encoded);
  g_test_add_func ("/patch/keyword-lines", test_keyword_lines);
  g_test_add_func ("/patch/quoted-printable", test_quoted_printable);
  g_test_add_func ("/patch/decoded-nul-in-names", test_decoded_nul_in_names);
  g_test_add_func ("/patch/cover-letter", test_cover_letter);
  g_test_add_func ("/patch/bad-input", test_bad_input);
  g_test_add_func ("/patch/script-quirks", test_script_quirks);
  g_test_add_func ("/patch/mime-depth", test_mime_depth);
  g_test_add_func ("/patch/encoded-names-in-to-cc",
                   test_encoded_names_in_to_cc);
  return g_test_run ();
}
