/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-open.c - ways for a patch into a compose window that never wrap
 * it (see patchcc-open.h).
 *
 * Claws Mail re-wraps the body at 72 columns as it enters the window
 * when automatic wrapping is on (its default): compose_entries_set() and
 * compose_insert_file() call compose_wrap_all(), and a paste is wrapped
 * once it is in.  A re-wrapped patch does not apply.  So:
 *
 *  - "Open patch files…" (main window) and "Insert patch file…" (compose
 *    window) turn wrapping off for the window first (the window's own
 *    Edit, Auto wrapping toggle; never the global preference) and insert
 *    the body themselves, byte for byte;
 *  - any other compose window (--compose-from-file, a re-edited draft, a
 *    paste) has wrapping turned off as soon as it holds a diff, and a
 *    pasted diff is marked "no_wrap" (Claws' own tag for unwrapped
 *    pastes) before Claws' wrap-after-paste runs; a diff that is already
 *    damaged is reported in the window's bar at once.
 */
#include "claws-features.h"

#include <string.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "version.h"
#include "plugin.h"
#include "utils.h"
#include "log.h"
#include "compose.h"
#include "mainwindow.h"
#include "menu.h"
#include "prefs_account.h"

#include "pcc-damage.h"
#include "pcc-email.h"
#include "pcc-mbox.h"
#include "pcc-error.h"
#include "pcc-patch.h"
#include "pcc-series.h"

#include "patchcc-compose.h"
#include "patchcc-fix.h"
#include "patchcc-hold.h"
#include "patchcc-menu.h"
#include "patchcc-notice.h"
#include "patchcc-open.h"

#define ACTION_OPEN "Tools/PatchccOpen"
#define ACCEL_OPEN  "<control><shift>P"
/* Bigger files are refused (a patch mail of this size is not sent by
 * mail anyway). */
#define MAX_PATCH_FILE  (64 * 1024 * 1024)
#define DATA_INSERTING  "patchcc-inserting"
#define DATA_CHECK_IDLE "patchcc-check-idle"

static guint main_menu_id;
static char *last_dir;

static void open_action_cb (GtkAction *action, gpointer data);

static GtkActionEntry open_actions[] = {
  { ACTION_OPEN, NULL, N_ ("Open _patch files…"), ACCEL_OPEN,
    N_ ("Each patch in its own compose window, never re-wrapped, with its "
        "recipients computed"),
    G_CALLBACK (open_action_cb) },
};

/* --- does it hold a diff? ---------------------------------------------- */

static gboolean
line_starts (const char *p, const char *end, const char *prefix)
{
  gsize n = strlen (prefix);
  return (gsize) (end - p) >= n && memcmp (p, prefix, n) == 0;
}

/* A line starting "diff --git ", "@@ -" or "--- " followed by "+++ ". */
static gboolean
text_has_diff (const char *text, gssize len)
{
  const char *p = text, *end;

  if (len < 0)
    len = strlen (text);
  end = text + len;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;

      if (line_starts (p, end, "diff --git ") || line_starts (p, end, "@@ -")
          || (line_starts (p, end, "--- ") && line_starts (next, end, "+++ ")))
        return TRUE;
      p = next;
    }
  return FALSE;
}

/* Wrapping off for this window only: the Edit, Auto wrapping toggle (its
 * callback clears compose->autowrap).  TRUE when it was on. */
static gboolean
autowrap_off (Compose *compose)
{
  gboolean was = compose->autowrap;

  if (was)
    cm_toggle_menu_set_active_full (compose->ui_manager, "Menu/Edit/AutoWrap",
                                    FALSE);
  compose->autowrap = FALSE;
  return was;
}

/* The window holds a diff: wrapping off, and tell what is wrong now
 * rather than at send time. */
static void
check_window (Compose *compose)
{
  g_autofree char *body = NULL;
  g_autoptr (PccDamage) damage = NULL;
  gboolean was_on;

  if (compose->deferred_destroy)
    return;
  body = patchcc_compose_get_body (compose);
  if (!text_has_diff (body, -1))
    return;
  was_on = autowrap_off (compose);
  damage = pcc_damage_check (body, -1);
  if (damage != NULL)
    {
      g_autofree char *what = patchcc_hold_describe (damage, was_on);
      g_autofree char *text = g_strdup_printf (
          _ ("patchcc: the patch in this window is already damaged (%s): it "
             "will not apply and will not be sent. Automatic wrapping is now "
             "off for this window. Close it without sending and open the "
             "patch file with Tools, \"Open patch files…\" (main window) or "
             "\"Insert patch file…\" (this window)."),
          what);
      patchcc_notice_error (compose, text);
    }
  else if (was_on)
    patchcc_notice (
        compose, GTK_MESSAGE_INFO,
        _ ("patchcc: this window holds a patch: automatic line wrapping is "
           "now off for it (Edit, Auto wrapping), so nothing re-wraps the "
           "patch."));
}

static gboolean
check_idle (gpointer data)
{
  Compose *compose = data;

  g_object_steal_data (G_OBJECT (compose->window), DATA_CHECK_IDLE);
  check_window (compose);
  return G_SOURCE_REMOVE;
}

static void
remove_source (gpointer id)
{
  g_source_remove (GPOINTER_TO_UINT (id));
}

static void
schedule_check (Compose *compose)
{
  guint id;

  if (g_object_get_data (G_OBJECT (compose->window), DATA_CHECK_IDLE))
    return;
  id = g_idle_add (check_idle, compose);
  /* The window going away removes the pending check with it. */
  g_object_set_data_full (G_OBJECT (compose->window), DATA_CHECK_IDLE,
                          GUINT_TO_POINTER (id), remove_source);
}

/* After any insertion (typing, paste, drop): a chunk holding a diff is
 * tagged "no_wrap" at once, before the wrap Claws runs after a paste, and
 * wrapping is turned off for the window once the insertion is over. */
static void
text_inserted_after (GtkTextBuffer *buffer, GtkTextIter *iter,
                     const char *text, gint len, gpointer data)
{
  Compose *compose = data;
  GtkTextIter start, end;

  if (g_object_get_data (G_OBJECT (buffer), DATA_INSERTING)
      || !text_has_diff (text, len))
    return;
  end = *iter;
  start = end;
  gtk_text_iter_backward_chars (&start, g_utf8_strlen (text, len));
  /* Always: during a paste Claws has compose->autowrap off, and turns
   * it back on to wrap everything once the paste is in. */
  gtk_text_buffer_apply_tag_by_name (buffer, "no_wrap", &start, &end);
  schedule_check (compose);
}

void
patchcc_open_watch (Compose *compose)
{
  GtkTextBuffer *buffer
      = gtk_text_view_get_buffer (GTK_TEXT_VIEW (compose->text));

  if (g_signal_handler_find (buffer, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                             text_inserted_after, NULL)
      == 0)
    g_signal_connect_after (buffer, "insert-text",
                            G_CALLBACK (text_inserted_after), compose);
  check_window (compose);
}

void
patchcc_open_unwatch (Compose *compose)
{
  GtkTextBuffer *buffer
      = gtk_text_view_get_buffer (GTK_TEXT_VIEW (compose->text));

  g_signal_handlers_disconnect_by_func (buffer, text_inserted_after, compose);
  g_object_set_data (G_OBJECT (compose->window), DATA_CHECK_IDLE, NULL);
}

/* --- one patch mail into a compose window ------------------------------ */

typedef struct
{
  char *subject; /* decoded, UTF-8 */
  char *author;  /* "Name <addr>", decoded, or NULL */
  char *body;    /* the body as it will go out, UTF-8 */
  char **to;     /* the file's own To:/Cc: addresses */
  char **cc;
} PatchMail;

static void
patch_mail_free (PatchMail *m)
{
  if (m == NULL)
    return;
  g_free (m->subject);
  g_free (m->author);
  g_free (m->body);
  g_strfreev (m->to);
  g_strfreev (m->cc);
  g_free (m);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PatchMail, patch_mail_free)

/* Read one mail of a patch file: headers decoded, the body as it is
 * (transfer encoding undone). */
static PatchMail *
patch_mail_read (const char *name, const char *data, gsize len, GError **error)
{
  g_autoptr (PccPatch) p = pcc_patch_new_from_data (name, data, len, 0, error);
  g_autoptr (PatchMail) m = NULL;
  const char *text, *body, *subject;
  gsize tlen;

  if (p == NULL)
    return NULL;
  subject = pcc_patch_get_subject (p);
  if (subject == NULL || pcc_patch_get_from (p) == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   _ ("%s: not a patch mail (no Subject: or From: header); "
                      "write it with git format-patch"),
                   name);
      return NULL;
    }
  text = pcc_patch_get_text (p, &tlen);
  /* The body starts after the first empty line. */
  body = NULL;
  for (const char *q = text; q < text + tlen;)
    {
      const char *nl = memchr (q, '\n', text + tlen - q);
      if (nl == NULL)
        break;
      if (nl == q || (nl == q + 1 && *q == '\r'))
        {
          body = nl + 1;
          break;
        }
      q = nl + 1;
    }
  if (body == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   _ ("%s: a mail without a body"), name);
      return NULL;
    }
  if (!g_utf8_validate (body, text + tlen - body, NULL)
      || memchr (body, '\0', text + tlen - body) != NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   _ ("%s: the body is not UTF-8 text and cannot go into "
                      "the compose window byte for byte"),
                   name);
      return NULL;
    }
  /* The author goes into the body as git send-email's in-body From:
   * line, which git am reads as a header: a decoded CR or LF in it would
   * add more in-body headers (a Subject: that git am honours).  The
   * series path refuses such an author with the same check. */
  if (pcc_email_has_control (pcc_patch_get_from (p)))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   _ ("%s: the From: header holds a line break or another "
                      "control character once decoded; it cannot go into "
                      "the body as the in-body From: line. Fix the "
                      "patch's author and write it again with git "
                      "format-patch"),
                   name);
      return NULL;
    }
  m = g_new0 (PatchMail, 1);
  m->subject = g_strdup (subject);
  g_strdelimit (m->subject, "\r\n", ' ');
  m->author = g_strdup (pcc_patch_get_from (p));
  m->body = g_strndup (body, text + tlen - body);
  m->to = pcc_patch_dup_to (p);
  m->cc = pcc_patch_dup_cc (p);
  return g_steal_pointer (&m);
}

/* The mails of a file (an mbox is split as git mailsplit splits it). */
static GPtrArray *
read_patch_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *base = g_path_get_basename (path);
  gsize len = 0;
  g_autoptr (GPtrArray) parts = NULL;
  g_autoptr (GPtrArray) mails
      = g_ptr_array_new_with_free_func ((GDestroyNotify) patch_mail_free);

  if (!g_file_get_contents (path, &data, &len, error))
    return NULL;
  if (len > MAX_PATCH_FILE)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE,
                   _ ("%s: %zu bytes, more than a patch mail can be"), path,
                   len);
      return NULL;
    }
  parts = pcc_mbox_split (data, len);
  for (guint i = 0; i < parts->len; i++)
    {
      gsize plen;
      const char *pdata = g_bytes_get_data (parts->pdata[i], &plen);
      g_autofree char *name = parts->len > 1
                                  ? g_strdup_printf ("%s#%u", base, i + 1)
                                  : g_strdup (base);
      PatchMail *m = patch_mail_read (name, pdata, plen, error);

      if (m == NULL)
        return NULL;
      g_ptr_array_add (mails, m);
    }
  if (mails->len == 0)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   _ ("%s: no mail in the file"), path);
      return NULL;
    }
  return g_steal_pointer (&mails);
}

static gboolean
same_address (const char *a, const char *b)
{
  g_autofree char *na = NULL, *ea = NULL, *nb = NULL, *eb = NULL;

  if (a == NULL || b == NULL)
    return FALSE;
  pcc_email_parse (a, &na, &ea);
  pcc_email_parse (b, &nb, &eb);
  return ea != NULL && eb != NULL && g_ascii_strcasecmp (ea, eb) == 0;
}

/* Insert @m into @compose at the cursor: wrapping off first, then the
 * text as it is, with git send-email's in-body From: for another author.
 * Claws' own insert handler runs (it only wraps when wrapping is on). */
static void
insert_mail (Compose *compose, const PatchMail *m)
{
  GtkTextBuffer *buffer
      = gtk_text_view_get_buffer (GTK_TEXT_VIEW (compose->text));
  GtkTextIter iter;
  const char *identity = compose->account ? compose->account->address : NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  const char *cur_subject
      = gtk_entry_get_text (GTK_ENTRY (compose->subject_entry));

  autowrap_off (compose);
  if (*cur_subject == '\0')
    gtk_entry_set_text (GTK_ENTRY (compose->subject_entry), m->subject);
  for (guint i = 0; m->to[i]; i++)
    compose_entry_append (compose, m->to[i], COMPOSE_TO, PREF_NONE);
  for (guint i = 0; m->cc[i]; i++)
    compose_entry_append (compose, m->cc[i], COMPOSE_CC, PREF_NONE);

  if (m->author != NULL && !same_address (m->author, identity))
    g_string_append_printf (text, "From: %s\n\n", m->author);
  g_string_append (text, m->body);

  g_object_set_data (G_OBJECT (buffer), DATA_INSERTING, GINT_TO_POINTER (1));
  gtk_text_buffer_get_iter_at_mark (buffer, &iter,
                                    gtk_text_buffer_get_insert (buffer));
  gtk_text_buffer_insert (buffer, &iter, text->str, text->len);
  g_object_set_data (G_OBJECT (buffer), DATA_INSERTING, NULL);
  compose->autowrap = FALSE;
}

static void
open_mail (const PatchMail *m)
{
  Compose *compose = compose_new (NULL, NULL, NULL);
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  if (compose == NULL)
    return;
  autowrap_off (compose);
  /* The patch is the body: whatever the new window holds (a signature)
   * goes. */
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (compose->text));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_delete (buffer, &start, &end);
  insert_mail (compose, m);
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (compose->text), &start, 0,
                                FALSE, 0, 0);
  compose->modified = TRUE;
  patchcc_fix (compose, PATCHCC_FIX_OPENED);
}

static GSList *
choose_files (GtkWindow *parent, gboolean multiple)
{
  GtkWidget *chooser = gtk_file_chooser_dialog_new (
      multiple ? _ ("patchcc: open patch files")
               : _ ("patchcc: insert patch file"),
      parent, GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Cancel"), GTK_RESPONSE_CANCEL,
      multiple ? _ ("_Open") : _ ("_Insert"), GTK_RESPONSE_ACCEPT, NULL);
  GtkFileFilter *filter = gtk_file_filter_new ();
  GSList *files = NULL;

  gtk_file_filter_set_name (filter, _ ("Patches and mboxes"));
  gtk_file_filter_add_pattern (filter, "*.patch");
  gtk_file_filter_add_pattern (filter, "*.diff");
  gtk_file_filter_add_pattern (filter, "*.mbox");
  gtk_file_filter_add_pattern (filter, "*.mbx");
  gtk_file_filter_add_pattern (filter, "*.eml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _ ("All files"));
  gtk_file_filter_add_pattern (filter, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), multiple);
  gtk_file_chooser_set_local_only (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_dialog_set_default_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  if (last_dir != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), last_dir);
  if (gtk_dialog_run (GTK_DIALOG (chooser)) == GTK_RESPONSE_ACCEPT)
    {
      files = gtk_file_chooser_get_filenames (GTK_FILE_CHOOSER (chooser));
      g_free (last_dir);
      last_dir
          = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
    }
  gtk_widget_destroy (chooser);
  /* Let the chooser's last events go before windows are built: a key
   * release still queued for it would otherwise reach a widget that is
   * no longer realized. */
  while (gtk_events_pending ())
    gtk_main_iteration_do (FALSE);
  return files;
}

static void
report_open_error (const GError *error)
{
  g_warning ("patchcc: %s", error->message);
  log_warning (LOG_PROTOCOL, "patchcc: %s\n", error->message);
  g_autofree char *text = g_strdup_printf (_ ("patchcc: %s"), error->message);

  patchcc_notice_alert_error (text);
}

/* Every file is read before the first window opens: a file that cannot
 * be read opens nothing. */
void
patchcc_open_files (const char *const *paths)
{
  g_autoptr (GPtrArray) all
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; paths[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      GPtrArray *mails = read_patch_file (paths[i], &error);

      if (mails == NULL)
        {
          report_open_error (error);
          return;
        }
      g_ptr_array_add (all, mails);
    }
  for (guint i = 0; i < all->len; i++)
    {
      GPtrArray *mails = all->pdata[i];
      for (guint k = 0; k < mails->len; k++)
        open_mail (mails->pdata[k]);
    }
}

static void
open_action_cb (GtkAction *action, gpointer data)
{
  MainWindow *mainwin = mainwindow_get_mainwindow ();
  GSList *files
      = choose_files (mainwin ? GTK_WINDOW (mainwin->window) : NULL, TRUE);
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  for (GSList *l = files; l != NULL; l = l->next)
    g_ptr_array_add (paths, l->data);
  g_slist_free (files);
  if (paths->len == 0)
    return;
  g_ptr_array_add (paths, NULL);
  patchcc_open_files ((const char *const *) paths->pdata);
}

static void
mark_gone (gboolean *gone)
{
  *gone = TRUE;
}

void
patchcc_open_insert_action (GtkAction *action, gpointer data)
{
  Compose *compose = data;
  GtkWidget *window = compose->window;
  gboolean gone = FALSE;
  GSList *files;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) mails = NULL;

  /* The chooser runs a main loop of its own: the compose window may be
   * closed meanwhile (and @compose freed with it). */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (mark_gone), &gone);
  files = choose_files (GTK_WINDOW (window), FALSE);
  path = files ? files->data : NULL;
  g_slist_free (files);
  if (window != NULL)
    {
      g_signal_handlers_disconnect_by_func (window, mark_gone, &gone);
      g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &window);
    }
  if (path == NULL || gone)
    return;
  mails = read_patch_file (path, &error);
  if (mails == NULL)
    {
      report_open_error (error);
      return;
    }
  if (mails->len > 1)
    {
      g_autofree char *text = g_strdup_printf (
          _ ("patchcc: %s holds %u mails; one mail takes one patch. Open "
             "them with Tools, \"Open patch files…\" in the main window."),
          path, mails->len);
      patchcc_notice (compose, GTK_MESSAGE_WARNING, text);
      return;
    }
  insert_mail (compose, mails->pdata[0]);
  patchcc_fix (compose, PATCHCC_FIX_OPENED);
}

/* --- plugin entry points -------------------------------------------------- */

void
patchcc_open_init (void)
{
  main_menu_id = patchcc_menu_main_add (
      open_actions, G_N_ELEMENTS (open_actions), "PatchccOpen", ACTION_OPEN);
}

void
patchcc_open_done (void)
{
  patchcc_menu_main_remove (ACTION_OPEN, main_menu_id);
  main_menu_id = 0;
  for (const GList *l = compose_get_compose_list (); l != NULL; l = l->next)
    patchcc_open_unwatch (l->data);
  g_clear_pointer (&last_dir, g_free);
}
