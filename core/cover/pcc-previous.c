/* pcc-previous.c - the previous version of a series in an mbox. */
#include "pcc-previous.h"

#include <string.h>

#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-mbox.h"
#include "pcc-mime.h"
#include "pcc-patch-id.h"
#include "pcc-rfc2047.h"
#include "pcc-subject.h"

/* One mail of the mbox, as far as threading needs it. */
typedef struct
{
  const char *data; /* the mail (owned by the split array) */
  gsize len;
  char *message_id;
  char *parent;    /* In-Reply-To, else the last of References */
  GPtrArray *refs; /* References, the last MAX_REFERENCES */
  char *subject, *from, *date, *to, *cc;
  PccSubject subj;
  guint version;
  /* Threading: -2 not yet known, -1 none, else the index of the old
   * version's mail it leads to. */
  gint anchor;
  gboolean walking;
  gboolean in_old; /* one of the previous version's mails */
} Mail;

struct _PccPrevious
{
  guint version;
  const char *found_by;
  GPtrArray *mails;      /* PccPreviousMail */
  GPtrArray *replies;    /* PccPreviousMail */
  GPtrArray *recipients; /* PccPreviousRecipient */
  GHashTable *by_email;  /* email -> PccPreviousRecipient (borrowed) */
  GPtrArray *trailers;   /* PccPreviousTrailer */
  GPtrArray *warnings;   /* char * */
  guint n_new;
  guint *old_number; /* per new patch */
  gboolean *same;
};

static const char *const trailer_names[] = {
  "Reviewed-by",  "Acked-by",        "Tested-by",     "Reported-by",
  "Suggested-by", "Co-developed-by", "Signed-off-by",
};

static void
mail_clear (Mail *m)
{
  g_free (m->message_id);
  g_free (m->parent);
  if (m->refs)
    g_ptr_array_unref (m->refs);
  g_free (m->subject);
  g_free (m->from);
  g_free (m->date);
  g_free (m->to);
  g_free (m->cc);
  pcc_subject_clear (&m->subj);
}

static void
prev_mail_free (gpointer p)
{
  PccPreviousMail *m = p;
  g_free (m->message_id);
  g_free (m->date);
  g_free (m->subject);
  g_free (m->from);
  g_free (m);
}

static void
recipient_free (gpointer p)
{
  PccPreviousRecipient *r = p;
  g_free (r->address);
  g_free (r->email);
  g_ptr_array_unref (r->reasons);
  g_free (r);
}

static void
trailer_free (gpointer p)
{
  PccPreviousTrailer *t = p;
  g_free (t->name);
  g_free (t->value);
  g_free (t->given_by);
  g_free (t->message_id);
  g_free (t);
}

void
pcc_previous_free (PccPrevious *prev)
{
  if (!prev)
    return;
  g_ptr_array_unref (prev->mails);
  g_ptr_array_unref (prev->replies);
  g_hash_table_unref (prev->by_email);
  g_ptr_array_unref (prev->recipients);
  g_ptr_array_unref (prev->trailers);
  g_ptr_array_unref (prev->warnings);
  g_free (prev->old_number);
  g_free (prev->same);
  g_free (prev);
}

/* --- reading the mails ---------------------------------------------------- */

/* The ids "<...>" of @value in order; at most @max, the last ones kept. */
static GPtrArray *
read_ids (const char *value, guint max)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  const char *p = value;

  while (p && (p = strchr (p, '<')))
    {
      const char *e = strchr (p + 1, '>');
      if (!e)
        break;
      if (e > p + 1 && e - p < 1000)
        {
          g_ptr_array_add (ids, g_strndup (p + 1, (gsize) (e - p - 1)));
          if (ids->len > max)
            g_ptr_array_remove_index (ids, 0);
        }
      p = e + 1;
    }
  return ids;
}

static char *
first_id (const char *value)
{
  g_autoptr (GPtrArray) ids = value ? read_ids (value, 1) : NULL;
  if (!ids || ids->len == 0)
    return NULL;
  return g_strdup (ids->pdata[ids->len - 1]);
}

static char *
header_decoded (const GPtrArray *headers, const char *name)
{
  const PccMimeHeader *h = pcc_mime_find_header (headers, name);
  if (!h || !h->value)
    return g_strdup ("");
  char *d = pcc_rfc2047_decode (h->value);
  return d ? d : g_strdup (h->value);
}

/* "v3" among the prefix's words: 3; none: 1. */
static guint
prefix_version (const char *prefix)
{
  guint v = 1;
  if (!prefix)
    return v;
  g_auto (GStrv) words = g_strsplit (prefix, " ", -1);
  for (char **w = words; *w; w++)
    if (((*w)[0] == 'v' || (*w)[0] == 'V') && (*w)[1]
        && strspn (*w + 1, "0123456789") == strlen (*w + 1)
        && strlen (*w + 1) <= 4)
      v = (guint) atoi (*w + 1);
  return v;
}

static void
mail_read (Mail *m, GBytes *bytes)
{
  gsize body = 0;
  m->data = g_bytes_get_data (bytes, &m->len);
  if (!m->data)
    m->data = "";
  g_autoptr (GPtrArray) h = pcc_mime_read_headers (m->data, m->len, &body);
  const PccMimeHeader *mid = pcc_mime_find_header (h, "Message-Id");
  const PccMimeHeader *irt = pcc_mime_find_header (h, "In-Reply-To");
  const PccMimeHeader *ref = pcc_mime_find_header (h, "References");

  m->message_id = mid ? first_id (mid->value) : NULL;
  m->refs = read_ids (ref ? ref->value : NULL, PCC_PREVIOUS_MAX_REFERENCES);
  m->parent = irt ? first_id (irt->value) : NULL;
  if (!m->parent && m->refs->len)
    m->parent = g_strdup (m->refs->pdata[m->refs->len - 1]);
  m->subject = header_decoded (h, "Subject");
  m->from = header_decoded (h, "From");
  m->date = header_decoded (h, "Date");
  m->to = header_decoded (h, "To");
  m->cc = header_decoded (h, "Cc");
  pcc_subject_parse (m->subject, &m->subj);
  m->version = prefix_version (m->subj.prefix);
  m->anchor = -2;
}

/* The mail's text with its body decoded (newly allocated). */
static char *
mail_text (const Mail *m, gsize *len)
{
  char *t = pcc_patch_decode_text (m->data, m->len, len);
  if (t)
    return t;
  *len = m->len;
  return g_strndup (m->data, m->len);
}

/* The value of a "change-id:" line of @text, or NULL. */
static char *
find_change_id (const char *text, gsize len)
{
  const char *p = text, *end = text + len;
  while (p < end)
    {
      gsize l;
      const char *next = pcc_mime_line (p, end, &l);
      if (l > 10 && g_ascii_strncasecmp (p, "change-id:", 10) == 0)
        return g_strstrip (g_strndup (p + 10, l - 10));
      p = next;
    }
  return NULL;
}

/* --- threading ------------------------------------------------------------ */

/* The old version's mail that @i leads to through In-Reply-To (its
 * parents, at most MAX_DEPTH of them), else through its References;
 * memoised, so that all mails together cost a walk each. */
static gint
mail_anchor (Mail *mails, GHashTable *by_id, guint i)
{
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
  gint result = -1;
  guint cur = i;
  gboolean cut = TRUE;

  for (guint depth = 0; depth <= PCC_PREVIOUS_MAX_DEPTH; depth++)
    {
      Mail *m = &mails[cur];
      if (m->in_old)
        {
          result = (gint) cur;
          cut = FALSE;
          break;
        }
      if (m->anchor != -2)
        {
          result = m->anchor;
          cut = FALSE;
          break;
        }
      if (m->walking || depth == PCC_PREVIOUS_MAX_DEPTH)
        break; /* a loop, or too deep: the walk says nothing */
      m->walking = TRUE;
      g_array_append_val (path, cur);
      gpointer v;
      if (!m->parent
          || !g_hash_table_lookup_extended (by_id, m->parent, NULL, &v))
        {
          cut = FALSE; /* the top of the thread */
          break;
        }
      cur = GPOINTER_TO_UINT (v);
    }
  if (result < 0)
    {
      /* References name the thread's mails without the chain in
       * between: the nearest old mail among them. */
      Mail *m = &mails[i];
      for (guint r = m->refs->len; r-- > 0 && result < 0;)
        {
          gpointer v;
          if (g_hash_table_lookup_extended (by_id, m->refs->pdata[r], NULL, &v)
              && mails[GPOINTER_TO_UINT (v)].in_old)
            result = (gint) GPOINTER_TO_UINT (v);
        }
    }
  for (guint k = 0; k < path->len; k++)
    {
      Mail *m = &mails[g_array_index (path, guint, k)];
      m->walking = FALSE;
      /* A walk cut short leaves the mails for another walk to decide. */
      if (m->anchor == -2 && (result >= 0 || !cut))
        m->anchor = result;
    }
  return result;
}

/* --- people --------------------------------------------------------------- */

static void
add_person (PccPrevious *prev, const char *display, const char *email,
            const char *reason)
{
  if (!email || !strchr (email, '@') || pcc_email_has_control (display)
      || !g_utf8_validate (display, -1, NULL))
    return;
  g_autofree char *key = pcc_email_key (email);
  PccPreviousRecipient *r = g_hash_table_lookup (prev->by_email, key);
  if (!r)
    {
      if (prev->recipients->len >= PCC_PREVIOUS_MAX_RECIPIENTS)
        return;
      r = g_new0 (PccPreviousRecipient, 1);
      r->address = g_strdup (display);
      r->email = g_strdup (key);
      r->reasons = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (prev->recipients, r);
      g_hash_table_insert (prev->by_email, r->email, r);
    }
  for (guint i = 0; i < r->reasons->len; i++)
    if (strcmp (r->reasons->pdata[i], reason) == 0)
      return;
  if (r->reasons->len < 16)
    g_ptr_array_add (r->reasons, g_strdup (reason));
}

static void
add_list (PccPrevious *prev, const char *value, const char *reason)
{
  if (!value || !*value)
    return;
  g_autoptr (GPtrArray) list = pcc_address_list_parse (value, NULL);
  if (!list)
    return;
  for (guint i = 0; i < list->len; i++)
    {
      PccAddress *a = list->pdata[i];
      add_person (prev, a->display, a->email, reason);
    }
}

/* "30 Nov" from a Date: header, or "" when it has no day and month. */
static char *
day_month (const char *date)
{
  static const char *const months[]
      = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
  g_auto (GStrv) w = g_strsplit_set (date ? date : "", " ,\t", -1);
  for (guint i = 0; w[i] && w[i + 1]; i++)
    {
      gsize n = strlen (w[i]);
      if (n < 1 || n > 2 || strspn (w[i], "0123456789") != n)
        continue;
      for (guint k = 0; k < 12; k++)
        if (g_ascii_strcasecmp (w[i + 1], months[k]) == 0)
          return g_strdup_printf ("%d %s", atoi (w[i]), months[k]);
    }
  return g_strdup ("");
}

/* --- trailers ------------------------------------------------------------- */

/* The canonical name of the trailer on @line ("Acked-by"), with *@value
 * the text after its colon, or NULL. */
static const char *
trailer_on (const char *line, gsize len, const char **value, gsize *vlen)
{
  for (guint i = 0; i < G_N_ELEMENTS (trailer_names); i++)
    {
      gsize n = strlen (trailer_names[i]);
      if (len > n && g_ascii_strncasecmp (line, trailer_names[i], n) == 0
          && line[n] == ':')
        {
          const char *v = line + n + 1, *e = line + len;
          while (v < e && (*v == ' ' || *v == '\t'))
            v++;
          while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
          *value = v;
          *vlen = (gsize) (e - v);
          return trailer_names[i];
        }
    }
  return NULL;
}

/* Why @value cannot be a trailer's value, or NULL when it can. */
static const char *
value_refused (const char *value, gsize len, char **email)
{
  *email = NULL;
  if (len == 0)
    return "empty";
  if (len > PCC_PREVIOUS_MAX_VALUE)
    return "too long";
  for (gsize i = 0; i < len; i++)
    if ((guchar) value[i] < 0x20 || value[i] == 0x7f)
      return "a control byte";
  if (!g_utf8_validate (value, (gssize) len, NULL))
    return "not UTF-8";
  g_autofree char *v = g_strndup (value, len);
  if (strstr (v, "=?"))
    {
      g_autofree char *d = pcc_rfc2047_decode (v);
      if (!d || pcc_email_has_control (d) || strcmp (d, v) != 0)
        return "an encoded word";
    }
  char *name = NULL, *addr = NULL;
  pcc_email_parse (v, &name, &addr);
  g_free (name);
  if (!addr || !strchr (addr, '@') || pcc_email_has_control (addr))
    {
      g_free (addr);
      return "no address";
    }
  *email = addr;
  return NULL;
}

typedef struct
{
  const char *name;
  char *value;
  char *email;
} Given;

static void
given_clear (gpointer p)
{
  Given *g = p;
  g_free (g->value);
  g_free (g->email);
}

/* The trailers of a reply's body: unquoted lines before any "---",
 * "diff " or "-- " line; a Signed-off-by only right after a
 * Co-developed-by. */
static GArray *
reply_trailers (PccPrevious *prev, const Mail *m, const char *text, gsize len)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (Given));
  const char *end = text + len;
  gsize hdr = pcc_mime_header_block (text, end);
  const char *p = text + hdr;
  gboolean after_codev = FALSE;
  guint refused = 0, over = 0;

  g_array_set_clear_func (out, given_clear);
  while (p < end)
    {
      gsize l;
      const char *line = p;
      p = pcc_mime_line (p, end, &l);
      if ((l >= 3 && memcmp (line, "---", 3) == 0)
          || (l >= 5 && memcmp (line, "diff ", 5) == 0)
          || (l == 3 && memcmp (line, "-- ", 3) == 0))
        break;
      const char *v;
      gsize vl;
      const char *name = trailer_on (line, l, &v, &vl);
      if (!name)
        {
          after_codev = FALSE;
          continue;
        }
      gboolean sob = strcmp (name, "Signed-off-by") == 0;
      if (sob && !after_codev)
        continue;
      after_codev = strcmp (name, "Co-developed-by") == 0;
      char *email;
      const char *why = value_refused (v, vl, &email);
      if (why)
        {
          if (refused++ < 3)
            g_ptr_array_add (
                prev->warnings,
                g_strdup_printf ("<%s>: a %s trailer refused: %s",
                                 m->message_id ? m->message_id : "?", name,
                                 why));
          after_codev = FALSE;
          continue;
        }
      if (out->len >= PCC_PREVIOUS_MAX_MAIL_TRAILERS)
        {
          g_free (email);
          over++;
          continue;
        }
      Given g = { name, g_strndup (v, vl), email };
      g_array_append_val (out, g);
    }
  if (over)
    g_ptr_array_add (prev->warnings,
                     g_strdup_printf ("<%s>: %u trailers beyond the first %d "
                                      "ignored",
                                      m->message_id ? m->message_id : "?",
                                      over, PCC_PREVIOUS_MAX_MAIL_TRAILERS));
  return out;
}

static void
add_trailer (PccPrevious *prev, guint patch, const Given *g, const Mail *r,
             const char *from_email, guint on, guint flags)
{
  if (prev->trailers->len >= PCC_PREVIOUS_MAX_TRAILERS)
    return;
  for (guint i = 0; i < prev->trailers->len; i++)
    {
      PccPreviousTrailer *t = prev->trailers->pdata[i];
      if (t->patch == patch && strcmp (t->name, g->name) == 0
          && strcmp (t->value, g->value) == 0)
        return;
    }
  PccPreviousTrailer *t = g_new0 (PccPreviousTrailer, 1);
  t->patch = patch;
  t->name = g_strdup (g->name);
  t->value = g_strdup (g->value);
  t->given_by = g_strdup (r->from);
  t->message_id = g_strdup (r->message_id ? r->message_id : "");
  t->on_number = on;
  t->flags = flags;
  if (g_ascii_strcasecmp (g->email, from_email ? from_email : "") != 0)
    t->flags |= PCC_PREVIOUS_TRAILER_OTHER_ADDRESS;
  g_ptr_array_add (prev->trailers, t);
}

static gint
mail_order (gconstpointer a, gconstpointer b)
{
  const PccPreviousMail *x = *(PccPreviousMail *const *) a;
  const PccPreviousMail *y = *(PccPreviousMail *const *) b;
  return x->number < y->number ? -1 : x->number > y->number;
}

static gint
trailer_order (gconstpointer a, gconstpointer b)
{
  const PccPreviousTrailer *x = *(PccPreviousTrailer *const *) a;
  const PccPreviousTrailer *y = *(PccPreviousTrailer *const *) b;
  return x->patch < y->patch ? -1 : x->patch > y->patch;
}

/* --- finding -------------------------------------------------------------- */

static char *
new_title (PccPatch *p)
{
  PccSubject s;
  pcc_subject_parse (pcc_patch_get_subject (p), &s);
  char *t = g_strdup (s.title ? s.title : "");
  pcc_subject_clear (&s);
  return t;
}

PccPrevious *
pcc_previous_find (const PccSeries *series, const char *mbox, gsize len,
                   GError **error)
{
  guint n_new = pcc_series_get_n_patches (series);
  guint version = prefix_version (pcc_series_get_prefix (series));
  PccPatch *cover = pcc_series_get_cover (series);
  const char *change_id = pcc_series_get_change_id (series);

  if (version < 2)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "the series is version 1: there is no previous version");
      return NULL;
    }

  g_autoptr (GPtrArray) split = pcc_mbox_split (mbox, len);
  guint n = split->len;
  Mail *mails = g_new0 (Mail, n ? n : 1);
  g_autoptr (GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < n; i++)
    {
      mail_read (&mails[i], split->pdata[i]);
      if (mails[i].message_id
          && !g_hash_table_contains (by_id, mails[i].message_id))
        g_hash_table_insert (by_id, mails[i].message_id, GUINT_TO_POINTER (i));
    }

  /* The titles of the new version. */
  g_autoptr (GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_new; i++)
    g_ptr_array_add (titles, new_title (pcc_series_get_patch (series, i)));
  g_autofree char *cover_title = cover ? new_title (cover) : NULL;

  /* Candidates: patch mails (not replies) of an earlier version that
   * carry the change-id, else that have one of the titles. */
  guint best = 0;
  gboolean by_change_id = FALSE;
  for (int pass = change_id ? 0 : 1; pass < 2 && best == 0; pass++)
    for (guint i = 0; i < n; i++)
      {
        Mail *m = &mails[i];
        if (!m->subj.is_patch || m->subj.is_reply || m->version >= version)
          continue;
        gboolean match = FALSE;
        if (pass == 0)
          {
            gsize tl;
            g_autofree char *text = mail_text (m, &tl);
            g_autofree char *cid = find_change_id (text, tl);
            match = cid && strcmp (cid, change_id) == 0;
          }
        else if (m->subj.title && *m->subj.title)
          {
            /* git's placeholder title names no series in particular. */
            if (m->subj.numbered && m->subj.index == 0)
              match = cover_title && strcmp (m->subj.title, cover_title) == 0
                      && strcmp (cover_title, "*** SUBJECT HERE ***") != 0;
            else
              for (guint k = 0; k < titles->len && !match; k++)
                match = strcmp (m->subj.title, titles->pdata[k]) == 0;
          }
        if (match)
          {
            m->in_old = TRUE; /* provisional: narrowed below */
            if (m->version > best)
              best = m->version;
            by_change_id = pass == 0;
          }
      }

  if (best == 0)
    {
      for (guint i = 0; i < n; i++)
        mail_clear (&mails[i]);
      g_free (mails);
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "no earlier version of the series in the mailbox");
      return NULL;
    }

  /* Keep the matches of the best version, and add the patches of that
   * version that answer its cover letter. */
  for (guint i = 0; i < n; i++)
    if (mails[i].in_old && mails[i].version != best)
      mails[i].in_old = FALSE;
  for (guint i = 0; i < n; i++)
    {
      Mail *m = &mails[i];
      gpointer v;
      if (m->in_old || !m->subj.is_patch || m->subj.is_reply
          || m->version != best || !m->parent
          || !g_hash_table_lookup_extended (by_id, m->parent, NULL, &v))
        continue;
      Mail *c = &mails[GPOINTER_TO_UINT (v)];
      if (c->in_old && c->subj.numbered && c->subj.index == 0)
        m->in_old = TRUE;
    }
  /* and the cover letter that a matched patch answers */
  for (guint i = 0; i < n; i++)
    {
      gpointer v;
      if (!mails[i].in_old || !mails[i].parent
          || !g_hash_table_lookup_extended (by_id, mails[i].parent, NULL, &v))
        continue;
      Mail *c = &mails[GPOINTER_TO_UINT (v)];
      if (c->subj.is_patch && !c->subj.is_reply && c->version == best
          && c->subj.numbered && c->subj.index == 0)
        c->in_old = TRUE;
    }

  PccPrevious *prev = g_new0 (PccPrevious, 1);
  prev->version = best;
  prev->found_by = by_change_id ? "change-id" : "subject";
  prev->mails = g_ptr_array_new_with_free_func (prev_mail_free);
  prev->replies = g_ptr_array_new_with_free_func (prev_mail_free);
  prev->recipients = g_ptr_array_new_with_free_func (recipient_free);
  prev->by_email = g_hash_table_new (g_str_hash, g_str_equal);
  prev->trailers = g_ptr_array_new_with_free_func (trailer_free);
  prev->warnings = g_ptr_array_new_with_free_func (g_free);
  prev->n_new = n_new;
  prev->old_number = g_new0 (guint, n_new ? n_new : 1);
  prev->same = g_new0 (gboolean, n_new ? n_new : 1);

  g_autofree char *vname = g_strdup_printf ("v%u", best);
  g_autofree char *on_to = g_strdup_printf ("on %s's To", vname);
  g_autofree char *on_cc = g_strdup_printf ("on %s's Cc", vname);

  /* The old mails: numbers, patch IDs, the people on them. */
  g_autofree char **old_ids = g_new0 (char *, n ? n : 1);
  for (guint i = 0; i < n; i++)
    {
      Mail *m = &mails[i];
      if (!m->in_old)
        continue;
      PccPreviousMail *pm = g_new0 (PccPreviousMail, 1);
      pm->message_id = g_strdup (m->message_id ? m->message_id : "");
      pm->date = g_strdup (m->date);
      pm->subject = g_strdup (m->subject);
      pm->from = g_strdup (m->from);
      pm->number = pm->replies_to = m->subj.index;
      g_ptr_array_add (prev->mails, pm);
      add_list (prev, m->to, on_to);
      add_list (prev, m->cc, on_cc);
      if (m->subj.index > 0)
        {
          gsize tl;
          g_autofree char *text = mail_text (m, &tl);
          old_ids[i] = pcc_patch_id_stable (text, tl);
        }
    }

  g_ptr_array_sort (prev->mails, mail_order);

  /* New patch -> old patch: the same patch ID, else the same title. */
  for (guint k = 0; k < n_new; k++)
    {
      gsize tl;
      const char *text
          = pcc_patch_get_text (pcc_series_get_patch (series, k), &tl);
      g_autofree char *id = pcc_patch_id_stable (text, tl);
      for (guint i = 0; i < n && id; i++)
        if (mails[i].in_old && old_ids[i] && strcmp (old_ids[i], id) == 0)
          {
            prev->old_number[k] = mails[i].subj.index;
            prev->same[k] = TRUE;
            break;
          }
      for (guint i = 0; i < n && !prev->old_number[k]; i++)
        if (mails[i].in_old && mails[i].subj.index > 0 && mails[i].subj.title
            && strcmp (mails[i].subj.title, titles->pdata[k]) == 0)
          prev->old_number[k] = mails[i].subj.index;
    }
  for (guint i = 0; i < n; i++)
    g_free (old_ids[i]);

  /* The thread: replies, their people and trailers. */
  for (guint i = 0; i < n; i++)
    {
      Mail *m = &mails[i];
      if (m->in_old)
        continue;
      gint a = mail_anchor (mails, by_id, i);
      if (a < 0)
        continue;
      guint on = mails[a].subj.index;
      PccPreviousMail *pm = g_new0 (PccPreviousMail, 1);
      pm->message_id = g_strdup (m->message_id ? m->message_id : "");
      pm->date = g_strdup (m->date);
      pm->subject = g_strdup (m->subject);
      pm->from = g_strdup (m->from);
      pm->number = m->subj.index;
      pm->replies_to = on;
      g_ptr_array_add (prev->replies, pm);

      g_autofree char *dm = day_month (m->date);
      g_autofree char *what
          = on == 0 ? g_strdup ("the cover letter")
                    : g_strdup_printf ("%u/%u", on, mails[a].subj.total);
      g_autofree char *reason
          = g_strdup_printf ("replied to %s%s%s", what, *dm ? " on " : "", dm);
      g_autoptr (GPtrArray) from = pcc_address_list_parse (m->from, NULL);
      const char *from_email = NULL;
      if (from && from->len == 1)
        {
          PccAddress *fa = from->pdata[0];
          from_email = fa->email;
          add_person (prev, fa->display, fa->email, reason);
        }

      gsize tl;
      g_autofree char *text = mail_text (m, &tl);
      g_autoptr (GArray) given = reply_trailers (prev, m, text, tl);
      for (guint g = 0; g < given->len; g++)
        {
          const Given *gv = &g_array_index (given, Given, g);
          if (on == 0)
            {
              for (guint k = 0; k < n_new; k++)
                add_trailer (
                    prev, k, gv, m, from_email, 0,
                    prev->old_number[k] == 0 ? PCC_PREVIOUS_TRAILER_NEW_PATCH
                    : prev->same[k]          ? 0
                                    : PCC_PREVIOUS_TRAILER_PATCH_CHANGED);
              continue;
            }
          guint k;
          for (k = 0; k < n_new; k++)
            if (prev->old_number[k] == on)
              break;
          if (k == n_new)
            add_trailer (prev, PCC_PREVIOUS_NO_PATCH, gv, m, from_email, on,
                         PCC_PREVIOUS_TRAILER_NO_PATCH);
          else
            add_trailer (prev, k, gv, m, from_email, on,
                         prev->same[k] ? 0
                                       : PCC_PREVIOUS_TRAILER_PATCH_CHANGED);
        }
    }
  if (prev->trailers->len >= PCC_PREVIOUS_MAX_TRAILERS)
    g_ptr_array_add (
        prev->warnings,
        g_strdup_printf ("more than %d trailers: the rest ignored",
                         PCC_PREVIOUS_MAX_TRAILERS));
  g_ptr_array_sort (prev->trailers, trailer_order);

  for (guint i = 0; i < n; i++)
    mail_clear (&mails[i]);
  g_free (mails);
  return prev;
}

/* --- getters -------------------------------------------------------------- */

guint
pcc_previous_get_version (const PccPrevious *prev)
{
  return prev->version;
}

const char *
pcc_previous_get_found_by (const PccPrevious *prev)
{
  return prev->found_by;
}

const GPtrArray *
pcc_previous_get_mails (const PccPrevious *prev)
{
  return prev->mails;
}

const GPtrArray *
pcc_previous_get_replies (const PccPrevious *prev)
{
  return prev->replies;
}

const GPtrArray *
pcc_previous_get_recipients (const PccPrevious *prev)
{
  return prev->recipients;
}

const GPtrArray *
pcc_previous_get_trailers (const PccPrevious *prev)
{
  return prev->trailers;
}

const GPtrArray *
pcc_previous_get_warnings (const PccPrevious *prev)
{
  return prev->warnings;
}

guint
pcc_previous_get_old_number (const PccPrevious *prev, guint i, gboolean *same)
{
  if (i >= prev->n_new)
    {
      if (same)
        *same = FALSE;
      return 0;
    }
  if (same)
    *same = prev->same[i];
  return prev->old_number[i];
}

char *
pcc_previous_describe_flags (guint flags)
{
  GString *s = g_string_new (NULL);
  const struct
  {
    guint flag;
    const char *text;
  } words[] = {
    { PCC_PREVIOUS_TRAILER_PATCH_CHANGED, "patch changed since the review" },
    { PCC_PREVIOUS_TRAILER_NEW_PATCH, "patch new since the review" },
    { PCC_PREVIOUS_TRAILER_NO_PATCH, "its patch is not in this version" },
    { PCC_PREVIOUS_TRAILER_OTHER_ADDRESS,
      "address differs from the reply's From:" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (flags & words[i].flag)
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", words[i].text);
  return g_string_free (s, FALSE);
}
