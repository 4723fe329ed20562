/* test-mail.c - the mail helpers of core/mail: RFC 2047, RFC 2822 dates,
 * Message-Ids, the subject prefix, widths and wrapping, the mbox split. */
#include <string.h>

#include "pcc-date.h"
#include "pcc-error.h"
#include "pcc-mbox.h"
#include "pcc-message-id.h"
#include "pcc-rfc2047.h"
#include "pcc-subject.h"
#include "pcc-text.h"

static void
test_rfc2047 (void)
{
  g_autofree char *a = pcc_rfc2047_decode ("=?UTF-8?q?Zo=C3=AB?= Doe");
  g_assert_cmpstr (a, ==, "Zo\xc3\xab Doe");
  g_autofree char *b = pcc_rfc2047_decode ("=?iso-8859-1?b?Wm/r?=");
  g_assert_cmpstr (b, ==, "Zo\xc3\xab");
  g_autofree char *c = pcc_rfc2047_decode ("plain text");
  g_assert_cmpstr (c, ==, "plain text");
  g_assert_null (pcc_rfc2047_decode (NULL));

  g_autoptr (GError) error = NULL;
  g_autofree char *s
      = pcc_rfc2047_encode_header ("Subject", "Caf\xc3\xa9 x", FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (s, ==, "=?UTF-8?q?Caf=C3=A9_x?=");
  g_autofree char *back = pcc_rfc2047_decode (s);
  g_assert_cmpstr (back, ==, "Caf\xc3\xa9 x");
  g_autofree char *addr = pcc_rfc2047_encode_header (
      "To", "\"Zo\xc3\xab D\" <zoe@example.org>", TRUE, &error);
  g_assert_cmpstr (addr, ==, "=?UTF-8?q?Zo=C3=AB_D?= <zoe@example.org>");
  /* A quoted name's escapes are quoting, not text: the encoded word
   * holds the name itself. */
  g_autofree char *esc = pcc_rfc2047_encode_header (
      "To", "\"Zo\xc3\xab, \\\"Q\\\" \\\\\" <zoe@example.org>", TRUE, &error);
  g_autofree char *esc_back = pcc_rfc2047_decode (esc);
  g_assert_cmpstr (esc_back, ==, "Zo\xc3\xab, \"Q\" \\ <zoe@example.org>");
  g_autofree char *ascii
      = pcc_rfc2047_encode_header ("To", "A <a@b.org>", TRUE, &error);
  g_assert_cmpstr (ascii, ==, "A <a@b.org>");

  /* Long text: words of at most 75 characters, folded. */
  GString *longs = g_string_new (NULL);
  for (int i = 0; i < 40; i++)
    g_string_append (longs, "\xc3\xa9");
  g_autofree char *l
      = pcc_rfc2047_encode_header ("Subject", longs->str, FALSE, &error);
  g_assert_no_error (error);
  g_auto (GStrv) words = g_strsplit (l, "\n ", -1);
  g_assert_cmpuint (g_strv_length (words), >, 1);
  for (guint i = 0; words[i]; i++)
    g_assert_cmpuint (strlen (words[i]), <=, 75);
  g_autofree char *l2 = pcc_rfc2047_decode (l);
  g_assert_cmpstr (l2, ==, longs->str);
  g_string_free (longs, TRUE);

  g_assert_null (
      pcc_rfc2047_encode_header ("Subject", "a\r\nBcc: x", FALSE, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
  g_assert_nonnull (strstr (error->message, "Subject"));
  g_clear_error (&error);
  g_assert_null (pcc_rfc2047_encode_header ("To", "\xff", TRUE, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
}

static void
test_date (void)
{
  g_autoptr (GTimeZone) plus = g_time_zone_new_identifier ("+01:00");
  g_autoptr (GDateTime) t = g_date_time_new (plus, 2026, 12, 3, 19, 6, 1);
  g_autofree char *a = pcc_date_format_rfc2822 (t);
  g_assert_cmpstr (a, ==, "Thu, 3 Dec 2026 19:06:01 +0100");
  g_autoptr (GTimeZone) minus = g_time_zone_new_identifier ("-05:30");
  g_autoptr (GDateTime) u = g_date_time_new (minus, 2001, 9, 17, 0, 0, 0);
  g_autofree char *b = pcc_date_format_rfc2822 (u);
  g_assert_cmpstr (b, ==, "Mon, 17 Sep 2001 00:00:00 -0530");
  g_autofree char *now = pcc_date_rfc2822_now ();
  g_assert_true (g_regex_match_simple (
      "^[A-Z][a-z]{2}, [0-9]{1,2} [A-Z][a-z]{2} [0-9]{4} "
      "[0-9]{2}:[0-9]{2}:[0-9]{2} [+-][0-9]{4}$",
      now, 0, 0));
  g_autofree char *far = pcc_date_rfc2822_from_unix (G_MAXINT64);
  g_assert_nonnull (far);
}

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

static void
test_text (void)
{
  g_assert_cmpuint (pcc_text_width ("abc", -1), ==, 3);
  g_assert_cmpuint (pcc_text_width ("\xe6\x97\xa5\xe6\x9c\xac", -1), ==, 4);
  g_assert_cmpuint (pcc_text_width ("e\xcc\x81", -1), ==, 1);
  g_assert_cmpuint (pcc_text_width ("a\xff"
                                    "b",
                                    -1),
                    ==, 3);
  g_assert_cmpuint (pcc_text_width ("abcdef", 2), ==, 2);
  g_assert_cmpint (pcc_text_git_wcwidth ('\t'), ==, -1);
  g_assert_cmpint (pcc_text_git_wcwidth (0x65e5), ==, 2);

  GString *o = g_string_new (NULL);
  pcc_text_wrap_words (o, "- ", "  ", "  one two  three four", 12, FALSE);
  g_assert_cmpstr (o->str, ==, "- one two\n  three four");
  g_string_truncate (o, 0);
  pcc_text_wrap_words (o, "", "", "one two  three four", 12, TRUE);
  g_assert_cmpstr (o->str, ==, "one two\nthree four");
  g_string_truncate (o, 0);
  pcc_text_wrap_words (o, "", "", "a  b", 12, TRUE);
  g_assert_cmpstr (o->str, ==, "a  b");
  g_string_truncate (o, 0);
  pcc_text_wrap_words (o, "> ", "> ", "https://example.org/a/very/long/url x",
                       10, FALSE);
  g_assert_cmpstr (o->str, ==, "> https://example.org/a/very/long/url\n> x");
  g_string_truncate (o, 0);
  /* git format-patch's shortlog: indent 2, then 4, at 20 columns. */
  pcc_text_add_wrapped_git (o, "one two three four five six", 2, 4, 20);
  g_assert_cmpstr (o->str, ==, "  one two three four\n    five six");
  g_string_free (o, TRUE);
}

static void
test_mbox (void)
{
  const char *two = "From 1234 Mon Sep 17 00:00:00 2001\nSubject: a\n\nA\n"
                    "From 5678 Mon Sep 17 00:00:00 2001\nSubject: b\n\nB\n";
  g_autoptr (GPtrArray) m = pcc_mbox_split (two, strlen (two));
  g_assert_cmpuint (m->len, ==, 2);
  gsize l = 0;
  const char *a = g_bytes_get_data (m->pdata[0], &l);
  g_assert_cmpmem (a, l, "Subject: a\n\nA\n", 14);
  g_assert_true (
      pcc_mbox_is_from_line ("From x Mon Sep 17 00:00:00 2001\n", 32));
  g_assert_false (pcc_mbox_is_from_line ("From here on we go on\n", 22));
  /* The year must be on the line (git reads one line at a time): the
   * next line's digits are no year. */
  const char *y = "From x Mon Sep 17 00:00:00\n2001 is no year\n";
  g_autoptr (GPtrArray) one = pcc_mbox_split (y, strlen (y));
  g_assert_cmpuint (one->len, ==, 1);
  g_assert_cmpuint (g_bytes_get_size (one->pdata[0]), ==, strlen (y));
  g_autoptr (GPtrArray) empty = pcc_mbox_split (NULL, 0);
  g_assert_cmpuint (empty->len, ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mail/rfc2047", test_rfc2047);
  g_test_add_func ("/mail/date", test_date);
  g_test_add_func ("/mail/message-id", test_message_id);
  g_test_add_func ("/mail/subject", test_subject);
  g_test_add_func ("/mail/text", test_text);
  g_test_add_func ("/mail/mbox", test_mbox);
  return g_test_run ();
}
