/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-cover.c - the cover letter mail and "patchcc cover".
 *
 * A small kernel-shaped tree is built with real git; the series is
 * written with git format-patch; the cover letter is checked whole
 * (headers, recipients per the b4 split, body), and the command line is
 * run in-process with its output captured.
 */
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pcc-cover-cli.h"
#include "pcc-cover.h"
#include "pcc-error.h"
#include "pcc-plan.h"
#include "pcc-series.h"
#include "pcc-test-git.h"
#include "pcc-tool-trailers.h"

static const char maintainers[]
    = "FOO DRIVER\n"
      "M:\tFoo Maintainer <foo@example.org>\n"
      "R:\tFoo Reviewer <foorev@example.org>\n"
      "L:\tfoo-list@example.org\n"
      "S:\tMaintained\n"
      "F:\tdrivers/foo/\n"
      "\n"
      "BAR LIBRARY\n"
      "M:\tBar Maintainer <bar@example.org>\n"
      "S:\tMaintained\n"
      "F:\tlib/bar.c\n"
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
  char *prov_file;
} Fixture;

static void
set_up (Fixture *f, gconstpointer data)
{
  f->repo = pcc_test_repo_new ();
  if (!f->repo)
    return;
  PccTestRepo *r = f->repo;
  pcc_test_write_kernel_top (r);
  pcc_test_write (r, "MAINTAINERS", maintainers, -1);
  pcc_test_write (r, "drivers/foo/foo.c", "int foo;\n", -1);
  pcc_test_write (r, "lib/bar.c", "int bar;\n", -1);
  f->base = pcc_test_commit (r, "Test Maintainer <tm@example.org>", "base");

  pcc_test_write (r, "drivers/foo/foo.c", "int foo;\nint foo2;\n", -1);
  g_free (pcc_test_commit (r, "Dev One <one@example.org>",
                           "foo: add foo2\n\nWhy.\n\n"
                           "Assisted-by: Claude:claude-opus-4 coccinelle\n"
                           "Signed-off-by: Dev One <one@example.org>\n"));
  pcc_test_write (r, "lib/bar.c", "int bar;\nint bar2;\n", -1);
  g_free (
      pcc_test_commit (r, "D\xc3\xa9v Two <two@example.org>",
                       "lib: bar: add bar2\n\nWhy.\n\n"
                       "Signed-off-by: D\xc3\xa9v Two <two@example.org>\n"));

  f->outdir = g_build_filename (r->root, "out", NULL);
  g_autofree char *range = g_strdup_printf ("%s..HEAD", f->base);
  g_autofree char *basearg = g_strdup_printf ("--base=%s", f->base);
  const char *argv[]
      = { "format-patch", "-q", basearg, "-o", f->outdir, range, NULL };
  g_free (pcc_test_git (r, argv));

  f->prov_file = g_build_filename (r->root, "prov.ini", NULL);
  g_file_set_contents (f->prov_file,
                       "[testing.1]\nwhat=kselftest foo\nwhere=QEMU x86_64\n",
                       -1, NULL);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  pcc_test_repo_free (f->repo);
  g_free (f->base);
  g_free (f->outdir);
  g_free (f->prov_file);
}

static char *
expected_body (const char *base, gboolean with_moved)
{
  GString *s = g_string_new ("Why foo2 and bar2.\n"
                             "\n"
                             "Dev One (1):\n"
                             "  foo: add foo2\n"
                             "\n"
                             "D\xc3\xa9v Two (1):\n"
                             "  lib: bar: add bar2\n"
                             "\n"
                             " drivers/foo/foo.c | 1 +\n"
                             " lib/bar.c         | 1 +\n"
                             " 2 files changed, 2 insertions(+)\n"
                             "\n"
                             "How this series was made:\n");
  if (with_moved)
    g_string_append (
        s,
        "\n"
        "Tools:\n"
        "- coccinelle: used for patch 1/2 (\"foo: add foo2\")\n"
        "\n"
        "LLM and agent assistance:\n"
        "- Claude:claude-opus-4\n"
        "  Produced: patch 1/2 (\"foo: add foo2\") (moved from its Assisted-by\n"
        "    trailer)\n");
  g_string_append_printf (s,
                          "\n"
                          "Testing:\n"
                          "- kselftest foo\n"
                          "  On: QEMU x86_64\n"
                          "\n"
                          "base-commit: %s\n"
                          "-- \n"
                          "Sender Name <sender@example.org>\n",
                          base);
  return g_string_free (s, FALSE);
}

static void
test_mail (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s = pcc_series_new_from_dir (f->outdir, &error);
  g_assert_no_error (error);
  g_autoptr (PccTree) tree = pcc_tree_open_dir (f->repo->work, &error);
  g_autoptr (PccEngine) engine = pcc_engine_new (tree, NULL, TRUE, &error);
  g_assert_no_error (error);
  PccPlanOptions popts;
  pcc_plan_options_init (&popts);
  const char *typed_cc[] = { "someone@example.org", NULL };
  g_autoptr (PccPlan) plan
      = pcc_series_plan_new (s, engine, &popts, NULL, typed_cc, &error);
  g_assert_no_error (error);
  g_auto (GStrv) to = pcc_plan_get_final (plan, PCC_FIELD_TO);
  g_auto (GStrv) cc = pcc_plan_get_final (plan, PCC_FIELD_CC);

  g_autoptr (PccProvenance) prov
      = pcc_provenance_load_file (f->prov_file, &error);
  g_assert_no_error (error);
  g_autoptr (PccCover) c = pcc_cover_new (s);
  pcc_cover_set_provenance (c, prov);
  pcc_cover_set_title (c, "foo and bar: add the second ones");
  pcc_cover_set_blurb (c, "Why foo2 and bar2.\n\n");
  pcc_cover_set_signature (c, "Sender Name <sender@example.org>\n");
  pcc_cover_set_from (c, "Sender Name <sender@example.org>");
  pcc_cover_set_date (c, "Mon, 1 Jun 2026 10:00:00 +0000");
  g_autofree char *mail = pcc_cover_render_mail (
      c, (const char *const *) to, (const char *const *) cc, &error);
  g_assert_no_error (error);

  g_autofree char *body = expected_body (f->base, FALSE);
  g_autofree char *expect = g_strconcat (
      "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 "
      "2001\n"
      "From: Sender Name <sender@example.org>\n"
      "Date: Mon, 1 Jun 2026 10:00:00 +0000\n"
      "Subject: [PATCH 0/2] foo and bar: add the second ones\n"
      "To: Foo Maintainer <foo@example.org>,\n"
      " Foo Reviewer <foorev@example.org>,\n"
      " Bar Maintainer <bar@example.org>\n"
      "Cc: someone@example.org,\n"
      " foo-list@example.org,\n"
      " linux-kernel@vger.kernel.org\n"
      "MIME-Version: 1.0\n"
      "Content-Type: text/plain; charset=UTF-8\n"
      "Content-Transfer-Encoding: 8bit\n"
      "\n",
      body, NULL);
  g_assert_cmpstr (mail, ==, expect);

  /* Non-ASCII subject: RFC 2047. */
  pcc_cover_set_title (c, "caf\xc3\xa9 support");
  g_autofree char *m2 = pcc_cover_render_mail (c, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (m2, "Subject: =?UTF-8?q?=5BPATCH_0/2=5D_caf=C3=A9"
                                "_support?=\n"));
  /* A header value with a newline: refused, nothing produced. */
  pcc_cover_set_title (c, "x\nBcc: evil@example.org");
  g_autofree char *m3 = pcc_cover_render_mail (c, NULL, NULL, &error);
  g_assert_null (m3);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
  g_clear_error (&error);
  const char *bad_to[] = { "a@example.org\r\nBcc: evil@example.org", NULL };
  pcc_cover_set_title (c, "ok");
  g_autofree char *m4 = pcc_cover_render_mail (c, bad_to, NULL, &error);
  g_assert_null (m4);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
}

/* Run "patchcc cover ARGS" in this process; its status, stdout, stderr. */
static int
run_cli (const char *const *args, char **out, char **err)
{
  g_autofree char *dir = g_dir_make_tmp ("pcc-cli-XXXXXX", NULL);
  g_autofree char *o = g_build_filename (dir, "out", NULL);
  g_autofree char *e = g_build_filename (dir, "err", NULL);
  fflush (stdout);
  fflush (stderr);
  int so = dup (1), se = dup (2);
  FILE *fo = fopen (o, "w"), *fe = fopen (e, "w");
  dup2 (fileno (fo), 1);
  dup2 (fileno (fe), 2);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (char *) "cover");
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  int status = pcc_cover_main (argv->len - 1, (char **) argv->pdata);
  fflush (stdout);
  fflush (stderr);
  dup2 (so, 1);
  dup2 (se, 2);
  close (so);
  close (se);
  fclose (fo);
  fclose (fe);
  g_file_get_contents (o, out, NULL, NULL);
  g_file_get_contents (e, err, NULL, NULL);
  g_unlink (o);
  g_unlink (e);
  g_rmdir (dir);
  return status;
}

static void
test_cli (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *cover_file
      = g_build_filename (f->repo->root, "cover.txt", NULL);
  g_file_set_contents (cover_file,
                       "foo and bar: add the second ones\n\n"
                       "Why foo2 and bar2.\n",
                       -1, NULL);
  const char *args[] = { "--tree-path",
                         f->repo->work,
                         "--provenance-file",
                         f->prov_file,
                         "--cover-file",
                         cover_file,
                         "--from",
                         "Sender Name <sender@example.org>",
                         "--signature",
                         "Sender Name <sender@example.org>",
                         "--date",
                         "Mon, 1 Jun 2026 10:00:00 +0000",
                         f->outdir,
                         NULL };
  int status = run_cli (args, &out, &err);
  g_assert_cmpint (status, ==, 0);
  g_autofree char *body = expected_body (f->base, FALSE);
  g_assert_true (g_str_has_suffix (out, body));
  g_assert_nonnull (strstr (out, "To: Foo Maintainer <foo@example.org>,\n"));
  g_assert_nonnull (strstr (out, "Cc: foo-list@example.org,\n"));
  /* The Assisted-by trailer is reported. */
  g_assert_nonnull (strstr (err, "0001-foo-add-foo2.patch:"));
  g_assert_nonnull (strstr (err, "Assisted-by: Claude:claude-opus-4"));

  /* Moved: a whole series folder, ready for git send-email. */
  g_autofree char *dir = g_build_filename (f->repo->root, "send", NULL);
  const char *args2[] = { "--tree-path",
                          f->repo->work,
                          "--provenance-file",
                          f->prov_file,
                          "--cover-file",
                          cover_file,
                          "--from",
                          "Sender Name <sender@example.org>",
                          "--signature",
                          "Sender Name <sender@example.org>",
                          "--date",
                          "Mon, 1 Jun 2026 10:00:00 +0000",
                          "--move-tool-trailers",
                          "-o",
                          dir,
                          f->outdir,
                          NULL };
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  status = run_cli (args2, &out, &err);
  g_assert_cmpint (status, ==, 0);
  g_autofree char *cpath
      = g_build_filename (dir, "0000-cover-letter.patch", NULL);
  g_autofree char *p1
      = g_build_filename (dir, "0001-foo-add-foo2.patch", NULL);
  g_autofree char *cover = NULL, *patch1 = NULL;
  g_assert_true (g_file_get_contents (cpath, &cover, NULL, NULL));
  g_assert_true (g_file_get_contents (p1, &patch1, NULL, NULL));
  g_autofree char *body2 = expected_body (f->base, TRUE);
  g_assert_true (g_str_has_suffix (cover, body2));
  g_assert_null (strstr (patch1, "Assisted-by"));
  g_assert_nonnull (strstr (err, "moved to the provenance section"));

  /* Errors: bad template, bad option, --move without -o, no tree. */
  const char *bad_tpl[]
      = { "--no-recipients", "--template", "nosuch", f->outdir, NULL };
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (bad_tpl, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "no template “nosuch”"));
  g_assert_cmpstr (out, ==, "");
  const char *bad_opt[] = { "--no-such-option", NULL };
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (bad_opt, &out, &err), ==, 255);
  const char *no_o[] = { "--move-tool-trailers", f->outdir, NULL };
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (no_o, &out, &err), ==, 255);
  g_assert_nonnull (strstr (err, "--output-dir"));
  const char *no_tree[] = { "--tree-path", f->outdir, f->outdir, NULL };
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (no_tree, &out, &err), ==, 255);
  g_assert_nonnull (strstr (err, "does not appear to be a linux kernel"));

  /* A broken user template: file, line, column; no output. */
  g_autofree char *tpl = g_build_filename (f->repo->root, "broken.tpl", NULL);
  g_file_set_contents (tpl, "${cover}\n\n${shortlog\n", -1, NULL);
  const char *broken[]
      = { "--no-recipients", "--template", tpl, f->outdir, NULL };
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (broken, &out, &err), ==, 1);
  g_autofree char *where = g_strdup_printf ("%s:3:1: “${” without its "
                                            "closing “}”",
                                            tpl);
  g_assert_nonnull (strstr (err, where));
  g_assert_cmpstr (out, ==, "");
}

static void
test_b4_template (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *pf = g_build_filename (f->repo->root, "p2.ini", NULL);
  g_file_set_contents (pf, "[tool.1]\nname=cost-tool\npurpose=saved $5\n", -1,
                       NULL);
  const char *args[] = { "--b4-template", "--provenance-file", pf, NULL };
  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "${cover}\n\n${shortlog}\n\n"
                                        "${diffstat}\n\nHow this series"));
  g_assert_nonnull (strstr (out, "- cost-tool: saved $$5\n"));
  g_assert_nonnull (strstr (out, "base-commit: ${base_commit}\n"));
  g_assert_nonnull (strstr (out, "${prerequisites}-- \n${signature}\n"));

  const char *list[] = { "--list-templates", NULL };
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (list, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "default "));
  g_assert_nonnull (strstr (out, "rfc "));
}

/* ${tools}, ${assistance} and ${testing} place the parts of the record
 * apart; --b4-template escapes them as it does ${provenance}.  The tool
 * trailers are reported with what the tree documents about them. */
static void
test_provenance_parts (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autofree char *pf = g_build_filename (f->repo->root, "p3.ini", NULL);
  g_file_set_contents (pf,
                       "[tool.1]\nname=coccinelle\npurpose=patch 1\n"
                       "input=@@\\nexpression E;\\n@@\\n- old(E)\\n+ new(E)\n"
                       "[assistance.1]\nagent=LLM\nprompts=cost $5\n"
                       "[testing.1]\nwhat=kselftest foo\n",
                       -1, NULL);
  g_autofree char *tpl = g_build_filename (f->repo->root, "parts.tpl", NULL);
  g_file_set_contents (tpl,
                       "# Parts\n"
                       "${testing}\n"
                       "--\n"
                       "${tools}\n"
                       "--\n"
                       "${assistance}\n",
                       -1, NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[]
      = { "--tree-path", f->repo->work, "--no-recipients",   "--body-only",
          "--template",  tpl,           "--provenance-file", pf,
          f->outdir,     NULL };
  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==,
                   "Testing:\n"
                   "- kselftest foo\n"
                   "--\n"
                   "Tools:\n"
                   "- coccinelle: patch 1\n"
                   "  Input:\n"
                   "    @@\n"
                   "    expression E;\n"
                   "    @@\n"
                   "    - old(E)\n"
                   "    + new(E)\n"
                   "--\n"
                   "LLM and agent assistance:\n"
                   "- LLM\n"
                   "  Prompts: cost $5\n");
  /* The test tree has no coding-assistants.rst. */
  g_assert_nonnull (strstr (err, "Assisted-by: Claude:claude-opus-4"));
  g_assert_nonnull (strstr (err, "This tree has no "
                                 "Documentation/process/"
                                 "coding-assistants.rst"));
  g_assert_null (strstr (err, "no longer"));

  /* A template for b4: "$" doubled in the parts too. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  const char *b4[]
      = { "--b4-template", "--template", tpl, "--provenance-file", pf, NULL };
  g_assert_cmpint (run_cli (b4, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "  Prompts: cost $$5\n"));
  g_assert_true (g_str_has_prefix (out, "Testing:\n- kselftest foo\n--\n"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("HOME", g_get_tmp_dir (), TRUE); /* no ~/.signature */
  g_test_add ("/cover/mail", Fixture, NULL, set_up, test_mail, tear_down);
  g_test_add ("/cover/cli", Fixture, NULL, set_up, test_cli, tear_down);
  g_test_add ("/cover/b4-template", Fixture, NULL, set_up, test_b4_template,
              tear_down);
  g_test_add ("/cover/provenance-parts", Fixture, NULL, set_up,
              test_provenance_parts, tear_down);
  return g_test_run ();
}
