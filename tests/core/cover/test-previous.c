/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-previous.c - pcc_previous_find() on a v1 made by git format-patch
 * --cover-letter, an mbox of v1 and its replies, and a v2 with patch 2/3
 * changed, and the "Changes in v2:" section made from what it found
 * (pcc_changes_prefill(), pcc-changes.h); then hostile mailboxes: 10,000 trailers in a reply, control
 * bytes, a References loop, a 10,000-long chain, 100 MB. */
#include <glib/gstdio.h>
#include <string.h>

#include "pcc-changes.h"
#include "pcc-error.h"
#include "pcc-previous.h"
#include "pcc-test-git.h"

#define AUTHOR "A U Thor <author@example.org>"

typedef struct
{
  PccTestRepo *repo;
  char *v1dir, *v2dir;
  GString *mbox; /* v1 */
  char *id[4];   /* v1's Message-Ids: cover, 1/3, 2/3, 3/3 */
} Fixture;

static char *
read_file (const char *path)
{
  char *data = NULL;
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

static gint
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The @n-th file of @dir in name order. */
static char *
nth_file (const char *dir, guint n)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, by_name);
  g_assert_cmpuint (n, <, names->len);
  return g_build_filename (dir, names->pdata[n], NULL);
}

static char *
header_id (const char *mail, const char *name)
{
  const char *p = strstr (mail, name);
  g_assert_nonnull (p);
  const char *a = strchr (p, '<'), *b = strchr (p, '>');
  return g_strndup (a + 1, (gsize) (b - a - 1));
}

/* Insert @line before the first line starting with @before in @path. */
static void
insert_line (const char *path, const char *before, const char *line)
{
  g_autofree char *text = read_file (path);
  char *p = strstr (text, before);
  g_assert_nonnull (p);
  g_autofree char *out
      = g_strdup_printf ("%.*s%s%s", (int) (p - text), text, line, p);
  g_assert_true (g_file_set_contents (path, out, -1, NULL));
}

static void
fixture_set_up (Fixture *f, gconstpointer change_id)
{
  PccTestRepo *r = f->repo = pcc_test_repo_new ();
  if (!r)
    return;
  pcc_test_write (r, "a.c", "a 1\n", -1);
  pcc_test_write (r, "b.c", "b 1\n", -1);
  pcc_test_write (r, "c.c", "c 1\n", -1);
  g_autofree char *base = pcc_test_commit (r, AUTHOR, "base");
  g_free (pcc_test_gitf (r, "checkout -q -b v1"));
  pcc_test_write (r, "a.c", "a 2\n", -1);
  g_free (pcc_test_commit (r, AUTHOR, "a: change a"));
  pcc_test_write (r, "b.c", "b 2\n", -1);
  g_free (pcc_test_commit (r, AUTHOR, "b: change b"));
  pcc_test_write (r, "c.c", "c 2\n", -1);
  g_free (pcc_test_commit (r, AUTHOR, "c: change c"));
  f->v1dir = g_build_filename (r->root, "v1", NULL);
  g_autofree char *range1 = g_strdup_printf ("%s..v1", base);
  const char *fp1[] = { "format-patch",
                        "-q",
                        "--cover-letter",
                        "--thread=shallow",
                        "--to=Maint <maint@example.org>",
                        "--cc=list@vger.example.org",
                        "-o",
                        f->v1dir,
                        range1,
                        NULL };
  g_free (pcc_test_git (r, fp1));

  /* v2: 2/3 changes, 1/3 and 3/3 do not. */
  g_free (pcc_test_gitf (r, "checkout -q -b v2 %s", base));
  pcc_test_write (r, "a.c", "a 2\n", -1);
  g_free (pcc_test_commit (r, AUTHOR, "a: change a"));
  pcc_test_write (r, "b.c", "b 3, better\n", -1);
  g_free (pcc_test_commit (r, AUTHOR, "b: change b"));
  pcc_test_write (r, "c.c", "c 2\n", -1);
  g_free (pcc_test_commit (r, AUTHOR, "c: change c"));
  f->v2dir = g_build_filename (r->root, "v2", NULL);
  g_autofree char *range2 = g_strdup_printf ("%s..v2", base);
  g_autofree char *base_arg = g_strdup_printf ("--base=%s", base);
  const char *fp2[] = { "format-patch",
                        "-q",
                        "--cover-letter",
                        "--thread=shallow",
                        "--subject-prefix=PATCH v2",
                        base_arg,
                        "-o",
                        f->v2dir,
                        range2,
                        NULL };
  g_free (pcc_test_git (r, fp2));

  /* Someone added to v1's cover letter by hand. */
  g_autofree char *cover = nth_file (f->v1dir, 0);
  insert_line (cover, "Subject:", "Cc: Hand Added <hand@example.org>\n");
  if (change_id)
    {
      g_autofree char *c2 = nth_file (f->v2dir, 0);
      insert_line (cover, "\n*** BLURB", "\nchange-id: 20261130-thing-1\n");
      insert_line (c2, "\n*** BLURB", "\nchange-id: 20261130-thing-1\n");
    }

  f->mbox = g_string_new (NULL);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *path = nth_file (f->v1dir, i);
      g_autofree char *t = read_file (path);
      g_string_append (f->mbox, t);
      f->id[i] = header_id (t, "\nMessage-I");
    }
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  if (f->mbox)
    g_string_free (f->mbox, TRUE);
  for (guint i = 0; i < 4; i++)
    g_free (f->id[i]);
  g_free (f->v1dir);
  g_free (f->v2dir);
  if (f->repo)
    pcc_test_repo_free (f->repo);
}

/* Append a reply from @from to the mail with id @parent. */
static void
add_reply (GString *mbox, const char *id, const char *from, const char *date,
           const char *parent, const char *refs, const char *subject,
           const char *body)
{
  g_string_append_printf (mbox,
                          "From mboxrd@z Thu Jan  1 00:00:00 1970\n"
                          "From: %s\nDate: %s\nMessage-ID: <%s>\n"
                          "In-Reply-To: <%s>\nReferences: %s <%s>\n"
                          "Subject: %s\nTo: author@example.org\n\n%s\n",
                          from, date, id, parent, refs ? refs : "", parent,
                          subject, body);
}

static void
add_usual_replies (Fixture *f)
{
  g_autofree char *refs1 = g_strdup_printf ("<%s>", f->id[0]);
  add_reply (
      f->mbox, "r1@example.org", "Maint <maint@example.org>",
      "Mon, 30 Nov 2026 10:00:00 +0000", f->id[1], refs1,
      "Re: [PATCH 1/3] a: change a",
      "> a 2\n\nLooks right.\n\nReviewed-by: Maint <maint@example.org>\n");
  add_reply (f->mbox, "r2@example.org", "Hand Added <hand@example.org>",
             "Mon, 30 Nov 2026 11:00:00 +0000", f->id[0], NULL,
             "Re: [PATCH 0/3] *** SUBJECT HERE ***",
             "For the series:\nAcked-by: Hand Added <hand@example.org>\n");
  g_autofree char *refs3 = g_strdup_printf ("<%s> <%s>", f->id[0], f->id[1]);
  add_reply (f->mbox, "r3@example.org", "Other Person <other@example.org>",
             "Tue, 1 Dec 2026 09:00:00 +0000", "r1@example.org", refs3,
             "Re: [PATCH 1/3] a: change a",
             "> Reviewed-by: Maint <maint@example.org>\n"
             "> Tested-by: Quoted Tester <quoted@example.org>\n"
             "> diff --git a/a.c b/a.c\n"
             "> +Signed-off-by: In Patch <inpatch@example.org>\n\n"
             "Agreed.\n");
  add_reply (f->mbox, "r4@example.org", "Boss <boss@example.org>",
             "Tue, 1 Dec 2026 10:00:00 +0000", f->id[3], refs1,
             "Re: [PATCH 3/3] c: change c",
             "Reviewed-by: Someone Else <else@example.org>\n");
  /* Another series with git's placeholder cover title, and a review. */
  g_string_append (f->mbox,
                   "From x Mon Sep 17 00:00:00 2001\n"
                   "From: Someone <someone@example.org>\n"
                   "Message-ID: <foreign0@example.org>\n"
                   "To: Far <far@example.org>\n"
                   "Subject: [PATCH 0/2] *** SUBJECT HERE ***\n\nblurb\n"
                   "From x Mon Sep 17 00:00:00 2001\n"
                   "From: Someone <someone@example.org>\n"
                   "Message-ID: <foreign1@example.org>\n"
                   "In-Reply-To: <foreign0@example.org>\n"
                   "To: Far <far@example.org>\n"
                   "Subject: [PATCH 1/2] d: another thing\n\nx\n");
  add_reply (f->mbox, "x0@example.org", "Far <far@example.org>",
             "Tue, 1 Dec 2026 10:00:00 +0000", "foreign0@example.org", NULL,
             "Re: [PATCH 0/2] *** SUBJECT HERE ***",
             "Acked-by: Far <far@example.org>\n");
  /* Not in the thread: a mail of another series. */
  add_reply (f->mbox, "x1@example.org", "Stranger <stranger@example.org>",
             "Tue, 1 Dec 2026 10:00:00 +0000", "elsewhere@example.org", NULL,
             "Re: [PATCH] something else",
             "Reviewed-by: Stranger <stranger@example.org>\n");
}

static PccSeries *
v2_series (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  PccSeries *s = pcc_series_new_from_dir (f->v2dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_series_get_n_patches (s), ==, 3);
  return s;
}

static const PccPreviousRecipient *
person (PccPrevious *p, const char *email)
{
  const GPtrArray *r = pcc_previous_get_recipients (p);
  for (guint i = 0; i < r->len; i++)
    {
      const PccPreviousRecipient *x = r->pdata[i];
      if (strcmp (x->email, email) == 0)
        return x;
    }
  return NULL;
}

static char *
reasons (PccPrevious *p, const char *email)
{
  const PccPreviousRecipient *r = person (p, email);
  if (!r)
    return g_strdup ("(absent)");
  g_ptr_array_add (r->reasons, NULL);
  char *s = g_strjoinv ("; ", (char **) r->reasons->pdata);
  g_ptr_array_remove_index (r->reasons, r->reasons->len - 1);
  return s;
}

/* "Name: value [flags]" of patch @k's trailers, one a line. */
static char *
trailers_of (PccPrevious *p, guint k)
{
  const GPtrArray *t = pcc_previous_get_trailers (p);
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < t->len; i++)
    {
      const PccPreviousTrailer *x = t->pdata[i];
      if (x->patch != k)
        continue;
      g_autofree char *fl = pcc_previous_describe_flags (x->flags);
      g_string_append_printf (s, "%s: %s%s%s%s\n", x->name, x->value,
                              *fl ? " [" : "", fl, *fl ? "]" : "");
    }
  return g_string_free (s, FALSE);
}

/* v1 with the usual replies, v2, and what pcc_previous_find() makes of
 * them. */
static PccPrevious *
find_usual (Fixture *f, PccSeries **s)
{
  g_autoptr (GError) error = NULL;
  add_usual_replies (f);
  *s = v2_series (f);
  PccPrevious *p = pcc_previous_find (*s, f->mbox->str, f->mbox->len, &error);
  g_assert_no_error (error);
  return p;
}

static void
test_v1_to_v2 (Fixture *f, gconstpointer change_id)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = NULL;
  g_autoptr (PccPrevious) p = find_usual (f, &s);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (pcc_previous_get_version (p), ==, 1);
  g_assert_cmpstr (pcc_previous_get_found_by (p), ==,
                   change_id ? "change-id" : "subject");
  const GPtrArray *mails = pcc_previous_get_mails (p);
  g_assert_cmpuint (mails->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      const PccPreviousMail *m = mails->pdata[i];
      g_test_message ("%u %s %s", m->number, m->message_id, m->subject);
      g_assert_cmpstr (m->message_id, ==, f->id[i]);
      g_assert_cmpuint (m->number, ==, i);
    }
  const GPtrArray *replies = pcc_previous_get_replies (p);
  g_assert_cmpuint (replies->len, ==, 4);
  g_assert_cmpuint (((PccPreviousMail *) replies->pdata[2])->replies_to, ==,
                    1);

  g_autofree char *rm = reasons (p, "maint@example.org");
  g_autofree char *rh = reasons (p, "hand@example.org");
  g_autofree char *rl = reasons (p, "list@vger.example.org");
  g_autofree char *ro = reasons (p, "other@example.org");
  g_autofree char *rs = reasons (p, "stranger@example.org");
  g_assert_cmpstr (rm, ==, "on v1's To; replied to 1/3 on 30 Nov");
  g_assert_cmpstr (rh, ==,
                   "on v1's Cc; replied to the cover letter on 30 Nov");
  g_assert_cmpstr (rl, ==, "on v1's Cc");
  g_assert_cmpstr (ro, ==, "replied to 1/3 on 1 Dec");
  g_assert_cmpstr (rs, ==, "(absent)");
  g_autofree char *rf = reasons (p, "far@example.org");
  g_assert_cmpstr (rf, ==, "(absent)");

  gboolean same;
  g_assert_cmpuint (pcc_previous_get_old_number (p, 0, &same), ==, 1);
  g_assert_true (same);
  g_assert_cmpuint (pcc_previous_get_old_number (p, 1, &same), ==, 2);
  g_assert_false (same);

  g_autofree char *t1 = trailers_of (p, 0);
  g_autofree char *t2 = trailers_of (p, 1);
  g_autofree char *t3 = trailers_of (p, 2);
  g_assert_cmpstr (t1, ==,
                   "Reviewed-by: Maint <maint@example.org>\n"
                   "Acked-by: Hand Added <hand@example.org>\n");
  g_assert_cmpstr (t2, ==,
                   "Acked-by: Hand Added <hand@example.org> "
                   "[patch changed since the review]\n");
  g_assert_cmpstr (t3, ==,
                   "Acked-by: Hand Added <hand@example.org>\n"
                   "Reviewed-by: Someone Else <else@example.org> "
                   "[address differs from the reply's From:]\n");
  g_assert_cmpuint (pcc_previous_get_trailers (p)->len, ==, 5);

  g_autofree char *sum = pcc_previous_summary (p, "Sent, inbox");
  g_autofree char *want = g_strdup_printf (
      "v1, found by %s in Sent, inbox: 3 patches and a cover letter, "
      "4 replies, sent %s",
      change_id ? "change-id" : "subject",
      ((PccPreviousMail *) mails->pdata[0])->date);
  g_assert_cmpstr (sum, ==, want);
  g_assert_cmpuint (pcc_previous_series_version (s), ==, 2);
}

/* "Changes in v2:": 2/3 changed, nothing else listed, the link to v1's
 * cover letter; then v1 with a fourth patch dropped in v2, and without
 * its cover letter (the link goes to 1/3); a hostile Message-Id gets no
 * link. */
static void
test_changes (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = NULL;
  g_autoptr (PccPrevious) p = find_usual (f, &s);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = pcc_changes_prefill (p, s);
  g_autofree char *want = g_strdup_printf (
      "Changes in v2:\n"
      "- 2/3 \"b: change b\": changed since v1\n"
      "- Link to v1: https://lore.kernel.org/r/%s\n",
      f->id[0]);
  g_assert_cmpstr (text, ==, want);

  /* v1 had a fourth patch, and no cover letter */
  GString *mb = g_string_new (NULL);
  for (guint i = 1; i < 4; i++)
    {
      g_autofree char *path = nth_file (f->v1dir, i);
      g_autofree char *t = read_file (path);
      g_string_append (mb, t);
    }
  /* threaded as format-patch threads a series without a cover letter */
  g_string_append_printf (mb,
                          "From x Mon Sep 17 00:00:00 2001\n"
                          "From: " AUTHOR "\n"
                          "Message-ID: <four@example.org>\n"
                          "In-Reply-To: <%s>\nReferences: <%s>\n"
                          "Subject: [PATCH 4/3] d: \x01gone\n\nx\n",
                          f->id[1], f->id[1]);
  g_autoptr (PccPrevious) p2 = pcc_previous_find (s, mb->str, mb->len, &error);
  g_assert_no_error (error);
  g_autofree char *text2 = pcc_changes_prefill (p2, s);
  g_autofree char *want2 = g_strdup_printf (
      "Changes in v2:\n"
      "- 2/3 \"b: change b\": changed since v1\n"
      "- dropped v1's 4/3 \"d:  gone\"\n"
      "- Link to v1: https://lore.kernel.org/r/%s\n",
      f->id[1]);
  g_assert_cmpstr (text2, ==, want2);
  g_string_free (mb, TRUE);

  /* the range-diff: v1 from the mailbox, v2 from its files, both applied
   * in memory, is what git range-diff says of the branches they were
   * made from, hashes aside (the commits are not the same objects) */
  g_autofree char *rd = pcc_changes_range_diff (p, s, f->repo->work, &error);
  g_assert_no_error (error);
  g_autofree char *git_rd = pcc_test_gitf (
      f->repo, "range-diff --no-color v2~3..v1 v2~3..v2");
  g_autoptr (GRegex) hex = g_regex_new ("[0-9a-f]{7,40}", 0, 0, NULL);
  g_autofree char *rd_m = g_regex_replace_literal (hex, rd, -1, 0, "H", 0, NULL);
  g_autofree char *git_m
      = g_regex_replace_literal (hex, git_rd, -1, 0, "H", 0, NULL);
  g_assert_cmpstr (rd_m, ==, git_m);
  g_test_message ("%s", rd);
  g_assert_nonnull (strstr (rd, "2:  "));
  g_assert_nonnull (strstr (rd, " < -:  ------- b: change b\n"));

  /* a Message-Id with a space or an angle bracket is no link */
  g_autofree char *bad = g_strdup_printf ("<%s>", f->id[0]);
  char *at = strstr (f->mbox->str, bad);
  g_assert_nonnull (at);
  g_string_insert (f->mbox, at - f->mbox->str + 1, "x>y ");
  g_autoptr (PccPrevious) p3
      = pcc_previous_find (s, f->mbox->str, f->mbox->len, &error);
  g_assert_no_error (error);
  g_autofree char *link = pcc_changes_format_link (p3);
  g_test_message ("%s", link ? link : "(none)");
  g_assert_true (link == NULL || strstr (link, "x>y") == NULL);
}

/* Sending v3 with v1 and v2 in the mailbox: v2 by default, v1 when asked,
 * both offered; a version the mailbox lacks is refused. */
static void
test_versions (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autofree char *v3dir = g_build_filename (f->repo->root, "v3", NULL);
  g_autofree char *base = pcc_test_gitf (f->repo, "rev-parse v2~3");
  g_strstrip (base);
  g_autofree char *range = g_strdup_printf ("%s..v2", base);
  const char *fp[] = { "format-patch", "-q", "--cover-letter",
                       "--thread=shallow", "--subject-prefix=PATCH v3", "-o",
                       v3dir, range, NULL };
  g_free (pcc_test_git (f->repo, fp));
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *path = nth_file (f->v2dir, i);
      g_autofree char *t = read_file (path);
      g_string_append (f->mbox, t);
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) s = pcc_series_new_from_dir (v3dir, &error);
  g_assert_no_error (error);

  g_autoptr (PccPrevious) p
      = pcc_previous_find (s, f->mbox->str, f->mbox->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_previous_get_version (p), ==, 2);
  const GArray *v = pcc_previous_get_versions (p);
  g_assert_cmpuint (v->len, ==, 2);
  g_assert_cmpuint (g_array_index (v, guint, 0), ==, 2);
  g_assert_cmpuint (g_array_index (v, guint, 1), ==, 1);
  gboolean same;
  /* v2's 2/3 is v3's: the same patch */
  g_assert_cmpuint (pcc_previous_get_old_number (p, 1, &same), ==, 2);
  g_assert_true (same);

  g_autoptr (PccPrevious) p1 = pcc_previous_find_version (
      s, f->mbox->str, f->mbox->len, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pcc_previous_get_version (p1), ==, 1);
  g_assert_cmpuint (pcc_previous_get_mails (p1)->len, ==, 4);
  g_assert_cmpstr (
      ((PccPreviousMail *) pcc_previous_get_mails (p1)->pdata[0])->message_id,
      ==, f->id[0]);
  /* v1's 2/3 was another patch */
  g_assert_cmpuint (pcc_previous_get_old_number (p1, 1, &same), ==, 2);
  g_assert_false (same);

  g_assert_null (pcc_previous_find_version (s, f->mbox->str, f->mbox->len, 7,
                                            &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
}

/* Co-developed-by keeps the Signed-off-by right after it; a lone
 * Signed-off-by in a reply, one after a blank line, and trailers after
 * "-- " or inside an unquoted diff do not count. */
static void
test_co_developed (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  add_reply (f->mbox, "cd@example.org", "Helper <helper@example.org>",
             "Mon, 30 Nov 2026 10:00:00 +0000", f->id[3], NULL,
             "Re: [PATCH 3/3] c: change c",
             "Signed-off-by: Lone <lone@example.org>\n\n"
             "Co-developed-by: Helper <helper@example.org>\n"
             "Signed-off-by: Helper <helper@example.org>\n"
             "Co-developed-by: Second <second@example.org>\n\n"
             "Signed-off-by: After Blank <blank@example.org>\n"
             "-- \nTested-by: Sig <sig@example.org>\n");
  add_reply (f->mbox, "diff@example.org", "Differ <differ@example.org>",
             "Mon, 30 Nov 2026 10:00:00 +0000", f->id[3], NULL,
             "Re: [PATCH 3/3] c: change c",
             "Try this:\n\ndiff --git a/c.c b/c.c\n"
             "Tested-by: Differ <differ@example.org>\n");
  g_autoptr (PccSeries) s = v2_series (f);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccPrevious) p
      = pcc_previous_find (s, f->mbox->str, f->mbox->len, &error);
  g_assert_no_error (error);
  g_autofree char *t3 = trailers_of (p, 2);
  g_assert_cmpstr (t3, ==,
                   "Co-developed-by: Helper <helper@example.org>\n"
                   "Signed-off-by: Helper <helper@example.org>\n"
                   "Co-developed-by: Second <second@example.org> "
                   "[address differs from the reply's From:]\n");
  g_assert_cmpuint (pcc_previous_get_trailers (p)->len, ==, 3);
}

static void
test_not_found (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autoptr (PccSeries) s = v2_series (f);
  g_autoptr (GError) error = NULL;
  const char *other = "From x Mon Sep 17 00:00:00 2001\nSubject: [PATCH] no\n"
                      "Message-ID: <n@x>\n\nhello\n";
  g_assert_null (pcc_previous_find (s, other, strlen (other), &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_PATCH);
}

/* Hostile replies: every one bounded, none crashes, no bad value kept. */
static void
test_hostile (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  GString *body = g_string_new (NULL);
  for (guint i = 0; i < 10000; i++)
    g_string_append_printf (body, "Acked-by: Spam %u <spam%u@example.org>\n",
                            i, i);
  add_reply (f->mbox, "many@example.org", "Spam <spam0@example.org>",
             "Tue, 1 Dec 2026 10:00:00 +0000", f->id[1], NULL,
             "Re: [PATCH 1/3] a", body->str);
  g_string_free (body, TRUE);
  add_reply (f->mbox, "ctl@example.org", "Evil <evil@example.org>",
             "Tue, 1 Dec 2026 10:00:00 +0000", f->id[1], NULL,
             "Re: [PATCH 1/3] a",
             "Reviewed-by: Evil \x01 <evil@example.org>\n"
             "Tested-by: Evil\x1b[2J <evil@example.org>\n"
             "Acked-by: =?UTF-8?Q?Evil=0ABcc:_x?= <evil@example.org>\n"
             "Reported-by: no address at all\n");
  g_string_append (
      f->mbox, "From x Thu Jan  1 00:00:00 1970\n"
               "From: Evil <evil@example.org>\nMessage-ID: <qp@example.org>\n"
               "In-Reply-To: <");
  g_string_append (f->mbox, f->id[2]);
  g_string_append (f->mbox, ">\nSubject: Re: x\nMIME-Version: 1.0\n"
                            "Content-Type: text/plain\n"
                            "Content-Transfer-Encoding: quoted-printable\n\n"
                            "Tested-by: Evil =0D<evil@example.org>\n\n");
  /* A loop of References and In-Reply-To, and a mail replying to itself. */
  add_reply (f->mbox, "loop1@example.org", "L <l@example.org>", "",
             "loop2@example.org", "<loop2@example.org> <loop1@example.org>",
             "Re: loop", "Acked-by: L <l@example.org>\n");
  add_reply (f->mbox, "loop2@example.org", "L <l@example.org>", "",
             "loop1@example.org", "<loop1@example.org>", "Re: loop",
             "Acked-by: L <l@example.org>\n");
  add_reply (f->mbox, "self@example.org", "L <l@example.org>", "",
             "self@example.org", "<self@example.org>", "Re: loop",
             "Acked-by: L <l@example.org>\n");
  /* A chain 10,000 long hanging from 3/3, newest first in the mbox. */
  for (guint i = 10000; i-- > 0;)
    {
      g_autofree char *id = g_strdup_printf ("chain%u@example.org", i);
      g_autofree char *parent
          = i ? g_strdup_printf ("chain%u@example.org", i - 1)
              : g_strdup (f->id[3]);
      add_reply (f->mbox, id, "Chain <chain@example.org>",
                 "Tue, 1 Dec 2026 10:00:00 +0000", parent, NULL, "Re: chain",
                 "ok\n");
    }

  g_autoptr (PccSeries) s = v2_series (f);
  g_autoptr (GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (PccPrevious) p
      = pcc_previous_find (s, f->mbox->str, f->mbox->len, &error);
  gint64 t = g_get_monotonic_time () - t0;
  g_assert_no_error (error);
  g_test_message ("hostile mailbox: %.2f s", t / 1e6);
  g_assert_cmpint (t, <, 30 * G_USEC_PER_SEC);

  const GPtrArray *tr = pcc_previous_get_trailers (p);
  guint spam = 0;
  for (guint i = 0; i < tr->len; i++)
    {
      const PccPreviousTrailer *x = tr->pdata[i];
      g_assert_false (strstr (x->value, "Evil"));
      g_assert_false (strstr (x->value, "evil@"));
      g_assert_cmpstr (x->value, !=, "L <l@example.org>");
      for (const char *c = x->value; *c; c++)
        g_assert_cmpint ((guchar) *c, >=, 0x20);
      spam += g_str_has_prefix (x->value, "Spam ");
    }
  g_assert_cmpuint (spam, ==, PCC_PREVIOUS_MAX_MAIL_TRAILERS);
  const GPtrArray *w = pcc_previous_get_warnings (p);
  guint refused = 0, ignored = 0;
  for (guint i = 0; i < w->len; i++)
    {
      refused += strstr (w->pdata[i], "refused") != NULL;
      ignored += strstr (w->pdata[i], "ignored") != NULL;
    }
  /* four refused in one reply (three warnings, the bound for a mail),
   * one in the quoted-printable reply */
  g_assert_cmpuint (refused, ==, 3 + 1);
  g_assert_cmpuint (ignored, ==, 1);
  /* The chain is in the thread up to the bound on its depth (the mbox
   * has its deepest mails first, so no walk is shortened by another). */
  const GPtrArray *replies = pcc_previous_get_replies (p);
  g_assert_cmpuint (replies->len, >=, PCC_PREVIOUS_MAX_DEPTH);
  g_assert_cmpuint (replies->len, <, 10000);
  g_assert_nonnull (person (p, "chain@example.org"));
  g_assert_null (person (p, "l@example.org"));
}

/* 100 MB of replies, written to a file and read back. */
static void
test_huge (Fixture *f, gconstpointer data)
{
  if (!f->repo)
    return;
  g_autofree char *path = g_build_filename (f->repo->root, "huge.mbox", NULL);
  FILE *out = fopen (path, "w");
  g_assert_nonnull (out);
  fwrite (f->mbox->str, 1, f->mbox->len, out);
  g_autofree char *filler = g_strnfill (1900, 'x');
  gsize total = f->mbox->len;
  for (guint i = 0; total < 100 * 1024 * 1024; i++)
    {
      GString *one = g_string_new (NULL);
      g_autofree char *id = g_strdup_printf ("huge%u@example.org", i);
      g_autofree char *from = g_strdup_printf ("P%u <p%u@example.org>", i, i);
      g_autofree char *body
          = g_strdup_printf ("%s\nReviewed-by: %s\n", filler, from);
      add_reply (one, id, from, "Tue, 1 Dec 2026 10:00:00 +0000",
                 f->id[1 + i % 3], NULL, "Re: [PATCH] x", body);
      fwrite (one->str, 1, one->len, out);
      total += one->len;
      g_string_free (one, TRUE);
    }
  g_assert_cmpint (fclose (out), ==, 0);

  g_autofree char *data_ = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (path, &data_, &len, NULL));
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpuint (len, >=, 100 * 1024 * 1024);

  g_autoptr (PccSeries) s = v2_series (f);
  g_autoptr (GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (PccPrevious) p = pcc_previous_find (s, data_, len, &error);
  gint64 t = g_get_monotonic_time () - t0;
  g_assert_no_error (error);
  g_printerr ("100 MB mailbox: %.2f s\n", t / 1e6);
  g_assert_cmpint (t, <, 120 * G_USEC_PER_SEC);
  g_assert_cmpuint (pcc_previous_get_recipients (p)->len, <=,
                    PCC_PREVIOUS_MAX_RECIPIENTS);
  g_assert_cmpuint (pcc_previous_get_trailers (p)->len, ==,
                    PCC_PREVIOUS_MAX_TRAILERS);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/previous/by-subject", Fixture, NULL, fixture_set_up,
              test_v1_to_v2, fixture_tear_down);
  g_test_add ("/previous/by-change-id", Fixture, "change-id", fixture_set_up,
              test_v1_to_v2, fixture_tear_down);
  g_test_add ("/previous/changes", Fixture, NULL, fixture_set_up,
              test_changes, fixture_tear_down);
  g_test_add ("/previous/versions", Fixture, NULL, fixture_set_up,
              test_versions, fixture_tear_down);
  g_test_add ("/previous/co-developed", Fixture, NULL, fixture_set_up,
              test_co_developed, fixture_tear_down);
  g_test_add ("/previous/not-found", Fixture, NULL, fixture_set_up,
              test_not_found, fixture_tear_down);
  g_test_add ("/previous/hostile", Fixture, NULL, fixture_set_up, test_hostile,
              fixture_tear_down);
  g_test_add ("/previous/huge", Fixture, NULL, fixture_set_up, test_huge,
              fixture_tear_down);
  return g_test_run ();
}
