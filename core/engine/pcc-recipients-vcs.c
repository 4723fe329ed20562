/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-recipients-vcs.c - the vcs_* functions of get_maintainer.pl:
 * who signed, wrote and last changed what a patch touches, from the git
 * history (pcc-history.h), for pcc-recipients.c. */
#include "pcc-recipients-vcs.h"
#include "pcc-email.h"
#include "pcc-engine-private.h"
#include "pcc-approxidate.h"
#include "pcc-history.h"
#include "pcc-regex.h"

#include <string.h>

/* The history, opened the first time a feature asks (vcs_exists()):
 * NULL when the tree is not in git. */
static PccHistory *
engine_history (PccRecipientsVcs *vcs)
{
  PccEngine *e = vcs->engine;
  if (!e->history_tried)
    {
      g_autoptr (GError) err = NULL;
      e->history_tried = TRUE;
      e->history = pcc_history_open (e->tree, &err);
      if (err)
        e->history_error = g_strdup (err->message);
    }
  if (e->history == NULL && !vcs->printed_novcs)
    {
      vcs->printed_novcs = TRUE;
      if (e->history_error)
        g_ptr_array_add (vcs->warnings,
                         g_strdup_printf ("patchcc: %s", e->history_error));
      else if (vcs->o->email_git)
        {
          g_ptr_array_add (
              vcs->warnings,
              g_strdup ("patchcc: No supported VCS found.  Add --nogit to "
                        "options?\nUsing a git repository produces better "
                        "results.\nTry Linus Torvalds' latest git repository "
                        "using:\ngit clone "
                        "git://git.kernel.org/pub/scm/linux/kernel/git/"
                        "torvalds/linux.git"));
        }
    }
  return e->history;
}

static const char *
keep_string (PccRecipientsVcs *vcs, const char *s)
{
  char *copy = g_strdup (s);
  g_ptr_array_add (vcs->strings, copy);
  return copy;
}

/* grep(!/(Linus Torvalds)/i, @lines) */
static gboolean
names_chief (const char *line)
{
  g_autofree char *lc = g_ascii_strdown (line, -1);
  return strstr (lc, "linus torvalds") != NULL;
}

/* extract_formatted_signatures(): s/\s*.*:\s*(.+)\s*\/$1/, then
 * deduplicate_email() */
static void
extract_formatted (PccRecipientsVcs *vcs, GPtrArray *lines)
{
  g_autoptr (PccRegex) re = pcc_regex_new ("\\s*.*:\\s*(.+)\\s*", 0, NULL);
  for (guint i = 0; i < lines->len; i++)
    {
      g_autofree char *cut
          = pcc_regex_replace (re, lines->pdata[i], "$1", FALSE);
      g_free (lines->pdata[i]);
      lines->pdata[i] = pcc_recipient_list_deduplicate_email (vcs->list, cut);
    }
}

typedef struct
{
  guint commits;
  GPtrArray *signers, *authors, *stats; /* char * */
} Signers;

static void
signers_clear (Signers *s)
{
  g_ptr_array_unref (s->signers);
  g_ptr_array_unref (s->authors);
  g_ptr_array_unref (s->stats);
}

static char *
regex_quote_none (const char *file)
{
  /* $file is interpolated into the pattern as it is (a regex) */
  return g_strdup_printf ("^(\\d+)\\t(\\d+)\\t%s$", file);
}

/* vcs_find_signers() on the lines git printed. */
static void
find_signers (PccRecipientsVcs *vcs, GPtrArray *lines, const char *file,
              Signers *out)
{
  out->commits = 0;
  out->signers = g_ptr_array_new_with_free_func (g_free);
  out->authors = g_ptr_array_new_with_free_func (g_free);
  out->stats = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *sig = g_strdup_printf (
      "^[ \\t]*%s.*\\@.*$", vcs->o->email_git_all_signature_types
                                ? "(.+?)[Bb][Yy]:"
                                : "(Signed-off-by:|Reviewed-by:|Acked-by:)");
  g_autoptr (PccRegex) sig_re = pcc_regex_new (sig, 0, NULL);
  g_autoptr (PccRegex) commit_re
      = pcc_regex_new ("^GitCommit: ([0-9a-f]{40,40})", 0, NULL);
  g_autofree char *stat = regex_quote_none (file);
  g_autoptr (PccRegex) stat_re = pcc_regex_new (stat, 0, NULL);
  for (guint i = 0; i < lines->len; i++)
    {
      const char *l = lines->pdata[i];
      if (pcc_regex_match (commit_re, l, -1, 0))
        out->commits++;
      if (g_str_has_prefix (l, "GitAuthor: "))
        g_ptr_array_add (out->authors, g_strdup (l));
      if (sig_re && pcc_regex_match (sig_re, l, -1, 0))
        g_ptr_array_add (out->signers, g_strdup (l));
      if (stat_re && pcc_regex_match (stat_re, l, -1, 0))
        g_ptr_array_add (out->stats, g_strdup (l));
    }
  if (out->signers->len == 0)
    {
      out->commits = 0;
      return;
    }
  if (!vcs->o->email_git_penguin_chiefs)
    for (guint i = out->signers->len; i > 0; i--)
      if (names_chief (out->signers->pdata[i - 1]))
        g_ptr_array_remove_index (out->signers, i - 1);
  extract_formatted (vcs, out->authors);
  extract_formatted (vcs, out->signers);
}

static gboolean
ignored (PccRecipientsVcs *vcs, const char *line)
{
  for (char **p = vcs->o->ignore_emails; p && *p; p++)
    if (strcmp (*p, line) == 0)
      return TRUE;
  return FALSE;
}

typedef struct
{
  const char *line;
  guint count;
} Tally;

static int
compare_tally (gconstpointer a, gconstpointer b)
{
  const Tally *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  /* Perl's hash order in the script; byte order here */
  return strcmp (x->line, y->line);
}

/* vcs_assign() */
static void
vcs_assign (PccRecipientsVcs *vcs, const char *role, guint divisor,
            GPtrArray *lines, PccRecipientKind kind, const PccReason *why)
{
  if (lines->len == 0)
    return;
  if (divisor == 0)
    {
      g_ptr_array_add (vcs->warnings,
                       g_strdup ("Bad divisor in main::vcs_assign: 0"));
      divisor = 1;
    }
  g_autoptr (GPtrArray) mapped = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < lines->len; i++)
    g_ptr_array_add (mapped,
                     pcc_mailmap_map (vcs->engine->mailmap, lines->pdata[i]));
  g_ptr_array_sort (mapped, pcc_recipient_list_compare_strings);
  g_autoptr (GArray) tally = g_array_new (FALSE, FALSE, sizeof (Tally));
  for (guint i = 0; i < mapped->len; i++)
    {
      const char *l = mapped->pdata[i];
      if (tally->len > 0
          && strcmp (g_array_index (tally, Tally, tally->len - 1).line, l)
                 == 0)
        g_array_index (tally, Tally, tally->len - 1).count++;
      else
        g_array_append_val (tally, ((Tally){ l, 1 }));
    }
  g_array_sort (tally, compare_tally);
  guint count = 0;
  for (guint i = 0; i < tally->len; i++)
    {
      const Tally *t = &g_array_index (tally, Tally, i);
      double percent = (double) t->count * 100 / divisor;
      if (percent > 100)
        percent = 100;
      if (ignored (vcs, t->line))
        continue;
      count++;
      if ((int) t->count < vcs->o->email_git_min_signatures
          || (int) count > vcs->o->email_git_max_maintainers
          || percent < vcs->o->email_git_min_percent)
        break;
      gboolean had;
      PccRecipientEntry *it
          = pcc_recipient_list_push_email (vcs->list, t->line, "", kind, &had);
      g_autofree char *r = vcs->o->output_rolestats
                               ? g_strdup_printf ("%s:%u/%u=%.0f%%", role,
                                                  t->count, divisor, percent)
                               : g_strdup (role);
      pcc_recipient_list_add_role (vcs->list, t->line, r);
      if (it && why)
        {
          PccReason re = *why;
          re.count = t->count;
          re.total = divisor;
          pcc_recipient_entry_add_reason (it, &re);
        }
    }
}

static void
dedup_all (PccRecipientsVcs *vcs, GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    {
      char *d
          = pcc_recipient_list_deduplicate_email (vcs->list, lines->pdata[i]);
      g_free (lines->pdata[i]);
      lines->pdata[i] = d;
    }
}

/* vcs_file_signoffs() */
gboolean
pcc_recipients_vcs_file_signoffs (PccRecipientsVcs *vcs, const char *file,
                                  GError **error)
{
  PccHistory *h = engine_history (vcs);
  if (h == NULL)
    return TRUE;
  if (vcs->since == 0)
    {
      gint64 now = g_get_real_time () / G_USEC_PER_SEC;
      if (!pcc_approxidate (vcs->o->email_git_since, now, &vcs->since))
        {
          /* git takes a date it cannot read as "now": no commit is that
           * recent */
          vcs->since = now;
          g_ptr_array_add (
              vcs->warnings,
              g_strdup_printf ("patchcc: --git-since: \"%s\" is not a date "
                               "patchcc understands (\"N-days-ago\", "
                               "\"N-months-ago\", \"YYYY-MM-DD\"...); no "
                               "commit is counted",
                               vcs->o->email_git_since));
        }
    }
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) err = NULL;
  if (!pcc_history_file_log (h, file, vcs->since, lines, &err))
    {
      /* as git log failing under the script: a message, and the lines
       * read so far */
      g_ptr_array_add (vcs->warnings, g_strdup_printf ("patchcc: %s: %s", file,
                                                       err->message));
    }
  Signers s;
  find_signers (vcs, lines, file, &s);
  dedup_all (vcs, s.signers);
  PccReason why = { .kind = PCC_REASON_GIT,
                    .file = file,
                    .tvi = G_MAXUINT,
                    .section = G_MAXUINT };
  why.role = "commit_signer";
  vcs_assign (vcs, "commit_signer", s.commits, s.signers, PCC_KIND_GIT, &why);
  why.role = "authored";
  vcs_assign (vcs, "authored", s.commits, s.authors, PCC_KIND_GIT, &why);
  if (s.authors->len == s.stats->len)
    {
      g_autofree char *stat = regex_quote_none (file);
      g_autoptr (PccRegex) stat_re = pcc_regex_new (stat, 0, NULL);
      guint added = 0, deleted = 0;
      g_autoptr (GArray) adds = g_array_new (FALSE, TRUE, sizeof (guint));
      g_autoptr (GArray) dels = g_array_new (FALSE, TRUE, sizeof (guint));
      for (guint i = 0; i < s.stats->len; i++)
        {
          guint a = 0, d = 0;
          if (stat_re && pcc_regex_match (stat_re, s.stats->pdata[i], -1, 0))
            {
              g_autofree char *g1
                  = pcc_regex_group (stat_re, s.stats->pdata[i], 1);
              g_autofree char *g2
                  = pcc_regex_group (stat_re, s.stats->pdata[i], 2);
              a = (guint) g_ascii_strtoull (g1, NULL, 10);
              d = (guint) g_ascii_strtoull (g2, NULL, 10);
            }
          added += a;
          deleted += d;
          g_array_append_val (adds, a);
          g_array_append_val (dels, d);
        }
      /* uniq(@authors), deduplicated, uniq again */
      g_autoptr (GPtrArray) tmp = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GHashTable) saw
          = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; i < s.authors->len; i++)
        if (g_hash_table_add (saw, g_strdup (s.authors->pdata[i])))
          g_ptr_array_add (tmp, g_strdup (s.authors->pdata[i]));
      dedup_all (vcs, tmp);
      g_hash_table_remove_all (saw);
      g_autoptr (GPtrArray) list_added
          = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GPtrArray) list_deleted
          = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < tmp->len; i++)
        {
          const char *author = tmp->pdata[i];
          if (!g_hash_table_add (saw, g_strdup (author)))
            continue;
          guint aa = 0, ad = 0;
          for (guint j = 0; j < s.stats->len; j++)
            {
              g_autofree char *d = pcc_recipient_list_deduplicate_email (
                  vcs->list, s.authors->pdata[j]);
              if (strcmp (author, d) == 0)
                {
                  aa += g_array_index (adds, guint, j);
                  ad += g_array_index (dels, guint, j);
                }
            }
          for (guint k = 0; k < aa; k++)
            g_ptr_array_add (list_added, g_strdup (author));
          for (guint k = 0; k < ad; k++)
            g_ptr_array_add (list_deleted, g_strdup (author));
        }
      why.role = "added_lines";
      vcs_assign (vcs, "added_lines", added, list_added, PCC_KIND_GIT, &why);
      why.role = "removed_lines";
      vcs_assign (vcs, "removed_lines", deleted, list_deleted, PCC_KIND_GIT,
                  &why);
    }
  signers_clear (&s);
  return TRUE;
}

/* vcs_file_blame() */
gboolean
pcc_recipients_vcs_file_blame (PccRecipientsVcs *vcs, const char *file,
                               GArray *ranges, GError **error)
{
  PccHistory *h = engine_history (vcs);
  if (h == NULL)
    return TRUE;
  g_autoptr (GError) err = NULL;
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  /* vcs_blame(): nothing for a file that is not in the tree (-f $file) */
  if (pcc_tree_is_file (vcs->engine->tree, file))
    {
      if (ranges && ranges->len > 0)
        {
          for (guint i = 0; i < ranges->len; i++)
            {
              const PccBlameRange *r
                  = &g_array_index (ranges, PccBlameRange, i);
              if (strcmp (r->file, file) != 0)
                continue;
              if (r->start == 0 || r->length == 0)
                continue; /* git blame refuses the range */
              if (!pcc_history_blame (h, file, r->start, r->length, all, &err))
                break;
            }
        }
      else
        {
          pcc_history_blame (h, file, 0, 0, all, &err);
        }
      if (err)
        g_ptr_array_add (
            vcs->warnings,
            g_strdup_printf ("patchcc: git blame %s: %s", file, err->message));
    }
  else if (pcc_tree_exists (vcs->engine->tree, file))
    /* As the script (-f is false): not blamed; but say why. */
    g_ptr_array_add (vcs->warnings,
                     g_strdup_printf ("patchcc: git blame %s: not a regular "
                                      "file (a FIFO, a device...); not read",
                                      file));
  /* uniq(@all_commits) */
  g_autoptr (GPtrArray) commits = g_ptr_array_new ();
  g_autoptr (GHashTable) saw = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < all->len; i++)
    if (g_hash_table_add (saw, all->pdata[i]))
      g_ptr_array_add (commits, all->pdata[i]);
  guint total_commits = commits->len, total_lines = all->len;

  g_autoptr (GPtrArray) signers = g_ptr_array_new_with_free_func (g_free);
  if (vcs->o->email_git_blame_signatures)
    for (guint i = 0; i < commits->len; i++)
      {
        g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
        pcc_history_commit_log (h, commits->pdata[i], lines);
        Signers s;
        find_signers (vcs, lines, file, &s);
        for (guint j = 0; j < s.signers->len; j++)
          g_ptr_array_add (signers, g_strdup (s.signers->pdata[j]));
        signers_clear (&s);
      }

  PccReason why = { .kind = PCC_REASON_GIT,
                    .file = file,
                    .tvi = G_MAXUINT,
                    .section = G_MAXUINT };
  if (vcs->o->from_filename)
    {
      if (vcs->o->output_rolestats)
        {
          g_autoptr (GPtrArray) blame_signers
              = g_ptr_array_new_with_free_func (g_free);
          for (guint i = 0; i < commits->len; i++)
            {
              g_autoptr (GPtrArray) lines
                  = g_ptr_array_new_with_free_func (g_free);
              pcc_history_commit_author (h, commits->pdata[i], lines);
              if (!vcs->o->email_git_penguin_chiefs)
                for (guint j = lines->len; j > 0; j--)
                  if (names_chief (lines->pdata[j - 1]))
                    g_ptr_array_remove_index (lines, j - 1);
              char *author = NULL;
              for (guint j = 0; j < lines->len && !author; j++)
                if (g_str_has_prefix (lines->pdata[j], "GitAuthor: "))
                  {
                    g_autofree char *name = NULL, *addr = NULL;
                    pcc_email_parse ((char *) lines->pdata[j] + 11, &name,
                                     &addr);
                    author = pcc_email_format (name, addr, TRUE);
                  }
              if (author == NULL)
                continue;
              g_autofree char *fa
                  = pcc_recipient_list_deduplicate_email (vcs->list, author);
              g_free (author);
              /* grep(/$commit/, @all_commits) */
              for (guint j = 0; j < all->len; j++)
                if (strstr (all->pdata[j], commits->pdata[i]))
                  g_ptr_array_add (blame_signers, g_strdup (fa));
            }
          why.role = "authored lines";
          vcs_assign (vcs, "authored lines", total_lines, blame_signers,
                      PCC_KIND_GIT, &why);
        }
      dedup_all (vcs, signers);
      why.role = "commits";
      vcs_assign (vcs, "commits", total_commits, signers, PCC_KIND_GIT, &why);
    }
  else
    {
      dedup_all (vcs, signers);
      why.role = "modified commits";
      vcs_assign (vcs, "modified commits", total_commits, signers,
                  PCC_KIND_GIT, &why);
    }
  return TRUE;
}

/* vcs_add_commit_signers($commit, "blamed_fixes") */
void
pcc_recipients_vcs_add_commit_signers (PccRecipientsVcs *vcs,
                                       const char *commit)
{
  PccHistory *h = engine_history (vcs);
  if (h == NULL)
    return;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  pcc_history_commit_log (h, commit, lines);
  Signers s;
  find_signers (vcs, lines, "", &s);
  dedup_all (vcs, s.signers);
  PccReason why = { .kind = PCC_REASON_FIXES,
                    .tvi = G_MAXUINT,
                    .section = G_MAXUINT,
                    .commit = keep_string (vcs, commit) };
  vcs_assign (vcs, "blamed_fixes", 1, s.signers, PCC_KIND_FIXES, &why);
  signers_clear (&s);
}
