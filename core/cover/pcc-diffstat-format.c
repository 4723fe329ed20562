/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-diffstat-format.c - the series diffstat printed as git prints it:
 * --stat column widths and scaling, "..." truncation, "{a => b}" renames,
 * C-quoted names, the totals line and the --summary lines.  The numbers
 * come from pcc-diffstat.c (pcc_diffstat_collect_entries()). */
#include "pcc-diffstat.h"
#include "pcc-diffstat-private.h"
#include "pcc-quote.h"
#include "pcc-text.h"

#include <string.h>

/* How git names @e in --stat: quoted, "dir/{a => b}" for a rename. */
static char *
print_name (const PccDiffstatEntry *e)
{
  return e->orig_name ? pcc_quote_rename (e->orig_name, e->name)
                      : pcc_quote_path (e->name);
}

/* git's --summary lines for @e. */
static void
append_summary (GString *out, const PccDiffstatEntry *e)
{
  if (e->created)
    {
      g_autofree char *q = pcc_quote_path (e->name);
      if (e->cur_mode)
        g_string_append_printf (out, " create mode %06o %s\n", e->cur_mode, q);
      else
        g_string_append_printf (out, " create %s\n", q);
    }
  else if (e->removed)
    {
      g_autofree char *q = pcc_quote_path (e->name);
      if (e->orig_mode)
        g_string_append_printf (out, " delete mode %06o %s\n", e->orig_mode,
                                q);
      else
        g_string_append_printf (out, " delete %s\n", q);
    }
  else if (e->orig_name)
    {
      g_autofree char *names = pcc_quote_rename (e->orig_name, e->name);
      g_string_append_printf (out, " rename %s (%d%%)\n", names,
                              e->similarity);
      if (e->mode_change)
        g_string_append_printf (out, " mode change %06o => %06o\n",
                                e->orig_mode, e->cur_mode);
    }
  else if (e->mode_change)
    {
      g_autofree char *q = pcc_quote_path (e->name);
      g_string_append_printf (out, " mode change %06o => %06o %s\n",
                              e->orig_mode, e->cur_mode, q);
    }
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
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < entries->len; i++)
    g_ptr_array_add (names,
                     print_name (&g_array_index (entries, PccDiffstatEntry, i)));

  guint64 max_change = 0;
  int max_len = 0, number_width = 0, bin_width = 0;
  for (guint i = 0; i < entries->len; i++)
    {
      const PccDiffstatEntry *e
          = &g_array_index (entries, PccDiffstatEntry, i);
      guint64 change = (guint64) e->added + e->deleted;
      int len = utf8_strwidth (names->pdata[i]);
      if (max_len < len)
        max_len = len;
      if (e->binary)
        {
          int w = 14 + pcc_text_decimal_width (e->added) + pcc_text_decimal_width (e->deleted);
          bin_width = bin_width < w ? w : bin_width;
          number_width = 3;
          continue;
        }
      if (max_change < change)
        max_change = change;
    }

  if (width <= 0)
    width = 80;
  number_width = pcc_text_decimal_width (max_change) > number_width
                     ? pcc_text_decimal_width (max_change)
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
      const char *name = names->pdata[i];
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
        append_summary (out, e);
      }
  return g_string_free (out, FALSE);
}
