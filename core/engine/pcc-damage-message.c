/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-damage-message.c - the commit message, "---" and diffstat of a
 * patch mail (see pcc-damage-message.h)
 *
 * For each mail, the lines before its first diff: the header block is
 * skipped, the separator is the first "---" alone on its line (git
 * mailinfo cuts the message there), the trailer block is the paragraph
 * before it, the diffstat the lines after it.  Each rule below needs the
 * signature of wrapping (pcc_damage_looks_wrapped(): the line's first
 * word would not have fitted after the line before it) and a line that
 * can only be a piece of the line before: the rest of an address or of
 * a URL, a trailer whose value was cut, "---" or a trailer glued to the
 * end of other text, a diffstat line without its "|".
 */
#include "pcc-damage-message.h"

#include <string.h>

typedef PccDamageLine Line;

typedef struct
{
  const Line *lines;
  guint n;
  PccDamage *damage;
} Msg;

static gboolean
has_prefix (const Line *l, const char *prefix)
{
  gsize n = strlen (prefix);
  return l->len >= n && g_ascii_strncasecmp (l->s, prefix, n) == 0;
}

static gboolean
is_blank (const Line *l)
{
  for (gsize k = 0; k < l->len; k++)
    if (!g_ascii_isspace (l->s[k]))
      return FALSE;
  return TRUE;
}

static gboolean
is_separator (const Line *l)
{
  gsize len = l->len;
  while (len > 3 && g_ascii_isspace (l->s[len - 1]))
    len--;
  return len == 3 && memcmp (l->s, "---", 3) == 0;
}

/* Line @i is the tail of line @i - 1 broken by wrapping: the strict test
 * of pcc-damage.c, or a head of one word (after its indentation) that
 * reaches the column by itself, so that the first white space after it
 * was the first place to break ("Link:" then a long URL, a diffstat path
 * too long for the column). */
static gboolean
wrapped (const Msg *m, guint i)
{
  if (pcc_damage_looks_wrapped (m->lines, m->n, i, 1))
    return TRUE;
  if (i == 0 || i >= m->n || is_blank (&m->lines[i]))
    return FALSE;
  const Line *head = &m->lines[i - 1];
  gsize k = 0;
  while (k < head->len && (head->s[k] == ' ' || head->s[k] == '\t'))
    k++;
  if (k == head->len || memchr (head->s + k, ' ', head->len - k)
      || memchr (head->s + k, '\t', head->len - k))
    return FALSE;
  return pcc_damage_line_width (head->s, head->len) >= PCC_DAMAGE_WRAP_COLUMN;
}

static void G_GNUC_PRINTF (4, 5)
    report (Msg *m, guint i, gboolean tail, const char *fmt, ...)
{
  if (m->damage && m->damage->line <= i + 1)
    return;
  pcc_damage_free (m->damage);
  va_list ap;
  va_start (ap, fmt);
  m->damage = g_new0 (PccDamage, 1);
  m->damage->line = i + 1;
  m->damage->problem = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  /* Line @i is the tail of a wrapped line, or (unless @tail) line
   * @i + 1 holds the rest of line @i. */
  guint t = wrapped (m, i) || tail ? i : i + 1;
  if (wrapped (m, t))
    {
      m->damage->rewrapped = TRUE;
      m->damage->cause = g_strdup_printf (
          "line %u looks like the tail of line %u, wrapped at column %d "
          "(automatic line wrapping)",
          t + 1, t, PCC_DAMAGE_WRAP_COLUMN);
    }
}

/* --- trailers ---------------------------------------------------------- */

/* "Token: value" (or "Token:" alone, as a cut trailer is left): the
 * length of the token, 0 when @l is no trailer.  A token is letters,
 * digits and '-', and starts with a capital or has a '-' in it: the rest
 * of a cut Fixes: subject ("display: fix the") is no trailer. */
static gsize
trailer_key (const Line *l)
{
  gsize k = 0;
  gboolean dash = FALSE;
  while (k < l->len && (g_ascii_isalnum (l->s[k]) || l->s[k] == '-'))
    dash |= l->s[k++] == '-';
  if (k == 0 || k > 40 || k >= l->len || l->s[k] != ':')
    return 0;
  if (k + 1 < l->len && l->s[k + 1] != ' ' && l->s[k + 1] != '\t')
    return 0;
  if (!g_ascii_isupper (l->s[0]) && !dash)
    return 0;
  return k;
}

static const char *
find (const char *s, const char *end, const char *what)
{
  gsize n = strlen (what);
  for (const char *p = s; p + n <= end; p++)
    if (memcmp (p, what, n) == 0)
      return p;
  return NULL;
}

static gboolean
is_url (const char *p, const char *end)
{
  static const char *const schemes[] = { "http://", "https://", "ftp://" };
  for (guint k = 0; k < G_N_ELEMENTS (schemes); k++)
    {
      gsize n = strlen (schemes[k]);
      if ((gsize) (end - p) >= n
          && g_ascii_strncasecmp (p, schemes[k], n) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A token kernel trailers use: "...-by", Cc, Link, Closes, Fixes,
 * BugLink.  Other "Token:" lines ("References:" over a list of URLs)
 * are taken as text. */
static gboolean
known_key (const Line *l, gsize key)
{
  static const char *const keys[]
      = { "Cc", "Link", "Closes", "Fixes", "BugLink" };
  if (key >= 3 && g_ascii_strncasecmp (l->s + key - 3, "-by", 3) == 0)
    return TRUE;
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    if (key == strlen (keys[k])
        && g_ascii_strncasecmp (l->s, keys[k], key) == 0)
      return TRUE;
  return FALSE;
}

/* A trailer whose value wrapping cut short: no value, a name without its
 * address, an address without its '>', a link without its URL, a Fixes:
 * subject without its '")'. */
static gboolean
trailer_cut (const Line *l, gsize key)
{
  const char *v = l->s + key + 1, *end = l->s + l->len;
  while (v < end && (*v == ' ' || *v == '\t'))
    v++;
  if (v == end)
    return TRUE;
  gboolean ident
      = (key >= 3 && g_ascii_strncasecmp (l->s + key - 3, "-by", 3) == 0)
        || (key == 2 && g_ascii_strncasecmp (l->s, "Cc", 2) == 0);
  const char *lt = memchr (v, '<', end - v);
  if (lt && !memchr (lt, '>', end - lt))
    return TRUE;
  if (ident)
    return memchr (v, '@', end - v) == NULL;
  if ((key == 4 && g_ascii_strncasecmp (l->s, "Link", 4) == 0)
      || (key == 6 && g_ascii_strncasecmp (l->s, "Closes", 6) == 0))
    return !is_url (v, end);
  if (key == 5 && g_ascii_strncasecmp (l->s, "Fixes", 5) == 0)
    {
      const char *q = find (v, end, "(\"");
      return q && !find (q, end, "\")");
    }
  return FALSE;
}

/* A trailer git writes or kernel tools add, glued after other text on
 * line @l: its offset, or NULL. */
static const char *
glued_trailer (const Line *l)
{
  static const char *const keys[]
      = { " Signed-off-by: ",   " Reviewed-by: ", " Acked-by: ",
          " Tested-by: ",       " Reported-by: ", " Suggested-by: ",
          " Co-developed-by: ", " Link: ",        " Closes: ",
          " Fixes: ",           " Cc: " };
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      const char *p = find (l->s, l->s + l->len, keys[k]);
      if (p)
        return p;
    }
  return NULL;
}

/* "---" glued to the end of line @i, or with more after it on the line,
 * where wrapping put it: on a trailer line or a wrapped tail. */
static gboolean
glued_separator (const Msg *m, guint i)
{
  const Line *l = &m->lines[i];
  gsize len = l->len;
  while (len > 0 && g_ascii_isspace (l->s[len - 1]))
    len--;
  /* "---" starting a tail, the next line joined to it. */
  if (len > 4 && memcmp (l->s, "--- ", 4) == 0)
    return wrapped (m, i);
  if (!(len > 4 && memcmp (l->s + len - 4, " ---", 4) == 0)
      && !find (l->s, l->s + len, " --- "))
    return FALSE;
  return trailer_key (l) || wrapped (m, i);
}

/* Line @i of a trailer block (not its first): is it a piece of line
 * @i - 1 that wrapping made? */
static void
check_trailer_line (Msg *m, guint i)
{
  const Line *l = &m->lines[i], *prev = &m->lines[i - 1];
  gsize key = trailer_key (l), pkey = trailer_key (prev);
  if (key || is_blank (l) || !wrapped (m, i))
    return;
  if (pkey && known_key (prev, pkey))
    {
      const char *end = l->s + l->len;
      gboolean piece
          = l->s[0] == '<' || is_url (l->s, end) || trailer_cut (prev, pkey)
            || (memchr (l->s, '@', l->len) && memchr (l->s, '>', l->len));
      if (piece)
        {
          report (m, i, TRUE,
                  "this line of the trailers is no trailer (\"Token: "
                  "value\"): it holds the rest of the %.*s: trailer on line "
                  "%u",
                  (int) pkey, prev->s, i);
          return;
        }
    }
  if (glued_trailer (l))
    report (m, i, TRUE,
            "a trailer starts in the middle of this line, after the rest "
            "of line %u",
            i);
}

/* A trailer whose address is cut, the tail nowhere to be seen. */
static void
check_address (Msg *m, guint i)
{
  const Line *l = &m->lines[i];
  gsize key = trailer_key (l);
  if (!key)
    return;
  const char *end = l->s + l->len, *lt = memchr (l->s, '<', l->len);
  gboolean ident
      = key >= 3 && g_ascii_strncasecmp (l->s + key - 3, "-by", 3) == 0;
  if (ident && lt && !memchr (lt, '>', end - lt))
    report (m, i, FALSE, "the address of this %.*s: trailer is cut", (int) key,
            l->s);
}

/* --- the diffstat ------------------------------------------------------- */

/* " path | 12 +-", " path | Bin 1 -> 2 bytes", " 2 files changed, ...",
 * " create mode 100644 x" and the like. */
static gboolean
is_stat_line (const Line *l)
{
  if (l->len < 3 || l->s[0] != ' ')
    return FALSE;
  const char *end = l->s + l->len, *bar = NULL;
  for (const char *p = end - 1; p > l->s; p--)
    if (*p == '|')
      {
        bar = p;
        break;
      }
  if (bar && bar[-1] == ' ')
    {
      const char *p = bar + 1;
      while (p < end && *p == ' ')
        p++;
      if (end - p >= 3 && memcmp (p, "Bin", 3) == 0)
        return TRUE;
      if (p == end || !g_ascii_isdigit (*p))
        return FALSE;
      while (p < end && g_ascii_isdigit (*p))
        p++;
      if (p < end && *p++ != ' ')
        return FALSE;
      while (p < end && (*p == '+' || *p == '-'))
        p++;
      return p == end;
    }
  const char *p = l->s + 1;
  if (g_ascii_isdigit (*p))
    {
      while (p < end && g_ascii_isdigit (*p))
        p++;
      if (!find (p, end, " changed"))
        return FALSE;
      /* Nothing glued after the last "(+)" or "(-)". */
      return l->s[l->len - 1] == ')' || find (p, end, "changed") + 7 == end;
    }
  static const char *const summary[]
      = { " create mode ", " delete mode ", " mode change ", " rename ",
          " copy " };
  for (guint k = 0; k < G_N_ELEMENTS (summary); k++)
    if (has_prefix (l, summary[k]))
      return TRUE;
  return FALSE;
}

/* The first line of a diffstat: an entry, or an entry's path alone
 * with the rest ("| 2 +-") on the next line. */
static gboolean
looks_stat_start (const Msg *m, guint i)
{
  const Line *l = &m->lines[i];
  if (l->len <= 3 || l->s[0] != ' ' || l->s[1] == ' ')
    return FALSE;
  if (find (l->s, l->s + l->len, " | ") || is_stat_line (l))
    return TRUE;
  if (memchr (l->s + 1, ' ', l->len - 1) || i + 1 >= m->n)
    return FALSE;
  const Line *next = &m->lines[i + 1];
  gsize k = 0;
  while (k < next->len && next->s[k] == ' ')
    k++;
  return next->len - k >= 2 && next->s[k] == '|' && next->s[k + 1] == ' ';
}

/* The diffstat from line @from to the end of its paragraph. */
static void
check_stat (Msg *m, guint from, guint end)
{
  for (guint i = from; i < end && !is_blank (&m->lines[i]); i++)
    {
      const Line *l = &m->lines[i];
      if (is_stat_line (l))
        continue;
      if (i + 1 < end && !is_blank (&m->lines[i + 1]) && wrapped (m, i + 1)
          && !memchr (l->s, '|', l->len))
        report (m, i + 1, TRUE,
                "diffstat line %u is cut short; this line holds its rest",
                i + 1);
      else if (wrapped (m, i))
        report (m, i, TRUE,
                "this line is no diffstat line: it holds the rest of line %u",
                i);
      return;
    }
}

/* --- one mail ------------------------------------------------------------ */

static gboolean
is_header (const Line *l)
{
  gsize k = 0;
  while (k < l->len && (g_ascii_isalnum (l->s[k]) || l->s[k] == '-'))
    k++;
  return k > 0 && k < l->len && l->s[k] == ':';
}

/* The line after the header block that starts at @s, or @s when the
 * lines there are no header block (a compose body, say). */
static guint
skip_headers (const Msg *m, guint s, guint e)
{
  gboolean mail = s < e && has_prefix (&m->lines[s], "From ");
  guint i = mail ? s + 1 : s;
  for (; i < e && !is_blank (&m->lines[i]); i++)
    {
      const Line *l = &m->lines[i];
      if (l->s[0] == ' ' || l->s[0] == '\t')
        continue;
      if (!is_header (l))
        return s;
      mail |= has_prefix (l, "From:") || has_prefix (l, "Subject:")
              || has_prefix (l, "Date:");
    }
  return mail && i < e ? i + 1 : s;
}

/* The lines [@s, @e) of one mail, @e its first diff line. */
static void
check_mail (Msg *m, guint s, guint e)
{
  s = skip_headers (m, s, e);
  guint sep = G_MAXUINT, glued = G_MAXUINT;
  for (guint i = s; i < e && sep == G_MAXUINT; i++)
    if (is_separator (&m->lines[i]))
      sep = i;
  if (sep == G_MAXUINT)
    {
      /* No "---" alone: wrapping glued it to a trailer or a tail. */
      for (guint i = s; i < e && glued == G_MAXUINT; i++)
        if (glued_separator (m, i))
          glued = i;
    }
  guint from = sep != G_MAXUINT ? sep + 1 : glued != G_MAXUINT ? glued + 1 : e;
  guint stat = G_MAXUINT;
  for (guint i = from; i < e && stat == G_MAXUINT; i++)
    if (looks_stat_start (m, i))
      stat = i;
  /* The trailer block: the paragraph before the separator (or before
   * the diffstat, or the diff, when there is none). */
  guint tend = sep != G_MAXUINT     ? sep
               : glued != G_MAXUINT ? glued + 1
               : stat != G_MAXUINT  ? stat
                                    : e;
  while (tend > s && is_blank (&m->lines[tend - 1]))
    tend--;
  guint ts = tend;
  while (ts > s && !is_blank (&m->lines[ts - 1]))
    ts--;
  for (guint i = ts; i < tend; i++)
    {
      check_address (m, i);
      if (i > ts)
        check_trailer_line (m, i);
    }
  if (glued != G_MAXUINT)
    {
      report (m, glued, FALSE,
              "the '---' line that ends the commit message is not alone on "
              "its line: it is glued to this one");
      if (m->damage->line == glued + 1 && !m->damage->cause)
        {
          /* Only wrapping joins lines: the rewrapped paragraph ran on
           * into the separator. */
          m->damage->rewrapped = TRUE;
          m->damage->cause = g_strdup_printf (
              "the '---' line was joined to line %u when the paragraph was "
              "re-wrapped at column %d (automatic line wrapping)",
              glued + 1, PCC_DAMAGE_WRAP_COLUMN);
        }
    }
  if (stat != G_MAXUINT)
    check_stat (m, stat, e);
}

static gboolean
is_from_line (const Line *l)
{
  /* mbox: "From <sender> <date>", as git format-patch writes it. */
  return has_prefix (l, "From ") && l->len > 30
         && find (l->s, l->s + l->len, " 2001") != NULL;
}

static gboolean
is_diff_start (const Msg *m, guint i)
{
  const Line *l = &m->lines[i];
  if (has_prefix (l, "diff --git "))
    return TRUE;
  return i + 2 < m->n && has_prefix (l, "--- ")
         && has_prefix (&m->lines[i + 1], "+++ ")
         && has_prefix (&m->lines[i + 2], "@@ -");
}

PccDamage *
pcc_damage_check_message (const PccDamageLine *lines, guint n_lines)
{
  Msg m = { lines, n_lines, NULL };
  guint start = 0;
  gboolean done = FALSE;
  for (guint i = 0; i < n_lines && !m.damage; i++)
    {
      if (is_from_line (&lines[i]))
        {
          start = i;
          done = FALSE;
        }
      else if (!done && is_diff_start (&m, i))
        {
          check_mail (&m, start, i);
          done = TRUE;
        }
    }
  return m.damage;
}
