/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-line-limit.c - every line of a series mail within 998 bytes
 * (core/cover/pcc-line-limit.h): a patch with a 9,000-byte added line
 * (made by git) refused with its file and line; subjects padded so that
 * "Bcc: ..." would start a line at byte 8,191 (where a reader with an
 * 8 KiB line buffer cuts) folded or refused, never a header of their
 * own; long To:/Cc: lists folded with every address kept.
 */
#include <string.h>

#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-line-limit.h"
#include "pcc-patch.h"
#include "pcc-series-mail.h"
#include "pcc-test-git.h"

static PccSeriesSender *
sender (void)
{
  g_autoptr (GError) error = NULL;
  PccSeriesSender *s = pcc_series_sender_new (
      "Patch Sender", "sender@example.org", NULL, 1700000000, "stem", &error);
  g_assert_no_error (error);
  return s;
}

typedef struct
{
  char *name;
  char *value; /* unfolded: the line breaks taken out, nothing else */
} Header;

static void
header_free (gpointer p)
{
  Header *h = p;
  g_free (h->name);
  g_free (h->value);
  g_free (h);
}

/* The headers of @mail, checking on the way that every line fits, that
 * every line not starting a header is a continuation (white space first,
 * not blank) and that a header line has a name and a colon. */
static GPtrArray *
read_headers (GBytes *mail)
{
  gsize len;
  const char *p = g_bytes_get_data (mail, &len), *end = p + len;
  GPtrArray *hs = g_ptr_array_new_with_free_func (header_free);
  GString *value = NULL;

  g_assert_true (pcc_mail_check_lines (p, len, NULL, NULL));
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      g_assert_nonnull (nl);
      gsize n = nl - p;
      if (n == 0)
        break;
      if (p[0] == ' ' || p[0] == '\t')
        {
          g_assert_nonnull (value);
          g_assert_cmpuint (strspn (p, " \t"), <, n); /* not blank */
          g_string_append_len (value, p, n);
        }
      else
        {
          const char *colon = memchr (p, ':', n);
          g_assert_nonnull (colon);
          for (const char *c = p; c < colon; c++)
            g_assert_true (g_ascii_isalnum (*c) || *c == '-');
          Header *h = g_new0 (Header, 1);
          h->name = g_strndup (p, colon - p);
          g_ptr_array_add (hs, h);
          if (value)
            ((Header *) hs->pdata[hs->len - 2])->value
                = g_string_free (value, FALSE);
          value = g_string_new_len (colon + 1, p + n - colon - 1);
        }
      p = nl + 1;
    }
  if (value)
    ((Header *) hs->pdata[hs->len - 1])->value = g_string_free (value, FALSE);
  return hs;
}

static const char *
header (GPtrArray *hs, const char *name)
{
  for (guint i = 0; i < hs->len; i++)
    if (g_ascii_strcasecmp (((Header *) hs->pdata[i])->name, name) == 0)
      return ((Header *) hs->pdata[i])->value;
  return NULL;
}

/* The names, in order, joined by ",". */
static char *
names (GPtrArray *hs)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < hs->len; i++)
    g_string_append_printf (s, "%s%s", i ? "," : "",
                            ((Header *) hs->pdata[i])->name);
  return g_string_free (s, FALSE);
}

static void
test_check_lines (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *fits = g_strnfill (PCC_MAIL_LINE_MAX, 'a');
  g_autofree char *over = g_strnfill (PCC_MAIL_LINE_MAX + 1, 'a');
  g_autofree char *ok = g_strdup_printf ("x\n%s\r\n%s", fits, fits);
  g_autofree char *bad = g_strdup_printf ("x\n\n%s\n%s\n", fits, over);
  guint no = 0;

  g_assert_true (pcc_mail_check_lines (ok, strlen (ok), &no, &error));
  g_assert_no_error (error);
  g_assert_false (pcc_mail_check_lines (bad, strlen (bad), &no, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
  g_assert_cmpuint (no, ==, 4);
  g_assert_cmpstr (error->message, ==,
                   "line 4 is 999 bytes long; a mail line holds at most 998 "
                   "(RFC 5322)");
}

/* git format-patch of a commit adding a 9,000-byte line. */
static void
test_long_body_line (void)
{
  g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
  if (!r)
    return;
  pcc_test_write (r, "data.txt", "one\ntwo\n", -1);
  g_free (pcc_test_commit (r, "A U Thor <author@example.org>", "start"));
  g_autofree char *longline = g_strnfill (8999, 'x');
  g_autofree char *text = g_strdup_printf ("one\n%s\ntwo\n", longline);
  pcc_test_write (r, "data.txt", text, -1);
  g_free (pcc_test_commit (r, "A U Thor <author@example.org>",
                           "data: add a long line"));
  g_autofree char *out = g_build_filename (r->root, "out", NULL);
  const char *argv[] = { "format-patch", "-q", "-1", "-o", out, NULL };
  g_free (pcc_test_git (r, argv));
  g_autofree char *path
      = g_build_filename (out, "0001-data-add-a-long-line.patch", NULL);
  g_autofree char *data = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));

  /* The line's number in the file, as git wrote it. */
  g_autofree char *needle = g_strconcat ("\n+", longline, "\n", NULL);
  const char *at = strstr (data, needle);
  g_assert_nonnull (at);
  guint want = 2;
  for (const char *q = data; q < at; q++)
    want += *q == '\n';

  g_autoptr (GError) error = NULL;
  g_autoptr (PccPatch) p
      = pcc_patch_new_from_data (path, data, len, 0, &error);
  g_assert_no_error (error);
  g_autoptr (PccSeriesSender) s = sender ();
  char *to[] = { "Maintainer <m@example.org>", NULL };
  g_autoptr (GBytes) m = pcc_series_mail_patch (
      s, p, "0001-data-add-a-long-line.patch", 1, NULL, to, NULL, &error);
  g_assert_null (m);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
  g_test_message ("%s", error->message);
  g_autofree char *prefix = g_strdup_printf (
      "0001-data-add-a-long-line.patch:%u: a line of 9000 bytes;", want);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, "nothing was sent"));

  /* The single-patch path: the same line of the file. */
  guint no = 0;
  g_clear_error (&error);
  g_assert_false (pcc_mail_check_lines (data, len, &no, &error));
  g_assert_cmpuint (no, ==, want);

  /* The cover letter with such a line. */
  g_autofree char *body = g_strdup_printf ("Hello.\n\n%s\n", longline);
  g_clear_error (&error);
  g_autoptr (GBytes) c
      = pcc_series_mail_cover (s, "[PATCH 0/1] x", body, to, NULL, &error);
  g_assert_null (c);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
  g_assert_true (g_str_has_prefix (error->message,
                                   "the cover letter: line 3 of its text is "
                                   "8999 bytes long;"));
}

/* "Subject: " + padding + "Bcc: victim@example.org", "Bcc:" at byte
 * @at of the line; the padding is words when @spaces, else one word. */
static char *
padded_subject (gsize at, gboolean spaces)
{
  gsize pad = at - strlen ("Subject: ");
  GString *s = g_string_new (NULL);
  while (s->len < pad)
    g_string_append_c (s, spaces && s->len % 8 == 7 ? ' ' : 'p');
  g_string_append (s, "Bcc: victim@example.org");
  return g_string_free (s, FALSE);
}

static void
check_folded (GBytes *m, const char *subject, const char *want_names)
{
  g_autoptr (GPtrArray) hs = read_headers (m);
  g_autofree char *got = names (hs);
  g_assert_cmpstr (got, ==, want_names);
  g_assert_null (header (hs, "Bcc"));
  g_autofree char *want = g_strconcat (" ", subject, NULL);
  g_assert_cmpstr (header (hs, "Subject"), ==, want);
}

static void
test_padded_subject (void)
{
  g_autoptr (PccSeriesSender) s = sender ();
  char *to[] = { "Maintainer <m@example.org>", NULL };

  for (gsize at = 8189; at <= 8193; at++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *subject = padded_subject (at, TRUE);
      g_assert_cmpuint (strstr (subject, "Bcc:") - subject + 9, ==, at);

      /* The cover letter. */
      g_autoptr (GBytes) c
          = pcc_series_mail_cover (s, subject, "Hi.\n", to, NULL, &error);
      g_assert_no_error (error);
      check_folded (c, subject, "From,To,Date,Message-Id,X-Mailer,Subject");

      /* A patch file with that subject, as its own header line. */
      g_autofree char *file = g_strdup_printf (
          "From 1234 Mon Sep 17 00:00:00 2001\n"
          "From: A U Thor <author@example.org>\n"
          "Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
          "Subject: %s\n\nText.\n---\n"
          "diff --git a/f.c b/f.c\n--- a/f.c\n+++ b/f.c\n@@ -1 +1,2 @@\n"
          " a\n+b\n",
          subject);
      g_autoptr (PccPatch) p = pcc_patch_new_from_data (
          "0001-x.patch", file, strlen (file), 0, &error);
      g_assert_no_error (error);
      g_autoptr (GBytes) m = pcc_series_mail_patch (s, p, "0001-x.patch", 1,
                                                    NULL, to, NULL, &error);
      g_assert_no_error (error);
      check_folded (m, subject, "From,To,Date,Message-Id,X-Mailer,Subject");
      /* The mail parser reads the subject back whole. */
      gsize mlen;
      const char *md = g_bytes_get_data (m, &mlen);
      g_autoptr (PccPatch) back
          = pcc_patch_new_from_data ("back", md, mlen, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (pcc_patch_get_subject (back), ==, subject);
    }

  /* No white space to fold at: refused. */
  g_autoptr (GError) error = NULL;
  g_autofree char *word = padded_subject (8191, FALSE);
  g_autoptr (GBytes) c
      = pcc_series_mail_cover (s, word, "Hi.\n", to, NULL, &error);
  g_assert_null (c);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
  g_assert_cmpstr (error->message, ==,
                   "the cover letter: its Subject: header has more than 998 "
                   "bytes without white space to fold it at (RFC 5322); "
                   "nothing was sent");
}

/* A patch file's own folded Subject: with a long fold line of words
 * (folded again) or of one word (refused, the header named). */
static void
test_folded_in_file (void)
{
  g_autoptr (PccSeriesSender) s = sender ();
  char *to[] = { "Maintainer <m@example.org>", NULL };
  GString *words = g_string_new (NULL);
  while (words->len < 3000)
    g_string_append (words, " word");
  g_autofree char *word = g_strnfill (1200, 'y');
  const char *folds[] = { words->str, word };

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *file = g_strdup_printf (
          "From: A U Thor <author@example.org>\n"
          "Subject: [PATCH] start\n %s\n\nText.\n---\n"
          "diff --git a/f.c b/f.c\n--- a/f.c\n+++ b/f.c\n@@ -1 +1,2 @@\n"
          " a\n+b\n",
          folds[i]);
      g_autoptr (PccPatch) p = pcc_patch_new_from_data (
          "0001-x.patch", file, strlen (file), 0, &error);
      g_assert_no_error (error);
      g_autoptr (GBytes) m = pcc_series_mail_patch (s, p, "0001-x.patch", 1,
                                                    NULL, to, NULL, &error);
      if (i == 0)
        {
          g_assert_no_error (error);
          g_autoptr (GPtrArray) hs = read_headers (m);
          g_autofree char *want
              = g_strconcat (" [PATCH] start ", words->str, NULL);
          g_assert_cmpstr (header (hs, "Subject"), ==, want);
        }
      else
        {
          g_assert_null (m);
          g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
          g_assert_true (g_str_has_prefix (
              error->message, "0001-x.patch: its Subject: header has more "
                              "than 998 bytes without white space"));
        }
    }
  g_string_free (words, TRUE);
}

/* 400 addresses in To: and Cc:, and one display name of 3,000 bytes. */
static void
test_long_address_lists (void)
{
  g_autoptr (PccSeriesSender) s = sender ();
  g_autoptr (GPtrArray) to = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) cc = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < 200; i++)
    {
      g_ptr_array_add (
          to, g_strdup_printf ("Person Number %u <to%u@example.org>", i, i));
      g_ptr_array_add (cc, g_strdup_printf ("cc%u@example.org", i));
    }
  GString *name = g_string_new ("Very");
  while (name->len < 3000)
    g_string_append (name, " Long Name");
  g_ptr_array_add (cc, g_strdup_printf ("%s <long@example.org>", name->str));
  g_ptr_array_add (to, NULL);
  g_ptr_array_add (cc, NULL);

  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) m = pcc_series_mail_cover (s, "[PATCH 0/1] many", "Hi.\n",
                                                (char **) to->pdata,
                                                (char **) cc->pdata, &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) hs = read_headers (m);
  g_autofree char *got = names (hs);
  g_assert_cmpstr (got, ==, "From,To,Cc,Date,Message-Id,X-Mailer,Subject");

  g_autoptr (GPtrArray) tl
      = pcc_address_list_parse (header (hs, "To"), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tl->len, ==, 200);
  g_autoptr (GPtrArray) cl
      = pcc_address_list_parse (header (hs, "Cc"), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cl->len, ==, 201);
  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *t = g_strdup_printf ("to%u@example.org", i);
      g_autofree char *c = g_strdup_printf ("cc%u@example.org", i);
      g_autofree char *n = g_strdup_printf ("Person Number %u", i);
      g_assert_cmpstr (((PccAddress *) tl->pdata[i])->email, ==, t);
      g_assert_cmpstr (((PccAddress *) tl->pdata[i])->name, ==, n);
      g_assert_cmpstr (((PccAddress *) cl->pdata[i])->email, ==, c);
    }
  const PccAddress *last = cl->pdata[200];
  g_assert_cmpstr (last->email, ==, "long@example.org");
  g_assert_cmpstr (last->name, ==, name->str);
  g_string_free (name, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/line-limit/check-lines", test_check_lines);
  g_test_add_func ("/line-limit/long-body-line", test_long_body_line);
  g_test_add_func ("/line-limit/padded-subject", test_padded_subject);
  g_test_add_func ("/line-limit/folded-in-file", test_folded_in_file);
  g_test_add_func ("/line-limit/long-address-lists", test_long_address_lists);
  return g_test_run ();
}
