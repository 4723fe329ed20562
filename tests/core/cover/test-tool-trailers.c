/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-tool-trailers.c - moving Assisted-by: and friends to the cover.
 *
 * With real git: a series whose commits carry tool trailers (and a
 * person's Co-developed-by: that must stay) is written with git
 * format-patch; the trailers are found, moved into the provenance record
 * and removed.  Each rewritten mail must be the original minus exactly
 * the trailer lines, and "git am" of the rewritten series must give the
 * same tree as "git am" of the original.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "pcc-error.h"
#include "pcc-provenance.h"
#include "pcc-series.h"
#include "pcc-test-git.h"
#include "pcc-tool-trailers.h"

static void
test_is_tool (void)
{
  g_assert_true (pcc_tool_trailer_is_tool ("Assisted-by", "Claude:opus"));
  g_assert_true (pcc_tool_trailer_is_tool ("assisted-BY", "x <a@b.org>"));
  g_assert_true (pcc_tool_trailer_is_tool ("Generated-by", "spatch"));
  g_assert_true (pcc_tool_trailer_is_tool ("Co-developed-by", "GPT-4"));
  g_assert_false (pcc_tool_trailer_is_tool ("Co-developed-by",
                                            "Jane Doe <jane@example.org>"));
  g_assert_false (
      pcc_tool_trailer_is_tool ("Co-authored-by", "jane@example.org"));
  g_assert_false (pcc_tool_trailer_is_tool ("Signed-off-by", "LLM"));
  g_assert_false (pcc_tool_trailer_is_tool ("Reviewed-by", "x"));
  g_assert_false (pcc_tool_trailer_is_tool ("Co-developed-by", ""));
}

typedef struct
{
  PccTestRepo *repo;
  char *base;
  char *outdir;
} Fixture;

static void
set_up (Fixture *f, gconstpointer data)
{
  f->repo = pcc_test_repo_new ();
  if (!f->repo)
    return;
  PccTestRepo *r = f->repo;
  pcc_test_write (r, "a.c", "int a;\n", -1);
  pcc_test_write (r, "b.c", "int b;\n", -1);
  f->base = pcc_test_commit (r, "Test Maintainer <tm@example.org>", "base");

  pcc_test_write (r, "a.c", "int a;\nint a2;\n", -1);
  g_free (pcc_test_commit (
      r, "Dev One <one@example.org>",
      "a: add a2\n\n"
      "The text may mention Assisted-by: in passing; only trailers move.\n\n"
      "Generated-by: scripts/gen-a2.py\n"
      "Signed-off-by: Dev One <one@example.org>\n"));

  pcc_test_write (r, "b.c", "int b;\nint b2;\n", -1);
  g_free (
      pcc_test_commit (r, "Dev One <one@example.org>",
                       "b: add b2\n\nWhy b2.\n\n"
                       "Assisted-by: Claude:claude-opus-4 coccinelle sparse\n"
                       "Signed-off-by: Dev One <one@example.org>\n"));

  pcc_test_write (r, "a.c", "int a;\nint a2;\nint a3;\n", -1);
  g_free (pcc_test_commit (r, "Dev One <one@example.org>",
                           "a: add a3\n\nWhy a3.\n\n"
                           "Co-developed-by: Jane Doe <jane@example.org>\n"
                           "Signed-off-by: Jane Doe <jane@example.org>\n"
                           "Co-developed-by: GPT-4\n"
                           "Assisted-by: Claude:claude-opus-4\n"
                           "Signed-off-by: Dev One <one@example.org>\n"));

  f->outdir = g_build_filename (r->root, "out", NULL);
  g_autofree char *range = g_strdup_printf ("%s..HEAD", f->base);
  const char *argv[] = { "format-patch", "-q", "-o", f->outdir, range, NULL };
  g_free (pcc_test_git (r, argv));
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  pcc_test_repo_free (f->repo);
  g_free (f->base);
  g_free (f->outdir);
}

/* "git am" the files into a fresh clone at the base; the tree id. */
static char *
am_tree (Fixture *f, const char *name, GPtrArray *files)
{
  g_autofree char *dir = g_build_filename (f->repo->root, name, NULL);
  const char *clone[] = { "clone", "-q", f->repo->work, dir, NULL };
  g_free (pcc_test_git (f->repo, clone));
  const char *reset[] = { "-C", dir, "reset", "-q", "--hard", f->base, NULL };
  g_free (pcc_test_git (f->repo, reset));
  g_autoptr (GPtrArray) am = g_ptr_array_new ();
  const char *head[] = { "-C", dir,
                         "-c", "user.name=Applier",
                         "-c", "user.email=applier@example.org",
                         "am", "-q" };
  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    g_ptr_array_add (am, (char *) head[i]);
  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (am, files->pdata[i]);
  g_ptr_array_add (am, NULL);
  g_free (pcc_test_git (f->repo, (const char *const *) am->pdata));
  const char *tree[] = { "-C", dir, "rev-parse", "HEAD^{tree}", NULL };
  char *t = pcc_test_git (f->repo, tree);
  return g_strstrip (t);
}

static void
test_find_and_migrate (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s = pcc_series_new_from_dir (f->outdir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_series_get_n_patches (s), ==, 3);

  /* The originals' bytes, and their tree after git am. */
  g_autoptr (GPtrArray) orig = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) orig_files = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < 3; i++)
    {
      gsize len;
      const char *d = pcc_patch_get_data (pcc_series_get_patch (s, i), &len);
      g_ptr_array_add (orig, g_strndup (d, len));
      g_ptr_array_add (orig_files,
                       g_strdup (pcc_series_get_patch_source (s, i)));
    }
  g_autofree char *tree_orig = am_tree (f, "am-orig", orig_files);

  g_autoptr (GArray) found = pcc_tool_trailers_find (s);
  g_assert_cmpuint (found->len, ==, 4);
  g_autofree char *report = pcc_tool_trailers_report (s, found);
  g_assert_nonnull (strstr (report, ": Generated-by: scripts/gen-a2.py\n"));
  g_assert_nonnull (strstr (report, "0002-b-add-b2.patch:"));
  g_assert_nonnull (strstr (report, ": Co-developed-by: GPT-4\n"));
  g_assert_null (strstr (report, "Jane"));
  g_assert_null (strstr (report, "in passing"));

  g_autoptr (PccProvenance) prov = pcc_provenance_new ();
  g_assert_true (
      pcc_provenance_add_testing (prov, "unit tests", "laptop", NULL));
  g_autoptr (GArray) moved = NULL;
  g_assert_true (pcc_tool_trailers_migrate (s, prov, &moved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (moved->len, ==, 4);
  g_assert_cmpuint (pcc_tool_trailers_find (s)->len, ==, 0);

  /* The provenance record. */
  g_autofree char *text = pcc_provenance_render (prov, 72);
  g_assert_nonnull (strstr (text, "- Claude:claude-opus-4\n"
                                  "  Produced: patches 2/3 and 3/3 (moved "
                                  "from its Assisted-by trailer)\n"));
  g_assert_nonnull (strstr (text, "- GPT-4\n  Produced: patch 3/3 (\"a: add "
                                  "a3\") (moved from its Assisted-by "
                                  "trailer)\n"));
  g_assert_nonnull (strstr (text, "- coccinelle: used for patch 2/3 (\"b: "
                                  "add b2\")\n"));
  g_assert_nonnull (strstr (text, "- sparse: used for patch 2/3"));
  g_assert_nonnull (strstr (text, "- scripts/gen-a2.py: used for patch 1/3"));
  g_assert_nonnull (strstr (text, "- unit tests\n  On: laptop\n"));

  /* Each mail is the original minus the trailer lines, byte for byte. */
  static const char *const removed[3][3] = {
    { "Generated-by: scripts/gen-a2.py\n", NULL },
    { "Assisted-by: Claude:claude-opus-4 coccinelle sparse\n", NULL },
    { "Co-developed-by: GPT-4\n", "Assisted-by: Claude:claude-opus-4\n",
      NULL },
  };
  g_autoptr (GPtrArray) new_files = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < 3; i++)
    {
      gsize len;
      const char *d = pcc_patch_get_data (pcc_series_get_patch (s, i), &len);
      g_autoptr (GString) expect = g_string_new (orig->pdata[i]);
      for (guint k = 0; removed[i][k]; k++)
        {
          const char *at = strstr (expect->str, removed[i][k]);
          g_assert_nonnull (at);
          g_assert_true (at == expect->str || at[-1] == '\n');
          g_string_erase (expect, at - expect->str, strlen (removed[i][k]));
        }
      g_assert_cmpuint (len, ==, expect->len);
      g_assert_true (memcmp (d, expect->str, len) == 0);
      g_assert_nonnull (
          strstr (d, "Co-developed-by: Jane Doe") || i != 2 ? "ok" : NULL);
      g_autofree char *p
          = g_strdup_printf ("%s/new-%u.patch", f->repo->root, i + 1);
      g_assert_true (g_file_set_contents (p, d, len, NULL));
      g_ptr_array_add (new_files, g_steal_pointer (&p));
    }
  g_assert_nonnull (
      strstr (pcc_patch_get_data (pcc_series_get_patch (s, 2), NULL),
              "Co-developed-by: Jane Doe <jane@example.org>\n"
              "Signed-off-by: Jane Doe <jane@example.org>\n"
              "Signed-off-by: Dev One"));

  /* git am: the same tree, and the trailer gone from the commit. */
  g_autofree char *tree_new = am_tree (f, "am-new", new_files);
  g_assert_cmpstr (tree_new, ==, tree_orig);
  g_autofree char *amdir = g_build_filename (f->repo->root, "am-new", NULL);
  const char *log[] = { "-C", amdir, "log", "--format=%B", "-3", NULL };
  g_autofree char *msgs = pcc_test_git (f->repo, log);
  g_assert_null (strstr (msgs, "Assisted-by: Claude"));
  g_assert_null (strstr (msgs, "Generated-by"));
  g_assert_nonnull (strstr (msgs, "mention Assisted-by: in passing"));
  g_assert_nonnull (strstr (msgs, "Co-developed-by: Jane Doe"));
}

static void
test_encoded_mail_refused (void)
{
  /* A quoted-printable body: removing a line would need re-encoding. */
  const char *mail = "From: Dev <dev@example.org>\n"
                     "Subject: [PATCH] x: y\n"
                     "MIME-Version: 1.0\n"
                     "Content-Type: text/plain; charset=UTF-8\n"
                     "Content-Transfer-Encoding: quoted-printable\n"
                     "\n"
                     "Caf=C3=A9 support.\n"
                     "\n"
                     "Assisted-by: LLM\n"
                     "Signed-off-by: Dev <dev@example.org>\n"
                     "---\n"
                     " x | 1 +\n"
                     "\n"
                     "diff --git a/x b/x\n"
                     "--- a/x\n"
                     "+++ b/x\n"
                     "@@ -1 +1,2 @@\n"
                     " x\n"
                     "+y\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s
      = pcc_series_new_from_mbox_data ("qp.eml", mail, strlen (mail), &error);
  g_assert_no_error (error);
  g_autoptr (GArray) found = pcc_tool_trailers_find (s);
  g_assert_cmpuint (found->len, ==, 1);
  g_autoptr (PccProvenance) prov = pcc_provenance_new ();
  gsize before_len;
  const char *before
      = pcc_patch_get_data (pcc_series_get_patch (s, 0), &before_len);
  g_autofree char *copy = g_strndup (before, before_len);
  g_assert_false (pcc_tool_trailers_migrate (s, prov, NULL, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "qp.eml"));
  /* Nothing changed. */
  g_assert_true (pcc_provenance_is_empty (prov));
  gsize after_len;
  const char *after
      = pcc_patch_get_data (pcc_series_get_patch (s, 0), &after_len);
  g_assert_cmpuint (after_len, ==, before_len);
  g_assert_true (memcmp (after, copy, before_len) == 0);
}

static void
test_continuation_line (void)
{
  const char *mail = "From: Dev <dev@example.org>\n"
                     "Subject: [PATCH] x: y\n"
                     "\n"
                     "Body.\n"
                     "\n"
                     "Assisted-by: SomeAgent:model-9\n"
                     "  with-a-continued-value\n"
                     "Signed-off-by: Dev <dev@example.org>\n"
                     "---\n"
                     "diff --git a/x b/x\n"
                     "--- a/x\n"
                     "+++ b/x\n"
                     "@@ -1 +1,2 @@\n"
                     " x\n"
                     "+y\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s
      = pcc_series_new_from_mbox_data ("c.eml", mail, strlen (mail), &error);
  g_autoptr (GArray) found = pcc_tool_trailers_find (s);
  g_assert_cmpuint (found->len, ==, 1);
  PccToolTrailer *t = &g_array_index (found, PccToolTrailer, 0);
  g_assert_cmpstr (t->value, ==, "SomeAgent:model-9 with-a-continued-value");
  g_assert_cmpuint (t->lineno, ==, 6);
  gsize len;
  g_autofree char *out = pcc_tool_trailers_strip (pcc_series_get_patch (s, 0),
                                                  t, 1, &len, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (out, "continued"));
  g_assert_nonnull (strstr (out, "Body.\n\nSigned-off-by: Dev"));
  g_assert_cmpuint (
      len, ==,
      strlen (mail)
          - strlen (
              "Assisted-by: SomeAgent:model-9\n  with-a-continued-value\n"));
}

/* "Assisted-by: ExampleBot 1.0" is one agent "ExampleBot 1.0", not an
 * agent "ExampleBot" and a tool "1.0"; a tool's version stays with it. */
static void
test_name_version (void)
{
  const char *mail = "From: Dev <dev@example.org>\n"
                     "Subject: [PATCH] x: y\n"
                     "\n"
                     "Body.\n"
                     "\n"
                     "Assisted-by: ExampleBot 1.0\n"
                     "Assisted-by: Claude:claude-opus-4 coccinelle v1.1 "
                     "sparse\n"
                     "Signed-off-by: Dev <dev@example.org>\n"
                     "---\n"
                     "diff --git a/x b/x\n"
                     "--- a/x\n"
                     "+++ b/x\n"
                     "@@ -1 +1,2 @@\n"
                     " x\n"
                     "+y\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s
      = pcc_series_new_from_mbox_data ("v.eml", mail, strlen (mail), &error);
  g_assert_no_error (error);
  g_autoptr (PccProvenance) prov = pcc_provenance_new ();
  g_assert_true (pcc_tool_trailers_migrate (s, prov, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_provenance_get_n (prov, PCC_PROV_ASSISTANCE), ==, 2);
  g_assert_cmpstr (pcc_provenance_get_assistance (prov, 0)->agent, ==,
                   "ExampleBot 1.0");
  g_assert_cmpstr (pcc_provenance_get_assistance (prov, 1)->agent, ==,
                   "Claude:claude-opus-4");
  g_assert_cmpuint (pcc_provenance_get_n (prov, PCC_PROV_TOOL), ==, 2);
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 0)->name, ==, "coccinelle");
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 0)->version, ==, "v1.1");
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 1)->name, ==, "sparse");
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 1)->version, ==, "");
}

/* Both forms the kernel has documented: 7.3's "Assisted-by: LLM [TOOL1]
 * [TOOL2]" (its example "Assisted-by: LLM coccinelle sparse") and the
 * earlier "Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]".  What
 * the record held before (a tool's input, prompts) is kept. */
static void
test_documented_forms (void)
{
  const char *mail = "From: Dev <dev@example.org>\n"
                     "Subject: [PATCH] x: y\n"
                     "\n"
                     "Body.\n"
                     "\n"
                     "Assisted-by: LLM coccinelle sparse\n"
                     "Assisted-by: Claude:claude-opus-4 smatch\n"
                     "Signed-off-by: Dev <dev@example.org>\n"
                     "---\n"
                     "diff --git a/x b/x\n"
                     "--- a/x\n"
                     "+++ b/x\n"
                     "@@ -1 +1,2 @@\n"
                     " x\n"
                     "+y\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s
      = pcc_series_new_from_mbox_data ("f.eml", mail, strlen (mail), &error);
  g_assert_no_error (error);
  g_autoptr (PccProvenance) prov = pcc_provenance_new ();
  g_assert_true (
      pcc_provenance_add_tool (prov, "spatch-wrapper", "", "", NULL));
  g_assert_true (pcc_provenance_set_tool_input (prov, 0, "@@\n@@\n", NULL));
  g_assert_true (
      pcc_provenance_add_assistance (prov, "Earlier", "", "", NULL));
  g_assert_true (
      pcc_provenance_set_assistance_prompts (prov, 0, "one\ntwo", NULL));
  g_autoptr (GArray) moved = NULL;
  g_assert_true (pcc_tool_trailers_migrate (s, prov, &moved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (moved->len, ==, 2);

  g_assert_cmpuint (pcc_provenance_get_n (prov, PCC_PROV_ASSISTANCE), ==, 3);
  g_assert_cmpstr (pcc_provenance_get_assistance (prov, 0)->prompts, ==,
                   "one\ntwo");
  g_assert_cmpstr (pcc_provenance_get_assistance (prov, 1)->agent, ==, "LLM");
  g_assert_cmpstr (pcc_provenance_get_assistance (prov, 2)->agent, ==,
                   "Claude:claude-opus-4");
  g_assert_cmpuint (pcc_provenance_get_n (prov, PCC_PROV_TOOL), ==, 4);
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 0)->input, ==, "@@\n@@");
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 1)->name, ==, "coccinelle");
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 1)->version, ==, "");
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 2)->name, ==, "sparse");
  g_assert_cmpstr (pcc_provenance_get_tool (prov, 3)->name, ==, "smatch");
  g_assert_null (strstr (
      pcc_patch_get_data (pcc_series_get_patch (s, 0), NULL), "Assisted-by"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tool-trailers/is-tool", test_is_tool);
  g_test_add ("/tool-trailers/find-migrate-git-am", Fixture, NULL, set_up,
              test_find_and_migrate, tear_down);
  g_test_add_func ("/tool-trailers/encoded-mail-refused",
                   test_encoded_mail_refused);
  g_test_add_func ("/tool-trailers/continuation-line", test_continuation_line);
  g_test_add_func ("/tool-trailers/name-version", test_name_version);
  g_test_add_func ("/tool-trailers/documented-forms", test_documented_forms);
  return g_test_run ();
}
