/* pcc-diffstat-format.c - the series diffstat printed as git prints it:
 * --stat column widths and scaling, "..." truncation, "{a => b}" renames,
 * C-quoted names, the totals line and the --summary lines.  The numbers
 * come from pcc-diffstat.c (pcc_diffstat_collect_entries()). */
#include "pcc-diffstat.h"
#include "pcc-diffstat-private.h"

#include <string.h>

char *
pcc_diffstat_quote_path (const char *path)
{
  gboolean need = FALSE;
  for (const unsigned char *p = (const unsigned char *) path; *p; p++)
    if (*p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f)
      need = TRUE;
  if (!need)
    return g_strdup (path);
  GString *out = g_string_new ("\"");
  for (const unsigned char *p = (const unsigned char *) path; *p; p++)
    {
      unsigned char c = *p;
      const char *esc = NULL;
      switch (c)
        {
          case '\a':
            esc = "\\a";
            break;
          case '\b':
            esc = "\\b";
            break;
          case '\t':
            esc = "\\t";
            break;
          case '\n':
            esc = "\\n";
            break;
          case '\v':
            esc = "\\v";
            break;
          case '\f':
            esc = "\\f";
            break;
          case '\r':
            esc = "\\r";
            break;
          case '"':
            esc = "\\\"";
            break;
          case '\\':
            esc = "\\\\";
            break;
          default:
            break;
        }
      if (esc)
        g_string_append (out, esc);
      else if (c < 0x20 || c >= 0x7f)
        g_string_append_printf (out, "\\%03o", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

static gboolean
needs_quote (const char *s)
{
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    if (*p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f)
      return TRUE;
  return FALSE;
}

char *
pcc_diffstat_pprint_rename (const char *a, const char *b)
{
  if (needs_quote (a) || needs_quote (b))
    {
      g_autofree char *qa = pcc_diffstat_quote_path (a);
      g_autofree char *qb = pcc_diffstat_quote_path (b);
      return g_strdup_printf ("%s => %s", qa, qb);
    }
  int len_a = (int) strlen (a), len_b = (int) strlen (b);
  int pfx = 0, sfx = 0;
  const char *o = a, *n = b;
  while (*o && *n && *o == *n)
    {
      if (*o == '/')
        pfx = (int) (o - a) + 1;
      o++;
      n++;
    }
  o = a + len_a;
  n = b + len_b;
  int adj = pfx ? 1 : 0;
  while (a + pfx - adj <= o && b + pfx - adj <= n && *o == *n)
    {
      if (*o == '/')
        sfx = len_a - (int) (o - a);
      o--;
      n--;
    }
  int a_mid = len_a - pfx - sfx, b_mid = len_b - pfx - sfx;
  if (a_mid < 0)
    a_mid = 0;
  if (b_mid < 0)
    b_mid = 0;
  GString *s = g_string_new (NULL);
  if (pfx + sfx)
    {
      g_string_append_len (s, a, pfx);
      g_string_append_c (s, '{');
    }
  g_string_append_len (s, a + pfx, a_mid);
  g_string_append (s, " => ");
  g_string_append_len (s, b + pfx, b_mid);
  if (pfx + sfx)
    {
      g_string_append_c (s, '}');
      g_string_append_len (s, a + len_a - sfx, sfx);
    }
  return g_string_free (s, FALSE);
}

static int
decimal_width (guint64 n)
{
  int w = 1;
  while (n >= 10)
    {
      n /= 10;
      w++;
    }
  return w;
}

static int
utf8_strwidth (const char *s)
{
  int w = 0;
  if (!g_utf8_validate (s, -1, NULL))
    return (int) strlen (s);
  for (; *s; s = g_utf8_next_char (s))
    {
      gunichar c = g_utf8_get_char (s);
      if (g_unichar_iszerowidth (c))
        continue;
      w += g_unichar_iswide (c) ? 2 : 1;
    }
  return w;
}

static int
scale_linear (int it, int width, int max_change)
{
  if (!it)
    return 0;
  return 1 + (int) ((gint64) it * (width - 1) / max_change);
}

/* git's show_stats() and print_stat_summary_inserts_deletes(), with no
 * colour, no line prefix, no --stat-count, --stat-name-width or
 * --stat-graph-width. */
char *
pcc_diffstat_format (PccDiffstat *ds, int width, gboolean summary)
{
  g_autoptr (GArray) entries = pcc_diffstat_collect_entries (ds);
  GString *out = g_string_new (NULL);
  if (entries->len == 0)
    return g_string_free (out, FALSE);

  guint64 max_change = 0;
  int max_len = 0, number_width = 0, bin_width = 0;
  for (guint i = 0; i < entries->len; i++)
    {
      const PccDiffstatEntry *e
          = &g_array_index (entries, PccDiffstatEntry, i);
      guint64 change = (guint64) e->added + e->deleted;
      int len = utf8_strwidth (e->print_name);
      if (max_len < len)
        max_len = len;
      if (e->binary)
        {
          int w = 14 + decimal_width (e->added) + decimal_width (e->deleted);
          bin_width = bin_width < w ? w : bin_width;
          number_width = 3;
          continue;
        }
      if (max_change < change)
        max_change = change;
    }

  if (width <= 0)
    width = 80;
  number_width = decimal_width (max_change) > number_width
                     ? decimal_width (max_change)
                     : number_width;
  if (width < 16 + 6 + number_width)
    width = 16 + 6 + number_width;

  int graph_width
      = (int) max_change + 4 > bin_width ? (int) max_change : bin_width - 4;
  int name_width = max_len;
  if (name_width + number_width + 6 + graph_width > width)
    {
      if (graph_width > width * 3 / 8 - number_width - 6)
        {
          graph_width = width * 3 / 8 - number_width - 6;
          if (graph_width < 6)
            graph_width = 6;
        }
      if (name_width > width - number_width - 6 - graph_width)
        name_width = width - number_width - 6 - graph_width;
      else
        graph_width = width - number_width - 6 - name_width;
    }

  guint total_files = 0, adds = 0, dels = 0;
  for (guint i = 0; i < entries->len; i++)
    {
      const PccDiffstatEntry *e
          = &g_array_index (entries, PccDiffstatEntry, i);
      const char *prefix = "";
      const char *name = e->print_name;
      int len = name_width;
      int name_len = utf8_strwidth (name);
      if (name_width < name_len)
        {
          prefix = "...";
          len -= 3;
          /* Byte offset, as git does (its NEEDSWORK comment). */
          if (name_len - len > 0 && (gsize) (name_len - len) <= strlen (name))
            name += name_len - len;
          const char *slash = strchr (name, '/');
          if (slash)
            name = slash;
        }
      int padding = len - utf8_strwidth (name);
      if (padding < 0)
        padding = 0;

      total_files++;
      if (e->binary)
        {
          g_string_append_printf (out, " %s%s%*s | %*s", prefix, name, padding,
                                  "", number_width, "Bin");
          if (!e->added && !e->deleted)
            {
              g_string_append_c (out, '\n');
              continue;
            }
          g_string_append_printf (out, " %u -> %u bytes\n", e->deleted,
                                  e->added);
          continue;
        }
      adds += e->added;
      dels += e->deleted;

      int add = (int) e->added, del = (int) e->deleted;
      if ((guint64) graph_width <= max_change)
        {
          int total = scale_linear (add + del, graph_width, (int) max_change);
          if (total < 2 && add && del)
            total = 2;
          if (add < del)
            {
              add = scale_linear (add, graph_width, (int) max_change);
              del = total - add;
            }
          else
            {
              del = scale_linear (del, graph_width, (int) max_change);
              add = total - del;
            }
        }
      g_string_append_printf (out, " %s%s%*s | %*u%s", prefix, name, padding,
                              "", number_width, e->added + e->deleted,
                              e->added + e->deleted ? " " : "");
      for (int k = 0; k < add; k++)
        g_string_append_c (out, '+');
      for (int k = 0; k < del; k++)
        g_string_append_c (out, '-');
      g_string_append_c (out, '\n');
    }

  g_string_append_printf (
      out, total_files == 1 ? " %u file changed" : " %u files changed",
      total_files);
  if (adds || dels == 0)
    g_string_append_printf (
        out, adds == 1 ? ", %u insertion(+)" : ", %u insertions(+)", adds);
  if (dels || adds == 0)
    g_string_append_printf (
        out, dels == 1 ? ", %u deletion(-)" : ", %u deletions(-)", dels);
  g_string_append_c (out, '\n');

  if (summary)
    for (guint i = 0; i < entries->len; i++)
      {
        const PccDiffstatEntry *e
            = &g_array_index (entries, PccDiffstatEntry, i);
        if (e->summary)
          g_string_append (out, e->summary);
      }
  return g_string_free (out, FALSE);
}
