/* SPDX-License-Identifier: GPL-2.0-or-later */
/* claws-wrap.c - Claws Mail 4.1's automatic wrapping, for the tests.
 *
 * A re-implementation (not a copy) of compose_wrap_all_full(),
 * compose_beautify_paragraph(), compose_get_line_break_pos(),
 * compose_join_next_line() and their helpers in Claws Mail's
 * src/compose.c, on a plain array of characters standing for the
 * GtkTextBuffer.  It follows the path Claws takes when a compose window
 * is created with a body (--compose-from-file, a mailto body, "insert
 * file"): the draft timer is "forbidden", so every paragraph counts as
 * modified; automatic wrapping on; no text tags (nothing typed by the
 * user, so no "no_join" breaks).  Pango's break attributes are
 * approximated: is_white is g_unichar_isspace(), and is_line_break
 * (only consulted for wide characters) is taken as TRUE.  The data file
 * data/claws-wrap/ holds real Claws output that this must reproduce.
 *
 * Not modelled: Claws' insert-text handler runs the paragraph wrapping
 * again, nested, on every insertion the wrapping itself makes, and that
 * nested pass breaks quoted ("> ") lines on its own.  Measured against
 * the real Claws 4.1.1 on the 113 corpus patches that have a diff line
 * over 72 columns (and are small enough for --compose-from-file): 112
 * bodies identical byte for byte; one differs in a quoted paragraph of
 * its commit message.
 */
#include "claws-wrap.h"

#include <string.h>

typedef struct
{
  GArray *b; /* gunichar */
  int wrap_len;
  GArray *tails;
  guint ln_off, ln; /* line_number() cache: line @ln starts at @ln_off */
} Buf;

#define CH(buf, i) g_array_index ((buf)->b, gunichar, (i))

static guint
blen (Buf *buf)
{
  return buf->b->len;
}

static gunichar
get_char (Buf *buf, guint i)
{
  return i < blen (buf) ? CH (buf, i) : 0;
}

static gboolean
ends_line (Buf *buf, guint i)
{
  return i >= blen (buf) || CH (buf, i) == '\n';
}

static gboolean
starts_line (Buf *buf, guint i)
{
  return i == 0 || CH (buf, i - 1) == '\n';
}

static guint
line_start (Buf *buf, guint i)
{
  while (i > 0 && CH (buf, i - 1) != '\n')
    i--;
  return i;
}

/* gtk_text_iter_forward_line(): FALSE (and at the end) on the last line. */
static gboolean
forward_line (Buf *buf, guint *i)
{
  while (*i < blen (buf) && CH (buf, *i) != '\n')
    (*i)++;
  if (*i >= blen (buf))
    return FALSE;
  (*i)++;
  return *i < blen (buf);
}

/* gtk_text_iter_backward_line() */
static gboolean
backward_line (Buf *buf, guint *i)
{
  guint s = line_start (buf, *i);
  if (s == 0)
    {
      gboolean moved = *i != 0;
      *i = 0;
      return moved;
    }
  *i = line_start (buf, s - 1);
  return TRUE;
}

static void
insert (Buf *buf, guint *at, const gunichar *s, guint n)
{
  if (n == 0)
    return;
  g_array_insert_vals (buf->b, *at, s, n);
  *at += n;
}

static void
insert_utf8 (Buf *buf, guint *at, const char *s)
{
  glong n;
  gunichar *u = g_utf8_to_ucs4_fast (s, -1, &n);
  insert (buf, at, u, n);
  g_free (u);
}

static void delete (Buf *buf, guint from, guint to)
{
  g_array_remove_range (buf->b, from, to - from);
}

static gboolean
is_space (gunichar c)
{
  return g_unichar_isspace (c);
}

/* compose_get_quote_str() with quote_chars ">": the length of the quote
 * marks at @start (0 if none). */
static guint
quote_len_at (Buf *buf, guint start)
{
  enum
  {
    WAIT_INDENT,
    WAIT_INDENT_OR_SPACE
  } state
      = WAIT_INDENT;
  guint alnum = 0, spaces = 0, qlen = 0;
  for (guint i = start; !ends_line (buf, i); i++)
    {
      gunichar wc = CH (buf, i);
      if (g_unichar_iswide (wc) || wc >= 0x80)
        break;
      gboolean indent = wc == '>';
      gboolean space = is_space (wc);
      if (state == WAIT_INDENT)
        {
          if (!indent && !g_unichar_isalnum (wc))
            break;
          if (indent)
            {
              qlen += alnum + spaces + 1;
              alnum = spaces = 0;
              state = WAIT_INDENT_OR_SPACE;
            }
          else
            alnum++;
        }
      else
        {
          if (!indent && !space && !g_unichar_isalnum (wc))
            break;
          if (space)
            spaces++;
          else if (indent)
            {
              qlen += alnum + spaces + 1;
              alnum = spaces = 0;
            }
          else
            {
              alnum++;
              state = WAIT_INDENT;
            }
        }
    }
  if (qlen > 0 && spaces > 0)
    qlen++;
  return qlen;
}

static char *
text_of (Buf *buf, guint from, guint n)
{
  return g_ucs4_to_utf8 (&CH (buf, from), n, NULL, NULL, NULL);
}

static char *
quote_str (Buf *buf, guint start, guint *qlen)
{
  *qlen = quote_len_at (buf, start);
  return *qlen ? text_of (buf, start, *qlen) : NULL;
}

/* compose_itemized_length() */
static guint
itemized_length (Buf *buf, guint i)
{
  guint len = 0;
  gunichar wc;
  if (ends_line (buf, i))
    return 0;
  for (;;)
    {
      len++;
      wc = CH (buf, i);
      if (!is_space (wc))
        break;
      i++;
      if (ends_line (buf, i))
        return 0;
    }
  static const gunichar bullets[]
      = { 0x2022, 0x2023, 0x2043, 0x204c, 0x204d, 0x2219, 0x25d8,
          0x25e6, 0x2619, 0x2765, 0x2767, 0x29be, 0x29bf };
  gboolean item = wc == '*' || wc == '-' || wc == '+';
  for (guint k = 0; k < G_N_ELEMENTS (bullets) && !item; k++)
    item = wc == bullets[k];
  if (!item)
    return 0;
  i++;
  if (ends_line (buf, i))
    return 0;
  return is_space (CH (buf, i)) ? len + 1 : 0;
}

/* compose_get_itemized_chars(): the leading white space. */
static GArray *
itemized_chars (Buf *buf, guint i)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gunichar));
  if (ends_line (buf, i))
    return out;
  for (;;)
    {
      gunichar wc = CH (buf, i);
      if (!is_space (wc))
        break;
      i++;
      if (ends_line (buf, i))
        break;
      g_array_append_val (out, wc);
    }
  return out;
}

/* compose_left_offset_length() */
static guint
left_offset_length (Buf *buf, guint i)
{
  guint len = 0;
  if (ends_line (buf, i))
    return 0;
  for (;;)
    {
      if (!is_space (CH (buf, i)))
        break;
      len++;
      i++;
      if (ends_line (buf, i))
        return 0;
    }
  i++;
  if (ends_line (buf, i))
    return 0;
  return len;
}

static gboolean
is_uri_at (Buf *buf, guint i, guint end)
{
  static const char *const schemes[]
      = { "http://", "https://",  "ftp://",     "ftps://", "sftp://",
          "ftp.",    "webcal://", "webcals://", "www." };
  while (i < end && g_ascii_isspace (CH (buf, i)) && CH (buf, i) < 0x80)
    i++;
  for (guint k = 0; k < G_N_ELEMENTS (schemes); k++)
    {
      gsize n = strlen (schemes[k]);
      if (end - i < n)
        continue;
      gboolean ok = TRUE;
      for (gsize j = 0; j < n && ok; j++)
        ok = CH (buf, i + j) < 0x80
             && g_ascii_tolower (CH (buf, i + j)) == schemes[k][j];
      if (ok)
        return TRUE;
    }
  return FALSE;
}

/* get_uri_len(): the rest of the line from @i as far as URI characters
 * go (ASCII graphic characters but <>"), if a URI starts there. */
static guint
uri_len (Buf *buf, guint i, guint end)
{
  if (!is_uri_at (buf, i, end))
    return 0;
  guint j = i;
  while (j < end && CH (buf, j) < 0x80 && g_ascii_isgraph (CH (buf, j))
         && !strchr ("<>\"", CH (buf, j)))
    j++;
  return j - i;
}

/* compose_get_line_break_pos() */
static gboolean
line_break_pos (Buf *buf, guint start, guint *break_pos, int max_col,
                guint qlen)
{
  guint end = start;
  while (!ends_line (buf, end))
    end++;
  guint len = end - start;
  if (len == 0)
    return FALSE;
  guint i;
  int col = 0;
  guint pos = 0;
  gboolean can_break = FALSE, do_break = FALSE, was_white = FALSE,
           prev_dont_break = FALSE;

  for (i = 0; i < len; i++)
    {
      gunichar wc = CH (buf, start + i);
      if (i >= qlen && !is_space (wc))
        break;
      col += g_unichar_iswide (wc) ? 2 : wc == '\t' ? 8 : 1;
    }
  for (; i < len; i++)
    {
      gunichar wc = CH (buf, start + i);
      gboolean wide = g_unichar_iswide (wc);
      guint ulen;
      if ((!wide || TRUE) && can_break && was_white && !prev_dont_break)
        pos = i;
      was_white = is_space (wc);
      if ((ulen = uri_len (buf, start + i, end)) > 0)
        {
          col += ulen;
          if (pos > 0 && col > max_col)
            {
              do_break = TRUE;
              break;
            }
          i += ulen - 1;
          can_break = TRUE;
          continue;
        }
      if (wide)
        {
          col += 2;
          if (prev_dont_break && can_break)
            pos = i;
        }
      else if (wc == '\t')
        col += 8;
      else
        col++;
      if (pos > 0 && col > max_col)
        {
          do_break = TRUE;
          break;
        }
      prev_dont_break = wc == '-' || wc == '/';
      can_break = TRUE;
    }
  *break_pos = start + pos;
  return do_break;
}

static gboolean
is_sig_separator (Buf *buf, guint i)
{
  return i + 3 < blen (buf) && CH (buf, i) == '-' && CH (buf, i + 1) == '-'
         && CH (buf, i + 2) == ' ' && CH (buf, i + 3) == '\n';
}

/* compose_join_next_line() */
static gboolean
join_next_line (Buf *buf, guint *iter, const char *qstr)
{
  guint it = *iter;
  if (!forward_line (buf, &it) || ends_line (buf, it))
    return FALSE;
  guint nqlen;
  g_autofree char *nq = quote_str (buf, it, &nqlen);
  if ((qstr || nq) && g_strcmp0 (qstr, nq) != 0)
    return FALSE;
  guint end = it;
  if (nqlen > 0)
    {
      end += nqlen;
      if (ends_line (buf, end))
        return FALSE;
    }
  if (itemized_length (buf, end) > 0)
    return FALSE;
  if (is_sig_separator (buf, it))
    return FALSE;
  if (nqlen > 0)
    delete (buf, it, end);

  /* Delete the line break and the white space around it. */
  guint prev = it, cur = it;
  while (cur > 0)
    {
      cur--;
      if (!is_space (CH (buf, cur)))
        break;
      prev = cur;
    }
  guint next = it;
  cur = it;
  while (!ends_line (buf, cur))
    {
      if (!is_space (CH (buf, cur)))
        break;
      cur++;
      next = cur;
    }
  if (prev != next)
    delete (buf, prev, next);
  it = prev;
  gunichar wc1 = prev > 0 ? CH (buf, prev - 1) : 0;
  gunichar wc2 = get_char (buf, prev);
  if (!g_unichar_iswide (wc1) || !g_unichar_iswide (wc2))
    {
      gunichar sp = ' ';
      insert (buf, &it, &sp, 1);
    }
  *iter = it;
  return TRUE;
}

/* The 1-based line of offset @i.  Wrapping goes forward: nothing before
 * the line of the last tail changes afterwards, so count from there. */
static guint
line_number (Buf *buf, guint i)
{
  if (i < buf->ln_off)
    {
      buf->ln_off = 0;
      buf->ln = 1;
    }
  for (guint k = buf->ln_off; k < i && k < blen (buf); k++)
    if (CH (buf, k) == '\n')
      {
        buf->ln++;
        buf->ln_off = k + 1;
      }
  return buf->ln;
}

/* compose_beautify_paragraph(), draft timer forbidden, autowrap on. */
static void
beautify_paragraph (Buf *buf, guint *par_iter)
{
  guint iter = *par_iter;
  gboolean start = TRUE;
  if (ends_line (buf, iter))
    {
      while (ends_line (buf, iter) && forward_line (buf, &iter))
        ;
    }
  else
    {
      while (backward_line (buf, &iter))
        if (ends_line (buf, iter))
          {
            forward_line (buf, &iter);
            break;
          }
    }

  guint itemized_len = itemized_length (buf, iter);
  gboolean item_continuation = FALSE;
  if (!itemized_len)
    {
      itemized_len = left_offset_length (buf, iter);
      item_continuation = TRUE;
    }
  GArray *ichars = itemized_len ? itemized_chars (buf, iter) : NULL;

  while (start || !ends_line (buf, iter))
    {
      start = FALSE;
      guint qlen;
      char *qstr = quote_str (buf, iter, &qlen);
      guint break_pos;
      if (ends_line (buf, iter))
        ;
      else if (line_break_pos (buf, iter, &break_pos, buf->wrap_len, qlen))
        {
          static const gunichar nl = '\n', two[] = { ' ', ' ' };
          insert (buf, &break_pos, &nl, 1);
          if (itemized_len)
            {
              insert (buf, &break_pos, (gunichar *) ichars->data, ichars->len);
              if (!item_continuation)
                insert (buf, &break_pos, two, 2);
            }
          /* Remove the white space before the break. */
          guint cur = break_pos - itemized_len - 1; /* the new '\n' */
          guint prev = cur, next = cur;
          while (!starts_line (buf, cur))
            {
              cur--;
              if (!is_space (CH (buf, cur)))
                break;
              prev = cur;
            }
          if (prev != next)
            {
              delete (buf, prev, next);
              break_pos = prev + 1;
            }
          if (qstr)
            insert_utf8 (buf, &break_pos, qstr);
          if (buf->tails)
            {
              guint ln = line_number (buf, break_pos);
              g_array_append_val (buf->tails, ln);
            }
          iter = break_pos;
          join_next_line (buf, &iter, qstr);
          iter = line_start (buf, iter);
          g_free (qstr);
          continue;
        }
      g_free (qstr);
      forward_line (buf, &iter);
    }
  if (ichars)
    g_array_unref (ichars);
  *par_iter = iter;
}

char *
claws_wrap (const char *body, int wrap_len, GArray **tails)
{
  Buf buf = { 0 };
  glong n;
  gunichar *u = g_utf8_to_ucs4_fast (body, -1, &n);
  buf.b = g_array_sized_new (FALSE, FALSE, sizeof (gunichar), n + 64);
  g_array_append_vals (buf.b, u, n);
  g_free (u);
  buf.wrap_len = wrap_len;
  buf.ln = 1;
  if (tails)
    buf.tails = g_array_new (FALSE, FALSE, sizeof (guint));

  guint iter = 0;
  while (iter < blen (&buf))
    beautify_paragraph (&buf, &iter);

  char *out = g_ucs4_to_utf8 ((gunichar *) buf.b->data, buf.b->len, NULL, NULL,
                              NULL);
  g_array_unref (buf.b);
  if (tails)
    *tails = buf.tails;
  return out;
}
