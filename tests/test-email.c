/* test-email.c - the script's parse_email()/format_email(), and header
 * address lists through libetpan. */
#include <string.h>
#include "pcc-email.h"

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
  g_autoptr (GPtrArray) two = pcc_email_rfc822_validlist ("A <a@b.c>, B <b@b.c>");
  g_assert_nonnull (two);
  g_assert_cmpuint (two->len, ==, 2);
  g_autoptr (GPtrArray) bad = pcc_email_rfc822_validlist ("not, valid <");
  g_assert_null (bad);
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
  g_autoptr (GPtrArray) bad = pcc_address_list_parse ("a@b.c\r\nBcc: x@y", &e2);
  g_assert_null (bad);
  g_assert_nonnull (e2);
  g_autoptr (GError) e3 = NULL;
  g_autoptr (GPtrArray) bad2 = pcc_address_list_parse ("<<<", &e3);
  g_assert_null (bad2);
  g_autoptr (GError) e4 = NULL;
  g_autoptr (GPtrArray) bad3 = pcc_address_list_parse ("foo bar", &e4);
  g_assert_null (bad3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/email/parse", test_parse);
  g_test_add_func ("/email/format", test_format);
  g_test_add_func ("/email/rfc822", test_rfc822);
  g_test_add_func ("/email/address-list", test_address_list);
  return g_test_run ();
}
