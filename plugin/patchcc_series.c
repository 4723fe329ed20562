/* patchcc_series.c - "Compose patch series…": a cover letter and its
 * series sent as one thread (see patchcc_series.h).
 *
 * Glue only: the series, the cover letter and the recipients come from
 * core/ (PccSeries, PccCover, PccPlan) and ui/ (PccCoverPanel); this file
 * asks for the folder, shows the panel, builds the mails' headers and
 * hands each mail to Claws' SMTP code (send_message()), then files it in
 * the Sent folder.
 */
#include "claws-features.h"

#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "version.h"
#include "plugin.h"
#include "utils.h"
#include "log.h"
#include "mainwindow.h"
#include "menu.h"
#include "account.h"
#include "prefs_account.h"
#include "prefs_common.h"
#include "send_message.h"
#include "procmsg.h"
#include "folder.h"
#include "alertpanel.h"
#include "statusbar.h"

#include "pcc-cover.h"
#include "pcc-cover-panel.h"
#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-fixer.h"
#include "pcc-series.h"
#include "pcc-settings.h"

#include "patchcc_prefs.h"
#include "patchcc_series.h"

#define ACTION_SERIES "Tools/PatchccSeries"
#define ACCEL_SERIES  "<control><shift>J"
#define RESPONSE_SEND 1

static guint main_menu_id;
static PccFixer *series_fixer;
static char *last_dir;

static void series_action_cb (GtkAction *action, gpointer data);

static GtkActionEntry series_actions[] = {
  { ACTION_SERIES, NULL, N_ ("Compose patch _series…"), ACCEL_SERIES,
    N_ ("A cover letter and a series of patch mails, sent as one thread"),
    G_CALLBACK (series_action_cb) },
};

/* --- mails ------------------------------------------------------------------- */

typedef struct
{
  char *name;
  char *value; /* unfolded, as written (encoded-words kept) */
  char *raw;   /* the header's lines, folding kept, with the newline */
} RawHeader;

static void
raw_header_free (gpointer p)
{
  RawHeader *h = p;
  g_free (h->name);
  g_free (h->value);
  g_free (h->raw);
  g_free (h);
}

/* The headers of a mail file and where its body starts. */
static GPtrArray *
read_headers (const char *data, gsize len, gsize *body_offset)
{
  GPtrArray *hs = g_ptr_array_new_with_free_func (raw_header_free);
  const char *p = data, *end = data + len;
  if (len >= 5 && memcmp (p, "From ", 5) == 0)
    {
      const char *nl = memchr (p, '\n', end - p);
      p = nl ? nl + 1 : end;
    }
  RawHeader *cur = NULL;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;
      gsize l = (nl ? nl : end) - p;
      if (l && p[l - 1] == '\r')
        l--;
      if (l == 0)
        {
          p = next;
          break;
        }
      if ((*p == ' ' || *p == '\t') && cur)
        {
          char *v = g_strdup_printf ("%s %.*s", cur->value, (int) l, p);
          g_strstrip (v);
          g_free (cur->value);
          cur->value = v;
          char *r = g_strconcat (cur->raw, "", NULL);
          g_free (cur->raw);
          cur->raw = g_strdup_printf ("%s%.*s\n", r, (int) l, p);
          g_free (r);
        }
      else
        {
          const char *colon = memchr (p, ':', l);
          if (!colon)
            break; /* not a header: the body starts here */
          cur = g_new0 (RawHeader, 1);
          cur->name = g_strndup (p, colon - p);
          cur->value = g_strstrip (g_strndup (colon + 1, p + l - colon - 1));
          cur->raw = g_strdup_printf ("%.*s\n", (int) l, p);
          g_ptr_array_add (hs, cur);
        }
      p = next;
    }
  *body_offset = p - data;
  return hs;
}

static const RawHeader *
find_header (GPtrArray *hs, const char *name)
{
  for (guint i = 0; i < hs->len; i++)
    {
      RawHeader *h = hs->pdata[i];
      if (g_ascii_strcasecmp (h->name, name) == 0)
        return h;
    }
  return NULL;
}

static char *
rfc2822_date (gint64 unix_time)
{
  static const char *const days[]
      = { "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun" };
  static const char *const months[]
      = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
  g_autoptr (GDateTime) t = g_date_time_new_from_unix_local (unix_time);
  gint64 off = g_date_time_get_utc_offset (t) / G_TIME_SPAN_MINUTE;
  char sign = off < 0 ? '-' : '+';
  if (off < 0)
    off = -off;
  return g_strdup_printf (
      "%s, %d %s %d %02d:%02d:%02d %c%02d%02d",
      days[g_date_time_get_day_of_week (t) - 1],
      g_date_time_get_day_of_month (t), months[g_date_time_get_month (t) - 1],
      g_date_time_get_year (t), g_date_time_get_hour (t),
      g_date_time_get_minute (t), g_date_time_get_second (t), sign,
      (int) (off / 60), (int) (off % 60));
}

static gboolean
append_addresses (GString *mail, const char *field, char **addrs,
                  GError **error)
{
  guint n = 0;
  for (guint i = 0; addrs && addrs[i]; i++)
    {
      if (!addrs[i][0])
        continue;
      g_autofree char *enc
          = pcc_cover_encode_header (field, addrs[i], TRUE, error);
      if (!enc)
        return FALSE;
      g_string_append_printf (mail, n ? ",\n %s" : "%s: %s", n ? enc : field,
                              n ? "" : enc);
      n++;
    }
  if (n)
    g_string_append_c (mail, '\n');
  return TRUE;
}

/* Lower-cased bare addresses of @to and @cc, without duplicates. */
static GSList *
envelope (char **to, char **cc, GError **error)
{
  GSList *list = NULL;
  GHashTable *seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char **fields[] = { to, cc };
  for (guint f = 0; f < 2; f++)
    for (guint i = 0; fields[f] && fields[f][i]; i++)
      {
        g_autoptr (GPtrArray) a = pcc_address_list_parse (fields[f][i], error);
        if (!a)
          {
            g_slist_free_full (list, g_free);
            g_hash_table_unref (seen);
            return NULL;
          }
        for (guint k = 0; k < a->len; k++)
          {
            const PccAddress *ad = a->pdata[k];
            char *key = g_ascii_strdown (ad->email, -1);
            if (g_hash_table_contains (seen, key))
              {
                g_free (key);
                continue;
              }
            g_hash_table_add (seen, key);
            list = g_slist_append (list, g_strdup (ad->email));
          }
      }
  g_hash_table_unref (seen);
  return list;
}

/* The union of two address lists (first wins), as a new strv. */
static char **
merge (char **a, char **b)
{
  GPtrArray *out = g_ptr_array_new ();
  GHashTable *seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char **lists[] = { a, b };
  for (guint l = 0; l < 2; l++)
    for (guint i = 0; lists[l] && lists[l][i]; i++)
      {
        g_autoptr (GPtrArray) parsed
            = pcc_address_list_parse (lists[l][i], NULL);
        char *key = g_ascii_strdown (
            parsed && parsed->len ? ((PccAddress *) parsed->pdata[0])->email
                                  : lists[l][i],
            -1);
        if (g_hash_table_contains (seen, key))
          {
            g_free (key);
            continue;
          }
        g_hash_table_add (seen, key);
        g_ptr_array_add (out, g_strdup (lists[l][i]));
      }
  g_hash_table_unref (seen);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* Drop from @cc what @to already has. */
static char **
minus (char **cc, char **to)
{
  GHashTable *in_to
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; to && to[i]; i++)
    {
      g_autoptr (GPtrArray) p = pcc_address_list_parse (to[i], NULL);
      for (guint k = 0; p && k < p->len; k++)
        g_hash_table_add (
            in_to, g_ascii_strdown (((PccAddress *) p->pdata[k])->email, -1));
    }
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; cc && cc[i]; i++)
    {
      g_autoptr (GPtrArray) p = pcc_address_list_parse (cc[i], NULL);
      g_autofree char *key = g_ascii_strdown (
          p && p->len ? ((PccAddress *) p->pdata[0])->email : cc[i], -1);
      if (!g_hash_table_contains (in_to, key))
        g_ptr_array_add (out, g_strdup (cc[i]));
    }
  g_hash_table_unref (in_to);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

typedef struct
{
  PrefsAccount *account;
  char *from; /* "Name <addr>" of the account */
  char *from_email;
  char *domain;
  gint64 start; /* Date: of the cover; +1 s per patch */
  char *stamp;  /* Message-Id stem */
} Sender;

static void
sender_clear (Sender *s)
{
  g_free (s->from);
  g_free (s->from_email);
  g_free (s->domain);
  g_free (s->stamp);
}

static char *
message_id (const Sender *s, guint n)
{
  return g_strdup_printf ("<%s-%u-patchcc@%s>", s->stamp, n, s->domain);
}

/* Write one mail, send it, file it in Sent. */
static gboolean
send_one (const Sender *s, const char *what, const char *text, gsize len,
          char **to, char **cc, GError **error)
{
  GSList *rcpts = envelope (to, cc, error);
  if (!rcpts)
    {
      if (error && !*error)
        g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION, "%s: no recipients",
                     what);
      return FALSE;
    }
  char *path = NULL;
  int fd = g_file_open_tmp ("patchcc-series-XXXXXX.eml", &path, error);
  if (fd < 0)
    {
      g_slist_free_full (rcpts, g_free);
      return FALSE;
    }
  close (fd);
  gboolean ok = g_file_set_contents (path, text, len, error);
  if (ok)
    {
      gint r = send_message (path, s->account, rcpts);
      if (r != 0)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_IO,
                       _ ("sending %s failed (see Tools, Network Log)"), what);
          ok = FALSE;
        }
      else
        {
          FolderItem *outbox = folder_get_default_outbox ();
          if (outbox && prefs_common_get_prefs ()->savemsg)
            procmsg_save_to_outbox (outbox, path, FALSE);
          log_message (LOG_PROTOCOL, "patchcc: sent %s\n", what);
        }
    }
  g_unlink (path);
  g_free (path);
  g_slist_free_full (rcpts, g_free);
  return ok;
}

/* The header block every mail shares. */
static gboolean
common_headers (GString *mail, const Sender *s, char **to, char **cc, guint n,
                const char *in_reply_to, GError **error)
{
  g_autofree char *from
      = pcc_cover_encode_header ("From", s->from, TRUE, error);
  if (!from)
    return FALSE;
  g_string_append_printf (mail, "From: %s\n", from);
  if (!append_addresses (mail, "To", to, error)
      || !append_addresses (mail, "Cc", cc, error))
    return FALSE;
  g_autofree char *date = rfc2822_date (s->start + n);
  g_autofree char *mid = message_id (s, n);
  g_string_append_printf (mail, "Date: %s\nMessage-Id: %s\n", date, mid);
  if (in_reply_to)
    g_string_append_printf (mail, "In-Reply-To: %s\nReferences: %s\n",
                            in_reply_to, in_reply_to);
  g_string_append_printf (mail, "X-Mailer: patchcc %s (Claws Mail)\n",
                          PATCHCC_VERSION);
  return TRUE;
}

/* --- the dialog ---------------------------------------------------------------- */

typedef struct
{
  char *dir;
  PccSeries *series;
  PccEngine *engine; /* owned by series_fixer */
  PccPlan *plan;     /* the cover's */
  PccPlanOptions popts;
  char **cover_to; /* typed for the cover: they go to every mail */
  char **cover_cc;
  GtkWidget *dialog;
  PccCoverPanel *panel;
} SeriesJob;

static void
series_job_free (SeriesJob *j)
{
  if (!j)
    return;
  pcc_plan_free (j->plan);
  pcc_series_free (j->series);
  g_strfreev (j->cover_to);
  g_strfreev (j->cover_cc);
  g_free (j->dir);
  g_free (j);
}

static char **
strv_from (const GPtrArray *a)
{
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; a && i < a->len; i++)
    g_ptr_array_add (out, g_strdup (a->pdata[i]));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

static gboolean
send_series (SeriesJob *j, guint *n_sent, GError **error)
{
  PccCover *cover = pcc_cover_panel_get_cover (j->panel);
  *n_sent = 0;

  /* Everything is built before the first mail goes. */
  g_autofree char *body = pcc_cover_panel_render_body (j->panel, error);
  if (!body)
    return FALSE;
  g_autofree char *subject = pcc_cover_get_subject (cover);

  Sender s = { 0 };
  s.account = account_get_default ();
  if (!s.account || !s.account->address)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   _ ("no default account to send from"));
      return FALSE;
    }
  s.from_email = g_strdup (s.account->address);
  s.from
      = s.account->name && *s.account->name
            ? g_strdup_printf ("%s <%s>", s.account->name, s.account->address)
            : g_strdup (s.account->address);
  const char *at = strchr (s.from_email, '@');
  s.domain = g_strdup (s.account->set_domain && s.account->domain
                               && *s.account->domain
                           ? s.account->domain
                       : at ? at + 1
                            : "localhost");
  s.start = g_get_real_time () / G_USEC_PER_SEC;
  {
    g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
    g_autofree char *t = g_date_time_format (now, "%Y%m%d%H%M%S");
    s.stamp = g_strdup_printf ("%s-%08x", t, g_random_int ());
  }
  pcc_cover_set_from (cover, s.from);

  guint n = pcc_series_get_n_patches (j->series);
  GPtrArray *mails = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *lens = g_ptr_array_new ();
  GPtrArray *tos
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GPtrArray *ccs
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  gboolean ok = TRUE;
  g_autofree char *cover_id = message_id (&s, 0);

  /* The cover letter: the plan as reviewed in the panel. */
  {
    g_auto (GStrv) pto = pcc_plan_get_final (j->plan, PCC_FIELD_TO);
    g_auto (GStrv) pcc = pcc_plan_get_final (j->plan, PCC_FIELD_CC);
    char **to = merge (pto, j->cover_to);
    g_auto (GStrv) cc0 = merge (pcc, j->cover_cc);
    char **cc = minus (cc0, to);
    GString *m = g_string_new (NULL);
    g_autofree char *esubj
        = pcc_cover_encode_header ("Subject", subject, FALSE, error);
    ok = esubj && common_headers (m, &s, to, cc, 0, NULL, error);
    if (ok)
      {
        g_string_append_printf (m, "Subject: %s\n", esubj);
        gboolean ascii = TRUE;
        for (const char *p = body; *p; p++)
          if ((unsigned char) *p >= 0x80)
            ascii = FALSE;
        if (!ascii)
          g_string_append (m, "MIME-Version: 1.0\n"
                              "Content-Type: text/plain; charset=UTF-8\n"
                              "Content-Transfer-Encoding: 8bit\n");
        g_string_append_c (m, '\n');
        g_string_append (m, body);
      }
    g_ptr_array_add (lens, GSIZE_TO_POINTER (m->len));
    g_ptr_array_add (mails, g_string_free (m, FALSE));
    g_ptr_array_add (tos, to);
    g_ptr_array_add (ccs, cc);
  }

  /* The patches: their own recipients plus the cover's typed ones. */
  for (guint i = 0; ok && i < n; i++)
    {
      PccPatch *patch = pcc_series_get_patch (j->series, i);
      g_auto (GStrv) own_to = strv_from (pcc_patch_get_to (patch));
      g_auto (GStrv) own_cc = strv_from (pcc_patch_get_cc (patch));
      g_auto (GStrv) typed_to = merge (own_to, j->cover_to);
      g_auto (GStrv) typed_cc = merge (own_cc, j->cover_cc);
      g_autoptr (PccPlan) plan = pcc_plan_new (
          j->engine, &j->popts, &patch, 1, (const char *const *) typed_to,
          (const char *const *) typed_cc, error);
      if (!plan)
        {
          ok = FALSE;
          break;
        }
      char **to = pcc_plan_get_final (plan, PCC_FIELD_TO);
      g_auto (GStrv) cc0 = pcc_plan_get_final (plan, PCC_FIELD_CC);
      char **cc = minus (cc0, to);

      gsize len = 0, off = 0;
      const char *data = pcc_patch_get_data (patch, &len);
      g_autoptr (GPtrArray) hs = read_headers (data, len, &off);
      const RawHeader *subj = find_header (hs, "Subject");
      GString *m = g_string_new (NULL);
      if (!subj)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       _ ("%s has no Subject: line"),
                       pcc_series_get_patch_source (j->series, i));
          ok = FALSE;
        }
      else
        ok = common_headers (m, &s, to, cc, i + 1, cover_id, error);
      if (ok)
        {
          g_string_append (m, subj->raw);
          static const char *const keep[]
              = { "MIME-Version", "Content-Type", "Content-Transfer-Encoding",
                  NULL };
          for (guint k = 0; keep[k]; k++)
            {
              const RawHeader *h = find_header (hs, keep[k]);
              if (h)
                g_string_append (m, h->raw);
            }
          g_string_append_c (m, '\n');
          /* git send-email's in-body From: for another author. */
          const RawHeader *from = find_header (hs, "From");
          g_autofree char *author_email = NULL, *author_name = NULL;
          if (from)
            pcc_email_parse (pcc_patch_get_from (patch), &author_name,
                             &author_email);
          if (from && author_email && *author_email
              && g_ascii_strcasecmp (author_email, s.from_email) != 0)
            g_string_append_printf (m, "From: %s\n\n", from->value);
          g_string_append_len (m, data + off, len - off);
        }
      g_ptr_array_add (lens, GSIZE_TO_POINTER (m->len));
      g_ptr_array_add (mails, g_string_free (m, FALSE));
      g_ptr_array_add (tos, to);
      g_ptr_array_add (ccs, cc);
    }

  for (guint i = 0; ok && i < mails->len; i++)
    {
      g_autofree char *what = i == 0
                                  ? g_strdup (_ ("the cover letter"))
                                  : g_strdup_printf (_ ("patch %u/%u"), i, n);
      ok = send_one (&s, what, mails->pdata[i],
                     GPOINTER_TO_SIZE (lens->pdata[i]), tos->pdata[i],
                     ccs->pdata[i], error);
      if (ok)
        (*n_sent)++;
    }
  g_ptr_array_unref (mails);
  g_ptr_array_unref (lens);
  g_ptr_array_unref (tos);
  g_ptr_array_unref (ccs);
  sender_clear (&s);
  return ok;
}

static char *
provenance_path (const SeriesJob *j)
{
  return g_build_filename (j->dir, "provenance.ini", NULL);
}

static void
on_response (GtkDialog *dialog, int response, SeriesJob *j)
{
  if (response != RESPONSE_SEND)
    {
      gtk_widget_destroy (GTK_WIDGET (dialog));
      series_job_free (j);
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (PccProvenance) prov
      = pcc_cover_panel_get_provenance (j->panel, &error);
  if (!prov)
    {
      alertpanel_error (_ ("The cover letter cannot be sent:\n%s"),
                        error->message);
      return;
    }
  guint sent = 0;
  gtk_widget_set_sensitive (GTK_WIDGET (dialog), FALSE);
  gboolean ok = send_series (j, &sent, &error);
  gtk_widget_set_sensitive (GTK_WIDGET (dialog), TRUE);
  if (!ok)
    {
      if (sent == 0)
        alertpanel_error (_ ("Nothing was sent:\n%s"), error->message);
      else
        alertpanel_error (_ ("Only %u of %u mails were sent:\n%s"), sent,
                          pcc_series_get_n_patches (j->series) + 1,
                          error->message);
      log_warning (LOG_PROTOCOL, "patchcc: %s\n", error->message);
      g_printerr ("patchcc: %s\n", error->message);
      if (sent == 0)
        return; /* let the user fix it and try again */
    }
  else
    {
      g_autofree char *msg
          = g_strdup_printf (_ ("patchcc: sent the series (%u mails)"), sent);
      statusbar_print_all ("%s", msg);
      log_message (LOG_PROTOCOL, "%s\n", msg);
    }
  /* Keep what was typed: the history, and provenance.ini. */
  g_autoptr (GError) e2 = NULL;
  if (!pcc_cover_panel_save_history (j->panel, &e2))
    debug_print ("patchcc: history: %s\n", e2->message);
  g_autofree char *pp = provenance_path (j);
  if (!pcc_provenance_is_empty (prov)
      && !pcc_provenance_save_file (prov, pp, &e2))
    debug_print ("patchcc: %s\n", e2 ? e2->message : pp);
  gtk_widget_destroy (GTK_WIDGET (dialog));
  series_job_free (j);
}

static char *
choose_folder (GtkWindow *parent)
{
  GtkWidget *chooser = gtk_file_chooser_dialog_new (
      _ ("Compose patch series: the folder git format-patch wrote"), parent,
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Cancel"),
      GTK_RESPONSE_CANCEL, _ ("_Open"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  const char *start = g_getenv ("PATCHCC_SERIES_DIR");
  if (!start || !*start)
    start = last_dir;
  if (start)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), start);
  char *dir = NULL;
  if (gtk_dialog_run (GTK_DIALOG (chooser)) == GTK_RESPONSE_ACCEPT)
    {
      dir = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (chooser));
      if (!dir)
        dir = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
    }
  gtk_widget_destroy (chooser);
  return dir;
}

static void
open_series (GtkWindow *parent, const char *dir)
{
  g_autoptr (GError) error = NULL;
  SeriesJob *j = g_new0 (SeriesJob, 1);
  j->dir = g_strdup (dir);
  j->series = pcc_series_new_from_dir (dir, &error);
  if (!j->series)
    {
      alertpanel_error (_ ("No patch series in %s:\n%s"), dir, error->message);
      series_job_free (j);
      return;
    }
  const PccSettings *settings = patchcc_prefs_get ();
  PccFixerConfig cfg;
  pcc_settings_to_config (settings, &cfg);
  j->popts = cfg.plan;
  j->engine = pcc_fixer_get_engine (
      series_fixer, cfg.tree_path,
      cfg.tree_rev && *cfg.tree_rev ? cfg.tree_rev : NULL, &error);
  if (!j->engine)
    {
      alertpanel_error (_ ("patchcc: cannot compute the recipients:\n%s"),
                        error->message);
      g_printerr ("patchcc: cannot compute the recipients: %s\n",
                  error->message);
      series_job_free (j);
      return;
    }
  const PccTree *tree = pcc_engine_get_tree (j->engine);
  g_autoptr (GError) mm = NULL;
  if (!pcc_series_load_mailmap (j->series, tree, &mm))
    debug_print ("patchcc: .mailmap: %s\n", mm->message);
  PccPatch *cover = pcc_series_get_cover (j->series);
  j->cover_to = strv_from (cover ? pcc_patch_get_to (cover) : NULL);
  j->cover_cc = strv_from (cover ? pcc_patch_get_cc (cover) : NULL);
  j->plan = pcc_series_plan_new (j->series, j->engine, &j->popts,
                                 (const char *const *) j->cover_to,
                                 (const char *const *) j->cover_cc, &error);
  if (!j->plan)
    {
      alertpanel_error (_ ("patchcc: cannot compute the recipients:\n%s"),
                        error->message);
      series_job_free (j);
      return;
    }

  g_autofree char *tpl_dir
      = g_build_filename (get_rc_dir (), "patchcc", "templates", NULL);
  g_autofree char *history = g_build_filename (get_rc_dir (), "patchcc",
                                               "provenance-history.ini", NULL);
  GtkWidget *panel = pcc_cover_panel_new (
      j->series, j->plan, pcc_tree_describe (tree), tpl_dir, history);
  j->panel = PCC_COVER_PANEL (panel);
  g_autofree char *pp = provenance_path (j);
  if (g_file_test (pp, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr (PccProvenance) prov = pcc_provenance_load_file (pp, &error);
      if (prov)
        pcc_cover_panel_set_provenance (j->panel, prov);
      else
        alertpanel_error (_ ("%s is not used:\n%s"), pp, error->message);
    }

  j->dialog = gtk_dialog_new_with_buttons (
      _ ("Compose patch series"), parent, GTK_DIALOG_DESTROY_WITH_PARENT,
      _ ("_Cancel"), GTK_RESPONSE_CANCEL, _ ("_Send series"), RESPONSE_SEND,
      NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (j->dialog), RESPONSE_SEND);
  gtk_window_set_default_size (GTK_WINDOW (j->dialog), 1280, 860);
  gtk_box_pack_start (
      GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (j->dialog))), panel,
      TRUE, TRUE, 0);
  g_signal_connect (j->dialog, "response", G_CALLBACK (on_response), j);
  gtk_widget_show_all (j->dialog);
  /* Return sends; the focus starts on the button, not in the form. */
  GtkWidget *send = gtk_dialog_get_widget_for_response (GTK_DIALOG (j->dialog),
                                                        RESPONSE_SEND);
  gtk_widget_grab_focus (send);
}

static void
series_action_cb (GtkAction *action, gpointer data)
{
  MainWindow *mainwin = mainwindow_get_mainwindow ();
  GtkWindow *parent = mainwin ? GTK_WINDOW (mainwin->window) : NULL;
  g_autofree char *dir = choose_folder (parent);
  if (!dir)
    return;
  g_free (last_dir);
  last_dir = g_strdup (dir);
  open_series (parent, dir);
}

/* --- plugin entry points --------------------------------------------------------- */

void
patchcc_series_init (void)
{
  MainWindow *mainwin = mainwindow_get_mainwindow ();
  series_fixer = pcc_fixer_new ();
  if (mainwin == NULL)
    return;
  gtk_action_group_add_actions (mainwin->action_group, series_actions,
                                G_N_ELEMENTS (series_actions), mainwin);
  MENUITEM_ADDUI_ID_MANAGER (mainwin->ui_manager, "/Menu/Tools",
                             "PatchccSeries", ACTION_SERIES,
                             GTK_UI_MANAGER_MENUITEM, main_menu_id)
  gtk_ui_manager_ensure_update (mainwin->ui_manager);
  GtkAction *a
      = gtk_action_group_get_action (mainwin->action_group, ACTION_SERIES);
  if (a)
    {
      gtk_action_set_accel_group (
          a, gtk_ui_manager_get_accel_group (mainwin->ui_manager));
      gtk_action_connect_accelerator (a);
    }
}

void
patchcc_series_done (void)
{
  MainWindow *mainwin = mainwindow_get_mainwindow ();
  if (mainwin != NULL)
    {
      GtkAction *a
          = gtk_action_group_get_action (mainwin->action_group, ACTION_SERIES);
      if (a)
        gtk_action_disconnect_accelerator (a);
      MENUITEM_REMUI_MANAGER (mainwin->ui_manager, mainwin->action_group,
                              ACTION_SERIES, main_menu_id)
    }
  main_menu_id = 0;
  g_clear_pointer (&series_fixer, pcc_fixer_free);
  g_clear_pointer (&last_dir, g_free);
}
