/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-template.c - cover-letter templates (see pcc-template.h). */
#include "pcc-template.h"
#include "pcc-error.h"
#include "pcc-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The largest template file read. */
#define TEMPLATE_MAX (1024 * 1024)

/* Every token a template may use: the first eight are b4's own (its
 * prep-cover-template fills them), the rest patchcc's.  This is the one
 * list: a new token is added here and given its value in
 * pcc_cover_get_values(). */
static const char *const known_tokens[] = {
  "cover",     "shortlog",      "diffstat",   "range_diff", "base_commit",
  "change_id", "prerequisites", "signature",  "provenance", "title",
  "total",     "tools",         "assistance", "testing",    "changes",
  NULL
};
#define N_B4_TOKENS 8

const char *const *
pcc_template_get_known_tokens (void)
{
  return known_tokens;
}

gboolean
pcc_template_token_is_b4 (const char *name)
{
  for (guint i = 0; i < N_B4_TOKENS; i++)
    if (g_str_equal (name, known_tokens[i]))
      return TRUE;
  return FALSE;
}

typedef enum
{
  NODE_TEXT,
  NODE_TOKEN,
  NODE_IF,
  NODE_ELSE,
  NODE_END,
} NodeKind;

typedef struct
{
  NodeKind kind;
  char *text;      /* TEXT: literal text; TOKEN/IF: the token name */
  gboolean negate; /* IF: "${if !name}" */
  guint jump;      /* IF: index of its ELSE or END; ELSE: index of END */
  guint line, col;
  gsize text_len, text_cap; /* TEXT: strlen (text) and its allocation */
} Node;

struct _PccTemplate
{
  char *name;
  char *description;
  GArray *nodes; /* Node */
};

static void
node_clear (gpointer p)
{
  Node *n = p;
  g_free (n->text);
}

void
pcc_template_free (PccTemplate *tpl)
{
  if (!tpl)
    return;
  g_free (tpl->name);
  g_free (tpl->description);
  if (tpl->nodes)
    g_array_unref (tpl->nodes);
  g_free (tpl);
}

const char *
pcc_template_get_name (const PccTemplate *tpl)
{
  return tpl->name;
}

const char *
pcc_template_get_description (const PccTemplate *tpl)
{
  return tpl->description;
}

gboolean
pcc_template_uses (const PccTemplate *tpl, const char *token)
{
  for (guint i = 0; i < tpl->nodes->len; i++)
    {
      const Node *n = &g_array_index (tpl->nodes, Node, i);
      if ((n->kind == NODE_TOKEN || n->kind == NODE_IF)
          && strcmp (n->text, token) == 0)
        return TRUE;
    }
  return FALSE;
}

/* --- parsing ---------------------------------------------------------------- */

static guint
edit_distance (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree guint *prev = g_new (guint, lb + 1);
  g_autofree guint *cur = g_new (guint, lb + 1);
  for (gsize j = 0; j <= lb; j++)
    prev[j] = j;
  for (gsize i = 1; i <= la; i++)
    {
      cur[0] = i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1])
                           ? 0
                           : 1;
          guint v = prev[j - 1] + cost;
          if (prev[j] + 1 < v)
            v = prev[j] + 1;
          if (cur[j - 1] + 1 < v)
            v = cur[j - 1] + 1;
          cur[j] = v;
        }
      memcpy (prev, cur, (lb + 1) * sizeof (guint));
    }
  return prev[lb];
}

static gboolean
is_known (const char *name)
{
  return g_strv_contains (known_tokens, name);
}

static void G_GNUC_PRINTF (5, 6)
    set_error_at (GError **error, const char *tname, guint line, guint col,
                  const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE, "%s:%u:%u: %s", tname,
               line, col, msg);
}

static void
unknown_token_error (GError **error, const char *tname, guint line, guint col,
                     const char *name)
{
  const char *best = NULL;
  guint best_d = G_MAXUINT;
  for (guint i = 0; known_tokens[i]; i++)
    {
      guint d = edit_distance (name, known_tokens[i]);
      if (d < best_d)
        {
          best_d = d;
          best = known_tokens[i];
        }
    }
  g_autoptr (GString) list = g_string_new (NULL);
  for (guint i = 0; known_tokens[i]; i++)
    g_string_append_printf (list, "%s${%s}", i ? " " : "", known_tokens[i]);
  if (best && best_d <= 2)
    set_error_at (error, tname, line, col,
                  "unknown token “${%s}”; did you mean “${%s}”? "
                  "(known tokens: %s)",
                  name, best, list->str);
  else
    set_error_at (error, tname, line, col,
                  "unknown token “${%s}” (known tokens: %s)", name, list->str);
}

static gboolean
is_ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* Column (1-based, in characters) of byte @off of @line. */
static guint
column_of (const char *line, gsize off)
{
  return (guint) g_utf8_strlen (line, off) + 1;
}

/* The columns of byte offsets of one line asked in increasing order:
 * each byte is counted once, so that a line of many "$" is read in
 * linear time (column_of() for each would count from the start). */
typedef struct
{
  const char *line;
  gsize off;   /* counted up to here */
  guint chars; /* characters before @off */
} Columns;

static guint
column_at (Columns *c, gsize off)
{
  g_assert (off >= c->off);
  c->chars += (guint) g_utf8_strlen (c->line + c->off, off - c->off);
  c->off = off;
  return c->chars + 1;
}

typedef struct
{
  const char *text; /* the line, without its newline */
  gsize len;
  guint lineno;
  guint col0; /* characters dropped at its start (lstrip) */
  gboolean has_nl;
} Line;

/* Parse one "${...}" body (between the braces).  Appends the node. */
static gboolean
parse_braced (const char *tname, const char *body, gsize blen, guint line,
              guint col, GArray *nodes, GError **error)
{
  Node n = { 0 };
  n.line = line;
  n.col = col;
  g_autofree char *s = g_strndup (body, blen);

  if (blen == 0)
    {
      set_error_at (error, tname, line, col,
                    "empty token “${}”; write “$$” for a literal “$”");
      return FALSE;
    }
  if (strcmp (s, "else") == 0 || strcmp (s, "end") == 0)
    {
      n.kind = s[0] == 'e' && s[1] == 'l' ? NODE_ELSE : NODE_END;
      g_array_append_val (nodes, n);
      return TRUE;
    }
  if (strcmp (s, "if") == 0 || g_str_has_prefix (s, "if ")
      || g_str_has_prefix (s, "if\t"))
    {
      const char *p = s + 2;
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '!')
        {
          n.negate = TRUE;
          p++;
        }
      const char *e = p;
      while (is_ident_char (*e))
        e++;
      if (e == p || !is_ident_start (*p) || *e != '\0')
        {
          set_error_at (error, tname, line, col,
                        "“${%s}”: expected “${if NAME}” or “${if !NAME}” "
                        "with a token name",
                        s);
          return FALSE;
        }
      if (!is_known (p))
        {
          unknown_token_error (error, tname, line, col, p);
          return FALSE;
        }
      n.kind = NODE_IF;
      n.text = g_strdup (p);
      g_array_append_val (nodes, n);
      return TRUE;
    }
  for (const char *p = s; *p; p++)
    if (!is_ident_char (*p) || (p == s && !is_ident_start (*p)))
      {
        set_error_at (error, tname, line, col,
                      "“${%s}” is not a token: a name is letters, digits "
                      "and “_” (no spaces); write “$$” for a literal “$”",
                      s);
        return FALSE;
      }
  if (!is_known (s))
    {
      unknown_token_error (error, tname, line, col, s);
      return FALSE;
    }
  n.kind = NODE_TOKEN;
  n.text = g_steal_pointer (&s);
  g_array_append_val (nodes, n);
  return TRUE;
}

/* Literal text joins the text node before it, growing it by doubling,
 * so that reading a template is linear in its size. */
static void
append_text (GArray *nodes, const char *text, gsize len, guint line, guint col)
{
  if (len == 0)
    return;
  if (nodes->len > 0)
    {
      Node *last = &g_array_index (nodes, Node, nodes->len - 1);
      if (last->kind == NODE_TEXT)
        {
          if (last->text_len + len + 1 > last->text_cap)
            {
              last->text_cap
                  = MAX (last->text_cap * 2, last->text_len + len + 1);
              last->text = g_realloc (last->text, last->text_cap);
            }
          memcpy (last->text + last->text_len, text, len);
          last->text_len += len;
          last->text[last->text_len] = '\0';
          return;
        }
    }
  Node n = { 0 };
  n.kind = NODE_TEXT;
  n.text = g_strndup (text, len);
  n.text_len = len;
  n.text_cap = len + 1;
  n.line = line;
  n.col = col;
  g_array_append_val (nodes, n);
}

static gboolean
parse_line (const char *tname, const Line *l, GArray *nodes, GError **error)
{
  GArray *tmp = g_array_new (FALSE, TRUE, sizeof (Node));
  g_array_set_clear_func (tmp, node_clear);
  g_autoptr (GArray) line_nodes = tmp;
  const char *s = l->text;
  gsize i = 0, lit = 0;
  Columns cols = { s, 0, 0 };

  while (i < l->len)
    {
      if (s[i] != '$')
        {
          i++;
          continue;
        }
      guint lit_col = l->col0 + column_at (&cols, lit);
      guint col = l->col0 + column_at (&cols, i);
      append_text (line_nodes, s + lit, i - lit, l->lineno, lit_col);
      if (i + 1 < l->len && s[i + 1] == '$')
        {
          append_text (line_nodes, "$", 1, l->lineno, col);
          i += 2;
        }
      else if (i + 1 < l->len && s[i + 1] == '{')
        {
          const char *close = memchr (s + i + 2, '}', l->len - (i + 2));
          if (!close)
            {
              set_error_at (error, tname, l->lineno, col,
                            "“${” without its closing “}” on the same "
                            "line; write “$$” for a literal “$”");
              return FALSE;
            }
          if (!parse_braced (tname, s + i + 2, close - (s + i + 2), l->lineno,
                             col, line_nodes, error))
            return FALSE;
          i = close - s + 1;
        }
      else if (i + 1 < l->len && is_ident_start (s[i + 1]))
        {
          gsize e = i + 1;
          while (e < l->len && is_ident_char (s[e]))
            e++;
          g_autofree char *name = g_strndup (s + i + 1, e - i - 1);
          if (!is_known (name))
            {
              unknown_token_error (error, tname, l->lineno, col, name);
              return FALSE;
            }
          Node n = { 0 };
          n.kind = NODE_TOKEN;
          n.text = g_steal_pointer (&name);
          n.line = l->lineno;
          n.col = col;
          g_array_append_val (line_nodes, n);
          i = e;
        }
      else
        {
          set_error_at (error, tname, l->lineno, col,
                        "a “$” that starts no token; write “$$” for a "
                        "literal “$”");
          return FALSE;
        }
      lit = i;
    }
  append_text (line_nodes, s + lit, l->len - lit, l->lineno,
               l->col0 + column_at (&cols, lit));

  /* A directive alone on its line (white space around it) takes the
   * whole line. */
  guint n_dir = 0, n_other = 0;
  for (guint k = 0; k < line_nodes->len; k++)
    {
      Node *n = &g_array_index (line_nodes, Node, k);
      if (n->kind == NODE_IF || n->kind == NODE_ELSE || n->kind == NODE_END)
        n_dir++;
      else if (n->kind == NODE_TOKEN)
        n_other++;
      else
        {
          for (const char *p = n->text; *p; p++)
            if (*p != ' ' && *p != '\t')
              {
                n_other++;
                break;
              }
        }
    }
  gboolean standalone = n_dir == 1 && n_other == 0;

  for (guint k = 0; k < line_nodes->len; k++)
    {
      Node *n = &g_array_index (line_nodes, Node, k);
      if (standalone && n->kind == NODE_TEXT)
        continue;
      if (n->kind == NODE_TEXT)
        append_text (nodes, n->text, n->text_len, n->line, n->col);
      else
        {
          Node c = *n;
          c.text = g_strdup (n->text);
          g_array_append_val (nodes, c);
        }
    }
  if (l->has_nl && !standalone)
    append_text (nodes, "\n", 1, l->lineno,
                 l->col0 + column_at (&cols, l->len));
  return TRUE;
}

/* Match ifs, elses and ends. */
static gboolean
link_directives (const char *tname, GArray *nodes, GError **error)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < nodes->len; i++)
    {
      Node *n = &g_array_index (nodes, Node, i);
      if (n->kind == NODE_IF)
        g_array_append_val (stack, i);
      else if (n->kind == NODE_ELSE || n->kind == NODE_END)
        {
          if (stack->len == 0)
            {
              set_error_at (error, tname, n->line, n->col,
                            "“${%s}” without a “${if ...}” before it",
                            n->kind == NODE_ELSE ? "else" : "end");
              return FALSE;
            }
          guint top = g_array_index (stack, guint, stack->len - 1);
          Node *t = &g_array_index (nodes, Node, top);
          if (n->kind == NODE_ELSE)
            {
              if (t->kind == NODE_ELSE)
                {
                  set_error_at (error, tname, n->line, n->col,
                                "a second “${else}” for the same “${if}”");
                  return FALSE;
                }
              t->jump = i;
              g_array_index (stack, guint, stack->len - 1) = i;
            }
          else
            {
              t->jump = i;
              g_array_set_size (stack, stack->len - 1);
            }
        }
    }
  if (stack->len)
    {
      guint top = g_array_index (stack, guint, stack->len - 1);
      Node *t = &g_array_index (nodes, Node, top);
      set_error_at (error, tname, t->line, t->col,
                    "“${%s%s}” is never closed with “${end}”",
                    t->kind == NODE_IF ? "if " : "else",
                    t->kind == NODE_IF ? t->text : "");
      return FALSE;
    }
  return TRUE;
}

PccTemplate *
pcc_template_new (const char *name, const char *text, gssize slen,
                  GError **error)
{
  gsize len = slen < 0 ? strlen (text) : (gsize) slen;
  const char *tname = name ? name : "template";

  /* Bytes first: NUL, invalid UTF-8, lone CR. */
  {
    const char *end = NULL;
    const char *nul = memchr (text, '\0', len);
    gsize valid_len = nul ? (gsize) (nul - text) : len;
    if (!g_utf8_validate (text, valid_len, &end))
      nul = NULL;
    else if (nul)
      end = nul;
    if (end && end < text + len)
      {
        guint line = 1;
        const char *bol = text;
        for (const char *p = text; p < end; p++)
          if (*p == '\n')
            {
              line++;
              bol = p + 1;
            }
        set_error_at (error, tname, line,
                      (guint) g_utf8_strlen (bol, end - bol) + 1,
                      *end == '\0' ? "a NUL byte; a template is text"
                                   : "invalid UTF-8; a template is UTF-8 "
                                     "text");
        return NULL;
      }
  }

  g_autoptr (PccTemplate) tpl = g_new0 (PccTemplate, 1);
  tpl->name = g_strdup (tname);
  tpl->description = g_strdup ("");
  tpl->nodes = g_array_new (FALSE, TRUE, sizeof (Node));
  g_array_set_clear_func (tpl->nodes, node_clear);

  /* Split into lines, dropping comments, then b4's lstrip(). */
  g_autoptr (GArray) lines = g_array_new (FALSE, TRUE, sizeof (Line));
  const char *p = text, *end = text + len;
  guint lineno = 0;
  gboolean started = FALSE;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      Line l = { 0 };
      l.text = p;
      l.len = nl ? (gsize) (nl - p) : (gsize) (end - p);
      l.has_nl = nl != NULL;
      l.lineno = ++lineno;
      p = nl ? nl + 1 : end;
      if (l.len > 0 && l.text[l.len - 1] == '\r')
        l.len--; /* CRLF template */
      if (memchr (l.text, '\r', l.len))
        {
          set_error_at (
              error, tname, l.lineno,
              column_of (l.text,
                         (const char *) memchr (l.text, '\r', l.len) - l.text),
              "a carriage return inside a line");
          return NULL;
        }
      if (l.len > 0 && l.text[0] == '#')
        {
          if (tpl->description[0] == '\0')
            {
              const char *d = l.text + 1;
              gsize dl = l.len - 1;
              while (dl && (*d == ' ' || *d == '\t'))
                d++, dl--;
              g_free (tpl->description);
              tpl->description = g_strndup (d, dl);
            }
          continue;
        }
      if (!started)
        {
          /* lstrip(): drop leading white space, whole lines first. */
          gsize k = 0;
          while (k < l.len && g_ascii_isspace (l.text[k]))
            k++;
          if (k == l.len)
            continue;
          l.col0 = column_of (l.text, k) - 1;
          l.text += k;
          l.len -= k;
          started = TRUE;
        }
      g_array_append_val (lines, l);
    }

  for (guint i = 0; i < lines->len; i++)
    if (!parse_line (tname, &g_array_index (lines, Line, i), tpl->nodes,
                     error))
      return NULL;
  if (!link_directives (tname, tpl->nodes, error))
    return NULL;
  return g_steal_pointer (&tpl);
}

/* Only a regular file of at most TEMPLATE_MAX bytes is read, opened
 * without blocking (pcc_file_read_regular()): a FIFO or a device
 * (/dev/zero) given as a template would otherwise block or fill the
 * memory.  Every error is PCC_ERROR_IO but the size's,
 * PCC_ERROR_TOO_LARGE. */
PccTemplate *
pcc_template_new_from_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) local = NULL;
  gsize len = 0;

  if (!pcc_file_read_regular (path, TEMPLATE_MAX, &data, &len, &local))
    {
      g_set_error_literal (error, PCC_ERROR,
                           g_error_matches (local, PCC_ERROR,
                                            PCC_ERROR_TOO_LARGE)
                               ? PCC_ERROR_TOO_LARGE
                               : PCC_ERROR_IO,
                           local->message);
      return NULL;
    }
  return pcc_template_new (path, data, len, error);
}

/* --- rendering --------------------------------------------------------------- */

static gboolean
value_ok (const char *tname, const char *token, const char *v, GError **error)
{
  if (!g_utf8_validate (v, -1, NULL))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE,
                   "%s: the value of ${%s} is not valid UTF-8", tname, token);
      return FALSE;
    }
  for (const unsigned char *q = (const unsigned char *) v; *q; q++)
    if ((*q < 0x20 && *q != '\n' && *q != '\t') || *q == 0x7f)
      {
        g_set_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE,
                     "%s: the value of ${%s} contains a control character "
                     "(0x%02x)",
                     tname, token, *q);
        return FALSE;
      }
  return TRUE;
}

static gboolean
value_nonempty (const char *v)
{
  if (!v)
    return FALSE;
  for (; *v; v++)
    if (!g_ascii_isspace (*v))
      return TRUE;
  return FALSE;
}

char *
pcc_template_render (const PccTemplate *tpl, GHashTable *values,
                     GError **error)
{
  /* Check every value used first: nothing is produced on error. */
  for (guint i = 0; i < tpl->nodes->len; i++)
    {
      const Node *n = &g_array_index (tpl->nodes, Node, i);
      if (n->kind != NODE_TOKEN)
        continue;
      const char *v = values ? g_hash_table_lookup (values, n->text) : NULL;
      if (v && !value_ok (tpl->name, n->text, v, error))
        return NULL;
    }

  GString *out = g_string_new (NULL);
  guint i = 0;
  while (i < tpl->nodes->len)
    {
      const Node *n = &g_array_index (tpl->nodes, Node, i);
      const char *v;
      switch (n->kind)
        {
          case NODE_TEXT:
            g_string_append (out, n->text);
            i++;
            break;
          case NODE_TOKEN:
            v = values ? g_hash_table_lookup (values, n->text) : NULL;
            if (v)
              g_string_append (out, v);
            i++;
            break;
          case NODE_IF:
            v = values ? g_hash_table_lookup (values, n->text) : NULL;
            if (value_nonempty (v) != n->negate)
              i++;
            else
              i = n->jump + 1; /* past the ELSE, or the END */
            break;
          case NODE_ELSE:
            i = n->jump + 1; /* the if-part ran: skip to past END */
            break;
          case NODE_END:
            i++;
            break;
        }
    }
  return g_string_free (out, FALSE);
}
