/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-subject.c - the subject prefix of a patch mail
 * (core/mail/pcc-subject.h), with the cases the two old parsers disagreed
 * on. */
#include "pcc-subject.h"

typedef struct
{
  const char *subject;
  const char *prefix; /* NULL: none */
  guint index, total;
  gboolean numbered, is_patch, is_reply;
  const char *title;
  const char *bad;
} SubjectCase;

/* The cases marked "was" are those where the two parsers this one
 * replaces disagreed (the patch reader's / the series reader's rule);
 * the expected values are b4's (LoreSubject) and git mailinfo's. */
static const SubjectCase subject_cases[] = {
  { "[PATCH v2 3/7] x: y", "PATCH v2", 3, 7, TRUE, TRUE, FALSE, "x: y" },
  { "[RFC PATCH net-next 0/4] x", "RFC PATCH net-next", 0, 4, TRUE, TRUE,
    FALSE, "x" },
  { "[net] [PATCH 1/2] x", "PATCH", 1, 2, TRUE, TRUE, FALSE, "x" },
  { "[PATCH] x", "PATCH", 0, 0, FALSE, TRUE, FALSE, "x" },
  { "x: no prefix", NULL, 0, 0, FALSE, FALSE, FALSE, "x: no prefix" },
  /* was 3/4 / 1/2: b4 keeps the last counter */
  { "[PATCH 1/2 3/4] x", "PATCH", 3, 4, TRUE, TRUE, FALSE, "x" },
  /* was not a patch / prefix "PATCHv2": b4 reads PATCH v2 */
  { "[PATCHv2 0/3] x", "PATCH v2", 0, 3, TRUE, TRUE, FALSE, "x" },
  /* was 1/2 (sscanf took the sign) / unnumbered */
  { "[PATCH +1/2] x", "PATCH +1/2", 0, 0, FALSE, TRUE, FALSE, "x" },
  /* was numbered / numbered: more than four digits is no counter */
  { "[PATCH 1/4294967295] x", "PATCH", 0, 0, FALSE, TRUE, FALSE, "x",
    "1/4294967295" },
  /* was no cover (no PATCH word) / a cover */
  { "[RFC 0/3] x", "RFC", 0, 3, TRUE, FALSE, FALSE, "x" },
  /* was unnumbered / unnumbered: b4 drops a trailing ',' or ';' */
  { "[PATCH 01/10,] x", "PATCH", 1, 10, TRUE, TRUE, FALSE, "x" },
  /* was unparsed (only spaces skipped) / parsed */
  { "\t[PATCH 2/2] x", "PATCH", 2, 2, TRUE, TRUE, FALSE, "x" },
  /* was unnumbered (total 0) / numbered: b4 reads 3/0 */
  { "[PATCH 3/0] x", "PATCH", 3, 0, TRUE, TRUE, FALSE, "x" },
  { "Re: [PATCH 2/3] x", "PATCH", 2, 3, TRUE, TRUE, TRUE, "x" },
  { "AW: [PATCH] x", NULL, 0, 0, FALSE, FALSE, TRUE, "AW: [PATCH] x" },
  { "[RFC][PATCH] x", "PATCH", 0, 0, FALSE, TRUE, FALSE, "x" },
  { "[RFC-PATCH] x", "RFC-PATCH", 0, 0, FALSE, TRUE, FALSE, "x" },
  { "[PATCHES wanted] x", NULL, 0, 0, FALSE, FALSE, FALSE, "x" },
  { "[net-next PATCH v3] x", "net-next PATCH v3", 0, 0, FALSE, TRUE, FALSE,
    "x" },
  { "[PATCH unclosed x", NULL, 0, 0, FALSE, FALSE, FALSE,
    "[PATCH unclosed x" },
};

static void
test_subject (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (subject_cases); i++)
    {
      const SubjectCase *c = &subject_cases[i];
      PccSubject s;
      g_test_message ("%s", c->subject);
      pcc_subject_parse (c->subject, &s);
      g_assert_cmpstr (s.prefix, ==, c->prefix);
      g_assert_cmpuint (s.index, ==, c->index);
      g_assert_cmpuint (s.total, ==, c->total);
      g_assert_cmpint (s.numbered, ==, c->numbered);
      g_assert_cmpint (s.is_patch, ==, c->is_patch);
      g_assert_cmpint (s.is_reply, ==, c->is_reply);
      g_assert_cmpstr (s.title, ==, c->title);
      g_assert_cmpstr (s.bad_counter, ==, c->bad);
      pcc_subject_clear (&s);
    }
  PccSubject n;
  pcc_subject_parse (NULL, &n);
  g_assert_null (n.prefix);
  g_assert_cmpstr (n.title, ==, "");
  pcc_subject_clear (&n);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/subject/parse", test_subject);
  return g_test_run ();
}
