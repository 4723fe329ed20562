/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-explain.c - why each recipient of a result is there (--explain and
 * the review's one-line reasons): the file, MAINTAINERS entry and section,
 * keyword or history behind it, and what THE REST rule did per file. */
#include "pcc-recipients.h"
#include "pcc-result-private.h"
#include "pcc-dialect.h"

#include <string.h>

/* "signed off commit abc123 named in Fixes:", "signed 3 of 10 commits to
 * drivers/foo.c in the last year"... */
static char *
history_reason (const PccResult *r, const PccReason *re)
{
  if (re->kind == PCC_REASON_FIXES)
    return g_strdup_printf ("signed off commit %s named in Fixes:",
                            re->commit);
  const char *since = r->opts.email_git_since;
  g_autofree char *when = strcmp (since, "1-year-ago") == 0
                              ? g_strdup ("in the last year")
                              : g_strdup_printf ("since %s", since);
  const char *role = re->role;
  if (strcmp (role, "commit_signer") == 0)
    return g_strdup_printf ("signed %u of %u commits to %s %s", re->count,
                            re->total, re->file, when);
  if (strcmp (role, "authored") == 0)
    return g_strdup_printf ("authored %u of %u commits to %s %s", re->count,
                            re->total, re->file, when);
  if (strcmp (role, "added_lines") == 0)
    return g_strdup_printf ("added %u of %u lines added to %s %s", re->count,
                            re->total, re->file, when);
  if (strcmp (role, "removed_lines") == 0)
    return g_strdup_printf ("removed %u of %u lines removed from %s %s",
                            re->count, re->total, re->file, when);
  if (strcmp (role, "authored lines") == 0)
    return g_strdup_printf ("authored %u of the %u lines of %s (git blame)",
                            re->count, re->total, re->file);
  return g_strdup_printf ("signed %u of the %u commits that last changed the "
                          "patched lines of %s (git blame)",
                          re->count, re->total, re->file);
}

static char *
cite (PccMaintainers *m, guint tvi)
{
  return g_strdup_printf ("%s:%u", pcc_maintainers_entry_file (m, tvi),
                          pcc_maintainers_entry_lineno (m, tvi));
}

char *
pcc_result_describe_reason (const PccResult *r, const PccRecipient *rc)
{
  PccMaintainers *m = pcc_engine_get_maintainers (r->engine);
  if (rc->reasons->len == 0)
    return g_strdup (
        rc->kind == PCC_KIND_CHIEF_PENGUIN ? "--git-chief-penguins" : "");
  const PccReason *re = &g_array_index (rc->reasons, PccReason, 0);
  g_autofree char *more
      = rc->reasons->len > 1
            ? g_strdup_printf (" (+%u more)", rc->reasons->len - 1)
            : g_strdup ("");
  switch (re->kind)
    {
      case PCC_REASON_PATTERN:
        return g_strdup_printf ("%s \u2192 %s \u2192 %s%s", re->file,
                                pcc_maintainers_entry_line (m, re->tvi),
                                pcc_maintainers_entry_value (m, re->section),
                                more);
      case PCC_REASON_KEYWORD:
        return g_strdup_printf (
            "patch line %u \u2192 %s \u2192 %s%s", re->lineno,
            pcc_maintainers_entry_line (m, re->tvi),
            pcc_maintainers_entry_value (m, re->section), more);
      case PCC_REASON_GIT:
      case PCC_REASON_FIXES:
        {
          g_autofree char *h = history_reason (r, re);
          return g_strdup_printf ("%s%s", h, more);
        }
      case PCC_REASON_FILE_EMAIL:
      default:
        return g_strdup_printf ("written in a file of the patch%s", more);
    }
}

char *
pcc_result_describe_status (const PccResult *r, const PccRecipient *rc)
{
  PccMaintainers *m = pcc_engine_get_maintainers (r->engine);
  g_autoptr (GPtrArray) seen = g_ptr_array_new ();

  for (guint j = 0; j < rc->reasons->len; j++)
    {
      const PccReason *re = &g_array_index (rc->reasons, PccReason, j);
      if (re->kind != PCC_REASON_PATTERN && re->kind != PCC_REASON_KEYWORD)
        continue;
      const char *status = pcc_maintainers_section_substatus (m, re->tvi);
      if (status == NULL)
        continue;
      guint k;
      for (k = 0; k < seen->len && strcmp (seen->pdata[k], status) != 0; k++)
        ;
      if (k == seen->len)
        g_ptr_array_add (seen, (gpointer) status);
    }
  if (seen->len == 0)
    return NULL;
  g_ptr_array_add (seen, NULL);
  return g_strjoinv (", ", (char **) seen->pdata);
}

char *
pcc_result_explain (const PccResult *r)
{
  PccMaintainers *m = pcc_engine_get_maintainers (r->engine);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < r->recipients->len; i++)
    {
      PccRecipient *rc = r->recipients->pdata[i];
      g_string_append_printf (out, "%s (%s)\n", rc->address, rc->role);
      for (guint j = 0; j < rc->reasons->len; j++)
        {
          const PccReason *re = &g_array_index (rc->reasons, PccReason, j);
          g_autofree char *where
              = re->tvi != G_MAXUINT ? cite (m, re->tvi) : NULL;
          const char *status
              = re->kind == PCC_REASON_PATTERN
                        || re->kind == PCC_REASON_KEYWORD
                    ? pcc_maintainers_section_substatus (m, re->tvi)
                    : NULL;
          g_autofree char *section = g_strdup_printf (
              status ? "%s (status: %s)" : "%s",
              re->section != G_MAXUINT
                  ? pcc_maintainers_entry_value (m, re->section)
                  : "",
              status);
          switch (re->kind)
            {
              case PCC_REASON_PATTERN:
                g_string_append_printf (
                    out, "    %s: matches \"%s\" (%s) of %s\n", re->file,
                    pcc_maintainers_entry_line (m, re->tvi), where, section);
                break;
              case PCC_REASON_KEYWORD:
                g_string_append_printf (
                    out, "    patch line %u: keyword \"%s\" (%s) of %s\n",
                    re->lineno, pcc_maintainers_entry_line (m, re->tvi), where,
                    section);
                break;
              case PCC_REASON_GIT:
              case PCC_REASON_FIXES:
                {
                  g_autofree char *h = history_reason (r, re);
                  g_string_append_printf (out, "    %s\n", h);
                  break;
                }
              case PCC_REASON_FILE_EMAIL:
                g_string_append (out,
                                 "    the address is written in a file of the "
                                 "patch (a .yaml binding)\n");
                break;
            }
        }
    }

  gboolean any_rest = FALSE;
  for (guint i = 0; i < r->file_rest->len; i++)
    {
      const PccFileRest *fr = &g_array_index (r->file_rest, PccFileRest, i);
      if (fr->decision == PCC_REST_NOT_MATCHED)
        continue;
      if (!any_rest)
        g_string_append (out, "\nTHE REST (linux-kernel@vger.kernel.org):\n");
      any_rest = TRUE;
      switch (fr->decision)
        {
          case PCC_REST_DROPPED:
            {
              g_autofree char *where = cite (m, fr->list_section);
              g_string_append_printf (
                  out, "    %s: dropped: %s (%s) has a mailing list\n",
                  fr->file, pcc_maintainers_entry_value (m, fr->list_section),
                  where);
              break;
            }
          case PCC_REST_KEPT_NO_LIST:
            if (strcmp (fr->file, "dev/null") == 0)
              g_string_append (out,
                               "    dev/null: kept: the script reads "
                               "\"--- /dev/null\" of a new or deleted file as "
                               "the file dev/null, which only THE REST "
                               "matches (--skip-dev-null ignores it)\n");
            else
              g_string_append_printf (
                  out,
                  "    %s: kept: no other section matching "
                  "it has a %slist\n",
                  fr->file,
                  r->opts.rest_rule == PCC_REST_PUBLIC ? "public " : "");
            break;
          case PCC_REST_KEPT_ALWAYS:
            g_string_append_printf (out, "    %s: kept: --rest-rule=always\n",
                                    fr->file);
            break;
          default:
            break;
        }
    }
  g_autofree char *dialect
      = pcc_dialect_describe (pcc_engine_get_dialect (r->engine));
  g_string_append_printf (out, "%s\n", dialect);
  return g_string_free (out, FALSE);
}
