/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-recipients.c - the recipients engine on a tree written here: who
 * gets a patch and with which role, THE REST as a fallback, duplicate
 * removal, .mailmap, b4's To/Cc split and the explanation. */
#include <string.h>
#include <glib/gstdio.h>
#include "pcc-recipients.h"

/* NET CORE is deeper than NET DRIVER, so it comes first; both have the
 * same list and "the same" maintainer (same name, other case, other
 * address); DOCS has no list. */
static const char *MAINT
    = "NET DRIVER\n"
      "M:\tNed Net <ned@x.org>\n"
      "R:\tRita Review <rita@x.org>\n"
      "L:\tnetdev@x.org\n"
      "S:\tMaintained\n"
      "F:\tdrivers/net/\n"
      "\n"
      "NET CORE\n"
      "M:\tNED NET <ned.core@x.org>\n"
      "L:\tNetdev@x.org\n"
      "S:\tSupported\n"
      "F:\tdrivers/net/core/\n"
      "\n"
      "DOCS\n"
      "M:\tDora Doc <dora@x.org>\n"
      "L:\tdocs@x.org (moderated for non-subscribers)\n"
      "S:\tOdd Fixes\n"
      "F:\tDocumentation/\n"
      "\n"
      "TOOLS\n"
      "M:\tTom Tool <tom@x.org>\n"
      "S:\tMaintained\n"
      "F:\ttools/\n"
      "\n"
      "THE REST\n"
      "M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
      "L:\tlinux-kernel@vger.kernel.org\n"
      "S:\tBuried alive in reporters\n"
      "F:\t*\n"
      "F:\t*/\n";

/* Rita's address changed. */
static const char *MAILMAP = "Rita Review <rita@new.org> <rita@x.org>\n";

#define DIFF(path)                                                \
  "diff --git a/" path " b/" path "\n--- a/" path "\n+++ b/" path \
  "\n@@ -1 +1 @@\n-a\n+b\n"
#define PATCH(diffs) "From: d@x.org\nSubject: [PATCH] fix\n\nMsg.\n---\n" diffs

static const char *NET_PATCH = PATCH (DIFF ("drivers/net/core/a.c"));
static const char *TOOLS_PATCH = PATCH (DIFF ("tools/t.c"));
static const char *DOCS_PATCH = PATCH (DIFF ("Documentation/d.txt"));

static char *dir;
static PccTree *tree;
static PccEngine *engine;

typedef enum
{
  RUN_DEFAULT, /* the script's defaults, no git */
  RUN_B4_TO,
  RUN_B4_CC,
  RUN_REST_ALWAYS,
} Run;

static PccResult *
compute (const char *text, Run run)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p
      = pcc_patch_new_from_data ("p", text, strlen (text), 0, &error);
  g_assert_no_error (error);
  PccOptions o;
  pcc_options_init (&o);
  o.email_git_fallback = FALSE;
  if (run == RUN_B4_TO)
    pcc_options_set_b4 (&o, PCC_B4_TO);
  else if (run == RUN_B4_CC)
    pcc_options_set_b4 (&o, PCC_B4_CC);
  else if (run == RUN_REST_ALWAYS)
    o.rest_rule = PCC_REST_ALWAYS;
  g_assert_true (pcc_options_finish (&o, &error));
  g_assert_no_error (error);
  PccResult *r = pcc_engine_compute (engine, &o, &p, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  pcc_options_clear (&o);
  return r;
}

static char *
format (const char *text, Run run)
{
  g_autoptr (PccResult) r = compute (text, run);
  return pcc_result_format (r);
}

static const PccRecipient *
find (const PccResult *r, const char *email)
{
  for (guint i = 0; i < pcc_result_get_n_recipients (r); i++)
    {
      const PccRecipient *rc = pcc_result_get_recipient (r, i);
      if (strcmp (rc->email, email) == 0)
        return rc;
    }
  return NULL;
}

/* The section a reason names. */
static const char *
section_of (const PccReason *re)
{
  return pcc_maintainers_entry_value (pcc_engine_get_maintainers (engine),
                                      re->section);
}

/* drivers/net/core/a.c: NET CORE, NET DRIVER and THE REST match; THE
 * REST goes (the other two have a list), so neither Linus nor LKML. */
static void
test_sections_and_roles (void)
{
  g_autofree char *out = format (NET_PATCH, RUN_DEFAULT);
  g_assert_cmpstr (out, ==,
                   "NED NET <ned.core@x.org> (supporter:NET CORE)\n"
                   "Rita Review <rita@new.org> (reviewer:NET DRIVER)\n"
                   "Netdev@x.org (open list:NET CORE)\n");

  g_autoptr (PccResult) r = compute (NET_PATCH, RUN_DEFAULT);
  g_assert_cmpuint (pcc_result_get_n_recipients (r), ==, 3);
  const PccRecipient *ned = find (r, "ned.core@x.org");
  g_assert_nonnull (ned);
  g_assert_cmpint (ned->kind, ==, PCC_KIND_MAINTAINER);
  g_assert_cmpstr (ned->name, ==, "NED NET");
  g_assert_cmpstr (ned->role, ==, "supporter:NET CORE");
  /* one entry per section that brought Ned in, deepest section first */
  g_assert_cmpuint (ned->reasons->len, ==, 2);
  const PccReason *r0 = &g_array_index (ned->reasons, PccReason, 0);
  const PccReason *r1 = &g_array_index (ned->reasons, PccReason, 1);
  g_assert_cmpint (r0->kind, ==, PCC_REASON_PATTERN);
  g_assert_cmpstr (r0->file, ==, "drivers/net/core/a.c");
  g_assert_cmpstr (section_of (r0), ==, "NET CORE");
  g_assert_cmpstr (section_of (r1), ==, "NET DRIVER");

  const PccRecipient *rita = find (r, "rita@new.org");
  g_assert_nonnull (rita);
  g_assert_cmpint (rita->kind, ==, PCC_KIND_REVIEWER);
  g_assert_null (find (r, "rita@x.org"));
  g_assert_null (find (r, "torvalds@linux-foundation.org"));
  g_assert_null (find (r, "linux-kernel@vger.kernel.org"));
  const PccRecipient *list = find (r, "Netdev@x.org");
  g_assert_nonnull (list);
  g_assert_cmpint (list->kind, ==, PCC_KIND_LIST);
  g_assert_cmpuint (list->reasons->len, ==, 2);

  g_assert_cmpuint (pcc_result_get_n_files (r), ==, 1);
  const PccFileRest *fr = pcc_result_get_file_rest (r, 0);
  g_assert_cmpstr (fr->file, ==, "drivers/net/core/a.c");
  g_assert_cmpint (fr->decision, ==, PCC_REST_DROPPED);
  g_assert_cmpuint (fr->n_matches, ==, 3);
  const char *why = pcc_maintainers_entry_value (
      pcc_engine_get_maintainers (engine), fr->list_section);
  g_assert_true (strcmp (why, "NET DRIVER") == 0
                 || strcmp (why, "NET CORE") == 0);

  g_autofree char *explain = pcc_result_explain (r);
  g_autofree char *dropped = g_strdup_printf (
      "    drivers/net/core/a.c: dropped: %s (MAINTAINERS:", why);
  g_assert_nonnull (strstr (explain, dropped));
  g_assert_nonnull (strstr (explain, "NED NET <ned.core@x.org> "
                                     "(supporter:NET CORE)\n    "
                                     "drivers/net/core/a.c: matches \"F:"));
}

/* tools/t.c: TOOLS has no list, so THE REST stays: LKML with no section
 * in its role; Linus, the chief penguin, is left out all the same. */
static void
test_rest_kept_without_list (void)
{
  g_autofree char *out = format (TOOLS_PATCH, RUN_DEFAULT);
  g_assert_cmpstr (out, ==,
                   "Tom Tool <tom@x.org> (maintainer:TOOLS)\n"
                   "linux-kernel@vger.kernel.org (open list)\n");
  g_autoptr (PccResult) r = compute (TOOLS_PATCH, RUN_DEFAULT);
  g_assert_cmpint (pcc_result_get_file_rest (r, 0)->decision, ==,
                   PCC_REST_KEPT_NO_LIST);
  g_autofree char *explain = pcc_result_explain (r);
  g_assert_nonnull (strstr (explain, "    tools/t.c: kept: no other section "
                                     "matching it has a list\n"));
}

/* A moderated list is a list: DOCS keeps LKML out. */
static void
test_rest_dropped_for_moderated_list (void)
{
  g_autofree char *out = format (DOCS_PATCH, RUN_DEFAULT);
  g_assert_cmpstr (out, ==,
                   "Dora Doc <dora@x.org> (odd fixer:DOCS)\n"
                   "docs@x.org (moderated list:DOCS)\n");
  g_autoptr (PccResult) r = compute (DOCS_PATCH, RUN_DEFAULT);
  g_assert_cmpint (find (r, "docs@x.org")->kind, ==, PCC_KIND_MODERATED_LIST);
}

/* --rest-rule=always: the original script, THE REST kept everywhere. */
static void
test_rest_always (void)
{
  g_autofree char *out = format (NET_PATCH, RUN_REST_ALWAYS);
  g_assert_cmpstr (out, ==,
                   "NED NET <ned.core@x.org> (supporter:NET CORE)\n"
                   "Rita Review <rita@new.org> (reviewer:NET DRIVER)\n"
                   "Netdev@x.org (open list:NET CORE)\n"
                   "linux-kernel@vger.kernel.org (open list)\n");
  g_autoptr (PccResult) r = compute (NET_PATCH, RUN_REST_ALWAYS);
  g_assert_cmpint (pcc_result_get_file_rest (r, 0)->decision, ==,
                   PCC_REST_KEPT_ALWAYS);
}

/* b4: maintainers and reviewers in To (--nol), reviewers and lists in
 * Cc (--nom: only M: is left out), no roles. */
static void
test_b4_split (void)
{
  g_autofree char *to = format (NET_PATCH, RUN_B4_TO);
  g_autofree char *cc = format (NET_PATCH, RUN_B4_CC);
  g_assert_cmpstr (to, ==,
                   "NED NET <ned.core@x.org>\n"
                   "Rita Review <rita@new.org>\n");
  g_assert_cmpstr (cc, ==,
                   "Rita Review <rita@new.org>\n"
                   "Netdev@x.org\n");
  g_autofree char *tools_cc = format (TOOLS_PATCH, RUN_B4_CC);
  g_assert_cmpstr (tools_cc, ==, "linux-kernel@vger.kernel.org\n");
}

/* Two patches on one command line: the union, each file and address
 * once. */
static void
test_two_patches (void)
{
  g_autoptr (GError) error = NULL;
  PccPatch *p[2];
  p[0] = pcc_patch_new_from_data ("a", NET_PATCH, strlen (NET_PATCH), 0,
                                  &error);
  p[1] = pcc_patch_new_from_data (
      "b", PATCH (DIFF ("drivers/net/core/a.c") DIFF ("tools/t.c")),
      strlen (PATCH (DIFF ("drivers/net/core/a.c") DIFF ("tools/t.c"))), 0,
      &error);
  g_assert_no_error (error);
  PccOptions o;
  pcc_options_init (&o);
  o.email_git_fallback = FALSE;
  g_assert_true (pcc_options_finish (&o, NULL));
  g_autoptr (PccResult) r = pcc_engine_compute (engine, &o, p, 2, &error);
  g_assert_no_error (error);
  g_autofree char *out = pcc_result_format (r);
  g_assert_cmpstr (out, ==,
                   "NED NET <ned.core@x.org> (supporter:NET CORE)\n"
                   "Rita Review <rita@new.org> (reviewer:NET DRIVER)\n"
                   "Tom Tool <tom@x.org> (maintainer:TOOLS)\n"
                   "Netdev@x.org (open list:NET CORE)\n"
                   "linux-kernel@vger.kernel.org (open list)\n");
  g_assert_cmpuint (pcc_result_get_n_files (r), ==, 2);
  g_assert_cmpint (pcc_result_get_file_rest (r, 0)->decision, ==,
                   PCC_REST_DROPPED);
  g_assert_cmpint (pcc_result_get_file_rest (r, 1)->decision, ==,
                   PCC_REST_KEPT_NO_LIST);
  pcc_options_clear (&o);
  pcc_patch_free (p[0]);
  pcc_patch_free (p[1]);
}

/* Without duplicate removal both Neds stay, each with its own role. */
static void
test_no_dedup (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p = pcc_patch_new_from_data (
      "p", NET_PATCH, strlen (NET_PATCH), 0, &error);
  PccOptions o;
  pcc_options_init (&o);
  o.email_git_fallback = FALSE;
  o.email_remove_duplicates = FALSE;
  g_assert_true (pcc_options_finish (&o, NULL));
  g_autoptr (PccResult) r = pcc_engine_compute (engine, &o, &p, 1, &error);
  g_assert_no_error (error);
  g_autofree char *out = pcc_result_format (r);
  g_assert_cmpstr (out, ==,
                   "NED NET <ned.core@x.org> (supporter:NET CORE)\n"
                   "Ned Net <ned@x.org> (maintainer:NET DRIVER)\n"
                   "Rita Review <rita@new.org> (reviewer:NET DRIVER)\n"
                   "Netdev@x.org (open list:NET CORE)\n");
  pcc_options_clear (&o);
}

/* A section that is not Maintained: its status next to its people (the
 * review's role column, --explain), as --substatus reports it; none for
 * Maintained sections or THE REST. */
static void
test_section_status (void)
{
  g_autoptr (PccResult) docs = compute (DOCS_PATCH, RUN_DEFAULT);
  g_autofree char *dora
      = pcc_result_describe_status (docs, find (docs, "dora@x.org"));
  g_assert_cmpstr (dora, ==, "Odd Fixes");
  g_autofree char *explain = pcc_result_explain (docs);
  g_assert_nonnull (strstr (explain, "Dora Doc <dora@x.org> (odd fixer:DOCS)\n    "
                                     "Documentation/d.txt: matches \"F:\t"
                                     "Documentation/\" (MAINTAINERS:18) of "
                                     "DOCS (status: Odd Fixes)\n"));

  g_autoptr (PccResult) net = compute (NET_PATCH, RUN_DEFAULT);
  g_autofree char *ned
      = pcc_result_describe_status (net, find (net, "ned.core@x.org"));
  g_assert_cmpstr (ned, ==, "Supported");

  g_autoptr (PccResult) tools = compute (TOOLS_PATCH, RUN_DEFAULT);
  g_assert_null (
      pcc_result_describe_status (tools, find (tools, "tom@x.org")));
  const PccRecipient *rest = find (tools, "linux-kernel@vger.kernel.org");
  g_assert_nonnull (rest);
  g_assert_null (pcc_result_describe_status (tools, rest));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("pcc-recipients-XXXXXX", NULL);
  g_autofree char *mf = g_build_filename (dir, "MAINTAINERS", NULL);
  g_autofree char *mm = g_build_filename (dir, ".mailmap", NULL);
  g_assert_true (g_file_set_contents (mf, MAINT, -1, NULL));
  g_assert_true (g_file_set_contents (mm, MAILMAP, -1, NULL));
  g_autoptr (GError) error = NULL;
  tree = pcc_tree_open_dir (dir, &error);
  g_assert_no_error (error);
  engine = pcc_engine_new (tree, NULL, TRUE, &error);
  g_assert_no_error (error);

  g_test_add_func ("/recipients/sections-and-roles", test_sections_and_roles);
  g_test_add_func ("/recipients/rest-kept-without-list",
                   test_rest_kept_without_list);
  g_test_add_func ("/recipients/rest-dropped-for-moderated-list",
                   test_rest_dropped_for_moderated_list);
  g_test_add_func ("/recipients/rest-always", test_rest_always);
  g_test_add_func ("/recipients/b4-split", test_b4_split);
  g_test_add_func ("/recipients/two-patches", test_two_patches);
  g_test_add_func ("/recipients/no-dedup", test_no_dedup);
  g_test_add_func ("/recipients/section-status", test_section_status);
  int rc = g_test_run ();

  pcc_engine_free (engine);
  pcc_tree_free (tree);
  g_unlink (mf);
  g_unlink (mm);
  g_rmdir (dir);
  return rc;
}
