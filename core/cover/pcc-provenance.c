/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-provenance.c - how a patch series was made (see pcc-provenance.h). */
#include "pcc-provenance.h"
#include "pcc-text.h"
#include "pcc-error.h"
#include "pcc-file.h"

#include <errno.h>
#include <string.h>

struct _PccProvenance
{
  GPtrArray *tools;      /* PccToolUse */
  GPtrArray *assistance; /* PccAssistance */
  GPtrArray *testing;    /* PccTesting */
  char *notes;
};

static void
tool_free (gpointer p)
{
  PccToolUse *t = p;
  g_free (t->name);
  g_free (t->version);
  g_free (t->purpose);
  g_free (t->input);
  g_free (t);
}

static void
assistance_free (gpointer p)
{
  PccAssistance *a = p;
  g_free (a->agent);
  g_free (a->produced);
  g_free (a->review);
  g_free (a->prompts);
  g_free (a);
}

static void
testing_free (gpointer p)
{
  PccTesting *t = p;
  g_free (t->what);
  g_free (t->where);
  g_free (t);
}

PccProvenance *
pcc_provenance_new (void)
{
  PccProvenance *prov = g_new0 (PccProvenance, 1);
  prov->tools = g_ptr_array_new_with_free_func (tool_free);
  prov->assistance = g_ptr_array_new_with_free_func (assistance_free);
  prov->testing = g_ptr_array_new_with_free_func (testing_free);
  prov->notes = g_strdup ("");
  return prov;
}

void
pcc_provenance_free (PccProvenance *prov)
{
  if (prov == NULL)
    return;
  g_ptr_array_unref (prov->tools);
  g_ptr_array_unref (prov->assistance);
  g_ptr_array_unref (prov->testing);
  g_free (prov->notes);
  g_free (prov);
}

PccProvenance *
pcc_provenance_copy (const PccProvenance *prov)
{
  PccProvenance *c = pcc_provenance_new ();
  for (guint i = 0; i < prov->tools->len; i++)
    {
      const PccToolUse *t = prov->tools->pdata[i];
      PccToolUse *n = g_new0 (PccToolUse, 1);
      n->name = g_strdup (t->name);
      n->version = g_strdup (t->version);
      n->purpose = g_strdup (t->purpose);
      n->input = g_strdup (t->input);
      g_ptr_array_add (c->tools, n);
    }
  for (guint i = 0; i < prov->assistance->len; i++)
    {
      const PccAssistance *a = prov->assistance->pdata[i];
      PccAssistance *n = g_new0 (PccAssistance, 1);
      n->agent = g_strdup (a->agent);
      n->produced = g_strdup (a->produced);
      n->review = g_strdup (a->review);
      n->prompts = g_strdup (a->prompts);
      g_ptr_array_add (c->assistance, n);
    }
  for (guint i = 0; i < prov->testing->len; i++)
    {
      const PccTesting *t = prov->testing->pdata[i];
      PccTesting *n = g_new0 (PccTesting, 1);
      n->what = g_strdup (t->what);
      n->where = g_strdup (t->where);
      g_ptr_array_add (c->testing, n);
    }
  g_free (c->notes);
  c->notes = g_strdup (prov->notes);
  return c;
}

gboolean
pcc_provenance_is_empty (const PccProvenance *prov)
{
  return prov->tools->len == 0 && prov->assistance->len == 0
         && prov->testing->len == 0 && prov->notes[0] == '\0';
}

gboolean
pcc_provenance_equal (const PccProvenance *a, const PccProvenance *b)
{
  if (a->tools->len != b->tools->len
      || a->assistance->len != b->assistance->len
      || a->testing->len != b->testing->len
      || strcmp (a->notes, b->notes) != 0)
    return FALSE;
  for (guint i = 0; i < a->tools->len; i++)
    {
      const PccToolUse *x = a->tools->pdata[i], *y = b->tools->pdata[i];
      if (strcmp (x->name, y->name) || strcmp (x->version, y->version)
          || strcmp (x->purpose, y->purpose) || strcmp (x->input, y->input))
        return FALSE;
    }
  for (guint i = 0; i < a->assistance->len; i++)
    {
      const PccAssistance *x = a->assistance->pdata[i];
      const PccAssistance *y = b->assistance->pdata[i];
      if (strcmp (x->agent, y->agent) || strcmp (x->produced, y->produced)
          || strcmp (x->review, y->review) || strcmp (x->prompts, y->prompts))
        return FALSE;
    }
  for (guint i = 0; i < a->testing->len; i++)
    {
      const PccTesting *x = a->testing->pdata[i], *y = b->testing->pdata[i];
      if (strcmp (x->what, y->what) || strcmp (x->where, y->where))
        return FALSE;
    }
  return TRUE;
}

/* Validate and copy one value.  @multiline allows LF and TAB. */
static char *
clean_value (const char *field, const char *value, gboolean required,
             gboolean multiline, GError **error)
{
  if (value == NULL)
    value = "";
  if (!g_utf8_validate (value, -1, NULL))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   "provenance field “%s” is not valid UTF-8", field);
      return NULL;
    }
  for (const unsigned char *p = (const unsigned char *) value; *p; p++)
    {
      gboolean ok_ws = multiline && (*p == '\n' || *p == '\t');
      if ((*p < 0x20 && !ok_ws && !(*p == '\t' && !multiline)) || *p == 0x7f)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                       "provenance field “%s” contains a control character "
                       "(0x%02x)%s",
                       field, *p,
                       (*p == '\r' || *p == '\n') && !multiline
                           ? "; it must be a single line"
                           : "");
          return NULL;
        }
    }
  char *copy = g_strdup (value);
  if (multiline)
    {
      /* Trim trailing blank space and blank lines only: leading
       * indentation of the first line is the user's. */
      gsize n = strlen (copy);
      while (n > 0 && g_ascii_isspace (copy[n - 1]))
        copy[--n] = '\0';
      /* Drop leading blank lines. */
      char *s = copy;
      char *p = copy;
      while (*p == ' ' || *p == '\t' || *p == '\n')
        {
          if (*p == '\n')
            s = p + 1;
          p++;
        }
      if (s != copy)
        memmove (copy, s, strlen (s) + 1);
    }
  else
    {
      /* Tabs become spaces in one-line fields. */
      for (char *p = copy; *p; p++)
        if (*p == '\t')
          *p = ' ';
      g_strstrip (copy);
    }
  if (required && copy[0] == '\0')
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   "provenance field “%s” must not be empty", field);
      g_free (copy);
      return NULL;
    }
  return copy;
}

gboolean
pcc_provenance_add_tool (PccProvenance *prov, const char *name,
                         const char *version, const char *purpose,
                         GError **error)
{
  g_autofree char *n = clean_value ("tool name", name, TRUE, FALSE, error);
  if (!n)
    return FALSE;
  g_autofree char *v
      = clean_value ("tool version", version, FALSE, FALSE, error);
  if (!v)
    return FALSE;
  g_autofree char *p
      = clean_value ("tool purpose", purpose, FALSE, FALSE, error);
  if (!p)
    return FALSE;
  PccToolUse *t = g_new0 (PccToolUse, 1);
  t->name = g_steal_pointer (&n);
  t->version = g_steal_pointer (&v);
  t->purpose = g_steal_pointer (&p);
  t->input = g_strdup ("");
  g_ptr_array_add (prov->tools, t);
  return TRUE;
}

gboolean
pcc_provenance_add_assistance (PccProvenance *prov, const char *agent,
                               const char *produced, const char *review,
                               GError **error)
{
  g_autofree char *a
      = clean_value ("assistance agent", agent, TRUE, FALSE, error);
  if (!a)
    return FALSE;
  g_autofree char *p
      = clean_value ("assistance produced", produced, FALSE, FALSE, error);
  if (!p)
    return FALSE;
  g_autofree char *r
      = clean_value ("assistance review", review, FALSE, FALSE, error);
  if (!r)
    return FALSE;
  PccAssistance *x = g_new0 (PccAssistance, 1);
  x->agent = g_steal_pointer (&a);
  x->produced = g_steal_pointer (&p);
  x->review = g_steal_pointer (&r);
  x->prompts = g_strdup ("");
  g_ptr_array_add (prov->assistance, x);
  return TRUE;
}

gboolean
pcc_provenance_add_testing (PccProvenance *prov, const char *what,
                            const char *where, GError **error)
{
  g_autofree char *w = clean_value ("testing what", what, TRUE, FALSE, error);
  if (!w)
    return FALSE;
  g_autofree char *h
      = clean_value ("testing where", where, FALSE, FALSE, error);
  if (!h)
    return FALSE;
  PccTesting *t = g_new0 (PccTesting, 1);
  t->what = g_steal_pointer (&w);
  t->where = g_steal_pointer (&h);
  g_ptr_array_add (prov->testing, t);
  return TRUE;
}

gboolean
pcc_provenance_set_notes (PccProvenance *prov, const char *notes,
                          GError **error)
{
  char *n = clean_value ("notes", notes, FALSE, TRUE, error);
  if (!n)
    return FALSE;
  g_free (prov->notes);
  prov->notes = n;
  return TRUE;
}

gboolean
pcc_provenance_set_tool_input (PccProvenance *prov, guint i, const char *input,
                               GError **error)
{
  g_return_val_if_fail (i < prov->tools->len, FALSE);
  char *v = clean_value ("tool input", input, FALSE, TRUE, error);
  if (!v)
    return FALSE;
  PccToolUse *t = prov->tools->pdata[i];
  g_free (t->input);
  t->input = v;
  return TRUE;
}

gboolean
pcc_provenance_set_assistance_prompts (PccProvenance *prov, guint i,
                                       const char *prompts, GError **error)
{
  g_return_val_if_fail (i < prov->assistance->len, FALSE);
  char *v = clean_value ("assistance prompts", prompts, FALSE, TRUE, error);
  if (!v)
    return FALSE;
  PccAssistance *a = prov->assistance->pdata[i];
  g_free (a->prompts);
  a->prompts = v;
  return TRUE;
}

guint
pcc_provenance_get_n (const PccProvenance *prov, PccProvenanceKind kind)
{
  switch (kind)
    {
      case PCC_PROV_TOOL:
        return prov->tools->len;
      case PCC_PROV_ASSISTANCE:
        return prov->assistance->len;
      case PCC_PROV_TESTING:
        return prov->testing->len;
    }
  return 0;
}

const PccToolUse *
pcc_provenance_get_tool (const PccProvenance *prov, guint i)
{
  g_return_val_if_fail (i < prov->tools->len, NULL);
  return prov->tools->pdata[i];
}

const PccAssistance *
pcc_provenance_get_assistance (const PccProvenance *prov, guint i)
{
  g_return_val_if_fail (i < prov->assistance->len, NULL);
  return prov->assistance->pdata[i];
}

const PccTesting *
pcc_provenance_get_testing (const PccProvenance *prov, guint i)
{
  g_return_val_if_fail (i < prov->testing->len, NULL);
  return prov->testing->pdata[i];
}

const char *
pcc_provenance_get_notes (const PccProvenance *prov)
{
  return prov->notes;
}

void
pcc_provenance_remove (PccProvenance *prov, PccProvenanceKind kind, guint i)
{
  GPtrArray *a = kind == PCC_PROV_TOOL         ? prov->tools
                 : kind == PCC_PROV_ASSISTANCE ? prov->assistance
                                               : prov->testing;
  g_return_if_fail (i < a->len);
  g_ptr_array_remove_index (a, i);
}

void
pcc_provenance_clear (PccProvenance *prov)
{
  g_ptr_array_set_size (prov->tools, 0);
  g_ptr_array_set_size (prov->assistance, 0);
  g_ptr_array_set_size (prov->testing, 0);
  g_free (prov->notes);
  prov->notes = g_strdup ("");
}

/* --- rendering ---------------------------------------------------------- */

/* Append @text word-wrapped at @width and a newline: the first line
 * starts with @first, the others with @cont. */
static void
append_wrapped (GString *out, const char *first, const char *cont,
                const char *text, int width)
{
  pcc_text_wrap_words (out, first, cont, text, width, FALSE);
  g_string_append_c (out, '\n');
}

/* @text as a literal block: each line after four spaces, blank lines
 * empty, nothing re-wrapped. */
static void
append_literal (GString *out, const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_strchomp (lines[i]);
      if (lines[i][0])
        g_string_append_printf (out, "    %s", lines[i]);
      g_string_append_c (out, '\n');
    }
}

/* A tool's input: on its "Input:" line when it is one line that fits,
 * else a literal block under it (a script or a command line is never
 * re-wrapped). */
static void
append_input (GString *out, const char *input, int width)
{
  static const char label[] = "  Input:";
  const char *one = input;
  while (*one == ' ' || *one == '\t')
    one++;
  if (!strchr (one, '\n')
      && (glong) (sizeof label + g_utf8_strlen (one, -1)) <= width)
    {
      g_string_append_printf (out, "%s %s\n", label, one);
      return;
    }
  g_string_append_printf (out, "%s\n", label);
  append_literal (out, input);
}

/* Prompts: prose of one line is wrapped like the other fields; several
 * lines (prompts quoted as given) are a literal block. */
static void
append_prompts (GString *out, const char *prompts, int width)
{
  if (!strchr (prompts, '\n'))
    {
      append_wrapped (out, "  Prompts: ", "    ", prompts, width);
      return;
    }
  g_string_append (out, "  Prompts:\n");
  append_literal (out, prompts);
}

static void
render_tools (GString *out, const PccProvenance *prov, int width)
{
  g_string_append (out, "Tools:\n");
  for (guint i = 0; i < prov->tools->len; i++)
    {
      const PccToolUse *t = prov->tools->pdata[i];
      g_autoptr (GString) line = g_string_new (t->name);
      if (t->version[0])
        g_string_append_printf (line, " %s", t->version);
      if (t->purpose[0])
        g_string_append_printf (line, ": %s", t->purpose);
      append_wrapped (out, "- ", "  ", line->str, width);
      if (t->input[0])
        append_input (out, t->input, width);
    }
}

static void
render_assistance (GString *out, const PccProvenance *prov, int width)
{
  g_string_append (out, "LLM and agent assistance:\n");
  for (guint i = 0; i < prov->assistance->len; i++)
    {
      const PccAssistance *a = prov->assistance->pdata[i];
      append_wrapped (out, "- ", "  ", a->agent, width);
      if (a->prompts[0])
        append_prompts (out, a->prompts, width);
      if (a->produced[0])
        append_wrapped (out, "  Produced: ", "    ", a->produced, width);
      if (a->review[0])
        append_wrapped (out, "  Reviewed: ", "    ", a->review, width);
    }
}

static void
render_testing (GString *out, const PccProvenance *prov, int width)
{
  g_string_append (out, "Testing:\n");
  for (guint i = 0; i < prov->testing->len; i++)
    {
      const PccTesting *t = prov->testing->pdata[i];
      append_wrapped (out, "- ", "  ", t->what, width);
      if (t->where[0])
        append_wrapped (out, "  On: ", "    ", t->where, width);
    }
}

char *
pcc_provenance_render_part (const PccProvenance *prov, PccProvenanceKind kind,
                            int width)
{
  if (width <= 0)
    width = 72;
  if (pcc_provenance_get_n (prov, kind) == 0)
    return g_strdup ("");
  GString *out = g_string_new (NULL);
  switch (kind)
    {
      case PCC_PROV_TOOL:
        render_tools (out, prov, width);
        break;
      case PCC_PROV_ASSISTANCE:
        render_assistance (out, prov, width);
        break;
      case PCC_PROV_TESTING:
        render_testing (out, prov, width);
        break;
    }
  return g_string_free (out, FALSE);
}

char *
pcc_provenance_render (const PccProvenance *prov, int width)
{
  if (width <= 0)
    width = 72;
  if (pcc_provenance_is_empty (prov))
    return g_strdup ("");

  GString *out = g_string_new ("How this series was made:\n");
  static const PccProvenanceKind parts[]
      = { PCC_PROV_TOOL, PCC_PROV_ASSISTANCE, PCC_PROV_TESTING };
  for (guint k = 0; k < G_N_ELEMENTS (parts); k++)
    {
      g_autofree char *part
          = pcc_provenance_render_part (prov, parts[k], width);
      if (part[0])
        {
          g_string_append_c (out, '\n');
          g_string_append (out, part);
        }
    }
  if (prov->notes[0])
    {
      g_string_append (out, "\nNotes:\n");
      g_string_append (out, prov->notes);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static const struct
{
  const char *token;
  int kind; /* PccProvenanceKind, or -1 for the whole section */
} tokens[] = { { "provenance", -1 },
               { "tools", PCC_PROV_TOOL },
               { "assistance", PCC_PROV_ASSISTANCE },
               { "testing", PCC_PROV_TESTING } };

const char *const *
pcc_provenance_get_tokens (void)
{
  static const char *names[G_N_ELEMENTS (tokens) + 1];
  for (guint i = 0; i < G_N_ELEMENTS (tokens); i++)
    names[i] = tokens[i].token;
  return names;
}

char *
pcc_provenance_render_token (const PccProvenance *prov, const char *token)
{
  for (guint i = 0; i < G_N_ELEMENTS (tokens); i++)
    {
      if (strcmp (tokens[i].token, token) != 0)
        continue;
      if (prov == NULL)
        return g_strdup ("");
      char *text = tokens[i].kind < 0
                       ? pcc_provenance_render (prov, 72)
                       : pcc_provenance_render_part (
                             prov, (PccProvenanceKind) tokens[i].kind, 72);
      return g_strchomp (text);
    }
  return NULL;
}

/* --- key files ------------------------------------------------------------ */

/* One-line keys first; the multi-line ones are listed apart in the
 * error for an unknown key. */
static const char *const tool_keys[] = { "name", "version", "purpose", NULL };
static const char *const tool_text_keys[] = { "input", NULL };
static const char *const assist_keys[]
    = { "agent", "produced", "review", NULL };
static const char *const assist_text_keys[] = { "prompts", NULL };
static const char *const testing_keys[] = { "what", "where", NULL };
static const char *const notes_keys[] = { "text", NULL };

/* @known: the group's one-line keys; @text: its multi-line keys (may
 * be NULL). */
static gboolean
check_keys (GKeyFile *kf, const char *name, const char *group,
            const char *const *known, const char *const *text, GError **error)
{
  g_auto (GStrv) keys = g_key_file_get_keys (kf, group, NULL, NULL);
  for (guint i = 0; keys && keys[i]; i++)
    {
      if (!g_strv_contains (known, keys[i])
          && !(text && g_strv_contains (text, keys[i])))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) known);
          g_autofree char *more
              = text ? g_strjoinv (", ", (char **) text) : NULL;
          g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                       "%s: group [%s]: unknown key “%s” (known keys: "
                       "%s)%s%s",
                       name, group, keys[i], list,
                       more ? "; multi-line keys: " : "", more ? more : "");
          return FALSE;
        }
    }
  return TRUE;
}

static char *
get_value (GKeyFile *kf, const char *group, const char *key)
{
  char *v = g_key_file_get_string (kf, group, key, NULL);
  return v ? v : g_strdup ("");
}

static gboolean
group_is (const char *group, const char *prefix)
{
  gsize n = strlen (prefix);
  if (strncmp (group, prefix, n) != 0)
    return FALSE;
  if (group[n] == '\0')
    return TRUE;
  if (group[n] != '.')
    return FALSE;
  const char *p = group + n + 1;
  if (!*p)
    return FALSE;
  for (; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

PccProvenance *
pcc_provenance_load_keyfile (GKeyFile *kf, const char *name, GError **error)
{
  g_autoptr (PccProvenance) prov = pcc_provenance_new ();
  g_auto (GStrv) groups = g_key_file_get_groups (kf, NULL);

  for (guint i = 0; groups[i]; i++)
    {
      const char *g = groups[i];
      g_autoptr (GError) local = NULL;
      gboolean ok;

      if (group_is (g, "tool"))
        {
          if (!check_keys (kf, name, g, tool_keys, tool_text_keys, error))
            return NULL;
          g_autofree char *n = get_value (kf, g, "name");
          g_autofree char *v = get_value (kf, g, "version");
          g_autofree char *p = get_value (kf, g, "purpose");
          g_autofree char *in = get_value (kf, g, "input");
          ok = pcc_provenance_add_tool (prov, n, v, p, &local)
               && pcc_provenance_set_tool_input (prov, prov->tools->len - 1,
                                                 in, &local);
        }
      else if (group_is (g, "assistance"))
        {
          if (!check_keys (kf, name, g, assist_keys, assist_text_keys, error))
            return NULL;
          g_autofree char *a = get_value (kf, g, "agent");
          g_autofree char *p = get_value (kf, g, "produced");
          g_autofree char *r = get_value (kf, g, "review");
          g_autofree char *pr = get_value (kf, g, "prompts");
          ok = pcc_provenance_add_assistance (prov, a, p, r, &local)
               && pcc_provenance_set_assistance_prompts (
                   prov, prov->assistance->len - 1, pr, &local);
        }
      else if (group_is (g, "testing"))
        {
          if (!check_keys (kf, name, g, testing_keys, NULL, error))
            return NULL;
          g_autofree char *w = get_value (kf, g, "what");
          g_autofree char *h = get_value (kf, g, "where");
          ok = pcc_provenance_add_testing (prov, w, h, &local);
        }
      else if (strcmp (g, "notes") == 0)
        {
          if (!check_keys (kf, name, g, notes_keys, NULL, error))
            return NULL;
          g_autofree char *t = get_value (kf, g, "text");
          ok = pcc_provenance_set_notes (prov, t, &local);
        }
      else
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                       "%s: unknown group [%s] (known groups: [tool.N], "
                       "[assistance.N], [testing.N], [notes])",
                       name, g);
          return NULL;
        }
      if (!ok)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                       "%s: group [%s]: %s", name, g, local->message);
          return NULL;
        }
    }
  return g_steal_pointer (&prov);
}

PccProvenance *
pcc_provenance_load_data (const char *name, const char *data, gsize len,
                          GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  if (memchr (data, '\0', len) != NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   "%s: contains a NUL byte; not a provenance key file", name);
      return NULL;
    }
  if (!g_key_file_load_from_data (kf, data, len, G_KEY_FILE_KEEP_COMMENTS,
                                  &local))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION, "%s: %s", name,
                   local->message);
      return NULL;
    }
  return pcc_provenance_load_keyfile (kf, name, error);
}

PccProvenance *
pcc_provenance_load_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  if (!pcc_file_read (path, &data, &len, error))
    return NULL;
  return pcc_provenance_load_data (path, data, len, error);
}

GKeyFile *
pcc_provenance_to_keyfile (const PccProvenance *prov)
{
  GKeyFile *kf = g_key_file_new ();
  for (guint i = 0; i < prov->tools->len; i++)
    {
      const PccToolUse *t = prov->tools->pdata[i];
      g_autofree char *g = g_strdup_printf ("tool.%u", i + 1);
      g_key_file_set_string (kf, g, "name", t->name);
      if (t->version[0])
        g_key_file_set_string (kf, g, "version", t->version);
      if (t->purpose[0])
        g_key_file_set_string (kf, g, "purpose", t->purpose);
      if (t->input[0])
        g_key_file_set_string (kf, g, "input", t->input);
    }
  for (guint i = 0; i < prov->assistance->len; i++)
    {
      const PccAssistance *a = prov->assistance->pdata[i];
      g_autofree char *g = g_strdup_printf ("assistance.%u", i + 1);
      g_key_file_set_string (kf, g, "agent", a->agent);
      if (a->produced[0])
        g_key_file_set_string (kf, g, "produced", a->produced);
      if (a->review[0])
        g_key_file_set_string (kf, g, "review", a->review);
      if (a->prompts[0])
        g_key_file_set_string (kf, g, "prompts", a->prompts);
    }
  for (guint i = 0; i < prov->testing->len; i++)
    {
      const PccTesting *t = prov->testing->pdata[i];
      g_autofree char *g = g_strdup_printf ("testing.%u", i + 1);
      g_key_file_set_string (kf, g, "what", t->what);
      if (t->where[0])
        g_key_file_set_string (kf, g, "where", t->where);
    }
  if (prov->notes[0])
    g_key_file_set_string (kf, "notes", "text", prov->notes);
  return kf;
}

char *
pcc_provenance_to_data (const PccProvenance *prov, gsize *len)
{
  g_autoptr (GKeyFile) kf = pcc_provenance_to_keyfile (prov);
  return g_key_file_to_data (kf, len, NULL);
}

gboolean
pcc_provenance_save_file (const PccProvenance *prov, const char *path,
                          GError **error)
{
  gsize len = 0;
  g_autofree char *data = pcc_provenance_to_data (prov, &len);
  g_autoptr (GError) local = NULL;
  if (!g_file_set_contents (path, data, len, &local))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}

/* --- history ---------------------------------------------------------------- */

static const char *const history_fields[]
    = { "tool.name",        "tool.version",        "tool.purpose",
        "assistance.agent", "assistance.produced", "assistance.review",
        "testing.what",     "testing.where",       NULL };

struct _PccProvenanceHistory
{
  char *path;
  guint max;
  GHashTable *fields; /* field -> GPtrArray of char* (NULL-terminated) */
};

static GPtrArray *
history_list (PccProvenanceHistory *hist, const char *field)
{
  GPtrArray *a = g_hash_table_lookup (hist->fields, field);
  if (!a)
    {
      a = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (a, NULL);
      g_hash_table_insert (hist->fields, g_strdup (field), a);
    }
  return a;
}

PccProvenanceHistory *
pcc_provenance_history_load (const char *path, guint max_per_field,
                             GError **error)
{
  g_autoptr (PccProvenanceHistory) hist = g_new0 (PccProvenanceHistory, 1);
  hist->path = g_strdup (path);
  hist->max = max_per_field ? max_per_field : 25;
  hist->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) g_ptr_array_unref);

  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&hist);
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "%s: %s", path,
                   local->message);
      return NULL;
    }
  for (guint f = 0; history_fields[f]; f++)
    {
      gsize n = 0;
      g_auto (GStrv) vals = g_key_file_get_string_list (
          kf, "history", history_fields[f], &n, NULL);
      /* Add oldest first so that the newest ends up in front. */
      for (gsize i = n; i > 0; i--)
        pcc_provenance_history_add_value (hist, history_fields[f],
                                          vals[i - 1]);
    }
  return g_steal_pointer (&hist);
}

void
pcc_provenance_history_free (PccProvenanceHistory *hist)
{
  if (!hist)
    return;
  g_free (hist->path);
  if (hist->fields)
    g_hash_table_unref (hist->fields);
  g_free (hist);
}

void
pcc_provenance_history_add_value (PccProvenanceHistory *hist,
                                  const char *field, const char *value)
{
  if (!value || !g_strv_contains (history_fields, field))
    return;
  g_autofree char *v = g_strstrip (g_strdup (value));
  if (!v[0] || !g_utf8_validate (v, -1, NULL) || strchr (v, '\n')
      || strchr (v, '\r'))
    return;
  GPtrArray *a = history_list (hist, field);
  /* a->pdata[a->len - 1] is the NULL terminator. */
  for (guint i = 0; i + 1 < a->len; i++)
    if (strcmp (a->pdata[i], v) == 0)
      {
        g_ptr_array_remove_index (a, i);
        break;
      }
  g_ptr_array_insert (a, 0, g_steal_pointer (&v));
  while (a->len - 1 > hist->max)
    g_ptr_array_remove_index (a, a->len - 2);
}

void
pcc_provenance_history_add (PccProvenanceHistory *hist,
                            const PccProvenance *prov)
{
  for (guint i = 0; i < prov->tools->len; i++)
    {
      const PccToolUse *t = prov->tools->pdata[i];
      pcc_provenance_history_add_value (hist, "tool.name", t->name);
      pcc_provenance_history_add_value (hist, "tool.version", t->version);
      pcc_provenance_history_add_value (hist, "tool.purpose", t->purpose);
    }
  for (guint i = 0; i < prov->assistance->len; i++)
    {
      const PccAssistance *a = prov->assistance->pdata[i];
      pcc_provenance_history_add_value (hist, "assistance.agent", a->agent);
      pcc_provenance_history_add_value (hist, "assistance.produced",
                                        a->produced);
      pcc_provenance_history_add_value (hist, "assistance.review", a->review);
    }
  for (guint i = 0; i < prov->testing->len; i++)
    {
      const PccTesting *t = prov->testing->pdata[i];
      pcc_provenance_history_add_value (hist, "testing.what", t->what);
      pcc_provenance_history_add_value (hist, "testing.where", t->where);
    }
}

const char *const *
pcc_provenance_history_get (PccProvenanceHistory *hist, const char *field)
{
  return (const char *const *) history_list (hist, field)->pdata;
}

gboolean
pcc_provenance_history_save (PccProvenanceHistory *hist, GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  for (guint f = 0; history_fields[f]; f++)
    {
      GPtrArray *a = g_hash_table_lookup (hist->fields, history_fields[f]);
      if (a && a->len > 1)
        g_key_file_set_string_list (kf, "history", history_fields[f],
                                    (const char *const *) a->pdata,
                                    a->len - 1);
    }
  gsize len = 0;
  g_autofree char *data = g_key_file_to_data (kf, &len, NULL);
  g_autofree char *dir = g_path_get_dirname (hist->path);
  g_autoptr (GError) local = NULL;
  if (g_mkdir_with_parents (dir, 0700) != 0
      || !g_file_set_contents (hist->path, data, len, &local))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "%s: %s", hist->path,
                   local ? local->message : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}
