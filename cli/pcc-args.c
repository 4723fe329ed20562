/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-args.c - Getopt::Long, the way get_maintainer.pl uses it. */
#include "pcc-args.h"
#include "pcc-error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void
pcc_args_init (PccArgs *args)
{
  memset (args, 0, sizeof *args);
  pcc_options_init (&args->gm);
  args->files = g_ptr_array_new_with_free_func (g_free);
}

void
pcc_args_clear (PccArgs *args)
{
  pcc_options_clear (&args->gm);
  g_clear_pointer (&args->files, g_ptr_array_unref);
  g_clear_pointer (&args->tree_path, g_free);
  g_clear_pointer (&args->tree_rev, g_free);
  g_clear_pointer (&args->maintainer_path, g_free);
  g_clear_pointer (&args->dialect, g_free);
}

typedef enum
{
  OPT_BOOL,   /* "name!" : --name, --noname, --no-name */
  OPT_FLAG,   /* "name"  : --name only */
  OPT_INT,    /* "name=i" */
  OPT_STRING, /* "name=s" */
  OPT_OPTSTR, /* "name:s" */
  OPT_ACTION, /* patchcc's own, handled in apply() */
} OptKind;

typedef struct
{
  const char *names; /* "k|keywords" */
  OptKind kind;
  gsize offset; /* into PccArgs, for BOOL/FLAG/INT/STRING */
} OptSpec;

#define GM(field) \
  G_STRUCT_OFFSET (PccArgs, gm) + G_STRUCT_OFFSET (PccOptions, field)
#define AR(field) G_STRUCT_OFFSET (PccArgs, field)
#define IGNORED   ((gsize) -1)

static const OptSpec specs[] = {
  { "email", OPT_BOOL, GM (email) },
  { "git", OPT_BOOL, GM (email_git) },
  { "git-all-signature-types", OPT_BOOL, GM (email_git_all_signature_types) },
  { "git-blame", OPT_BOOL, GM (email_git_blame) },
  { "git-blame-signatures", OPT_BOOL, GM (email_git_blame_signatures) },
  { "git-fallback", OPT_BOOL, GM (email_git_fallback) },
  { "git-chief-penguins", OPT_BOOL, GM (email_git_penguin_chiefs) },
  { "git-min-signatures", OPT_INT, GM (email_git_min_signatures) },
  { "git-max-maintainers", OPT_INT, GM (email_git_max_maintainers) },
  { "git-min-percent", OPT_INT, GM (email_git_min_percent) },
  { "git-since", OPT_STRING, GM (email_git_since) },
  { "hg-since", OPT_STRING, IGNORED },
  { "i|interactive", OPT_BOOL, AR (interactive) },
  { "remove-duplicates", OPT_BOOL, GM (email_remove_duplicates) },
  { "mailmap", OPT_BOOL, GM (email_use_mailmap) },
  { "m", OPT_BOOL, GM (email_maintainer) },
  { "r", OPT_BOOL, GM (email_reviewer) },
  { "n", OPT_BOOL, GM (email_usename) },
  { "l", OPT_BOOL, GM (email_list) },
  { "fixes", OPT_BOOL, GM (email_fixes) },
  { "moderated", OPT_BOOL, GM (email_moderated_list) },
  { "s", OPT_BOOL, GM (email_subscriber_list) },
  { "multiline", OPT_BOOL, GM (output_multiline) },
  { "roles", OPT_BOOL, GM (output_roles) },
  { "rolestats", OPT_BOOL, GM (output_rolestats) },
  { "separator", OPT_STRING, GM (output_separator) },
  { "subsystem", OPT_BOOL, GM (subsystem) },
  { "status", OPT_BOOL, GM (status) },
  { "substatus", OPT_BOOL, GM (output_substatus) },
  { "scm", OPT_BOOL, GM (scm) },
  { "tree", OPT_BOOL, GM (tree) },
  { "web", OPT_BOOL, GM (web) },
  { "bug", OPT_BOOL, GM (bug) },
  { "letters", OPT_STRING, GM (letters) },
  { "pattern-depth", OPT_INT, GM (pattern_depth) },
  { "k|keywords", OPT_BOOL, GM (keywords) },
  { "kf|keywords-in-file", OPT_BOOL, GM (keywords_in_file) },
  { "sections", OPT_BOOL, GM (sections) },
  { "fe|file-emails", OPT_BOOL, GM (email_file_emails) },
  { "f|file", OPT_FLAG, GM (from_filename) },
  { "find-maintainer-files", OPT_FLAG, AR (find_maintainer_files) },
  { "mpath|maintainer-path", OPT_STRING, AR (maintainer_path) },
  { "self-test", OPT_OPTSTR, AR (self_test) },
  { "json", OPT_BOOL, GM (json) },
  { "v|version", OPT_FLAG, AR (version) },
  { "h|help|usage", OPT_FLAG, AR (help) },
  /* patchcc's own */
  { "tree-path", OPT_STRING, AR (tree_path) },
  { "tree-rev", OPT_STRING, AR (tree_rev) },
  { "dialect", OPT_STRING, AR (dialect) },
  { "explain", OPT_BOOL, AR (explain) },
  { "check", OPT_BOOL, AR (check) },
  { "skip-dev-null", OPT_BOOL, GM (skip_dev_null) },
  { "rest-rule", OPT_ACTION, 0 },
  { "max-size", OPT_ACTION, 1 },
  { "to", OPT_ACTION, 2 },
  { "cc", OPT_ACTION, 3 },
  { "check-patch", OPT_FLAG, AR (check_patch) },
};

static gboolean
name_in (const char *names, const char *name)
{
  g_auto (GStrv) alts = g_strsplit (names, "|", -1);
  for (char **a = alts; *a; a++)
    if (g_ascii_strcasecmp (*a, name) == 0)
      return TRUE;
  return FALSE;
}

/* Find the spec for @name; *negated is set for --noX / --no-X. */
static const OptSpec *
lookup (const char *name, gboolean *negated)
{
  *negated = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (name_in (specs[i].names, name))
      return &specs[i];
  const char *rest = NULL;
  if (g_ascii_strncasecmp (name, "no-", 3) == 0)
    rest = name + 3;
  else if (g_ascii_strncasecmp (name, "no", 2) == 0)
    rest = name + 2;
  if (rest == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (specs[i].kind == OPT_BOOL && name_in (specs[i].names, rest))
      {
        *negated = TRUE;
        return &specs[i];
      }
  return NULL;
}

static gboolean
parse_int (const char *s, int *out)
{
  char *end;
  errno = 0;
  long v = strtol (s, &end, 10);
  if (*s == '\0' || *end != '\0' || errno || v < G_MININT || v > G_MAXINT)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static gboolean
apply (PccArgs *args, const OptSpec *spec, const char *name, gboolean negated,
       const char *value, GError **error)
{
  char *base = (char *) args;

  switch (spec->kind)
    {
      case OPT_BOOL:
      case OPT_FLAG:
        if (spec->offset != IGNORED)
          *(gboolean *) (base + spec->offset) = !negated;
        return TRUE;
      case OPT_INT:
        {
          int v;
          if (!parse_int (value, &v))
            {
              g_set_error (
                  error, PCC_ERROR, PCC_ERROR_OPTION,
                  "Value \"%s\" invalid for option %s (number expected)",
                  value, name);
              return FALSE;
            }
          if (spec->offset != IGNORED)
            *(int *) (base + spec->offset) = v;
          return TRUE;
        }
      case OPT_STRING:
      case OPT_OPTSTR:
        if (spec->kind == OPT_OPTSTR)
          *(gboolean *) (base + spec->offset) = TRUE;
        else if (spec->offset != IGNORED)
          {
            char **slot = (char **) (base + spec->offset);
            g_free (*slot);
            *slot = g_strdup (value);
          }
        return TRUE;
      case OPT_ACTION:
        switch (spec->offset)
          {
            case 0:
              if (!pcc_rest_rule_from_string (value, &args->gm.rest_rule))
                {
                  g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                               "--rest-rule takes %s, not \"%s\"",
                               pcc_policy_names (PCC_POLICY_REST_RULE), value);
                  return FALSE;
                }
              return TRUE;
            case 1:
              {
                char *end;
                guint64 v = g_ascii_strtoull (value, &end, 10);
                if (*value == '\0' || *end != '\0' || v == 0)
                  {
                    g_set_error (
                        error, PCC_ERROR, PCC_ERROR_OPTION,
                        "--max-size takes a number of bytes, not \"%s\"",
                        value);
                    return FALSE;
                  }
                args->max_size = v;
                return TRUE;
              }
            default:
              pcc_options_set_b4 (&args->gm,
                                  spec->offset == 2 ? PCC_B4_TO : PCC_B4_CC);
              return TRUE;
          }
    }
  return TRUE;
}

static gboolean
takes_value (const OptSpec *spec)
{
  return spec->kind == OPT_INT || spec->kind == OPT_STRING
         || (spec->kind == OPT_ACTION && spec->offset < 2);
}

gboolean
pcc_args_parse (PccArgs *args, char **argv, GError **error)
{
  for (guint i = 0; argv[i] != NULL; i++)
    {
      const char *arg = argv[i];
      if (strcmp (arg, "--") == 0)
        {
          for (i++; argv[i] != NULL; i++)
            g_ptr_array_add (args->files, g_strdup (argv[i]));
          break;
        }
      if (arg[0] != '-' || arg[1] == '\0')
        {
          g_ptr_array_add (args->files, g_strdup (arg));
          continue;
        }
      const char *name = arg + (arg[1] == '-' ? 2 : 1);
      const char *eq = strchr (name, '=');
      g_autofree char *key
          = eq ? g_strndup (name, eq - name) : g_strdup (name);
      gboolean negated;
      const OptSpec *spec = lookup (key, &negated);
      if (spec == NULL)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                       "Unknown option: %s", key);
          return FALSE;
        }
      const char *value = NULL;
      if (takes_value (spec))
        {
          if (eq)
            value = eq + 1;
          else if (argv[i + 1] != NULL)
            value = argv[++i];
          else
            {
              g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                           "Option %s requires an argument", key);
              return FALSE;
            }
        }
      else if (spec->kind == OPT_OPTSTR)
        {
          value = eq ? eq + 1 : "";
        }
      else if (eq)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                       "Option %s does not take an argument", key);
          return FALSE;
        }
      if (!apply (args, spec, key, negated, value, error))
        return FALSE;
    }
  return TRUE;
}

GPtrArray *
pcc_conf_words (const char *data)
{
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) lines = g_strsplit (data, "\n", -1);
  for (char **l = lines; *l; l++)
    {
      g_strstrip (*l);
      if ((*l)[0] == '#' || (*l)[0] == '\0')
        continue;
      g_auto (GStrv) parts = g_strsplit_set (*l, " \t\r\f\v", -1);
      for (char **w = parts; *w; w++)
        {
          if (**w == '\0')
            continue;
          if (**w == '#')
            break;
          g_ptr_array_add (words, g_strdup (*w));
        }
    }
  return words;
}

const char *
pcc_usage_text (void)
{
  return "usage: patchcc [options] patchfile\n"
         "       patchcc [options] -f file|directory\n"
         "       patchcc cover [--template NAME] [--provenance-file F] PATCHES...\n"
         "\n"
         "patchcc prints what scripts/get_maintainer.pl prints, with THE REST\n"
         "used only as a fallback (a change posted for review), and takes its options:\n"
         "  --email --m --r --n --l --s --moderated --multiline --separator STR\n"
         "  --roles --rolestats --remove-duplicates --mailmap -k|--keywords\n"
         "  --pattern-depth N --sections --letters L --scm --status --subsystem\n"
         "  --web --fe|--file-emails -f|--file --fixes --git --git-fallback\n"
         "  --substatus --bug --json --kf|--keywords-in-file (scripts of\n"
         "  later trees: see --dialect)\n"
         "  --git-blame --git-blame-signatures --git-chief-penguins\n"
         "  --git-all-signature-types --git-min-signatures N\n"
         "  --git-max-maintainers N --git-min-percent N --git-since DATE\n"
         "  --hg-since DATE --tree --mpath|--maintainer-path PATH\n"
         "  --find-maintainer-files (negate with --noX or --no-X)\n"
         "In a git clone the history is read (through libgit2) as the script\n"
         "reads it: Fixes: signers, --git-fallback, --git, --git-blame.\n"
         "-i|--interactive and --self-test are refused.  See patchcc(1).\n"
         "\n"
         "patchcc's own options:\n"
         "  --tree-path DIR    the kernel tree (default: the current directory if\n"
         "                     it is the top of one, else $PATCHCC_TREE)\n"
         "  --tree-rev REV     read MAINTAINERS from commit REV of the git\n"
         "                     repository at the tree path\n"
         "  --dialect NAME     the get_maintainer.pl to follow: auto (default:\n"
         "                     read the tree's own script), 6.1, 6.12 or 7.3\n"
         "  --rest-rule RULE   fallback (default: THE REST only for a file no\n"
         "                     other section with a list matches), public\n"
         "                     (the same, but subscribers-only lists do not\n"
         "                     count) or always (the unpatched script)\n"
         "  --to, --cc         b4's To and Cc commands: --nogit --nogit-fallback\n"
         "                     --nogit-chief-penguins --norolestats --nol (--nom)\n"
         "  --explain          say why each recipient is there\n"
         "  --check            check each patch against the git repository\n"
         "                     of the tree: base-commit known, the patch\n"
         "                     applies to it (in memory), Fixes: commits\n"
         "                     known; exit 1 on a problem\n"
         "  --skip-dev-null    do not count /dev/null as a file (new files lose\n"
         "                     the THE REST fallback)\n"
         "  --max-size BYTES   refuse larger inputs (default 67108864)\n"
         "  --check-patch      check that the diffs of FILEs are intact\n"
         "  -v|--version, -h|--help|--usage\n";
}
