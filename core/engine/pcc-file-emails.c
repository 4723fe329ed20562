/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-file-emails.c - addresses written in a file of the tree, found and
 * cleaned as get_maintainer.pl's maintainers_in_file() does. */
#include "pcc-file-emails.h"
#include "pcc-email.h"
#include "pcc-regex.h"

#include <string.h>

static PccRegex *
file_email_regex (void)
{
  /* The script's class "A-Za-zÀ-ÿ" is, in the bytes of its UTF-8
   * source, A-Za-z, \xC3, \x80-\xC3 and \xBF. */
  return pcc_regex_new ("[A-Za-z\\xC3\\x80-\\xC3\\xBF\\\"\\' \\,\\.\\+-]*\\s*"
                        "[\\,]*\\s*[\\(\\<\\{]{0,1}[A-Za-z0-9_\\.\\+-]+\\@"
                        "[A-Za-z0-9\\.-]+\\.[A-Za-z0-9]+[\\)\\>\\}]{0,1}",
                        0, NULL);
}

/* split(/[^A-Za-zÀ-ÿ\'\,\.\+-]/, $name), in bytes: empty fields kept
 * except trailing ones, which Perl drops. */
static char **
split_name (const char *name)
{
  GPtrArray *parts = g_ptr_array_new ();
  const char *start = name;
  for (const unsigned char *p = (const unsigned char *) name;; p++)
    {
      gboolean keep = *p != '\0'
                      && (g_ascii_isalpha (*p) || (*p >= 0x80 && *p <= 0xC3)
                          || *p == 0xBF || strchr ("',.+-", *p));
      if (*p != '\0' && keep)
        continue;
      g_ptr_array_add (parts, g_strndup (start, (const char *) p - start));
      if (*p == '\0')
        break;
      start = (const char *) p + 1;
    }
  while (parts->len > 0 && ((char *) parts->pdata[parts->len - 1])[0] == '\0')
    g_free (g_ptr_array_steal_index (parts, parts->len - 1));
  g_ptr_array_add (parts, NULL);
  return (char **) g_ptr_array_free (parts, FALSE);
}

/* The first step of clean_file_emails() in both dialects: the address
 * put in <> (s/[\(\<\{]{0,1}(addr)[\)\>\}]{0,1}/\<$1\>/g), then
 * parse_email(). */
static void
parse_candidate (const char *candidate, char **name, char **address)
{
  g_autoptr (PccRegex) bracket = pcc_regex_new (
      "[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+)[\\)\\>\\}]{0,1}",
      0, NULL);
  g_autofree char *email
      = pcc_regex_replace (bracket, candidate, "<$1>", TRUE);
  pcc_email_parse (email, name, address);
}

/* clean_file_emails() for one candidate. */
static char *
clean_file_email (const char *candidate, gboolean usename)
{
  g_autofree char *name = NULL, *address = NULL;
  parse_candidate (candidate, &name, &address);
  if (strcmp (name, "\"[,\\.]\"") == 0)
    {
      g_free (name);
      name = g_strdup ("");
    }

  /* split(/[^A-Za-zÀ-ÿ\'\,\.\+-]/, $name): Perl drops trailing empty
   * fields. */
  g_auto (GStrv) nw = split_name (name);
  guint n = g_strv_length (nw);
  while (n > 0 && nw[n - 1][0] == '\0')
    n--;
  if (n > 2)
    {
      const char *first = nw[n - 3], *middle = nw[n - 2], *last = nw[n - 1];
      gsize fl = strlen (first), ml = strlen (middle);
      char *nn;
      if ((fl == 1 && g_ascii_isalpha (first[0]))
          || (fl == 2 && first[1] == '.') || ml == 1
          || (ml == 2 && middle[1] == '.'))
        nn = g_strdup_printf ("%s %s %s", first, middle, last);
      else
        nn = g_strdup_printf ("%s %s", middle, last);
      g_free (name);
      name = nn;
    }
  gsize len = strlen (name);
  if (len > 0 && (name[len - 1] == ',' || name[len - 1] == '.'))
    {
      name[len - 1] = '\0';
    }
  else if (len >= 2 && name[len - 1] == '"'
           && (name[len - 2] == ',' || name[len - 2] == '.'))
    {
      name[len - 2] = '"';
      name[len - 1] = '\0';
    }
  len = strlen (name);
  if (len > 0 && (name[0] == ',' || name[0] == '.'))
    {
      memmove (name, name + 1, len);
    }
  else if (len >= 2 && name[0] == '"' && (name[1] == ',' || name[1] == '.'))
    {
      memmove (name + 1, name + 2, len - 1);
    }
  return pcc_email_format (name, address, usename);
}

/* Whether the script reads addresses from @file: a .yaml binding (any
 * file with --file-emails), never a file named MAINTAINERS
 * (\bMAINTAINERS$: a word boundary before the M), and only a file of the
 * tree. */
static gboolean
reads_emails_of (const PccTree *tree, const char *file, gboolean any_file)
{
  if (g_str_has_suffix (file, "MAINTAINERS"))
    {
      gsize fl = strlen (file);
      if (fl == 11
          || !(g_ascii_isalnum (file[fl - 12]) || file[fl - 12] == '_'))
        return FALSE;
    }
  if (!(any_file || g_str_has_suffix (file, ".yaml")))
    return FALSE;
  return pcc_tree_is_file (tree, file);
}

void
pcc_file_emails_find (const PccTree *tree, const char *file, gboolean any_file,
                      gboolean usename, GPtrArray *out)
{
  if (!reads_emails_of (tree, file, any_file))
    return;
  gsize len = 0;
  g_autofree char *text = pcc_tree_read_file (tree, file, &len, NULL);
  if (text == NULL)
    return;
  g_autoptr (PccRegex) re = file_email_regex ();
  gsize pos = 0;
  while (pos < len)
    {
      /* Every match holds an '@', and no part of the expression can step
     * over one, so the next match uses the next '@' or starts after it.
     * Its earliest start is found by walking back through the
     * expression: local part, [({<]?, \s*, [,]*, \s*, then the name
     * class (which holds no newline).  Searching from there to the end of
     * the '@' line gives the match the script's global search finds,
     * without trying every byte of the file as a start (quadratic on a
     * long binding). */
      const char *at = memchr (text + pos, '@', len - pos);
      if (at == NULL)
        break;
      gsize a = at - text, w = a;
      while (
          w > pos
          && (g_ascii_isalnum (text[w - 1]) || strchr ("_.+-", text[w - 1])))
        w--;
      if (w > pos && strchr ("({<", text[w - 1]))
        w--;
      while (w > pos && g_ascii_isspace (text[w - 1]))
        w--;
      while (w > pos && text[w - 1] == ',')
        w--;
      while (w > pos && g_ascii_isspace (text[w - 1]))
        w--;
      while (
          w > pos
          && (g_ascii_isalpha (text[w - 1])
              || ((guchar) text[w - 1] >= 0x80 && (guchar) text[w - 1] <= 0xC3)
              || (guchar) text[w - 1] == 0xBF
              || strchr ("\"' ,.+-", text[w - 1])))
        w--;
      const char *nl = memchr (at, '\n', len - a);
      gsize line_end = nl ? (gsize) (nl - text) : len;
      if (!pcc_regex_match (re, text, line_end, w))
        {
          pos = a + 1;
          continue;
        }
      gsize ms, me;
      pcc_regex_group_pos (re, 0, &ms, &me);
      g_autofree char *cand = g_strndup (text + ms, me - ms);
      g_ptr_array_add (out, clean_file_email (cand, usename));
      pos = me > ms ? me : ms + 1;
    }
}

/* --- 7.x: UTF-8 text, \p{L} ------------------------------------------ */

/* @data as Perl's :encoding(UTF-8) layer reads it: each byte that is not
 * part of valid UTF-8 becomes the four characters "\xHH". */
static char *
perl_utf8_decode (const char *data, gsize len)
{
  GString *out = g_string_sized_new (len);
  const char *p = data, *end = data + len;
  while (p < end)
    {
      const char *bad;
      g_utf8_validate_len (p, end - p, &bad);
      g_string_append_len (out, p, bad - p);
      if (bad >= end)
        break;
      g_string_append_printf (out, "\\x%02X", (guchar) *bad);
      p = bad + 1;
    }
  return g_string_free (out, FALSE);
}

/* Perl's \s on characters. */
static gboolean
uni_space (gunichar c)
{
  return c == ' ' || (c >= 0x09 && c <= 0x0d) || c == 0x85 || c == 0xa0
         || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028
         || c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

/* [\p{L}\"\' \,\.\+-] */
static gboolean
name_char (gunichar c)
{
  return (c < 0x80 && strchr ("\"' ,.+-", (int) c) != NULL && c != 0)
         || g_unichar_isalpha (c);
}

static gboolean
local_char (char c)
{
  return g_ascii_isalnum (c) || (c && strchr ("_.+-", c));
}

/* Walk back from @w over characters @pred accepts, not before @lo. */
static gsize
walk_back (const char *text, gsize lo, gsize w, gboolean (*pred) (gunichar))
{
  while (w > lo)
    {
      const char *prev = g_utf8_find_prev_char (text + lo, text + w);
      if (prev == NULL)
        break;
      if (!pred (g_utf8_get_char (prev)))
        break;
      w = prev - text;
    }
  return w;
}

static gboolean
is_comma (gunichar c)
{
  return c == ',';
}

/* 7.x's clean_file_emails() for one candidate. */
static char *
clean_file_email_utf8 (const char *candidate, gboolean usename)
{
  g_autofree char *name = NULL, *address = NULL;
  parse_candidate (candidate, &name, &address);
  /* $name =~ s/^"(.*)"$/$1/ */
  gsize len = strlen (name);
  if (len >= 2 && name[0] == '"' && name[len - 1] == '"'
      && memchr (name, '\n', len) == NULL)
    {
      memmove (name, name + 1, len - 2);
      name[len - 2] = '\0';
    }
  /* split(/[^\p{L}\'\,\.\+-]/, $name), trailing empty fields dropped;
   * then the fields that are one punctuation mark dropped */
  GPtrArray *nw = g_ptr_array_new_with_free_func (g_free);
  const char *start = name;
  for (const char *p = name;; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean keep = c != 0
                      && (g_unichar_isalpha (c)
                          || (c < 0x80 && strchr ("',.+-", (int) c)));
      if (keep)
        continue;
      g_ptr_array_add (nw, g_strndup (start, p - start));
      if (c == 0)
        break;
      start = g_utf8_next_char (p);
    }
  while (nw->len > 0 && ((char *) nw->pdata[nw->len - 1])[0] == '\0')
    g_ptr_array_remove_index (nw, nw->len - 1);
  for (guint i = 0; i < nw->len;)
    {
      const char *f = nw->pdata[i];
      if (f[0] && !f[1] && strchr ("',.+-", f[0]))
        g_ptr_array_remove_index (nw, i);
      else
        i++;
    }
  char *nn;
  guint n = nw->len;
  if (n > 2)
    {
      const char *first = nw->pdata[n - 3], *middle = nw->pdata[n - 2],
                 *last = nw->pdata[n - 1];
      glong fl = g_utf8_strlen (first, -1), ml = g_utf8_strlen (middle, -1);
      if ((fl == 1 && g_unichar_isalpha (g_utf8_get_char (first)))
          || (fl == 2 && g_str_has_suffix (first, ".")) || ml == 1
          || (ml == 2 && g_str_has_suffix (middle, ".")))
        nn = g_strdup_printf ("%s %s %s", first, middle, last);
      else
        nn = g_strdup_printf ("%s %s", middle, last);
    }
  else
    {
      /* "@nw" */
      g_ptr_array_add (nw, NULL);
      nn = g_strjoinv (" ", (char **) nw->pdata);
    }
  g_ptr_array_unref (nw);
  g_free (name);
  name = nn;
  len = strlen (name);
  if (len > 0 && (name[len - 1] == ',' || name[len - 1] == '.'))
    name[--len] = '\0';
  if (len > 0 && (name[0] == ',' || name[0] == '.'))
    memmove (name, name + 1, len);
  return pcc_email_format (name, address, usename);
}

void
pcc_file_emails_find_utf8 (const PccTree *tree, const char *file,
                           gboolean any_file, gboolean usename, GPtrArray *out)
{
  if (!reads_emails_of (tree, file, any_file))
    return;
  gsize rlen = 0;
  g_autofree char *raw = pcc_tree_read_file (tree, file, &rlen, NULL);
  if (raw == NULL)
    return;
  g_autofree char *text = perl_utf8_decode (raw, rlen);
  gsize len = strlen (text), pos = 0;
  while (pos < len)
    {
      /* the leftmost match using the next '@' (see pcc_file_emails_find()),
       * found by walking back through the expression, then forward
       * through the domain as the greedy expression takes it */
      const char *at = memchr (text + pos, '@', len - pos);
      if (at == NULL)
        break;
      gsize a = at - text, w = a;
      while (w > pos && local_char (text[w - 1]))
        w--;
      /* the domain: [A-Za-z0-9.-]+ then \.[A-Za-z0-9]+, greedy */
      gsize d = a + 1;
      while (
          d < len
          && (g_ascii_isalnum (text[d]) || text[d] == '.' || text[d] == '-'))
        d++;
      gsize end = 0;
      for (gsize k = d; k > a + 2; k--)
        if (text[k - 1] == '.' && k < d && g_ascii_isalnum (text[k]))
          {
            end = k;
            while (end < d && g_ascii_isalnum (text[end]))
              end++;
            break;
          }
      if (w == a || end == 0)
        {
          pos = a + 1;
          continue;
        }
      if (end < len && strchr (")>}", text[end]) && text[end])
        end++;
      if (w > pos && strchr ("({<", text[w - 1]))
        w--;
      w = walk_back (text, pos, w, uni_space);
      w = walk_back (text, pos, w, is_comma);
      w = walk_back (text, pos, w, uni_space);
      w = walk_back (text, pos, w, name_char);
      g_autofree char *cand = g_strndup (text + w, end - w);
      g_ptr_array_add (out, clean_file_email_utf8 (cand, usename));
      pos = end;
    }
}
