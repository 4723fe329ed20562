/* patchcc.c - Claws Mail plugin: To/Cc of kernel patch mails as
 * scripts/get_maintainer.pl gives them, THE REST only as a fallback.
 *
 * Thin glue: this file reads the compose window (Subject:, body, text
 * attachments, the To:/Cc: rows), hands them to ui/pcc-fixer (which runs
 * the core engine), shows ui/pcc-review and writes the final To:/Cc: back
 * into the header rows.  It never writes to the body.
 *
 * Entry points:
 *  - Tools, "Fix patch recipients" (Ctrl+Shift+R) in every compose
 *    window, and the same action as a compose toolbar item;
 *  - the check before sending, driven by the on_send setting.
 * Every failure is reported without blocking (a bar in the compose
 * window, the status bar, Claws' log and stderr) and leaves the mail as
 * it was typed.
 */
#include "config.h"
#include "claws-features.h"

#include <string.h>
#include <glib.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "version.h"
#include "plugin.h"
#include "hooks.h"
#include "utils.h"
#include "log.h"
#include "compose.h"
#include "prefs_common.h"
#include "prefs_toolbar.h"
#include "statusbar.h"
#include "combobox.h"
#include "menu.h"

#include "pcc-damage.h"
#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-fixer.h"
#include "pcc-i18n.h"
#include "pcc-review.h"
#include "pcc-settings.h"

#include "patchcc.h"
#include "patchcc_open.h"
#include "patchcc_prefs.h"
#include "patchcc_series.h"

#define ACTION_GROUP  "patchcc"
#define ACTION_FIX    "Tools/PatchccFix"
#define ACCEL_FIX     "<control><shift>R"
#define ACTION_INSERT "Tools/PatchccInsert"
#define ACCEL_INSERT  "<control><shift>I"
/* Claws Mail 4.1 writes every recipient of a mail on one line of its
 * queue file ("R:<a>,<b>,...") and reads it back through an 8 KiB
 * buffer: addresses past that are silently not sent to. */
#define CLAWS_MAX_RECIPIENT_BYTES 8000
/* Text attachments larger than this are not read for a diff. */
#define MAX_ATTACHMENT (16 * 1024 * 1024)

static gulong hook_created = HOOK_NONE;
static gulong hook_send = HOOK_NONE;
static PccFixer *fixer;
static guint warm_id;

static void fix_action_cb (GtkAction *action, gpointer data);

static const GtkActionEntry compose_actions[] = {
  { ACTION_FIX, NULL, N_ ("Fix _patch recipients"), ACCEL_FIX,
    N_ ("Set To and Cc the way get_maintainer.pl does for this patch"),
    G_CALLBACK (fix_action_cb) },
  { ACTION_INSERT, NULL, N_ ("Insert patch _file…"), ACCEL_INSERT,
    N_ ("Insert a patch file byte for byte, with wrapping off for this "
        "window"),
    G_CALLBACK (patchcc_open_insert_action) },
};

/* --- messages that never block ------------------------------------------ */

static void
infobar_response (GtkInfoBar *bar, gint response, gpointer data)
{
  gtk_widget_hide (GTK_WIDGET (bar));
}

/* A bar at the top of the compose window: stays until closed or replaced. */
void
patchcc_notice (Compose *compose, GtkMessageType type, const char *text)
{
  GtkWidget *bar, *label;

  if (compose == NULL || compose->window == NULL || compose->vbox2 == NULL
      || compose->deferred_destroy)
    return;
  bar = g_object_get_data (G_OBJECT (compose->window), "patchcc-infobar");
  if (bar == NULL)
    {
      bar = gtk_info_bar_new ();
      gtk_info_bar_set_show_close_button (GTK_INFO_BAR (bar), TRUE);
      label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_container_add (
          GTK_CONTAINER (gtk_info_bar_get_content_area (GTK_INFO_BAR (bar))),
          label);
      g_object_set_data (G_OBJECT (bar), "patchcc-label", label);
      g_signal_connect (bar, "response", G_CALLBACK (infobar_response), NULL);
      gtk_box_pack_start (GTK_BOX (compose->vbox2), bar, FALSE, FALSE, 0);
      gtk_box_reorder_child (GTK_BOX (compose->vbox2), bar, 0);
      g_object_set_data (G_OBJECT (compose->window), "patchcc-infobar", bar);
    }
  label = g_object_get_data (G_OBJECT (bar), "patchcc-label");
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_info_bar_set_message_type (GTK_INFO_BAR (bar), type);
  gtk_widget_show_all (bar);
}

/* A problem: the mail is left as typed, and the user is told where it
 * will still be seen after the compose window has closed. */
static void
report_problem (Compose *compose, const char *what, const char *why)
{
  g_autofree char *text = g_strdup_printf (
      _ ("patchcc: %s: %s. To and Cc are left as you typed them."), what, why);

  g_warning ("%s", text);
  log_warning (LOG_PROTOCOL, "%s\n", text);
  statusbar_print_all ("%s", text);
  patchcc_notice (compose, GTK_MESSAGE_WARNING, text);
}

static void
report_info (Compose *compose, const char *text)
{
  debug_print ("patchcc: %s\n", text);
  log_message (LOG_PROTOCOL, "patchcc: %s\n", text);
  statusbar_print_all ("patchcc: %s", text);
  patchcc_notice (compose, GTK_MESSAGE_INFO, text);
}

/* --- reading the compose window ----------------------------------------- */

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

static void
read_recipients (Compose *compose, GPtrArray *to, GPtrArray *cc)
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

static char *
read_body (Compose *compose)
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

/* Text attachments holding a diff (a patch sent as an attachment). */
static void
read_attachment_patches (Compose *compose, GPtrArray *patches)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  gboolean valid;

  if (compose->attach_clist == NULL)
    return;
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
      if (!g_file_get_contents (ai->file, &data, &len, NULL))
        continue;
      p = pcc_patch_new_from_data (ai->name ? ai->name : ai->file, data, len,
                                   0, NULL);
      if (p != NULL && pcc_patch_has_diff (p))
        g_ptr_array_add (patches, p);
      else if (p != NULL)
        pcc_patch_free (p);
    }
}

/* --- writing To:/Cc: back ------------------------------------------------ */

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

/* Write the plan's final To: and Cc: into the header rows.  Rows that
 * held To:/Cc: addresses are reused in order (first the To: rows, then
 * the Cc: ones); left-over rows are emptied (Claws skips empty rows);
 * more rows are taken from Claws' empty last row, which makes a new one
 * each time.  Other rows (Bcc:, Reply-To:...) are not touched. */
static void
write_recipients (Compose *compose, PccPlan *plan)
{
  g_autoptr (GArray) rows = pcc_fixer_header_rows (plan, PCC_FIXER_MAX_ROWS);
  const char *to_h = prefs_common_translated_header_name ("To:");
  const char *cc_h = prefs_common_translated_header_name ("Cc:");
  g_autoptr (GPtrArray) slots = g_ptr_array_new ();
  guint i;

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

      if (pcc_email_has_control (r->value))
        continue; /* never into a header; the core never gives one */
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
}

/* --- damaged patches ------------------------------------------------------ */

/* Line @n (1-based) of @text, without its newline, at most @max bytes
 * (cut on a character boundary). */
static char *
nth_line (const char *text, guint n, gsize max)
{
  const char *p = text, *end;
  gsize len;

  for (guint i = 1; i < n && p != NULL; i++)
    {
      p = strchr (p, '\n');
      if (p != NULL)
        p++;
    }
  if (p == NULL)
    return g_strdup ("");
  end = strchr (p, '\n');
  len = end ? (gsize) (end - p) : strlen (p);
  if (len > max)
    {
      const char *cut = g_utf8_find_prev_char (p, p + max);
      len = cut ? (gsize) (cut - p) : 0;
    }
  return g_utf8_make_valid (p, len);
}

char *
patchcc_damage_describe (const PccDamage *damage, gboolean autowrap)
{
  const char *cause = damage->cause;

  if (cause == NULL && (damage->rewrapped || autowrap))
    cause = _ ("automatic line wrapping re-wrapped long lines of the patch");
  return g_strdup_printf (_ ("line %u of the mail body: %s%s%s"), damage->line,
                          damage->problem, cause ? _ ("; likely cause: ") : "",
                          cause ? cause : "");
}

/* The diff in the body is damaged: say what, where, why and how to get
 * the patch out intact.  Modal; every way of closing it means "back to
 * editing": nothing is sent. */
static void
hold_damaged (Compose *compose, const PccDamage *damage, const char *body)
{
  g_autofree char *line = nth_line (body, damage->line, 200);
  g_autofree char *prev
      = damage->line > 1 ? nth_line (body, damage->line - 1, 200) : NULL;
  g_autofree char *shown
      = prev ? g_strdup_printf ("%5u | %s\n%5u | %s", damage->line - 1, prev,
                                damage->line, line)
             : g_strdup_printf ("%5u | %s", damage->line, line);
  g_autofree char *what = patchcc_damage_describe (damage, compose->autowrap);
  g_autofree char *title = g_strdup_printf (
      _ ("patchcc: damaged patch held back (line %u)"), damage->line);
  g_autofree char *log = g_strdup_printf (
      _ ("patchcc: damaged patch not sent: %s: \"%s\""), what, line);
  GtkWidget *dialog, *box, *label, *frame, *code;
  g_autofree char *head = NULL, *where = NULL;

  g_warning ("%s", log);
  log_warning (LOG_PROTOCOL, "%s\n", log);
  statusbar_print_all ("%s", log);
  patchcc_notice (compose, GTK_MESSAGE_ERROR, log);

  dialog = gtk_dialog_new_with_buttons (
      title, GTK_WINDOW (compose->window),
      GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
      _ ("_Back to editing"), GTK_RESPONSE_CLOSE, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 640, -1);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_container_set_border_width (GTK_CONTAINER (box), 12);
  gtk_box_pack_start (
      GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), box, TRUE,
      TRUE, 0);

  head = g_markup_printf_escaped (
      "<b><big>%s</big></b>", _ ("This patch is damaged. It was not sent."));
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), head);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);

  where = g_strdup_printf (_ ("What and where: %s."), what);
  label = gtk_label_new (where);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  /* Wrapped at this width, so the dialog is as tall as the text. */
  gtk_widget_set_size_request (label, 600, -1);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);

  frame = gtk_frame_new (NULL);
  code = gtk_label_new (shown);
  gtk_label_set_xalign (GTK_LABEL (code), 0.0);
  gtk_label_set_selectable (GTK_LABEL (code), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (code), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_start (code, 6);
  gtk_widget_set_margin_end (code, 6);
  gtk_widget_set_margin_top (code, 4);
  gtk_widget_set_margin_bottom (code, 4);
  {
    PangoAttrList *attrs = pango_attr_list_new ();
    pango_attr_list_insert (attrs, pango_attr_family_new ("monospace"));
    gtk_label_set_attributes (GTK_LABEL (code), attrs);
    pango_attr_list_unref (attrs);
  }
  gtk_container_add (GTK_CONTAINER (frame), code);
  gtk_box_pack_start (GTK_BOX (box), frame, FALSE, FALSE, 0);

  label = gtk_label_new (
      _ ("Why: Claws Mail's automatic line wrapping (on by default) breaks "
         "long lines as the text enters the compose window. A re-wrapped "
         "patch does not apply, and its recipients cannot be computed from "
         "it, so patchcc holds it back.\n\n"
         "How to recover: close this compose window without sending, then "
         "open the patch file again with Tools, \"Open patch files…\" in the "
         "main window (or Tools, \"Insert patch file…\" in a compose "
         "window): patchcc turns wrapping off for that window and inserts "
         "the patch byte for byte. To stop Claws wrapping for good, turn "
         "off Configuration, Preferences, Compose, Wrapping, \"Auto "
         "wrapping\" and \"Wrap pasted text\"."));
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  /* Wrapped at this width, so the dialog is as tall as the text. */
  gtk_widget_set_size_request (label, 600, -1);
  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);

  gtk_widget_show_all (dialog);
  gtk_dialog_run (GTK_DIALOG (dialog));
  gtk_widget_destroy (dialog);
}

/* --- the fix ------------------------------------------------------------- */

typedef enum
{
  FIX_INTERACTIVE, /* the menu item or the toolbar button */
  FIX_ASK,         /* on send, review when something changes */
  FIX_REWRITE,     /* on send, apply silently */
  FIX_OPENED,      /* a patch just opened: apply, list them in the bar */
} FixMode;

typedef enum
{
  FIX_APPLIED,
  FIX_UNCHANGED,
  FIX_STOP_SENDING, /* the user chose to go back to editing */
} FixResult;

static void
free_patch (gpointer p)
{
  pcc_patch_free (p);
}

static char *
describe_changes (PccPlan *plan)
{
  guint add_to = 0, add_cc = 0, drop = 0;

  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);

      if (!c->enabled || c->kind == PCC_CHANGE_KEEP)
        continue;
      if (c->kind == PCC_CHANGE_DROP)
        drop++;
      else if (c->field == PCC_FIELD_TO)
        add_to++;
      else
        add_cc++;
    }
  return g_strdup_printf (_ ("%u added to To, %u added to Cc, %u removed"),
                          add_to, add_cc, drop);
}

static gboolean
note_first_draw (GtkWidget *w, cairo_t *cr, gpointer data)
{
  gint64 *t = data;

  if (*t == 0)
    *t = g_get_monotonic_time ();
  return FALSE;
}

/* Bytes of the queue file's recipient line for the plan's final To/Cc
 * (Bcc rows, which the plan leaves alone, included). */
static gsize
envelope_bytes (Compose *compose, PccPlan *plan)
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

static FixResult
fix_compose (Compose *compose, FixMode mode)
{
  const PccSettings *settings = patchcc_prefs_get ();
  PccFixerConfig cfg;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) patches = g_ptr_array_new_with_free_func (free_patch);
  g_autoptr (GPtrArray) to = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) cc = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (PccPlan) plan = NULL;
  g_autofree char *body = NULL;
  g_autofree char *subject = NULL;
  PccEngine *engine = NULL;
  PccPatch *mail;
  gboolean any_diff = FALSE;
  gint64 t_start = g_get_monotonic_time (), t_plan = 0, t_ready, t_rows;
  gint64 t_drawn = 0;
  const char *tree_desc;

  subject = g_strdup (gtk_entry_get_text (GTK_ENTRY (compose->subject_entry)));
  body = read_body (compose);

  /* Never compute recipients from a damaged diff, never send one. */
  {
    g_autoptr (PccDamage) damage = pcc_damage_check (body, -1);

    if (damage != NULL)
      {
        g_autofree char *what = NULL, *text = NULL;

        if (mode == FIX_ASK || mode == FIX_REWRITE)
          {
            hold_damaged (compose, damage, body);
            return FIX_STOP_SENDING;
          }
        what = patchcc_damage_describe (damage, compose->autowrap);
        text = g_strdup_printf (
            _ ("patchcc: the patch in this mail is damaged (%s): it will "
               "not apply. Recipients are not computed from it. Open the "
               "patch file again with Tools, \"Insert patch file…\"."),
            what);
        g_warning ("%s", text);
        log_warning (LOG_PROTOCOL, "%s\n", text);
        patchcc_notice (compose, GTK_MESSAGE_ERROR, text);
        return FIX_UNCHANGED;
      }
  }

  mail = pcc_fixer_parse_mail (subject, body, -1, &error);
  if (mail == NULL)
    {
      /* Only worth a word when the mail looks like a patch. */
      if (mode == FIX_INTERACTIVE || pcc_fixer_subject_is_patch (subject))
        report_problem (compose, _ ("cannot read the patch"), error->message);
      return FIX_UNCHANGED;
    }
  g_ptr_array_add (patches, mail);
  read_attachment_patches (compose, patches);
  if (!pcc_fixer_is_patch_mail (subject, (PccPatch *const *) patches->pdata,
                                patches->len))
    {
      if (mode == FIX_INTERACTIVE)
        patchcc_notice (
            compose, GTK_MESSAGE_INFO,
            _ ("patchcc: this mail is not a patch (no diff in the body or a "
               "text attachment, and the subject does not start with "
               "[PATCH]); To and Cc are left alone."));
      return FIX_UNCHANGED;
    }
  for (guint i = 0; i < patches->len; i++)
    any_diff |= pcc_patch_has_diff (g_ptr_array_index (patches, i));
  if (!any_diff && pcc_patch_is_cover_letter (mail))
    {
      PccPatch *ds = pcc_fixer_patch_from_diffstat (mail);

      if (ds == NULL)
        {
          report_problem (compose, _ ("cover letter"),
                          _ ("no diff and no diffstat to find the series' "
                             "files in; attach the patches or fix each "
                             "patch's recipients"));
          return FIX_UNCHANGED;
        }
      g_ptr_array_add (patches, ds);
    }

  read_recipients (compose, to, cc);
  pcc_settings_to_config (settings, &cfg);
  plan = pcc_fixer_plan (fixer, &cfg, (PccPatch *const *) patches->pdata,
                         patches->len, (const char *const *) to->pdata,
                         (const char *const *) cc->pdata, &engine, &t_plan,
                         &error);
  if (plan == NULL)
    {
      report_problem (compose, _ ("cannot compute the recipients"),
                      error->message);
      return FIX_UNCHANGED;
    }
  t_ready = g_get_monotonic_time ();
  tree_desc = engine ? pcc_tree_describe (pcc_engine_get_tree (engine)) : NULL;

  if (pcc_plan_has_changes (plan)
      && envelope_bytes (compose, plan) > CLAWS_MAX_RECIPIENT_BYTES)
    {
      g_autofree char *why = g_strdup_printf (
          _ ("%zu bytes of addresses; Claws Mail keeps at most about %d "
             "bytes of recipients per mail and would silently leave out the "
             "rest. Send this patch with git send-email, with "
             "\"patchcc --to\" and \"patchcc --cc\" as --to-cmd and "
             "--cc-cmd"),
          envelope_bytes (compose, plan), CLAWS_MAX_RECIPIENT_BYTES);
      report_problem (compose, _ ("too many recipients for Claws Mail"), why);
      return FIX_UNCHANGED;
    }

  if (!pcc_plan_has_changes (plan))
    {
      if (mode == FIX_INTERACTIVE || mode == FIX_OPENED)
        report_info (compose, _ ("To and Cc already hold what "
                                 "get_maintainer.pl gives for this patch."));
      return FIX_UNCHANGED;
    }

  if (mode == FIX_ASK || mode == FIX_INTERACTIVE)
    {
      GtkWidget *dialog = pcc_review_dialog_new (GTK_WINDOW (compose->window),
                                                 plan, subject, tree_desc);
      gint response;

      if (mode == FIX_ASK)
        {
          GtkWidget *cancel = gtk_dialog_get_widget_for_response (
              GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
          gtk_button_set_label (GTK_BUTTON (cancel), _ ("Send _as typed"));
          gtk_dialog_add_button (GTK_DIALOG (dialog), _ ("_Back to editing"),
                                 GTK_RESPONSE_REJECT);
          gtk_button_set_label (
              GTK_BUTTON (gtk_dialog_get_widget_for_response (
                  GTK_DIALOG (dialog), GTK_RESPONSE_APPLY)),
              _ ("_Apply and send"));
        }
      g_signal_connect (dialog, "draw", G_CALLBACK (note_first_draw),
                        &t_drawn);
      response = gtk_dialog_run (GTK_DIALOG (dialog));
      gtk_widget_destroy (dialog);
      /* In ask mode only "Send as typed" sends as typed: Escape, the
       * window's close button or "Back to editing" go back to editing. */
      if (mode == FIX_ASK && response != GTK_RESPONSE_APPLY
          && response != GTK_RESPONSE_CANCEL)
        return FIX_STOP_SENDING;
      if (response != GTK_RESPONSE_APPLY || !pcc_plan_has_changes (plan))
        return FIX_UNCHANGED;
    }

  t_rows = g_get_monotonic_time ();
  write_recipients (compose, plan);
  t_rows = g_get_monotonic_time () - t_rows;
  /* What we cost the user: computing and writing, not reading the
   * review (G_MESSAGES_DEBUG=patchcc shows it on stderr). */
  g_debug ("timing: read+plan %.1f ms (engine %.1f ms), review on screen "
           "after %.1f ms, rows %.1f ms, total %.1f ms, %u changes",
           (t_ready - t_start) / 1000.0, t_plan / 1000.0,
           t_drawn ? (t_drawn - t_ready) / 1000.0 : 0.0, t_rows / 1000.0,
           (t_ready - t_start + t_rows) / 1000.0,
           pcc_plan_get_n_changes (plan));
  if (mode == FIX_OPENED)
    {
      g_auto (GStrv) fto = pcc_plan_get_final (plan, PCC_FIELD_TO);
      g_auto (GStrv) fcc = pcc_plan_get_final (plan, PCC_FIELD_CC);
      g_autofree char *tos = g_strjoinv (", ", fto);
      g_autofree char *ccs = g_strjoinv (", ", fcc);
      g_autofree char *text = g_strdup_printf (
          _ ("Recipients as get_maintainer.pl gives them (%s):\nTo: %s\nCc: "
             "%s\nTools, Fix patch recipients (Ctrl+Shift+R) shows why each "
             "one is there."),
          tree_desc ? tree_desc : "", *tos ? tos : "-", *ccs ? ccs : "-");
      report_info (compose, text);
    }
  else
    {
      g_autofree char *what = describe_changes (plan);
      g_autofree char *text = g_strdup_printf (
          _ ("%s (%s; %.1f ms)."), what, tree_desc ? tree_desc : "",
          (t_ready - t_start + t_rows) / 1000.0);
      report_info (compose, text);
    }
  /* The one thing patchcc cannot fix: Claws re-wraps the body as it is
   * typed or pasted when automatic wrapping is on, and a re-wrapped patch
   * no longer applies. */
  if (compose->autowrap && mode == FIX_INTERACTIVE)
    patchcc_notice (
        compose, GTK_MESSAGE_WARNING,
        _ ("patchcc: recipients fixed. Automatic line wrapping is on in "
           "this window: long lines of a patch get re-wrapped and it will "
           "not apply. Turn it off (Options, Auto wrapping; for good: "
           "Preferences, Compose, Wrapping) and paste the patch again."));
  return FIX_APPLIED;
}

/* --- entry points -------------------------------------------------------- */

void
patchcc_fix_opened (Compose *compose)
{
  fix_compose (compose, FIX_OPENED);
}

static void
fix_action_cb (GtkAction *action, gpointer data)
{
  fix_compose ((Compose *) data, FIX_INTERACTIVE);
}

static void
toolbar_cb (gpointer parent, const gchar *item_name, gpointer data)
{
  fix_compose ((Compose *) parent, FIX_INTERACTIVE);
}

static gboolean
before_send_hook (gpointer source, gpointer data)
{
  Compose *compose = source;
  const PccSettings *settings = patchcc_prefs_get ();
  FixResult r;

  if (compose == NULL || compose->batch
      || settings->on_send == PCC_ON_SEND_OFF)
    return FALSE;
  r = fix_compose (compose, settings->on_send == PCC_ON_SEND_REWRITE
                                ? FIX_REWRITE
                                : FIX_ASK);
  /* Filling the last header row queues a zero-delay callback on the
   * compose window, which Claws may free right after sending: let it run
   * now.  Only then: while this hook runs, Claws counts the window as
   * sending, and a request to quit dispatched from here (claws-mail
   * --exit, the session ending) finds it so, cannot save it as a draft
   * and spins for good.  A held or unchanged mail had no row filled. */
  if (r == FIX_APPLIED)
    while (gtk_events_pending ())
      gtk_main_iteration_do (FALSE);
  return r == FIX_STOP_SENDING;
}

static void
add_menu (Compose *compose)
{
  GtkActionGroup *group;
  guint merge_id;

  for (GList *l = gtk_ui_manager_get_action_groups (compose->ui_manager);
       l != NULL; l = l->next)
    if (strcmp (gtk_action_group_get_name (l->data), ACTION_GROUP) == 0)
      return; /* already there */

  group = gtk_action_group_new (ACTION_GROUP);
  gtk_action_group_set_translation_domain (group, GETTEXT_PACKAGE);
  gtk_action_group_add_actions (group, compose_actions,
                                G_N_ELEMENTS (compose_actions), compose);
  gtk_ui_manager_insert_action_group (compose->ui_manager, group, 0);
  g_object_unref (group);
  merge_id = gtk_ui_manager_new_merge_id (compose->ui_manager);
  gtk_ui_manager_add_ui (compose->ui_manager, merge_id, "/Menu/Tools",
                         "PatchccFix", ACTION_FIX, GTK_UI_MANAGER_MENUITEM,
                         FALSE);
  gtk_ui_manager_add_ui (compose->ui_manager, merge_id, "/Menu/Tools",
                         "PatchccInsert", ACTION_INSERT,
                         GTK_UI_MANAGER_MENUITEM, FALSE);
  g_object_set_data (G_OBJECT (group), "patchcc-merge-id",
                     GUINT_TO_POINTER (merge_id));
  /* The UI manager builds the item (and connects its accelerator) in an
   * idle callback: do it now, so Ctrl+Shift+R works from the first
   * moment the window shows. */
  gtk_ui_manager_ensure_update (compose->ui_manager);
}

static void
remove_menu (Compose *compose)
{
  /* Nothing of ours may outlive the plugin's code: the bar's close
   * button is connected to it. */
  GtkWidget *bar
      = g_object_get_data (G_OBJECT (compose->window), "patchcc-infobar");
  if (bar != NULL)
    {
      g_object_set_data (G_OBJECT (compose->window), "patchcc-infobar", NULL);
      gtk_widget_destroy (bar);
    }

  for (GList *l = gtk_ui_manager_get_action_groups (compose->ui_manager);
       l != NULL; l = l->next)
    {
      GtkActionGroup *group = l->data;

      if (strcmp (gtk_action_group_get_name (group), ACTION_GROUP) != 0)
        continue;
      gtk_ui_manager_remove_ui (compose->ui_manager,
                                GPOINTER_TO_UINT (g_object_get_data (
                                    G_OBJECT (group), "patchcc-merge-id")));
      gtk_ui_manager_remove_action_group (compose->ui_manager, group);
      break;
    }
}

static gboolean
compose_created_hook (gpointer source, gpointer data)
{
  add_menu ((Compose *) source);
  patchcc_open_watch ((Compose *) source);
  return FALSE;
}

/* Load MAINTAINERS once Claws is idle, so the first fix is quick. */
static gboolean
warm_engine (gpointer data)
{
  const PccSettings *s = patchcc_prefs_get ();
  g_autoptr (GError) error = NULL;

  warm_id = 0;
  if (pcc_fixer_get_engine (fixer, s->tree_path,
                            *s->tree_rev ? s->tree_rev : NULL, &error)
      == NULL)
    debug_print ("patchcc: no engine yet: %s\n", error->message);
  return G_SOURCE_REMOVE;
}

static void
prefs_changed (void)
{
  pcc_fixer_reset (fixer);
  if (warm_id == 0)
    warm_id = g_idle_add (warm_engine, NULL);
}

gint
plugin_init (gchar **error)
{
  /* Our own text domain, before any string is shown (Claws binds only
   * its own). */
  pcc_i18n_init (NULL);
  if (!check_plugin_version (MAKE_NUMERIC_VERSION (4, 1, 0, 0),
                             VERSION_NUMERIC, PLUGIN_NAME, error))
    return -1;

  hook_send = hooks_register_hook (COMPOSE_CHECK_BEFORE_SEND_HOOKLIST,
                                   before_send_hook, NULL);
  if (hook_send == HOOK_NONE)
    {
      *error = g_strdup (_ ("Failed to register the check before sending"));
      return -1;
    }
  hook_created = hooks_register_hook (COMPOSE_CREATED_HOOKLIST,
                                      compose_created_hook, NULL);
  if (hook_created == HOOK_NONE)
    {
      hooks_unregister_hook (COMPOSE_CHECK_BEFORE_SEND_HOOKLIST, hook_send);
      *error = g_strdup (_ ("Failed to register the compose window hook"));
      return -1;
    }

  fixer = pcc_fixer_new ();
  patchcc_prefs_init (prefs_changed);
  patchcc_series_init ();
  patchcc_open_init ();
  prefs_toolbar_register_plugin_item (TOOLBAR_COMPOSE, PLUGIN_NAME,
                                      _ ("Fix patch recipients"), toolbar_cb,
                                      NULL);
  /* Compose windows opened before the plugin was loaded. */
  for (const GList *l = compose_get_compose_list (); l != NULL; l = l->next)
    {
      add_menu (l->data);
      patchcc_open_watch (l->data);
    }
  warm_id = g_idle_add (warm_engine, NULL);

  debug_print ("patchcc plugin loaded\n");
  return 0;
}

gboolean
plugin_done (void)
{
  if (warm_id != 0)
    g_source_remove (warm_id);
  warm_id = 0;
  hooks_unregister_hook (COMPOSE_CHECK_BEFORE_SEND_HOOKLIST, hook_send);
  hooks_unregister_hook (COMPOSE_CREATED_HOOKLIST, hook_created);
  for (const GList *l = compose_get_compose_list (); l != NULL; l = l->next)
    remove_menu (l->data);
  prefs_toolbar_unregister_plugin_item (TOOLBAR_COMPOSE, PLUGIN_NAME,
                                        _ ("Fix patch recipients"));
  patchcc_series_done ();
  patchcc_open_done ();
  patchcc_prefs_done ();
  g_clear_pointer (&fixer, pcc_fixer_free);
  debug_print ("patchcc plugin unloaded\n");
  return TRUE;
}

const gchar *
plugin_name (void)
{
  return PLUGIN_NAME;
}

const gchar *
plugin_desc (void)
{
  return _ ("Sets To and Cc of Linux kernel patch mails the way "
            "scripts/get_maintainer.pl does, with THE REST "
            "(linux-kernel@vger.kernel.org) only as a fallback, and shows "
            "why each address is there.\n\n"
            "In a compose window: Tools, Fix patch recipients "
            "(Ctrl+Shift+R), or the toolbar item of the same name. "
            "On sending, the review is shown when recipients would change "
            "(see Preferences, Plugins, patchcc).\n\n"
            "Main window, Tools: Open patch files… (Ctrl+Shift+P) opens "
            "patches without re-wrapping them; Compose patch series… "
            "(Ctrl+Shift+J) sends a cover letter and its series as one "
            "thread.\n\n"
            "The mail body is never changed. A patch that Claws' automatic "
            "line wrapping has damaged is held back on sending.");
}

const gchar *
plugin_type (void)
{
  return "GTK3";
}

const gchar *
plugin_licence (void)
{
  return "GPL2+";
}

const gchar *
plugin_version (void)
{
  return PCC_VERSION;
}

struct PluginFeature *
plugin_provides (void)
{
  static struct PluginFeature features[] = {
    { PLUGIN_UTILITY, N_ ("Kernel patch recipients") },
    { PLUGIN_NOTHING, NULL },
  };
  return features;
}
