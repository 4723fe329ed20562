/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-email.c - the script's parse_email()/format_email(), and header
 * address lists through libetpan. */
#include <string.h>
#include "pcc-email.h"
#include "pcc-regex.h"

static void
check_parse (const char *in, const char *name, const char *address)
{
  g_autofree char *n = NULL, *a = NULL;
  pcc_email_parse (in, &n, &a);
  g_assert_cmpstr (n, ==, name);
  g_assert_cmpstr (a, ==, address);
}

static void
test_parse (void)
{
  check_parse ("Alice <a@b.c>", "Alice", "a@b.c");
  check_parse ("  Alice   <a@b.c>  ", "Alice", "a@b.c");
  check_parse ("<a@b.c>", "", "a@b.c");
  check_parse ("a@b.c", "", "a@b.c");
  check_parse ("a@b.c (comment)", "", "a@b.c");
  /* must-quote characters: '.', bytes >= 0x80 (Perl's \w is ASCII here) */
  check_parse ("David S. Miller <davem@davemloft.net>", "\"David S. Miller\"",
               "davem@davemloft.net");
  check_parse ("Marek Beh\xc3\xban <kabel@kernel.org>",
               "\"Marek Beh\xc3\xban\"", "kabel@kernel.org");
  check_parse ("\"Quoted\" <q@b.c>", "Quoted", "q@b.c");
  check_parse ("no address here", "", "");
}

static void
test_format (void)
{
  g_autofree char *a = pcc_email_format ("Alice", "a@b.c", TRUE);
  g_autofree char *b = pcc_email_format ("Alice", "a@b.c", FALSE);
  g_autofree char *c = pcc_email_format ("", "a@b.c", TRUE);
  g_autofree char *d = pcc_email_format ("O'Neil", "o@b.c", TRUE);
  g_assert_cmpstr (a, ==, "Alice <a@b.c>");
  g_assert_cmpstr (b, ==, "a@b.c");
  g_assert_cmpstr (c, ==, "a@b.c");
  g_assert_cmpstr (d, ==, "\"O'Neil\" <o@b.c>");
}

static void
test_rfc822 (void)
{
  g_assert_true (pcc_email_rfc822_valid ("Alice <a@b.c>"));
  g_assert_true (pcc_email_rfc822_valid ("a@b.c"));
  /* '.' in a phrase is not RFC 822: the script then pushes it as-is */
  g_assert_false (pcc_email_rfc822_valid ("David S. Miller <d@m.net>"));
  g_autoptr (GPtrArray) two
      = pcc_email_rfc822_validlist ("A <a@b.c>, B <b@b.c>");
  g_assert_nonnull (two);
  g_assert_cmpuint (two->len, ==, 2);
  g_autoptr (GPtrArray) bad = pcc_email_rfc822_validlist ("not, valid <");
  g_assert_null (bad);
}

/* The bytes the generated addresses are made of: atom bytes (ASCII and
 * not), every special, blanks, controls. */
static const char atom_bytes[] = "abzAZ09-_+!#$%&'*/=?^`{|}~\x80\xc3\xff";
static const char odd_bytes[] = "()<>@,;:\\\".[] \t\r\n\x01\x7f";

static void
append_atom (GString *s, GRand *r)
{
  int n = g_rand_int_range (r, 1, 5);
  for (int i = 0; i < n; i++)
    g_string_append_c (
        s, atom_bytes[g_rand_int_range (r, 0, sizeof atom_bytes - 1)]);
}

static void
append_dot_atoms (GString *s, GRand *r)
{
  int n = g_rand_int_range (r, 1, 4);
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (s, '.');
      append_atom (s, r);
    }
}

static void
append_blanks (GString *s, GRand *r)
{
  int n = g_rand_int_range (r, 0, 3);
  for (int i = 0; i < n; i++)
    g_string_append_c (s, g_rand_boolean (r) ? ' ' : '\t');
}

/* A plain address or "phrase <address>", then sometimes one to three
 * bytes replaced, inserted or dropped: valid ones, nearly valid ones. */
static char *
generate_address (GRand *r)
{
  GString *s = g_string_new (NULL);
  append_blanks (s, r);
  gboolean named = g_rand_boolean (r);
  if (named)
    {
      int words = g_rand_int_range (r, 0, 4);
      for (int w = 0; w < words; w++)
        {
          if (g_rand_int_range (r, 0, 4) == 0)
            {
              g_string_append_c (s, '"');
              int n = g_rand_int_range (r, 0, 6);
              for (int i = 0; i < n; i++)
                g_string_append_c (s, g_rand_boolean (r)
                                          ? odd_bytes[g_rand_int_range (
                                              r, 0, sizeof odd_bytes - 1)]
                                          : atom_bytes[g_rand_int_range (
                                              r, 0, sizeof atom_bytes - 1)]);
              g_string_append_c (s, '"');
            }
          else
            append_atom (s, r);
          append_blanks (s, r);
        }
      if (g_rand_int_range (r, 0, 8) != 0)
        g_string_append_c (s, '<');
    }
  append_dot_atoms (s, r);
  g_string_append_c (s, '@');
  append_dot_atoms (s, r);
  if (named && g_rand_int_range (r, 0, 8) != 0)
    g_string_append_c (s, '>');
  append_blanks (s, r);

  int edits = g_rand_int_range (r, 0, 4) == 0 ? 0 : g_rand_int_range (r, 0, 4);
  for (int e = 0; e < edits && s->len > 0; e++)
    {
      guint at = g_rand_int_range (r, 0, s->len);
      char c
          = g_rand_boolean (r)
                ? odd_bytes[g_rand_int_range (r, 0, sizeof odd_bytes - 1)]
                : atom_bytes[g_rand_int_range (r, 0, sizeof atom_bytes - 1)];
      switch (g_rand_int_range (r, 0, 3))
        {
          case 0:
            s->str[at] = c;
            break;
          case 1:
            g_string_insert_c (s, at, c);
            break;
          default:
            g_string_erase (s, at, 1);
            break;
        }
    }
  return g_string_free (s, FALSE);
}

/* pcc_email_rfc822_valid() answers plain addresses without the script's
 * expression: on a few written shapes (groups, routes, literals,
 * comments) and 100,000 generated strings (a fixed seed, the same every
 * run), it must answer as the expression does. */
static void
test_rfc822_vs_expression (void)
{
  static const char *const fixed[] = { "undisclosed-recipients:;",
                                       "group: a@b.c, d@e.f;",
                                       "a:;",
                                       "a b c",
                                       "",
                                       " \t",
                                       "<a@b>",
                                       "a@[1.2.3.4]",
                                       "\"a b\"@c.d",
                                       "a . b @ c . d",
                                       "a@b (comment)",
                                       "A (x) <a@b>",
                                       "a@b\n",
                                       "David S. Miller <d@m.net>",
                                       "\"David S. Miller\" <d@m.net>",
                                       "a\r\n @b",
                                       "\"<\"x@y>",
                                       "A <@r.s:a@b>",
                                       "a@b, c@d" };
  g_autoptr (GRand) r = g_rand_new_with_seed (14);
  guint yes = 0, no = 0;
  for (guint i = 0; i < 100000 + G_N_ELEMENTS (fixed); i++)
    {
      g_autofree char *a = i < G_N_ELEMENTS (fixed) ? g_strdup (fixed[i])
                                                    : generate_address (r);
      gboolean want = pcc_email_rfc822_valid_regex (a);
      if (pcc_email_rfc822_valid (a) != want)
        {
          g_autofree char *shown = g_strescape (a, NULL);
          g_error ("rfc822_valid(\"%s\"): the shortcut says %s", shown,
                   want ? "no" : "yes");
        }
      want ? yes++ : no++;
    }
  /* both answers, many times over */
  g_test_message ("%u valid, %u not", yes, no);
  g_assert_cmpuint (yes, >, 10000);
  g_assert_cmpuint (no, >, 10000);
}

static void
test_address_list (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) l = pcc_address_list_parse (
      "\"Doe, John\" <j@d.org>, =?UTF-8?q?Beh=C3=BAn?= <k@k.org>, plain@x.org,",
      &error);
  g_assert_no_error (error);
  g_assert_cmpuint (l->len, ==, 3);
  PccAddress *a0 = l->pdata[0], *a1 = l->pdata[1], *a2 = l->pdata[2];
  g_assert_cmpstr (a0->email, ==, "j@d.org");
  g_assert_cmpstr (a0->display, ==, "\"Doe, John\" <j@d.org>");
  g_assert_cmpstr (a1->name, ==, "Beh\xc3\xban");
  g_assert_cmpstr (a2->display, ==, "plain@x.org");

  g_autoptr (GError) e2 = NULL;
  g_autoptr (GPtrArray) bad
      = pcc_address_list_parse ("a@b.c\r\nBcc: x@y", &e2);
  g_assert_null (bad);
  g_assert_nonnull (e2);
  g_autoptr (GError) e3 = NULL;
  g_autoptr (GPtrArray) bad2 = pcc_address_list_parse ("<<<", &e3);
  g_assert_null (bad2);
  g_autoptr (GError) e4 = NULL;
  g_autoptr (GPtrArray) bad3 = pcc_address_list_parse ("foo bar", &e4);
  g_assert_null (bad3);
}

/* parse_email() as the script writes it, with its regular expressions
 * (Perl byte semantics through PccRegex), to check the fast paths. */
static void
reference_parse (const char *in, char **name_out, char **address_out)
{
  g_autoptr (PccRegex) r1 = pcc_regex_new ("^([^<]+)<(.+\\@.*)>.*$", 0, NULL);
  g_autoptr (PccRegex) r2 = pcc_regex_new ("^\\s*<(.+\\@\\S*)>.*$", 0, NULL);
  g_autoptr (PccRegex) r3 = pcc_regex_new ("^(.+\\@\\S*).*$", 0, NULL);
  g_autoptr (PccRegex) trim = pcc_regex_new ("^\\s+|\\s+$", 0, NULL);
  g_autoptr (PccRegex) quotes = pcc_regex_new ("^\"|\"$", 0, NULL);
  g_autoptr (PccRegex) must
      = pcc_regex_new ("[^\\w \\-]", PCC_REGEX_CASELESS, NULL);
  g_autoptr (PccRegex) unesc = pcc_regex_new ("(?<!\\\\)\"", 0, NULL);
  g_autofree char *name = NULL, *address = NULL;
  if (pcc_regex_match (r1, in, -1, 0))
    {
      name = pcc_regex_group (r1, in, 1);
      address = pcc_regex_group (r1, in, 2);
    }
  else if (pcc_regex_match (r2, in, -1, 0))
    {
      address = pcc_regex_group (r2, in, 1);
    }
  else if (pcc_regex_match (r3, in, -1, 0))
    {
      address = pcc_regex_group (r3, in, 1);
    }
  g_autofree char *n1 = pcc_regex_replace (trim, name ? name : "", "", TRUE);
  char *n2 = pcc_regex_replace (quotes, n1, "", TRUE);
  if (pcc_regex_match (must, n2, -1, 0))
    {
      g_autofree char *e = pcc_regex_replace (unesc, n2, "\\\"", TRUE);
      g_free (n2);
      n2 = g_strdup_printf ("\"%s\"", e);
    }
  *name_out = n2;
  *address_out = pcc_regex_replace (trim, address ? address : "", "", TRUE);
}

static void
check_same (const char *in)
{
  g_autofree char *n1 = NULL, *a1 = NULL, *n2 = NULL, *a2 = NULL;
  pcc_email_parse (in, &n1, &a1);
  reference_parse (in, &n2, &a2);
  if (g_strcmp0 (n1, n2) != 0 || g_strcmp0 (a1, a2) != 0)
    g_error ("parse_email(\"%s\"): patchcc [%s] [%s], script [%s] [%s]", in,
             n1, a1, n2, a2);
}

static void
test_parse_vs_script (void)
{
  static const char *crafted[] = {
    "A <a@b>",
    "<a@b>",
    "a@b",
    "A <a@b> trailing",
    "A <<a@b>>",
    "A <a@b>>",
    "A < a@b >",
    "A <@b>",
    "A <a@>",
    "A <ab>",
    "A <a@b",
    "A a@b>",
    "<<a@b>",
    " A  <a@b>",
    "\"A, B\" <a@b>",
    "A \"nick\" B <a@b>",
    "A\\\"B <a@b>",
    "Jos\xc3\xa9 <j@b>",
    "O'Neil <o@b>",
    "A <a@b> <c@d>",
    "A <a@b@c>",
    "A\t<a@b>",
    "A <a@b>\n",
    "A\n<a@b>",
    "",
    "   ",
    "x@",
    "@x",
    "A <x@y.z> (c)",
    "A.B <a@b>",
    "A-B_C 9 <a@b>",
    "\"\" <a@b>",
    "\"A\" <a@b>",
    "A \"<a@b>",
  };
  for (guint i = 0; i < G_N_ELEMENTS (crafted); i++)
    check_same (crafted[i]);

  const char *corpus = g_getenv ("PATCHCC_CORPUS");
  if (corpus == NULL)
    return;
  guint n = 0;
  for (guint p = 1; p <= 150; p++)
    {
      g_autofree char *path
          = g_strdup_printf ("%s/patches/%04u.patch", corpus, p);
      g_autofree char *data = NULL;
      if (!g_file_get_contents (path, &data, NULL, NULL))
        continue;
      g_auto (GStrv) lines = g_strsplit (data, "\n", -1);
      for (char **l = lines; *l; l++)
        {
          const char *colon = strchr (*l, ':');
          if (colon && colon - *l < 30 && strchr (*l, '@'))
            {
              check_same (colon + 1);
              n++;
            }
        }
    }
  g_assert_cmpuint (n, >, 500);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/email/parse", test_parse);
  g_test_add_func ("/email/format", test_format);
  g_test_add_func ("/email/rfc822", test_rfc822);
  g_test_add_func ("/email/rfc822-vs-expression", test_rfc822_vs_expression);
  g_test_add_func ("/email/address-list", test_address_list);
  g_test_add_func ("/email/parse-vs-script", test_parse_vs_script);
  return g_test_run ();
}
