/* test-mailmap.c - .mailmap with get_maintainer.pl's semantics, next to
 * libgit2's git_mailmap (git shortlog's) on the same file: where they
 * agree, and where they do not (which is why the engine has its own). */
#include <string.h>
#include <git2.h>
#include "pcc-mailmap.h"

static const char *MAP
    = "# comment\n"
      "Proper Name <proper@example.org>\n"                    /* form 1 */
      "<new@example.org> <old@example.org>\n"                 /* form 2 */
      "Other Name <other@example.org> <former@example.org>\n" /* form 3 */
      "Real Person <real@example.org> Wrong Person <wrong@example.org>\n"; /* 4 */

static char *
git_map (git_mailmap *mm, const char *name, const char *email)
{
  const char *rn, *re;
  g_assert_cmpint (git_mailmap_resolve (&rn, &re, mm, name, email), ==, 0);
  return g_strdup_printf ("%s <%s>", rn, re);
}

static void
test_forms (void)
{
  g_autoptr (PccMailmap) m = pcc_mailmap_new_from_data (MAP, strlen (MAP));
  git_mailmap *gm = NULL;
  git_libgit2_init ();
  g_assert_cmpint (git_mailmap_from_buffer (&gm, MAP, strlen (MAP)), ==, 0);

  struct
  {
    const char *in, *name, *email, *want;
  } cases[] = {
    { "Someone <proper@example.org>", "Someone", "proper@example.org",
      "Proper Name <proper@example.org>" },
    { "X <old@example.org>", "X", "old@example.org", "X <new@example.org>" },
    { "Y <former@example.org>", "Y", "former@example.org",
      "Other Name <other@example.org>" },
    { "Wrong Person <wrong@example.org>", "Wrong Person", "wrong@example.org",
      "Real Person <real@example.org>" },
    { "Unrelated <u@example.org>", "Unrelated", "u@example.org",
      "Unrelated <u@example.org>" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *ours = pcc_mailmap_map (m, cases[i].in);
      g_autofree char *gits = git_map (gm, cases[i].name, cases[i].email);
      g_assert_cmpstr (ours, ==, cases[i].want);
      g_assert_cmpstr (gits, ==, cases[i].want); /* the two agree */
    }

  /* Both look addresses up as written (libgit2 1.5 as get_maintainer.pl's
   * hash): a case variant is not mapped by either. */
  g_autofree char *ours = pcc_mailmap_map (m, "X <OLD@example.org>");
  g_autofree char *gits = git_map (gm, "X", "OLD@example.org");
  g_assert_cmpstr (ours, ==, "X <OLD@example.org>");
  g_assert_cmpstr (gits, ==, "X <OLD@example.org>");

  /* and form 4 needs the exact name in get_maintainer.pl */
  g_autofree char *o4
      = pcc_mailmap_map (m, "Wrong person <wrong@example.org>");
  g_assert_cmpstr (o4, ==, "Wrong person <wrong@example.org>");
  git_mailmap_free (gm);
}

static void
test_quoting (void)
{
  /* Where they differ: the script parses and re-formats every name, so
   * names with characters other than [A-Za-z0-9_ -] (a '.', bytes >= 0x80)
   * come back quoted and keyed by their quoted form; git keeps names as
   * written.  Recipients need the script's form, shortlog git's. */
  const char *map = "Jos\xc3\xa9 Q. Doe <jd@example.org>\n";
  g_autoptr (PccMailmap) m = pcc_mailmap_new_from_data (map, strlen (map));
  g_autofree char *out = pcc_mailmap_map (m, "jd@example.org");
  g_assert_cmpstr (out, ==, "\"Jos\xc3\xa9 Q. Doe\" <jd@example.org>");
  git_mailmap *gm = NULL;
  g_assert_cmpint (git_mailmap_from_buffer (&gm, map, strlen (map)), ==, 0);
  g_autofree char *gits = git_map (gm, "J", "jd@example.org");
  g_assert_cmpstr (gits, ==, "Jos\xc3\xa9 Q. Doe <jd@example.org>");
  git_mailmap_free (gm);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mailmap/forms-vs-libgit2", test_forms);
  g_test_add_func ("/mailmap/quoting", test_quoting);
  return g_test_run ();
}
