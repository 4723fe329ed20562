/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-recipients-format.c - a computed result: what it holds, reading it,
 * and printing it as the script prints (the recipients, --scm,
 * --substatus, --status, --subsystem, --web, --bug, --json and
 * --sections). */
#include "pcc-recipients.h"
#include "pcc-dialect.h"
#include "pcc-email.h"
#include "pcc-result-private.h"
#include "pcc-regex.h"

#include <string.h>

static void
recipient_free (gpointer p)
{
  PccRecipient *rc = p;
  g_free (rc->address);
  g_free (rc->name);
  g_free (rc->email);
  g_free (rc->role);
  g_array_unref (rc->reasons);
  g_free (rc);
}

PccResult *
pcc_result_new (PccEngine *engine, const PccOptions *o)
{
  PccResult *r = g_new0 (PccResult, 1);
  r->engine = engine;
  r->opts = *o;
  r->opts.output_separator = g_strdup (o->output_separator);
  r->opts.letters = g_strdup (o->letters);
  r->opts.email_git_since = g_strdup (o->email_git_since);
  r->opts.ignore_emails = g_strdupv (o->ignore_emails);
  r->strings = g_ptr_array_new_with_free_func (g_free);
  r->recipients = g_ptr_array_new_with_free_func (recipient_free);
  r->file_rest = g_array_new (FALSE, TRUE, sizeof (PccFileRest));
  r->files = g_ptr_array_new_with_free_func (g_free);
  r->warnings = g_ptr_array_new_with_free_func (g_free);
  r->sections_out = g_string_new (NULL);
  r->scm = g_ptr_array_new_with_free_func (g_free);
  r->status = g_ptr_array_new_with_free_func (g_free);
  r->subsystem = g_ptr_array_new_with_free_func (g_free);
  r->web = g_ptr_array_new_with_free_func (g_free);
  r->bug = g_ptr_array_new_with_free_func (g_free);
  r->substatus = g_ptr_array_new_with_free_func (g_free);
  r->dialect = pcc_engine_get_dialect (engine)->features;
  return r;
}

void
pcc_result_free (PccResult *r)
{
  if (r == NULL)
    return;
  g_ptr_array_unref (r->recipients);
  g_array_unref (r->file_rest);
  g_ptr_array_unref (r->files);
  g_ptr_array_unref (r->warnings);
  g_string_free (r->sections_out, TRUE);
  g_ptr_array_unref (r->scm);
  g_ptr_array_unref (r->status);
  g_ptr_array_unref (r->subsystem);
  g_ptr_array_unref (r->web);
  g_ptr_array_unref (r->bug);
  g_ptr_array_unref (r->substatus);
  g_ptr_array_unref (r->strings);
  pcc_options_clear (&r->opts);
  g_free (r);
}

/* --- reading the result ------------------------------------------------ */

guint
pcc_result_get_n_recipients (const PccResult *r)
{
  return r->recipients->len;
}

const PccRecipient *
pcc_result_get_recipient (const PccResult *r, guint i)
{
  return r->recipients->pdata[i];
}

guint
pcc_result_get_n_files (const PccResult *r)
{
  return r->file_rest->len;
}

const PccFileRest *
pcc_result_get_file_rest (const PccResult *r, guint i)
{
  return &g_array_index (r->file_rest, PccFileRest, i);
}

const GPtrArray *
pcc_result_get_warnings (const PccResult *r)
{
  return r->warnings;
}

/* --- the script's output ----------------------------------------------- */

static void
output (GString *out, const PccOptions *o, GPtrArray *lines)
{
  if (o->output_multiline)
    {
      for (guint i = 0; i < lines->len; i++)
        {
          g_string_append (out, lines->pdata[i]);
          g_string_append_c (out, '\n');
        }
    }
  else
    {
      for (guint i = 0; i < lines->len; i++)
        {
          if (i > 0)
            g_string_append (out, o->output_separator);
          g_string_append (out, lines->pdata[i]);
        }
      g_string_append_c (out, '\n');
    }
}

static GPtrArray *
uniq (GPtrArray *in)
{
  GPtrArray *out = g_ptr_array_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < in->len; i++)
    if (g_hash_table_add (seen, in->pdata[i]))
      g_ptr_array_add (out, in->pdata[i]);
  return out;
}

/* The recipient lines of @r, as output(@maintainers) prints them. */
static GPtrArray *
recipient_lines (const PccResult *r)
{
  const PccOptions *o = &r->opts;
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < r->recipients->len; i++)
    {
      PccRecipient *rc = r->recipients->pdata[i];
      g_ptr_array_add (lines, o->output_roles ? g_strconcat (
                                  rc->address, " (", rc->role, ")", NULL)
                                              : g_strdup (rc->address));
    }
  return lines;
}

/* A string as JSON::PP writes it (before the utf8 encoding). */
static void
json_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    switch (*p)
      {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        case '\f':
          g_string_append (out, "\\f");
          break;
        case '\b':
          g_string_append (out, "\\b");
          break;
        default:
          if (*p < 0x20)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, *p);
      }
  g_string_append_c (out, '"');
}

static void
json_list (GString *out, const char *key, GPtrArray *list)
{
  g_autoptr (GPtrArray) u = uniq (list);
  g_string_append_printf (out, ",\"%s\":[", key);
  for (guint i = 0; i < u->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      json_string (out, u->pdata[i]);
    }
  g_string_append_c (out, ']');
}

/* 7.3's --json: JSON::PP->new->canonical->utf8, keys sorted.  The
 * maintainers are the printed lines taken apart again:
 * /^(.*?)\s+\((.+)\)\s*$/ with --roles, then parse_email(). */
static void
format_json (const PccResult *r, GString *out)
{
  const PccOptions *o = &r->opts;
  g_autoptr (GPtrArray) lines = recipient_lines (r);
  g_autoptr (PccRegex) split
      = pcc_regex_new ("^(.*?)\\s+\\((.+)\\)\\s*$", 0, NULL);
  GString *js = g_string_new ("{");
  if (o->bug)
    {
      json_list (js, "bug", r->bug);
      g_string_erase (js, 1, 1); /* the leading comma */
    }
  g_string_append (js, o->bug ? ",\"maintainers\":[" : "\"maintainers\":[");
  for (guint i = 0; i < lines->len; i++)
    {
      const char *line = lines->pdata[i];
      g_autofree char *addr = NULL, *role = NULL;
      if (o->output_roles && pcc_regex_match (split, line, -1, 0))
        {
          addr = pcc_regex_group (split, line, 1);
          role = pcc_regex_group (split, line, 2);
        }
      else
        addr = g_strdup (line);
      g_autofree char *name = NULL, *email = NULL;
      pcc_email_parse (addr, &name, &email);
      g_string_append (js, i > 0 ? ",{\"email\":" : "{\"email\":");
      json_string (js, email);
      g_string_append (js, ",\"name\":");
      json_string (js, name);
      if (role && role[0])
        {
          g_string_append (js, ",\"role\":");
          json_string (js, role);
        }
      g_string_append_c (js, '}');
    }
  g_string_append_c (js, ']');
  if (o->scm)
    json_list (js, "scm", r->scm);
  if (o->status)
    json_list (js, "status", r->status);
  if (o->subsystem)
    json_list (js, "subsystem", r->subsystem);
  if (o->web)
    json_list (js, "web", r->web);
  g_string_append (js, "}\n");
  /* print() of the utf8-encoded bytes through the UTF-8 STDOUT layer:
   * every byte over 0x7f is encoded again (as Latin-1) */
  for (gsize i = 0; i < js->len; i++)
    {
      guchar c = js->str[i];
      if (c < 0x80 || !(r->dialect & PCC_DIALECT_UTF8))
        g_string_append_c (out, c);
      else
        {
          g_string_append_c (out, 0xc0 | (c >> 6));
          g_string_append_c (out, 0x80 | (c & 0x3f));
        }
    }
  g_string_free (js, TRUE);
}

char *
pcc_result_format (const PccResult *r)
{
  const PccOptions *o = &r->opts;
  GString *out = g_string_new (r->sections_out->str);

  if (o->json)
    {
      format_json (r, out);
      return g_string_free (out, FALSE);
    }
  if (r->recipients->len > 0)
    {
      g_autoptr (GPtrArray) lines = recipient_lines (r);
      output (out, o, lines);
    }
  struct
  {
    gboolean on;
    GPtrArray *list;
  } extra[] = {
    { o->scm, r->scm },       { o->output_substatus > 0, r->substatus },
    { o->status, r->status }, { o->subsystem, r->subsystem },
    { o->web, r->web },       { o->bug, r->bug },
  };
  for (guint i = 0; i < G_N_ELEMENTS (extra); i++)
    if (extra[i].on)
      {
        g_autoptr (GPtrArray) u = uniq (extra[i].list);
        output (out, o, u);
      }
  return g_string_free (out, FALSE);
}

/* --- --sections ---------------------------------------------------------- */

static char *
restore_pattern (const char *line, gboolean double_star)
{
  /* s/([^\\])\.([^\*])/$1\?$2/g; s/([^\\])\.$/$1\?/g;
   * s/\\\./\./g; s/\.\*\/\*\/g */
  static const char *pats[][2] = {
    { "([^\\\\])\\.([^\\*])", "$1?$2" },
    { "([^\\\\])\\.$", "$1?" },
    { "\\\\\\.", "." },
    { "\\(\\?:\\.\\*\\)", "**" }, /* 7.3: "(?:.*)" back to "**" */
    { "\\.\\*", "*" },
  };
  char *cur = g_strdup (line);
  for (guint i = 0; i < G_N_ELEMENTS (pats); i++)
    {
      if (i == 3 && !double_star)
        continue;
      g_autoptr (PccRegex) re = pcc_regex_new (pats[i][0], 0, NULL);
      char *next = pcc_regex_replace (re, cur, pats[i][1], TRUE);
      g_free (cur);
      cur = next;
    }
  return cur;
}

void
pcc_result_print_section (PccResult *r, guint tvi, const char *letters)
{
  PccMaintainers *m = pcc_engine_get_maintainers (r->engine);
  GString *out = r->sections_out;
  guint start = pcc_maintainers_section_start (m, tvi);
  guint end = pcc_maintainers_section_end (m, tvi);
  g_autofree char *lc_letters = g_ascii_strdown (letters, -1);

  for (guint i = start; i < end; i++)
    {
      char type = pcc_maintainers_entry_type (m, i);
      const char *value = pcc_maintainers_entry_value (m, i);
      g_autofree char *line
          = type ? g_strdup_printf ("%c:%s", type, value) : g_strdup (value);
      if (type == 'F' || type == 'X')
        {
          char *restored = restore_pattern (
              line, (r->dialect & PCC_DIALECT_DOUBLE_STAR) != 0);
          g_free (line);
          line = restored;
        }
      if (type)
        {
          g_autofree char *tabbed
              = g_strdup_printf ("%c:\t%s", type, line + 2);
          if (letters[0] == '\0'
              || strchr (lc_letters, g_ascii_tolower (type)))
            {
              g_string_append (out, tabbed);
              g_string_append_c (out, '\n');
            }
        }
      else
        {
          g_string_append (out, line);
          g_string_append_c (out, '\n');
        }
    }
  g_string_append_c (out, '\n');
}
