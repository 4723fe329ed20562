/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-series-send.c - the mails of a series (see
 * patchcc-series-private.h): what each goes to, every one built and
 * checked before the first goes, then each handed to Claws' SMTP code
 * (send_message()) and filed in the Sent folder.
 *
 * Called by the dialog (patchcc-series.c), never calling it: the results
 * are in the job (the recipients, the mails, n_sent) and why a step
 * failed in the GError it returns.
 */
#include "claws-features.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "utils.h"
#include "log.h"
#include "account.h"
#include "prefs_account.h"
#include "prefs_common.h"
#include "send_message.h"
#include "procmsg.h"
#include "folder.h"

#include "pcc-cover.h"
#include "pcc-cover-panel.h"
#include "pcc-cover-recipients.h"
#include "pcc-error.h"
#include "pcc-series.h"
#include "pcc-series-mail.h"

#include "patchcc-prefs.h"
#include "patchcc-series-private.h"
#include "patchcc-series-previous.h"
#include "pcc-trailer-write.h"

/* --- each mail's name and recipients ------------------------------------- */

char *
patchcc_series_mail_name (const SeriesJob *j, guint i)
{
  return i == 0 ? g_strdup (_ ("the cover letter"))
                : g_strdup_printf (_ ("patch %u/%u"), i,
                                   pcc_series_get_n_patches (j->series));
}

/* git send-email's extra Cc: of patch @i (author, Signed-off-by:, Cc:
 * and other *-by: trailers), as suppress_cc allows. */
static GPtrArray *
extras_of (SeriesJob *j, guint i)
{
  PrefsAccount *account = account_get_default ();
  GPtrArray *extras = pcc_series_mail_extra_recipients (
      pcc_series_get_patch (j->series, i),
      account != NULL ? account->address : NULL,
      patchcc_prefs_get_suppress_cc ());

  /* The people of the previous version the review left ticked. */
  patchcc_series_previous_add_extras (j, extras);
  return extras;
}

/* Each patch's recipients (pcc_series_mail_patch_recipients()): what
 * its file names, the cover's typed addresses, git send-email's extra
 * Cc: and the maintainers.  Replaces j->patch_rcpts. */
gboolean
patchcc_series_compute_recipients (SeriesJob *j, GError **error)
{
  guint n = pcc_series_get_n_patches (j->series);
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (
      (GDestroyNotify) pcc_patch_recipients_free);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) extras = extras_of (j, i);
      PccPatchRecipients *r = pcc_series_mail_patch_recipients (
          j->engine, &j->popts, pcc_series_get_patch (j->series, i),
          j->cover_to, j->cover_cc, extras, j->plan, error);

      if (r == NULL)
        {
          g_autofree char *what = patchcc_series_mail_name (j, i + 1);
          g_prefix_error (error, "%s: ", what);
          return FALSE;
        }
      g_ptr_array_add (all, r);
    }
  g_clear_pointer (&j->patch_rcpts, g_ptr_array_unref);
  j->patch_rcpts = g_steal_pointer (&all);
  {
    g_autoptr (PccPatchRecipients) own
        = pcc_cover_recipients_from_plan (j->plan);

    pcc_patch_recipients_free (j->cover_rcpts);
    j->cover_rcpts = pcc_cover_recipients_union (own, j->patch_rcpts);
  }
  j->n_tool_trailers
      = j->panel ? pcc_cover_panel_get_n_tool_trailers (j->panel) : 0;
  return TRUE;
}

/* --- building every mail ------------------------------------------------- */

/* git format-patch's placeholders left in the cover: never sent. */
static gboolean
cover_is_template (const char *subject, const char *body, GError **error)
{
  const char *what = NULL;

  if (strstr (subject, "*** SUBJECT HERE ***") != NULL)
    what = _ ("the title still reads \"*** SUBJECT HERE ***\"");
  else if (strstr (body, "*** BLURB HERE ***") != NULL)
    what = _ ("the text still reads \"*** BLURB HERE ***\"");
  if (what == NULL)
    return FALSE;
  g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
               _ ("The cover letter is not written yet: %s. Type a title and "
                  "the blurb in the form, then send."),
               what);
  return TRUE;
}

/* Patch @i (0-based) with the trailers ticked in the previous
 * version's list added to its commit message, as "patchcc series
 * --write-trailers" adds them to a file; NULL when none is ticked (or
 * with @error when they cannot be added).  The file is not changed. */
static PccPatch *
with_trailers (SeriesJob *j, guint i, GError **error)
{
  g_auto (GStrv) lines = patchcc_series_previous_trailer_lines (j, i);
  const PccPatch *patch = pcc_series_get_patch (j->series, i);
  g_autofree char *text = NULL;
  gsize len = 0, out_len = 0;
  const char *data;

  if (lines == NULL)
    return NULL;
  data = pcc_patch_get_data (patch, &len);
  text = pcc_series_add_trailers (data, len, (const char *const *) lines,
                                  &out_len, error);
  if (text == NULL)
    {
      g_prefix_error (error, _ ("the trailers of the previous version "
                                "cannot be added: "));
      return NULL;
    }
  return pcc_patch_new_from_data (pcc_patch_get_name (patch), text, out_len, 0,
                                  error);
}

/* Every mail, built before the first one goes. */
gboolean
patchcc_series_build_mails (SeriesJob *j, GError **error)
{
  PccCover *cover = pcc_cover_panel_get_cover (j->panel);
  g_autoptr (PccSeriesSender) sender = NULL;
  g_autoptr (GPtrArray) mails
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GPtrArray) tos
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr (GPtrArray) ccs
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr (GPtrArray) envs
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr (GString) problems = g_string_new (NULL);
  g_autofree char *body = NULL, *subject = NULL, *cover_id = NULL;
  PrefsAccount *account = account_get_default ();
  guint n = pcc_series_get_n_patches (j->series);

  if (account == NULL || account->address == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   _ ("no default account to send from"));
      return FALSE;
    }
  if (j->refused != NULL || j->stale != NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH, "%s",
                   j->refused ? j->refused : j->stale);
      return FALSE;
    }
  sender = pcc_series_sender_new (account->name, account->address,
                                  account->set_domain ? account->domain : NULL,
                                  0, NULL, error);
  if (sender == NULL)
    return FALSE;
  /* In the previous version's thread, when the user asked for it (the
   * id was checked when the mailbox was read). */
  if (!pcc_series_sender_set_in_reply_to (
          sender, patchcc_series_previous_thread_parent (j)))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "the previous version's Message-Id cannot be used");
      return FALSE;
    }
  /* The cover is from, and signed by, the sending identity. */
  pcc_cover_set_from (cover, pcc_series_sender_get_from (sender));
  body = pcc_cover_panel_render_body (j->panel, error);
  if (body == NULL)
    return FALSE;
  subject = pcc_cover_get_subject (cover);
  if (cover_is_template (subject, body, error))
    return FALSE;
  cover_id = pcc_series_sender_message_id (sender, 0);

  /* Every mail is built and checked (its lines, its headers, its
   * envelope) before the first goes: all of them can be sent, or none
   * is, and the user hears of every problem at once. */
  for (guint i = 0; i <= n; i++)
    {
      /* The cover letter: what its review shows (its plan as reviewed,
       * and every address a patch mail goes to).  The patches: the
       * recipients the dialog shows. */
      const PccPatchRecipients *r
          = i == 0 ? j->cover_rcpts : j->patch_rcpts->pdata[i - 1];
      char **to = g_strdupv (r->to);
      char **cc = g_strdupv (r->cc);
      g_autoptr (GError) e = NULL;
      g_autofree char *what = NULL;
      GBytes *m;
      char **env;

      g_ptr_array_add (tos, to);
      g_ptr_array_add (ccs, cc);
      if (i == 0)
        {
          what = g_strdup (_ ("the cover letter"));
          m = pcc_series_mail_cover (sender, subject, body, to, cc, &e);
        }
      else
        {
          g_autoptr (PccPatch) with = NULL;

          what = g_path_get_basename (
              pcc_series_get_patch_source (j->series, i - 1));
          with = with_trailers (j, i - 1, &e);
          m = e != NULL
                  ? NULL
                  : pcc_series_mail_patch (
                      sender,
                      with ? with : pcc_series_get_patch (j->series, i - 1),
                      pcc_series_get_patch_source (j->series, i - 1), i,
                      cover_id, to, cc, &e);
        }
      env = m != NULL ? pcc_series_mail_envelope (to, cc, &e) : NULL;
      if (m == NULL || env == NULL)
        {
          g_autofree char *name = patchcc_series_mail_name (j, i);

          g_string_append_printf (problems, "%s\342\200\242 %s (%s): %s",
                                  problems->len ? "\n" : "", name, what,
                                  e->message);
          g_clear_pointer (&m, g_bytes_unref);
          continue;
        }
      g_ptr_array_add (mails, m);
      g_ptr_array_add (envs, env);
    }
  if (problems->len)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH, "%s", problems->str);
      return FALSE;
    }
  j->sender = g_steal_pointer (&sender);
  j->account = account;
  j->mails = g_steal_pointer (&mails);
  j->tos = g_steal_pointer (&tos);
  j->ccs = g_steal_pointer (&ccs);
  j->envs = g_steal_pointer (&envs);
  j->n_sent = 0;
  return TRUE;
}

void
patchcc_series_drop_mails (SeriesJob *j)
{
  g_clear_pointer (&j->mails, g_ptr_array_unref);
  g_clear_pointer (&j->tos, g_ptr_array_unref);
  g_clear_pointer (&j->ccs, g_ptr_array_unref);
  g_clear_pointer (&j->envs, g_ptr_array_unref);
  g_clear_pointer (&j->sender, pcc_series_sender_free);
}

/* --- sending ------------------------------------------------------------- */

/* Hand one mail to Claws' SMTP code and file it in Sent.  The file it
 * needs stays 0600 (g_file_open_tmp's mode: the fd is written, never
 * replaced) and is removed. */
static gboolean
send_one (PrefsAccount *account, const char *what, GBytes *mail, char **env,
          GError **error)
{
  g_autofree char *path = NULL;
  GSList *rcpts = NULL;
  gsize len = 0;
  const char *data = g_bytes_get_data (mail, &len);
  gboolean ok = TRUE;
  int fd;

  fd = g_file_open_tmp ("patchcc-series-XXXXXX.eml", &path, error);
  if (fd < 0)
    return FALSE;
  for (gsize off = 0; ok && off < len;)
    {
      gssize w = write (fd, data + off, len - off);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                       "%s: %s", path, g_strerror (errno));
          ok = FALSE;
        }
      else
        off += w;
    }
  if (close (fd) != 0 && ok)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   "%s: %s", path, g_strerror (errno));
      ok = FALSE;
    }
  for (guint i = 0; ok && env[i] != NULL; i++)
    rcpts = g_slist_append (rcpts, env[i]);
  if (ok && send_message (path, account, rcpts) != 0)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO,
                   _ ("sending %s failed (see Tools, Network Log)"), what);
      ok = FALSE;
    }
  if (ok)
    {
      FolderItem *outbox = folder_get_default_outbox ();
      if (outbox != NULL && prefs_common_get_prefs ()->savemsg)
        procmsg_save_to_outbox (outbox, path, FALSE);
      log_message (LOG_PROTOCOL, "patchcc: sent %s\n", what);
    }
  g_slist_free (rcpts); /* the strings belong to @env */
  g_unlink (path);
  return ok;
}

/* Send what is not sent yet, in order; stop at the first failure, or
 * when the dialog is gone (the main loop runs while Claws sends). */
gboolean
patchcc_series_send_rest (SeriesJob *j, GError **error)
{
  while (j->n_sent < j->mails->len)
    {
      g_autofree char *what = patchcc_series_mail_name (j, j->n_sent);

      if (j->dialog == NULL)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_IO,
                       _ ("the dialog was closed before %s was sent"), what);
          return FALSE;
        }
      if (!send_one (j->account, what, j->mails->pdata[j->n_sent],
                     j->envs->pdata[j->n_sent], error))
        return FALSE;
      j->n_sent++;
    }
  return TRUE;
}

/* "Sent: the cover letter, patch 1/3.  Not sent: patch 2/3, patch 3/3." */
char *
patchcc_series_describe_progress (const SeriesJob *j)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < j->mails->len; i++)
    {
      g_autofree char *what = patchcc_series_mail_name (j, i);

      if (i == 0 || i == j->n_sent)
        g_string_append (s, i == 0 && j->n_sent > 0 ? _ ("Sent: ")
                            : i == 0                ? _ ("Not sent: ")
                                                    : _ (".\nNot sent: "));
      else
        g_string_append (s, ", ");
      g_string_append (s, what);
    }
  g_string_append_c (s, '.');
  return g_string_free (g_steal_pointer (&s), FALSE);
}
