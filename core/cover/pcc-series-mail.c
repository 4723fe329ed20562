/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-series-mail.c - the mails of a series (see pcc-series-mail.h). */
#include "config.h"

#include <string.h>

#include "pcc-cover.h"
#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-line-limit.h"
#include "pcc-message-id.h"
#include "pcc-series-mail.h"
#include "pcc-date.h"
#include "pcc-mime.h"

struct _PccSeriesSender
{
  char *from;  /* "Name <addr>" */
  char *email; /* addr */
  char *domain;
  gint64 start;
  char *stamp;
  char *parent; /* "<id>" the cover answers, or NULL */
};

PccSeriesSender *
pcc_series_sender_new (const char *name, const char *address,
                       const char *domain, gint64 start, const char *stamp,
                       GError **error)
{
  PccSeriesSender *s;
  const char *at;

  if (address == NULL || *address == '\0' || pcc_email_has_control (address)
      || (name != NULL && pcc_email_has_control (name))
      || (domain != NULL && pcc_email_has_control (domain))
      || (stamp != NULL && pcc_email_has_control (stamp)))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   "no usable address to send the series from");
      return NULL;
    }
  s = g_new0 (PccSeriesSender, 1);
  s->email = g_strdup (address);
  s->from = name != NULL && *name != '\0'
                ? g_strdup_printf ("%s <%s>", name, address)
                : g_strdup (address);
  at = strchr (address, '@');
  s->domain = g_strdup (domain != NULL && *domain != '\0' ? domain
                        : at != NULL && at[1] != '\0'     ? at + 1
                                                          : "localhost");
  s->start = start != 0 ? start : g_get_real_time () / G_USEC_PER_SEC;
  if (stamp != NULL)
    s->stamp = g_strdup (stamp);
  else
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
      g_autofree char *t = g_date_time_format (now, "%Y%m%d%H%M%S");
      s->stamp = g_strdup_printf ("%s-%08x", t, g_random_int ());
    }
  return s;
}

void
pcc_series_sender_free (PccSeriesSender *s)
{
  if (s == NULL)
    return;
  g_free (s->from);
  g_free (s->email);
  g_free (s->domain);
  g_free (s->stamp);
  g_free (s->parent);
  g_free (s);
}

const char *
pcc_series_sender_get_from (const PccSeriesSender *s)
{
  return s->from;
}

const char *
pcc_series_sender_get_email (const PccSeriesSender *s)
{
  return s->email;
}

const char *
pcc_series_sender_get_stamp (const PccSeriesSender *s)
{
  return s->stamp;
}

gint64
pcc_series_sender_get_start (const PccSeriesSender *s)
{
  return s->start;
}

char *
pcc_series_sender_message_id (const PccSeriesSender *s, guint n)
{
  return g_strdup_printf ("<%s-%u-patchcc@%s>", s->stamp, n, s->domain);
}

gboolean
pcc_series_sender_set_in_reply_to (PccSeriesSender *s, const char *id)
{
  if (id == NULL)
    {
      g_clear_pointer (&s->parent, g_free);
      return TRUE;
    }
  gsize n = strlen (id);
  g_autofree char *bare = n >= 2 && id[0] == '<' && id[n - 1] == '>'
                              ? g_strndup (id + 1, n - 2)
                              : g_strdup (id);
  if (!pcc_message_id_is_plain (bare))
    return FALSE;
  g_free (s->parent);
  s->parent = g_strdup_printf ("<%s>", bare);
  return TRUE;
}

char *
pcc_series_mail_date (gint64 unix_time)
{
  return pcc_date_rfc2822_from_unix (unix_time);
}

/* --- a mail file's own header block ----------------------------------- */

/* Append @h as the file wrote it (its folds kept) to @mail: the headers
 * copied from a patch file are bytes from anyone, so a control byte
 * there (a bare CR, an escape sequence) fails with PCC_ERROR_PATCH
 * naming @what; a fold line of blanks only, which some readers take for
 * the end of the headers, is left out. */
static gboolean
append_raw_header (GString *mail, const PccMimeHeader *h, const char *what,
                   GError **error)
{
  g_auto (GStrv) lines = g_strsplit (h->raw, "\n", -1);

  for (const char *p = h->raw; *p; p++)
    if (((guchar) *p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
      {
        g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                     "%s: its %s: header holds a control character (0x%02x); "
                     "nothing was sent",
                     what, h->name, (guchar) *p);
        return FALSE;
      }
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][strspn (lines[i], " \t")] == '\0')
        continue; /* the last "" after the newline, or a blank fold */
      g_string_append (mail, lines[i]);
      g_string_append_c (mail, '\n');
    }
  return TRUE;
}

/* --- addresses --------------------------------------------------------- */

static char *
key_of (const char *value)
{
  g_autoptr (GPtrArray) a = pcc_address_list_parse (value, NULL);

  return g_ascii_strdown (
      a != NULL && a->len ? ((PccAddress *) a->pdata[0])->email : value, -1);
}

char **
pcc_series_mail_merge (char **a, char **b)
{
  GPtrArray *out = g_ptr_array_new ();
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char **lists[] = { a, b };

  for (guint l = 0; l < 2; l++)
    for (guint i = 0; lists[l] != NULL && lists[l][i] != NULL; i++)
      {
        char *key = key_of (lists[l][i]);

        if (!g_hash_table_add (seen, key))
          continue;
        g_ptr_array_add (out, g_strdup (lists[l][i]));
      }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

char **
pcc_series_mail_minus (char **cc, char **to)
{
  g_autoptr (GHashTable) in_to
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; to != NULL && to[i] != NULL; i++)
    {
      g_autoptr (GPtrArray) p = pcc_address_list_parse (to[i], NULL);
      for (guint k = 0; p != NULL && k < p->len; k++)
        g_hash_table_add (
            in_to, g_ascii_strdown (((PccAddress *) p->pdata[k])->email, -1));
    }
  for (guint i = 0; cc != NULL && cc[i] != NULL; i++)
    {
      g_autofree char *key = key_of (cc[i]);
      if (!g_hash_table_contains (in_to, key))
        g_ptr_array_add (out, g_strdup (cc[i]));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

char **
pcc_series_mail_envelope (char **to, char **cc, GError **error)
{
  g_autoptr (GPtrArray) list = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char **fields[] = { to, cc };

  for (guint f = 0; f < 2; f++)
    for (guint i = 0; fields[f] != NULL && fields[f][i] != NULL; i++)
      {
        g_autoptr (GPtrArray) a = pcc_address_list_parse (fields[f][i], error);

        if (a == NULL)
          return NULL;
        for (guint k = 0; k < a->len; k++)
          {
            const PccAddress *ad = a->pdata[k];
            if (g_hash_table_add (seen, g_ascii_strdown (ad->email, -1)))
              g_ptr_array_add (list, g_strdup (ad->email));
          }
      }
  if (list->len == 0)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION, "no recipients");
      return NULL;
    }
  g_ptr_array_add (list, NULL);
  return (char **) g_ptr_array_steal (list, NULL);
}

/* --- headers ----------------------------------------------------------- */

static gboolean
append_addresses (GString *mail, const char *field, char **addrs,
                  GError **error)
{
  guint n = 0;

  for (guint i = 0; addrs != NULL && addrs[i] != NULL; i++)
    {
      g_autofree char *enc = NULL;

      if (addrs[i][0] == '\0')
        continue;
      enc = pcc_cover_encode_header (field, addrs[i], TRUE, error);
      if (enc == NULL)
        return FALSE;
      if (n == 0)
        g_string_append_printf (mail, "%s: %s", field, enc);
      else
        g_string_append_printf (mail, ",\n %s", enc);
      n++;
    }
  if (n)
    g_string_append_c (mail, '\n');
  return TRUE;
}

static gboolean
common_headers (GString *mail, const PccSeriesSender *s, char **to, char **cc,
                guint n, const char *in_reply_to, GError **error)
{
  g_autofree char *from
      = pcc_cover_encode_header ("From", s->from, TRUE, error);
  g_autofree char *date = NULL, *mid = NULL;

  if (from == NULL)
    return FALSE;
  g_string_append_printf (mail, "From: %s\n", from);
  if (!append_addresses (mail, "To", to, error)
      || !append_addresses (mail, "Cc", cc, error))
    return FALSE;
  date = pcc_series_mail_date (s->start + n);
  mid = pcc_series_sender_message_id (s, n);
  g_string_append_printf (mail, "Date: %s\nMessage-Id: %s\n", date, mid);
  /* the cover answers the thread's parent; patches answer the cover */
  if (n == 0 && in_reply_to == NULL)
    in_reply_to = s->parent;
  if (in_reply_to != NULL)
    {
      if (pcc_email_has_control (in_reply_to))
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                       "a Message-Id with a control character");
          return FALSE;
        }
      gboolean chain = s->parent != NULL && strcmp (in_reply_to, s->parent);
      g_string_append_printf (mail, "In-Reply-To: %s\nReferences: %s%s%s\n",
                              in_reply_to, chain ? s->parent : "",
                              chain ? " " : "", in_reply_to);
    }
  g_string_append_printf (mail, "X-Mailer: patchcc %s\n", PCC_VERSION);
  return TRUE;
}

static gboolean
is_ascii (const char *s)
{
  for (; *s; s++)
    if ((unsigned char) *s >= 0x80)
      return FALSE;
  return TRUE;
}

GBytes *
pcc_series_mail_cover (const PccSeriesSender *s, const char *subject,
                       const char *body, char **to, char **cc, GError **error)
{
  g_autoptr (GString) m = g_string_new (NULL);
  g_autofree char *esubj
      = pcc_cover_encode_header ("Subject", subject, FALSE, error);

  if (esubj == NULL || !common_headers (m, s, to, cc, 0, NULL, error))
    return NULL;
  g_string_append_printf (m, "Subject: %s\n", esubj);
  if (!is_ascii (body))
    g_string_append (m, "MIME-Version: 1.0\n"
                        "Content-Type: text/plain; charset=UTF-8\n"
                        "Content-Transfer-Encoding: 8bit\n");
  g_string_append_c (m, '\n');
  g_string_append (m, body);
  /* Lines within 998 bytes: pcc-line-limit.h. */
  if (!pcc_mail_limit_lines (m, "the cover letter", NULL, 0, body,
                             strlen (body), error))
    return NULL;
  return g_string_free_to_bytes (g_steal_pointer (&m));
}

GBytes *
pcc_series_mail_patch (const PccSeriesSender *s, const PccPatch *patch,
                       const char *what, guint n, const char *in_reply_to,
                       char **to, char **cc, GError **error)
{
  gsize len = 0, off = 0;
  const char *data = pcc_patch_get_data (patch, &len);
  g_autoptr (GPtrArray) hs = pcc_mime_read_headers (data, len, &off);
  const PccMimeHeader *subj = pcc_mime_find_header (hs, "Subject");
  const PccMimeHeader *cte
      = pcc_mime_find_header (hs, "Content-Transfer-Encoding");
  const char *author = pcc_patch_get_from (patch);
  g_autofree char *aname = NULL, *aemail = NULL;
  g_autoptr (GString) m = g_string_new (NULL);
  gboolean in_body, encoded;
  const char *body = data + off;
  gsize body_len = len - off;

  if (subj == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "%s has no Subject: line", what);
      return NULL;
    }
  if (author == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "%s has no From: line that can be read (does the file "
                   "start with something else than its mail headers?)",
                   what);
      return NULL;
    }
  pcc_email_parse (author, &aname, &aemail);
  in_body = *aemail != '\0' && g_ascii_strcasecmp (aemail, s->email) != 0;
  encoded = cte != NULL
            && (g_ascii_strcasecmp (cte->value, "base64") == 0
                || g_ascii_strcasecmp (cte->value, "quoted-printable") == 0);
  if (in_body && encoded)
    {
      /* The in-body From: goes before the decoded text, sent as 8bit. */
      gsize tlen = 0, toff = 0;
      const char *text = pcc_patch_get_text (patch, &tlen);
      g_autoptr (GPtrArray) ths = pcc_mime_read_headers (text, tlen, &toff);

      body = text + toff;
      body_len = tlen - toff;
      if (!g_utf8_validate (body, body_len, NULL))
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s: the body is not UTF-8 text once decoded", what);
          return NULL;
        }
    }
  if (!common_headers (m, s, to, cc, n, in_reply_to, error)
      || !append_raw_header (m, subj, what, error))
    return NULL;
  if (in_body
      && (encoded || pcc_mime_find_header (hs, "Content-Type") == NULL))
    {
      if (encoded || !is_ascii (author))
        g_string_append (m, "MIME-Version: 1.0\n"
                            "Content-Type: text/plain; charset=UTF-8\n"
                            "Content-Transfer-Encoding: 8bit\n");
    }
  else
    {
      static const char *const keep[] = { "MIME-Version", "Content-Type",
                                          "Content-Transfer-Encoding", NULL };
      for (guint k = 0; keep[k] != NULL; k++)
        {
          const PccMimeHeader *h = pcc_mime_find_header (hs, keep[k]);
          if (h != NULL && !append_raw_header (m, h, what, error))
            return NULL;
        }
    }
  g_string_append_c (m, '\n');
  /* git send-email's in-body From: for another author, as UTF-8 text. */
  if (in_body)
    {
      if (pcc_email_has_control (author))
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s: the author has a control character", what);
          return NULL;
        }
      g_string_append_printf (m, "From: %s\n\n", author);
    }
  g_string_append_len (m, body, body_len);
  /* Lines within 998 bytes: pcc-line-limit.h. */
  if (!pcc_mail_limit_lines (m, what, data, len, body, body_len, error))
    return NULL;
  return g_string_free_to_bytes (g_steal_pointer (&m));
}

/* --- git send-email's extra Cc: ----------------------------------------- */

gboolean
pcc_suppress_cc_parse (const char *text, guint *flags, GError **error)
{
  static const struct
  {
    const char *name;
    guint flags;
  } classes[] = {
    { "author", PCC_SUPPRESS_AUTHOR },
    { "self", PCC_SUPPRESS_SELF },
    { "cc", 0 },
    { "bodycc", PCC_SUPPRESS_BODYCC },
    { "sob", PCC_SUPPRESS_SOB },
    { "misc-by", PCC_SUPPRESS_MISC_BY },
    { "body", PCC_SUPPRESS_SOB | PCC_SUPPRESS_BODYCC | PCC_SUPPRESS_MISC_BY },
    { "all", PCC_SUPPRESS_ALL },
  };
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", ", \t", -1);

  *flags = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean known = FALSE;

      if (*words[i] == '\0')
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (classes); k++)
        if (g_ascii_strcasecmp (words[i], classes[k].name) == 0)
          {
            *flags |= classes[k].flags;
            known = TRUE;
          }
      if (!known)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                       "suppress_cc: unknown class \"%s\" (author, self, cc, "
                       "bodycc, sob, misc-by, body, all)",
                       words[i]);
          return FALSE;
        }
    }
  return TRUE;
}

static void
extra_free (gpointer p)
{
  PccExtraRecipient *e = p;

  g_free (e->address);
  g_free (e->reason);
  g_free (e);
}

static void
add_extra (GPtrArray *out, GHashTable *seen, const char *value,
           const char *reason, const char *sender_email, guint suppress)
{
  g_autofree char *v = g_strdup (value);
  char *hash = strchr (v, '#');
  g_autoptr (GPtrArray) list = NULL;

  if (hash != NULL)
    *hash = '\0';
  g_strstrip (v);
  if (*v == '\0' || pcc_email_has_control (v))
    return;
  list = pcc_address_list_parse (v, NULL);
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      const PccAddress *a = list->pdata[i];
      PccExtraRecipient *e;

      if (a->email == NULL || strchr (a->email, '@') == NULL)
        continue;
      if ((suppress & PCC_SUPPRESS_SELF) && sender_email != NULL
          && g_ascii_strcasecmp (a->email, sender_email) == 0)
        continue;
      if (!g_hash_table_add (seen, g_ascii_strdown (a->email, -1)))
        continue;
      e = g_new0 (PccExtraRecipient, 1);
      e->address = g_strdup (a->display);
      e->reason = g_strdup (reason);
      g_ptr_array_add (out, e);
    }
}

GPtrArray *
pcc_series_mail_extra_recipients (const PccPatch *patch,
                                  const char *sender_email, guint suppress)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (extra_free);
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const GArray *trailers = pcc_patch_get_trailers (patch);
  /* parsed as written: an encoded "Doe, Jane" stays one address */
  const char *author = pcc_patch_get_author (patch);

  if (!(suppress & PCC_SUPPRESS_AUTHOR) && author != NULL)
    add_extra (out, seen, author, "author of the patch", sender_email,
               suppress);
  for (guint i = 0; trailers != NULL && i < trailers->len; i++)
    {
      const PccTrailer *t = &g_array_index (trailers, PccTrailer, i);
      g_autofree char *reason = NULL;
      guint cls;

      if (g_ascii_strcasecmp (t->key, "Signed-off-by") == 0)
        cls = PCC_SUPPRESS_SOB;
      else if (g_ascii_strcasecmp (t->key, "Cc") == 0)
        cls = PCC_SUPPRESS_BODYCC;
      else if (g_str_has_suffix (t->key, "-by")
               || g_str_has_suffix (t->key, "-By"))
        cls = PCC_SUPPRESS_MISC_BY;
      else
        continue;
      if (suppress & cls)
        continue;
      reason = cls == PCC_SUPPRESS_BODYCC
                   ? g_strdup ("Cc: trailer in the commit message")
                   : g_strdup_printf ("%s: in the commit message", t->key);
      add_extra (out, seen, t->value, reason, sender_email, suppress);
    }
  return out;
}

/* --- the recipients of a patch mail ------------------------------------ */

static void
mail_recipient_free (gpointer p)
{
  PccMailRecipient *r = p;

  g_free (r->address);
  g_free (r->reason);
  g_free (r);
}

void
pcc_patch_recipients_free (PccPatchRecipients *r)
{
  if (r == NULL)
    return;
  g_strfreev (r->to);
  g_strfreev (r->cc);
  g_clear_pointer (&r->shown, g_ptr_array_unref);
  g_free (r);
}


/* Add @reason to the reasons of every address of @list (key -> GString). */
static void
note (GHashTable *why, char **list, const char *reason)
{
  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    {
      g_autoptr (GPtrArray) a = pcc_address_list_parse (list[i], NULL);

      for (guint k = 0; a != NULL && k < a->len; k++)
        {
          char *key
              = g_ascii_strdown (((PccAddress *) a->pdata[k])->email, -1);
          GString *s = g_hash_table_lookup (why, key);

          if (s == NULL)
            {
              s = g_string_new (NULL);
              g_hash_table_insert (why, key, s);
            }
          else
            g_free (key);
          if (strstr (s->str, reason) != NULL)
            continue;
          if (s->len)
            g_string_append (s, "; ");
          g_string_append (s, reason);
        }
    }
}

static void
string_free (gpointer s)
{
  g_string_free (s, TRUE);
}

static void
show (PccPatchRecipients *r, GHashTable *why, GHashTable *done, PccField field,
      gboolean sent, const char *address, const char *email)
{
  PccMailRecipient *m;
  char *key = g_ascii_strdown (email, -1);
  GString *s = g_hash_table_lookup (why, key);

  if (!g_hash_table_add (done, key))
    return;
  m = g_new0 (PccMailRecipient, 1);
  m->field = field;
  m->sent = sent;
  m->address = g_strdup (address);
  m->reason = g_strdup (s != NULL ? s->str : "");
  g_ptr_array_add (r->shown, m);
}

PccPatchRecipients *
pcc_series_mail_patch_recipients (PccEngine *engine,
                                  const PccPlanOptions *opts, PccPatch *patch,
                                  char **cover_to, char **cover_cc,
                                  const GPtrArray *extra,
                                  const PccPlan *reviewed, GError **error)
{
  g_auto (GStrv) own_to = pcc_patch_dup_to (patch);
  g_auto (GStrv) own_cc = pcc_patch_dup_cc (patch);
  g_auto (GStrv) extra_cc = NULL;
  g_auto (GStrv) typed_to = pcc_series_mail_merge (own_to, cover_to);
  g_auto (GStrv) typed_cc0 = pcc_series_mail_merge (own_cc, cover_cc);
  g_auto (GStrv) typed_cc = NULL;
  g_auto (GStrv) final_cc = NULL;
  g_autoptr (PccPlan) plan = NULL;
  g_autoptr (GHashTable) why
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, string_free);
  g_autoptr (GHashTable) done
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  PccPatchRecipients *r;

  {
    GPtrArray *e = g_ptr_array_new ();
    for (guint i = 0; extra != NULL && i < extra->len; i++)
      g_ptr_array_add (
          e, g_strdup (((PccExtraRecipient *) extra->pdata[i])->address));
    g_ptr_array_add (e, NULL);
    extra_cc = (char **) g_ptr_array_free (e, FALSE);
  }
  typed_cc = pcc_series_mail_merge (typed_cc0, extra_cc);
  plan = pcc_plan_new (engine, opts, &patch, 1, (const char *const *) typed_to,
                       (const char *const *) typed_cc, error);
  if (plan == NULL)
    return NULL;
  if (reviewed != NULL)
    pcc_plan_follow (plan, reviewed);

  note (why, own_to, "in the patch file's To:");
  note (why, own_cc, "in the patch file's Cc:");
  note (why, cover_to, "typed on the cover letter");
  note (why, cover_cc, "typed on the cover letter");
  for (guint i = 0; extra != NULL && i < extra->len; i++)
    {
      const PccExtraRecipient *e = extra->pdata[i];
      char *one[] = { e->address, NULL };
      note (why, one, e->reason);
    }
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      char *one[] = { c->address, NULL };

      /* The plan's own word for what it computed or drops; a typed
       * address it merely keeps has its reason above. */
      if (c->kind != PCC_CHANGE_KEEP || c->recipient != NULL)
        note (why, one, c->reason);
    }

  r = g_new0 (PccPatchRecipients, 1);
  r->shown = g_ptr_array_new_with_free_func (mail_recipient_free);
  r->to = pcc_plan_get_final (plan, PCC_FIELD_TO);
  final_cc = pcc_plan_get_final (plan, PCC_FIELD_CC);
  r->cc = pcc_series_mail_minus (final_cc, r->to);
  {
    char **fields[] = { r->to, r->cc };
    for (guint f = 0; f < 2; f++)
      for (guint i = 0; fields[f][i] != NULL; i++)
        {
          g_autoptr (GPtrArray) a
              = pcc_address_list_parse (fields[f][i], NULL);
          for (guint k = 0; a != NULL && k < a->len; k++)
            show (r, why, done, f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC, TRUE,
                  fields[f][i], ((PccAddress *) a->pdata[k])->email);
        }
  }
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      /* dropped by the plan, or an addition unticked in the review */
      if ((c->kind == PCC_CHANGE_DROP && c->enabled)
          || (c->kind == PCC_CHANGE_ADD && !c->enabled))
        show (r, why, done, c->field, FALSE, c->address, c->email);
    }
  return r;
}

char *
pcc_patch_recipients_to_string (const PccPatchRecipients *r)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < r->shown->len; i++)
    {
      const PccMailRecipient *m = r->shown->pdata[i];
      /* one line each: the plan's reasons quote F: lines with a tab */
      g_autofree char *reason
          = g_strdelimit (g_strdup (m->reason), "\t\n", ' ');

      g_string_append_printf (s, "%s %s%s%s\n",
                              !m->sent                   ? "Not sent:"
                              : m->field == PCC_FIELD_TO ? "To:"
                                                         : "Cc:",
                              m->address, *reason ? " \342\200\224 " : "",
                              reason);
    }
  return g_string_free (s, FALSE);
}
