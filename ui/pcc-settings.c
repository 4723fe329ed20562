/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-settings.c - the patchcc settings form. */
#include "pcc-settings.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pcc-maintainers.h"
#include "pcc-recipients.h"

void
pcc_settings_init (PccSettings *s)
{
  memset (s, 0, sizeof *s);
  s->tree_path = g_strdup ("");
  s->tree_rev = g_strdup ("");
  s->previous_folders = g_strdup ("");
  s->on_send = PCC_ON_SEND_ASK;
  s->split = PCC_SPLIT_B4;
  s->drop_lkml_for_new_files = FALSE;
  s->rest_rule = PCC_REST_FALLBACK;
}

void
pcc_settings_clear (PccSettings *s)
{
  g_clear_pointer (&s->tree_path, g_free);
  g_clear_pointer (&s->tree_rev, g_free);
  g_clear_pointer (&s->previous_folders, g_free);
}

void
pcc_settings_copy (PccSettings *dst, const PccSettings *src)
{
  *dst = *src;
  dst->tree_path = g_strdup (src->tree_path ? src->tree_path : "");
  dst->tree_rev = g_strdup (src->tree_rev ? src->tree_rev : "");
  dst->previous_folders
      = g_strdup (src->previous_folders ? src->previous_folders : "");
}

void
pcc_settings_to_config (const PccSettings *s, PccFixerConfig *cfg)
{
  pcc_fixer_config_init (cfg);
  cfg->tree_path = s->tree_path;
  cfg->tree_rev = s->tree_rev;
  cfg->use_base_commit = s->use_base_commit;
  cfg->plan.split = s->split;
  cfg->plan.drop_lkml_for_new_files = s->drop_lkml_for_new_files;
  cfg->plan.rest_rule = s->rest_rule;
}

/* --- the form -------------------------------------------------------- */

struct _PccSettingsWidget
{
  GtkBox parent;

  GtkEntry *tree;
  GtkEntry *rev;
  GtkToggleButton *base_commit;
  GtkLabel *tree_status;
  GtkToggleButton *split_b4;
  GtkToggleButton *split_cc;
  GtkToggleButton *drop_lkml;
  GtkComboBoxText *rest_rule;
  GtkToggleButton *on_send[3]; /* off, ask, rewrite */
  GtkEntry *previous_folders;
  char *status_text;
  GtkWidget *wrap_frame;
  GtkLabel *wrap_label;
  GtkWidget *wrap_button;
  GtkWidget *wrap_dialog; /* the question, while it is shown */
  guint check_id;
  PccFixer *fixer; /* only for checking the tree */
};

G_DEFINE_TYPE (PccSettingsWidget, pcc_settings_widget, GTK_TYPE_BOX)

enum
{
  SIGNAL_WRAPPING_OFF,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
set_status (PccSettingsWidget *self, gboolean ok, const char *text)
{
  g_autofree char *markup = g_markup_printf_escaped (
      "<span foreground=\"%s\">%s</span>", ok ? "#1a7f37" : "#cf222e", text);

  g_free (self->status_text);
  self->status_text = g_strdup (text);
  gtk_label_set_markup (self->tree_status, markup);
}

static void
check_tree_now (PccSettingsWidget *self)
{
  const char *path = gtk_entry_get_text (self->tree);
  const char *rev = gtk_entry_get_text (self->rev);
  g_autofree char *shown = NULL;
  g_autoptr (GError) error = NULL;
  PccEngine *engine;
  gint64 t0 = g_get_monotonic_time ();

  if (*path == '\0')
    {
      shown = pcc_tree_default_path ();
      if (shown == NULL)
        {
          set_status (self, FALSE,
                      _ ("No tree found automatically: type the path of a "
                         "kernel source tree or git repository."));
          return;
        }
    }
  pcc_fixer_reset (self->fixer);
  engine = pcc_fixer_get_engine (self->fixer, path, *rev ? rev : NULL, &error);
  if (engine == NULL)
    {
      set_status (self, FALSE, error->message);
      return;
    }
  {
    g_autofree char *msg = g_strdup_printf (
        _ ("OK: %s, MAINTAINERS with %u entries (loaded in %.1f ms)"),
        pcc_tree_describe (pcc_engine_get_tree (engine)),
        pcc_maintainers_get_n_entries (pcc_engine_get_maintainers (engine)),
        (g_get_monotonic_time () - t0) / 1000.0);
    set_status (self, TRUE, msg);
  }
  pcc_fixer_reset (self->fixer);
}

static gboolean
check_tree_timeout (gpointer data)
{
  PccSettingsWidget *self = data;

  self->check_id = 0;
  check_tree_now (self);
  return G_SOURCE_REMOVE;
}

static void
on_tree_changed (GtkEditable *e, gpointer data)
{
  PccSettingsWidget *self = data;

  if (self->check_id != 0)
    g_source_remove (self->check_id);
  self->check_id = g_timeout_add (400, check_tree_timeout, self);
}

static void
on_browse (GtkButton *button, gpointer data)
{
  PccSettingsWidget *self = data;
  GtkWidget *top = gtk_widget_get_toplevel (GTK_WIDGET (self));
  GtkFileChooserNative *fc;

  fc = gtk_file_chooser_native_new (
      _ ("Kernel source tree"), GTK_IS_WINDOW (top) ? GTK_WINDOW (top) : NULL,
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Select"), _ ("_Cancel"));
  if (*gtk_entry_get_text (self->tree) != '\0')
    gtk_file_chooser_set_filename (GTK_FILE_CHOOSER (fc),
                                   gtk_entry_get_text (self->tree));
  if (gtk_native_dialog_run (GTK_NATIVE_DIALOG (fc)) == GTK_RESPONSE_ACCEPT)
    {
      g_autofree char *f
          = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (fc));
      if (f != NULL)
        gtk_entry_set_text (self->tree, f);
    }
  g_object_unref (fc);
}

static GtkWidget *
frame (GtkBox *box, const char *title)
{
  GtkWidget *f = gtk_frame_new (NULL);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", title);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_frame_set_label_widget (GTK_FRAME (f), label);
  gtk_frame_set_shadow_type (GTK_FRAME (f), GTK_SHADOW_NONE);
  gtk_container_set_border_width (GTK_CONTAINER (inner), 6);
  gtk_widget_set_margin_start (inner, 12);
  gtk_container_add (GTK_CONTAINER (f), inner);
  gtk_box_pack_start (box, f, FALSE, FALSE, 0);
  return inner;
}

static GtkToggleButton *
check (GtkWidget *box, const char *label, const char *tip, gboolean active)
{
  GtkWidget *w = gtk_check_button_new_with_mnemonic (label);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (w), active);
  if (tip)
    gtk_widget_set_tooltip_text (w, tip);
  gtk_box_pack_start (GTK_BOX (box), w, FALSE, FALSE, 0);
  return GTK_TOGGLE_BUTTON (w);
}

static GtkToggleButton *
radio (GtkWidget *box, GtkToggleButton *group, const char *label,
       const char *tip, gboolean active)
{
  GtkWidget *w = gtk_radio_button_new_with_mnemonic_from_widget (
      group ? GTK_RADIO_BUTTON (group) : NULL, label);

  if (tip)
    gtk_widget_set_tooltip_text (w, tip);
  gtk_box_pack_start (GTK_BOX (box), w, FALSE, FALSE, 0);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (w), active);
  return GTK_TOGGLE_BUTTON (w);
}

static void
pcc_settings_widget_dispose (GObject *object)
{
  PccSettingsWidget *self = PCC_SETTINGS_WIDGET (object);

  if (self->check_id != 0)
    {
      g_source_remove (self->check_id);
      self->check_id = 0;
    }
  /* The question dies with the form: no answer reaches a dead host. */
  if (self->wrap_dialog != NULL)
    gtk_widget_destroy (self->wrap_dialog);
  G_OBJECT_CLASS (pcc_settings_widget_parent_class)->dispose (object);
}

static void
pcc_settings_widget_finalize (GObject *object)
{
  PccSettingsWidget *self = PCC_SETTINGS_WIDGET (object);

  pcc_fixer_free (self->fixer);
  g_free (self->status_text);
  G_OBJECT_CLASS (pcc_settings_widget_parent_class)->finalize (object);
}

static void
pcc_settings_widget_class_init (PccSettingsWidgetClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = pcc_settings_widget_dispose;
  G_OBJECT_CLASS (klass)->finalize = pcc_settings_widget_finalize;
  signals[SIGNAL_WRAPPING_OFF]
      = g_signal_new ("wrapping-off", G_TYPE_FROM_CLASS (klass),
                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pcc_settings_widget_init (PccSettingsWidget *self)
{
  self->fixer = pcc_fixer_new ();
}

/* --- the host's automatic wrapping -------------------------------------- */

static void
on_wrap_response (GtkDialog *dialog, int response, gpointer data)
{
  PccSettingsWidget *self = data;

  gtk_widget_destroy (GTK_WIDGET (dialog));
  /* Only the explicit answer: Cancel, Escape and closing the dialog
   * change nothing. */
  if (response == GTK_RESPONSE_ACCEPT)
    g_signal_emit (self, signals[SIGNAL_WRAPPING_OFF], 0);
}

static void
on_wrap_button (GtkButton *button, gpointer data)
{
  PccSettingsWidget *self = data;
  GtkWidget *top = gtk_widget_get_toplevel (GTK_WIDGET (self));
  GtkWidget *d;

  if (self->wrap_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->wrap_dialog));
      return;
    }
  d = gtk_message_dialog_new (
      GTK_IS_WINDOW (top) ? GTK_WINDOW (top) : NULL,
      GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, GTK_MESSAGE_QUESTION,
      GTK_BUTTONS_NONE, "%s", _ ("Turn automatic wrapping off?"));
  gtk_message_dialog_format_secondary_text (
      GTK_MESSAGE_DIALOG (d), "%s",
      _ ("This changes two of Claws Mail's own preferences, for every mail "
         "you write: \"Auto wrapping\" and \"Wrap pasted text\" "
         "(Configuration, Preferences, Compose, Wrapping). Long lines are "
         "then no longer broken while you type or paste; Edit, \"Wrap all "
         "long lines\" still wraps a mail when you ask. You can turn both "
         "back on on that page."));
  gtk_window_set_title (GTK_WINDOW (d), _ ("patchcc: automatic wrapping"));
  gtk_dialog_add_buttons (GTK_DIALOG (d), _ ("_Cancel"), GTK_RESPONSE_CANCEL,
                          _ ("Turn _wrapping off"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (d), GTK_RESPONSE_CANCEL);
  g_signal_connect (d, "response", G_CALLBACK (on_wrap_response), self);
  g_signal_connect (d, "destroy", G_CALLBACK (gtk_widget_destroyed),
                    &self->wrap_dialog);
  self->wrap_dialog = d;
  gtk_widget_show (d);
}

void
pcc_settings_widget_set_wrapping (PccSettingsWidget *self, gboolean autowrap,
                                  gboolean wrap_pastes)
{
  const char *text;

  if (autowrap || wrap_pastes)
    text = autowrap && wrap_pastes
               ? _ ("Claws Mail wraps long lines automatically, as text "
                    "enters a mail and as it is pasted. Wrapping breaks "
                    "patches: a long line of the diff is split, its tail "
                    "loses its '+', '-' or ' ', and the patch no longer "
                    "applies; recipients computed from such a diff miss "
                    "files. patchcc holds a damaged patch back when it is "
                    "sent, and Tools, Open patch files\342\200\246 opens "
                    "patches without wrapping, but anything else you open, "
                    "insert or paste is wrapped.")
           : autowrap
               ? _ ("Claws Mail wraps long lines automatically as text "
                    "enters a mail. Wrapping breaks patches: a long line "
                    "of the diff is split, its tail loses its '+', '-' or "
                    "' ', and the patch no longer applies; recipients "
                    "computed from such a diff miss files. patchcc holds a "
                    "damaged patch back when it is sent, and Tools, Open "
                    "patch files\342\200\246 opens patches without "
                    "wrapping, but anything else you open or insert is "
                    "wrapped.")
               : _ ("Claws Mail wraps long lines of pasted text. Wrapping "
                    "breaks patches: a long line of the diff is split, its "
                    "tail loses its '+', '-' or ' ', and the patch no "
                    "longer applies; recipients computed from such a diff "
                    "miss files. patchcc keeps a pasted diff unwrapped, "
                    "but not other text pasted with it.");
  else
    text = _ ("Claws Mail's automatic wrapping is off: patches go into "
              "mails as they are.");
  gtk_label_set_text (self->wrap_label, text);
  gtk_widget_set_visible (self->wrap_button, autowrap || wrap_pastes);
  gtk_widget_set_visible (GTK_WIDGET (self->wrap_label), TRUE);
  gtk_widget_set_visible (self->wrap_frame, TRUE);
  /* While wrapping breaks patches, that comes first on the page, where
   * it is seen without scrolling; once it is off, last. */
  gtk_box_reorder_child (GTK_BOX (self), self->wrap_frame,
                         autowrap || wrap_pastes ? 0 : -1);
}

GtkWidget *
pcc_settings_widget_get_wrapping_button (PccSettingsWidget *self)
{
  return self->wrap_button;
}

const char *
pcc_settings_widget_get_wrapping_text (PccSettingsWidget *self)
{
  return gtk_label_get_text (self->wrap_label);
}

GtkWidget *
pcc_settings_widget_new (const PccSettings *initial)
{
  PccSettingsWidget *self;
  PccSettings defaults;
  GtkWidget *box, *row, *w, *grid;
  g_autofree char *auto_path = pcc_tree_default_path ();
  g_autofree char *placeholder = NULL;

  pcc_settings_init (&defaults);
  if (initial == NULL)
    initial = &defaults;

  self = g_object_new (PCC_TYPE_SETTINGS_WIDGET, "orientation",
                       GTK_ORIENTATION_VERTICAL, "spacing", 12, NULL);
  gtk_container_set_border_width (GTK_CONTAINER (self), 8);

  /* Kernel tree. */
  box = frame (GTK_BOX (self), _ ("Kernel tree"));
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_box_pack_start (GTK_BOX (box), grid, FALSE, FALSE, 0);

  w = gtk_label_new_with_mnemonic (_ ("_Path:"));
  gtk_label_set_xalign (GTK_LABEL (w), 0.0);
  gtk_grid_attach (GTK_GRID (grid), w, 0, 0, 1, 1);
  self->tree = GTK_ENTRY (gtk_entry_new ());
  gtk_label_set_mnemonic_widget (GTK_LABEL (w), GTK_WIDGET (self->tree));
  placeholder = auto_path ? g_strdup_printf (_ ("automatic: %s"), auto_path)
                          : g_strdup (_ ("automatic: none found"));
  gtk_entry_set_placeholder_text (self->tree, placeholder);
  gtk_entry_set_width_chars (self->tree, 30);
  gtk_entry_set_text (self->tree,
                      initial->tree_path ? initial->tree_path : "");
  gtk_widget_set_hexpand (GTK_WIDGET (self->tree), TRUE);
  gtk_widget_set_tooltip_text (
      GTK_WIDGET (self->tree),
      _ ("The top of a kernel source tree (its MAINTAINERS and .mailmap are "
         "read), or a git repository. Empty: $PATCHCC_TREE, the newest "
         "pristine linux-source tree of kernel/prepare-tree.sh in "
         "~/.cache/patchcc/trees, or the newest /usr/src/linux-source-*."));
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->tree), 1, 0, 1, 1);
  w = gtk_button_new_with_mnemonic (_ ("_Browse..."));
  g_signal_connect (w, "clicked", G_CALLBACK (on_browse), self);
  gtk_grid_attach (GTK_GRID (grid), w, 2, 0, 1, 1);

  w = gtk_label_new_with_mnemonic (_ ("_Revision:"));
  gtk_label_set_xalign (GTK_LABEL (w), 0.0);
  gtk_grid_attach (GTK_GRID (grid), w, 0, 1, 1, 1);
  self->rev = GTK_ENTRY (gtk_entry_new ());
  gtk_label_set_mnemonic_widget (GTK_LABEL (w), GTK_WIDGET (self->rev));
  gtk_entry_set_placeholder_text (
      self->rev, _ ("files on disk (HEAD of a bare repository)"));
  gtk_entry_set_text (self->rev, initial->tree_rev ? initial->tree_rev : "");
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->rev), 1, 1, 2, 1);

  self->tree_status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->tree_status, 0.0);
  gtk_label_set_line_wrap (self->tree_status, TRUE);
  gtk_label_set_line_wrap_mode (self->tree_status, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (self->tree_status, 50);
  gtk_label_set_selectable (self->tree_status, TRUE);
  gtk_box_pack_start (GTK_BOX (box), GTK_WIDGET (self->tree_status), FALSE,
                      FALSE, 0);
  self->base_commit = check (
      box, _ ("Use the patch's _base-commit: when the repository has it"),
      _ ("With a git repository, read MAINTAINERS as it was at the commit "
         "the patch was made against."),
      initial->use_base_commit);

  /* Recipients. */
  box = frame (GTK_BOX (self), _ ("Recipients"));
  self->split_b4 = radio (
      box, NULL, _ ("To: maintainers and reviewers, Cc: lists (as _b4 sends)"),
      NULL, initial->split == PCC_SPLIT_B4);
  self->split_cc = radio (box, self->split_b4, _ ("Everything in _Cc:"),
                          _ ("To: keeps what you typed."),
                          initial->split == PCC_SPLIT_ALL_CC);
  self->drop_lkml = check (
      box, _ ("_Drop LKML for patches that add or delete files"),
      _ ("get_maintainer.pl also matches the path \"dev/null\" of a new or "
         "deleted file, which only THE REST matches, so LKML stays; tick to "
         "ignore that quirk."),
      initial->drop_lkml_for_new_files);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  w = gtk_label_new_with_mnemonic (_ ("THE REST (LKML) _rule:"));
  gtk_box_pack_start (GTK_BOX (row), w, FALSE, FALSE, 0);
  self->rest_rule = GTK_COMBO_BOX_TEXT (gtk_combo_box_text_new ());
  gtk_combo_box_text_append (self->rest_rule, "fallback",
                             _ ("fallback: out when a file has another list"));
  gtk_combo_box_text_append (
      self->rest_rule, "public",
      _ ("fallback: subscribers-only lists do not count"));
  gtk_combo_box_text_append (self->rest_rule, "always",
                             _ ("always (the original script)"));
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->rest_rule),
                               pcc_rest_rule_to_string (initial->rest_rule));
  gtk_label_set_mnemonic_widget (GTK_LABEL (w), GTK_WIDGET (self->rest_rule));
  gtk_box_pack_start (GTK_BOX (row), GTK_WIDGET (self->rest_rule), FALSE,
                      FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), row, FALSE, FALSE, 0);

  /* Sending. */
  box = frame (GTK_BOX (self), _ ("When a patch is sent"));
  self->on_send[PCC_ON_SEND_ASK]
      = radio (box, NULL, _ ("_Show the review when recipients would change"),
               NULL, initial->on_send == PCC_ON_SEND_ASK);
  self->on_send[PCC_ON_SEND_REWRITE]
      = radio (box, self->on_send[PCC_ON_SEND_ASK],
               _ ("Fix the recipients _without asking"), NULL,
               initial->on_send == PCC_ON_SEND_REWRITE);
  self->on_send[PCC_ON_SEND_OFF]
      = radio (box, self->on_send[PCC_ON_SEND_ASK], _ ("Do _nothing"), NULL,
               initial->on_send == PCC_ON_SEND_OFF);
  w = gtk_label_new (_ ("Mails that are not patches are never changed. The "
                        "body is never touched."));
  gtk_label_set_xalign (GTK_LABEL (w), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (w), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (w), 50);
  gtk_style_context_add_class (gtk_widget_get_style_context (w), "dim-label");
  gtk_box_pack_start (GTK_BOX (box), w, FALSE, FALSE, 0);

  /* Where a series' previous version is looked for. */
  box = frame (GTK_BOX (self), _ ("Previous versions of a series"));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  w = gtk_label_new_with_mnemonic (_ ("_Folders besides Sent:"));
  gtk_box_pack_start (GTK_BOX (row), w, FALSE, FALSE, 0);
  self->previous_folders = GTK_ENTRY (gtk_entry_new ());
  gtk_label_set_mnemonic_widget (GTK_LABEL (w),
                                 GTK_WIDGET (self->previous_folders));
  gtk_entry_set_placeholder_text (self->previous_folders,
                                  _ ("none: the Sent folder only"));
  gtk_entry_set_text (self->previous_folders, initial->previous_folders
                                                  ? initial->previous_folders
                                                  : "");
  gtk_widget_set_tooltip_text (
      GTK_WIDGET (self->previous_folders),
      _ ("Folders where the replies to a series' earlier versions are, as "
         "the mail client names them (\"#mh/Mailbox/inbox\"), separated by "
         "commas. The default account's Sent folder is always searched."));
  gtk_widget_set_hexpand (GTK_WIDGET (self->previous_folders), TRUE);
  gtk_box_pack_start (GTK_BOX (row), GTK_WIDGET (self->previous_folders), TRUE,
                      TRUE, 0);
  gtk_box_pack_start (GTK_BOX (box), row, FALSE, FALSE, 0);

  /* The host's automatic wrapping: hidden until the host says. */
  box = frame (GTK_BOX (self), _ ("Line wrapping"));
  self->wrap_frame = gtk_widget_get_parent (box);
  self->wrap_label = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_xalign (self->wrap_label, 0.0);
  gtk_label_set_line_wrap (self->wrap_label, TRUE);
  gtk_label_set_max_width_chars (self->wrap_label, 50);
  gtk_box_pack_start (GTK_BOX (box), GTK_WIDGET (self->wrap_label), FALSE,
                      FALSE, 0);
  self->wrap_button
      = gtk_button_new_with_mnemonic (_ ("_Turn automatic wrapping off"));
  gtk_widget_set_halign (self->wrap_button, GTK_ALIGN_START);
  g_signal_connect (self->wrap_button, "clicked", G_CALLBACK (on_wrap_button),
                    self);
  gtk_box_pack_start (GTK_BOX (box), self->wrap_button, FALSE, FALSE, 0);

  g_signal_connect (self->tree, "changed", G_CALLBACK (on_tree_changed), self);
  g_signal_connect (self->rev, "changed", G_CALLBACK (on_tree_changed), self);
  check_tree_now (self);
  pcc_settings_clear (&defaults);
  gtk_widget_show_all (GTK_WIDGET (self));
  /* A host's show_all must not show them before it says. */
  gtk_widget_hide (self->wrap_frame);
  gtk_widget_hide (self->wrap_button);
  gtk_widget_set_no_show_all (self->wrap_frame, TRUE);
  gtk_widget_set_no_show_all (self->wrap_button, TRUE);
  return GTK_WIDGET (self);
}

void
pcc_settings_widget_get (PccSettingsWidget *self, PccSettings *out)
{
  const char *id;

  pcc_settings_clear (out);
  pcc_settings_init (out);
  g_free (out->tree_path);
  out->tree_path = g_strstrip (g_strdup (gtk_entry_get_text (self->tree)));
  g_free (out->tree_rev);
  out->tree_rev = g_strstrip (g_strdup (gtk_entry_get_text (self->rev)));
  g_free (out->previous_folders);
  out->previous_folders
      = g_strstrip (g_strdup (gtk_entry_get_text (self->previous_folders)));
  out->use_base_commit = gtk_toggle_button_get_active (self->base_commit);
  out->split = gtk_toggle_button_get_active (self->split_cc) ? PCC_SPLIT_ALL_CC
                                                             : PCC_SPLIT_B4;
  out->drop_lkml_for_new_files
      = gtk_toggle_button_get_active (self->drop_lkml);
  id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->rest_rule));
  if (!pcc_rest_rule_from_string (id, &out->rest_rule))
    out->rest_rule = PCC_REST_FALLBACK;
  for (int i = 0; i < 3; i++)
    if (gtk_toggle_button_get_active (self->on_send[i]))
      out->on_send = (PccOnSend) i;
}

const char *
pcc_settings_widget_get_tree_status (PccSettingsWidget *self)
{
  return self->status_text;
}
