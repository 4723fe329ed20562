/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-previous.c - the previous version of a series in an mbox: which
 * mails it was, the people on it and in its thread, and the trailers its
 * replies gave (threading in pcc-thread.h, reading a reply's trailers in
 * pcc-reply-trailers.h). */
#include "pcc-previous.h"
#include "pcc-file.h"

#include <string.h>

#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-mbox.h"
#include "pcc-message-id.h"
#include "pcc-mime.h"
#include "pcc-patch-id.h"
#include "pcc-reply-trailers.h"
#include "pcc-rfc2047.h"
#include "pcc-subject.h"
#include "pcc-thread.h"

/* One mail of the mbox, as far as finding the version needs it; its
 * ids are in the PccThread, at the same index. */
typedef struct
{
  const char *data; /* the mail (owned by the split array) */
  gsize len;
  const char *message_id; /* owned by the PccThread, NULL when none */
  char *subject, *from, *date, *to, *cc;
  PccSubject subj;
  guint version;
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
  GArray *versions; /* guint: every earlier version found, highest first */
};

static void
mail_clear (Mail *m)
{
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
  g_clear_pointer (&m->raw, g_bytes_unref);
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

PccPrevious *
pcc_previous_find_in_file (const PccSeries *series, const char *path,
                           guint version, GError **error)
{
  g_autofree char *mbox = NULL;
  gsize len = 0;
  if (!pcc_file_read_regular (path, PCC_PREVIOUS_MAX_MBOX, &mbox, &len, error))
    return NULL;
  return pcc_previous_find_version (series, mbox, len, version, error);
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
  g_array_unref (prev->versions);
  g_free (prev);
}

/* --- reading the mails ---------------------------------------------------- */

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

/* Reads mail @i of @thread from @bytes, and adds its ids to @thread. */
static void
mail_read (Mail *m, GBytes *bytes, PccThread *thread)
{
  gsize body = 0;
  m->data = g_bytes_get_data (bytes, &m->len);
  if (!m->data)
    m->data = "";
  g_autoptr (GPtrArray) h = pcc_mime_read_headers (m->data, m->len, &body);
  guint i = pcc_thread_add (thread, h);

  m->message_id = pcc_thread_get_message_id (thread, i);
  m->subject = header_decoded (h, "Subject");
  m->from = header_decoded (h, "From");
  m->date = header_decoded (h, "Date");
  m->to = header_decoded (h, "To");
  m->cc = header_decoded (h, "Cc");
  pcc_subject_parse (m->subject, &m->subj);
  m->version = prefix_version (m->subj.prefix);
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

static void
add_trailer (PccPrevious *prev, guint patch, const PccReplyTrailer *g,
             const Mail *r, const char *from_email, guint on, guint flags)
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

guint
pcc_previous_series_version (const PccSeries *series)
{
  return prefix_version (pcc_series_get_prefix (series));
}

static gint
version_desc (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x > y ? -1 : x < y;
}

PccPrevious *
pcc_previous_find (const PccSeries *series, const char *mbox, gsize len,
                   GError **error)
{
  return pcc_previous_find_version (series, mbox, len, 0, error);
}

PccPrevious *
pcc_previous_find_version (const PccSeries *series, const char *mbox,
                           gsize len, guint want, GError **error)
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
  g_autoptr (PccThread) thread = pcc_thread_new ();
  for (guint i = 0; i < n; i++)
    mail_read (&mails[i], split->pdata[i], thread);

  /* The titles of the new version. */
  g_autoptr (GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_new; i++)
    g_ptr_array_add (titles, new_title (pcc_series_get_patch (series, i)));
  g_autofree char *cover_title = cover ? new_title (cover) : NULL;

  /* Candidates: patch mails (not replies) of an earlier version that
   * carry the change-id, else that have one of the titles. */
  guint best = 0;
  gboolean by_change_id = FALSE;
  g_autoptr (GArray) versions = g_array_new (FALSE, FALSE, sizeof (guint));
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
            gboolean known = FALSE;
            for (guint v = 0; v < versions->len && !known; v++)
              known = g_array_index (versions, guint, v) == m->version;
            if (!known)
              g_array_append_val (versions, m->version);
          }
      }
  g_array_sort (versions, version_desc);
  if (best != 0 && want != 0)
    {
      gboolean have = FALSE;
      for (guint v = 0; v < versions->len && !have; v++)
        have = g_array_index (versions, guint, v) == want;
      if (!have)
        {
          for (guint i = 0; i < n; i++)
            mail_clear (&mails[i]);
          g_free (mails);
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "no v%u of the series in the mailbox", want);
          return NULL;
        }
      best = want;
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
   * version that answer its cover letter or, in a series without one,
   * another of its patches (format-patch threads them to the first, or
   * each to the one before with --thread=deep).  Each pass adds a link
   * of a chain; a pass that adds nothing ends it, and a chain is never
   * followed further than a thread is. */
  for (guint i = 0; i < n; i++)
    if (mails[i].in_old && mails[i].version != best)
      mails[i].in_old = FALSE;
  gboolean added = TRUE;
  for (guint pass = 0; added && pass < PCC_PREVIOUS_MAX_DEPTH; pass++)
    {
      added = FALSE;
      for (guint i = 0; i < n; i++)
        {
          Mail *m = &mails[i];
          guint parent;
          if (m->in_old || !m->subj.is_patch || m->subj.is_reply
              || !m->subj.numbered || m->version != best
              || !pcc_thread_get_parent (thread, i, &parent))
            continue;
          Mail *c = &mails[parent];
          if (c->in_old && c->subj.numbered && !c->subj.is_reply)
            added = m->in_old = TRUE;
        }
    }
  /* and the cover letter that a matched patch answers */
  for (guint i = 0; i < n; i++)
    {
      guint parent;
      if (!mails[i].in_old || !pcc_thread_get_parent (thread, i, &parent))
        continue;
      Mail *c = &mails[parent];
      if (c->subj.is_patch && !c->subj.is_reply && c->version == best
          && c->subj.numbered && c->subj.index == 0)
        c->in_old = TRUE;
    }

  PccPrevious *prev = g_new0 (PccPrevious, 1);
  prev->version = best;
  prev->versions = g_steal_pointer (&versions);
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
      pcc_thread_set_root (thread, i);
      PccPreviousMail *pm = g_new0 (PccPreviousMail, 1);
      pm->message_id = g_strdup (m->message_id ? m->message_id : "");
      pm->date = g_strdup (m->date);
      pm->subject = g_strdup (m->subject);
      pm->from = g_strdup (m->from);
      pm->number = pm->replies_to = m->subj.index;
      pm->raw = g_bytes_new (m->data, m->len);
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
      gint a = pcc_thread_find_root (thread, i);
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
      g_autoptr (GArray) given
          = pcc_reply_trailers_read (text, tl, m->message_id, prev->warnings);
      for (guint g = 0; g < given->len; g++)
        {
          const PccReplyTrailer *gv
              = &g_array_index (given, PccReplyTrailer, g);
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

const GArray *
pcc_previous_get_versions (const PccPrevious *prev)
{
  return prev->versions;
}

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

const char *
pcc_previous_get_root_id (const PccPrevious *prev)
{
  for (guint i = 0; i < prev->mails->len; i++)
    {
      const PccPreviousMail *m = prev->mails->pdata[i];
      /* in number order: the cover letter first when there is one */
      if (m->message_id && pcc_message_id_is_plain (m->message_id))
        return m->message_id;
    }
  return NULL;
}

GBytes *
pcc_previous_dup_mbox (const PccPrevious *prev)
{
  GString *mbox = g_string_new (NULL);
  for (guint i = 0; i < prev->mails->len; i++)
    {
      const PccPreviousMail *m = prev->mails->pdata[i];
      gsize len;
      const char *data = g_bytes_get_data (m->raw, &len);
      pcc_mbox_append (mbox, data, len);
    }
  return g_string_free_to_bytes (mbox);
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

char *
pcc_previous_summary (const PccPrevious *prev, const char *where)
{
  const GPtrArray *mails = pcc_previous_get_mails (prev);
  const GPtrArray *replies = pcc_previous_get_replies (prev);
  const char *date = NULL;
  guint patches = 0;
  gboolean cover = FALSE;
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < mails->len; i++)
    {
      const PccPreviousMail *m = mails->pdata[i];
      if (m->number == 0)
        cover = TRUE;
      else
        patches++;
      if (date == NULL && m->date && *m->date)
        date = m->date;
    }
  g_string_append_printf (s, "v%u, found by %s",
                          pcc_previous_get_version (prev),
                          pcc_previous_get_found_by (prev));
  if (where && *where)
    g_string_append_printf (s, " in %s", where);
  g_string_append_printf (s, ": %u patch%s", patches,
                          patches == 1 ? "" : "es");
  if (cover)
    g_string_append (s, " and a cover letter");
  g_string_append_printf (s, ", %u repl%s", replies->len,
                          replies->len == 1 ? "y" : "ies");
  if (date)
    g_string_append_printf (s, ", sent %s", date);
  return g_string_free (s, FALSE);
}
