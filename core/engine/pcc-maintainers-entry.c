/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-maintainers-entry.c - the entries of the typevalue array, as every
 * other part of PccMaintainers uses them: allocating the object, filling
 * an entry in from the compiled index on first use, compiling an entry's
 * pattern, and errors that name the entry's line. */
#include "pcc-maintainers-private.h"
#include "pcc-error.h"

#include <string.h>

PccMaintainers *
pcc_maintainers_alloc (const PccTree *tree)
{
  PccMaintainers *m = g_new0 (PccMaintainers, 1);
  m->tree = tree;
  m->files = g_ptr_array_new_with_free_func (g_free);
  m->buffers = g_array_new (FALSE, FALSE, sizeof (Buffer));
  m->sections = g_array_new (FALSE, TRUE, sizeof (Section));
  m->entry_section = g_array_new (FALSE, TRUE, sizeof (guint));
  m->x_tvis = g_array_new (FALSE, FALSE, sizeof (guint));
  m->always = g_array_new (FALSE, FALSE, sizeof (guint));
  m->n_entries = g_array_new (FALSE, FALSE, sizeof (guint));
  m->k_entries = g_array_new (FALSE, FALSE, sizeof (guint));
  return m;
}

void
pcc_maintainers_entry_fill (const PccMaintainers *m, Entry *e, guint tvi)
{
  const Rec *r = &m->recs[tvi];
  e->type = r->type;
  e->kind = r->kind;
  e->file = r->file;
  e->lineno = r->lineno;
  e->start = r->start;
  e->end = r->end;
  e->plen = r->plen;
  e->line = m->text + r->line;
  if (r->type == 'F' || r->type == 'X')
    e->orig = m->text + r->val;
  else
    e->value = (char *) m->text + r->val;
  e->dir = -1;
  e->ready = 1;
  g_array_append_val (m->filled, tvi);
}

char *
pcc_maintainers_convert_pattern (const char *v, gboolean double_star)
{
  gsize n = 0;
  for (const char *p = v; *p; p++)
    n += (*p == '.' || *p == '*') ? 3 : 1;
  char *out = g_malloc (n + 1), *o = out;
  for (const char *p = v; *p; p++)
    {
      if (double_star && p[0] == '*' && p[1] == '*')
        {
          memcpy (o, "(?:.*)", 6);
          o += 6;
          p++;
        }
      else if (*p == '.')
        {
          *o++ = '\\';
          *o++ = '.';
        }
      else if (*p == '*')
        {
          *o++ = '.';
          *o++ = '*';
        }
      else
        {
          *o++ = *p == '?' ? '.' : *p;
        }
    }
  *o = '\0';
  return out;
}

void
pcc_maintainers_entry_error (const PccMaintainers *m, const Entry *e,
                             GError **error, const char *format, ...)
{
  if (error == NULL)
    return;
  va_list args;
  va_start (args, format);
  g_autofree char *msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS, "%s:%u: %s",
               (const char *) m->files->pdata[e->file], e->lineno, msg);
}

PccRegex *
pcc_maintainers_compile_entry (const PccMaintainers *m, Entry *e,
                               const char *pattern, PccRegexFlags flags,
                               GError **error)
{
  GError *local = NULL;
  PccRegex *re = pcc_regex_new (pattern, flags, &local);
  if (re == NULL)
    {
      pcc_maintainers_entry_error (
          m, e, error, "bad pattern in \"%s\": %s; fix or remove this line",
          e->line, local->message);
      g_error_free (local);
    }
  return re;
}

gboolean
pcc_maintainers_entry_regex (const PccMaintainers *m, Entry *e, GError **error)
{
  if (e->re == NULL)
    e->re = pcc_maintainers_compile_entry (m, e, e->value, PCC_REGEX_EXTENDED,
                                           error);
  return e->re != NULL;
}

gboolean
pcc_maintainers_check_gave_up (const PccMaintainers *m, Entry *e,
                               const char *subject, GError **error)
{
  int code = pcc_regex_last_error (e->re ? e->re : e->re_diff);
  if (code == 0)
    return TRUE;
  g_autofree char *msg = pcc_regex_error_message (code);
  pcc_maintainers_entry_error (m, e, error,
                               "the pattern \"%s\" gave up on \"%.60s\": %s",
                               e->line, subject, msg);
  return FALSE;
}
