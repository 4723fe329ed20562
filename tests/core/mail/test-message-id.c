/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-message-id.c - the Message-Ids of a series
 * (core/mail/pcc-message-id.h): stem, domain, format. */
#include "pcc-message-id.h"

static void
test_message_id (void)
{
  g_autofree char *stem = pcc_message_id_stem_new ();
  g_assert_true (g_regex_match_simple ("^[0-9]{14}-[0-9a-f]{8}$", stem, 0, 0));
  g_autofree char *d = pcc_message_id_domain ("dev@example.org");
  g_assert_cmpstr (d, ==, "example.org");
  g_autofree char *bad = pcc_message_id_domain ("dev@ex>ample\n");
  g_assert_cmpstr (bad, ==, "localhost");
  g_autofree char *none = pcc_message_id_domain ("dev");
  g_assert_cmpstr (none, ==, "localhost");
  g_autofree char *id = pcc_message_id_format ("S", 3, "example.org");
  g_assert_cmpstr (id, ==, "<S-3-patchcc@example.org>");
  g_autofree char *id2 = pcc_message_id_format ("S", 0, "a b");
  g_assert_cmpstr (id2, ==, "<S-0-patchcc@localhost>");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/message-id/format", test_message_id);
  return g_test_run ();
}
