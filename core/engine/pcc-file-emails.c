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

/* clean_file_emails() for one candidate. */
static char *
clean_file_email (const char *candidate, gboolean usename)
{
  g_autoptr (PccRegex) bracket = pcc_regex_new (
      "[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+)[\\)\\>\\}]{0,1}",
      0, NULL);
  g_autofree char *email
      = pcc_regex_replace (bracket, candidate, "<$1>", TRUE);
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (email, &name, &address);
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

void
pcc_file_emails_find (const PccTree *tree, const char *file, gboolean any_file,
                      gboolean usename, GPtrArray *out)
{
  if (g_str_has_suffix (file, "MAINTAINERS"))
    {
      gsize fl = strlen (file);
      /* \bMAINTAINERS$: a word boundary before the M */
      if (fl == 11
          || !(g_ascii_isalnum (file[fl - 12]) || file[fl - 12] == '_'))
        return;
    }
  if (!(any_file || g_str_has_suffix (file, ".yaml")))
    return;
  if (!pcc_tree_is_file (tree, file))
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
