/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-email.c - get_maintainer.pl's address handling, and header lists. */
#include "pcc-email.h"
#include "pcc-rfc2047.h"
#include "pcc-error.h"
#include "pcc-regex.h"

#include <string.h>
#include <libetpan/libetpan.h>

/* The script's regular expressions, compiled once and never changed. */
typedef struct
{
  PccRegex *parse_named;   /* ^([^<]+)<(.+\@.*)>.*$ */
  PccRegex *parse_bracket; /* ^\s*<(.+\@\S*)>.*$ */
  PccRegex *parse_bare;    /* ^(.+\@\S*).*$ */
} EmailRegexes;

static PccRegex *
compile (const char *pattern, PccRegexFlags flags)
{
  GError *error = NULL;
  PccRegex *re = pcc_regex_new (pattern, flags, &error);
  if (re == NULL)
    g_error ("internal regular expression %s: %s", pattern, error->message);
  return re;
}

/* make_rfc822re() of the script, token for token. */
static char *
make_rfc822re (void)
{
  const char *lwsp = "(?:(?:\\r\\n)?[ \\t])";
  const char *specials = "()<>@,;:\\\\\".\\[\\]";
  const char *controls = "\\000-\\037\\177";
  g_autofree char *dtext = g_strdup ("[^\\[\\]\\r\\\\]");
  g_autofree char *domain_literal
      = g_strdup_printf ("\\[(?:%s|\\\\.)*\\]%s*", dtext, lwsp);
  g_autofree char *quoted_string
      = g_strdup_printf ("\"(?:[^\\\"\\r\\\\]|\\\\.|%s)*\"%s*", lwsp, lwsp);
  g_autofree char *atom
      = g_strdup_printf ("[^%s %s]+(?:%s+|\\Z|(?=[\\[\"%s]))", specials,
                         controls, lwsp, specials);
  g_autofree char *word = g_strdup_printf ("(?:%s|%s)", atom, quoted_string);
  g_autofree char *localpart
      = g_strdup_printf ("%s(?:\\.%s*%s)*", word, lwsp, word);
  g_autofree char *sub_domain
      = g_strdup_printf ("(?:%s|%s)", atom, domain_literal);
  g_autofree char *domain
      = g_strdup_printf ("%s(?:\\.%s*%s)*", sub_domain, lwsp, sub_domain);
  g_autofree char *addr_spec
      = g_strdup_printf ("%s\\@%s*%s", localpart, lwsp, domain);
  g_autofree char *phrase = g_strdup_printf ("%s*", word);
  g_autofree char *route = g_strdup_printf ("(?:\\@%s(?:,\\@%s*%s)*:%s*)",
                                            domain, lwsp, domain, lwsp);
  g_autofree char *route_addr
      = g_strdup_printf ("\\<%s*%s?%s\\>%s*", lwsp, route, addr_spec, lwsp);
  g_autofree char *mailbox
      = g_strdup_printf ("(?:%s|%s%s)", addr_spec, phrase, route_addr);
  g_autofree char *group = g_strdup_printf ("%s:%s*(?:%s(?:,\\s*%s)*)?;\\s*",
                                            phrase, lwsp, mailbox, mailbox);
  g_autofree char *address = g_strdup_printf ("(?:%s|%s)", mailbox, group);
  return g_strdup_printf ("%s*%s", lwsp, address);
}

static const EmailRegexes *
regexes (void)
{
  static gsize once = 0;
  static EmailRegexes r;

  if (g_once_init_enter (&once))
    {
      r.parse_named = compile ("^([^<]+)<(.+\\@.*)>.*$", 0);
      r.parse_bracket = compile ("^\\s*<(.+\\@\\S*)>.*$", 0);
      r.parse_bare = compile ("^(.+\\@\\S*).*$", 0);
      g_once_init_leave (&once, 1);
    }
  return &r;
}

/* The RFC 822 expressions are large (the three built from make_rfc822re()
 * cost about 2 million instructions each to compile): each is compiled
 * only when first needed, and plain addresses need none of them
 * (rfc822_valid_fast()). */
typedef enum
{
  RFC822_FULL,
  RFC822_LIST,
  RFC822_ITEM,
  RFC822_COMMENT,
  RFC822_N
} Rfc822Which;

static PccRegex *
rfc822_regex (Rfc822Which which)
{
  static gsize once[RFC822_N];
  static PccRegex *r[RFC822_N];

  if (g_once_init_enter (&once[which]))
    {
      g_autofree char *re = which == RFC822_COMMENT ? NULL : make_rfc822re ();
      g_autofree char *pattern = NULL;
      switch (which)
        {
          case RFC822_FULL: /* ^$rfc822re$ */
            pattern = g_strdup_printf ("^%s$", re);
            break;
          case RFC822_LIST: /* ^(?:$rfc822re)?(?:,(?:$rfc822re)?)*$ */
            pattern = g_strdup_printf ("^(?:%s)?(?:,(?:%s)?)*$", re, re);
            break;
          case RFC822_ITEM: /* (?:^|,$rfc822_lwsp*)($rfc822re) */
            pattern
                = g_strdup_printf ("(?:^|,(?:(?:\\r\\n)?[ \\t])*)(%s)", re);
            break;
          default: /* rfc822_strip_comments() */
            pattern = g_strdup (
                "^((?:[^\"\\\\]|\\\\.)*"
                "(?:\"(?:[^\"\\\\]|\\\\.)*\"(?:[^\"\\\\]|\\\\.)*)*)"
                "\\((?:[^()\\\\]|\\\\.)*\\)");
            break;
        }
      r[which] = compile (pattern, PCC_REGEX_DOTALL);
      g_once_init_leave (&once[which], 1);
    }
  return r[which];
}

static gboolean
is_perl_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
         || c == '\v';
}

/* s/^\s+|\s+$//g */
static char *
trim (const char *s)
{
  const char *end = s + strlen (s);
  while (*s && is_perl_space (*s))
    s++;
  while (end > s && is_perl_space (end[-1]))
    end--;
  return g_strndup (s, end - s);
}

/* s/^\"|\"$//g: one quote at each end. */
static void
strip_quotes (char *s)
{
  gsize len = strlen (s);
  if (len > 0 && s[len - 1] == '"')
    s[--len] = '\0';
  if (s[0] == '"')
    memmove (s, s + 1, len);
}

/* The "must quote" step shared by parse_email() and format_email():
 * if ($name =~ /[^\w \-]/i) { $name =~ s/(?<!\\)"/\\"/g; $name = "\"$name\""; }
 * with Perl's \w on bytes, [A-Za-z0-9_]. */
static char *
quote_name (char *name)
{
  const guchar *p = (const guchar *) name;
  while (*p && (g_ascii_isalnum (*p) || *p == '_' || *p == ' ' || *p == '-'))
    p++;
  if (*p == '\0')
    return name;
  GString *q = g_string_sized_new (strlen (name) + 8);
  g_string_append_c (q, '"');
  for (const char *c = name; *c; c++)
    {
      if (*c == '"' && !(c > name && c[-1] == '\\'))
        g_string_append_c (q, '\\');
      g_string_append_c (q, *c);
    }
  g_string_append_c (q, '"');
  g_free (name);
  return g_string_free (q, FALSE);
}

/* ^([^<]+)<(.+\@.*)>.*$ without the regex engine, for a string without a
 * newline: the name is all before the first '<'; the address runs to the
 * last '>' and must hold an '@' after its first byte.  FALSE when that
 * does not hold (the caller then asks the regular expressions). */
static gboolean
parse_named_fast (const char *s, char **name, char **address)
{
  if (strchr (s, '\n') != NULL)
    return FALSE;
  const char *lt = strchr (s, '<');
  const char *gt = strrchr (s, '>');
  if (lt == NULL || lt == s || gt == NULL || gt <= lt + 2)
    return FALSE;
  const char *at = memchr (lt + 2, '@', gt - (lt + 2));
  if (at == NULL)
    return FALSE;
  *name = g_strndup (s, lt - s);
  *address = g_strndup (lt + 1, gt - (lt + 1));
  return TRUE;
}

void
pcc_email_parse (const char *formatted, char **name_out, char **address_out)
{
  const EmailRegexes *r = regexes ();
  char *name = NULL, *address = NULL;

  if (parse_named_fast (formatted, &name, &address))
    {
      /* the common "Name <addr>" */
    }
  else if (pcc_regex_match (r->parse_named, formatted, -1, 0))
    {
      name = pcc_regex_group (r->parse_named, formatted, 1);
      address = pcc_regex_group (r->parse_named, formatted, 2);
    }
  else if (pcc_regex_match (r->parse_bracket, formatted, -1, 0))
    {
      address = pcc_regex_group (r->parse_bracket, formatted, 1);
    }
  else if (pcc_regex_match (r->parse_bare, formatted, -1, 0))
    {
      address = pcc_regex_group (r->parse_bare, formatted, 1);
    }

  char *n = trim (name ? name : "");
  strip_quotes (n);
  char *a = trim (address ? address : "");
  g_free (name);
  g_free (address);

  *name_out = quote_name (n);
  *address_out = a;
}

char *
pcc_email_format (const char *name_in, const char *address_in,
                  gboolean usename)
{
  char *name = trim (name_in);
  strip_quotes (name);
  g_autofree char *address = trim (address_in);
  name = quote_name (name);

  char *out;
  if (usename && name[0] != '\0')
    out = g_strconcat (name, " <", address, ">", NULL);
  else
    out = g_strdup (address);
  g_free (name);
  return out;
}

/* rfc822_strip_comments(): without a '(' there is no comment to strip. */
static char *
strip_comments (const char *s)
{
  char *cur = g_strdup (s);
  if (strchr (s, '(') == NULL)
    return cur;

  /* s/^(...)\(comment\)/$1 / until nothing matches; each pass removes
   * one comment, so this ends. */
  PccRegex *comment = rfc822_regex (RFC822_COMMENT);
  while (pcc_regex_match (comment, cur, -1, 0))
    {
      gsize end;
      pcc_regex_group_pos (comment, 0, NULL, &end);
      g_autofree char *keep = pcc_regex_group (comment, cur, 1);
      char *next = g_strconcat (keep ? keep : "", " ", cur + end, NULL);
      g_free (cur);
      cur = next;
    }
  return cur;
}

/* A byte of make_rfc822re()'s $atom: not a special ()<>@,;:\".[], not a
 * space, not a control (\000-\037, \177); bytes >= 0x80 are atom bytes
 * (no UTF mode). */
static gboolean
is_atom_byte (guchar c)
{
  return c > ' ' && c != 0x7f && strchr ("()<>@,;:\\\".[]", c) == NULL;
}

/* [ \t]*: the $rfc822_lwsp runs, without their optional CR LF. */
static const char *
skip_blanks (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* atom ('.' atom)*: NULL when @p does not start so. */
static const char *
skip_dot_atoms (const char *p)
{
  for (;;)
    {
      if (!is_atom_byte (*p))
        return NULL;
      while (is_atom_byte (*p))
        p++;
      if (*p != '.')
        return p;
      p++;
    }
}

/* rfc822_valid() of a comment-free string without the expression, when
 * the answer is plain: 1 when ^$rfc822re$ matches, 0 when it does not,
 * -1 when only the expression can tell.
 *
 * Every alternative of $rfc822re holds a literal '@' (an addr-spec) or
 * ':' (a group), so without both the answer is no.  It is yes for
 *   [ \t]* local '@' domain [ \t]*
 *   [ \t]* phrase '<' local '@' domain '>' [ \t]*
 * with local and domain atoms joined by single dots, and the phrase
 * atoms each followed by blanks, a '"' or the '<', or quoted strings
 * (no '\\' or CR inside) each followed by optional blanks: each of these
 * is a $mailbox, token for token (an atom may end before a special, a
 * '"' or at the end; its blanks and a quoted string's are its own
 * $rfc822_lwsp).  Everything else is -1, answered by the expression.
 * tests/test-email.c compares the two on many generated strings. */
static int
rfc822_valid_fast (const char *s)
{
  if (strpbrk (s, "@:") == NULL)
    return 0;
  const char *p = skip_blanks (s);
  const char *lt = strchr (p, '<');
  if (lt != NULL)
    {
      /* the phrase */
      while (p < lt)
        {
          if (*p == '"')
            {
              for (p++; *p != '"'; p++)
                if (*p == '\0' || *p == '\\' || *p == '\r')
                  return -1;
              p = skip_blanks (p + 1);
            }
          else if (is_atom_byte (*p))
            {
              /* blanks, or a '"' or the '<' next: any other byte
               * fails on the next turn */
              while (is_atom_byte (*p))
                p++;
              p = skip_blanks (p);
            }
          else
            return -1;
        }
      if (p != lt) /* a '<' inside a quoted string */
        return -1;
      p++;
    }
  p = skip_dot_atoms (p);
  if (p == NULL || *p != '@')
    return -1;
  p = skip_dot_atoms (p + 1);
  if (p == NULL)
    return -1;
  if (lt != NULL)
    {
      if (*p != '>')
        return -1;
      p++;
    }
  return *skip_blanks (p) == '\0' ? 1 : -1;
}

gboolean
pcc_email_rfc822_valid (const char *s)
{
  g_autofree char *stripped = strip_comments (s);
  int fast = rfc822_valid_fast (stripped);
  if (fast >= 0)
    return fast;
  return pcc_regex_match (rfc822_regex (RFC822_FULL), stripped, -1, 0);
}

gboolean
pcc_email_rfc822_valid_regex (const char *s)
{
  g_autofree char *stripped = strip_comments (s);
  return pcc_regex_match (rfc822_regex (RFC822_FULL), stripped, -1, 0);
}

GPtrArray *
pcc_email_rfc822_validlist (const char *s)
{
  g_autofree char *stripped = strip_comments (s);

  if (!pcc_regex_match (rfc822_regex (RFC822_LIST), stripped, -1, 0))
    return NULL;

  PccRegex *item = rfc822_regex (RFC822_ITEM);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  gsize pos = 0, len = strlen (stripped);
  while (pos <= len && pcc_regex_match (item, stripped, len, pos))
    {
      gsize ms, me;
      pcc_regex_group_pos (item, 0, &ms, &me);
      char *g = pcc_regex_group (item, stripped, 1);
      g_ptr_array_add (out, g ? g : g_strdup (""));
      pos = me > ms ? me : ms + 1;
    }
  return out;
}

gboolean
pcc_email_has_control (const char *s)
{
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      return TRUE;
  return FALSE;
}

void
pcc_address_free (PccAddress *a)
{
  if (a == NULL)
    return;
  g_free (a->display);
  g_free (a->name);
  g_free (a->email);
  g_free (a);
}

char *
pcc_email_key (const char *email)
{
  g_autofree char *t = trim (email);
  return g_ascii_strdown (t, -1);
}

/* Whether a display name can go into a header without quotes (atext and
 * spaces only). */
static gboolean
name_is_atoms (const char *name)
{
  for (const char *p = name; *p; p++)
    {
      if (g_ascii_isalnum (*p) || (*p & 0x80) || *p == ' ')
        continue;
      if (strchr ("!#$%&'*+-/=?^_`{|}~", *p) == NULL)
        return FALSE;
    }
  return TRUE;
}

static char *
display_for (const char *name, const char *email)
{
  if (name == NULL || name[0] == '\0')
    return g_strdup (email);
  if (name_is_atoms (name))
    return g_strdup_printf ("%s <%s>", name, email);
  GString *q = g_string_new ("\"");
  for (const char *p = name; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (q, '\\');
      g_string_append_c (q, *p);
    }
  g_string_append_printf (q, "\" <%s>", email);
  return g_string_free (q, FALSE);
}

static void
add_mailbox (GPtrArray *out, struct mailimf_mailbox *mb)
{
  PccAddress *a = g_new0 (PccAddress, 1);
  a->email = g_strdup (mb->mb_addr_spec);
  if (mb->mb_display_name != NULL)
    {
      char *n = pcc_rfc2047_decode (mb->mb_display_name);
      if (pcc_email_has_control (n))
        {
          /* an encoded word for a control byte: the name stays as it was
           * written (the caller checked it has none), never decoded into
           * a header */
          g_free (n);
          n = g_strdup (mb->mb_display_name);
        }
      char *t = trim (n);
      g_free (n);
      if (t[0] != '\0')
        a->name = t;
      else
        g_free (t);
    }
  a->display = display_for (a->name, a->email);
  g_ptr_array_add (out, a);
}

GPtrArray *
pcc_address_list_parse (const char *value, GError **error)
{
  GPtrArray *out
      = g_ptr_array_new_with_free_func ((GDestroyNotify) pcc_address_free);
  g_autofree char *t = trim (value);
  if (t[0] == '\0')
    return out;
  if (pcc_email_has_control (t))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "address list \"%s\" contains a control character", t);
      g_ptr_array_unref (out);
      return NULL;
    }

  size_t idx = 0;
  struct mailimf_address_list *list = NULL;
  int rc = mailimf_address_list_parse (t, strlen (t), &idx, &list);
  /* Trailing blanks or a trailing comma are fine; anything else left
   * over means the value did not parse as a whole. */
  gboolean rest_ok = TRUE;
  for (size_t i = idx; rc == MAILIMF_NO_ERROR && i < strlen (t); i++)
    if (t[i] != ' ' && t[i] != '\t' && t[i] != ',')
      rest_ok = FALSE;
  if (rc != MAILIMF_NO_ERROR || !rest_ok)
    {
      if (list)
        mailimf_address_list_free (list);
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "\"%s\" is not a valid address list", t);
      g_ptr_array_unref (out);
      return NULL;
    }

  for (clistiter *it = clist_begin (list->ad_list); it; it = clist_next (it))
    {
      struct mailimf_address *ad = clist_content (it);
      /* libetpan is lenient: "<<<" or "foo bar" parse.  Keep only what is
     * an address. */
      if (ad->ad_type == MAILIMF_ADDRESS_MAILBOX)
        {
          add_mailbox (out, ad->ad_data.ad_mailbox);
        }
      else if (ad->ad_data.ad_group->grp_mb_list != NULL)
        {
          clist *mbs = ad->ad_data.ad_group->grp_mb_list->mb_list;
          for (clistiter *m = clist_begin (mbs); m; m = clist_next (m))
            add_mailbox (out, clist_content (m));
        }
    }
  mailimf_address_list_free (list);
  gboolean valid = out->len > 0;
  for (guint i = 0; i < out->len && valid; i++)
    {
      const char *e = ((PccAddress *) out->pdata[i])->email;
      const char *at = e ? strchr (e, '@') : NULL;
      valid = at != NULL && at > e && at[1] != '\0'
              && strchr (at + 1, '@') == NULL
              && strpbrk (e, " \t<>\"") == NULL;
    }
  if (!valid)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "\"%s\" is not a valid address list", t);
      g_ptr_array_unref (out);
      return NULL;
    }
  return out;
}
