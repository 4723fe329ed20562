/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-review.c - the recipient review widget and dialog. */
#include "pcc-review.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pcc-email.h"

struct _PccReviewView
{
  GtkBox parent;

  PccPlan *plan;
  GtkTreeStore *store;
  GtkTreeView *tree;
  GtkCellRendererToggle *toggle;
  GtkLabel *title;
  GtkLabel *summary;
  GtkTextView *details;
  GArray *paths; /* char *: tree path string of change i, or NULL */
  char *summary_text;
  GHashTable *recipients; /* email key -> const PccRecipient * */
  GtkTreeIter groups[3];  /* To, Cc, removed */
  gboolean has_group[3];
};

G_DEFINE_TYPE (PccReviewView, pcc_review_view, GTK_TYPE_BOX)

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

enum
{
  GROUP_TO,
  GROUP_CC,
  GROUP_DROP
};

/* --- rows ------------------------------------------------------------ */

static gboolean
change_is_sent (const PccChange *c)
{
  switch (c->kind)
    {
      case PCC_CHANGE_ADD:
        return c->enabled;
      case PCC_CHANGE_DROP:
        return !c->enabled;
      case PCC_CHANGE_KEEP:
      default:
        return TRUE; /* typed: always kept */
    }
}

static int
change_group (const PccChange *c)
{
  if (c->kind == PCC_CHANGE_DROP)
    return GROUP_DROP;
  return c->field == PCC_FIELD_TO ? GROUP_TO : GROUP_CC;
}

/* Reasons quote MAINTAINERS lines ("F:\tnet/"): one space for a cell. */
static char *
one_line (const char *s)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = s ? s : ""; *p; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        space = out->len > 0;
      else
        {
          if (space)
            g_string_append_c (out, ' ');
          space = FALSE;
          g_string_append_c (out, *p);
        }
    }
  return g_string_free (out, FALSE);
}

static char *
action_markup (const PccChange *c)
{
  const char *fg, *word;

  switch (c->kind)
    {
      case PCC_CHANGE_ADD:
        fg = c->enabled ? "#1a7f37" : "#8c959f";
        word = _ ("add");
        break;
      case PCC_CHANGE_DROP:
        fg = c->enabled ? "#cf222e" : "#8c959f";
        word = _ ("drop");
        break;
      case PCC_CHANGE_KEEP:
      default:
        fg = "#57606a";
        word = _ ("keep");
        break;
    }
  return g_markup_printf_escaped ("<span foreground=\"%s\" weight=\"bold\">"
                                  "%s</span>",
                                  fg, word);
}

static char *
tooltip_markup (const PccChange *c)
{
  const char *what;

  switch (c->kind)
    {
      case PCC_CHANGE_ADD:
        what = c->field == PCC_FIELD_TO ? _ ("Add to To:") : _ ("Add to Cc:");
        break;
      case PCC_CHANGE_DROP:
        what = c->field == PCC_FIELD_TO ? _ ("Remove from To:")
                                        : _ ("Remove from Cc:");
        break;
      case PCC_CHANGE_KEEP:
      default:
        what
            = c->field == PCC_FIELD_TO ? _ ("Keep in To:") : _ ("Keep in Cc:");
        break;
    }
  g_autofree char *reason = one_line (c->reason);
  return g_markup_printf_escaped ("<b>%s</b> %s\n%s\n<i>%s</i>", what,
                                  c->address ? c->address : "", reason,
                                  c->kind == PCC_CHANGE_KEEP
                                      ? _ ("What you typed is never removed "
                                           "(only THE REST's lists the rule "
                                           "excludes are).")
                                      : _ ("Untick to leave the address as it "
                                           "was typed."));
}

static void
index_recipients (PccReviewView *self)
{
  const PccResult *r = pcc_plan_get_result (self->plan);

  self->recipients
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; r && i < pcc_result_get_n_recipients (r); i++)
    {
      const PccRecipient *rc = pcc_result_get_recipient (r, i);
      g_hash_table_insert (self->recipients, pcc_email_key (rc->email),
                           (gpointer) rc);
    }
}

/* The role word and the short reason of a change: for a computed address
 * "maintainer", or "maintainer (Odd Fixes)" for a section that is not
 * Maintained, and "file -> F: pattern -> SECTION" from the engine's
 * result; otherwise the plan's own reason (typed, THE REST). */
static void
describe (PccReviewView *self, const PccChange *c, char **role, char **why)
{
  g_autofree char *key = c->email ? pcc_email_key (c->email) : NULL;
  const PccRecipient *rc
      = key ? g_hash_table_lookup (self->recipients, key) : NULL;
  const PccResult *r = pcc_plan_get_result (self->plan);
  gboolean rest = c->reason && g_str_has_prefix (c->reason, "THE REST");

  *role = NULL;
  *why = NULL;
  if (rc != NULL && c->kind != PCC_CHANGE_DROP)
    {
      const char *colon = rc->role ? strchr (rc->role, ':') : NULL;
      g_autofree char *status = pcc_result_describe_status (r, rc);
      g_autofree char *word
          = rc->role ? g_strndup (rc->role, colon ? (gsize) (colon - rc->role)
                                                  : strlen (rc->role))
                     : NULL;

      /* A section that is not Maintained says so next to its people, as
       * --substatus does after the addresses; 6.1's roles of M: people
       * already say it ("odd fixer"). */
      gboolean said = rc->kind == PCC_KIND_MAINTAINER && word != NULL
                      && strcmp (word, "maintainer") != 0;
      if (word != NULL && status != NULL && !said)
        *role = g_strdup_printf (_ ("%s (%s)"), word, status);
      else
        *role = g_steal_pointer (&word);
      if (!rest)
        {
          g_autofree char *d = pcc_result_describe_reason (r, rc);
          g_autofree char *line = one_line (d);

          *why = c->kind == PCC_CHANGE_KEEP
                     ? g_strdup_printf (_ ("typed by you; %s"), line)
                     : g_steal_pointer (&line);
        }
    }
  if (*role == NULL)
    *role = g_strdup (c->typed ? _ ("typed") : "");
  if (*why == NULL)
    *why = one_line (c->reason);
}

static void
set_change_row (PccReviewView *self, GtkTreeIter *iter, guint i)
{
  const PccChange *c = pcc_plan_get_change (self->plan, i);
  g_autofree char *action = action_markup (c);
  g_autofree char *tip = tooltip_markup (c);
  g_autofree char *reason = NULL;
  g_autofree char *role = NULL;
  gboolean keep = c->kind == PCC_CHANGE_KEEP;

  describe (self, c, &role, &reason);
  gtk_tree_store_set (
      self->store, iter, PCC_REVIEW_COL_ENABLED, keep ? TRUE : c->enabled,
      PCC_REVIEW_COL_TOGGLABLE, !keep, PCC_REVIEW_COL_HAS_CHECK, TRUE,
      PCC_REVIEW_COL_ACTION, action, PCC_REVIEW_COL_ADDRESS, c->address,
      PCC_REVIEW_COL_REASON, reason, PCC_REVIEW_COL_TOOLTIP, tip,
      PCC_REVIEW_COL_CHANGE, (gint) i, PCC_REVIEW_COL_WEIGHT,
      (gint) PANGO_WEIGHT_NORMAL, PCC_REVIEW_COL_STRIKE, !change_is_sent (c),
      PCC_REVIEW_COL_ROLE, role, -1);
}

static void
update_groups (PccReviewView *self)
{
  guint n = pcc_plan_get_n_changes (self->plan);
  guint added[3] = { 0 }, kept[3] = { 0 }, total[3] = { 0 };

  for (guint i = 0; i < n; i++)
    {
      const PccChange *c = pcc_plan_get_change (self->plan, i);
      int g = change_group (c);

      total[g]++;
      if (c->kind == PCC_CHANGE_ADD && c->enabled)
        added[g]++;
      else if (c->kind == PCC_CHANGE_KEEP)
        kept[g]++;
      else if (c->kind == PCC_CHANGE_DROP && c->enabled)
        added[g]++; /* counted as "to remove" for the drop group */
    }
  for (int g = 0; g < 3; g++)
    {
      g_autofree char *title = NULL;
      g_autofree char *detail = NULL;

      if (!self->has_group[g])
        continue;
      if (g == GROUP_DROP)
        {
          title = g_strdup (_ ("Removed"));
          detail = g_strdup_printf (
              g_dngettext (GETTEXT_PACKAGE,
                           "%u address typed by you, to remove",
                           "%u addresses typed by you, to remove", added[g]),
              added[g]);
        }
      else
        {
          title = g_strdup (g == GROUP_TO ? "To:" : "Cc:");
          detail
              = g_strdup_printf (_ ("%u to add, %u kept"), added[g], kept[g]);
        }
      {
        g_autofree char *markup = g_markup_printf_escaped (
            "<span foreground=\"#57606a\">%s</span>", detail);
        gtk_tree_store_set (self->store, &self->groups[g],
                            PCC_REVIEW_COL_ADDRESS, title,
                            PCC_REVIEW_COL_ACTION, "", PCC_REVIEW_COL_REASON,
                            detail, PCC_REVIEW_COL_TOOLTIP, markup, -1);
      }
    }
}

static void
update_summary (PccReviewView *self)
{
  PccPlanCounts n;
  GString *s = g_string_new (NULL);

  pcc_plan_count_changes (self->plan, &n);
  if (n.add_to + n.add_cc + n.drop == 0)
    g_string_append (s, _ ("Nothing to change: To and Cc already hold what "
                           "get_maintainer.pl gives for this patch."));
  else
    {
      g_string_append_printf (s,
                              _ ("%u to add to To, %u to add to Cc, "
                                 "%u to remove."),
                              n.add_to, n.add_cc, n.drop);
    }
  if (n.off > 0)
    g_string_append_printf (s, _ (" %u unticked."), n.off);
  g_free (self->summary_text);
  self->summary_text = g_string_free (s, FALSE);
  if (self->summary != NULL)
    gtk_label_set_text (self->summary, self->summary_text);
}

static void
fill (PccReviewView *self)
{
  guint n = pcc_plan_get_n_changes (self->plan);
  /* Order inside a group: additions, then kept, then the rest, each in
   * plan order (which is the order the script prints). */
  static const PccChangeKind order[]
      = { PCC_CHANGE_ADD, PCC_CHANGE_KEEP, PCC_CHANGE_DROP };

  gtk_tree_store_clear (self->store);
  memset (self->has_group, 0, sizeof self->has_group);
  g_array_set_size (self->paths, 0);
  g_array_set_size (self->paths, n);

  for (int g = 0; g < 3; g++)
    {
      for (guint k = 0; k < G_N_ELEMENTS (order); k++)
        for (guint i = 0; i < n; i++)
          {
            const PccChange *c = pcc_plan_get_change (self->plan, i);
            GtkTreeIter iter;
            GtkTreePath *path;

            if (change_group (c) != g || c->kind != order[k])
              continue;
            if (!self->has_group[g])
              {
                gtk_tree_store_append (self->store, &self->groups[g], NULL);
                gtk_tree_store_set (
                    self->store, &self->groups[g], PCC_REVIEW_COL_ENABLED,
                    FALSE, PCC_REVIEW_COL_TOGGLABLE, FALSE,
                    PCC_REVIEW_COL_HAS_CHECK, FALSE, PCC_REVIEW_COL_CHANGE, -1,
                    PCC_REVIEW_COL_WEIGHT, (gint) PANGO_WEIGHT_BOLD,
                    PCC_REVIEW_COL_STRIKE, FALSE, -1);
                self->has_group[g] = TRUE;
              }
            gtk_tree_store_append (self->store, &iter, &self->groups[g]);
            set_change_row (self, &iter, i);
            path = gtk_tree_model_get_path (GTK_TREE_MODEL (self->store),
                                            &iter);
            g_array_index (self->paths, char *, i)
                = gtk_tree_path_to_string (path);
            gtk_tree_path_free (path);
          }
    }
  update_groups (self);
  update_summary (self);
}

/* --- toggling -------------------------------------------------------- */

static void
apply_toggle (PccReviewView *self, guint i, gboolean enabled)
{
  GtkTreeIter iter;
  const char *ps;

  g_return_if_fail (i < pcc_plan_get_n_changes (self->plan));
  if (!pcc_plan_set_enabled (self->plan, i, enabled))
    return;
  ps = g_array_index (self->paths, char *, i);
  if (ps != NULL
      && gtk_tree_model_get_iter_from_string (GTK_TREE_MODEL (self->store),
                                              &iter, ps))
    set_change_row (self, &iter, i);
  update_groups (self);
  update_summary (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, i);
}

static void
on_toggled (GtkCellRendererToggle *cell, char *path_str, gpointer data)
{
  PccReviewView *self = data;
  GtkTreeIter iter;
  gint idx = -1;
  gboolean enabled = FALSE;

  if (!gtk_tree_model_get_iter_from_string (GTK_TREE_MODEL (self->store),
                                            &iter, path_str))
    return;
  gtk_tree_model_get (GTK_TREE_MODEL (self->store), &iter,
                      PCC_REVIEW_COL_CHANGE, &idx, PCC_REVIEW_COL_ENABLED,
                      &enabled, -1);
  if (idx < 0)
    return;
  apply_toggle (self, (guint) idx, !enabled);
}

/* Space toggles the selected row from the keyboard. */
static gboolean
on_key_press (GtkWidget *widget, GdkEventKey *event, gpointer data)
{
  PccReviewView *self = data;
  GtkTreeSelection *sel;
  GtkTreeModel *model;
  GtkTreeIter iter;
  gint idx = -1;
  gboolean enabled = FALSE;

  if (event->keyval != GDK_KEY_space && event->keyval != GDK_KEY_KP_Space)
    return FALSE;
  sel = gtk_tree_view_get_selection (self->tree);
  if (!gtk_tree_selection_get_selected (sel, &model, &iter))
    return FALSE;
  gtk_tree_model_get (model, &iter, PCC_REVIEW_COL_CHANGE, &idx,
                      PCC_REVIEW_COL_ENABLED, &enabled, -1);
  if (idx < 0)
    return FALSE;
  apply_toggle (self, (guint) idx, !enabled);
  return TRUE;
}

/* --- construction ---------------------------------------------------- */

static void
on_details_expanded (GObject *expander, GParamSpec *pspec, gpointer data)
{
  PccReviewView *self = data;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->details);
  const PccResult *result;
  g_autofree char *explain = NULL;

  if (!gtk_expander_get_expanded (GTK_EXPANDER (expander))
      || gtk_text_buffer_get_char_count (buffer) > 0)
    return;
  result = pcc_plan_get_result (self->plan);
  explain = result ? pcc_result_explain (result) : NULL;
  gtk_text_buffer_set_text (buffer, explain ? explain : "", -1);
}

static void
pcc_review_view_finalize (GObject *object)
{
  PccReviewView *self = PCC_REVIEW_VIEW (object);

  for (guint i = 0; i < self->paths->len; i++)
    g_free (g_array_index (self->paths, char *, i));
  g_array_unref (self->paths);
  g_clear_object (&self->store);
  g_clear_pointer (&self->recipients, g_hash_table_unref);
  g_free (self->summary_text);
  G_OBJECT_CLASS (pcc_review_view_parent_class)->finalize (object);
}

static void
pcc_review_view_class_init (PccReviewViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pcc_review_view_finalize;
  signals[SIGNAL_CHANGED]
      = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
pcc_review_view_init (PccReviewView *self)
{
  self->paths = g_array_new (FALSE, TRUE, sizeof (char *));
}

static GtkWidget *
make_tree (PccReviewView *self)
{
  GtkWidget *tree
      = gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store));
  GtkCellRenderer *r;
  GtkTreeViewColumn *col;

  self->tree = GTK_TREE_VIEW (tree);
  gtk_tree_view_set_headers_visible (self->tree, TRUE);
  gtk_tree_view_set_enable_search (self->tree, FALSE);
  gtk_tree_view_set_tooltip_column (self->tree, PCC_REVIEW_COL_TOOLTIP);
  gtk_tree_view_set_show_expanders (self->tree, FALSE);
  gtk_tree_view_set_level_indentation (self->tree, 0);

  r = gtk_cell_renderer_toggle_new ();
  self->toggle = GTK_CELL_RENDERER_TOGGLE (r);
  g_signal_connect (r, "toggled", G_CALLBACK (on_toggled), self);
  col = gtk_tree_view_column_new_with_attributes (
      "", r, "active", PCC_REVIEW_COL_ENABLED, "visible",
      PCC_REVIEW_COL_HAS_CHECK, "activatable", PCC_REVIEW_COL_TOGGLABLE,
      "sensitive", PCC_REVIEW_COL_TOGGLABLE, NULL);
  gtk_tree_view_append_column (self->tree, col);

  r = gtk_cell_renderer_text_new ();
  g_object_set (r, "xpad", 6, NULL);
  col = gtk_tree_view_column_new_with_attributes (_ ("Change"), r, "markup",
                                                  PCC_REVIEW_COL_ACTION, NULL);
  gtk_tree_view_append_column (self->tree, col);

  r = gtk_cell_renderer_text_new ();
  g_object_set (r, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
  col = gtk_tree_view_column_new_with_attributes (
      _ ("Address"), r, "text", PCC_REVIEW_COL_ADDRESS, "weight",
      PCC_REVIEW_COL_WEIGHT, "strikethrough", PCC_REVIEW_COL_STRIKE, NULL);
  gtk_tree_view_column_set_resizable (col, TRUE);
  gtk_tree_view_append_column (self->tree, col);

  r = gtk_cell_renderer_text_new ();
  g_object_set (r, "foreground", "#57606a", "xpad", 6, NULL);
  col = gtk_tree_view_column_new_with_attributes (_ ("Role"), r, "text",
                                                  PCC_REVIEW_COL_ROLE, NULL);
  gtk_tree_view_append_column (self->tree, col);

  r = gtk_cell_renderer_text_new ();
  g_object_set (r, "ellipsize", PANGO_ELLIPSIZE_END, "foreground", "#57606a",
                NULL);
  col = gtk_tree_view_column_new_with_attributes (_ ("Why"), r, "text",
                                                  PCC_REVIEW_COL_REASON, NULL);
  gtk_tree_view_column_set_expand (col, TRUE);
  gtk_tree_view_append_column (self->tree, col);

  g_signal_connect (tree, "key-press-event", G_CALLBACK (on_key_press), self);
  return tree;
}

static int
text_width (GtkWidget *w, const char *markup, gboolean is_markup)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (w, NULL);
  int width = 0;

  if (is_markup)
    pango_layout_set_markup (layout, markup, -1);
  else
    pango_layout_set_text (layout, markup, -1);
  pango_layout_get_pixel_size (layout, &width, NULL);
  g_object_unref (layout);
  return width;
}

/* Fixed column widths and fixed row heights: GtkTreeView then lays out
 * hundreds of rows (a treewide patch) without measuring each one. */
static void
size_columns (PccReviewView *self)
{
  GtkWidget *w = GTK_WIDGET (self->tree);
  GtkTreeModel *model = GTK_TREE_MODEL (self->store);
  int change = 0, address = 0, role = 0;
  int cap = text_width (w,
                        "\"Firstname Lastname-Longer\" <firstname.lastname@"
                        "example.org>",
                        FALSE);
  static const char *const words[] = { "add", "keep", "drop" };
  GtkTreeIter group, iter;
  gboolean g_ok, ok;
  guint measured = 0;

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      g_autofree char *m = g_markup_printf_escaped ("<b>%s</b>", _ (words[i]));
      change = MAX (change, text_width (w, m, TRUE));
    }
  for (g_ok = gtk_tree_model_get_iter_first (model, &group); g_ok;
       g_ok = gtk_tree_model_iter_next (model, &group))
    {
      g_autofree char *title = NULL;

      gtk_tree_model_get (model, &group, PCC_REVIEW_COL_ADDRESS, &title, -1);
      address = MAX (address, text_width (w, title, FALSE) + 8);
      for (ok = gtk_tree_model_iter_children (model, &iter, &group); ok;
           ok = gtk_tree_model_iter_next (model, &iter))
        {
          g_autofree char *a = NULL;
          g_autofree char *r = NULL;

          gtk_tree_model_get (model, &iter, PCC_REVIEW_COL_ADDRESS, &a,
                              PCC_REVIEW_COL_ROLE, &r, -1);
          /* Widths settle after a few hundred rows; the rest ellipsize. */
          if (measured++ < 300)
            {
              address = MAX (address, text_width (w, a, FALSE));
              role = MAX (role, text_width (w, r, FALSE));
            }
        }
    }
  address = MIN (address, cap);
  {
    int widths[] = { 36, change + 24, address + 16, role + 24, 240 };
    for (int c = 0; c < 5; c++)
      {
        GtkTreeViewColumn *col = gtk_tree_view_get_column (self->tree, c);

        gtk_tree_view_column_set_sizing (col, GTK_TREE_VIEW_COLUMN_FIXED);
        gtk_tree_view_column_set_fixed_width (col, widths[c]);
      }
  }
  gtk_tree_view_set_fixed_height_mode (self->tree, TRUE);
}

GtkWidget *
pcc_review_view_new (PccPlan *plan, const char *title, const char *tree_desc)
{
  PccReviewView *self;
  GtkWidget *w, *scroll, *expander, *hint;
  g_autofree char *markup = NULL;

  g_return_val_if_fail (plan != NULL, NULL);

  self = g_object_new (PCC_TYPE_REVIEW_VIEW, "orientation",
                       GTK_ORIENTATION_VERTICAL, "spacing", 8, NULL);
  self->plan = plan;
  self->store = gtk_tree_store_new (
      PCC_REVIEW_N_COLUMNS, G_TYPE_BOOLEAN, G_TYPE_BOOLEAN, G_TYPE_BOOLEAN,
      G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_INT,
      G_TYPE_INT, G_TYPE_BOOLEAN, G_TYPE_STRING);

  /* Header: subject, what was computed, and from which tree. */
  w = gtk_label_new (NULL);
  markup = g_markup_printf_escaped ("<big><b>%s</b></big>",
                                    title && *title ? title
                                                    : _ ("Patch recipients"));
  gtk_label_set_markup (GTK_LABEL (w), markup);
  gtk_label_set_xalign (GTK_LABEL (w), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (w), PANGO_ELLIPSIZE_END);
  self->title = GTK_LABEL (w);
  gtk_box_pack_start (GTK_BOX (self), w, FALSE, FALSE, 0);
  g_clear_pointer (&markup, g_free);

  w = gtk_label_new (NULL);
  markup = g_markup_printf_escaped (
      "<span foreground=\"#57606a\">%s\n%s %s</span>",
      _ ("To and Cc as scripts/get_maintainer.pl gives them for this patch, "
         "THE REST (LKML) only as a fallback."),
      _ ("Kernel tree:"),
      tree_desc && *tree_desc ? tree_desc : _ ("(default)"));
  gtk_label_set_markup (GTK_LABEL (w), markup);
  gtk_label_set_xalign (GTK_LABEL (w), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (w), PANGO_ELLIPSIZE_MIDDLE);
  gtk_box_pack_start (GTK_BOX (self), w, FALSE, FALSE, 0);

  w = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (w), 0.0);
  self->summary = GTK_LABEL (w);
  gtk_box_pack_start (GTK_BOX (self), w, FALSE, FALSE, 0);

  /* The list. */
  scroll = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (scroll),
                                       GTK_SHADOW_IN);
  gtk_container_add (GTK_CONTAINER (scroll), make_tree (self));
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_box_pack_start (GTK_BOX (self), scroll, TRUE, TRUE, 0);

  hint = gtk_label_new (_ ("Untick a line to leave that address as it was "
                           "typed. Hover a line for the full reason."));
  gtk_label_set_xalign (GTK_LABEL (hint), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (hint), TRUE);
  gtk_style_context_add_class (gtk_widget_get_style_context (hint),
                               "dim-label");
  gtk_box_pack_start (GTK_BOX (self), hint, FALSE, FALSE, 0);

  /* The full explanation, filled in when first opened: for a treewide
   * patch it is long, and laying it out would delay the dialog. */
  expander = gtk_expander_new_with_mnemonic (_ ("_Details: files, patterns, "
                                                "sections and THE REST"));
  w = gtk_text_view_new ();
  self->details = GTK_TEXT_VIEW (w);
  gtk_text_view_set_editable (self->details, FALSE);
  gtk_text_view_set_cursor_visible (self->details, FALSE);
  gtk_text_view_set_monospace (self->details, TRUE);
  gtk_text_view_set_left_margin (self->details, 6);
  scroll = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (scroll),
                                       GTK_SHADOW_IN);
  gtk_widget_set_size_request (scroll, -1, 160);
  gtk_container_add (GTK_CONTAINER (scroll), w);
  gtk_container_add (GTK_CONTAINER (expander), scroll);
  g_signal_connect (expander, "notify::expanded",
                    G_CALLBACK (on_details_expanded), self);
  gtk_box_pack_start (GTK_BOX (self), expander, FALSE, FALSE, 0);

  index_recipients (self);
  fill (self);
  size_columns (self);
  gtk_tree_view_expand_all (self->tree);
  gtk_widget_show_all (GTK_WIDGET (self));
  return GTK_WIDGET (self);
}

PccPlan *
pcc_review_view_get_plan (PccReviewView *view)
{
  return view->plan;
}

GtkTreeView *
pcc_review_view_get_tree_view (PccReviewView *view)
{
  return view->tree;
}

GtkCellRendererToggle *
pcc_review_view_get_toggle (PccReviewView *view)
{
  return view->toggle;
}

GtkTreePath *
pcc_review_view_get_path (PccReviewView *view, guint i)
{
  const char *ps;

  if (i >= view->paths->len)
    return NULL;
  ps = g_array_index (view->paths, char *, i);
  return ps ? gtk_tree_path_new_from_string (ps) : NULL;
}

void
pcc_review_view_set_enabled (PccReviewView *view, guint i, gboolean enabled)
{
  apply_toggle (view, i, enabled);
}

void
pcc_review_view_reload (PccReviewView *view)
{
  g_return_if_fail (PCC_IS_REVIEW_VIEW (view));
  for (guint i = 0; i < view->paths->len; i++)
    g_clear_pointer (&g_array_index (view->paths, char *, i), g_free);
  fill (view);
}

const char *
pcc_review_view_get_summary (PccReviewView *view)
{
  return view->summary_text;
}

/* --- the dialog ------------------------------------------------------ */

GtkWidget *
pcc_review_dialog_new (GtkWindow *parent, PccPlan *plan, const char *title,
                       const char *tree_desc)
{
  GtkWidget *dialog, *view, *content, *apply;

  dialog = gtk_dialog_new_with_buttons (
      _ ("Fix patch recipients"), parent,
      GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, _ ("_Cancel"),
      GTK_RESPONSE_CANCEL, _ ("_Apply"), GTK_RESPONSE_APPLY, NULL);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 1040, 640);
  gtk_window_set_role (GTK_WINDOW (dialog), "patchcc-review");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_APPLY);
  apply = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                              GTK_RESPONSE_APPLY);
  gtk_style_context_add_class (gtk_widget_get_style_context (apply),
                               "suggested-action");
  gtk_widget_set_can_default (apply, TRUE);
  gtk_widget_grab_default (apply);
  /* Without a header bar the buttons would touch the window's edge. */
  gtk_widget_set_margin_end (apply, 10);
  gtk_widget_set_margin_bottom (apply, 10);
  gtk_widget_set_margin_bottom (gtk_dialog_get_widget_for_response (
                                    GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL),
                                10);

  view = pcc_review_view_new (plan, title, tree_desc);
  gtk_container_set_border_width (GTK_CONTAINER (view), 12);
  content = gtk_dialog_get_content_area (GTK_DIALOG (dialog));
  gtk_box_pack_start (GTK_BOX (content), view, TRUE, TRUE, 0);
  g_object_set_data (G_OBJECT (dialog), "pcc-review-view", view);
  /* Return in the list applies, as in the rest of the dialog. */
  gtk_widget_grab_focus (apply);
  return dialog;
}

PccReviewView *
pcc_review_dialog_get_view (GtkDialog *dialog)
{
  return g_object_get_data (G_OBJECT (dialog), "pcc-review-view");
}

gboolean
pcc_review_run (GtkWindow *parent, PccPlan *plan, const char *title,
                const char *tree_desc)
{
  GtkWidget *dialog = pcc_review_dialog_new (parent, plan, title, tree_desc);
  gint response;

  /* Made with GTK_DIALOG_DESTROY_WITH_PARENT: the dialog may be gone
   * with its parent once the run returns. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  response = gtk_dialog_run (GTK_DIALOG (dialog));
  if (dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
      gtk_widget_destroy (dialog);
    }
  return response == GTK_RESPONSE_APPLY;
}
