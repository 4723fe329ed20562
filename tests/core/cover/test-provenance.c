/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-provenance.c - the provenance record, its key file and history. */
#include <glib/gstdio.h>
#include <string.h>

#include "pcc-error.h"
#include "pcc-provenance.h"

static PccProvenance *
sample (void)
{
  PccProvenance *p = pcc_provenance_new ();
  g_assert_true (pcc_provenance_add_tool (p, "coccinelle", "1.1.1",
                                          "generated the conversion in "
                                          "patches 2-4",
                                          NULL));
  g_assert_true (pcc_provenance_add_tool (p, "sparse", "0.6.4", "", NULL));
  g_assert_true (pcc_provenance_add_assistance (
      p, "Claude Opus 4 via Claude Code",
      "first draft of patch 3's error "
      "handling",
      "rewritten by hand; every path checked against the "
      "datasheet and exercised with fault injection",
      NULL));
  g_assert_true (pcc_provenance_add_testing (
      p, "kselftest net/", "QEMU x86_64 (KVM), 4 vCPUs", NULL));
  g_assert_true (pcc_provenance_add_testing (p, "boot test", "", NULL));
  g_assert_true (pcc_provenance_set_notes (p,
                                           "\n\nNo LLM wrote commit "
                                           "messages.\n  Indented line.\n\n",
                                           NULL));
  return p;
}

static void
test_render (void)
{
  g_autoptr (PccProvenance) p = sample ();
  g_autofree char *out = pcc_provenance_render (p, 72);
  g_assert_cmpstr (
      out, ==,
      "How this series was made:\n"
      "\n"
      "Tools:\n"
      "- coccinelle 1.1.1: generated the conversion in patches 2-4\n"
      "- sparse 0.6.4\n"
      "\n"
      "LLM and agent assistance:\n"
      "- Claude Opus 4 via Claude Code\n"
      "  Produced: first draft of patch 3's error handling\n"
      "  Reviewed: rewritten by hand; every path checked against the datasheet\n"
      "    and exercised with fault injection\n"
      "\n"
      "Testing:\n"
      "- kselftest net/\n"
      "  On: QEMU x86_64 (KVM), 4 vCPUs\n"
      "- boot test\n"
      "\n"
      "Notes:\n"
      "No LLM wrote commit messages.\n"
      "  Indented line.\n");
  /* Every line fits in 72 columns. */
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    g_assert_cmpuint (g_utf8_strlen (lines[i], -1), <=, 72);

  g_autoptr (PccProvenance) empty = pcc_provenance_new ();
  g_assert_true (pcc_provenance_is_empty (empty));
  g_autofree char *none = pcc_provenance_render (empty, 72);
  g_assert_cmpstr (none, ==, "");
}

static void
test_validation (void)
{
  g_autoptr (PccProvenance) p = pcc_provenance_new ();
  g_autoptr (GError) error = NULL;
  g_assert_false (pcc_provenance_add_tool (p, "  ", "1", "x", &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
  g_assert_nonnull (strstr (error->message, "tool name"));
  g_clear_error (&error);
  g_assert_false (
      pcc_provenance_add_assistance (p, "GPT\nBcc: x@y", "", "", &error));
  g_assert_nonnull (strstr (error->message, "single line"));
  g_clear_error (&error);
  g_assert_false (pcc_provenance_add_testing (p, "ok", "bad \xff", &error));
  g_assert_nonnull (strstr (error->message, "UTF-8"));
  g_clear_error (&error);
  g_assert_false (pcc_provenance_set_notes (p, "a\rb", &error));
  g_clear_error (&error);
  g_assert_true (pcc_provenance_is_empty (p));
  /* Tabs in one-line fields become spaces; values are trimmed. */
  g_assert_true (
      pcc_provenance_add_tool (p, "\tsmatch\t", NULL, NULL, &error));
  g_assert_cmpstr (pcc_provenance_get_tool (p, 0)->name, ==, "smatch");
  g_assert_cmpstr (pcc_provenance_get_tool (p, 0)->version, ==, "");
}

static void
test_keyfile_roundtrip (void)
{
  g_autoptr (PccProvenance) p = sample ();
  gsize len = 0;
  g_autofree char *data = pcc_provenance_to_data (p, &len);
  g_assert_nonnull (strstr (data, "[tool.1]\nname=coccinelle\n"));
  g_assert_nonnull (strstr (data, "[assistance.1]\n"));
  g_assert_nonnull (strstr (data, "[testing.2]\nwhat=boot test\n"));
  g_autoptr (GError) error = NULL;
  g_autoptr (PccProvenance) q
      = pcc_provenance_load_data ("p.ini", data, len, &error);
  g_assert_no_error (error);
  g_assert_true (pcc_provenance_equal (p, q));

  g_autofree char *dir = g_dir_make_tmp ("pcc-prov-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "prov.ini", NULL);
  g_assert_true (pcc_provenance_save_file (p, path, &error));
  g_autoptr (PccProvenance) r = pcc_provenance_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (pcc_provenance_equal (p, r));
  g_unlink (path);
  g_rmdir (dir);

  /* Copy and remove. */
  g_autoptr (PccProvenance) c = pcc_provenance_copy (p);
  g_assert_true (pcc_provenance_equal (p, c));
  pcc_provenance_remove (c, PCC_PROV_TOOL, 0);
  g_assert_false (pcc_provenance_equal (p, c));
  g_assert_cmpuint (pcc_provenance_get_n (c, PCC_PROV_TOOL), ==, 1);
}

static void
test_keyfile_errors (void)
{
  static const struct
  {
    const char *data;
    const char *message;
  } cases[] = {
    { "[tool.1]\nnmae=x\n", "p.ini: group [tool.1]: unknown key “nmae” "
                            "(known keys: name, version, purpose)" },
    { "[tools.1]\nname=x\n", "p.ini: unknown group [tools.1]" },
    { "[tool.x]\nname=x\n", "p.ini: unknown group [tool.x]" },
    { "[tool.1]\nversion=1\n", "p.ini: group [tool.1]: provenance field "
                               "“tool name” must not be empty" },
    { "[assistance.1]\nagent=a\\nb\n", "single line" },
    { "no group line\n", "p.ini: " },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (PccProvenance) p = pcc_provenance_load_data (
          "p.ini", cases[i].data, strlen (cases[i].data), &error);
      g_assert_null (p);
      g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
      if (!strstr (error->message, cases[i].message))
        g_error ("case %u: “%s” not in “%s”", i, cases[i].message,
                 error->message);
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (PccProvenance) m
      = pcc_provenance_load_file ("/nonexistent/p", &error);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_IO);
}

static void
test_history (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pcc-hist-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "history.ini", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccProvenanceHistory) h
      = pcc_provenance_history_load (path, 3, &error);
  g_assert_no_error (error);
  g_assert_null (pcc_provenance_history_get (h, "tool.name")[0]);

  g_autoptr (PccProvenance) p = sample ();
  pcc_provenance_history_add (h, p);
  const char *const *names = pcc_provenance_history_get (h, "tool.name");
  g_assert_cmpstr (names[0], ==, "sparse");
  g_assert_cmpstr (names[1], ==, "coccinelle");
  g_assert_null (names[2]);
  /* Known values move to the front; the list is capped. */
  pcc_provenance_history_add_value (h, "tool.name", "coccinelle");
  pcc_provenance_history_add_value (h, "tool.name", "smatch");
  pcc_provenance_history_add_value (h, "tool.name", "clang-tidy");
  names = pcc_provenance_history_get (h, "tool.name");
  g_assert_cmpstr (names[0], ==, "clang-tidy");
  g_assert_cmpstr (names[1], ==, "smatch");
  g_assert_cmpstr (names[2], ==, "coccinelle");
  g_assert_null (names[3]);
  /* Junk is not remembered. */
  pcc_provenance_history_add_value (h, "tool.name", "two\nlines");
  pcc_provenance_history_add_value (h, "no.such.field", "x");
  g_assert_cmpstr (pcc_provenance_history_get (h, "tool.name")[0], ==,
                   "clang-tidy");

  g_assert_true (pcc_provenance_history_save (h, &error));
  g_assert_no_error (error);
  g_autoptr (PccProvenanceHistory) h2
      = pcc_provenance_history_load (path, 3, &error);
  names = pcc_provenance_history_get (h2, "tool.name");
  g_assert_cmpstr (names[0], ==, "clang-tidy");
  g_assert_cmpstr (names[2], ==, "coccinelle");
  g_assert_cmpstr (pcc_provenance_history_get (h2, "testing.where")[0], ==,
                   "QEMU x86_64 (KVM), 4 vCPUs");
  g_unlink (path);
  g_autofree char *sub = g_path_get_dirname (path);
  g_rmdir (sub);
  g_rmdir (dir);
}

/* The input of a tool and the prompts of an assistance entry, the two
 * questions of generated-content.rst the other fields do not answer. */
static const char cocci[]
    = "@@\n"
      "expression E;\n"
      "@@\n"
      "\n"
      "-\tfoo_reset_wait(E, 500);\n"
      "+\tfoo_reset_wait(E, foo->reset_timeout_ms);  /* a comment long "
      "enough to pass column 72 */\n";

static PccProvenance *
sample_with_input (void)
{
  PccProvenance *p = pcc_provenance_new ();
  g_assert_true (pcc_provenance_add_tool (p, "coccinelle", "1.1.1",
                                          "generated the conversion in "
                                          "patches 2-4",
                                          NULL));
  g_assert_true (pcc_provenance_set_tool_input (p, 0, cocci, NULL));
  g_assert_true (pcc_provenance_add_tool (p, "checkpatch.pl", "", "", NULL));
  g_assert_true (pcc_provenance_set_tool_input (
      p, 1, "  scripts/checkpatch.pl --strict -g HEAD~4..  \n", NULL));
  g_assert_true (pcc_provenance_add_tool (p, "sparse", "", "", NULL));
  g_assert_true (pcc_provenance_set_tool_input (
      p, 2,
      "make C=2 CF=\"-Wsparse-all -Wno-bitwise\" "
      "drivers/net/ethernet/foo/ drivers/net/ethernet/foo/phy/",
      NULL));
  g_assert_true (pcc_provenance_add_assistance (
      p, "LLM", "first draft of patch 3's error handling", "rewritten by hand",
      NULL));
  g_assert_true (pcc_provenance_set_assistance_prompts (
      p, 0,
      "A session of about an hour: asked for the error paths of "
      "foo_reset(), then for each to be checked against the datasheet.",
      NULL));
  g_assert_true (
      pcc_provenance_add_assistance (p, "LLM", "patch 4", "", NULL));
  g_assert_true (pcc_provenance_set_assistance_prompts (
      p, 1,
      "Convert foo_reset_wait() callers to the new timeout.\n\n"
      "Keep the 500 ms default.",
      NULL));
  g_assert_true (pcc_provenance_add_testing (p, "boot test", "", NULL));
  return p;
}

static void
test_input_prompts_render (void)
{
  g_autoptr (PccProvenance) p = sample_with_input ();
  g_autofree char *out = pcc_provenance_render (p, 72);
  g_assert_cmpstr (
      out, ==,
      "How this series was made:\n"
      "\n"
      "Tools:\n"
      "- coccinelle 1.1.1: generated the conversion in patches 2-4\n"
      "  Input:\n"
      "    @@\n"
      "    expression E;\n"
      "    @@\n"
      "\n"
      "    -\tfoo_reset_wait(E, 500);\n"
      "    +\tfoo_reset_wait(E, foo->reset_timeout_ms);  /* a comment long "
      "enough to pass column 72 */\n"
      "- checkpatch.pl\n"
      "  Input: scripts/checkpatch.pl --strict -g HEAD~4..\n"
      "- sparse\n"
      "  Input:\n"
      "    make C=2 CF=\"-Wsparse-all -Wno-bitwise\" "
      "drivers/net/ethernet/foo/ drivers/net/ethernet/foo/phy/\n"
      "\n"
      "LLM and agent assistance:\n"
      "- LLM\n"
      "  Prompts: A session of about an hour: asked for the error paths of\n"
      "    foo_reset(), then for each to be checked against the datasheet.\n"
      "  Produced: first draft of patch 3's error handling\n"
      "  Reviewed: rewritten by hand\n"
      "- LLM\n"
      "  Prompts:\n"
      "    Convert foo_reset_wait() callers to the new timeout.\n"
      "\n"
      "    Keep the 500 ms default.\n"
      "  Produced: patch 4\n"
      "\n"
      "Testing:\n"
      "- boot test\n");

  /* Each part on its own, as it appears in the whole. */
  static const PccProvenanceKind kinds[]
      = { PCC_PROV_TOOL, PCC_PROV_ASSISTANCE, PCC_PROV_TESTING };
  static const char *const heads[]
      = { "Tools:\n", "LLM and agent assistance:\n", "Testing:\n" };
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *part = pcc_provenance_render_part (p, kinds[k], 72);
      g_assert_true (g_str_has_prefix (part, heads[k]));
      g_assert_true (g_str_has_suffix (part, "\n"));
      g_autofree char *framed = g_strconcat ("\n", part, NULL);
      g_assert_nonnull (strstr (out, framed));
    }
  g_autoptr (PccProvenance) notes_only = pcc_provenance_new ();
  g_assert_true (pcc_provenance_set_notes (notes_only, "x", NULL));
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *part
          = pcc_provenance_render_part (notes_only, kinds[k], 72);
      g_assert_cmpstr (part, ==, "");
    }

  /* Multi-line fields keep newlines and tabs, refuse other controls. */
  g_autoptr (GError) error = NULL;
  g_assert_false (pcc_provenance_set_tool_input (p, 0, "a\rb", &error));
  g_assert_nonnull (strstr (error->message, "tool input"));
  g_clear_error (&error);
  g_assert_false (
      pcc_provenance_set_assistance_prompts (p, 0, "a\x1b[31m", &error));
  g_assert_nonnull (strstr (error->message, "assistance prompts"));
  g_clear_error (&error);
  /* Failed setters leave the value alone; NULL clears it. */
  g_assert_true (g_str_has_prefix (pcc_provenance_get_tool (p, 0)->input,
                                   "@@\nexpression E;\n"));
  g_assert_true (pcc_provenance_set_tool_input (p, 0, NULL, NULL));
  g_assert_cmpstr (pcc_provenance_get_tool (p, 0)->input, ==, "");
}

static void
test_input_prompts_keyfile (void)
{
  g_autoptr (PccProvenance) p = sample_with_input ();
  gsize len = 0;
  g_autofree char *data = pcc_provenance_to_data (p, &len);
  g_assert_nonnull (strstr (data, "\ninput=@@\\nexpression E;\\n@@\\n"));
  g_assert_nonnull (strstr (data, "\nprompts=Convert foo_reset_wait()"));
  g_autoptr (GError) error = NULL;
  g_autoptr (PccProvenance) q
      = pcc_provenance_load_data ("p.ini", data, len, &error);
  g_assert_no_error (error);
  g_assert_true (pcc_provenance_equal (p, q));
  g_assert_cmpstr (pcc_provenance_get_tool (q, 0)->input, ==,
                   pcc_provenance_get_tool (p, 0)->input);
  g_autoptr (PccProvenance) c = pcc_provenance_copy (p);
  g_assert_true (pcc_provenance_equal (p, c));
  g_assert_true (pcc_provenance_set_assistance_prompts (c, 1, "other", NULL));
  g_assert_false (pcc_provenance_equal (p, c));

  /* A file written before the fields existed: they are empty, and the
   * output is what it was. */
  const char *old = "[tool.1]\nname=sparse\nversion=0.6.4\n"
                    "[assistance.1]\nagent=LLM\nproduced=patch 2\n";
  g_autoptr (PccProvenance) o
      = pcc_provenance_load_data ("old.ini", old, strlen (old), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pcc_provenance_get_tool (o, 0)->input, ==, "");
  g_assert_cmpstr (pcc_provenance_get_assistance (o, 0)->prompts, ==, "");
  g_autofree char *out = pcc_provenance_render (o, 72);
  g_assert_cmpstr (out, ==,
                   "How this series was made:\n\nTools:\n- sparse 0.6.4\n\n"
                   "LLM and agent assistance:\n- LLM\n"
                   "  Produced: patch 2\n");
  g_autofree char *again = pcc_provenance_to_data (o, NULL);
  g_assert_null (strstr (again, "input="));
  g_assert_null (strstr (again, "prompts="));

  /* Unknown keys stay errors, naming the new keys too; a bad value in a
   * new key names its group. */
  static const struct
  {
    const char *data;
    const char *message;
  } cases[] = {
    { "[tool.1]\nname=x\ninputs=y\n",
      "unknown key “inputs” (known keys: name, version, purpose); "
      "multi-line keys: input" },
    { "[assistance.1]\nagent=x\nprompt=y\n",
      "unknown key “prompt” (known keys: agent, produced, review); "
      "multi-line keys: prompts" },
    { "[tool.1]\nname=x\ninput=a\\rb\n",
      "p.ini: group [tool.1]: provenance field “tool input”" },
    { "[testing.1]\nwhat=x\ninput=y\n", "unknown key “input”" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) e = NULL;
      g_autoptr (PccProvenance) r = pcc_provenance_load_data (
          "p.ini", cases[i].data, strlen (cases[i].data), &e);
      g_assert_null (r);
      if (!strstr (e->message, cases[i].message))
        g_error ("case %u: “%s” not in “%s”", i, cases[i].message, e->message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/provenance/render", test_render);
  g_test_add_func ("/provenance/validation", test_validation);
  g_test_add_func ("/provenance/keyfile-roundtrip", test_keyfile_roundtrip);
  g_test_add_func ("/provenance/keyfile-errors", test_keyfile_errors);
  g_test_add_func ("/provenance/history", test_history);
  g_test_add_func ("/provenance/input-prompts-render",
                   test_input_prompts_render);
  g_test_add_func ("/provenance/input-prompts-keyfile",
                   test_input_prompts_keyfile);
  return g_test_run ();
}
