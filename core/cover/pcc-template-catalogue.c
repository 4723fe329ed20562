/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-template-catalogue.c - which templates there are and where: the
 * built-in ones compiled in from templates/, the installed data folder
 * and the user's folder (see pcc-template.h), and loading one by name. */
#include "pcc-template.h"
#include "pcc-error.h"
#include "pcc-builtin-templates.h" /* generated from templates/ */

#include <string.h>

char *
pcc_template_default_user_dir (void)
{
  return g_build_filename (g_get_home_dir (), ".claws-mail", "patchcc",
                           "templates", NULL);
}

const char *
pcc_template_data_dir (void)
{
  return PCC_TEMPLATES_DATADIR;
}

const char *const *
pcc_template_builtin_names (void)
{
  return pcc_builtin_template_names;
}

const char *
pcc_template_builtin_text (const char *name)
{
  for (guint i = 0; pcc_builtin_template_names[i]; i++)
    if (strcmp (pcc_builtin_template_names[i], name) == 0)
      return pcc_builtin_template_texts[i];
  return NULL;
}

static gboolean
valid_name (const char *name)
{
  if (!name[0] || name[0] == '.')
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      return FALSE;
  return TRUE;
}

static void
list_dir (const char *dir, GPtrArray *names)
{
  if (!dir)
    return;
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (!d)
    return;
  const char *f;
  while ((f = g_dir_read_name (d)))
    {
      if (!g_str_has_suffix (f, ".tpl"))
        continue;
      g_autofree char *n = g_strndup (f, strlen (f) - 4);
      if (valid_name (n))
        g_ptr_array_add (names, g_steal_pointer (&n));
    }
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
pcc_template_list (const char *user_dir)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  list_dir (user_dir, names);
  list_dir (PCC_TEMPLATES_DATADIR, names);
  for (guint i = 0; pcc_builtin_template_names[i]; i++)
    g_ptr_array_add (names, g_strdup (pcc_builtin_template_names[i]));
  g_ptr_array_sort (names, cmp_str);
  GPtrArray *uniq = g_ptr_array_new ();
  for (guint i = 0; i < names->len; i++)
    if (uniq->len == 0
        || strcmp (uniq->pdata[uniq->len - 1], names->pdata[i]) != 0)
      g_ptr_array_add (uniq, g_strdup (names->pdata[i]));
  g_ptr_array_add (uniq, NULL);
  g_ptr_array_unref (names);
  return (char **) g_ptr_array_free (uniq, FALSE);
}

PccTemplate *
pcc_template_load (const char *user_dir, const char *name, GError **error)
{
  if (strchr (name, '/'))
    return pcc_template_new_from_file (name, error);
  if (!valid_name (name))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE,
                   "“%s” is not a template name (letters, digits, “-”, "
                   "“_” and “.”); give a path with a “/” for a file",
                   name);
      return NULL;
    }
  g_autofree char *file = g_strconcat (name, ".tpl", NULL);
  const char *dirs[] = { user_dir, PCC_TEMPLATES_DATADIR };
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      if (!dirs[i])
        continue;
      g_autofree char *path = g_build_filename (dirs[i], file, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return pcc_template_new_from_file (path, error);
    }
  const char *text = pcc_template_builtin_text (name);
  if (text)
    {
      g_autofree char *tname = g_strconcat ("builtin:", file, NULL);
      return pcc_template_new (tname, text, -1, error);
    }
  g_auto (GStrv) all = pcc_template_list (user_dir);
  g_autofree char *avail = g_strjoinv (", ", all);
  g_set_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE,
               "no template “%s”: looked for %s in %s and %s, and among the "
               "built-in templates (available: %s)",
               name, file, user_dir ? user_dir : "(no user folder)",
               PCC_TEMPLATES_DATADIR, avail);
  return NULL;
}
