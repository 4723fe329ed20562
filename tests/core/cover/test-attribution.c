/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-attribution.c - what a tree's documents ask about Assisted-by:,
 * on trees written here: 7.3's form, the earlier 7.x form, the posted
 * change that drops the trailer applied, and a 6.x tree without the
 * document. */
#include <glib/gstdio.h>
#include <string.h>

#include "pcc-attribution.h"

/* The parts of coding-assistants.rst that matter, as 7.3 has them. */
static const char head[]
    = ".. SPDX-License-Identifier: GPL-2.0\n"
      "\n"
      "AI Coding Assistants\n"
      "++++++++++++++++++++\n"
      "\n"
      "Signed-off-by and Developer Certificate of Origin\n"
      "=================================================\n"
      "\n"
      "AI agents MUST NOT add Signed-off-by tags. Only humans can legally\n"
      "certify the Developer Certificate of Origin (DCO).\n"
      "\n";

static const char section_73[]
    = "Attribution\n"
      "===========\n"
      "\n"
      "When AI tools contribute to kernel development, proper attribution\n"
      "helps track the evolving role of AI in the development process.\n"
      "Contributions should include an Assisted-by tag in the following "
      "format::\n"
      "\n"
      "  Assisted-by: LLM [TOOL1] [TOOL2]\n"
      "\n"
      "* ``[TOOL1] [TOOL2]`` are optional specialized analysis tools used\n"
      "  (e.g., coccinelle, sparse, smatch, clang-tidy)\n"
      "\n"
      "Example::\n"
      "\n"
      "  Assisted-by: LLM coccinelle sparse\n"
      "\n";

static const char section_70[]
    = "Attribution\n"
      "===========\n"
      "\n"
      "Contributions should include an Assisted-by tag in the following "
      "format::\n"
      "\n"
      "  Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]  \n"
      "\n"
      "Example::\n"
      "\n"
      "  Assisted-by: Claude:claude-3-opus coccinelle sparse\n"
      "\n";

/* Step 6 of the bug procedure, before and after the posted change. */
static const char tail_with[]
    = "6. Commit the working fix with a detailed message describing the "
      "problem, the\n"
      "   solution and a Fixes tag. Do not add a Signed-off-by tag, and add "
      "an\n"
      "   Assisted-by tag, as described above.\n";
static const char tail_without[]
    = "6. Commit the working fix with a detailed message describing the "
      "problem, the\n"
      "   solution and a Fixes tag. Do not add a Signed-off-by tag.\n";

static char *
write_tree (const char *coding_assistants, gboolean generated_content)
{
  char *top = g_dir_make_tmp ("pcc-attr-XXXXXX", NULL);
  g_assert_nonnull (top);
  g_autofree char *dir
      = g_build_filename (top, "Documentation", "process", NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  if (coding_assistants)
    {
      g_autofree char *p = g_build_filename (top, PCC_ATTRIBUTION_DOC, NULL);
      g_assert_true (g_file_set_contents (p, coding_assistants, -1, NULL));
    }
  if (generated_content)
    {
      g_autofree char *p
          = g_build_filename (top, PCC_GENERATED_CONTENT_DOC, NULL);
      g_assert_true (g_file_set_contents (
          p,
          "Second, when making a contribution, be transparent about the\n"
          "origin of content in cover letters and changelogs.\n",
          -1, NULL));
    }
  return top;
}

static void
remove_tree (const char *top)
{
  g_autofree char *a = g_build_filename (top, PCC_ATTRIBUTION_DOC, NULL);
  g_autofree char *g = g_build_filename (top, PCC_GENERATED_CONTENT_DOC, NULL);
  g_autofree char *process
      = g_build_filename (top, "Documentation", "process", NULL);
  g_autofree char *doc = g_build_filename (top, "Documentation", NULL);
  g_unlink (a);
  g_unlink (g);
  g_rmdir (process);
  g_rmdir (doc);
  g_rmdir (top);
}

static PccAttribution *
read_tree (const char *coding_assistants, gboolean generated_content)
{
  g_autofree char *top = write_tree (coding_assistants, generated_content);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (top, &error);
  g_assert_no_error (error);
  PccAttribution *attr = pcc_attribution_read (tree, &error);
  g_assert_no_error (error);
  g_assert_nonnull (attr);
  remove_tree (top);
  return attr;
}

static void
assert_has (const char *text, const char *part)
{
  if (!strstr (text, part))
    g_error ("“%s” not in “%s”", part, text);
}

/* 7.3: "Assisted-by: LLM [TOOL1] [TOOL2]", the first indented line; the
 * example after it and the prose mentions are not the form. */
static void
test_trailer_73 (void)
{
  g_autofree char *doc = g_strconcat (head, section_73, tail_with, NULL);
  g_autoptr (PccAttribution) a = read_tree (doc, TRUE);
  g_assert_cmpint (pcc_attribution_get_kind (a), ==, PCC_ATTRIBUTION_TRAILER);
  g_assert_cmpstr (pcc_attribution_get_form (a), ==,
                   "Assisted-by: LLM [TOOL1] [TOOL2]");
  g_assert_true (pcc_attribution_has_generated_content (a));
  g_autofree char *s = pcc_attribution_describe (a);
  assert_has (s, "This tree's Documentation/process/coding-assistants.rst "
                 "asks for an Assisted-by: trailer in each commit "
                 "(“Assisted-by: LLM [TOOL1] [TOOL2]”)");
  assert_has (s, "is not in a release yet");
  assert_has (s, "is your decision.");
  /* One sentence. */
  g_assert_null (strstr (s, ". "));
  g_assert_null (strchr (s, '\n'));
}

/* Earlier 7.x: "Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]",
 * trailing blanks dropped; no generated-content.rst. */
static void
test_trailer_70 (void)
{
  g_autofree char *doc = g_strconcat (head, section_70, tail_with, NULL);
  g_autoptr (PccAttribution) a = read_tree (doc, FALSE);
  g_assert_cmpint (pcc_attribution_get_kind (a), ==, PCC_ATTRIBUTION_TRAILER);
  g_assert_cmpstr (pcc_attribution_get_form (a), ==,
                   "Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]");
  g_assert_false (pcc_attribution_has_generated_content (a));
  g_autofree char *s = pcc_attribution_describe (a);
  assert_has (s, "(“Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] "
                 "[TOOL2]”)");
}

/* The posted change applied: the document without its Attribution
 * section asks for no trailer. */
static void
test_cover (void)
{
  g_autofree char *doc = g_strconcat (head, tail_without, NULL);
  g_autoptr (PccAttribution) a = read_tree (doc, TRUE);
  g_assert_cmpint (pcc_attribution_get_kind (a), ==, PCC_ATTRIBUTION_COVER);
  g_assert_null (pcc_attribution_get_form (a));
  g_autofree char *s = pcc_attribution_describe (a);
  g_assert_cmpstr (s, ==,
                   "This tree's Documentation/process/coding-assistants.rst "
                   "asks for no Assisted-by: trailer, so say how the series "
                   "was made in the cover letter, as "
                   "Documentation/process/generated-content.rst asks.");

  g_autoptr (PccAttribution) b = read_tree (doc, FALSE);
  g_assert_cmpint (pcc_attribution_get_kind (b), ==, PCC_ATTRIBUTION_COVER);
  g_autofree char *t = pcc_attribution_describe (b);
  g_assert_null (strstr (t, "generated-content"));
}

/* 6.x: no document, nothing asked either way. */
static void
test_unknown (void)
{
  g_autoptr (PccAttribution) a = read_tree (NULL, FALSE);
  g_assert_cmpint (pcc_attribution_get_kind (a), ==, PCC_ATTRIBUTION_UNKNOWN);
  g_assert_null (pcc_attribution_get_form (a));
  g_assert_false (pcc_attribution_has_generated_content (a));
  g_autofree char *s = pcc_attribution_describe (a);
  g_assert_cmpstr (s, ==,
                   "This tree has no "
                   "Documentation/process/coding-assistants.rst, so it says "
                   "nothing about Assisted-by: trailers; whether to keep "
                   "them or move them to the cover letter is your decision.");

  g_autoptr (PccAttribution) b = read_tree (NULL, TRUE);
  g_assert_cmpint (pcc_attribution_get_kind (b), ==, PCC_ATTRIBUTION_UNKNOWN);
  g_autofree char *t = pcc_attribution_describe (b);
  assert_has (t, "Documentation/process/generated-content.rst");
}

/* A document that is there but cannot be read is an error, not
 * "unknown". */
static void
test_unreadable (void)
{
  g_autofree char *top = write_tree (NULL, FALSE);
  g_autofree char *p = g_build_filename (top, PCC_ATTRIBUTION_DOC, NULL);
  g_assert_cmpint (g_mkdir (p, 0755), ==, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (top, &error);
  g_assert_no_error (error);
  g_autoptr (PccAttribution) a = pcc_attribution_read (tree, &error);
  g_assert_null (a);
  g_assert_nonnull (error);
  g_rmdir (p);
  remove_tree (top);
}

/* The same answers from text, and bytes that are not UTF-8 in the form
 * do not reach a label. */
static void
test_from_text (void)
{
  g_autoptr (PccAttribution) a = pcc_attribution_new_from_text (
      "x\n\t Assisted-by: LLM \xff tool\n", FALSE);
  g_assert_cmpint (pcc_attribution_get_kind (a), ==, PCC_ATTRIBUTION_TRAILER);
  g_assert_true (g_utf8_validate (pcc_attribution_get_form (a), -1, NULL));
  g_autoptr (PccAttribution) b = pcc_attribution_new_from_text (
      "Assisted-by: not indented, not the form\n", TRUE);
  g_assert_cmpint (pcc_attribution_get_kind (b), ==, PCC_ATTRIBUTION_COVER);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/attribution/trailer-7.3", test_trailer_73);
  g_test_add_func ("/attribution/trailer-earlier-7.x", test_trailer_70);
  g_test_add_func ("/attribution/cover", test_cover);
  g_test_add_func ("/attribution/unknown", test_unknown);
  g_test_add_func ("/attribution/unreadable", test_unreadable);
  g_test_add_func ("/attribution/from-text", test_from_text);
  return g_test_run ();
}
