/* pcc-options.c - the script's option defaults and post-processing. */
#include "pcc-options.h"
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
  o->rest_rule = PCC_REST_SEED;
}

void
pcc_options_clear (PccOptions *o)
{
  g_clear_pointer (&o->output_separator, g_free);
  g_clear_pointer (&o->letters, g_free);
}

gboolean
pcc_options_finish (PccOptions *o, GError **error)
{
  if (strcmp (o->output_separator, ", ") != 0)
    o->output_multiline = FALSE;
  if (o->output_rolestats)
    o->output_roles = TRUE;
  if (o->sections || o->letters[0] != '\0')
    {
      o->sections = TRUE;
      o->email = FALSE;
      o->email_list = FALSE;
      o->scm = FALSE;
      o->status = FALSE;
      o->subsystem = FALSE;
      o->web = FALSE;
      o->keywords = FALSE;
    }
  else if (!o->email && !o->scm && !o->status && !o->subsystem && !o->web)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   "Missing required option: email, scm, status, subsystem "
                   "or web");
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
