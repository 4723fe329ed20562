/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-diff.c - the one reader of git diffs (see pcc-diff.h). */
#include "pcc-diff.h"
#include "pcc-quote.h"
#include "pcc-error.h"

#include <stdlib.h>
#include <string.h>

#define STARTS(s, l, lit) \
  ((l) >= sizeof (lit) - 1 && memcmp ((s), (lit), sizeof (lit) - 1) == 0)

static void
hunk_clear (gpointer p)
{
  PccDiffHunk *h = p;
  g_clear_pointer (&h->lines, g_array_unref);
}

void
pcc_diff_file_free (PccDiffFile *d)
{
  if (d == NULL)
    return;
  g_free (d->old_path);
  g_free (d->new_path);
  g_free (d->git_a);
  g_free (d->git_b);
  g_array_unref (d->hunks);
  g_free (d);
}

static PccDiffFile *
file_new (guint lineno)
{
  PccDiffFile *d = g_new0 (PccDiffFile, 1);
  d->hunks = g_array_new (FALSE, TRUE, sizeof (PccDiffHunk));
  g_array_set_clear_func (d->hunks, hunk_clear);
  d->similarity = -1;
  d->bin_old = d->bin_new = -1;
  d->lineno = lineno;
  return d;
}


/* A path on a ---/+++ or rename/copy line: quoted or not, a trailing tab
 * (and what follows it) dropped, @strip leading components removed. */
static char *
parse_path (const char *s, gsize len, int strip)
{
  const char *limit = s + len;
  char *path;
  if (len > 0 && s[0] == '"')
    path = pcc_unquote_path (s, limit, NULL);
  else
    {
      const char *tab = memchr (s, '\t', len);
      path = g_strndup (s, tab ? (gsize) (tab - s) : len);
    }
  if (strcmp (path, "/dev/null") == 0)
    {
      g_free (path);
      return NULL;
    }
  char *p = path;
  for (int i = 0; i < strip; i++)
    {
      char *slash = strchr (p, '/');
      if (!slash)
        break;
      p = slash + 1;
    }
  memmove (path, p, strlen (p) + 1);
  return path;
}

/* "diff --git A B" (@s after "diff --git "): the two names when they can
 * be told apart, without their first component (a/, b/). */
static gboolean
split_git_names (const char *s, gsize len, char **git_a, char **git_b)
{
  const char *limit = s + len;
  *git_a = *git_b = NULL;
  if (len > 0 && s[0] == '"')
    {
      const char *e;
      char *a = pcc_unquote_path (s, limit, &e);
      while (e < limit && *e == ' ')
        e++;
      char *b = e < limit && *e == '"' ? pcc_unquote_path (e, limit, NULL)
                                       : g_strndup (e, limit - e);
      *git_a = g_strdup (strchr (a, '/') ? strchr (a, '/') + 1 : a);
      *git_b = g_strdup (strchr (b, '/') ? strchr (b, '/') + 1 : b);
      g_free (a);
      g_free (b);
      return TRUE;
    }
  /* "a/NAME b/NAME": the same name twice (new, deleted, mode change). */
  if (len >= 5 && (len - 1) % 2 == 0)
    {
      gsize half = (len - 1) / 2;
      if (s[half] == ' ' && half >= 2 && s[1] == '/' && s[half + 2] == '/'
          && memcmp (s + 2, s + half + 3, half - 2) == 0)
        {
          *git_a = g_strndup (s + 2, half - 2);
          *git_b = g_strndup (s + 2, half - 2);
          return TRUE;
        }
    }
  /* "NAME NAME" (git diff --no-prefix). */
  if (len >= 3 && len % 2 == 1 && s[len / 2] == ' '
      && memcmp (s, s + len / 2 + 1, len / 2) == 0)
    {
      *git_a = g_strndup (s, len / 2);
      *git_b = g_strndup (s, len / 2);
      return TRUE;
    }
  /* Otherwise split at " b/" (renames also have rename from/to).  The
   * first name needs its two-character prefix: "diff --git x b/foo" has
   * none. */
  const char *sp = g_strstr_len (s, len, " b/");
  if (sp && sp - s >= 2)
    {
      *git_a = g_strndup (s + 2, sp - s - 2);
      *git_b = g_strndup (sp + 3, limit - sp - 3);
      return TRUE;
    }
  return FALSE;
}

gboolean
pcc_diff_parse_git_line (const char *line, gsize len, char **a, char **b)
{
  *a = *b = NULL;
  if (!STARTS (line, len, "diff --git ") || len <= 11)
    return FALSE;
  return split_git_names (line + 11, len - 11, a, b);
}

static gboolean
parse_uint (const char **p, const char *limit, guint *out)
{
  const char *q = *p;
  guint64 v = 0;
  if (q >= limit || !g_ascii_isdigit (*q))
    return FALSE;
  while (q < limit && g_ascii_isdigit (*q))
    {
      v = v * 10 + (guint64) (*q - '0');
      if (v > G_MAXUINT / 2)
        return FALSE;
      q++;
    }
  *out = (guint) v;
  *p = q;
  return TRUE;
}

gboolean
pcc_diff_parse_hunk_header (const char *s, gsize len, guint *old_start,
                            guint *old_count, guint *new_start,
                            guint *new_count)
{
  if (!STARTS (s, len, "@@ -"))
    return FALSE;
  const char *p = s + 4, *limit = s + len; /* after "@@ -" */
  *old_count = *new_count = 1;
  if (!parse_uint (&p, limit, old_start))
    return FALSE;
  if (p < limit && *p == ',')
    {
      p++;
      if (!parse_uint (&p, limit, old_count))
        return FALSE;
    }
  if (limit - p < 2 || p[0] != ' ' || p[1] != '+')
    return FALSE;
  p += 2;
  if (!parse_uint (&p, limit, new_start))
    return FALSE;
  if (p < limit && *p == ',')
    {
      p++;
      if (!parse_uint (&p, limit, new_count))
        return FALSE;
    }
  return limit - p >= 3 && p[0] == ' ' && p[1] == '@' && p[2] == '@';
}

/* The decimal number at the start of @len bytes of @s (which need not be
 * NUL-terminated), or -1 when there is none; at most G_MAXINT32. */
static gint64
parse_decimal (const char *s, gsize len)
{
  gint64 v = -1;
  for (gsize i = 0; i < len && g_ascii_isdigit (s[i]); i++)
    {
      v = (v < 0 ? 0 : v) * 10 + (s[i] - '0');
      if (v > G_MAXINT32)
        return -1;
    }
  return v;
}

static guint
parse_mode (const char *s, gsize len)
{
  guint m = 0;
  for (gsize i = 0; i < len && s[i] >= '0' && s[i] <= '7'; i++)
    m = m * 8 + (guint) (s[i] - '0');
  return m;
}

gboolean
pcc_diff_all_of (const char *s, const char *end, const char *set)
{
  if (s >= end)
    return FALSE;
  for (; s < end; s++)
    if (!strchr (set, *s))
      return FALSE;
  return TRUE;
}

#define OCTAL  "01234567"
#define HEX    "0123456789abcdefABCDEF"
#define DIGITS "0123456789"

gboolean
pcc_diff_is_extended_header (const char *line, gsize len)
{
  const char *end = line + len;
  static const char *const mode_lines[]
      = { "old mode ", "new mode ", "deleted file mode ", "new file mode " };
  for (guint k = 0; k < G_N_ELEMENTS (mode_lines); k++)
    if (len >= strlen (mode_lines[k])
        && memcmp (line, mode_lines[k], strlen (mode_lines[k])) == 0)
      return pcc_diff_all_of (line + strlen (mode_lines[k]), end, OCTAL);
  static const char *const name_lines[]
      = { "rename from ", "rename to ", "copy from ", "copy to " };
  for (guint k = 0; k < G_N_ELEMENTS (name_lines); k++)
    if (len >= strlen (name_lines[k])
        && memcmp (line, name_lines[k], strlen (name_lines[k])) == 0)
      return len > strlen (name_lines[k]);
  if (STARTS (line, len, "similarity index "))
    return end[-1] == '%' && pcc_diff_all_of (line + 17, end - 1, DIGITS);
  if (STARTS (line, len, "dissimilarity index "))
    return end[-1] == '%' && pcc_diff_all_of (line + 20, end - 1, DIGITS);
  if (STARTS (line, len, "index "))
    {
      /* index <hex>..<hex>[ <mode>] */
      const char *p = line + 6;
      const char *dots = g_strstr_len (p, end - p, "..");
      if (dots == NULL || !pcc_diff_all_of (p, dots, HEX))
        return FALSE;
      const char *q = dots + 2;
      const char *sp = memchr (q, ' ', end - q);
      if (!pcc_diff_all_of (q, sp ? sp : end, HEX))
        return FALSE;
      return sp == NULL || pcc_diff_all_of (sp + 1, end, OCTAL);
    }
  return FALSE;
}

gboolean
pcc_diff_is_binary_data (const char *line, gsize len)
{
  if (len < 6)
    return FALSE;
  char lc = line[0];
  guint n;
  if (lc >= 'A' && lc <= 'Z')
    n = lc - 'A' + 1;
  else if (lc >= 'a' && lc <= 'z')
    n = lc - 'a' + 27;
  else
    return FALSE;
  if (len != 1 + (n + 3) / 4 * 5)
    return FALSE;
  for (gsize k = 1; k < len; k++)
    if (!g_ascii_isalnum (line[k])
        && !strchr ("!#$%&()*+-;<=>?@^_`{|}~", line[k]))
      return FALSE;
  return TRUE;
}

/* --- reading ----------------------------------------------------------- */

typedef struct
{
  const char *data;
  gsize len;
  gsize pos;
  guint lineno; /* lines consumed */
  const char *name;
  PccDiffFlags flags;
} Reader;

static gboolean
next_line (Reader *r, const char **line, gsize *len, gsize *full)
{
  if (r->pos >= r->len)
    return FALSE;
  const char *s = r->data + r->pos;
  const char *nl = memchr (s, '\n', r->len - r->pos);
  gsize l = nl ? (gsize) (nl - s) : r->len - r->pos;
  *line = s;
  *len = l;
  *full = nl ? l + 1 : l;
  return TRUE;
}

static void
advance (Reader *r, gsize full)
{
  r->pos += full;
  r->lineno++;
}

/* Sizes from a "GIT binary patch": "literal N" gives the size of the
 * result; the forward part gives the new size, the reverse part the old.
 * "delta N" does not give it without inflating the delta. */
static void
parse_binary (Reader *r, PccDiffFile *d)
{
  const char *line;
  gsize len, full;
  int part = 0;
  while (part < 2 && next_line (r, &line, &len, &full))
    {
      gint64 size = -1;
      if (STARTS (line, len, "literal "))
        size = MAX (parse_decimal (line + 8, len - 8), 0);
      else if (!STARTS (line, len, "delta "))
        break;
      if (part == 0)
        d->bin_new = size;
      else
        d->bin_old = size;
      advance (r, full);
      /* Data lines up to a blank line. */
      while (next_line (r, &line, &len, &full) && len > 0)
        advance (r, full);
      if (next_line (r, &line, &len, &full))
        advance (r, full);
      part++;
    }
  d->binary_sizes = d->bin_new >= 0 && d->bin_old >= 0;
}

static gboolean
hunk_error (Reader *r, PccDiffHunk *h, GError **error)
{
  if (r->flags & PCC_DIFF_LENIENT)
    return TRUE;
  if (h->end == PCC_DIFF_HUNK_OVERFLOW)
    g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                 "%s:%u: the hunk has more lines than its header says",
                 r->name, h->end_lineno);
  else
    g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                 "%s:%u: the hunk is cut short (%u old and %u new lines "
                 "missing)",
                 r->name, h->lineno, h->missing_old, h->missing_new);
  return FALSE;
}

/* The hunks of a file, from the "@@" after its +++ line. */
static gboolean
parse_hunks (Reader *r, PccDiffFile *d, GError **error)
{
  const char *line;
  gsize len, full;
  while (next_line (r, &line, &len, &full) && STARTS (line, len, "@@ -"))
    {
      PccDiffHunk h = { 0 };
      h.lineno = r->lineno + 1;
      if (!pcc_diff_parse_hunk_header (line, len, &h.old_start, &h.old_count,
                                       &h.new_start, &h.new_count))
        {
          if (r->flags & PCC_DIFF_LENIENT)
            return TRUE;
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s:%u: malformed hunk header “%.*s”", r->name,
                       h.lineno, (int) MIN (len, 80), line);
          return FALSE;
        }
      advance (r, full);
      if (!(r->flags & PCC_DIFF_NO_LINES))
        h.lines = g_array_new (FALSE, TRUE, sizeof (PccDiffLine));
      guint o = h.old_count, n = h.new_count;
      while (o > 0 || n > 0)
        {
          if (!next_line (r, &line, &len, &full))
            {
              h.end = PCC_DIFF_HUNK_TRUNCATED;
              break;
            }
          PccDiffLine hl = { 0 };
          char op = len == 0 ? ' ' : line[0];
          if (len == 0 || (len == 1 && line[0] == '\r'))
            {
              /* A context line whose space a mailer ate. */
              hl.op = ' ';
              hl.text = "\n";
              hl.len = 1;
            }
          else if (op == ' ' || op == '-' || op == '+')
            {
              hl.op = op;
              hl.text = line + 1;
              hl.len = full - 1;
            }
          else if (op == '\\')
            {
              if (h.lines && h.lines->len)
                g_array_index (h.lines, PccDiffLine, h.lines->len - 1)
                    .no_newline
                    = TRUE;
              advance (r, full);
              continue;
            }
          else
            {
              h.end = PCC_DIFF_HUNK_SHORT;
              h.end_lineno = r->lineno + 1;
              break;
            }
          if ((hl.op != '+' && o == 0) || (hl.op != '-' && n == 0))
            {
              h.end = PCC_DIFF_HUNK_OVERFLOW;
              h.end_lineno = r->lineno + 1;
              break;
            }
          if (hl.op != '+')
            o--;
          if (hl.op != '-')
            n--;
          h.added += hl.op == '+';
          h.removed += hl.op == '-';
          if (h.lines)
            g_array_append_val (h.lines, hl);
          advance (r, full);
        }
      h.missing_old = o;
      h.missing_new = n;
      if (h.end != PCC_DIFF_HUNK_COMPLETE)
        {
          gboolean ok = hunk_error (r, &h, error);
          if (!ok)
            {
              g_clear_pointer (&h.lines, g_array_unref);
              return FALSE;
            }
          g_array_append_val (d->hunks, h);
          return TRUE;
        }
      /* A "\ No newline" after the last line. */
      if (next_line (r, &line, &len, &full) && len > 0 && line[0] == '\\')
        {
          if (h.lines && h.lines->len)
            g_array_index (h.lines, PccDiffLine, h.lines->len - 1).no_newline
                = TRUE;
          advance (r, full);
        }
      g_array_append_val (d->hunks, h);
    }
  return TRUE;
}

/* A git diff: "diff --git", extended headers, then ---/+++ and hunks or
 * binary data. */
static gboolean
parse_git_file (Reader *r, PccDiffFile *d, GError **error)
{
  const char *line;
  gsize len, full;
  while (next_line (r, &line, &len, &full))
    {
      if (STARTS (line, len, "old mode "))
        d->old_mode = parse_mode (line + 9, len - 9);
      else if (STARTS (line, len, "new mode "))
        d->new_mode = parse_mode (line + 9, len - 9);
      else if (STARTS (line, len, "new file mode "))
        {
          d->is_new = TRUE;
          d->new_mode = parse_mode (line + 14, len - 14);
        }
      else if (STARTS (line, len, "deleted file mode "))
        {
          d->is_delete = TRUE;
          d->old_mode = parse_mode (line + 18, len - 18);
        }
      else if (STARTS (line, len, "rename from "))
        {
          d->is_rename = TRUE;
          g_free (d->old_path);
          d->old_path = parse_path (line + 12, len - 12, 0);
        }
      else if (STARTS (line, len, "rename to "))
        {
          d->is_rename = TRUE;
          g_free (d->new_path);
          d->new_path = parse_path (line + 10, len - 10, 0);
        }
      else if (STARTS (line, len, "copy from "))
        {
          d->is_copy = TRUE;
          g_free (d->old_path);
          d->old_path = parse_path (line + 10, len - 10, 0);
        }
      else if (STARTS (line, len, "copy to "))
        {
          d->is_copy = TRUE;
          g_free (d->new_path);
          d->new_path = parse_path (line + 8, len - 8, 0);
        }
      else if (STARTS (line, len, "similarity index "))
        {
          gint64 v = parse_decimal (line + 17, len - 17);
          d->similarity = v < 0 ? 0 : (int) v;
        }
      else if (STARTS (line, len, "dissimilarity index "))
        ;
      else if (STARTS (line, len, "index "))
        {
          const char *sp = memchr (line + 6, ' ', len - 6);
          if (sp)
            d->index_mode = parse_mode (sp + 1, line + len - sp - 1);
        }
      else
        break;
      advance (r, full);
    }
  if (!next_line (r, &line, &len, &full))
    return TRUE;
  if (STARTS (line, len, "GIT binary patch"))
    {
      d->binary = TRUE;
      advance (r, full);
      parse_binary (r, d);
      return TRUE;
    }
  if (STARTS (line, len, "Binary files "))
    {
      d->binary = TRUE;
      advance (r, full);
      return TRUE;
    }
  if (!STARTS (line, len, "--- "))
    return TRUE;
  gsize l1 = len, f1 = full;
  const char *s1 = line;
  Reader save = *r;
  advance (r, f1);
  if (!next_line (r, &line, &len, &full) || !STARTS (line, len, "+++ "))
    {
      *r = save;
      return TRUE;
    }
  char *o = parse_path (s1 + 4, l1 - 4, 1);
  char *n = parse_path (line + 4, len - 4, 1);
  if (!d->is_rename && !d->is_copy)
    {
      g_free (d->old_path);
      g_free (d->new_path);
      d->old_path = o;
      d->new_path = n;
    }
  else
    {
      g_free (o);
      g_free (n);
    }
  advance (r, full);
  return parse_hunks (r, d, error);
}

GPtrArray *
pcc_diff_parse (const char *name, const char *text, gsize tlen,
                PccDiffFlags flags, GError **error)
{
  g_autoptr (GPtrArray) diffs
      = g_ptr_array_new_with_free_func ((GDestroyNotify) pcc_diff_file_free);
  Reader r = { text, tlen, 0, 0, name, flags };
  const char *line;
  gsize len, full;

  while (next_line (&r, &line, &len, &full))
    {
      if (STARTS (line, len, "diff --git "))
        {
          PccDiffFile *d = file_new (r.lineno + 1);
          g_ptr_array_add (diffs, d);
          d->is_git = TRUE;
          split_git_names (line + 11, len - 11, &d->git_a, &d->git_b);
          advance (&r, full);
          if (!parse_git_file (&r, d, error))
            return NULL;
          continue;
        }
      if (STARTS (line, len, "--- "))
        {
          /* A traditional unified diff: "---", "+++", "@@". */
          Reader save = r;
          const char *s1 = line;
          gsize l1 = len;
          guint lineno = r.lineno + 1;
          advance (&r, full);
          const char *l2;
          gsize len2, full2;
          if (next_line (&r, &l2, &len2, &full2) && STARTS (l2, len2, "+++ "))
            {
              Reader save2 = r;
              advance (&r, full2);
              const char *l3;
              gsize len3, full3;
              if (next_line (&r, &l3, &len3, &full3)
                  && STARTS (l3, len3, "@@ -"))
                {
                  PccDiffFile *d = file_new (lineno);
                  g_ptr_array_add (diffs, d);
                  d->old_path = parse_path (s1 + 4, l1 - 4, 1);
                  d->new_path = parse_path (l2 + 4, len2 - 4, 1);
                  d->is_new = d->old_path == NULL;
                  d->is_delete = d->new_path == NULL;
                  if (!parse_hunks (&r, d, error))
                    return NULL;
                  continue;
                }
              r = save2;
            }
          r = save;
        }
      advance (&r, full);
    }

  /* Fill in the names git headers alone give. */
  for (guint i = diffs->len; i > 0; i--)
    {
      PccDiffFile *d = diffs->pdata[i - 1];
      if (!d->old_path && !d->is_new && d->git_a)
        d->old_path = g_strdup (d->git_a);
      if (!d->new_path && !d->is_delete && d->git_b)
        d->new_path = g_strdup (d->git_b);
      if (d->is_new)
        g_clear_pointer (&d->old_path, g_free);
      if (d->is_delete)
        g_clear_pointer (&d->new_path, g_free);
      if (d->old_path && !d->new_path)
        d->is_delete = TRUE;
      if (!d->old_path && d->new_path)
        d->is_new = TRUE;
    }
  for (guint i = 0; i < diffs->len; i++)
    {
      PccDiffFile *d = diffs->pdata[i];
      if (d->old_path || d->new_path)
        continue;
      if (flags & PCC_DIFF_LENIENT)
        {
          g_ptr_array_remove_index (diffs, i--);
          continue;
        }
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "%s:%u: a file diff without a file name (no names on "
                   "its \"diff --git\" line or ---/+++ lines)",
                   name, d->lineno);
      return NULL;
    }
  return g_steal_pointer (&diffs);
}
