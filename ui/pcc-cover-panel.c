/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cover-panel.c - the cover-letter panel (see pcc-cover-panel.h).
 *
 * One widget, a little under 1000 lines: its form (title, template, blurb,
 * how the series was made), the preview and the series' recipients share
 * the panel's state and signals; the recipient review is pcc-review.c's
 * and the values it renders are core/cover's. */
#include "pcc-cover-panel.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pcc-attribution.h"
#include "pcc-previous.h"
#include "pcc-review.h"
#include "pcc-template.h"
#include "pcc-tool-trailers.h"

#define N_KINDS 3

struct _PccCoverPanel
{
  GtkBox parent;

  PccSeries *series;
  PccPlan *plan;
  PccCover *cover;
  PccProvenanceHistory *history;
  char *user_dir;
  char *template_name;
  char *error_text;
  char *preview_text;
  guint update_id;
  gboolean filling; /* setting widgets from code: no "changed" */

  GtkEntry *title;
  GtkLabel *prefix;
  GtkTextView *blurb;
  GtkTextView *changes;
  GtkWidget *changes_box; /* hidden for a first version until set */
  GtkComboBoxText *templates;
  GtkLabel *template_desc;
  GtkListBox *lists[N_KINDS];
  GtkTextView *notes;
  GtkTextView *preview;
  GtkLabel *error_label;
  GtkWidget *trailer_bar;
  GtkLabel *trailer_label;
  char *attribution; /* what the tree asks, one sentence; NULL: unknown */
  PccAttributionKind attribution_kind;
  GtkWidget *review;
  char *tree_desc;
};

G_DEFINE_TYPE (PccCoverPanel, pcc_cover_panel, GTK_TYPE_BOX)

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* Per kind: fields, placeholders, history keys, and the multi-line
 * field under them (NULL: none).  The labels quote the questions of the
 * kernel's Documentation/process/generated-content.rst they answer. */
typedef struct
{
  const char *title;
  const char *hint;
  guint n_fields;
  const char *placeholder[3];
  const char *history[3];
  const char *text_label;
} KindInfo;

static const KindInfo kinds[N_KINDS] = {
  { N_ ("Tools"),
    N_ ("“What tools were used?”  Analysers, generators, test tools; not "
        "git or gcc"),
    3,
    { N_ ("Tool (sparse, coccinelle…)"), N_ ("Version"),
      N_ ("Which portions of the content it affected") },
    { "tool.name", "tool.version", "tool.purpose" },
    N_ ("“The input to the tools you used, like the Coccinelle source "
        "script”: the script or the command line") },
  { N_ ("LLM and agent assistance"),
    N_ ("which model or tool, its prompts, which portions of the content "
        "it affected, how you reviewed it"),
    3,
    { N_ ("Model or tool"), N_ ("Which portions of the content it affected"),
      N_ ("How you reviewed it") },
    { "assistance.agent", "assistance.produced", "assistance.review" },
    N_ ("“If code was largely generated from a single or short set of "
        "prompts, include those prompts.  For longer sessions, include a "
        "summary of the prompts and the nature of resulting assistance.”") },
  { N_ ("Testing"),
    N_ ("“How is the submission tested and what tools were used to test "
        "the fix?”  What you ran, and on which hardware or VM"),
    2,
    { N_ ("What was run"), N_ ("On which hardware or VM") },
    { "testing.what", "testing.where" },
    NULL },
};

/* --- changes and rendering ------------------------------------------------ */

static gboolean update_now (gpointer data);

static void
schedule_update (PccCoverPanel *self)
{
  if (self->filling)
    return;
  if (self->update_id == 0)
    self->update_id = g_timeout_add (120, update_now, self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
on_changed (gpointer widget, PccCoverPanel *self)
{
  schedule_update (self);
}

static char *
text_of (GtkTextView *view)
{
  GtkTextBuffer *b = gtk_text_view_get_buffer (view);
  GtkTextIter s, e;
  gtk_text_buffer_get_bounds (b, &s, &e);
  return gtk_text_buffer_get_text (b, &s, &e, FALSE);
}

static void
set_error (PccCoverPanel *self, const char *msg)
{
  g_free (self->error_text);
  self->error_text = g_strdup (msg);
  if (msg)
    {
      gtk_label_set_text (self->error_label, msg);
      gtk_widget_show (GTK_WIDGET (self->error_label));
    }
  else
    gtk_widget_hide (GTK_WIDGET (self->error_label));
}

PccProvenance *
pcc_cover_panel_get_provenance (PccCoverPanel *self, GError **error)
{
  g_autoptr (PccProvenance) prov = pcc_provenance_new ();
  for (guint k = 0; k < N_KINDS; k++)
    {
      g_autoptr (GList) rows
          = gtk_container_get_children (GTK_CONTAINER (self->lists[k]));
      for (GList *l = rows; l; l = l->next)
        {
          const char *v[3] = { "", "", "" };
          for (guint f = 0; f < kinds[k].n_fields; f++)
            {
              g_autofree char *key = g_strdup_printf ("entry%u", f);
              GtkEntry *e = g_object_get_data (G_OBJECT (l->data), key);
              v[f] = gtk_entry_get_text (e);
            }
          GtkTextView *tv = g_object_get_data (G_OBJECT (l->data), "text");
          g_autofree char *text = tv ? text_of (tv) : g_strdup ("");
          /* A row with nothing typed in it is not written yet. */
          gboolean empty = text[0] == '\0';
          for (guint f = 0; f < kinds[k].n_fields; f++)
            if (v[f][0])
              empty = FALSE;
          if (empty)
            continue;
          gboolean ok
              = k == PCC_PROV_TOOL
                    ? pcc_provenance_add_tool (prov, v[0], v[1], v[2], error)
                          && pcc_provenance_set_tool_input (
                              prov, pcc_provenance_get_n (prov, k) - 1, text,
                              error)
                : k == PCC_PROV_ASSISTANCE
                    ? pcc_provenance_add_assistance (prov, v[0], v[1], v[2],
                                                     error)
                          && pcc_provenance_set_assistance_prompts (
                              prov, pcc_provenance_get_n (prov, k) - 1, text,
                              error)
                    : pcc_provenance_add_testing (prov, v[0], v[1], error);
          if (!ok)
            return NULL;
        }
    }
  g_autofree char *notes = text_of (self->notes);
  if (!pcc_provenance_set_notes (prov, notes, error))
    return NULL;
  return g_steal_pointer (&prov);
}

static gboolean
sync_cover (PccCoverPanel *self, GError **error)
{
  const char *title = gtk_entry_get_text (self->title);
  pcc_cover_set_title (self->cover, title[0] ? title : NULL);
  g_autofree char *blurb = text_of (self->blurb);
  pcc_cover_set_blurb (self->cover, blurb[0] ? blurb : NULL);
  g_autofree char *changes = text_of (self->changes);
  pcc_cover_set_changes (self->cover, changes[0] ? changes : NULL);
  g_autoptr (PccProvenance) prov
      = pcc_cover_panel_get_provenance (self, error);
  if (!prov)
    return FALSE;
  pcc_cover_set_provenance (self->cover, prov);
  PccTemplate *tpl
      = pcc_template_load (self->user_dir, self->template_name, error);
  if (!tpl)
    return FALSE;
  pcc_cover_set_template (self->cover, tpl);
  return TRUE;
}

char *
pcc_cover_panel_render_body (PccCoverPanel *self, GError **error)
{
  if (!sync_cover (self, error))
    return NULL;
  return pcc_cover_render_body (self->cover, error);
}

const char *
pcc_cover_panel_update (PccCoverPanel *self)
{
  if (self->update_id)
    {
      g_source_remove (self->update_id);
      self->update_id = 0;
    }
  g_autoptr (GError) error = NULL;
  g_autofree char *body = pcc_cover_panel_render_body (self, &error);
  if (!body)
    {
      set_error (self, error->message);
      g_clear_pointer (&self->preview_text, g_free);
      gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->preview), "",
                                -1);
      return NULL;
    }
  set_error (self, NULL);
  g_autofree char *subject = pcc_cover_get_subject (self->cover);
  gtk_label_set_text (self->prefix, subject);
  g_free (self->preview_text);
  self->preview_text = g_strdup_printf ("Subject: %s\n\n%s", subject, body);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->preview),
                            self->preview_text, -1);
  return self->preview_text;
}

static gboolean
update_now (gpointer data)
{
  PccCoverPanel *self = data;
  self->update_id = 0;
  pcc_cover_panel_update (self);
  return G_SOURCE_REMOVE;
}

/* --- the provenance form -------------------------------------------------- */

static void
attach_completion (PccCoverPanel *self, GtkEntry *entry, const char *field)
{
  if (!self->history)
    return;
  GtkListStore *store = gtk_list_store_new (1, G_TYPE_STRING);
  const char *const *vals = pcc_provenance_history_get (self->history, field);
  for (guint i = 0; vals[i]; i++)
    gtk_list_store_insert_with_values (store, NULL, -1, 0, vals[i], -1);
  GtkEntryCompletion *c = gtk_entry_completion_new ();
  gtk_entry_completion_set_model (c, GTK_TREE_MODEL (store));
  gtk_entry_completion_set_text_column (c, 0);
  gtk_entry_completion_set_minimum_key_length (c, 0);
  gtk_entry_completion_set_popup_single_match (c, TRUE);
  gtk_entry_set_completion (entry, c);
  g_object_unref (c);
  g_object_unref (store);
}

static void
on_remove_row (GtkButton *button, PccCoverPanel *self)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (button), "row");
  gtk_widget_destroy (row);
  schedule_update (self);
}

static GtkWidget *framed_text_view (GtkTextView **out, int height);

/* The row's multi-line field (a tool's input, the prompts): the question
 * it answers above a text view, at grid row @top, @width columns.
 * @literal: a script or a command line, shown unwrapped in a fixed-width
 * font (prompts are prose, wrapped on the screen only). */
static void
add_row_text (PccCoverPanel *self, GtkWidget *row, GtkWidget *grid,
              const KindInfo *ki, int top, int width, gboolean literal,
              const char *text)
{
  GtkWidget *label = gtk_label_new (_ (ki->text_label));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_style_context_add_class (gtk_widget_get_style_context (label),
                               "dim-label");
  gtk_grid_attach (GTK_GRID (grid), label, 0, top, width, 1);
  GtkTextView *tv = NULL;
  GtkWidget *sw = framed_text_view (&tv, 48);
  if (literal)
    {
      gtk_text_view_set_monospace (tv, TRUE);
      gtk_text_view_set_wrap_mode (tv, GTK_WRAP_NONE);
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (sw),
                                      GTK_POLICY_AUTOMATIC,
                                      GTK_POLICY_AUTOMATIC);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (tv), _ (ki->text_label));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (tv), text ? text : "",
                            -1);
  g_signal_connect (gtk_text_view_get_buffer (tv), "changed",
                    G_CALLBACK (on_changed), self);
  g_object_set_data (G_OBJECT (row), "text", tv);
  gtk_grid_attach (GTK_GRID (grid), sw, 0, top + 1, width, 1);
}

static GtkWidget *
add_row_with (PccCoverPanel *self, PccProvenanceKind kind, const char *a,
              const char *b, const char *c, const char *text)
{
  const KindInfo *ki = &kinds[kind];
  const char *vals[3] = { a, b, c };
  GtkWidget *row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  g_object_set (grid, "margin", 4, NULL);
  gtk_container_add (GTK_CONTAINER (row), grid);

  for (guint f = 0; f < ki->n_fields; f++)
    {
      GtkWidget *e = gtk_entry_new ();
      gtk_entry_set_placeholder_text (GTK_ENTRY (e), _ (ki->placeholder[f]));
      gtk_entry_set_text (GTK_ENTRY (e), vals[f] ? vals[f] : "");
      gtk_widget_set_tooltip_text (e, _ (ki->placeholder[f]));
      attach_completion (self, GTK_ENTRY (e), ki->history[f]);
      g_signal_connect (e, "changed", G_CALLBACK (on_changed), self);
      g_autofree char *key = g_strdup_printf ("entry%u", f);
      g_object_set_data (G_OBJECT (row), key, e);
      gtk_widget_set_hexpand (e, TRUE);
      if (kind == PCC_PROV_TOOL)
        {
          /* name | version | purpose on one line. */
          if (f == 1)
            {
              gtk_widget_set_hexpand (e, FALSE);
              gtk_entry_set_width_chars (GTK_ENTRY (e), 8);
            }
          else
            gtk_entry_set_width_chars (GTK_ENTRY (e), f == 0 ? 12 : 20);
          gtk_grid_attach (GTK_GRID (grid), e, f, 0, 1, 1);
        }
      else if (kind == PCC_PROV_ASSISTANCE)
        {
          /* the model on its own line, then what and how. */
          if (f == 0)
            gtk_grid_attach (GTK_GRID (grid), e, 0, 0, 2, 1);
          else
            gtk_grid_attach (GTK_GRID (grid), e, f - 1, 1, 1, 1);
        }
      else
        gtk_grid_attach (GTK_GRID (grid), e, f, 0, 1, 1);
    }
  GtkWidget *rm = gtk_button_new_from_icon_name ("list-remove-symbolic",
                                                 GTK_ICON_SIZE_BUTTON);
  gtk_button_set_relief (GTK_BUTTON (rm), GTK_RELIEF_NONE);
  gtk_widget_set_tooltip_text (rm, _ ("Remove this line"));
  gtk_widget_set_valign (rm, GTK_ALIGN_START);
  g_object_set_data (G_OBJECT (rm), "row", row);
  g_signal_connect (rm, "clicked", G_CALLBACK (on_remove_row), self);
  gtk_grid_attach (GTK_GRID (grid), rm,
                   kind == PCC_PROV_TOOL         ? 3
                   : kind == PCC_PROV_ASSISTANCE ? 2
                                                 : 2,
                   0, 1, 1);
  if (kind == PCC_PROV_TOOL)
    add_row_text (self, row, grid, ki, 1, 3, TRUE, text);
  else if (kind == PCC_PROV_ASSISTANCE)
    add_row_text (self, row, grid, ki, 2, 2, FALSE, text);
  gtk_widget_show_all (row);
  gtk_container_add (GTK_CONTAINER (self->lists[kind]), row);
  return row;
}

void
pcc_cover_panel_add_row (PccCoverPanel *self, PccProvenanceKind kind)
{
  add_row_with (self, kind, NULL, NULL, NULL, NULL);
}

static void
on_add_clicked (GtkButton *button, PccCoverPanel *self)
{
  PccProvenanceKind kind
      = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "kind"));
  GtkWidget *row = add_row_with (self, kind, NULL, NULL, NULL, NULL);
  gtk_widget_grab_focus (g_object_get_data (G_OBJECT (row), "entry0"));
}

GtkEntry *
pcc_cover_panel_get_entry (PccCoverPanel *self, PccProvenanceKind kind,
                           guint row, guint field)
{
  GtkListBoxRow *r
      = gtk_list_box_get_row_at_index (self->lists[kind], (int) row);
  if (!r || field >= kinds[kind].n_fields)
    return NULL;
  g_autofree char *key = g_strdup_printf ("entry%u", field);
  return g_object_get_data (G_OBJECT (r), key);
}

GtkTextView *
pcc_cover_panel_get_text (PccCoverPanel *self, PccProvenanceKind kind,
                          guint row)
{
  GtkListBoxRow *r
      = gtk_list_box_get_row_at_index (self->lists[kind], (int) row);
  return r ? g_object_get_data (G_OBJECT (r), "text") : NULL;
}

static void
clear_list (GtkListBox *list)
{
  g_autoptr (GList) rows = gtk_container_get_children (GTK_CONTAINER (list));
  for (GList *l = rows; l; l = l->next)
    gtk_widget_destroy (l->data);
}

void
pcc_cover_panel_set_provenance (PccCoverPanel *self, const PccProvenance *prov)
{
  self->filling = TRUE;
  for (guint k = 0; k < N_KINDS; k++)
    clear_list (self->lists[k]);
  for (guint i = 0; i < pcc_provenance_get_n (prov, PCC_PROV_TOOL); i++)
    {
      const PccToolUse *t = pcc_provenance_get_tool (prov, i);
      add_row_with (self, PCC_PROV_TOOL, t->name, t->version, t->purpose,
                    t->input);
    }
  for (guint i = 0; i < pcc_provenance_get_n (prov, PCC_PROV_ASSISTANCE); i++)
    {
      const PccAssistance *a = pcc_provenance_get_assistance (prov, i);
      add_row_with (self, PCC_PROV_ASSISTANCE, a->agent, a->produced,
                    a->review, a->prompts);
    }
  for (guint i = 0; i < pcc_provenance_get_n (prov, PCC_PROV_TESTING); i++)
    {
      const PccTesting *t = pcc_provenance_get_testing (prov, i);
      add_row_with (self, PCC_PROV_TESTING, t->what, t->where, NULL, NULL);
    }
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->notes),
                            pcc_provenance_get_notes (prov), -1);
  self->filling = FALSE;
  schedule_update (self);
}

/* --- tool trailers --------------------------------------------------------- */

static void
refresh_trailer_bar (PccCoverPanel *self)
{
  g_autoptr (GArray) found = pcc_tool_trailers_find (self->series);
  if (found->len == 0)
    {
      gtk_widget_hide (self->trailer_bar);
      return;
    }
  g_autoptr (GString) which = g_string_new (NULL);
  guint last = G_MAXUINT, n_patches = 0;
  for (guint i = 0; i < found->len; i++)
    {
      const PccToolTrailer *t = &g_array_index (found, PccToolTrailer, i);
      if (t->patch == last)
        continue;
      last = t->patch;
      n_patches++;
      g_string_append_printf (which, "%s%u", which->len ? ", " : "",
                              t->patch + 1);
    }
  const PccToolTrailer *t0 = &g_array_index (found, PccToolTrailer, 0);
  /* What the tree asks, never a rule of patchcc's: moving the trailers
   * is the user's choice (the bar's button). */
  const char *asks
      = self->attribution
            ? self->attribution
            : _ ("Whether the kernel tree asks for them is not known here; "
                 "keeping them or moving them into the form below is your "
                 "choice.");
  g_autofree char *markup = g_markup_printf_escaped (
      _ ("<b>%u tool trailer(s)</b> (%s: …) in patch%s %s.  %s"), found->len,
      t0->key, n_patches > 1 ? "es" : "", which->str, asks);
  gtk_label_set_markup (self->trailer_label, markup);
  gtk_info_bar_set_message_type (
      GTK_INFO_BAR (self->trailer_bar),
      self->attribution && self->attribution_kind == PCC_ATTRIBUTION_COVER
          ? GTK_MESSAGE_WARNING
          : GTK_MESSAGE_INFO);
  gtk_widget_show (self->trailer_bar);
}

void
pcc_cover_panel_set_attribution (PccCoverPanel *self,
                                 const PccAttribution *attr)
{
  g_clear_pointer (&self->attribution, g_free);
  self->attribution_kind = PCC_ATTRIBUTION_UNKNOWN;
  if (attr)
    {
      self->attribution = pcc_attribution_describe (attr);
      self->attribution_kind = pcc_attribution_get_kind (attr);
    }
  refresh_trailer_bar (self);
}

const char *
pcc_cover_panel_get_trailer_text (PccCoverPanel *self)
{
  return gtk_widget_get_visible (self->trailer_bar)
             ? gtk_label_get_text (self->trailer_label)
             : NULL;
}

guint
pcc_cover_panel_get_n_tool_trailers (PccCoverPanel *self)
{
  g_autoptr (GArray) found = pcc_tool_trailers_find (self->series);
  return found->len;
}

gboolean
pcc_cover_panel_move_tool_trailers (PccCoverPanel *self, GError **error)
{
  g_autoptr (PccProvenance) prov
      = pcc_cover_panel_get_provenance (self, error);
  if (!prov)
    return FALSE;
  if (!pcc_tool_trailers_migrate (self->series, prov, NULL, error))
    return FALSE;
  pcc_cover_panel_set_provenance (self, prov);
  refresh_trailer_bar (self);
  return TRUE;
}

static void
on_trailer_response (GtkInfoBar *bar, int response, PccCoverPanel *self)
{
  if (response != GTK_RESPONSE_ACCEPT)
    return;
  g_autoptr (GError) error = NULL;
  if (!pcc_cover_panel_move_tool_trailers (self, &error))
    set_error (self, error->message);
}

/* --- templates ----------------------------------------------------------------- */

static void
on_template_changed (GtkComboBox *combo, PccCoverPanel *self)
{
  const char *id = gtk_combo_box_get_active_id (combo);
  if (!id)
    return;
  g_free (self->template_name);
  self->template_name = g_strdup (id);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTemplate) t = pcc_template_load (self->user_dir, id, &error);
  gtk_label_set_text (self->template_desc,
                      t ? pcc_template_get_description (t) : "");
  schedule_update (self);
}

gboolean
pcc_cover_panel_set_template (PccCoverPanel *self, const char *name)
{
  return gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->templates), name);
}

const char *
pcc_cover_panel_get_template (PccCoverPanel *self)
{
  return self->template_name;
}

/* --- the rest of the API ------------------------------------------------------ */

PccCover *
pcc_cover_panel_get_cover (PccCoverPanel *self)
{
  return self->cover;
}

void
pcc_cover_panel_set_title (PccCoverPanel *self, const char *title)
{
  gtk_entry_set_text (self->title, title ? title : "");
}

void
pcc_cover_panel_set_blurb (PccCoverPanel *self, const char *blurb)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->blurb),
                            blurb ? blurb : "", -1);
}

void
pcc_cover_panel_set_changes (PccCoverPanel *self, const char *changes)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->changes),
                            changes ? changes : "", -1);
  gtk_widget_set_no_show_all (self->changes_box, FALSE);
  gtk_widget_show_all (self->changes_box);
}

GtkTextView *
pcc_cover_panel_get_changes (PccCoverPanel *self)
{
  return self->changes;
}

const char *
pcc_cover_panel_get_error (PccCoverPanel *self)
{
  return self->error_text;
}

GtkTextView *
pcc_cover_panel_get_preview (PccCoverPanel *self)
{
  return self->preview;
}

GtkTextView *
pcc_cover_panel_get_notes (PccCoverPanel *self)
{
  return self->notes;
}

GtkWidget *
pcc_cover_panel_get_review (PccCoverPanel *self)
{
  return self->review;
}

gboolean
pcc_cover_panel_save_history (PccCoverPanel *self, GError **error)
{
  if (!self->history)
    return TRUE;
  g_autoptr (PccProvenance) prov
      = pcc_cover_panel_get_provenance (self, error);
  if (!prov)
    return FALSE;
  pcc_provenance_history_add (self->history, prov);
  return pcc_provenance_history_save (self->history, error);
}

/* --- construction ------------------------------------------------------------- */

static GtkWidget *
section_header (const char *title, const char *hint)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *t = gtk_label_new (NULL);
  g_autofree char *m = g_markup_printf_escaped ("<b>%s</b>", title);
  gtk_label_set_markup (GTK_LABEL (t), m);
  gtk_label_set_xalign (GTK_LABEL (t), 0);
  GtkWidget *h = gtk_label_new (hint);
  gtk_label_set_xalign (GTK_LABEL (h), 0);
  /* a long hint wraps rather than widen the form past the screen */
  gtk_label_set_line_wrap (GTK_LABEL (h), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (h), 60);
  gtk_style_context_add_class (gtk_widget_get_style_context (h), "dim-label");
  PangoAttrList *attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL));
  gtk_label_set_attributes (GTK_LABEL (h), attrs);
  pango_attr_list_unref (attrs);
  gtk_box_pack_start (GTK_BOX (box), t, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), h, FALSE, FALSE, 0);
  return box;
}

/* Once the right side has its size: the preview gets 55% of it. */
static void
on_right_allocate (GtkWidget *paned, GdkRectangle *alloc, gpointer data)
{
  if (alloc->height < 200
      || g_object_get_data (G_OBJECT (paned), "pcc-placed"))
    return;
  g_object_set_data (G_OBJECT (paned), "pcc-placed", GINT_TO_POINTER (1));
  gtk_paned_set_position (GTK_PANED (paned), alloc->height * 55 / 100);
}

static GtkWidget *
framed_text_view (GtkTextView **out, int height)
{
  GtkWidget *sw = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (sw),
                                       GTK_SHADOW_IN);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (sw), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (sw, -1, height);
  GtkWidget *tv = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (tv), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (tv), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (tv), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (tv), 4);
  gtk_container_add (GTK_CONTAINER (sw), tv);
  *out = GTK_TEXT_VIEW (tv);
  return sw;
}

/* A titled text view of @height pixels in @form (the title packed with
 * @padding), into *@out; every edit updates the panel. */
static void
add_text_section (PccCoverPanel *self, GtkWidget *form, const char *title,
                  const char *hint, guint padding, GtkTextView **out,
                  int height)
{
  gtk_box_pack_start (GTK_BOX (form), section_header (title, hint), FALSE,
                      FALSE, padding);
  GtkWidget *sw = framed_text_view (out, height);
  g_signal_connect (gtk_text_view_get_buffer (*out), "changed",
                    G_CALLBACK (on_changed), self);
  gtk_box_pack_start (GTK_BOX (form), sw, FALSE, FALSE, 0);
}

static void
pcc_cover_panel_dispose (GObject *object)
{
  PccCoverPanel *self = PCC_COVER_PANEL (object);
  if (self->update_id)
    {
      g_source_remove (self->update_id);
      self->update_id = 0;
    }
  G_OBJECT_CLASS (pcc_cover_panel_parent_class)->dispose (object);
}

static void
pcc_cover_panel_finalize (GObject *object)
{
  PccCoverPanel *self = PCC_COVER_PANEL (object);
  pcc_cover_free (self->cover);
  pcc_provenance_history_free (self->history);
  g_free (self->user_dir);
  g_free (self->tree_desc);
  g_free (self->attribution);
  g_free (self->template_name);
  g_free (self->error_text);
  g_free (self->preview_text);
  G_OBJECT_CLASS (pcc_cover_panel_parent_class)->finalize (object);
}

static void
pcc_cover_panel_class_init (PccCoverPanelClass *klass)
{
  GObjectClass *oc = G_OBJECT_CLASS (klass);
  oc->dispose = pcc_cover_panel_dispose;
  oc->finalize = pcc_cover_panel_finalize;
  signals[SIGNAL_CHANGED]
      = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                      0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pcc_cover_panel_init (PccCoverPanel *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 8);
  g_object_set (self, "margin", 12, NULL);
}

static void
build (PccCoverPanel *self)
{
  /* Header: subject line and template. */
  GtkWidget *head = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (head), 8);
  gtk_grid_set_row_spacing (GTK_GRID (head), 6);
  GtkWidget *h = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (h), _ ("<span size='large'><b>Cover "
                                          "letter</b></span>"));
  gtk_label_set_xalign (GTK_LABEL (h), 0);
  gtk_grid_attach (GTK_GRID (head), h, 0, 0, 3, 1);

  GtkWidget *sl = gtk_label_new (_ ("Title"));
  gtk_label_set_xalign (GTK_LABEL (sl), 1);
  gtk_grid_attach (GTK_GRID (head), sl, 0, 1, 1, 1);
  self->title = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->title,
                                  _ ("What the series does, in one line"));
  gtk_widget_set_hexpand (GTK_WIDGET (self->title), TRUE);
  g_signal_connect (self->title, "changed", G_CALLBACK (on_changed), self);
  gtk_grid_attach (GTK_GRID (head), GTK_WIDGET (self->title), 1, 1, 1, 1);
  self->prefix = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_ellipsize (self->prefix, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (self->prefix, 0);
  gtk_label_set_max_width_chars (self->prefix, 60);
  gtk_style_context_add_class (
      gtk_widget_get_style_context (GTK_WIDGET (self->prefix)), "dim-label");
  gtk_grid_attach (GTK_GRID (head), GTK_WIDGET (self->prefix), 1, 2, 2, 1);

  GtkWidget *tl = gtk_label_new (_ ("Template"));
  gtk_label_set_xalign (GTK_LABEL (tl), 1);
  gtk_grid_attach (GTK_GRID (head), tl, 0, 3, 1, 1);
  GtkWidget *tbox = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  self->templates = GTK_COMBO_BOX_TEXT (gtk_combo_box_text_new ());
  g_auto (GStrv) names = pcc_template_list (self->user_dir);
  for (guint i = 0; names[i]; i++)
    gtk_combo_box_text_append (self->templates, names[i], names[i]);
  gtk_box_pack_start (GTK_BOX (tbox), GTK_WIDGET (self->templates), FALSE,
                      FALSE, 0);
  self->template_desc = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_xalign (self->template_desc, 0);
  gtk_label_set_ellipsize (self->template_desc, PANGO_ELLIPSIZE_END);
  gtk_style_context_add_class (
      gtk_widget_get_style_context (GTK_WIDGET (self->template_desc)),
      "dim-label");
  gtk_box_pack_start (GTK_BOX (tbox), GTK_WIDGET (self->template_desc), TRUE,
                      TRUE, 0);
  gtk_grid_attach (GTK_GRID (head), tbox, 1, 3, 2, 1);
  gtk_box_pack_start (GTK_BOX (self), head, FALSE, FALSE, 0);

  /* The tool-trailer bar. */
  self->trailer_bar = gtk_info_bar_new ();
  gtk_info_bar_set_message_type (GTK_INFO_BAR (self->trailer_bar),
                                 GTK_MESSAGE_INFO);
  gtk_info_bar_add_button (GTK_INFO_BAR (self->trailer_bar),
                           _ ("_Move to the cover letter"),
                           GTK_RESPONSE_ACCEPT);
  self->trailer_label = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_line_wrap (self->trailer_label, TRUE);
  gtk_label_set_xalign (self->trailer_label, 0);
  gtk_container_add (GTK_CONTAINER (gtk_info_bar_get_content_area (
                         GTK_INFO_BAR (self->trailer_bar))),
                     GTK_WIDGET (self->trailer_label));
  g_signal_connect (self->trailer_bar, "response",
                    G_CALLBACK (on_trailer_response), self);
  gtk_box_pack_start (GTK_BOX (self), self->trailer_bar, FALSE, FALSE, 0);

  /* Left: the form.  Right: preview and recipients. */
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_box_pack_start (GTK_BOX (self), paned, TRUE, TRUE, 0);

  GtkWidget *form_sw = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (form_sw),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (form_sw, 500, -1);
  GtkWidget *form = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_object_set (form, "margin-end", 10, NULL);
  gtk_container_add (GTK_CONTAINER (form_sw), form);
  gtk_paned_pack1 (GTK_PANED (paned), form_sw, FALSE, FALSE);

  add_text_section (self, form, _ ("Blurb"),
                    _ ("what the series does and why, for reviewers"), 0,
                    &self->blurb, 90);
  /* "Changes in vN:" (${changes}), for a version after the first. */
  self->changes_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  add_text_section (self, self->changes_box, _ ("Changes"),
                    _ ("since the previous version, with the link to it"), 0,
                    &self->changes, 70);
  gtk_widget_set_no_show_all (self->changes_box,
                              pcc_previous_series_version (self->series) < 2);
  gtk_box_pack_start (GTK_BOX (form), self->changes_box, FALSE, FALSE, 0);

  GtkWidget *ph = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (ph), _ ("<span size='large'><b>How this "
                                           "series was made</b></span>"));
  gtk_label_set_xalign (GTK_LABEL (ph), 0);
  g_object_set (ph, "margin-top", 8, NULL);
  gtk_box_pack_start (GTK_BOX (form), ph, FALSE, FALSE, 0);
  GtkWidget *why = gtk_label_new (
      _ ("As the kernel's Documentation/process/generated-content.rst asks: "
         "what tools were used, their input, the prompts, which portions of "
         "the content they affected, and how the series was tested."));
  gtk_label_set_xalign (GTK_LABEL (why), 0);
  gtk_label_set_line_wrap (GTK_LABEL (why), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (why), 60);
  gtk_style_context_add_class (gtk_widget_get_style_context (why),
                               "dim-label");
  gtk_box_pack_start (GTK_BOX (form), why, FALSE, FALSE, 0);

  for (guint k = 0; k < N_KINDS; k++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_object_set (row, "margin-top", 6, NULL);
      gtk_box_pack_start (
          GTK_BOX (row),
          section_header (_ (kinds[k].title), _ (kinds[k].hint)), TRUE, TRUE,
          0);
      GtkWidget *add = gtk_button_new_from_icon_name ("list-add-symbolic",
                                                      GTK_ICON_SIZE_BUTTON);
      gtk_button_set_label (GTK_BUTTON (add), _ ("Add"));
      gtk_button_set_always_show_image (GTK_BUTTON (add), TRUE);
      gtk_widget_set_valign (add, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (add), "kind", GINT_TO_POINTER (k));
      g_signal_connect (add, "clicked", G_CALLBACK (on_add_clicked), self);
      gtk_box_pack_end (GTK_BOX (row), add, FALSE, FALSE, 0);
      gtk_box_pack_start (GTK_BOX (form), row, FALSE, FALSE, 0);

      self->lists[k] = GTK_LIST_BOX (gtk_list_box_new ());
      gtk_list_box_set_selection_mode (self->lists[k], GTK_SELECTION_NONE);
      GtkWidget *frame = gtk_frame_new (NULL);
      gtk_container_add (GTK_CONTAINER (frame), GTK_WIDGET (self->lists[k]));
      GtkWidget *empty = gtk_label_new (_ ("Nothing yet: “Add” a line."));
      gtk_style_context_add_class (gtk_widget_get_style_context (empty),
                                   "dim-label");
      g_object_set (empty, "margin", 6, NULL);
      gtk_widget_show (empty);
      gtk_list_box_set_placeholder (self->lists[k], empty);
      gtk_box_pack_start (GTK_BOX (form), frame, FALSE, FALSE, 0);
    }

  add_text_section (self, form, _ ("Notes"),
                    _ ("anything else reviewers should know"), 6, &self->notes,
                    60);

  /* Right side: the preview above, the recipients below. */
  GtkWidget *right = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *pbox = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *pt = section_header (_ ("Preview"), _ ("the cover letter as it "
                                                    "will be sent"));
  gtk_box_pack_start (GTK_BOX (pbox), pt, FALSE, FALSE, 0);
  self->error_label = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_xalign (self->error_label, 0);
  gtk_label_set_line_wrap (self->error_label, TRUE);
  gtk_label_set_selectable (self->error_label, TRUE);
  gtk_style_context_add_class (
      gtk_widget_get_style_context (GTK_WIDGET (self->error_label)), "error");
  g_object_set (self->error_label, "margin", 6, NULL);
  gtk_widget_set_no_show_all (GTK_WIDGET (self->error_label), TRUE);
  gtk_box_pack_start (GTK_BOX (pbox), GTK_WIDGET (self->error_label), FALSE,
                      FALSE, 0);
  GtkWidget *psw = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (psw),
                                       GTK_SHADOW_IN);
  self->preview = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_text_view_set_editable (self->preview, FALSE);
  gtk_text_view_set_cursor_visible (self->preview, FALSE);
  gtk_text_view_set_monospace (self->preview, TRUE);
  gtk_text_view_set_left_margin (self->preview, 8);
  gtk_text_view_set_top_margin (self->preview, 6);
  gtk_container_add (GTK_CONTAINER (psw), GTK_WIDGET (self->preview));
  gtk_box_pack_start (GTK_BOX (pbox), psw, TRUE, TRUE, 0);
  gtk_paned_pack1 (GTK_PANED (right), pbox, TRUE, FALSE);

  if (self->plan)
    {
      g_autofree char *subject = pcc_series_format_cover_subject (
          self->series, _ ("recipients of the whole series"));
      self->review
          = pcc_review_view_new (self->plan, subject, self->tree_desc);
      g_object_set (self->review, "margin-top", 8, NULL);
      gtk_paned_pack2 (GTK_PANED (right), self->review, TRUE, FALSE);
      g_signal_connect (right, "size-allocate", G_CALLBACK (on_right_allocate),
                        NULL);
    }
  gtk_paned_pack2 (GTK_PANED (paned), right, TRUE, FALSE);

  g_signal_connect (self->templates, "changed",
                    G_CALLBACK (on_template_changed), self);
}

GtkWidget *
pcc_cover_panel_new (PccSeries *series, PccPlan *plan, const char *tree_desc,
                     const char *user_template_dir, const char *history_path)
{
  PccCoverPanel *self = g_object_new (PCC_TYPE_COVER_PANEL, NULL);
  self->series = series;
  self->plan = plan;
  self->tree_desc = g_strdup (tree_desc);
  self->cover = pcc_cover_new (series);
  pcc_cover_set_blurb_width (self->cover, 72);
  self->user_dir = g_strdup (user_template_dir);
  self->template_name = g_strdup ("default");
  if (history_path)
    {
      g_autoptr (GError) error = NULL;
      self->history = pcc_provenance_history_load (history_path, 0, &error);
      if (!self->history)
        g_warning ("%s", error->message);
    }
  build (self);
  self->filling = TRUE;
  g_autofree char *title = pcc_series_get_cover_title (series);
  if (title && strcmp (title, "*** SUBJECT HERE ***") != 0)
    gtk_entry_set_text (self->title, title);
  g_autofree char *blurb = pcc_series_get_cover_blurb (series);
  if (blurb && strcmp (blurb, "*** BLURB HERE ***") != 0)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->blurb), blurb,
                              -1);
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->templates), "default");
  self->filling = FALSE;
  gtk_widget_show_all (GTK_WIDGET (self));
  refresh_trailer_bar (self);
  pcc_cover_panel_update (self);
  return GTK_WIDGET (self);
}
