/* SPDX-License-Identifier: GPL-2.0-or-later */
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

/* The tables as bytes (the index cache's form), looked up in place: the
 * same answers, and bytes that could not have been written are refused
 * (out of order keys would make lookups miss). */
static void
test_bytes (void)
{
  g_autoptr (PccMailmap) m = pcc_mailmap_new_from_data (MAP, strlen (MAP));
  g_assert_cmpuint (pcc_mailmap_get_size (m), ==, 4);
  g_autoptr (GBytes) b = pcc_mailmap_to_bytes (m);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccMailmap) r = pcc_mailmap_new_from_bytes (b, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_mailmap_get_size (r), ==, 4);
  const char *in[]
      = { "Someone <proper@example.org>", "X <old@example.org>",
          "Y <former@example.org>",       "Wrong Person <wrong@example.org>",
          "Unrelated <u@example.org>",    "former@example.org" };
  for (guint i = 0; i < G_N_ELEMENTS (in); i++)
    {
      g_autofree char *a = pcc_mailmap_map (m, in[i]);
      g_autofree char *c = pcc_mailmap_map (r, in[i]);
      g_assert_cmpstr (a, ==, c);
    }

  /* a later line wins, as in the script's hash */
  const char *twice = "First <x@example.org>\nSecond <x@example.org>\n";
  g_autoptr (PccMailmap) t = pcc_mailmap_new_from_data (twice, strlen (twice));
  g_autofree char *tw = pcc_mailmap_map (t, "x@example.org");
  g_assert_cmpstr (tw, ==, "Second <x@example.org>");
  g_assert_cmpuint (pcc_mailmap_get_size (t), ==, 1);

  g_autoptr (PccMailmap) e = pcc_mailmap_new ();
  g_assert_cmpuint (pcc_mailmap_get_size (e), ==, 0);
  g_autofree char *eo = pcc_mailmap_map (e, "A <a@example.org>");
  g_assert_cmpstr (eo, ==, "A <a@example.org>");

  static const struct
  {
    const char *bytes;
    gsize len;
  } bad[] = {
    { "Nb\0v\0Na\0v\0", 10 }, /* keys out of order */
    { "Na\0v\0Na\0w\0", 10 }, /* a key twice */
    { "Aa\0v\0Nb\0v\0", 10 }, /* a name after an address */
    { "Xa\0v\0", 5 },         /* no such table */
    { "Na\0v", 4 },           /* the value not ended */
    { "Na", 2 },              /* the key not ended */
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GBytes) bb = g_bytes_new_static (bad[i].bytes, bad[i].len);
      g_autoptr (GError) err = NULL;
      g_assert_null (pcc_mailmap_new_from_bytes (bb, &err));
      g_assert_nonnull (err);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mailmap/forms-vs-libgit2", test_forms);
  g_test_add_func ("/mailmap/quoting", test_quoting);
  g_test_add_func ("/mailmap/bytes", test_bytes);
  return g_test_run ();
}
