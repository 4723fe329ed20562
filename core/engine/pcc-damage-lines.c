/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-damage-lines.c - what the damage check's two halves share
 * (pcc-damage.c, the diffs; pcc-damage-message.c, the message before
 * them): a line's width as Claws Mail counts columns, whether a line is
 * the tail of one that automatic wrapping broke, and freeing a report.
 * Both halves call here; this file calls neither. */
#include "pcc-damage.h"
#include "pcc-damage-message.h"

typedef PccDamageLine Line;

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

guint
pcc_damage_line_width (const char *line, gsize len)
{
  const char *p = line, *end = line + len;
  guint col = 0;
  while (p < end)
    {
      gunichar wc = g_utf8_get_char_validated (p, end - p);
      if (wc == (gunichar) -1 || wc == (gunichar) -2)
        {
          col++;
          p++;
          continue;
        }
      if (wc == '\t')
        col += 8;
      else if (g_unichar_iswide (wc))
        col += 2;
      else
        col++;
      p = g_utf8_next_char (p);
    }
  return col;
}

/* Whether line @i (0-based) looks like the tail of line @i - 1 broken by
 * automatic wrapping.  Claws Mail breaks a line after a white-space
 * character, at the last such place before the column count passes the
 * wrap column, and removes the white space before the break; the tail
 * starts with the next word (or with white space, when there was more
 * than one white-space character).  The overflow happened within that
 * word or the white-space character after it.  So: the head ends with a
 * non-space and fits with the removed white space (at least a column),
 * and head + removed white space +
 * first word + the character after it pass the column.  The removed white
 * space is one column (a space) for the strict test; for the loose one
 * it can be any width (a run of alignment spaces, "FOO =<26 spaces>1"),
 * so only the head is tested, and it must reach past column 40: a
 * shorter head would need more than 30 columns of white space.  The
 * loose test is used where the line is certainly damaged. */
gboolean
pcc_damage_looks_wrapped (const PccDamageLine *lines, guint n_lines, guint i,
                          guint ws)
{
  if (i == 0 || i >= n_lines)
    return FALSE;
  const Line *head = &lines[i - 1], *tail = &lines[i];
  if (head->len == 0 || tail->len == 0 || is_space (head->s[head->len - 1]))
    return FALSE;
  guint hw = pcc_damage_line_width (head->s, head->len);
  if (hw + 1 > PCC_DAMAGE_WRAP_COLUMN)
    return FALSE;
  gsize w = 0;
  while (w < tail->len && !is_space (tail->s[w]))
    w++;
  guint after = w < tail->len ? (tail->s[w] == '\t' ? 8 : 1) : 0;
  if (ws == G_MAXUINT)
    return hw >= 40;
  return hw + ws + pcc_damage_line_width (tail->s, w) + after
         > PCC_DAMAGE_WRAP_COLUMN;
}

void
pcc_damage_free (PccDamage *damage)
{
  if (damage == NULL)
    return;
  g_free (damage->problem);
  g_free (damage->cause);
  g_free (damage);
}
