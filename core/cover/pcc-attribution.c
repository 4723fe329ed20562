/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-attribution.c - what a tree's documents ask about tool attribution
 * (see pcc-attribution.h). */
#include "pcc-attribution.h"

#include <string.h>

struct _PccAttribution
{
  PccAttributionKind kind;
  char *form; /* TRAILER only */
  gboolean generated_content;
};

/* The first indented line that starts with "Assisted-by:" (a literal
 * block in reStructuredText), trimmed; NULL when there is none.  Prose
 * that mentions the tag ("add an Assisted-by tag") is not indented that
 * way, or has no colon. */
static char *
find_form (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      const char *l = lines[i];
      if (*l != ' ' && *l != '\t')
        continue;
      while (*l == ' ' || *l == '\t')
        l++;
      if (g_ascii_strncasecmp (l, "Assisted-by:", 12) == 0)
        return g_strstrip (g_utf8_make_valid (l, -1));
    }
  return NULL;
}

PccAttribution *
pcc_attribution_new_from_text (const char *coding_assistants,
                               gboolean has_generated_content)
{
  PccAttribution *attr = g_new0 (PccAttribution, 1);
  attr->generated_content = has_generated_content;
  if (coding_assistants == NULL)
    attr->kind = PCC_ATTRIBUTION_UNKNOWN;
  else if ((attr->form = find_form (coding_assistants)) != NULL)
    attr->kind = PCC_ATTRIBUTION_TRAILER;
  else
    attr->kind = PCC_ATTRIBUTION_COVER;
  return attr;
}

PccAttribution *
pcc_attribution_read (const PccTree *tree, GError **error)
{
  g_autoptr (GError) local = NULL;
  gsize len = 0;
  g_autofree char *text
      = pcc_tree_read_file (tree, PCC_ATTRIBUTION_DOC, &len, &local);
  if (text == NULL
      && !g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  return pcc_attribution_new_from_text (
      text, pcc_tree_is_file (tree, PCC_GENERATED_CONTENT_DOC));
}

void
pcc_attribution_free (PccAttribution *attr)
{
  if (attr == NULL)
    return;
  g_free (attr->form);
  g_free (attr);
}

PccAttributionKind
pcc_attribution_get_kind (const PccAttribution *attr)
{
  return attr->kind;
}

const char *
pcc_attribution_get_form (const PccAttribution *attr)
{
  return attr->form;
}

gboolean
pcc_attribution_has_generated_content (const PccAttribution *attr)
{
  return attr->generated_content;
}

char *
pcc_attribution_describe (const PccAttribution *attr)
{
  switch (attr->kind)
    {
      case PCC_ATTRIBUTION_TRAILER:
        return g_strdup_printf (
            "This tree's %s asks for an Assisted-by: trailer in each commit "
            "(“%s”); the change posted in October 2026 that drops it "
            "(“docs: remove Assisted-by references”) is not in a release "
            "yet, so whether to keep the trailers or move them to the cover "
            "letter is your decision.",
            PCC_ATTRIBUTION_DOC, attr->form);
      case PCC_ATTRIBUTION_COVER:
        if (attr->generated_content)
          return g_strdup_printf (
              "This tree's %s asks for no Assisted-by: trailer, so say how "
              "the series was made in the cover letter, as %s asks.",
              PCC_ATTRIBUTION_DOC, PCC_GENERATED_CONTENT_DOC);
        return g_strdup_printf (
            "This tree's %s asks for no Assisted-by: trailer, so say how the "
            "series was made in the cover letter.",
            PCC_ATTRIBUTION_DOC);
      case PCC_ATTRIBUTION_UNKNOWN:
      default:
        if (attr->generated_content)
          return g_strdup_printf (
              "This tree has no %s, so it says nothing about Assisted-by: "
              "trailers (its %s asks to say how the series was made in the "
              "cover letter or the changelogs); whether to keep them or "
              "move them is your decision.",
              PCC_ATTRIBUTION_DOC, PCC_GENERATED_CONTENT_DOC);
        return g_strdup_printf (
            "This tree has no %s, so it says nothing about Assisted-by: "
            "trailers; whether to keep them or move them to the cover letter "
            "is your decision.",
            PCC_ATTRIBUTION_DOC);
    }
}
