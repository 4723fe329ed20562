/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-hostile-writers.c - property test of the headers the plugin and
 * the series mails write, over generated hostile names and addresses.
 *
 * The CLI's cover mail has its own test (tests/cli/hostile_headers.py); this
 * one drives the two other writers through the core functions they use:
 *
 *  - the plugin's To/Cc rows: pcc_fixer_parse_mail(), pcc_fixer_plan()
 *    and pcc_fixer_header_rows(), as plugin/patchcc-fix.c's
 *    patchcc_fix() and plugin/patchcc-compose.c's
 *    patchcc_compose_write_recipients() call them;
 *  - the series mails: pcc_series_new_from_dir(), pcc_series_plan_new(),
 *    pcc_series_mail_extra_recipients(),
 *    pcc_series_mail_patch_recipients() per patch and
 *    pcc_series_mail_cover()/_patch()/
 *    _envelope(), in the order of plugin/patchcc-series-send.c's
 *    patchcc_series_build_mails() and send_one().
 *
 * Hostile bytes (CR, LF, NUL, commas, quotes, angle brackets, RFC 2047
 * words that decode to CR/LF/NUL, commas or an address, 8-bit bytes, very
 * long names) go everywhere they can enter: MAINTAINERS M:/R:/L: entries,
 * .mailmap, the patch's author, its Signed-off-by:/Cc:/Reviewed-by:
 * trailers, its own To:/Cc: headers and Subject:, the typed header rows
 * and the sending identity.
 *
 * The properties, for every case that is not refused with an error:
 *  - no header line carries CR, NUL or another control byte; a line is a
 *    "Name: value" header of the kinds the writer writes, or a fold (a
 *    space or tab, then something else than blanks);
 *  - a To/Cc row holds no control byte and parses as an address list;
 *  - every address of a written To:/Cc: (and so of the envelope) is one
 *    the review shows staying (the plan's changes, the series' per-patch
 *    plan), and every address shown staying is written;
 *  - every envelope recipient of a patch mail is one the series dialog
 *    shows going: the reviewed cover plan (with what the user unticked
 *    there), the patch file's own To:/Cc: and git send-email's extra Cc;
 *  - the patch file's own To:/Cc: as read hold no address the header as
 *    written does not (an encoded word is a name).
 * A fixed seed per test: the same cases on every run.
 * PCC_HOSTILE_VERBOSE=1 prints why each refused case was refused.
 */
#include <string.h>
#include <glib/gstdio.h>

#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-fixer.h"
#include "pcc-plan.h"
#include "pcc-rfc2047.h"
#include "pcc-series.h"
#include "pcc-series-mail.h"
#include "pcc-test-git.h"

/* --- hostile generators ------------------------------------------------ */

typedef struct
{
  const char *s;
  gsize len; /* 0: strlen */
} Piece;

/* Pieces of a name or an address.  The ones with a NUL hold it inside
 * (a file can carry one; a C string ends there). */
static const Piece pieces[] = {
  { "\r" },
  { "\n" },
  { "\r\n" },
  { "\r\nBcc: evil@x.org" },
  { "\nBcc: evil@x.org\n" },
  { "a\0b", 3 },
  { "\0evil@x.org", 11 },
  { "," },
  { ", evil@x.org" },
  { "\"" },
  { "\\" },
  { "\\\"" },
  { "<" },
  { ">" },
  { "<evil@x.org>" },
  { "@" },
  { " " },
  { "\t" },
  { "\001" },
  { "\177" },
  { "\xc3\xa9" },
  { "\xff" },
  { "\x80" },
  { "\xe2\x80\xae" }, /* right-to-left override */
  { "=?utf-8?q?Al=0Aice?=" },
  { "=?utf-8?q?=0D=0ABcc:_e@x.org?=" },
  { "=?utf-8?b?DQpCY2M6IGVAeC5vcmc=?=" },
  { "=?utf-8?q?a=00b?=" },
  { "=?utf-8?q?Doe=2C_Jane?=" },
  { "=?utf-8?q?evil=40x.org=2C?=" },
  { "=?utf-8?q?=3Cevil=40x.org=3E?=" },
  { "=?utf-8?b?ZXZpbEB4Lm9yZywg?=" }, /* "evil@x.org, " */
  { "=?iso-8859-1?q?Beh=FAn?=" },
  { "=?utf-8?q?unterminated" },
  { "(comment)" },
  { "(evil@x.org)" },
  { "alice" },
  { "Zo\xc3\xab" },
  { "x.org" },
  { "a@b.c" },
  { ";" },
  { ":" },
  { "undisclosed-recipients:;" },
  { "group: g@x.org;" },
};

/* A NUL refuses the whole file (MAINTAINERS, a patch): allowed in one
 * case out of four, so that the others reach the writers. */
static gboolean allow_nul;

static void
append_piece (GRand *r, GString *s)
{
  const Piece *p;

  do
    p = &pieces[g_rand_int_range (r, 0, G_N_ELEMENTS (pieces))];
  while (p->len != 0 && !allow_nul);
  g_string_append_len (s, p->s, p->len ? (gssize) p->len : -1);
}

/* A hostile name: 1-5 pieces, now and then a very long one. */
static void
append_name (GRand *r, GString *s)
{
  guint n = g_rand_int_range (r, 1, 6);
  for (guint i = 0; i < n; i++)
    append_piece (r, s);
  if (g_rand_int_range (r, 0, 16) == 0)
    {
      static const char chars[] = "Ab \xc3\xa9,\"=";
      guint len = g_rand_int_range (r, 200, 3000);
      for (guint i = 0; i < len; i++)
        g_string_append_c (s,
                           chars[g_rand_int_range (r, 0, sizeof chars - 1)]);
    }
}

/* A hostile address (or list of them): bytes, NULs included. */
static void
append_address (GRand *r, GString *s)
{
  switch (g_rand_int_range (r, 0, 7))
    {
      case 0: /* Name <user@example.org>, hostile name */
        append_name (r, s);
        g_string_append (s, " <user@example.org>");
        break;
      case 1: /* "quoted" <hostile@example.org> */
        g_string_append_c (s, '"');
        append_name (r, s);
        g_string_append (s, "\" <");
        append_piece (r, s);
        g_string_append (s, "@example.org>");
        break;
      case 2: /* a list */
        append_name (r, s);
        g_string_append (s, ", b@example.org, ");
        append_name (r, s);
        break;
      case 3: /* an encoded name, then the address */
        append_piece (r, s);
        g_string_append (s, " =?utf-8?q?Evil=2C_Name?= <enc@example.org>");
        break;
      case 4: /* a plain one: cases that are written */
        g_string_append (s, "Plain Person <plain@example.org>");
        break;
      case 5:
        g_string_append (s, "\"Zo\xc3\xab, \\\"Q\\\"\" <zoe@example.org>");
        break;
      default:
        append_name (r, s);
        break;
    }
}

static char *
address_str (GRand *r)
{
  GString *s = g_string_new (NULL);
  append_address (r, s);
  return g_string_free (s, FALSE); /* a NUL ends the C string there */
}

/* --- what is written --------------------------------------------------- */

/* The email keys (lower-cased) of a list of address values, each parsed
 * as a mail client reads a header or a To/Cc row.  Fails the test when a
 * value holds a control byte or does not parse. */
static void
add_keys (GHashTable *keys, char **values, const char *what,
          const char *context)
{
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) list = NULL;

      if (pcc_email_has_control (values[i]))
        g_error ("%s: a control byte in \"%s\"\n%s", what,
                 g_strescape (values[i], NULL), context ? context : "");
      list = pcc_address_list_parse (values[i], &error);
      if (list == NULL)
        g_error ("%s: \"%s\" does not parse: %s\n%s", what,
                 g_strescape (values[i], NULL), error->message,
                 context ? context : "");
      for (guint k = 0; k < list->len; k++)
        g_hash_table_add (
            keys, pcc_email_key (((PccAddress *) list->pdata[k])->email));
    }
}

static GHashTable *
key_set (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* A computed address going into the mail has no encoded word for a
 * control byte either (mail readers decode them, many even inside
 * quotes); typed ones are kept as the user wrote them. */
static void
check_computed (const PccPlan *plan, const char *what)
{
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      g_autofree char *dec = NULL;

      if (c->kind != PCC_CHANGE_ADD || c->blocked)
        continue;
      dec = pcc_rfc2047_decode (c->address);
      if (pcc_email_has_control (dec))
        g_error ("%s: the computed \"%s\" decodes to a control byte", what,
                 c->address);
    }
}

/* Whether the change is shown as staying in (or going into) the mail. */
static gboolean
stays (const PccChange *c)
{
  return !c->blocked
         && (c->kind == PCC_CHANGE_KEEP
             || (c->kind == PCC_CHANGE_ADD && c->enabled)
             || (c->kind == PCC_CHANGE_DROP && !c->enabled));
}

/* The email keys the review shows staying in @field (or in both when
 * @field is -1). */
static GHashTable *
shown_keys (const PccPlan *plan, int field)
{
  GHashTable *keys = key_set ();
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      if (stays (c) && (field < 0 || (int) c->field == field))
        g_hash_table_add (keys, pcc_email_key (c->email));
    }
  return keys;
}

static void
assert_same_keys (GHashTable *written, GHashTable *shown, const char *what)
{
  GHashTableIter it;
  gpointer k;

  g_hash_table_iter_init (&it, written);
  while (g_hash_table_iter_next (&it, &k, NULL))
    if (!g_hash_table_contains (shown, k))
      g_error ("%s: %s is written but the review does not show it", what,
               (char *) k);
  g_hash_table_iter_init (&it, shown);
  while (g_hash_table_iter_next (&it, &k, NULL))
    if (!g_hash_table_contains (written, k))
      g_error ("%s: %s is shown staying but not written", what, (char *) k);
}

/* --- the tree ---------------------------------------------------------- */

static PccTestRepo *repo;

/* MAINTAINERS and .mailmap with hostile names and addresses; the rest of
 * the kernel top so that the tree reads as one. */
static void
write_tree (GRand *r)
{
  g_autoptr (GString) m = g_string_new ("NET DRIVER\nM:\t");
  g_autoptr (GString) mm = g_string_new (NULL);

  append_address (r, m);
  g_string_append (m, "\nR:\t");
  append_address (r, m);
  g_string_append (m, "\nR:\tNed Net <ned@x.org>\nL:\t");
  if (g_rand_boolean (r))
    append_address (r, m);
  else
    g_string_append (m, "netdev@x.org");
  g_string_append (m, "\nS:\tMaintained\nF:\tdrivers/net/\n\n"
                      "THE REST\nM:\tLinus <torvalds@x.org>\n"
                      "L:\tlinux-kernel@vger.kernel.org\nS:\tBuried\n"
                      "F:\t*\nF:\t*/\n");
  pcc_test_write (repo, "MAINTAINERS", m->str, m->len);

  /* .mailmap: a hostile proper name for ned@x.org, a hostile address
   * mapped to a plain one, and a plain name for a hostile address. */
  append_name (r, mm);
  g_string_append (mm, " <ned@x.org>\nProper <proper@x.org> <");
  append_piece (r, mm);
  g_string_append (mm, "@example.org>\n");
  append_name (r, mm);
  g_string_append (mm, " <proper2@x.org> Ned Net <ned@x.org>\n");
  pcc_test_write (repo, ".mailmap", mm->str, mm->len);
}

/* A format-patch mail touching drivers/net/ with hostile headers and
 * trailers; @n of @total in the series (0: the cover letter). */
static GString *
hostile_patch (GRand *r, guint n, guint total)
{
  GString *p = g_string_new ("From 1111111111111111111111111111111111111111 "
                             "Mon Sep 17 00:00:00 2001\nFrom: ");
  guint which = g_rand_int_range (r, 0, 8);

  if (which & 1)
    append_address (r, p);
  else
    g_string_append (p, "Dev Eloper <dev@example.org>");
  g_string_append (p, "\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n");
  g_string_append_printf (p, "Subject: [PATCH %u/%u] net: fix", n, total);
  if (which == 4)
    append_name (r, p);
  g_string_append_c (p, '\n');
  if (which & 2)
    {
      g_string_append (p, "To: ");
      append_address (r, p);
      g_string_append (p, "\nCc: ");
      append_address (r, p);
      g_string_append_c (p, '\n');
    }
  if (n == 0)
    {
      g_string_append (p, "\nThe series.\n\n-- \n2.39.2\n\n");
      return p;
    }
  g_string_append (p, "\nBody.\n\nSigned-off-by: ");
  if (which & 4)
    append_address (r, p);
  else
    g_string_append (p, "Dev Eloper <dev@example.org>");
  g_string_append (p, "\nCc: ");
  append_address (r, p);
  g_string_append (p, "\nReviewed-by: ");
  append_address (r, p);
  g_string_append_printf (
      p,
      "\n---\n drivers/net/a%u.c | 2 +-\n"
      " 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
      "diff --git a/drivers/net/a%u.c b/drivers/net/a%u.c\n"
      "index 1111111..2222222 100644\n--- a/drivers/net/a%u.c\n"
      "+++ b/drivers/net/a%u.c\n@@ -1 +1 @@\n-a\n+b\n-- \n2.39.2\n\n",
      n, n, n, n, n);
  return p;
}

/* --- the plugin's rows ------------------------------------------------- */

/* The rows of @plan, checked: no control byte, each parses, and the
 * addresses of each field are the ones the review shows staying there. */
static void
check_rows (PccPlan *plan, guint max_rows, guint *n_rows)
{
  g_autoptr (GArray) rows = pcc_fixer_header_rows (plan, max_rows);

  check_computed (plan, "rows");

  for (int f = 0; f < 2; f++)
    {
      g_autoptr (GHashTable) written = key_set ();
      g_autoptr (GHashTable) shown = shown_keys (plan, f);
      for (guint i = 0; i < rows->len; i++)
        {
          PccHeaderRow *row = &g_array_index (rows, PccHeaderRow, i);
          char *one[] = { row->value, NULL };
          /* a row is a GTK entry's text, and a header is UTF-8 text */
          if (!g_utf8_validate (row->value, -1, NULL))
            {
              g_autofree char *ctx = pcc_plan_to_string (plan);
              g_error ("a row is not UTF-8: \"%s\"\n%s",
                       g_strescape (row->value, NULL), ctx);
            }
          if ((int) row->field == f)
            {
              g_autofree char *ctx = pcc_plan_to_string (plan);
              add_keys (written, one, f ? "Cc row" : "To row", ctx);
            }
        }
      assert_same_keys (written, shown, f ? "Cc rows" : "To rows");
    }
  *n_rows += rows->len;
}

static void
test_plugin_rows (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (1301);
  g_autoptr (PccFixer) fixer = pcc_fixer_new ();
  guint rounds = 1500, plans = 0, rows = 0, refused = 0, unread = 0;

  repo = pcc_test_repo_new ();
  if (repo == NULL)
    return;
  pcc_test_write_kernel_top (repo);
  for (guint round = 0; round < rounds; round++)
    {
      g_autoptr (GString) patch = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (PccPatch) mail = NULL;
      g_autoptr (PccPlan) plan = NULL;
      g_autofree char *subject = NULL;
      g_autofree char *t1 = NULL, *t2 = NULL, *c1 = NULL;
      const char *body;
      PccFixerConfig cfg;

      allow_nul = round % 16 == 0;
      if (round % 4 == 0)
        {
          write_tree (r);
          pcc_fixer_reset (fixer); /* MAINTAINERS changed within a second */
        }
      /* The compose window: a Subject: line, the patch as the body (its
       * own headers then read as text: the plugin inserts the file), and
       * typed rows (a GTK entry holds no NUL; it may hold CR or LF). */
      patch = hostile_patch (r, 1, 1);
      /* a text view holds no NUL: it ends the text there */
      g_string_truncate (patch, strlen (patch->str));
      body = strstr (patch->str, "\n\n");
      body = body ? body + 2 : patch->str;
      {
        g_autoptr (GString) s = g_string_new ("[PATCH] net: ");
        append_name (r, s);
        subject = g_strdup (s->str);
      }
      mail = pcc_fixer_parse_mail (
          subject, patch->str,
          g_rand_boolean (r) ? (gssize) patch->len
                             : (gssize) (patch->len - (body - patch->str)),
          &error);
      if (mail == NULL)
        {
          unread++;
          continue;
        }
      t1 = g_rand_int_range (r, 0, 3) == 0 ? address_str (r)
                                           : g_strdup ("t@example.org");
      t2 = g_rand_int_range (r, 0, 3) == 0 ? address_str (r)
                                           : g_strdup ("Ned Net <ned@x.org>");
      c1 = g_rand_int_range (r, 0, 3) == 0
               ? address_str (r)
               : g_strdup ("linux-kernel@vger.kernel.org");
      /* a GTK entry's text is UTF-8 */
      char **typed[] = { &t1, &t2, &c1 };
      for (guint k = 0; k < G_N_ELEMENTS (typed); k++)
        {
          char *v = g_utf8_make_valid (*typed[k], -1);
          g_free (*typed[k]);
          *typed[k] = v;
        }
      const char *to[] = { g_strstrip (t1), g_strstrip (t2), NULL };
      const char *cc[] = { g_strstrip (c1), NULL };
      pcc_fixer_config_init (&cfg);
      cfg.tree_path = repo->work;
      cfg.plan.split = round & 1 ? PCC_SPLIT_ALL_CC : PCC_SPLIT_B4;
      plan
          = pcc_fixer_plan (fixer, &cfg, &mail, 1, to, cc, NULL, NULL, &error);
      if (plan == NULL)
        {
          g_assert_nonnull (error);
          refused++;
          continue;
        }
      plans++;
      check_rows (plan, PCC_FIXER_MAX_ROWS, &rows);
      check_rows (plan, 1, &rows); /* the added ones joined in one row */
      /* The review's checkboxes, each way. */
      for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
        if (g_rand_boolean (r))
          pcc_plan_set_enabled (plan, i,
                                !pcc_plan_get_change (plan, i)->enabled);
      check_rows (plan, g_rand_int_range (r, 1, 20), &rows);
    }
  g_test_message ("%u cases: %u plans (%u rows checked), %u typed lists "
                  "refused, %u mails not read",
                  rounds, plans, rows, refused, unread);
  g_assert_cmpuint (plans, >, rounds / 4);
  g_assert_cmpuint (refused, >, rounds / 10);
  g_clear_pointer (&repo, pcc_test_repo_free);
}

/* --- the series mails -------------------------------------------------- */

static const char *const header_names[] = {
  "From",       "To",           "Cc",           "Date",
  "Message-Id", "In-Reply-To",  "References",   "X-Mailer",
  "Subject",    "MIME-Version", "Content-Type", "Content-Transfer-Encoding",
  NULL
};

/* The header block of @mail: no CR, no NUL, no control byte but the
 * folding newline; only the headers a series mail has; each line a
 * header or a fold.  Returns the unfolded To: and Cc: values. */
static void
check_mail (GBytes *mail, const char *what, char ***to, char ***cc)
{
  gsize len;
  const char *d = g_bytes_get_data (mail, &len);
  const char *end = NULL;
  g_autoptr (GPtrArray) tos = g_ptr_array_new ();
  g_autoptr (GPtrArray) ccs = g_ptr_array_new ();
  GString *cur = NULL;
  GPtrArray *cur_list = NULL;

  for (gsize i = 0; end == NULL && i + 1 < len; i++)
    if (d[i] == '\n' && d[i + 1] == '\n')
      end = d + i;
  if (end == NULL)
    g_error ("%s: no end of the headers", what);
  for (const char *p = d; p < end; p++)
    if (((guchar) *p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
      {
        g_autofree char *head = g_strndup (d, end - d);
        g_error ("%s: control byte 0x%02x in the headers at %zu:\n%s", what,
                 (guchar) *p, (gsize) (p - d), g_strescape (head, "\n"));
      }
  g_autofree char *block = g_strndup (d, end - d);
  g_auto (GStrv) lines = g_strsplit (block, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];
      if (*l == ' ' || *l == '\t')
        {
          if (i == 0 || l[strspn (l, " \t")] == '\0')
            g_error ("%s: bad fold \"%s\"", what, g_strescape (l, NULL));
          if (cur != NULL)
            g_string_append (cur, l);
          continue;
        }
      if (cur != NULL)
        {
          g_ptr_array_add (cur_list, g_string_free (cur, FALSE));
          cur = NULL;
        }
      const char *colon = strchr (l, ':');
      if (colon == NULL)
        g_error ("%s: not a header line \"%s\"", what, g_strescape (l, NULL));
      g_autofree char *name = g_strndup (l, colon - l);
      if (!g_strv_contains (header_names, name))
        g_error ("%s: unexpected header \"%s\"", what, g_strescape (l, NULL));
      if (strcmp (name, "To") == 0 || strcmp (name, "Cc") == 0)
        {
          cur = g_string_new (colon + 1);
          cur_list = name[0] == 'T' ? tos : ccs;
        }
    }
  if (cur != NULL)
    g_ptr_array_add (cur_list, g_string_free (cur, FALSE));
  g_ptr_array_add (tos, NULL);
  g_ptr_array_add (ccs, NULL);
  *to = (char **) g_ptr_array_free (g_steal_pointer (&tos), FALSE);
  *cc = (char **) g_ptr_array_free (g_steal_pointer (&ccs), FALSE);
}

/* A mail's To:/Cc: headers and its envelope against what the review
 * shows: @shown, the email keys of the plan behind the mail. */
static void
check_recipients (GBytes *mail, char **to, char **cc, GHashTable *shown,
                  const char *what)
{
  g_auto (GStrv) hto = NULL, hcc = NULL;
  g_autoptr (GHashTable) in_headers = key_set ();
  g_autoptr (GHashTable) in_envelope = key_set ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env = pcc_series_mail_envelope (to, cc, &error);

  check_mail (mail, what, &hto, &hcc);

  add_keys (in_headers, hto, what, NULL);
  add_keys (in_headers, hcc, what, NULL);
  if (env == NULL)
    {
      /* only for a mail without recipients */
      g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
      g_assert_cmpuint (g_hash_table_size (in_headers), ==, 0);
    }
  for (guint i = 0; env != NULL && env[i] != NULL; i++)
    {
      g_assert_false (pcc_email_has_control (env[i]));
      g_hash_table_add (in_envelope, pcc_email_key (env[i]));
    }
  assert_same_keys (in_headers, in_envelope, what);
  assert_same_keys (in_envelope, shown, what);
}

/* The addresses of the patch file's own @name: headers (To or Cc) as a
 * mail reader finds them: in the header as written, encoded words being
 * names only.  A header that does not parse gives none. */
static GHashTable *
raw_header_keys (const PccPatch *patch, const char *name)
{
  GHashTable *keys = key_set ();
  gsize len;
  const char *d = pcc_patch_get_data (patch, &len);
  g_autofree char *text = g_strndup (d, len);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  gsize nlen = strlen (name);

  for (guint i = g_str_has_prefix (text, "From ") ? 1 : 0;
       lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      g_autoptr (GString) v = NULL;
      g_autoptr (GPtrArray) list = NULL;

      if (g_ascii_strncasecmp (lines[i], name, nlen) != 0
          || lines[i][nlen] != ':')
        continue;
      v = g_string_new (lines[i] + nlen + 1);
      while (lines[i + 1] != NULL
             && (lines[i + 1][0] == ' ' || lines[i + 1][0] == '\t'))
        g_string_append (v, lines[++i]);
      /* CRs go, as unfolding a CRLF file takes them (a bare one too) */
      for (char *c = strchr (v->str, '\r'); c != NULL; c = strchr (c, '\r'))
        memmove (c, c + 1, strlen (c));
      list = pcc_address_list_parse (v->str, NULL);
      for (guint k = 0; list != NULL && k < list->len; k++)
        g_hash_table_add (
            keys, pcc_email_key (((PccAddress *) list->pdata[k])->email));
    }
  return keys;
}

/* The patch's own To:/Cc: as patchcc reads them hold no address the
 * header does not. */
static void
check_own_headers (const PccPatch *patch, const char *what)
{
  const char *names[] = { "To", "Cc" };

  for (guint f = 0; f < 2; f++)
    {
      g_autoptr (GHashTable) raw = raw_header_keys (patch, names[f]);
      const GPtrArray *got
          = f == 0 ? pcc_patch_get_to (patch) : pcc_patch_get_cc (patch);

      for (guint i = 0; got != NULL && i < got->len; i++)
        {
          g_autoptr (GPtrArray) l
              = pcc_address_list_parse (got->pdata[i], NULL);
          g_autofree char *k = NULL;

          g_assert_nonnull (l);
          g_assert_cmpuint (l->len, ==, 1);
          k = pcc_email_key (((PccAddress *) l->pdata[0])->email);
          if (!g_hash_table_contains (raw, k))
            {
              gsize len;
              const char *d = pcc_patch_get_data (patch, &len);
              g_autofree char *t = g_strndup (d, MIN (len, 600));
              g_error ("%s: its %s: header as read holds %s, which the "
                       "header as written does not:\n%s",
                       what, names[f], k, g_strescape (t, "\n"));
            }
        }
    }
}

typedef struct
{
  guint series, refused_series, mails, refused_mails, no_plan, no_engine;
} SeriesCounts;

static void
one_series (GRand *r, const char *dir, PccEngine *engine, PccTree *tree,
            SeriesCounts *n)
{
  guint total = g_rand_int_range (r, 1, 4);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccSeries) series = NULL;
  g_autoptr (PccSeriesSender) sender = NULL;
  g_autoptr (PccPlan) cplan = NULL;
  g_auto (GStrv) cover_to = NULL, cover_cc = NULL;
  g_autofree char *cover_id = NULL;
  PccPlanOptions po;
  guint suppress = g_rand_int_range (r, 0, PCC_SUPPRESS_ALL + 1);

  for (guint i = 0; i <= total; i++)
    {
      g_autoptr (GString) p = hostile_patch (r, i, total);
      g_autofree char *name
          = g_strdup_printf ("%s/%04u-net-fix.patch", dir, i);
      g_file_set_contents_full (name, p->str, p->len, G_FILE_SET_CONTENTS_NONE,
                                0600, NULL);
    }
  series = pcc_series_new_from_dir (dir, &error);
  if (series == NULL)
    {
      if (g_getenv ("PCC_HOSTILE_VERBOSE"))
        g_test_message ("series refused: %s", error->message);
      n->refused_series++;
      return;
    }
  n->series++;
  pcc_series_load_mailmap (series, tree, NULL);
  {
    PccPatch *cover = pcc_series_get_cover (series);
    GPtrArray *a = g_ptr_array_new (), *b = g_ptr_array_new ();
    const GPtrArray *ct = cover ? pcc_patch_get_to (cover) : NULL;
    const GPtrArray *cc = cover ? pcc_patch_get_cc (cover) : NULL;
    for (guint i = 0; ct && i < ct->len; i++)
      g_ptr_array_add (a, g_strdup (ct->pdata[i]));
    for (guint i = 0; cc && i < cc->len; i++)
      g_ptr_array_add (b, g_strdup (cc->pdata[i]));
    g_ptr_array_add (a, NULL);
    g_ptr_array_add (b, NULL);
    cover_to = (char **) g_ptr_array_free (a, FALSE);
    cover_cc = (char **) g_ptr_array_free (b, FALSE);
  }
  pcc_plan_options_init (&po);
  po.split = g_rand_boolean (r) ? PCC_SPLIT_ALL_CC : PCC_SPLIT_B4;
  cplan = pcc_series_plan_new (series, engine, &po,
                               (const char *const *) cover_to,
                               (const char *const *) cover_cc, &error);
  if (cplan == NULL)
    {
      if (g_getenv ("PCC_HOSTILE_VERBOSE"))
        g_test_message ("cover plan refused: %s", error->message);
      n->no_plan++;
      return;
    }
  check_computed (cplan, "the cover letter");
  for (guint i = 0; i < pcc_plan_get_n_changes (cplan); i++)
    if (g_rand_int_range (r, 0, 4) == 0)
      pcc_plan_set_enabled (cplan, i, FALSE);

  /* The sending identity: the account's, hostile now and then. */
  {
    g_autoptr (GString) sname = g_string_new (NULL);
    g_autofree char *saddr = NULL;
    if (g_rand_int_range (r, 0, 4) == 0)
      append_name (r, sname);
    else
      g_string_append (sname, "Patch Sender");
    saddr = g_rand_int_range (r, 0, 4) == 0 ? address_str (r)
                                            : g_strdup ("dev@example.org");
    sender = pcc_series_sender_new (sname->str, saddr, NULL, 1700000000,
                                    "stem", &error);
    if (sender == NULL)
      {
        g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
        g_clear_error (&error);
        sender = pcc_series_sender_new ("Patch Sender", "dev@example.org",
                                        NULL, 1700000000, "stem", &error);
      }
  }
  cover_id = pcc_series_sender_message_id (sender, 0);

  /* The cover letter, as build_mails() makes it. */
  {
    g_auto (GStrv) to = pcc_plan_get_final (cplan, PCC_FIELD_TO);
    g_auto (GStrv) cc0 = pcc_plan_get_final (cplan, PCC_FIELD_CC);
    g_auto (GStrv) cc = pcc_series_mail_minus (cc0, to);
    g_autoptr (GString) title = g_string_new (NULL);
    g_autofree char *subject = NULL;
    g_autoptr (GBytes) m = NULL;
    g_autoptr (GHashTable) shown = shown_keys (cplan, -1);

    if (g_rand_int_range (r, 0, 4) == 0)
      append_name (r, title);
    else
      g_string_append (title, "net: fixes");
    subject = pcc_series_format_cover_subject (series, title->str);
    m = pcc_series_mail_cover (sender, subject, "The series.\n", to, cc,
                               &error);
    if (m == NULL)
      {
        if (g_getenv ("PCC_HOSTILE_VERBOSE"))
          g_test_message ("cover refused: %s", error->message);
        g_assert_error (error, PCC_ERROR, PCC_ERROR_OPTION);
        g_clear_error (&error);
        n->refused_mails++;
      }
    else
      {
        /* typed in the cover's own To:/Cc: are plan rows too (KEEP) */
        for (char **t = cover_to; *t; t++)
          {
            char *one[] = { *t, NULL };
            add_keys (shown, one, "cover's To:", NULL);
          }
        for (char **t = cover_cc; *t; t++)
          {
            char *one[] = { *t, NULL };
            add_keys (shown, one, "cover's Cc:", NULL);
          }
        check_recipients (m, to, cc, shown, "the cover letter");
        n->mails++;
      }
  }

  /* The patches: their own recipients, the cover's typed ones and git
   * send-email's extra Cc:, through pcc_series_mail_patch_recipients()
   * following the reviewed cover, as the series dialog computes them. */
  for (guint i = 0; i < pcc_series_get_n_patches (series); i++)
    {
      PccPatch *patch = pcc_series_get_patch (series, i);
      g_autoptr (GPtrArray) extras = pcc_series_mail_extra_recipients (
          patch, pcc_series_sender_get_email (sender), suppress);
      g_autoptr (PccPatchRecipients) rc = NULL;
      g_autoptr (GBytes) m = NULL;
      g_autoptr (GHashTable) shown = NULL;
      g_autofree char *what = g_strdup_printf ("patch %u", i + 1);

      check_own_headers (patch, what);
      for (guint k = 0; k < extras->len; k++)
        g_assert_false (pcc_email_has_control (
            ((PccExtraRecipient *) extras->pdata[k])->address));
      rc = pcc_series_mail_patch_recipients (engine, &po, patch, cover_to,
                                             cover_cc, extras, cplan, &error);
      if (rc == NULL)
        {
          if (g_getenv ("PCC_HOSTILE_VERBOSE"))
            g_test_message ("plan refused: %s", error->message);
          g_clear_error (&error);
          n->no_plan++;
          continue;
        }
      m = pcc_series_mail_patch (sender, patch,
                                 pcc_series_get_patch_source (series, i),
                                 i + 1, cover_id, rc->to, rc->cc, &error);
      if (m == NULL)
        {
          g_assert_nonnull (error);
          if (g_getenv ("PCC_HOSTILE_VERBOSE"))
            g_test_message ("mail refused: %s", error->message);
          g_clear_error (&error);
          n->refused_mails++;
          continue;
        }
      /* What the series dialog shows going for this mail. */
      shown = key_set ();
      for (guint k = 0; k < rc->shown->len; k++)
        {
          const PccMailRecipient *mr = rc->shown->pdata[k];
          char *one[] = { mr->address, NULL };
          g_assert_false (pcc_email_has_control (mr->address));
          if (mr->sent)
            add_keys (shown, one, "shown going", NULL);
        }
      check_recipients (m, rc->to, rc->cc, shown, what);
      n->mails++;
    }
}

static void
test_series_mails (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (1302);
  guint rounds = 1200;
  SeriesCounts n = { 0 };

  repo = pcc_test_repo_new ();
  if (repo == NULL)
    return;
  pcc_test_write_kernel_top (repo);
  for (guint round = 0; round < rounds; round++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (PccTree) tree = NULL;
      g_autoptr (PccEngine) engine = NULL;
      g_autofree char *dir = g_build_filename (repo->root, "series", NULL);

      allow_nul = round % 4 == 0;
      write_tree (r);
      tree = pcc_tree_open_dir (repo->work, &error);
      g_assert_no_error (error);
      engine = pcc_engine_new (tree, NULL, TRUE, &error);
      if (engine == NULL)
        {
          if (g_getenv ("PCC_HOSTILE_VERBOSE"))
            g_test_message ("tree refused: %s", error->message);
          n.no_engine++;
          continue;
        }
      g_mkdir (dir, 0700);
      one_series (r, dir, engine, tree, &n);
      pcc_test_rm_rf (dir);
    }
  g_test_message ("%u series cases: %u trees refused, %u series read (%u "
                  "refused), %u mails checked, %u mails refused with an "
                  "error, %u plans refused",
                  rounds, n.no_engine, n.series, n.refused_series, n.mails,
                  n.refused_mails, n.no_plan);
  g_assert_cmpuint (n.mails, >, rounds / 2);
  g_clear_pointer (&repo, pcc_test_repo_free);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile/plugin-rows", test_plugin_rows);
  g_test_add_func ("/hostile/series-mails", test_series_mails);
  return g_test_run ();
}
