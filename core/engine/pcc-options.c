/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-options.c - the script's option defaults and post-processing. */
#include "pcc-options.h"
#include "pcc-dialect.h"
#include "pcc-email.h"
#include "pcc-error.h"

#include <string.h>

void
pcc_options_init (PccOptions *o)
{
  memset (o, 0, sizeof *o);
  o->email = TRUE;
  o->email_usename = TRUE;
  o->email_maintainer = TRUE;
  o->email_reviewer = TRUE;
  o->email_fixes = TRUE;
  o->email_list = TRUE;
  o->email_moderated_list = TRUE;
  o->email_subscriber_list = FALSE;
  o->email_git_penguin_chiefs = FALSE;
  o->email_git = FALSE;
  o->email_git_fallback = TRUE;
  o->email_git_all_signature_types = FALSE;
  o->email_git_blame_signatures = TRUE;
  o->email_git_min_signatures = 1;
  o->email_git_max_maintainers = 5;
  o->email_git_min_percent = 5;
  o->email_git_since = g_strdup ("1-year-ago");
  o->ignore_emails = NULL;
  o->email_remove_duplicates = TRUE;
  o->email_use_mailmap = TRUE;
  o->output_multiline = TRUE;
  o->output_separator = g_strdup (", ");
  o->output_roles = FALSE;
  o->output_rolestats = TRUE;
  o->output_section_maxlen = 50;
  o->tree = TRUE;
  o->letters = g_strdup ("");
  o->keywords = TRUE;
  o->pattern_depth = 0;
  o->rest_rule = PCC_REST_FALLBACK;
  o->output_substatus = -1;
}

void
pcc_options_clear (PccOptions *o)
{
  g_clear_pointer (&o->output_separator, g_free);
  g_clear_pointer (&o->letters, g_free);
  g_clear_pointer (&o->email_git_since, g_free);
  g_clear_pointer (&o->ignore_emails, g_strfreev);
}

void
pcc_options_read_ignore_file (PccOptions *o)
{
  const char *home = g_getenv ("HOME");
  const char *dirs[] = { ".", home ? home : "", ".scripts" };
  g_clear_pointer (&o->ignore_emails, g_strfreev);
  o->ignore_file_read = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *p
          = g_strdup_printf ("%s/.get_maintainer.ignore", dirs[i]);
      if (!g_file_test (p, G_FILE_TEST_EXISTS))
        continue;
      g_autofree char *data = NULL;
      if (!g_file_get_contents (p, &data, NULL, NULL))
        return;
      GPtrArray *list = g_ptr_array_new ();
      g_auto (GStrv) lines = g_strsplit (data, "\n", -1);
      for (char **l = lines; *l; l++)
        {
          /* trim, then cut the comment (in that order, as the script:
           * "a@b # c" keeps the space before the '#') */
          g_strstrip (*l);
          char *hash = strchr (*l, '#');
          if (hash)
            *hash = '\0';
          gboolean blank = TRUE;
          for (const char *c = *l; *c && blank; c++)
            blank = g_ascii_isspace (*c);
          if (blank)
            continue;
          if (pcc_email_rfc822_valid (*l))
            g_ptr_array_add (list, g_strdup (*l));
        }
      g_ptr_array_add (list, NULL);
      o->ignore_emails = (char **) g_ptr_array_free (list, FALSE);
      o->ignore_file_read = TRUE;
      return;
    }
}

PccExit
pcc_options_die_status (const PccOptions *o)
{
  if (o->die_enotty)
    return PCC_EXIT_ENOTTY;
  return o->ignore_file_read ? PCC_EXIT_DIE : PCC_EXIT_NO_FILE;
}

gboolean
pcc_options_finish (PccOptions *o, GError **error)
{
  return pcc_options_finish_dialect (o, PCC_DIALECT_6_1, error);
}

gboolean
pcc_options_finish_dialect (PccOptions *o, guint features, GError **error)
{
  if (strcmp (o->output_separator, ", ") != 0)
    o->output_multiline = FALSE;
  if (o->output_rolestats)
    o->output_roles = TRUE;
  /* decided before the --sections block turns --email off; the script
   * makes the -t STDOUT test only when --email and --roles are on */
  gboolean tests_stdout = o->output_substatus < 0
                          && (features & PCC_DIALECT_SUBSTATUS) && o->email
                          && o->output_roles;
  if (o->output_substatus < 0)
    o->output_substatus = tests_stdout && o->stdout_tty;
  o->die_enotty = !o->stdin_tty || (tests_stdout && !o->stdout_tty);
  if (o->sections || o->letters[0] != '\0')
    {
      o->sections = TRUE;
      o->email = FALSE;
      o->email_list = FALSE;
      o->scm = FALSE;
      o->status = FALSE;
      o->subsystem = FALSE;
      o->web = FALSE;
      o->bug = FALSE;
      o->keywords = FALSE;
      o->keywords_in_file = FALSE;
    }
  else if (!o->email && !o->scm && !o->status && !o->subsystem && !o->web
           && !o->bug)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   "Missing required option: email, scm, status, subsystem%s",
                   features & PCC_DIALECT_BUG ? ", web or bug" : " or web");
      return FALSE;
    }
  if (o->email
      && !(o->email_maintainer || o->email_reviewer || o->email_list
           || o->email_subscriber_list || o->email_git
           || o->email_git_penguin_chiefs || o->email_git_blame))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   "Please select at least 1 email option");
      return FALSE;
    }
  return TRUE;
}

void
pcc_options_set_b4 (PccOptions *o, PccB4Command which)
{
  o->email_git = FALSE;
  o->email_git_fallback = FALSE;
  o->email_git_penguin_chiefs = FALSE;
  o->output_rolestats = FALSE;
  if (which == PCC_B4_TO)
    o->email_list = FALSE;
  else
    o->email_maintainer = FALSE;
}
