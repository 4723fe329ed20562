/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cover-cli.c - "patchcc cover" (see pcc-cover-cli.h). */
#include <stdio.h>
#include <string.h>

#include "pcc-cover-cli.h"
#include "pcc-attribution.h"
#include "pcc-changes.h"
#include "pcc-cover.h"
#include "pcc-error.h"
#include "pcc-file.h"
#include "pcc-plan.h"
#include "pcc-provenance.h"
#include "pcc-recipients.h"
#include "pcc-series.h"
#include "pcc-template.h"
#include "pcc-tool-trailers.h"
#include "pcc-tree.h"

typedef struct
{
  char *template_name;
  char *template_dir;
  char *provenance_file;
  char *tree_path;
  char *tree_rev;
  gboolean at_base;
  char *title;
  char *cover_file;
  char *signature;
  char *signature_file;
  char *from;
  char *range_diff_file;
  char *changes_file;
  char *previous;
  int previous_version;
  char *style;
  char *split;
  char *rest_rule;
  char **to;
  char **cc;
  gboolean no_recipients;
  gboolean move_tool_trailers;
  char *output_dir;
  gboolean body_only;
  gboolean b4_template;
  gboolean list_templates;
  gboolean explain;
  char *date;
  char **files;
} CoverArgs;

static void
cover_args_clear (CoverArgs *a)
{
  g_free (a->template_name);
  g_free (a->template_dir);
  g_free (a->provenance_file);
  g_free (a->tree_path);
  g_free (a->tree_rev);
  g_free (a->title);
  g_free (a->cover_file);
  g_free (a->signature);
  g_free (a->signature_file);
  g_free (a->from);
  g_free (a->range_diff_file);
  g_free (a->changes_file);
  g_free (a->previous);
  g_free (a->style);
  g_free (a->split);
  g_free (a->rest_rule);
  g_strfreev (a->to);
  g_strfreev (a->cc);
  g_free (a->output_dir);
  g_free (a->date);
  g_strfreev (a->files);
}

#define fail(status, ...) pcc_fail ((status), "patchcc cover", __VA_ARGS__)

static char *
read_text_file (const char *path, GError **error)
{
  char *data = NULL;
  gsize len = 0;
  if (!pcc_file_read (path, &data, &len, error))
    return NULL;
  if (memchr (data, '\0', len) || !g_utf8_validate (data, len, NULL))
    {
      g_free (data);
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION, "%s: not UTF-8 text",
                   path);
      return NULL;
    }
  return data;
}

/* Sets a text of @cover with @set from the UTF-8 file at @path
 * (--signature-file, --range-diff-file). */
static gboolean
set_from_file (PccCover *cover, void (*set) (PccCover *, const char *),
               const char *path, GError **error)
{
  g_autofree char *text = read_text_file (path, error);
  if (!text)
    return FALSE;
  set (cover, text);
  return TRUE;
}

/* b4's cover format: the first line is the title, then a blank line and
 * the body. */
static gboolean
read_cover_file (const char *path, char **title, char **blurb, GError **error)
{
  g_autofree char *data = read_text_file (path, error);
  if (!data)
    return FALSE;
  char *nl = strchr (data, '\n');
  if (nl)
    *nl = '\0';
  *title = g_strstrip (g_strdup (data));
  *blurb = g_strdup (nl ? nl + 1 : "");
  g_strchug (*blurb);
  return TRUE;
}

/* format-patch's file name for a subject: "0002-net-foo-fix-bar.patch". */
static char *
patch_file_name (guint n, const char *subject)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%04u-", n);
  gsize start = s->len;
  gboolean dash = FALSE;
  for (const char *p = subject; *p && s->len - start < 52; p++)
    {
      if (g_ascii_isalnum (*p) || *p == '_' || *p == '.')
        {
          if (dash && s->len > start)
            g_string_append_c (s, '-');
          dash = FALSE;
          g_string_append_c (s, *p);
        }
      else
        dash = TRUE;
    }
  while (s->len > start
         && (s->str[s->len - 1] == '.' || s->str[s->len - 1] == '-'))
    g_string_truncate (s, s->len - 1);
  g_string_append (s, ".patch");
  return g_string_free (s, FALSE);
}

static void
print_templates (const char *user_dir)
{
  g_auto (GStrv) names = pcc_template_list (user_dir);
  for (guint i = 0; names[i]; i++)
    {
      g_autoptr (PccTemplate) t = pcc_template_load (user_dir, names[i], NULL);
      printf ("%-12s %s\n", names[i],
              t ? pcc_template_get_description (t) : "(does not parse)");
    }
}

/* The tool trailers left in the patches, and what @tree (may be NULL)
 * asks about them: moving them stays the user's choice. */
static void
report_tool_trailers (const PccSeries *series, const GArray *found,
                      const PccTree *tree)
{
  g_autofree char *rep = pcc_tool_trailers_report (series, found);
  fprintf (stderr,
           "patchcc cover: tool trailers in the patches "
           "(--move-tool-trailers -o DIR moves them to the cover "
           "letter):\n%s",
           rep);
  if (tree == NULL)
    {
      fprintf (stderr, "patchcc cover: without a kernel tree, what it asks "
                       "about Assisted-by: trailers is not known; whether to "
                       "keep them or move them is your decision.\n");
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (PccAttribution) attr = pcc_attribution_read (tree, &error);
  if (attr == NULL)
    {
      fprintf (stderr, "patchcc cover: warning: %s\n", error->message);
      return;
    }
  g_autofree char *asks = pcc_attribution_describe (attr);
  fprintf (stderr, "patchcc cover: %s\n", asks);
}

/* @text as b4 must read it: "$" written "$$".  Takes @text. */
static char *
b4_escape (char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, "$", -1);
  g_free (text);
  return g_strjoinv ("$$", parts);
}

/* A template for b4's prep-cover-template: patchcc's own tokens
 * rendered, b4's left as tokens for b4 to fill. */
static char *
render_b4_template (PccTemplate *tpl, const PccProvenance *prov,
                    const char *title, GError **error)
{
  const char *const *tokens = pcc_template_get_known_tokens ();
  g_autoptr (GHashTable) v
      = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = 0; tokens[i]; i++)
    if (pcc_template_token_is_b4 (tokens[i]))
      g_hash_table_insert (v, (char *) tokens[i],
                           g_strdup_printf ("${%s}", tokens[i]));
  /* "$" in patchcc's values must reach b4 as "$$". */
  for (const char *const *t = pcc_provenance_get_tokens (); *t; t++)
    g_hash_table_insert (v, (char *) *t,
                         b4_escape (pcc_provenance_render_token (prov, *t)));
  g_hash_table_insert (v, "title", b4_escape (g_strdup (title ? title : "")));
  return pcc_template_render (tpl, v, error);
}

static const char summary_text[]
    = "Prints the cover letter mail for a series of patches: From:, Subject:\n"
      "\"[PATCH 0/N] ...\", To: and Cc: (the union of the patches' recipients,\n"
      "To: maintainers and reviewers, Cc: lists, as b4 splits them) and the\n"
      "body rendered from a template (b4's tokens, plus ${provenance} or its\n"
      "parts ${tools}, ${assistance} and ${testing}).\n"
      "\n"
      "PATCHES are files written by git format-patch or b4 send -o, folders\n"
      "of them, or mboxes.  An existing [PATCH 0/N] mail gives the title and\n"
      "the blurb.\n"
      "\n"
      "Use with b4:\n"
      "  b4 send -o DIR && patchcc cover DIR      a cover from b4's output\n"
      "  patchcc cover --b4-template -p prov.ini > F &&\n"
      "    git config b4.prep-cover-template F    b4 fills the rest\n"
      "  b4.send-auto-to-cmd = patchcc --to, b4.send-auto-cc-cmd = patchcc --cc\n"
      "\n"
      "Exit status: 0 on success, 1 for input that cannot be used, 2 for a\n"
      "missing file, 255 for a bad option.";

static int
run (CoverArgs *a)
{
  g_autoptr (GError) error = NULL;

  if (a->template_dir == NULL)
    a->template_dir = pcc_template_default_user_dir ();
  if (a->list_templates)
    {
      print_templates (a->template_dir);
      return 0;
    }

  gboolean git_style = TRUE;
  if (a->style && strcmp (a->style, "b4") == 0)
    git_style = FALSE;
  else if (a->style && strcmp (a->style, "git") != 0)
    {
      return fail (PCC_EXIT_DIE, "--style must be git or b4, not “%s”",
                   a->style);
    }
  PccPlanOptions popts;
  pcc_plan_options_init (&popts);
  if (a->split && !pcc_split_from_string (a->split, &popts.split))
    return fail (PCC_EXIT_DIE, "--split must be %s, not “%s”",
                 pcc_policy_names (PCC_POLICY_SPLIT), a->split);
  if (a->rest_rule
      && !pcc_rest_rule_from_string (a->rest_rule, &popts.rest_rule))
    return fail (PCC_EXIT_DIE, "--rest-rule must be %s, not “%s”",
                 pcc_policy_names (PCC_POLICY_REST_RULE), a->rest_rule);
  if (a->move_tool_trailers && !a->output_dir)
    {
      return fail (PCC_EXIT_DIE,
                   "--move-tool-trailers rewrites patches: give "
                   "--output-dir DIR for the rewritten series (the input "
                   "files are not changed)");
    }

  g_autoptr (PccTemplate) tpl = pcc_template_load (
      a->template_dir, a->template_name ? a->template_name : "default",
      &error);
  if (!tpl)
    {
      return fail (pcc_exit_status_for_error (error), "%s", error->message);
    }

  g_autoptr (PccProvenance) prov = NULL;
  if (a->provenance_file)
    {
      prov = pcc_provenance_load_file (a->provenance_file, &error);
      if (!prov)
        {
          return fail (pcc_exit_status_for_error (error), "%s",
                       error->message);
        }
    }
  else
    prov = pcc_provenance_new ();

  if (a->b4_template)
    {
      g_autofree char *text = render_b4_template (tpl, prov, a->title, &error);
      if (!text)
        {
          return fail (1, "%s", error->message);
        }
      fputs (text, stdout);
      return 0;
    }

  if (!a->files || !a->files[0])
    {
      return fail (PCC_EXIT_DIE, "no patches given - use --help");
    }
  g_autoptr (PccSeries) series = pcc_series_new_from_paths (
      (const char *const *) a->files, g_strv_length (a->files), &error);
  if (!series)
    {
      return fail (pcc_exit_status_for_error (error), "%s", error->message);
    }
  const GPtrArray *warnings = pcc_series_get_warnings (series);
  for (guint i = 0; i < warnings->len; i++)
    fprintf (stderr, "patchcc cover: warning: %s\n",
             (const char *) warnings->pdata[i]);

  /* Tool trailers: moved when asked, else reported once the tree is
   * known (below), with what it asks about them. */
  g_autoptr (GArray) trailers = pcc_tool_trailers_find (series);
  {
    GArray *found = trailers;
    if (found->len && a->move_tool_trailers)
      {
        g_autoptr (GArray) moved = NULL;
        if (!pcc_tool_trailers_migrate (series, prov, &moved, &error))
          {
            return fail (pcc_exit_status_for_error (error), "%s",
                         error->message);
          }
        g_autofree char *rep = pcc_tool_trailers_report (series, moved);
        fprintf (stderr,
                 "patchcc cover: moved to the provenance section "
                 "(say how the output was reviewed in --provenance-file):\n"
                 "%s",
                 rep);
      }
  }

  /* The tree: recipients, .mailmap and (at the base) the diffstat. */
  const char *rev = a->tree_rev;
  if (a->at_base)
    {
      rev = pcc_series_get_base_commit (series);
      if (!rev)
        {
          return fail (1, "--at-base: the series has no base-commit: "
                          "line (git format-patch --base=...)");
        }
    }
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccEngine) engine = NULL;
  if (!a->no_recipients || a->tree_path || rev)
    {
      tree = pcc_tree_locate (a->tree_path, rev,
                              PCC_TREE_FROM_CWD | PCC_TREE_FROM_ENV, &error);
      if (!tree)
        {
          return fail (pcc_exit_status_for_error (error), "%s",
                       error->message);
        }
      if (!pcc_series_load_mailmap (series, tree, &error))
        {
          return fail (1, "%s", error->message);
        }
      if (a->at_base)
        pcc_series_set_base_tree (series, tree);
    }
  if (trailers->len && !a->move_tool_trailers)
    report_tool_trailers (series, trailers, tree);

  g_auto (GStrv) final_to = NULL;
  g_auto (GStrv) final_cc = NULL;
  if (!a->no_recipients)
    {
      if (!pcc_tree_check_kernel_top (tree,
                                      "give --tree-path DIR (or "
                                      "PATCHCC_TREE), or --no-recipients",
                                      &error))
        return fail (PCC_EXIT_DIE, "%s", error->message);
      engine = pcc_engine_new (tree, NULL, TRUE, &error);
      if (!engine)
        {
          return fail (1, "%s", error->message);
        }
      g_autoptr (PccPlan) plan = pcc_series_plan_new (
          series, engine, &popts, (const char *const *) a->to,
          (const char *const *) a->cc, &error);
      if (!plan)
        {
          return fail (pcc_exit_status_for_error (error), "%s",
                       error->message);
        }
      final_to = pcc_plan_get_final (plan, PCC_FIELD_TO);
      final_cc = pcc_plan_get_final (plan, PCC_FIELD_CC);
      if (a->explain)
        {
          g_autofree char *s = pcc_plan_to_string (plan);
          fputs (s, stderr);
        }
    }
  else
    {
      final_to = g_strdupv (a->to);
      final_cc = g_strdupv (a->cc);
    }

  g_autoptr (PccCover) cover = pcc_cover_new (series);
  pcc_cover_set_template (cover, g_steal_pointer (&tpl));
  pcc_cover_set_provenance (cover, prov);
  pcc_cover_set_style (cover,
                       git_style ? PCC_COVER_STYLE_GIT : PCC_COVER_STYLE_B4);
  if (a->cover_file)
    {
      g_autofree char *t = NULL, *b = NULL;
      if (!read_cover_file (a->cover_file, &t, &b, &error))
        {
          return fail (pcc_exit_status_for_error (error), "%s",
                       error->message);
        }
      pcc_cover_set_title (cover, t);
      pcc_cover_set_blurb (cover, b);
    }
  if (a->title)
    pcc_cover_set_title (cover, a->title);
  if (a->signature_file
      && !set_from_file (cover, pcc_cover_set_signature, a->signature_file,
                         &error))
    return fail (pcc_exit_status_for_error (error), "%s", error->message);
  if (a->signature)
    pcc_cover_set_signature (cover, a->signature);
  if (a->from)
    pcc_cover_set_from (cover, a->from);
  if (a->date)
    pcc_cover_set_date (cover, a->date);
  if (a->range_diff_file
      && !set_from_file (cover, pcc_cover_set_range_diff, a->range_diff_file,
                         &error))
    return fail (pcc_exit_status_for_error (error), "%s", error->message);
  if (a->changes_file
      && !set_from_file (cover, pcc_cover_set_changes, a->changes_file,
                         &error))
    return fail (pcc_exit_status_for_error (error), "%s", error->message);
  /* The previous version: ${changes}, and ${range_diff} when the
   * template uses it (b4 computes it only then) and no file gives them */
  g_autoptr (PccPrevious) prev = NULL;
  if (a->previous_version < 0 || (a->previous_version && !a->previous))
    return fail (PCC_EXIT_DIE,
                 "--previous-version N needs --previous and N above 0");
  if (a->previous)
    {
      prev = pcc_previous_find_in_file (series, a->previous,
                                        (guint) a->previous_version, &error);
      if (!prev)
        return fail (g_error_matches (error, PCC_ERROR, PCC_ERROR_PATCH)
                         ? PCC_EXIT_REFUSED
                         : pcc_exit_status_for_error (error),
                     "%s: %s", a->previous, error->message);
    }
  if (prev && !a->changes_file)
    {
      g_autofree char *changes = pcc_changes_prefill (prev, series);
      pcc_cover_set_changes (cover, changes);
    }
  if (prev && !a->range_diff_file
      && pcc_template_uses (pcc_cover_get_template (cover), "range_diff"))
    {
      g_autoptr (GError) rd_error = NULL;
      g_autofree char *rd = pcc_changes_range_diff (
          prev, series, a->tree_path ? a->tree_path : ".", &rd_error);
      if (rd)
        pcc_cover_set_range_diff (cover, rd);
      else
        fprintf (stderr, "patchcc cover: note: no range-diff: %s\n",
                 rd_error->message);
    }
  if (!pcc_series_diffstat_is_exact (series, NULL))
    {
      const char *why = NULL;
      pcc_series_diffstat_is_exact (series, &why);
      fprintf (stderr,
               "patchcc cover: note: the diffstat may differ from "
               "git's (--at-base reads the base tree):\n%s",
               why);
    }

  g_autofree char *text = NULL;
  if (a->body_only)
    text = pcc_cover_render_body (cover, &error);
  else
    text = pcc_cover_render_mail (cover, (const char *const *) final_to,
                                  (const char *const *) final_cc, &error);
  if (!text)
    {
      return fail (pcc_exit_status_for_error (error), "%s", error->message);
    }

  if (a->output_dir)
    {
      if (g_mkdir_with_parents (a->output_dir, 0755) != 0)
        {
          return fail (1, "%s: cannot create the folder", a->output_dir);
        }
      g_autofree char *cpath
          = g_build_filename (a->output_dir, "0000-cover-letter.patch", NULL);
      if (!g_file_set_contents (cpath, text, -1, &error))
        {
          return fail (1, "%s", error->message);
        }
      for (guint i = 0; i < pcc_series_get_n_patches (series); i++)
        {
          PccPatch *p = pcc_series_get_patch (series, i);
          g_autofree char *subj = pcc_series_get_commit_subject (series, i);
          g_autofree char *name = patch_file_name (i + 1, subj);
          g_autofree char *path = g_build_filename (a->output_dir, name, NULL);
          gsize len = 0;
          const char *data = pcc_patch_get_data (p, &len);
          if (!g_file_set_contents (path, data, len, &error))
            {
              return fail (1, "%s", error->message);
            }
          printf ("%s\n", path);
        }
      printf ("%s\n", cpath);
    }
  else
    fputs (text, stdout);

  if (fflush (stdout) != 0)
    return fail (1, "writing the output failed");
  return 0;
}

int
pcc_cover_main (int argc, char **argv)
{
  CoverArgs a = { 0 };
  g_autoptr (GError) error = NULL;
  int status = 0;

  GOptionEntry entries[] = {
    { "template", 't', 0, G_OPTION_ARG_STRING, &a.template_name,
      "Template name or path (default: default)", "NAME" },
    { "template-dir", 0, 0, G_OPTION_ARG_FILENAME, &a.template_dir,
      "Your templates (default: ~/.claws-mail/patchcc/templates)", "DIR" },
    { "list-templates", 0, 0, G_OPTION_ARG_NONE, &a.list_templates,
      "List the templates and exit", NULL },
    { "provenance-file", 'p', 0, G_OPTION_ARG_FILENAME, &a.provenance_file,
      "How the series was made (a key file; see pcc-provenance.h)", "F" },
    { "tree-path", 0, 0, G_OPTION_ARG_FILENAME, &a.tree_path,
      "The kernel tree (default: . if it is one, else $PATCHCC_TREE)", "DIR" },
    { "tree-rev", 0, 0, G_OPTION_ARG_STRING, &a.tree_rev,
      "Read MAINTAINERS and .mailmap from REV of the repository", "REV" },
    { "at-base", 0, 0, G_OPTION_ARG_NONE, &a.at_base,
      "Use the series' base-commit as --tree-rev (exact diffstat too)", NULL },
    { "title", 0, 0, G_OPTION_ARG_STRING, &a.title,
      "The cover letter's title (the subject after [PATCH 0/N])", "TEXT" },
    { "cover-file", 0, 0, G_OPTION_ARG_FILENAME, &a.cover_file,
      "Title on the first line, blank line, then the blurb", "F" },
    { "signature", 0, 0, G_OPTION_ARG_STRING, &a.signature,
      "Signature (default: ~/.signature, else Name <email>)", "TEXT" },
    { "signature-file", 0, 0, G_OPTION_ARG_FILENAME, &a.signature_file,
      "Signature from a file", "F" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &a.from,
      "Sender (default: git user.name and user.email)", "ADDR" },
    { "date", 0, 0, G_OPTION_ARG_STRING, &a.date,
      "Date: header value (default: now)", "DATE" },
    { "range-diff-file", 0, 0, G_OPTION_ARG_FILENAME, &a.range_diff_file,
      "Text for ${range_diff} (git range-diff output)", "F" },
    { "changes-file", 0, 0, G_OPTION_ARG_FILENAME, &a.changes_file,
      "Text for ${changes} (\"Changes in v2:\" and its items)", "F" },
    { "previous", 0, 0, G_OPTION_ARG_FILENAME, &a.previous,
      "Fill ${changes} and ${range_diff} from the previous version in "
      "this mbox",
      "MBOX" },
    { "previous-version", 0, 0, G_OPTION_ARG_INT, &a.previous_version,
      "With --previous: version N rather than the one before", "N" },
    { "style", 0, 0, G_OPTION_ARG_STRING, &a.style,
      "git (format-patch's shortlog and diffstat, default) or b4", "STYLE" },
    { "to", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a.to,
      "Also send to ADDR (repeatable)", "ADDR" },
    { "cc", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a.cc,
      "Also copy ADDR (repeatable)", "ADDR" },
    { "split", 0, 0, G_OPTION_ARG_STRING, &a.split,
      "b4 (To: maintainers and reviewers, default) or all-cc", "SPLIT" },
    { "rest-rule", 0, 0, G_OPTION_ARG_STRING, &a.rest_rule,
      "fallback (default), public or always", "RULE" },
    { "no-recipients", 0, 0, G_OPTION_ARG_NONE, &a.no_recipients,
      "Do not compute To:/Cc: (no kernel tree needed)", NULL },
    { "explain", 0, 0, G_OPTION_ARG_NONE, &a.explain,
      "Print why each recipient is there (to stderr)", NULL },
    { "move-tool-trailers", 0, 0, G_OPTION_ARG_NONE, &a.move_tool_trailers,
      "Move Assisted-by: and other tool trailers into the provenance "
      "section (needs --output-dir)",
      NULL },
    { "output-dir", 'o', 0, G_OPTION_ARG_FILENAME, &a.output_dir,
      "Write 0000-cover-letter.patch and the patches there", "DIR" },
    { "body-only", 0, 0, G_OPTION_ARG_NONE, &a.body_only,
      "Print only the rendered body", NULL },
    { "b4-template", 0, 0, G_OPTION_ARG_NONE, &a.b4_template,
      "Print a template for b4's prep-cover-template: provenance filled "
      "in, b4's tokens kept",
      NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &a.files, NULL,
      NULL },
    { NULL }
  };

  g_autoptr (GOptionContext) ctx = g_option_context_new ("PATCHES...");
  g_option_context_set_summary (ctx, summary_text);
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_help_enabled (ctx, TRUE);
  g_auto (GStrv) args = g_new0 (char *, argc + 1);
  args[0] = g_strdup ("patchcc cover");
  for (int i = 1; i < argc; i++)
    args[i] = g_strdup (argv[i]);
  if (!g_option_context_parse_strv (ctx, &args, &error))
    {
      status = fail (PCC_EXIT_DIE, "%s - use --help", error->message);
      goto out;
    }

  status = run (&a);

out:
  cover_args_clear (&a);
  return status;
}
