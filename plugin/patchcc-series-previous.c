/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-series-previous.c - a series' previous version in the user's
 * Claws folders (see patchcc-series-previous.h). */
#include "claws-features.h"

#include <string.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "utils.h"
#include "account.h"
#include "prefs_account.h"
#include "folder.h"
#include "procmsg.h"

#include "pcc-changes.h"
#include "pcc-engine.h"
#include "pcc-file.h"
#include "pcc-mbox.h"
#include "pcc-previous.h"
#include "pcc-review.h"
#include "pcc-series-mail.h"

#include "patchcc-prefs.h"
#include "patchcc-series-previous.h"

enum
{
  COL_TAKEN,
  COL_ACTIVE, /* the box can be ticked (not while ignored) */
  COL_PATCH,
  COL_TRAILER,
  COL_GIVEN_BY,
  COL_FLAGS,
  COL_INDEX,
  N_COLS
};

/* --- the mbox ------------------------------------------------------------ */

typedef struct
{
  GString *mbox;
  guint n_mails;
  gboolean full;   /* a bound was reached */
  GString *where;  /* "Sent, inbox" */
  GPtrArray *seen; /* FolderItem *: each folder once */
  GHashTable *folder_of; /* Message-Id (no "<>") -> the folder's name */
} Collect;

/* Every message of @item into c->mbox, within the bounds.  A remote
 * folder's messages are those Claws has cached: nothing is fetched
 * while the dialog opens. */
static void
collect_folder (Collect *c, FolderItem *item)
{
  GSList *list;
  gboolean local;
  g_autofree char *name = NULL;

  if (item == NULL || item->folder == NULL
      || g_ptr_array_find (c->seen, item, NULL))
    return;
  g_ptr_array_add (c->seen, item);
  name = folder_item_get_name (item);
  g_string_append_printf (c->where, "%s%s", c->where->len ? ", " : "",
                          name ? name : "?");
  if (c->full)
    return;
  local = FOLDER_IS_LOCAL (item->folder);
  /* Claws' list is its cache: a local folder is read again first, as
   * opening it would (mail filed by another program is then there). */
  if (local)
    folder_item_scan (item);
  list = folder_item_get_msg_list (item);
  for (GSList *l = list; l != NULL; l = l->next)
    {
      MsgInfo *mi = l->data;
      g_autofree char *path = NULL;
      g_autofree char *data = NULL;
      gsize len = 0;

      if (c->n_mails >= PATCHCC_PREVIOUS_MAX_MAILS
          || c->mbox->len + (gsize) MAX (mi->size, 0)
                 > PATCHCC_PREVIOUS_MAX_BYTES)
        {
          c->full = TRUE;
          break;
        }
      path = local ? procmsg_get_message_file (mi)
                   : procmsg_get_message_file_path (mi);
      if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      if (!g_file_get_contents (path, &data, &len, NULL))
        continue;
      if (c->mbox->len + len > PATCHCC_PREVIOUS_MAX_BYTES)
        {
          c->full = TRUE;
          break;
        }
      pcc_mbox_append (c->mbox, data, len);
      c->n_mails++;
      if (mi->msgid != NULL && name != NULL)
        g_hash_table_insert (c->folder_of, g_strdup (mi->msgid),
                             g_strdup (name));
    }
  procmsg_msg_list_free (list);
}

/* The default account's Sent folder, then the previous_folders. */
static void
collect (Collect *c)
{
  PrefsAccount *account = account_get_default ();
  FolderItem *sent = account != NULL
                         ? account_get_special_folder (account, F_OUTBOX)
                         : NULL;
  const char *more = patchcc_prefs_get ()->previous_folders;
  g_auto (GStrv) ids = g_strsplit (more ? more : "", ",", -1);

  collect_folder (c, sent != NULL ? sent : folder_get_default_outbox ());
  for (guint i = 0; ids[i] != NULL; i++)
    {
      char *id = g_strstrip (ids[i]);
      FolderItem *item;

      if (*id == '\0')
        continue;
      item = folder_find_item_from_identifier (id);
      if (item == NULL)
        {
          g_string_append_printf (c->where, "%s%s (%s)",
                                  c->where->len ? ", " : "", id,
                                  _ ("no such folder"));
          continue;
        }
      collect_folder (c, item);
    }
}

/* --- what was found ------------------------------------------------------ */

static gboolean
trailer_default (const PccPreviousTrailer *t)
{
  return t->flags == 0 && t->patch != PCC_PREVIOUS_NO_PATCH;
}

static PccReviewView *
review_of (const SeriesJob *j)
{
  GtkWidget *w = j->panel ? pcc_cover_panel_get_review (j->panel) : NULL;

  return w != NULL ? PCC_REVIEW_VIEW (w) : NULL;
}

/* "from v1: on v1's Cc; replied to 3/5 on 30 Nov" */
static char *
person_reason (const PccPrevious *prev, const PccPreviousRecipient *r)
{
  g_autoptr (GString) s = g_string_new (NULL);

  g_string_append_printf (s, _ ("from v%u: "),
                          pcc_previous_get_version (prev));
  for (guint k = 0; k < r->reasons->len; k++)
    g_string_append_printf (s, "%s%s", k ? "; " : "",
                            (const char *) r->reasons->pdata[k]);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Whether change @i of the plan is one of the previous version's. */
static gboolean
is_previous_row (GArray *rows, guint i)
{
  for (guint k = 0; rows != NULL && k < rows->len; k++)
    if (g_array_index (rows, guint, k) == i)
      return TRUE;
  return FALSE;
}

/* Its people into j->plan: a new row for each address the plan lacks, a
 * row of an earlier search ticked again. */
static void
add_people (SeriesJob *j, GArray *old_rows)
{
  const GPtrArray *people = pcc_previous_get_recipients (j->previous);

  for (guint i = 0; i < people->len; i++)
    {
      const PccPreviousRecipient *r = people->pdata[i];
      g_autofree char *why = person_reason (j->previous, r);
      guint idx = pcc_plan_add_extra (j->plan, PCC_FIELD_CC, r->address,
                                      r->email, why);

      if (idx == G_MAXUINT)
        {
          g_autofree char *key = g_ascii_strdown (r->email, -1);

          for (guint c = 0; c < pcc_plan_get_n_changes (j->plan); c++)
            {
              const PccChange *ch = pcc_plan_get_change (j->plan, c);
              g_autofree char *k = g_ascii_strdown (ch->email, -1);

              if (strcmp (k, key) == 0 && is_previous_row (old_rows, c))
                {
                  idx = c;
                  break;
                }
            }
        }
      if (idx == G_MAXUINT)
        continue; /* the series sends it already */
      pcc_plan_set_enabled (j->plan, idx, !j->previous_ignored);
      g_array_append_val (j->previous_rows, idx);
    }
}

static void
fill_trailers (SeriesJob *j)
{
  const GPtrArray *trailers;
  guint n;

  if (j->previous_store == NULL)
    return;
  gtk_list_store_clear (j->previous_store);
  if (j->previous == NULL)
    {
      if (j->previous_trailers != NULL)
        gtk_widget_hide (j->previous_trailers);
      return;
    }
  trailers = pcc_previous_get_trailers (j->previous);
  n = pcc_series_get_n_patches (j->series);
  for (guint i = 0; i < trailers->len; i++)
    {
      const PccPreviousTrailer *t = trailers->pdata[i];
      g_autofree char *patch = NULL;
      g_autofree char *line = g_strdup_printf ("%s: %s", t->name, t->value);
      g_autofree char *flags = pcc_previous_describe_flags (t->flags);
      GtkTreeIter iter;

      if (t->patch == PCC_PREVIOUS_NO_PATCH)
        patch = g_strdup (_ ("not in this version"));
      else
        {
          g_autofree char *subj
              = pcc_series_get_commit_subject (j->series, t->patch);
          patch = g_strdup_printf ("%u/%u %s", t->patch + 1, n,
                                   subj ? subj : "");
        }
      gtk_list_store_append (j->previous_store, &iter);
      gtk_list_store_set (
          j->previous_store, &iter, COL_TAKEN,
          g_array_index (j->trailer_taken, gboolean, i), COL_ACTIVE,
          !j->previous_ignored && t->patch != PCC_PREVIOUS_NO_PATCH, COL_PATCH,
          patch, COL_TRAILER, line, COL_GIVEN_BY, t->given_by, COL_FLAGS,
          flags, COL_INDEX, (gint) i, -1);
    }
  if (j->previous_trailers != NULL)
    gtk_widget_set_visible (j->previous_trailers, trailers->len > 0);
}

/* The versions to compare with, when the mailbox has more than one. */
static void
fill_pick (SeriesJob *j)
{
  if (j->previous_pick == NULL)
    return;
  const GArray *v = j->previous ? pcc_previous_get_versions (j->previous)
                                : NULL;
  j->picking = TRUE;
  gtk_combo_box_text_remove_all (j->previous_pick);
  for (guint i = 0; v != NULL && i < v->len; i++)
    {
      guint n = g_array_index (v, guint, i);
      g_autofree char *id = g_strdup_printf ("%u", n);
      g_autofree char *text = g_strdup_printf (_ ("Compare with v%u"), n);
      gtk_combo_box_text_append (j->previous_pick, id, text);
    }
  if (j->previous != NULL)
    {
      g_autofree char *id
          = g_strdup_printf ("%u", pcc_previous_get_version (j->previous));
      gtk_combo_box_set_active_id (GTK_COMBO_BOX (j->previous_pick), id);
    }
  gtk_widget_set_visible (GTK_WIDGET (j->previous_pick),
                          v != NULL && v->len > 1);
  j->picking = FALSE;
}

static void
show_line (SeriesJob *j)
{
  if (j->previous_label != NULL)
    gtk_label_set_text (j->previous_label, j->previous_line);
  if (j->previous_ignore != NULL)
    {
      if (j->previous != NULL)
        {
          g_autofree char *text = g_strdup_printf (
              _ ("_Ignore v%u"), pcc_previous_get_version (j->previous));

          gtk_button_set_label (GTK_BUTTON (j->previous_ignore), text);
        }
      gtk_widget_set_visible (j->previous_ignore, j->previous != NULL);
    }
  if (j->previous_reply != NULL)
    {
      if (j->previous != NULL)
        {
          g_autofree char *text = g_strdup_printf (
              _ ("In reply to v%u's _thread"),
              pcc_previous_get_version (j->previous));
          gtk_button_set_label (GTK_BUTTON (j->previous_reply), text);
        }
      gtk_widget_set_visible (j->previous_reply,
                              j->previous != NULL
                                  && pcc_previous_get_root_id (j->previous));
    }
  fill_pick (j);
  g_debug ("series previous version: %s", j->previous_line);
}

void
patchcc_series_previous_look (SeriesJob *j)
{
  g_autoptr (GArray) old_rows = j->previous_rows;
  g_autoptr (GError) error = NULL;
  guint version = pcc_previous_series_version (j->series);
  Collect c = { 0 };

  j->previous_rows = g_array_new (FALSE, FALSE, sizeof (guint));
  /* What an earlier search added stays in the plan, unticked unless
   * found again. */
  for (guint k = 0; old_rows != NULL && k < old_rows->len; k++)
    pcc_plan_set_enabled (j->plan, g_array_index (old_rows, guint, k), FALSE);
  g_clear_pointer (&j->previous, pcc_previous_free);
  g_clear_pointer (&j->trailer_taken, g_array_unref);
  g_clear_pointer (&j->previous_line, g_free);
  g_clear_pointer (&j->range_diff, g_free);
  j->trailer_taken = g_array_new (FALSE, TRUE, sizeof (gboolean));

  if (version < 2)
    {
      j->previous_line
          = g_strdup (_ ("Previous version: none (this series is version 1)"));
      goto out;
    }
  c.mbox = g_string_new (NULL);
  c.where = g_string_new (NULL);
  c.seen = g_ptr_array_new ();
  c.folder_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  collect (&c);
  j->previous
      = pcc_previous_find_version (j->series, c.mbox->str, c.mbox->len,
                                   j->previous_want, &error);
  if (j->previous == NULL && j->previous_want != 0)
    {
      /* the version picked is no longer there: the one before, again */
      g_clear_error (&error);
      j->previous_want = 0;
      j->previous = pcc_previous_find_version (j->series, c.mbox->str,
                                               c.mbox->len, 0, &error);
    }
  if (j->previous == NULL)
    j->previous_line = g_strdup_printf (
        _ ("No previous version found in %s"),
        c.where->len ? c.where->str : _ ("no folder (no Sent folder)"));
  else
    {
      /* Where its first mail is; else the folders searched. */
      const GPtrArray *mails = pcc_previous_get_mails (j->previous);
      const char *in
          = mails->len
                ? g_hash_table_lookup (
                      c.folder_of,
                      ((PccPreviousMail *) mails->pdata[0])->message_id)
                : NULL;
      g_autofree char *sum
          = pcc_previous_summary (j->previous, in ? in : c.where->str);
      const GPtrArray *trailers = pcc_previous_get_trailers (j->previous);

      guint n_taken = 0;

      for (guint i = 0; i < trailers->len; i++)
        {
          gboolean taken
              = !j->previous_ignored && trailer_default (trailers->pdata[i]);
          g_array_append_val (j->trailer_taken, taken);
          n_taken += taken;
        }
      if (trailers->len == 0)
        j->previous_line = g_strdup_printf (_ ("Previous version: %s"), sum);
      else
        j->previous_line = g_strdup_printf (
            _ ("Previous version: %s. Trailers from the replies: %u, %u "
               "ticked to be written into the patch mails"),
            sum, trailers->len, n_taken);
      add_people (j, old_rows);
      /* The range-diff against it, in the tree's repository. */
      const PccTree *tree = pcc_engine_get_tree (j->engine);
      const char *repo = pcc_tree_get_path (tree);
      g_autoptr (GError) rd_error = NULL;
      j->range_diff = pcc_changes_range_diff (
          j->previous, j->series,
          repo != NULL ? repo : pcc_tree_get_repo_path (tree), &rd_error);
      if (j->range_diff == NULL)
        {
          char *line = g_strdup_printf (_ ("%s. No range-diff: %s"),
                                        j->previous_line, rd_error->message);
          g_free (j->previous_line);
          j->previous_line = line;
        }
    }
  if (c.full)
    {
      char *line = g_strdup_printf (
          _ ("%s. Only the first %u mails (%u MB) were searched: the "
             "folders hold more."),
          j->previous_line, c.n_mails, PATCHCC_PREVIOUS_MAX_BYTES >> 20);
      g_free (j->previous_line);
      j->previous_line = line;
    }
  g_string_free (c.mbox, TRUE);
  g_string_free (c.where, TRUE);
  g_ptr_array_unref (c.seen);
  g_hash_table_unref (c.folder_of);
out:
  if (review_of (j) != NULL)
    pcc_review_view_reload (review_of (j));
  show_line (j);
  fill_trailers (j);
  patchcc_series_previous_fill_changes (j);
}

void
patchcc_series_previous_fill_changes (SeriesJob *j)
{
  if (j->panel == NULL)
    return;
  /* ${range_diff}: the previous version's, unless it is ignored */
  pcc_cover_set_range_diff (pcc_cover_panel_get_cover (j->panel),
                            j->previous_ignored ? NULL : j->range_diff);
  pcc_cover_panel_update (j->panel);
  if (j->previous == NULL)
    return;
  GtkTextBuffer *buf
      = gtk_text_view_get_buffer (pcc_cover_panel_get_changes (j->panel));
  GtkTextIter a, b;
  gtk_text_buffer_get_bounds (buf, &a, &b);
  g_autofree char *now = gtk_text_buffer_get_text (buf, &a, &b, FALSE);
  if (*now && g_strcmp0 (now, j->changes_prefill) != 0)
    return; /* the user's words */
  g_free (j->changes_prefill);
  j->changes_prefill = j->previous_ignored
                           ? g_strdup ("")
                           : pcc_changes_prefill (j->previous, j->series);
  pcc_cover_panel_set_changes (j->panel, j->changes_prefill);
}

/* --- the view ------------------------------------------------------------ */

static void
on_ignore (GtkToggleButton *button, SeriesJob *j)
{
  const GPtrArray *trailers;

  j->previous_ignored = gtk_toggle_button_get_active (button);
  for (guint k = 0; j->previous_rows && k < j->previous_rows->len; k++)
    pcc_plan_set_enabled (j->plan, g_array_index (j->previous_rows, guint, k),
                          !j->previous_ignored);
  if (j->previous != NULL)
    {
      trailers = pcc_previous_get_trailers (j->previous);
      for (guint i = 0; i < trailers->len; i++)
        g_array_index (j->trailer_taken, gboolean, i)
            = !j->previous_ignored && trailer_default (trailers->pdata[i]);
    }
  if (review_of (j) != NULL)
    pcc_review_view_reload (review_of (j));
  fill_trailers (j);
  patchcc_series_previous_fill_changes (j);
  if (j->previous_changed != NULL)
    j->previous_changed (j);
}

static void
on_reply_to (GtkToggleButton *button, SeriesJob *j)
{
  j->previous_reply_to = gtk_toggle_button_get_active (button);
  g_debug ("series previous version: in reply to its thread: %s",
           j->previous_reply_to ? "yes" : "no");
}

const char *
patchcc_series_previous_thread_parent (const SeriesJob *j)
{
  if (j->previous == NULL || j->previous_ignored || !j->previous_reply_to)
    return NULL;
  return pcc_previous_get_root_id (j->previous);
}

static void
on_pick (GtkComboBox *combo, SeriesJob *j)
{
  const char *id = gtk_combo_box_get_active_id (combo);
  if (j->picking || id == NULL || j->mails != NULL || j->sending)
    return;
  guint want = (guint) g_ascii_strtoull (id, NULL, 10);
  if (j->previous != NULL && want == pcc_previous_get_version (j->previous))
    return;
  j->previous_want = want;
  patchcc_series_previous_look (j);
  if (j->previous_changed != NULL)
    j->previous_changed (j);
}

static void
on_look_again (GtkButton *button, SeriesJob *j)
{
  (void) button;
  /* Once the mails are built they do not change. */
  if (j->mails != NULL || j->sending)
    return;
  patchcc_series_previous_look (j);
  if (j->previous_changed != NULL)
    j->previous_changed (j);
}

static void
on_trailer_toggled (GtkCellRendererToggle *cell, char *path, SeriesJob *j)
{
  GtkTreeIter iter;
  gint idx = -1;
  gboolean taken = FALSE;

  (void) cell;
  if (!gtk_tree_model_get_iter_from_string (GTK_TREE_MODEL (j->previous_store),
                                            &iter, path))
    return;
  gtk_tree_model_get (GTK_TREE_MODEL (j->previous_store), &iter, COL_INDEX,
                      &idx, COL_TAKEN, &taken, -1);
  if (idx < 0 || (guint) idx >= j->trailer_taken->len)
    return;
  g_array_index (j->trailer_taken, gboolean, idx) = !taken;
  gtk_list_store_set (j->previous_store, &iter, COL_TAKEN, !taken, -1);
}

static void
add_text_column (GtkTreeView *view, const char *title, int col)
{
  GtkCellRenderer *r = gtk_cell_renderer_text_new ();
  GtkTreeViewColumn *c
      = gtk_tree_view_column_new_with_attributes (title, r, "text", col, NULL);

  gtk_tree_view_column_set_resizable (c, TRUE);
  gtk_tree_view_append_column (view, c);
}

GtkWidget *
patchcc_series_previous_view (SeriesJob *j, void (*changed) (SeriesJob *j))
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *again, *scroll, *tree, *expander;
  GtkCellRenderer *toggle;
  g_autofree char *ignore = g_strdup_printf (
      _ ("_Ignore v%u"),
      j->previous ? pcc_previous_get_version (j->previous) : 1);

  j->previous_changed = changed;
  j->previous_label = GTK_LABEL (gtk_label_new (NULL));
  g_object_add_weak_pointer (G_OBJECT (j->previous_label),
                             (gpointer *) &j->previous_label);
  gtk_label_set_xalign (j->previous_label, 0.0);
  gtk_label_set_line_wrap (j->previous_label, TRUE);
  /* One line: the trailers open below it on demand, so that the form
   * keeps its height. */
  expander = gtk_expander_new (NULL);
  gtk_expander_set_label_widget (GTK_EXPANDER (expander),
                                 GTK_WIDGET (j->previous_label));
  gtk_widget_set_hexpand (expander, TRUE);
  gtk_box_pack_start (GTK_BOX (row), expander, TRUE, TRUE, 0);
  j->previous_ignore = gtk_check_button_new_with_mnemonic (ignore);
  g_object_add_weak_pointer (G_OBJECT (j->previous_ignore),
                             (gpointer *) &j->previous_ignore);
  gtk_widget_set_tooltip_text (
      j->previous_ignore,
      _ ("Send as if there were no previous version: its people are "
         "unticked in the review and its trailers are not written."));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (j->previous_ignore),
                                j->previous_ignored);
  g_signal_connect (j->previous_ignore, "toggled", G_CALLBACK (on_ignore), j);
  gtk_widget_set_no_show_all (j->previous_ignore, TRUE);
  gtk_widget_set_valign (j->previous_ignore, GTK_ALIGN_START);
  gtk_box_pack_start (GTK_BOX (row), j->previous_ignore, FALSE, FALSE, 0);
  j->previous_pick = GTK_COMBO_BOX_TEXT (gtk_combo_box_text_new ());
  g_object_add_weak_pointer (G_OBJECT (j->previous_pick),
                             (gpointer *) &j->previous_pick);
  gtk_widget_set_tooltip_text (
      GTK_WIDGET (j->previous_pick),
      _ ("The mailbox holds more than one earlier version: the one whose "
         "people, trailers, changes and range-diff are used"));
  g_signal_connect (j->previous_pick, "changed", G_CALLBACK (on_pick), j);
  gtk_widget_set_no_show_all (GTK_WIDGET (j->previous_pick), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (j->previous_pick), GTK_ALIGN_START);
  gtk_box_pack_start (GTK_BOX (row), GTK_WIDGET (j->previous_pick), FALSE,
                      FALSE, 0);
  j->previous_reply = gtk_check_button_new_with_mnemonic (
      _ ("In reply to v1's _thread"));
  g_object_add_weak_pointer (G_OBJECT (j->previous_reply),
                             (gpointer *) &j->previous_reply);
  gtk_widget_set_tooltip_text (
      j->previous_reply,
      _ ("Send the cover letter as a reply to the previous version's (git "
         "send-email --in-reply-to). Unticked, the new version starts a "
         "thread of its own, as b4 sends it."));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (j->previous_reply),
                                j->previous_reply_to);
  g_signal_connect (j->previous_reply, "toggled", G_CALLBACK (on_reply_to),
                    j);
  gtk_widget_set_no_show_all (j->previous_reply, TRUE);
  gtk_widget_set_valign (j->previous_reply, GTK_ALIGN_START);
  gtk_box_pack_start (GTK_BOX (row), j->previous_reply, FALSE, FALSE, 0);
  again = gtk_button_new_with_mnemonic (_ ("_Look again"));
  gtk_widget_set_tooltip_text (
      again, _ ("Search the Sent folder and the folders of the "
                "settings for the previous version again"));
  g_signal_connect (again, "clicked", G_CALLBACK (on_look_again), j);
  /* Version 1 has nothing to look for. */
  gtk_widget_set_no_show_all (again,
                              pcc_previous_series_version (j->series) < 2);
  gtk_widget_set_valign (again, GTK_ALIGN_START);
  gtk_box_pack_start (GTK_BOX (row), again, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), row, FALSE, FALSE, 0);

  j->previous_store = gtk_list_store_new (
      N_COLS, G_TYPE_BOOLEAN, G_TYPE_BOOLEAN, G_TYPE_STRING, G_TYPE_STRING,
      G_TYPE_STRING, G_TYPE_STRING, G_TYPE_INT);
  tree = gtk_tree_view_new_with_model (GTK_TREE_MODEL (j->previous_store));
  toggle = gtk_cell_renderer_toggle_new ();
  g_signal_connect (toggle, "toggled", G_CALLBACK (on_trailer_toggled), j);
  gtk_tree_view_append_column (GTK_TREE_VIEW (tree),
                               gtk_tree_view_column_new_with_attributes (
                                   _ ("Write"), toggle, "active", COL_TAKEN,
                                   "activatable", COL_ACTIVE, NULL));
  add_text_column (GTK_TREE_VIEW (tree), _ ("Patch"), COL_PATCH);
  add_text_column (GTK_TREE_VIEW (tree), _ ("Trailer"), COL_TRAILER);
  add_text_column (GTK_TREE_VIEW (tree), _ ("Given by"), COL_GIVEN_BY);
  add_text_column (GTK_TREE_VIEW (tree), _ ("Why not"), COL_FLAGS);
  gtk_widget_set_tooltip_text (
      tree, _ ("Trailers given in replies to the previous version: the "
               "ticked ones are added to the patch mails when they are "
               "sent (the patch files are not changed)."));
  scroll = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  /* As tall as its rows, up to a few: the form below keeps its room. */
  gtk_scrolled_window_set_propagate_natural_height (
      GTK_SCROLLED_WINDOW (scroll), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroll),
                                              110);
  gtk_container_add (GTK_CONTAINER (scroll), tree);
  j->previous_trailers = scroll;
  g_object_add_weak_pointer (G_OBJECT (scroll),
                             (gpointer *) &j->previous_trailers);
  gtk_widget_show_all (scroll);
  gtk_widget_set_no_show_all (scroll, TRUE);
  gtk_container_add (GTK_CONTAINER (expander), scroll);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 4);
  show_line (j);
  if (j->previous != NULL)
    gtk_widget_show (j->previous_ignore);
  fill_trailers (j);
  return box;
}

/* --- what is sent -------------------------------------------------------- */

void
patchcc_series_previous_add_extras (const SeriesJob *j, GPtrArray *extras)
{
  for (guint k = 0; j->previous_rows && k < j->previous_rows->len; k++)
    {
      const PccChange *c = pcc_plan_get_change (
          j->plan, g_array_index (j->previous_rows, guint, k));
      PccExtraRecipient *e;

      if (!c->enabled || c->blocked)
        continue;
      e = g_new0 (PccExtraRecipient, 1);
      e->address = g_strdup (c->address);
      e->reason = g_strdup (c->reason);
      g_ptr_array_add (extras, e);
    }
}

char **
patchcc_series_previous_trailer_lines (const SeriesJob *j, guint i)
{
  const GPtrArray *trailers;
  GPtrArray *lines;

  if (j->previous == NULL || j->previous_ignored)
    return NULL;
  trailers = pcc_previous_get_trailers (j->previous);
  lines = g_ptr_array_new ();
  for (guint k = 0; k < trailers->len && k < j->trailer_taken->len; k++)
    {
      const PccPreviousTrailer *t = trailers->pdata[k];

      if (t->patch == i && g_array_index (j->trailer_taken, gboolean, k))
        g_ptr_array_add (lines, g_strdup_printf ("%s: %s", t->name, t->value));
    }
  if (lines->len == 0)
    {
      g_ptr_array_unref (lines);
      return NULL;
    }
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

void
patchcc_series_previous_clear (SeriesJob *j)
{
  g_clear_pointer (&j->previous, pcc_previous_free);
  g_clear_pointer (&j->previous_line, g_free);
  g_clear_pointer (&j->changes_prefill, g_free);
  g_clear_pointer (&j->range_diff, g_free);
  g_clear_pointer (&j->previous_rows, g_array_unref);
  g_clear_pointer (&j->trailer_taken, g_array_unref);
  g_clear_object (&j->previous_store);
}
