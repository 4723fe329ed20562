/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-compose.c - reading a compose window (body, text attachments,
 * To:/Cc:/Bcc: rows) and writing its To:/Cc: rows (see
 * patchcc-compose.h).  Knows Claws' compose structures; knows nothing of
 * when or why the recipients change. */
#include "claws-features.h"

#include <string.h>
#include <glib.h>
#include <gtk/gtk.h>

#include "utils.h"
#include "compose.h"
#include "prefs_common.h"
#include "combobox.h"

#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-fixer.h"

#include "patchcc-compose.h"

/* Text attachments larger than this are not read for a diff. */
#define MAX_ATTACHMENT (16 * 1024 * 1024)

/* --- reading ------------------------------------------------------------- */

static const char *
row_header (ComposeHeaderEntry *row)
{
  GtkWidget *child = gtk_bin_get_child (GTK_BIN (row->combo));
  return GTK_IS_ENTRY (child) ? gtk_entry_get_text (GTK_ENTRY (child)) : "";
}

/* 'T' for a To: row, 'C' for Cc:, 0 otherwise. */
static char
row_kind (ComposeHeaderEntry *row)
{
  g_autofree char *h = g_strstrip (g_strdup (row_header (row)));

  if (g_ascii_strcasecmp (h, prefs_common_translated_header_name ("To:")) == 0)
    return 'T';
  if (g_ascii_strcasecmp (h, prefs_common_translated_header_name ("Cc:")) == 0)
    return 'C';
  return 0;
}

static char *
row_value (ComposeHeaderEntry *row)
{
  return g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (row->entry))));
}

void
patchcc_compose_read_recipients (Compose *compose, GPtrArray *to,
                                 GPtrArray *cc)
{
  for (GSList *l = compose->header_list; l != NULL; l = l->next)
    {
      ComposeHeaderEntry *row = l->data;
      char kind = row_kind (row);
      char *value;

      if (kind == 0)
        continue;
      value = row_value (row);
      if (*value == '\0')
        {
          g_free (value);
          continue;
        }
      g_ptr_array_add (kind == 'T' ? to : cc, value);
    }
  g_ptr_array_add (to, NULL);
  g_ptr_array_add (cc, NULL);
}

char *
patchcc_compose_get_body (Compose *compose)
{
  GtkTextBuffer *buffer
      = gtk_text_view_get_buffer (GTK_TEXT_VIEW (compose->text));
  GtkTextIter start, end;

  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_get_end_iter (buffer, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static gboolean
is_text_attachment (const AttachInfo *ai)
{
  const char *ct = ai->content_type;

  if (ai->file == NULL || ct == NULL || ai->size > MAX_ATTACHMENT)
    return FALSE;
  return g_ascii_strncasecmp (ct, "text/", 5) == 0
         || g_str_has_suffix (ct, "/x-patch")
         || g_str_has_suffix (ct, "/x-diff")
         || g_ascii_strcasecmp (ct, "application/mbox") == 0;
}

gboolean
patchcc_compose_read_attachment_patches (Compose *compose, GPtrArray *patches,
                                         GError **error)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  gboolean valid;

  if (compose->attach_clist == NULL)
    return TRUE;
  model = gtk_tree_view_get_model (GTK_TREE_VIEW (compose->attach_clist));
  for (valid = gtk_tree_model_get_iter_first (model, &iter); valid;
       valid = gtk_tree_model_iter_next (model, &iter))
    {
      AttachInfo *ai = NULL;
      g_autofree char *data = NULL;
      gsize len = 0;
      PccPatch *p;

      /* Column 4 is the AttachInfo (COL_DATA in compose.c). */
      gtk_tree_model_get (model, &iter, 4, &ai, -1);
      if (ai == NULL || !is_text_attachment (ai))
        continue;
      if (!g_file_get_contents (ai->file, &data, &len, error))
        return FALSE;
      p = pcc_patch_new_from_data (ai->name ? ai->name : ai->file, data, len,
                                   0, error);
      if (p == NULL)
        return FALSE;
      if (pcc_patch_has_diff (p))
        g_ptr_array_add (patches, p);
      else
        pcc_patch_free (p);
    }
  return TRUE;
}

gsize
patchcc_compose_envelope_bytes (Compose *compose, PccPlan *plan)
{
  gsize n = 2;

  for (int f = 0; f < 2; f++)
    {
      g_auto (GStrv) final
          = pcc_plan_get_final (plan, f ? PCC_FIELD_CC : PCC_FIELD_TO);
      for (guint i = 0; final[i]; i++)
        {
          g_autofree char *name = NULL;
          g_autofree char *addr = NULL;

          pcc_email_parse (final[i], &name, &addr);
          n += strlen (addr) + 3;
        }
    }
  for (GSList *l = compose->header_list; l != NULL; l = l->next)
    {
      ComposeHeaderEntry *row = l->data;
      g_autofree char *h = g_strstrip (g_strdup (row_header (row)));

      if (g_ascii_strcasecmp (h, prefs_common_translated_header_name ("Bcc:"))
          == 0)
        {
          g_autofree char *v = row_value (row);
          n += strlen (v) + 3;
        }
    }
  return n;
}

/* --- writing To:/Cc: ----------------------------------------------------- */

static char *
email_key (const char *address)
{
  g_autofree char *tmp = g_strdup (address);

  extract_address (tmp);
  return g_utf8_strdown (tmp, -1);
}

/* Add the addresses of @value (one, or a comma-separated list) to
 * Claws' table of the addresses in the window (used to skip duplicates),
 * or remove them. */
static void
table_update (Compose *compose, const char *value, gboolean add)
{
  g_autoptr (GPtrArray) list = pcc_address_list_parse (value, NULL);

  if (list == NULL)
    {
      g_autofree char *key = email_key (value);
      if (add)
        g_hash_table_insert (compose->email_hashtable, g_steal_pointer (&key),
                             GUINT_TO_POINTER (1));
      else
        g_hash_table_remove (compose->email_hashtable, key);
      return;
    }
  for (guint i = 0; i < list->len; i++)
    {
      PccAddress *a = g_ptr_array_index (list, i);
      char *key = g_utf8_strdown (a->email, -1);

      if (add)
        g_hash_table_insert (compose->email_hashtable, key,
                             GUINT_TO_POINTER (1));
      else
        {
          g_hash_table_remove (compose->email_hashtable, key);
          g_free (key);
        }
    }
}

/* Make @row a @header row holding @value. */
static void
set_row (Compose *compose, ComposeHeaderEntry *row, const char *header,
         const char *value)
{
  g_autofree char *old = row_value (row);

  if (*old != '\0')
    table_update (compose, old, FALSE);
  if (header != NULL)
    combobox_select_by_text (GTK_COMBO_BOX (row->combo), header);
  /* Filling the last (empty) row makes Claws add a new empty one. */
  gtk_entry_set_text (GTK_ENTRY (row->entry), value ? value : "");
  if (value != NULL && *value != '\0')
    table_update (compose, value, TRUE);
}

/* Rows that held To:/Cc: addresses are reused in order (first the To:
 * rows, then the Cc: ones); left-over rows are emptied (Claws skips empty
 * rows); more rows are taken from Claws' empty last row, which makes a
 * new one each time. */
gboolean
patchcc_compose_write_recipients (Compose *compose, PccPlan *plan,
                                  GError **error)
{
  g_autoptr (GArray) rows = pcc_fixer_header_rows (plan, PCC_FIXER_MAX_ROWS);
  const char *to_h = prefs_common_translated_header_name ("To:");
  const char *cc_h = prefs_common_translated_header_name ("Cc:");
  g_autoptr (GPtrArray) slots = g_ptr_array_new ();
  guint i;

  /* Never a control character into a header (the core never gives one):
   * checked before any row changes. */
  for (i = 0; i < rows->len; i++)
    if (pcc_email_has_control (g_array_index (rows, PccHeaderRow, i).value))
      {
        g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                     "an address holds a line break or another control "
                     "character");
        return FALSE;
      }

  for (GSList *l = compose->header_list; l != NULL; l = l->next)
    {
      ComposeHeaderEntry *row = l->data;
      g_autofree char *v = NULL;

      if (row_kind (row) == 0)
        continue;
      v = row_value (row);
      if (*v != '\0')
        g_ptr_array_add (slots, row);
    }

  /* Empty the reused rows first so that an address moving between rows
   * is not taken for a duplicate. */
  for (i = 0; i < slots->len; i++)
    set_row (compose, g_ptr_array_index (slots, i), NULL, "");
  for (i = 0; i < rows->len; i++)
    {
      PccHeaderRow *r = &g_array_index (rows, PccHeaderRow, i);
      const char *h = r->field == PCC_FIELD_TO ? to_h : cc_h;
      ComposeHeaderEntry *row;

      if (i < slots->len)
        row = g_ptr_array_index (slots, i);
      else
        {
          g_autofree char *last = row_value (compose->header_last);

          row = compose->header_last;
          if (*last != '\0')
            {
              /* Claws always keeps an empty last row; if not, let it make
               * rows its own way. */
              table_update (compose, r->value, FALSE);
              compose_entry_append (compose, r->value,
                                    r->field == PCC_FIELD_TO ? COMPOSE_TO
                                                             : COMPOSE_CC,
                                    PREF_NONE);
              continue;
            }
        }
      set_row (compose, row, h, r->value);
    }
  return TRUE;
}
