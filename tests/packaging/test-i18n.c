/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-i18n.c - patchcc's text domain is bound and translations show.
 *
 * The build compiles tests/packaging/xx.po (a made-up language) to a .mo and
 * writes po/patchcc.pot; this test puts the .mo where gettext looks for
 * it, binds the domain with pcc_i18n_init() as the CLI and the plugin do,
 * and reads strings of the plugin in "xx".  Environment: PCC_TEST_MO (the
 * compiled xx.mo), PCC_TEST_POT (the generated .pot). */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <libintl.h>
#include <locale.h>

#include "pcc-i18n.h"

static char *localedir;

static void
test_unbound (void)
{
  /* no catalogue there: English */
  pcc_i18n_init ("/nonexistent/patchcc-locale");
  g_assert_cmpstr (g_dgettext (PCC_TEXT_DOMAIN, "Fix _patch recipients"), ==,
                   "Fix _patch recipients");
}

static void
test_bound (void)
{
  g_assert_cmpstr (pcc_i18n_init (localedir), ==, localedir);
  g_assert_cmpstr (dgettext (PCC_TEXT_DOMAIN, "Fix _patch recipients"), ==,
                   "[xx] Fix _patch recipients");
  /* UTF-8 output whatever the locale's charset */
  g_assert_cmpstr (dgettext (PCC_TEXT_DOMAIN, "Send _as typed"), ==,
                   "[xx] Send _as typed \xe2\x9c\x93");
  /* a string with no translation stays as it is */
  g_assert_cmpstr (dgettext (PCC_TEXT_DOMAIN, "no such string"), ==,
                   "no such string");
}

static void
test_env (void)
{
  pcc_i18n_init ("/nonexistent/patchcc-locale");
  g_setenv ("PATCHCC_LOCALEDIR", localedir, TRUE);
  g_assert_cmpstr (pcc_i18n_init (NULL), ==, localedir);
  g_assert_cmpstr (dgettext (PCC_TEXT_DOMAIN, "Fix _patch recipients"), ==,
                   "[xx] Fix _patch recipients");
  g_unsetenv ("PATCHCC_LOCALEDIR");
}

/* The test's msgids are real strings of the sources: in the .pot. */
static void
test_pot (void)
{
  g_autofree char *pot = NULL;
  g_assert_true (
      g_file_get_contents (g_getenv ("PCC_TEST_POT"), &pot, NULL, NULL));
  g_assert_nonnull (strstr (pot, "msgid \"Fix _patch recipients\""));
  g_assert_nonnull (strstr (pot, "msgid \"Send _as typed\""));
  g_assert_nonnull (strstr (pot, "plugin/patchcc-plugin.c"));
  g_assert_nonnull (strstr (pot, "ui/pcc-review.c"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  const char *mo = g_getenv ("PCC_TEST_MO");
  g_assert_nonnull (mo);
  g_autofree char *tmp = g_dir_make_tmp ("patchcc-i18n-XXXXXX", NULL);
  g_assert_nonnull (tmp);
  localedir = g_build_filename (tmp, "locale", NULL);
  g_autofree char *dir
      = g_build_filename (localedir, "xx", "LC_MESSAGES", NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_autofree char *data = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (mo, &data, &len, NULL));
  g_autofree char *dest = g_build_filename (dir, "patchcc.mo", NULL);
  g_assert_true (g_file_set_contents (dest, data, len, NULL));

  /* LANGUAGE picks the language; gettext ignores it under the "C"
   * locale, so messages run under C.UTF-8 (always present in glibc). */
  g_setenv ("LANGUAGE", "xx", TRUE);
  g_assert_nonnull (setlocale (LC_MESSAGES, "C.UTF-8"));

  g_test_add_func ("/i18n/unbound", test_unbound);
  g_test_add_func ("/i18n/bound", test_bound);
  g_test_add_func ("/i18n/env", test_env);
  g_test_add_func ("/i18n/pot", test_pot);
  int ret = g_test_run ();
  g_unlink (dest);
  g_rmdir (dir);
  g_autofree char *xx = g_path_get_dirname (dir);
  g_rmdir (xx);
  g_rmdir (localedir);
  g_rmdir (tmp);
  g_free (localedir);
  return ret;
}
