/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-range-diff.c - "git range-diff --no-color", computed with libgit2:
 * pairing and output.  See pcc-range-diff.h for what is compared and
 * what is printed. */
#include <string.h>

#include <git2.h>

#include "pcc-error.h"
#include "pcc-linear-assignment.h"
#include "pcc-range-diff-private.h"
#include "pcc-range-diff.h"
#include "pcc-text.h"

/* The cost of a pairing that must not happen (git's COST_MAX). */
#define RD_COST_MAX (1 << 16)

/* The longest function name a hunk header carries (xdiff's buffer). */
#define RD_FUNC_MAX 80

/* ---- pairing ---- */

/* Pair the commits of @a and @b whose diffs are the same text; of several
 * equal ones in @a, the last one pairs first (git's hash map finds the
 * latest entry). */
static void
find_exact_matches (PccRangeDiffCommit *a, gsize na, PccRangeDiffCommit *b,
                    gsize nb)
{
  for (gsize j = 0; j < nb; j++)
    {
      const char *bd = b[j].text->str + b[j].diff_offset;
      for (gsize i = na; i-- > 0;)
        if (a[i].matching < 0
            && strcmp (a[i].text->str + a[i].diff_offset, bd) == 0)
          {
            a[i].matching = j;
            b[j].matching = i;
            break;
          }
    }
}

/* The number of lines (hunk headers included) of the diff from @x to @y,
 * with three lines of context, as git range-diff counts it. */
static int
diff_size (const char *x, const char *y)
{
  git_patch *patch = NULL;
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  size_t ctx = 0, adds = 0, dels = 0;

  opts.context_lines = 3;
  if (git_patch_from_buffers (&patch, x, strlen (x), "a", y, strlen (y), "b",
                              &opts)
      != 0)
    return RD_COST_MAX;
  git_patch_line_stats (&ctx, &adds, &dels, patch);
  int n = (int) (git_patch_num_hunks (patch) + ctx + adds + dels);
  git_patch_free (patch);
  return n;
}

/* Pair the remaining commits by the least total cost. */
static gboolean
get_correspondences (PccRangeDiffCommit *a, int na, PccRangeDiffCommit *b,
                     int nb, GError **error)
{
  int n = na + nb;
  g_autofree int *cost = g_new (int, (gsize) n *n);
  g_autofree int *a2b = g_new (int, n);
  g_autofree int *b2a = g_new (int, n);

  for (int i = 0; i < na; i++)
    {
      int c;
      for (int j = 0; j < nb; j++)
        {
          if (a[i].matching == j)
            c = 0;
          else if (a[i].matching < 0 && b[j].matching < 0)
            c = diff_size (a[i].text->str + a[i].diff_offset,
                           b[j].text->str + b[j].diff_offset);
          else
            c = RD_COST_MAX;
          cost[i + n * j] = c;
        }
      c = a[i].matching < 0
              ? a[i].diffsize * PCC_RANGE_DIFF_CREATION_FACTOR / 100
              : RD_COST_MAX;
      for (int j = nb; j < n; j++)
        cost[i + n * j] = c;
    }
  for (int j = 0; j < nb; j++)
    {
      int c = b[j].matching < 0
                  ? b[j].diffsize * PCC_RANGE_DIFF_CREATION_FACTOR / 100
                  : RD_COST_MAX;
      for (int i = na; i < n; i++)
        cost[i + n * j] = c;
    }
  for (int i = na; i < n; i++)
    for (int j = nb; j < n; j++)
      cost[i + n * j] = 0;

  if (!pcc_linear_assignment (n, cost, a2b, b2a))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_GIT,
                   "range-diff: the assignment found no free column");
      return FALSE;
    }
  for (int i = 0; i < na; i++)
    if (a2b[i] >= 0 && a2b[i] < nb)
      {
        a[i].matching = a2b[i];
        b[a2b[i]].matching = i;
      }
  return TRUE;
}

/* ---- output ---- */

typedef struct
{
  GString *out;
  git_odb *odb;
  const PccRangeDiffConfig *cfg;
  int abbrev_len;
  int width; /* of the patch numbers */
  char *dashes;
} RdOutput;

static void
output_pair_header (RdOutput *o, PccRangeDiffCommit *a, int ai,
                    PccRangeDiffCommit *b, int bi)
{
  const PccRangeDiffCommit *c = a ? a : b;
  char status;

  if (!o->dashes)
    {
      g_autofree char *s
          = pcc_range_diff_abbrev (o->odb, &c->oid, o->abbrev_len);
      o->dashes = g_strnfill (strlen (s), '-');
    }
  if (!b)
    status = '<';
  else if (!a)
    status = '>';
  else if (strcmp (a->text->str, b->text->str))
    status = '!';
  else
    status = '=';

  gsize start = o->out->len;
  if (!a)
    g_string_append_printf (o->out, "%*s:  %s ", o->width, "-", o->dashes);
  else
    {
      g_autofree char *s
          = pcc_range_diff_abbrev (o->odb, &a->oid, o->abbrev_len);
      g_string_append_printf (o->out, "%*d:  %s ", o->width, ai + 1, s);
    }
  g_string_append_c (o->out, status);
  if (!b)
    g_string_append_printf (o->out, " %*s:  %s", o->width, "-", o->dashes);
  else
    {
      g_autofree char *s
          = pcc_range_diff_abbrev (o->odb, &b->oid, o->abbrev_len);
      g_string_append_printf (o->out, " %*d:  %s", o->width, bi + 1, s);
    }
  g_string_append_c (o->out, ' ');
  g_string_append (o->out, c->subject);
  /* git trims the whole line it built */
  g_string_truncate (
      o->out,
      start + pcc_range_diff_rtrim (o->out->str + start, o->out->len - start));
  g_string_append_c (o->out, '\n');
}

/* The section name the hunk-header patterns of range-diff take from
 * @line (@len bytes, no newline): " ## name ##" or "@@ text" (one byte
 * may come before "@@"); -1 when neither matches. */
static gssize
section_name (const char *line, gsize len, const char **name)
{
  if (len >= 7 && memcmp (line, " ## ", 4) == 0
      && memcmp (line + len - 3, " ##", 3) == 0)
    {
      *name = line + 4;
      return len - 7;
    }
  if (len >= 3 && memcmp (line, "@@ ", 3) == 0)
    {
      *name = line + 3;
      return len - 3;
    }
  if (len >= 4 && memcmp (line + 1, "@@ ", 3) == 0)
    {
      *name = line + 4;
      return len - 4;
    }
  return -1;
}

/* The function name of a hunk starting at line @s1 (0-based) of the
 * @n lines @lines of the old text: the nearest line before it that names
 * a section, cut to 80 bytes, trailing white space dropped. */
static char *
hunk_function (const char *const *lines, const gsize *lens, long s1)
{
  for (long l = s1 - 1; l >= 0; l--)
    {
      const char *name = NULL;
      gsize len = lens[l];
      if (len && lines[l][len - 1] == '\n')
        len -= (len > 1 && lines[l][len - 2] == '\r') ? 2 : 1;
      gssize n = section_name (lines[l], len, &name);
      if (n < 0)
        continue;
      if (n > RD_FUNC_MAX)
        n = RD_FUNC_MAX;
      n = pcc_range_diff_rtrim (name, n);
      return g_strndup (name, n);
    }
  return g_strdup ("");
}

/* The diff of the texts @x and @y, indented by four spaces, hunk headers
 * "@@" and the section they are in. */
static void
patch_diff (GString *out, const PccRangeDiffConfig *cfg, const char *x,
            const char *y)
{
  git_patch *patch = NULL;
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;

  opts.flags = cfg->flags;
  opts.context_lines = cfg->context;
  opts.interhunk_lines = cfg->interhunk;
  if (git_patch_from_buffers (&patch, x, strlen (x), "a", y, strlen (y), "b",
                              &opts)
      != 0)
    return;

  /* the lines of the old text, for the hunk headers */
  g_autoptr (GPtrArray) lines = g_ptr_array_new ();
  g_autoptr (GArray) lens = g_array_new (FALSE, FALSE, sizeof (gsize));
  for (const char *p = x; *p;)
    {
      const char *eol = strchr (p, '\n');
      gsize l = eol ? (gsize) (eol + 1 - p) : strlen (p);
      g_ptr_array_add (lines, (gpointer) p);
      g_array_append_val (lens, l);
      p += l;
    }

  for (size_t h = 0; h < git_patch_num_hunks (patch); h++)
    {
      const git_diff_hunk *hunk = NULL;
      size_t n = 0;
      if (git_patch_get_hunk (&hunk, &n, patch, h) != 0)
        break;
      long s1 = hunk->old_lines ? hunk->old_start - 1 : hunk->old_start;
      g_autofree char *func = hunk_function (
          (const char *const *) lines->pdata, (gsize *) lens->data, s1);
      /* git shows the header up to its first invalid UTF-8 sequence */
      gsize flen = pcc_range_diff_utf8_prefix (func, strlen (func));
      g_string_append (out, "    @@");
      if (flen)
        {
          g_string_append_c (out, ' ');
          g_string_append_len (out, func, flen);
        }
      g_string_append_c (out, '\n');
      for (size_t l = 0; l < n; l++)
        {
          const git_diff_line *line = NULL;
          if (git_patch_get_line_in_hunk (&line, patch, h, l) != 0)
            break;
          if (line->origin != GIT_DIFF_LINE_CONTEXT
              && line->origin != GIT_DIFF_LINE_ADDITION
              && line->origin != GIT_DIFF_LINE_DELETION)
            continue;
          g_string_append (out, "    ");
          if (!(cfg->suppress_blank_empty
                && line->origin == GIT_DIFF_LINE_CONTEXT
                && line->content_len == 1 && line->content[0] == '\n'))
            g_string_append_c (out, line->origin);
          g_string_append_len (out, line->content, line->content_len);
        }
    }
  git_patch_free (patch);
}

static void
output (RdOutput *o, PccRangeDiffCommit *a, int na, PccRangeDiffCommit *b,
        int nb)
{
  int i = 0, j = 0;

  while (i < na || j < nb)
    {
      while (i < na && a[i].shown)
        i++;
      if (i < na && a[i].matching < 0)
        {
          output_pair_header (o, &a[i], i, NULL, 0);
          i++;
          continue;
        }
      while (j < nb && b[j].matching < 0)
        {
          output_pair_header (o, NULL, 0, &b[j], j);
          j++;
        }
      if (j < nb)
        {
          PccRangeDiffCommit *pa = &a[b[j].matching];
          output_pair_header (o, pa, b[j].matching, &b[j], j);
          if (strcmp (pa->text->str, b[j].text->str))
            patch_diff (o->out, o->cfg, pa->text->str, b[j].text->str);
          pa->shown = TRUE;
          j++;
        }
    }
}

char *
pcc_range_diff (git_repository *repo, const git_oid *old_commits, gsize n_old,
                const git_oid *new_commits, gsize n_new, GError **error)
{
  g_return_val_if_fail (repo != NULL, NULL);
  g_return_val_if_fail (n_old == 0 || old_commits != NULL, NULL);
  g_return_val_if_fail (n_new == 0 || new_commits != NULL, NULL);
  /* the cost matrix is indexed by int, as git's */
  if (n_old + n_new > 46340)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE,
                   "range-diff: too many commits");
      return NULL;
    }

  PccRangeDiffCommit *a = g_new0 (PccRangeDiffCommit, n_old ? n_old : 1);
  PccRangeDiffCommit *b = g_new0 (PccRangeDiffCommit, n_new ? n_new : 1);
  git_mailmap *mailmap = NULL;
  git_odb *odb = NULL;
  char *result = NULL;
  RdOutput o = { 0 };
  PccRangeDiffConfig cfg;

  pcc_range_diff_read_config (&cfg, repo);

  if (git_mailmap_from_repository (&mailmap, repo) != 0)
    mailmap = NULL;
  for (gsize i = 0; i < n_old; i++)
    if (!pcc_range_diff_read_commit (&a[i], repo, mailmap, &cfg,
                                     &old_commits[i], error))
      goto out;
  for (gsize j = 0; j < n_new; j++)
    if (!pcc_range_diff_read_commit (&b[j], repo, mailmap, &cfg,
                                     &new_commits[j], error))
      goto out;

  find_exact_matches (a, n_old, b, n_new);
  if (!get_correspondences (a, (int) n_old, b, (int) n_new, error))
    goto out;

  if (git_repository_odb (&odb, repo) != 0)
    odb = NULL;
  o.out = g_string_new (NULL);
  o.odb = odb;
  o.cfg = &cfg;
  o.abbrev_len = pcc_range_diff_abbrev_start (repo, &cfg);
  o.width = pcc_text_decimal_width (1 + (int) MAX (n_old, n_new));
  output (&o, a, (int) n_old, b, (int) n_new);
  result = g_string_free (o.out, FALSE);
  g_free (o.dashes);

out:
  for (gsize i = 0; i < n_old; i++)
    pcc_range_diff_commit_clear (&a[i]);
  for (gsize j = 0; j < n_new; j++)
    pcc_range_diff_commit_clear (&b[j]);
  g_free (a);
  g_free (b);
  git_odb_free (odb);
  git_mailmap_free (mailmap);
  return result;
}
