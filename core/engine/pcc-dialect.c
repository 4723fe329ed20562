/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-dialect.c - which get_maintainer.pl a kernel tree has
 * (pcc-dialect.h). */
#include "pcc-dialect.h"

#include <stdlib.h>
#include <string.h>

/* Text each feature brought into the script, as written there. */
static const struct
{
  guint feature;
  const char *text;
} probes[] = {
  { PCC_DIALECT_MAINTAINER_ROLES, "my $role = \"maintainer\";" },
  { PCC_DIALECT_KEYWORD_SUFFIX, ":Keyword:$keyword_hash" },
  { PCC_DIALECT_SUBSTATUS, "'substatus!'" },
  { PCC_DIALECT_BUG, "'bug!'" },
  { PCC_DIALECT_JSON, "'json!'" },
  { PCC_DIALECT_KEYWORDS_IN_FILE, "keywords-in-file" },
  { PCC_DIALECT_DOUBLE_STAR, "s/\\*\\*/\\x00/g" },
  { PCC_DIALECT_UTF8, "use open qw(:std :encoding(UTF-8));" },
};

guint
pcc_dialect_features_from_script (const char *text, gsize len)
{
  guint f = 0;
  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    if (g_strstr_len (text, len, probes[i].text) != NULL)
      f |= probes[i].feature;
  return f;
}

guint
pcc_dialect_features_from_version (int version, int patchlevel)
{
  if (version > 6 || (version == 6 && patchlevel >= 13))
    return PCC_DIALECT_7_3;
  if (version == 6 && patchlevel >= 12)
    return PCC_DIALECT_6_12;
  return PCC_DIALECT_6_1;
}

static const struct
{
  const char *name;
  guint features;
} names[] = {
  { "6.1", PCC_DIALECT_6_1 },
  { "6.12", PCC_DIALECT_6_12 },
  { "7.3", PCC_DIALECT_7_3 },
};

gboolean
pcc_dialect_features_from_name (const char *name, guint *features)
{
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (name, names[i].name) == 0)
      {
        *features = names[i].features;
        return TRUE;
      }
  return FALSE;
}

const char *
pcc_dialect_name (guint features)
{
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (features == names[i].features)
      return names[i].name;
  return NULL;
}

/* "VERSION = 6" of a Makefile: the number, or -1. */
static int
makefile_number (const char *text, const char *var)
{
  gsize vl = strlen (var);
  for (const char *l = text; l && *l; l = strchr (l, '\n'), l = l ? l + 1 : l)
    {
      if (strncmp (l, var, vl) != 0)
        continue;
      const char *p = l + vl;
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p++ != '=')
        continue;
      while (*p == ' ' || *p == '\t')
        p++;
      if (!g_ascii_isdigit (*p))
        return -1;
      return atoi (p);
    }
  return -1;
}

void
pcc_dialect_detect (const PccTree *tree, PccDialect *d)
{
  gsize len = 0;
  d->features = PCC_DIALECT_6_1;
  d->source = PCC_DIALECT_FROM_DEFAULT;
  g_autofree char *script
      = pcc_tree_read_file (tree, "scripts/get_maintainer.pl", &len, NULL);
  if (script != NULL)
    {
      d->features = pcc_dialect_features_from_script (script, len);
      d->source = PCC_DIALECT_FROM_SCRIPT;
      return;
    }
  g_autofree char *mk = pcc_tree_read_file (tree, "Makefile", &len, NULL);
  if (mk == NULL)
    return;
  int v = makefile_number (mk, "VERSION");
  int p = makefile_number (mk, "PATCHLEVEL");
  if (v < 0 || p < 0)
    return;
  d->features = pcc_dialect_features_from_version (v, p);
  d->source = PCC_DIALECT_FROM_MAKEFILE;
}

char *
pcc_dialect_describe (const PccDialect *d)
{
  const char *name = pcc_dialect_name (d->features);
  g_autofree char *what
      = name ? g_strdup (name)
             : g_strdup_printf ("features 0x%02x", d->features);
  static const char *how[] = {
    [PCC_DIALECT_FROM_DEFAULT] = "the default: the tree has neither "
                                 "scripts/get_maintainer.pl nor a Makefile "
                                 "with VERSION and PATCHLEVEL",
    [PCC_DIALECT_FROM_SCRIPT]
    = "read from the tree's scripts/get_maintainer.pl",
    [PCC_DIALECT_FROM_MAKEFILE] = "from the VERSION and PATCHLEVEL of the "
                                  "tree's Makefile (no "
                                  "scripts/get_maintainer.pl)",
    [PCC_DIALECT_FROM_OPTION] = "given by --dialect",
  };
  return g_strdup_printf ("dialect: get_maintainer.pl %s (%s)", what,
                          how[d->source]);
}
