/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-changes.c - "Changes in vN:", prefilled (see pcc-changes.h). */
#include "pcc-changes.h"
#include "pcc-am.h"
#include "pcc-error.h"
#include "pcc-libgit2.h"
#include "pcc-range-diff.h"
#include "pcc-subject.h"

#include <string.h>

/* @title quoted for one line: control characters become spaces. */
static void
append_title (GString *s, const char *title)
{
  g_string_append_c (s, '"');
  if (title && g_utf8_validate (title, -1, NULL))
    for (const char *p = title; *p; p = g_utf8_next_char (p))
      {
        gunichar c = g_utf8_get_char (p);
        if (g_unichar_iscntrl (c))
          g_string_append_c (s, ' ');
        else
          g_string_append_unichar (s, c);
      }
  g_string_append_c (s, '"');
}

char *
pcc_changes_format_link (const PccPrevious *prev)
{
  const char *id = pcc_previous_get_root_id (prev);
  if (id == NULL)
    return NULL;
  return g_strdup_printf ("- Link to v%u: " PCC_CHANGES_LINK_BASE "%s\n",
                          pcc_previous_get_version (prev), id);
}

char *
pcc_changes_prefill (const PccPrevious *prev, const PccSeries *series)
{
  guint n = pcc_series_get_n_patches (series);
  guint old_version = pcc_previous_get_version (prev);
  g_autofree gboolean *kept = NULL;
  const GPtrArray *mails = pcc_previous_get_mails (prev);
  guint max_old = 0;
  for (guint i = 0; i < mails->len; i++)
    max_old = MAX (max_old, ((PccPreviousMail *) g_ptr_array_index (mails, i))
                                ->number);
  kept = g_new0 (gboolean, max_old + 1);

  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "Changes in v%u:\n",
                          pcc_previous_series_version (series));
  for (guint i = 0; i < n; i++)
    {
      gboolean same = FALSE;
      guint old = pcc_previous_get_old_number (prev, i, &same);
      if (old > 0 && old <= max_old)
        kept[old] = TRUE;
      if (old > 0 && same)
        continue;
      g_autofree char *title = pcc_series_get_commit_subject (series, i);
      g_string_append_printf (s, "- %u/%u ", i + 1, n);
      append_title (s, title);
      if (old > 0)
        g_string_append_printf (s, ": changed since v%u\n", old_version);
      else
        g_string_append (s, ": new\n");
    }
  for (guint i = 0; i < mails->len; i++)
    {
      const PccPreviousMail *m = g_ptr_array_index (mails, i);
      if (m->number == 0 || kept[m->number])
        continue;
      PccSubject subj;
      pcc_subject_parse (m->subject, &subj);
      g_string_append_printf (s, "- dropped v%u's %u/%u ", old_version,
                              m->number, subj.total);
      append_title (s, subj.title);
      g_string_append_c (s, '\n');
      pcc_subject_clear (&subj);
    }
  g_autofree char *link = pcc_changes_format_link (prev);
  if (link)
    g_string_append (s, link);
  return g_string_free (s, FALSE);
}

/* @series applied on its base-commit: (else @fallback's) into
 * @commits. */
static gboolean
apply_version (git_repository *repo, const PccSeries *series, guint version,
               const PccSeries *fallback, GArray *commits, GError **error)
{
  const char *base = pcc_series_get_base_commit (series);
  if (base == NULL && fallback != NULL)
    base = pcc_series_get_base_commit (fallback);
  if (base == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "v%u has no base-commit: line (git format-patch --base)",
                   version);
      return FALSE;
    }
  if (!pcc_am_apply (repo, series, base, commits, error))
    {
      g_prefix_error (error, "v%u: ", version);
      return FALSE;
    }
  return TRUE;
}

char *
pcc_changes_range_diff (const PccPrevious *prev, const PccSeries *series,
                        const char *repo_path, GError **error)
{
  if (pcc_series_get_base_commit (series) == NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "v%u has no base-commit: line (git format-patch --base)",
                   pcc_previous_series_version (series));
      return NULL;
    }
  g_autoptr (GBytes) mbox = pcc_previous_dup_mbox (prev);
  gsize len;
  const char *data = g_bytes_get_data (mbox, &len);
  guint old_version = pcc_previous_get_version (prev);
  g_autofree char *name = g_strdup_printf ("v%u", old_version);
  g_autoptr (PccSeries) old
      = pcc_series_new_from_mbox_data (name, data, len, error);
  if (old == NULL || !pcc_libgit2_load (error))
    return NULL;

  git_libgit2_init ();
  git_repository *repo = NULL;
  if (repo_path == NULL
      || git_repository_open_ext (&repo, repo_path, 0, NULL) != 0)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_GIT,
                   "%s is not in a git repository",
                   repo_path ? repo_path : "the tree");
      git_libgit2_shutdown ();
      return NULL;
    }
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (git_oid));
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (git_oid));
  char *text = NULL;
  if (apply_version (repo, old, old_version, series, a, error)
      && apply_version (repo, series, pcc_previous_series_version (series),
                        NULL, b, error))
    text = pcc_range_diff (repo, (git_oid *) (void *) a->data, a->len,
                           (git_oid *) (void *) b->data, b->len, error);
  git_repository_free (repo);
  git_libgit2_shutdown ();
  return text;
}
