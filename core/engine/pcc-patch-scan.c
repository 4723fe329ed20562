/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-patch-scan.c - get_maintainer.pl's reading of a patch: the file
 * names and keyword lines its while (<$patch>) loop collects, with its
 * quirks, and the footer git format-patch writes (see
 * pcc-patch-scan.h). */
#include "pcc-patch-scan.h"

#include <string.h>

static void
clear_blame_range (gpointer p)
{
  g_free (((PccBlameRange *) p)->file);
}

void
pcc_patch_scan_init (PccPatchScan *out)
{
  memset (out, 0, sizeof *out);
  out->gm_files = g_ptr_array_new_with_free_func (g_free);
  out->kw_lines = g_array_new (FALSE, FALSE, sizeof (PccKeywordLine));
  out->fixes = g_ptr_array_new_with_free_func (g_free);
  out->blame_ranges = g_array_new (FALSE, FALSE, sizeof (PccBlameRange));
  g_array_set_clear_func (out->blame_ranges, clear_blame_range);
  out->prereqs = g_ptr_array_new_with_free_func (g_free);
}

void
pcc_patch_scan_clear (PccPatchScan *out)
{
  g_clear_pointer (&out->gm_files, g_ptr_array_unref);
  g_clear_pointer (&out->kw_lines, g_array_unref);
  g_clear_pointer (&out->fixes, g_ptr_array_unref);
  g_clear_pointer (&out->blame_ranges, g_array_unref);
  g_clear_pointer (&out->base_commit, g_free);
  g_clear_pointer (&out->change_id, g_free);
  g_clear_pointer (&out->prereqs, g_ptr_array_unref);
}

/* The scan being made: where it goes, the text's start (keyword lines
 * are offsets into it) and the script's $lastfile. */
typedef struct
{
  PccPatchScan *out;
  const char *text;
  char *lastfile;
} Scanner;

/* Perl's \s on bytes */
static const guint8 space_table[256] = {
  [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\f'] = 1, ['\v'] = 1,
};

static gboolean
is_space (char c)
{
  return space_table[(guchar) c];
}

/* Span of Perl's (\S+) at @p. */
static gsize
nonspace_span (const char *p, const char *end)
{
  const char *q = p;
  while (q < end && !is_space (*q))
    q++;
  return q - p;
}

static gboolean
only_space (const char *p, const char *end)
{
  for (; p < end; p++)
    if (!is_space (*p))
      return FALSE;
  return TRUE;
}

static gboolean
has_prefix (const char *p, const char *end, const char *prefix)
{
  gsize n = strlen (prefix);
  return (gsize) (end - p) >= n && memcmp (p, prefix, n) == 0;
}

static gboolean
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

/* push(@files, ...): a name equal to the last one pushed is not stored
 * again (a diff names each file up to four times in a row), which
 * sort_and_uniq() in scan() would drop anyway.  Returns the name as
 * stored, owned by the scan. */
static const char *
add_gm_file (Scanner *sc, const char *p, gsize n)
{
  GPtrArray *a = sc->out->gm_files;
  gsize m = strnlen (p, n); /* what g_strndup() keeps of a decoded NUL */
  if (a->len > 0)
    {
      const char *last = a->pdata[a->len - 1];
      if (strlen (last) == m && memcmp (last, p, m) == 0)
        return last;
    }
  char *f = g_strndup (p, n);
  g_ptr_array_add (a, f);
  return f;
}

/* The first bytes of the lines the patterns below can match. */
static const guint8 pattern_start[256] = {
  [' '] = 1, ['r'] = 1, ['d'] = 1, ['F'] = 1, ['+'] = 1, ['-'] = 1, ['@'] = 1,
};

/* One line, as the script's while (<$patch>) loop sees it. */
static void
scan_line (Scanner *sc, const char *p, const char *end, guint lineno,
           gboolean *in_diff)
{
  const char *q;
  gsize n;

  if (!pattern_start[(guchar) *p])
    goto keyword_line;

  /* ^ mode change [0-7]+ => [0-7]+ (\S+)\s*$ */
  if (has_prefix (p, end, " mode change "))
    {
      q = p + 13;
      const char *d = q;
      while (q < end && *q >= '0' && *q <= '7')
        q++;
      if (q > d && has_prefix (q, end, " => "))
        {
          q += 4;
          d = q;
          while (q < end && *q >= '0' && *q <= '7')
            q++;
          if (q > d && q < end && *q == ' ')
            {
              q++;
              n = nonspace_span (q, end);
              if (n > 0 && only_space (q + n, end))
                {
                  add_gm_file (sc, q, n);
                  return;
                }
            }
        }
    }
  /* ^rename (?:from|to) (\S+)\s*$ */
  if (has_prefix (p, end, "rename from ") || has_prefix (p, end, "rename to "))
    {
      q = p + (p[7] == 'f' ? 12 : 10);
      n = nonspace_span (q, end);
      if (n > 0 && only_space (q + n, end))
        {
          add_gm_file (sc, q, n);
          return;
        }
    }
  /* ^diff --git a\/(\S+) b\/(\S+)\s*$ */
  if (has_prefix (p, end, "diff --git a/"))
    {
      q = p + 13;
      gsize n1 = nonspace_span (q, end);
      const char *r = q + n1;
      if (n1 > 0 && has_prefix (r, end, " b/"))
        {
          gsize n2 = nonspace_span (r + 3, end);
          if (n2 > 0 && only_space (r + 3 + n2, end))
            {
              add_gm_file (sc, q, n1);
              add_gm_file (sc, r + 3, n2);
              return;
            }
        }
      /* (\S+) backtracks: "a/x b/y b/z" could split elsewhere, but only
     * when a path holds " b/"; such paths have spaces, which (\S+)
     * cannot match anyway. */
    }
  /* ^Fixes:\s+([0-9a-fA-F]{6,40}) */
  if (has_prefix (p, end, "Fixes:"))
    {
      q = p + 6;
      const char *s = q;
      while (q < end && is_space (*q))
        q++;
      if (q > s)
        {
          const char *h = q;
          while (q < end && g_ascii_isxdigit (*q) && q - h < 40)
            q++;
          if (q - h >= 6)
            {
              g_ptr_array_add (sc->out->fixes, g_strndup (h, q - h));
              return;
            }
        }
    }
  /* ^\+\+\+\s+(\S+)  or  ^---\s+(\S+) */
  if (has_prefix (p, end, "+++") || has_prefix (p, end, "---"))
    {
      q = p + 3;
      const char *s = q;
      while (q < end && is_space (*q))
        q++;
      n = nonspace_span (q, end);
      if (q > s && n > 0)
        {
          /* s@^[^/]*\/@@ */
          const char *slash = memchr (q, '/', n);
          const char *f = slash
                              ? add_gm_file (sc, slash + 1, q + n - slash - 1)
                              : add_gm_file (sc, q, n);
          if (g_strcmp0 (sc->lastfile, f) != 0)
            {
              g_free (sc->lastfile);
              sc->lastfile = g_strdup (f);
            }
          *in_diff = TRUE;
          return;
        }
    }
  /* ^\@\@ -(\d+),(\d+) */
  if (has_prefix (p, end, "@@ -"))
    {
      q = p + 4;
      const char *d = q;
      while (q < end && is_digit (*q))
        q++;
      if (q > d && q < end && *q == ',' && q + 1 < end && is_digit (q[1]))
        {
          /* push(@range, "$lastfile:$1:$2") (used with --git-blame) */
          PccBlameRange r;
          r.file = g_strdup (sc->lastfile ? sc->lastfile : "");
          r.start = (guint) g_ascii_strtoull (d, NULL, 10);
          r.length = (guint) g_ascii_strtoull (q + 1, NULL, 10);
          g_array_append_val (sc->out->blame_ranges, r);
          return;
        }
    }
keyword_line:;
  PccKeywordLine kl = {
    .offset = p - sc->text,
    .len = end - p,
    .lineno = lineno,
    .in_diff = *in_diff,
  };
  g_array_append_val (sc->out->kw_lines, kl);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* git format-patch's footer fields, from one line [p, le) without its
 * newline. */
static void
footer_field (PccPatchScan *out, const char *p, const char *le)
{
  if (*p != 'b' && *p != 'p' && *p != 'c')
    return;
  if (has_prefix (p, le, "base-commit: ") && out->base_commit == NULL)
    out->base_commit = g_strstrip (g_strndup (p + 13, le - p - 13));
  else if (has_prefix (p, le, "prerequisite-patch-id: "))
    g_ptr_array_add (out->prereqs,
                     g_strstrip (g_strndup (p + 23, le - p - 23)));
  else if (has_prefix (p, le, "change-id: ") && out->change_id == NULL)
    out->change_id = g_strstrip (g_strndup (p + 11, le - p - 11));
}

void
pcc_patch_scan (PccPatchScan *out, const char *text, gsize len)
{
  Scanner sc = { out, text, NULL };
  const char *p = text, *end = text + len;
  gboolean in_diff = FALSE;
  guint lineno = 0;

  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *line_end = nl ? nl + 1 : end;
      scan_line (&sc, p, line_end, ++lineno, &in_diff);
      footer_field (out, p, nl ? nl : end);
      p = line_end;
    }
  g_free (sc.lastfile);

  /* sort_and_uniq() */
  g_ptr_array_sort (out->gm_files, compare_strings);
  guint w = 0;
  for (guint i = 0; i < out->gm_files->len; i++)
    {
      char *f = out->gm_files->pdata[i];
      if (w > 0 && strcmp (out->gm_files->pdata[w - 1], f) == 0)
        {
          g_free (f);
          continue;
        }
      out->gm_files->pdata[w++] = f;
    }
  out->gm_files->len = w;
}
