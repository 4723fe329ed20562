/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-damage.c - is the diff in a patch mail intact? (see pcc-damage.h)
 *
 * One concept, a little over 800 lines: one walk over the lines of a
 * mail, with the states of a diff (file headers, hunks, binary data, the
 * diffstat before them) and, where the walk finds damage, the search for
 * the line where wrapping broke it.  The grammar of each line (hunk
 * headers, "diff --git", extended headers, base85) is pcc-diff's; what
 * is here is what only the damage check needs: telling a wrapped tail
 * from a hunk line.  The commit message, separator and diffstat before
 * the diff are pcc-damage-message.c's. */
#include "pcc-damage.h"
#include "pcc-damage-message.h"
#include "pcc-error.h"
#include "pcc-diff.h"
#include "pcc-patch.h"

#include <string.h>

typedef PccDamageLine Line;

typedef enum
{
  ST_OUTSIDE,     /* commit message, diffstat, text between diffs */
  ST_HEADER,      /* after "diff --git", before ---/+++ or a hunk */
  ST_EXPECT_HUNK, /* after "+++" */
  ST_HUNK,        /* inside a hunk, lines still expected */
  ST_AFTER_HUNK,  /* a hunk is complete; another may follow */
  ST_BINARY,      /* inside a GIT binary patch */
} State;

typedef struct
{
  char *name;
  guint changed;
  gboolean binary;
  guint line;
} StatEntry;

typedef struct
{
  guint added, removed;
  gboolean binary;
  guint line;
} FileCount;

typedef struct
{
  const Line *lines;
  guint n_lines;
  PccDamage *damage;

  State state;
  guint hunk_line; /* 1-based line of the current "@@" */
  guint old_count, new_count, old_left, new_left;

  /* The diffstat of the current mail, and the files of its diff. */
  gboolean in_stat; /* between "---" and the first diff */
  GArray *stat;     /* StatEntry */
  gboolean have_summary;
  guint sum_line, sum_files, sum_ins, sum_del;
  GArray *files;        /* FileCount */
  guint last_stat_line; /* 0-based, the last line read as diffstat */
} Checker;

static gboolean
has_prefix (const Line *l, const char *prefix)
{
  gsize n = strlen (prefix);
  return l->len >= n && memcmp (l->s, prefix, n) == 0;
}

static gboolean
equals (const Line *l, const char *s)
{
  return l->len == strlen (s) && memcmp (l->s, s, l->len) == 0;
}

static gboolean
looks_wrapped_ws (const Checker *c, guint i, guint ws)
{
  return pcc_damage_looks_wrapped (c->lines, c->n_lines, i, ws);
}

static gboolean
looks_wrapped (const Checker *c, guint i)
{
  return looks_wrapped_ws (c, i, G_MAXUINT);
}

static void G_GNUC_PRINTF (3, 4)
    report (Checker *c, guint i, const char *fmt, ...)
{
  if (c->damage)
    return;
  va_list ap;
  va_start (ap, fmt);
  c->damage = g_new0 (PccDamage, 1);
  c->damage->line = i + 1;
  c->damage->problem = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (looks_wrapped_ws (c, i, 1) || looks_wrapped (c, i))
    {
      c->damage->rewrapped = TRUE;
      c->damage->cause = g_strdup_printf (
          "this line looks like the tail of line %u, wrapped at column %d "
          "(automatic line wrapping)",
          i, PCC_DAMAGE_WRAP_COLUMN);
    }
}

#define WALK_OK G_MAXUINT

/* "-- " followed by git's version ("2.39.2"): format-patch's signature,
 * the end of the diff.  A hunk still expecting lines there is short. */
static gboolean
is_signature (const Checker *c, guint j)
{
  if (!equals (&c->lines[j], "-- ") || j + 1 >= c->n_lines)
    return FALSE;
  const Line *v = &c->lines[j + 1];
  gsize k = 0;
  while (k < v->len && (g_ascii_isdigit (v->s[k]) || v->s[k] == '.'))
    k++;
  return k >= 3 && g_ascii_isdigit (v->s[0]) && memchr (v->s, '.', k);
}

/* Walk the current hunk again, taking line @skip (and lines without a
 * prefix that look like wrapped tails) as pieces of the line before.
 * Returns the 0-based line where the counts or the prefixes fail, or
 * WALK_OK when the hunk adds up. */
static guint
walk_hunk (const Checker *c, guint skip)
{
  guint old = c->old_count, new = c->new_count;
  for (guint j = c->hunk_line; j < c->n_lines; j++)
    {
      const Line *l = &c->lines[j];
      char op = l->len ? l->s[0] : ' ';
      if (old == 0 && new == 0)
        {
          if (op == '\\' || j == skip)
            continue;
          if ((op == '+' || op == '-' || (op == ' ' && l->len > 0))
              && !equals (l, "-- ") && !equals (l, "---")
              && !has_prefix (l, "--- "))
            return j;
          return WALK_OK;
        }
      if (j == skip)
        continue;
      if (is_signature (c, j))
        return j;
      switch (op)
        {
          case ' ':
            if (old == 0 || new == 0)
              return j;
            old--;
            new --;
            break;
          case '-':
            if (old == 0)
              return j;
            old--;
            break;
          case '+':
            if (new == 0)
              return j;
            new --;
            break;
          case '\\':
            break;
          default:
            if (!looks_wrapped (c, j))
              return j;
        }
    }
  return old || new ? c->n_lines : WALK_OK;
}

/* Damage found at line @i inside the current hunk: find the first line
 * where wrapping broke it.  A tail can look like a hunk line ("a + b"
 * broken before "+ b", "return -EINVAL;" before "-EINVAL;"); such a
 * line is taken for the tail only when the hunk adds up better without
 * it.  Returns the 0-based line, or @i. */
static guint
locate_in_hunk (const Checker *c, guint i, gboolean inclusive)
{
  guint e = walk_hunk (c, G_MAXUINT);
  guint first = G_MAXUINT, tried = 0;
  if (e != WALK_OK)
    for (guint k = c->hunk_line; k < i + inclusive && k < c->n_lines; k++)
      {
        /* Each try walks the hunk again: bound the work on a hostile
         * hunk of many look-alike lines. */
        if (tried >= 32)
          break;
        const Line *t = &c->lines[k];
        /* A prefix and a tab is how real code lines start; a tail
         * starting with a space needs two spaces at the break, rare
         * enough that context lines are not suspected. */
        if (t->len < 2 || !strchr ("+-", t->s[0]) || t->s[1] == '\t'
            || !looks_wrapped_ws (c, k, 1))
          continue;
        tried++;
        guint e2 = walk_hunk (c, k);
        if (e2 == WALK_OK || e2 > e)
          return k;
        if (first == G_MAXUINT)
          first = k;
      }
  /* No single line explains it (the tail was also joined with the next
   * line, so the hunk is short either way): line @i when it is a tail
   * itself, else the first line that looks like one. */
  if (!inclusive && looks_wrapped (c, i))
    return i;
  return first != G_MAXUINT ? first : i;
}

/* A hunk's counts do not match what follows it (found at line @i). */
static void
report_count (Checker *c, guint i, const char *what)
{
  guint k = locate_in_hunk (c, i, TRUE);
  if (k != i)
    report (c, k,
            "this line is not a line of the hunk at line %u, which says %u "
            "old and %u new lines (%s at line %u)",
            c->hunk_line, c->old_count, c->new_count, what, i + 1);
  else
    report (c, i, "hunk at line %u says %u old and %u new lines; %s",
            c->hunk_line, c->old_count, c->new_count, what);
}

/* --- hunks and file headers ------------------------------------------- */

static gboolean
parse_number (const char **p, const char *end, guint *out)
{
  const char *q = *p;
  guint64 v = 0;
  if (q >= end || !g_ascii_isdigit (*q))
    return FALSE;
  while (q < end && g_ascii_isdigit (*q))
    {
      v = v * 10 + (guint64) (*q - '0');
      if (v > G_MAXINT32)
        return FALSE;
      q++;
    }
  *out = (guint) v;
  *p = q;
  return TRUE;
}

static FileCount *
current_file (Checker *c)
{
  return c->files->len
             ? &g_array_index (c->files, FileCount, c->files->len - 1)
             : NULL;
}

static void
new_file (Checker *c, guint i)
{
  FileCount f = { 0 };
  f.line = i + 1;
  g_array_append_val (c->files, f);
  c->in_stat = FALSE;
}

static gboolean
start_hunk (Checker *c, guint i)
{
  guint old_start, new_start;
  const Line *l = &c->lines[i];
  if (!pcc_diff_parse_hunk_header (l->s, l->len, &old_start, &c->old_count,
                                   &new_start, &c->new_count))
    {
      report (c, i, "malformed hunk header");
      return FALSE;
    }
  c->hunk_line = i + 1;
  c->old_left = c->old_count;
  c->new_left = c->new_count;
  c->state = c->old_left || c->new_left ? ST_HUNK : ST_AFTER_HUNK;
  return TRUE;
}

/* --- the diffstat ----------------------------------------------------- */

static void
stat_entry_clear (gpointer p)
{
  g_free (((StatEntry *) p)->name);
}

/* " name | 12 +++--", " name | Bin 1 -> 2 bytes", " name | 0" */
static gboolean
parse_stat_entry (const Line *l, guint i, StatEntry *e)
{
  if (l->len < 5 || l->s[0] != ' ')
    return FALSE;
  const char *end = l->s + l->len;
  const char *bar = NULL;
  for (const char *p = end - 1; p > l->s; p--)
    if (*p == '|')
      {
        bar = p;
        break;
      }
  if (bar == NULL || bar[-1] != ' ')
    return FALSE;
  const char *p = bar + 1;
  while (p < end && *p == ' ')
    p++;
  e->binary = FALSE;
  e->changed = 0;
  if (end - p >= 3 && memcmp (p, "Bin", 3) == 0)
    e->binary = TRUE;
  else
    {
      if (!parse_number (&p, end, &e->changed))
        return FALSE;
      if (p < end && (*p != ' ' || !pcc_diff_all_of (p + 1, end, "+-")))
        return FALSE;
    }
  const char *ns = l->s + 1, *ne = bar - 1;
  while (ne > ns && ne[-1] == ' ')
    ne--;
  if (ne <= ns)
    return FALSE;
  e->name = g_strndup (ns, ne - ns);
  e->line = i + 1;
  return TRUE;
}

/* " 3 files changed, 10 insertions(+), 2 deletions(-)" */
static gboolean
parse_stat_summary (Checker *c, const Line *l)
{
  const char *p = l->s, *end = l->s + l->len;
  guint files, ins = 0, del = 0;
  if (p < end && *p == ' ')
    p++;
  if (!parse_number (&p, end, &files))
    return FALSE;
  const char *rest = p;
  if (!(end - rest >= 14 && memcmp (rest, " file changed", 13) == 0)
      && !(end - rest >= 15 && memcmp (rest, " files changed", 14) == 0))
    return FALSE;
  p = memchr (rest, 'd', end - rest) + 1; /* after "changed" */
  while (p < end)
    {
      guint v;
      if (end - p < 2 || p[0] != ',' || p[1] != ' ')
        return FALSE;
      p += 2;
      if (!parse_number (&p, end, &v))
        return FALSE;
      if (end - p >= 10 && memcmp (p, " insertion", 10) == 0)
        ins = v;
      else if (end - p >= 9 && memcmp (p, " deletion", 9) == 0)
        del = v;
      else
        return FALSE;
      p = memchr (p, ')', end - p);
      if (p == NULL)
        return FALSE;
      p++;
    }
  c->have_summary = TRUE;
  c->sum_files = files;
  c->sum_ins = ins;
  c->sum_del = del;
  return TRUE;
}

/* The diffstat of the mail that ends here must agree with itself: as
 * many entries as its summary says files, and changed lines adding up to
 * the insertions and deletions.  It is not held against the diff's own
 * counts: hand-edited patches often carry a stale diffstat, which git am
 * ignores (8 of 150 real kernel patches in our corpus do), so that is not
 * damage. */
static void
check_stat (Checker *c)
{
  if (c->have_summary && !c->damage)
    {
      guint changed = 0;
      for (guint k = 0; k < c->stat->len; k++)
        {
          StatEntry *e = &g_array_index (c->stat, StatEntry, k);
          if (!e->binary)
            changed += e->changed;
        }
      if (c->sum_files != c->stat->len)
        report (c, c->sum_line - 1,
                "the diffstat says %u file%s changed but lists %u",
                c->sum_files, c->sum_files == 1 ? "" : "s", c->stat->len);
      else if (changed != c->sum_ins + c->sum_del)
        report (c, c->sum_line - 1,
                "the diffstat's lines add up to %u changed lines, its "
                "summary says %u insertions and %u deletions",
                changed, c->sum_ins, c->sum_del);
    }
  g_array_set_size (c->stat, 0);
  g_array_set_size (c->files, 0);
  c->have_summary = FALSE;
  c->in_stat = FALSE;
}

/* --- the line-by-line walk --------------------------------------------- */

static void outside_line (Checker *c, guint i);

static void
header_line (Checker *c, guint i)
{
  const Line *l = &c->lines[i];
  FileCount *f = current_file (c);
  if (has_prefix (l, "diff --git"))
    {
      outside_line (c, i);
      return;
    }
  if (pcc_diff_is_extended_header (l->s, l->len))
    return;
  if (has_prefix (l, "--- "))
    {
      if (i + 1 >= c->n_lines || !has_prefix (&c->lines[i + 1], "+++ "))
        {
          report (c, i + 1 < c->n_lines ? i + 1 : i,
                  "a '---' file line is not followed by a '+++' line");
          return;
        }
      c->state = ST_EXPECT_HUNK;
      return;
    }
  if (has_prefix (l, "+++ ") && i > 0 && has_prefix (&c->lines[i - 1], "--- "))
    return;
  if (has_prefix (l, "Binary files ") && l->len > 13
      && memcmp (l->s + l->len - 7, " differ", 7) == 0)
    {
      f->binary = TRUE;
      c->state = ST_OUTSIDE;
      return;
    }
  if (equals (l, "GIT binary patch"))
    {
      f->binary = TRUE;
      c->state = ST_BINARY;
      return;
    }
  if (has_prefix (l, "@@ -"))
    {
      report (c, i, "a hunk without the '---' and '+++' lines of its file");
      return;
    }
  if (l->len == 0 || equals (l, "-- ") || equals (l, "--"))
    {
      /* A file without content changes (mode, rename), then the end. */
      c->state = ST_OUTSIDE;
      outside_line (c, i);
      return;
    }
  report (c, i, "not a file header line (the file's diff starts at line %u)",
          f->line);
}

static void
binary_line (Checker *c, guint i)
{
  const Line *l = &c->lines[i];
  if (l->len == 0 || pcc_diff_is_binary_data (l->s, l->len))
    return;
  if ((has_prefix (l, "literal ")
       && pcc_diff_all_of (l->s + 8, l->s + l->len, "0123456789"))
      || (has_prefix (l, "delta ")
          && pcc_diff_all_of (l->s + 6, l->s + l->len, "0123456789")))
    return;
  if (i > 0 && c->lines[i - 1].len != 0)
    {
      report (c, i,
              "not a line of the GIT binary patch that starts at "
              "line %u",
              current_file (c)->line);
      return;
    }
  c->state = ST_OUTSIDE;
  outside_line (c, i);
}

static void
hunk_line (Checker *c, guint i)
{
  const Line *l = &c->lines[i];
  FileCount *f = current_file (c);
  char op = l->len == 0 ? ' ' : l->s[0];
  if (is_signature (c, i))
    {
      report_count (c, i, "the mail's signature \"-- \" comes before them");
      return;
    }
  switch (op)
    {
      case ' ':
        if (c->old_left == 0 || c->new_left == 0)
          {
            report_count (c, i, "a context line follows them");
            return;
          }
        c->old_left--;
        c->new_left--;
        break;
      case '-':
        if (c->old_left == 0)
          {
            report_count (c, i, "one more removed line follows them");
            return;
          }
        c->old_left--;
        f->removed++;
        break;
      case '+':
        if (c->new_left == 0)
          {
            report_count (c, i, "one more added line follows them");
            return;
          }
        c->new_left--;
        f->added++;
        break;
      case '\\':
        break;
      default:
        {
          guint k = locate_in_hunk (c, i, FALSE);
          if (k != i)
            {
              report (c, k,
                      "this line is not a line of the hunk at line %u, "
                      "which does not add up with it (line %u does not "
                      "start with ' ', '+', '-' or '\\')",
                      c->hunk_line, i + 1);
              return;
            }
        }
        report (c, i,
                "line does not start with ' ', '+', '-' or '\\' (the hunk "
                "at line %u still expects %u old and %u new lines)",
                c->hunk_line, c->old_left, c->new_left);
        return;
    }
  if (c->old_left == 0 && c->new_left == 0)
    c->state = ST_AFTER_HUNK;
}

static void
after_hunk_line (Checker *c, guint i)
{
  const Line *l = &c->lines[i];
  if (has_prefix (l, "\\"))
    return;
  if (has_prefix (l, "@@ -"))
    {
      start_hunk (c, i);
      return;
    }
  if (has_prefix (l, "diff --git") || equals (l, "-- ") || equals (l, "--")
      || equals (l, "---")
      || (has_prefix (l, "--- ") && i + 1 < c->n_lines
          && has_prefix (&c->lines[i + 1], "+++ ")))
    {
      c->state = ST_OUTSIDE;
      outside_line (c, i);
      return;
    }
  if (l->len > 0 && (l->s[0] == ' ' || l->s[0] == '+' || l->s[0] == '-'))
    {
      report_count (c, i, "more lines follow them");
      return;
    }
  /* Text after the diff ("Index: " of the next file of a quilt patch,
   * a signature without its "-- "...) is not damage; a line that can
   * only be the tail of the hunk's last line is (the strict test: the
   * loose one would take ordinary text after a long last line). */
  if (l->len > 0 && !has_prefix (l, "Index: ") && looks_wrapped_ws (c, i, 1))
    {
      report (c, i,
              "line does not start with ' ', '+', '-' or '\\' (right after "
              "the last line of the hunk at line %u)",
              c->hunk_line);
      return;
    }
  c->state = ST_OUTSIDE;
  outside_line (c, i);
}

static void
outside_line (Checker *c, guint i)
{
  const Line *l = &c->lines[i];
  if (has_prefix (l, "diff --git ") || equals (l, "diff --git"))
    {
      g_autofree char *a = NULL, *b = NULL;
      if (!pcc_diff_parse_git_line (l->s, l->len, &a, &b))
        {
          if (i + 1 < c->n_lines && looks_wrapped_ws (c, i + 1, 1))
            report (c, i + 1,
                    "the 'diff --git' line %u is cut short; this line holds "
                    "its rest",
                    i + 1);
          else
            report (c, i, "malformed 'diff --git' line");
          return;
        }
      new_file (c, i);
      c->state = ST_HEADER;
      return;
    }
  /* A ---/+++ file line cut by wrapping ("---" then the path, or the
   * path then the date): its rest sits between it and its partner. */
  if (i + 2 < c->n_lines
      && ((has_prefix (l, "---") && has_prefix (&c->lines[i + 2], "+++"))
          || (has_prefix (l, "+++") && has_prefix (&c->lines[i + 2], "@@ -")))
      && !has_prefix (&c->lines[i + 1], "+++")
      && looks_wrapped_ws (c, i + 1, 1))
    {
      report (c, i + 1,
              "the '%.3s' file line %u is cut short; this line holds its "
              "rest",
              l->s, i + 1);
      return;
    }
  if (equals (l, "---"))
    {
      check_stat (c);
      c->in_stat = TRUE;
      return;
    }
  /* A plain unified diff: ---, +++, @@. */
  if (has_prefix (l, "--- ") && i + 2 < c->n_lines
      && has_prefix (&c->lines[i + 1], "+++ ")
      && has_prefix (&c->lines[i + 2], "@@ -"))
    {
      new_file (c, i);
      c->state = ST_EXPECT_HUNK;
      return;
    }
  if (c->in_stat)
    {
      StatEntry e = { 0 };
      if (parse_stat_entry (l, i, &e))
        g_array_append_val (c->stat, e);
      else if (parse_stat_summary (c, l))
        c->sum_line = i + 1;
      else if (has_prefix (l, " create mode ")
               || has_prefix (l, " delete mode ")
               || has_prefix (l, " mode change ") || has_prefix (l, " rename ")
               || has_prefix (l, " copy "))
        ; /* --summary lines */
      else
        {
          if (i > 0 && c->last_stat_line == i - 1
              && looks_wrapped_ws (c, i, 1))
            report (c, i,
                    "diffstat line %u is cut short; this line holds its "
                    "rest",
                    i);
          return;
        }
      c->last_stat_line = i;
    }
}

static void
expect_hunk_line (Checker *c, guint i)
{
  const Line *l = &c->lines[i];
  if (has_prefix (l, "+++ "))
    return;
  if (has_prefix (l, "@@ -"))
    {
      start_hunk (c, i);
      return;
    }
  report (c, i, "no hunk after the '---'/'+++' lines of the file at line %u",
          current_file (c)->line);
}

PccDamage *
pcc_damage_check (const char *text, gssize len)
{
  gsize n = len < 0 ? strlen (text) : (gsize) len;
  /* A quoted-printable or base64 mail: check what it says, not its
   * encoding ("=\n" soft breaks are not damage). */
  gsize dlen = 0;
  g_autofree char *decoded = pcc_patch_decode_text (text, n, &dlen);
  if (decoded)
    {
      text = decoded;
      n = dlen;
    }
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (Line));
  const char *p = text, *end = text + n;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      Line l = { p, (nl ? nl : end) - p };
      if (l.len > 0 && l.s[l.len - 1] == '\r')
        l.len--;
      g_array_append_val (lines, l);
      p = nl ? nl + 1 : end;
    }

  Checker c = { 0 };
  c.lines = (const Line *) lines->data;
  c.n_lines = lines->len;
  c.stat = g_array_new (FALSE, TRUE, sizeof (StatEntry));
  g_array_set_clear_func (c.stat, stat_entry_clear);
  c.files = g_array_new (FALSE, TRUE, sizeof (FileCount));

  for (guint i = 0; i < c.n_lines && !c.damage; i++)
    {
      switch (c.state)
        {
          case ST_OUTSIDE:
            outside_line (&c, i);
            break;
          case ST_HEADER:
            header_line (&c, i);
            break;
          case ST_EXPECT_HUNK:
            expect_hunk_line (&c, i);
            break;
          case ST_HUNK:
            hunk_line (&c, i);
            break;
          case ST_AFTER_HUNK:
            after_hunk_line (&c, i);
            break;
          case ST_BINARY:
            binary_line (&c, i);
            break;
        }
    }
  if (!c.damage && c.state == ST_HUNK)
    report_count (&c, c.n_lines ? c.n_lines - 1 : 0,
                  "the mail ends before them");
  if (!c.damage && c.state == ST_EXPECT_HUNK)
    report (&c, c.n_lines - 1, "the mail ends before the first hunk");
  check_stat (&c);
  /* The message before each diff: only when the diffs are intact, so
   * that a damaged diff is reported as it always was. */
  if (!c.damage)
    c.damage = pcc_damage_check_message (c.lines, c.n_lines);

  g_array_unref (c.stat);
  g_array_unref (c.files);
  g_array_unref (lines);
  return c.damage;
}

gboolean
pcc_damage_check_error (const char *text, gssize len, GError **error)
{
  g_autoptr (PccDamage) d = pcc_damage_check (text, len);
  if (d == NULL)
    return TRUE;
  if (d->cause)
    g_set_error (error, PCC_ERROR, PCC_ERROR_DAMAGED,
                 "line %u: %s; likely cause: %s", d->line, d->problem,
                 d->cause);
  else
    g_set_error (error, PCC_ERROR, PCC_ERROR_DAMAGED, "line %u: %s", d->line,
                 d->problem);
  return FALSE;
}
