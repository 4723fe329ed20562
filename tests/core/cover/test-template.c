/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-template.c - the cover-letter template language. */
#include <glib/gstdio.h>
#include <string.h>

#include "pcc-error.h"
#include "pcc-template.h"

static GHashTable *
values_all (void)
{
  GHashTable *v = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (v, "cover", "The blurb.");
  g_hash_table_insert (v, "shortlog", "A (1):\n  one");
  g_hash_table_insert (v, "diffstat", " f | 1 +\n 1 file changed");
  g_hash_table_insert (v, "range_diff", "1:  abc = 1:  def x");
  g_hash_table_insert (v, "base_commit", "0123abcd");
  g_hash_table_insert (v, "change_id", "20260101-topic-0123");
  g_hash_table_insert (v, "prerequisites", "prerequisite-patch-id: 42\n");
  g_hash_table_insert (v, "signature", "Sig Nature <sig@example.org>");
  g_hash_table_insert (v, "provenance", "How this series was made:\n- x");
  g_hash_table_insert (v, "title", "The title");
  g_hash_table_insert (v, "total", "3");
  g_hash_table_insert (v, "tools", "Tools:\n- sparse 0.6.4");
  g_hash_table_insert (v, "assistance", "LLM and agent assistance:\n- LLM");
  g_hash_table_insert (v, "testing", "Testing:\n- boot test");
  g_hash_table_insert (v, "changes", "Changes in v2:\n- x");
  return v;
}

static char *
render (const char *text, GHashTable *values, GError **error)
{
  g_autoptr (PccTemplate) t = pcc_template_new ("t.tpl", text, -1, error);
  if (!t)
    return NULL;
  return pcc_template_render (t, values, error);
}

static void
test_every_token (void)
{
  g_autoptr (GHashTable) v = values_all ();
  const char *const *known = pcc_template_get_known_tokens ();
  for (guint i = 0; known[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *braced = g_strdup_printf ("<${%s}>", known[i]);
      g_autofree char *bare = g_strdup_printf ("<$%s>", known[i]);
      g_autofree char *expect = g_strdup_printf (
          "<%s>", (const char *) g_hash_table_lookup (v, known[i]));
      g_autofree char *a = render (braced, v, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (a, ==, expect);
      g_autofree char *b = render (bare, v, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (b, ==, expect);
      g_autoptr (PccTemplate) t = pcc_template_new ("t", braced, -1, &error);
      g_assert_true (pcc_template_uses (t, known[i]));
    }
  /* The parts of ${provenance} are tokens of their own. */
  const char *parts[]
      = { "provenance", "tools", "assistance", "testing", NULL };
  for (guint i = 0; parts[i]; i++)
    {
      g_assert_true (g_strv_contains (known, parts[i]));
      g_assert_false (pcc_template_token_is_b4 (parts[i]));
    }
  /* b4's eight tokens are all known. */
  const char *b4[] = { "cover",         "shortlog",    "diffstat",
                       "range_diff",    "base_commit", "change_id",
                       "prerequisites", "signature",   NULL };
  for (guint i = 0; b4[i]; i++)
    g_assert_true (g_strv_contains (known, b4[i]));
}

/* A template that places the parts of the provenance itself, each only
 * when it has a value. */
static void
test_provenance_parts (void)
{
  g_autoptr (GHashTable) v = values_all ();
  const char *tpl = "${cover}\n"
                    "${if tools}\n"
                    "\n"
                    "${tools}\n"
                    "${end}\n"
                    "${if assistance}\n"
                    "\n"
                    "${assistance}\n"
                    "${end}\n"
                    "${if testing}\n"
                    "\n"
                    "${testing}\n"
                    "${end}\n";
  g_autoptr (GError) error = NULL;
  g_autofree char *all = render (tpl, v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (all, ==,
                   "The blurb.\n\nTools:\n- sparse 0.6.4\n\n"
                   "LLM and agent assistance:\n- LLM\n\n"
                   "Testing:\n- boot test\n");
  g_hash_table_insert (v, "tools", "");
  g_hash_table_insert (v, "assistance", "");
  g_autofree char *some = render (tpl, v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (some, ==, "The blurb.\n\nTesting:\n- boot test\n");
}

static void
test_missing_value_is_empty (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out
      = render ("base-commit: ${base_commit}.\n", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (out, ==, "base-commit: .\n");
}

static void
test_escaping (void)
{
  g_autoptr (GHashTable) v = values_all ();
  g_autoptr (GError) error = NULL;
  /* $$ is a dollar; $${cover} is a dollar and then literal text? No:
   * as in Python, "$$" is one "$" and "{cover}" stays text. */
  g_autofree char *a = render ("costs $$5, $${cover}, ${title}$$", v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (a, ==, "costs $5, ${cover}, The title$");
  /* Values are never expanded again. */
  g_hash_table_insert (v, "cover", "see ${title} and $$ and $total");
  g_autofree char *b = render ("${cover}", v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (b, ==, "see ${title} and $$ and $total");
  /* A name ends where identifier characters end. */
  g_autofree char *c = render ("$total-patches ${total}x", v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (c, ==, "3-patches 3x");
}

static void
test_comments_and_lstrip (void)
{
  g_autoptr (GHashTable) v = values_all ();
  g_autoptr (GError) error = NULL;
  const char *text = "# first comment: the description\n"
                     "\n   \n"
                     "  ${title}\n"
                     "# a comment in the middle (with ${unknown_is_ok})\n"
                     "body # not a comment\n";
  g_autoptr (PccTemplate) t = pcc_template_new ("t", text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pcc_template_get_description (t), ==,
                   "first comment: the description");
  g_autofree char *out = pcc_template_render (t, v, &error);
  g_assert_cmpstr (out, ==, "The title\nbody # not a comment\n");
  /* CRLF templates read as LF ones. */
  g_autofree char *crlf = render ("${title}\r\nx\r\n", v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (crlf, ==, "The title\nx\n");
}

static void
test_conditionals (void)
{
  g_autoptr (GHashTable) v = values_all ();
  g_autoptr (GError) error = NULL;
  const char *text = "A\n"
                     "${if base_commit}\n"
                     "base-commit: ${base_commit}\n"
                     "${end}\n"
                     "${if !range_diff}\n"
                     "no range-diff\n"
                     "${else}\n"
                     "${range_diff}\n"
                     "${end}\n"
                     "inline ${if title}[${title}]${else}none${end}.\n"
                     "Z\n";
  g_autofree char *a = render (text, v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (a, ==,
                   "A\nbase-commit: 0123abcd\n1:  abc = 1:  def x\n"
                   "inline [The title].\nZ\n");
  g_hash_table_insert (v, "base_commit", "");
  g_hash_table_insert (v, "range_diff", "  \n");
  g_hash_table_remove (v, "title");
  g_autofree char *b = render (text, v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (b, ==, "A\nno range-diff\ninline none.\nZ\n");
  /* Nested. */
  g_autofree char *c
      = render ("${if cover}${if !title}x${end}y${end}", v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (c, ==, "xy");
}

typedef struct
{
  const char *text;
  const char *message; /* expected substring */
} BadCase;

static void
test_errors (void)
{
  static const BadCase cases[] = {
    { "ok\n${covr}\n", "t.tpl:2:1: unknown token “${covr}”; did you mean "
                       "“${cover}”?" },
    { "x ${nothing_like_it}", "t.tpl:1:3: unknown token “${nothing_like_it}” "
                              "(known tokens: ${cover}" },
    { "a\nb $cover_letter", "t.tpl:2:3: unknown token “${cover_letter}”" },
    { "line\n  ${cover", "t.tpl:2:3: “${” without its closing “}”" },
    { "${}", "t.tpl:1:1: empty token" },
    { "${ cover }", "t.tpl:1:1: “${ cover }” is not a token" },
    { "a $ b", "t.tpl:1:3: a “$” that starts no token; write “$$”" },
    { "end $", "t.tpl:1:5: a “$” that starts no token" },
    { "${if}", "t.tpl:1:1: “${if}”: expected “${if NAME}”" },
    { "${if cover}x", "t.tpl:1:1: “${if cover}” is never closed" },
    { "x\n${end}", "t.tpl:2:1: “${end}” without a “${if ...}”" },
    { "${else}", "t.tpl:1:1: “${else}” without a “${if ...}”" },
    { "${if title}a${else}b${else}c${end}", "t.tpl:1:21: a second “${else}”" },
    { "${if nope}${end}", "t.tpl:1:1: unknown token “${nope}”" },
    { "\xc3\xa9t\xc3\xa9 ${titel}", "t.tpl:1:5: unknown token “${titel}”; "
                                    "did you mean “${title}”?" },
    { "ok\nbad \xff byte", "t.tpl:2:5: invalid UTF-8" },
    { "a\rb", "t.tpl:1:2: a carriage return" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (PccTemplate) t
          = pcc_template_new ("t.tpl", cases[i].text, -1, &error);
      g_assert_null (t);
      g_assert_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE);
      if (!strstr (error->message, cases[i].message))
        g_error ("case %u: “%s” not in “%s”", i, cases[i].message,
                 error->message);
    }
  /* A NUL byte. */
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTemplate) t
      = pcc_template_new ("t.tpl", "ab\ncd\0ef", 8, &error);
  g_assert_null (t);
  g_assert_nonnull (strstr (error->message, "t.tpl:2:3: a NUL byte"));
}

static void
test_bad_values (void)
{
  g_autoptr (GHashTable) v = values_all ();
  g_hash_table_insert (v, "cover", "evil\x1b[31m");
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTemplate) t
      = pcc_template_new ("t", "x${title}${cover}", -1, &error);
  g_autofree char *out = pcc_template_render (t, v, &error);
  g_assert_null (out); /* never half output */
  g_assert_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE);
  g_assert_nonnull (strstr (error->message, "${cover}"));
  g_clear_error (&error);
  g_hash_table_insert (v, "cover", "bad \xff utf8");
  g_autofree char *out2 = pcc_template_render (t, v, &error);
  g_assert_null (out2);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE);
  /* A value not used by the template is not checked. */
  g_clear_error (&error);
  g_autoptr (PccTemplate) t2 = pcc_template_new ("t", "${title}", -1, &error);
  g_autofree char *out3 = pcc_template_render (t2, v, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (out3, ==, "The title");
}

static void
test_builtins (void)
{
  g_autoptr (GHashTable) v = values_all ();
  const char *const *names = pcc_template_builtin_names ();
  g_assert_true (g_strv_contains (names, "default"));
  g_assert_true (g_strv_contains (names, "plain"));
  g_assert_true (g_strv_contains (names, "rfc"));
  const char *src = g_getenv ("PATCHCC_TEMPLATES_SRC");
  for (guint i = 0; names[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      /* the compiled-in text itself: an installed patchcc's templates,
       * which pcc_template_load() would find first, may be older */
      g_autoptr (PccTemplate) t = pcc_template_new (
          names[i], pcc_template_builtin_text (names[i]), -1, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (pcc_template_get_description (t), !=, "");
      g_autofree char *out = pcc_template_render (t, v, &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (out, "The blurb."));
      g_assert_nonnull (strstr (out, "A (1):\n  one"));
      g_assert_nonnull (strstr (out, "\n-- \nSig Nature"));
      g_assert_nonnull (strstr (out, "base-commit: 0123abcd\n"));
      if (strcmp (names[i], "plain") != 0)
        g_assert_nonnull (strstr (out, "How this series was made:"));
      /* The compiled-in text is the file's. */
      if (src)
        {
          g_autofree char *file = g_strdup_printf ("%s/%s.tpl", src, names[i]);
          g_autofree char *data = NULL;
          g_assert_true (g_file_get_contents (file, &data, NULL, NULL));
          g_assert_cmpstr (data, ==, pcc_template_builtin_text (names[i]));
        }
    }
  /* default.tpl without provenance nor base leaves no blank runs. */
  g_hash_table_insert (v, "provenance", "");
  g_hash_table_insert (v, "base_commit", "");
  g_hash_table_insert (v, "change_id", "");
  g_hash_table_insert (v, "prerequisites", "");
  g_hash_table_insert (v, "range_diff", "");
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTemplate) t = pcc_template_new (
      "default", pcc_template_builtin_text ("default"), -1, &error);
  /* the changes since the previous version follow the blurb */
  g_autofree char *with = pcc_template_render (t, v, &error);
  g_assert_cmpstr (with, ==,
                   "The blurb.\n\nChanges in v2:\n- x\n\nA (1):\n  one\n\n"
                   " f | 1 +\n 1 file changed\n"
                   "\n-- \nSig Nature <sig@example.org>\n");
  g_hash_table_insert (v, "changes", "");
  g_autofree char *out = pcc_template_render (t, v, &error);
  g_assert_cmpstr (out, ==,
                   "The blurb.\n\nA (1):\n  one\n\n f | 1 +\n 1 file changed\n"
                   "\n-- \nSig Nature <sig@example.org>\n");
}

static void
test_catalogue (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pcc-tpl-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *mine = g_build_filename (dir, "mine.tpl", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.tpl", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.tpl", NULL);
  g_file_set_contents (mine, "# Mine\nhello ${title}\n", -1, NULL);
  g_file_set_contents (plain, "# My plain\nmy plain\n", -1, NULL);
  g_file_set_contents (broken, "# Broken\nfine\n${oops}\n", -1, NULL);

  g_auto (GStrv) names = pcc_template_list (dir);
  g_assert_true (g_strv_contains ((const char *const *) names, "mine"));
  g_assert_true (g_strv_contains ((const char *const *) names, "default"));
  guint n_plain = 0;
  for (guint i = 0; names[i]; i++)
    n_plain += strcmp (names[i], "plain") == 0;
  g_assert_cmpuint (n_plain, ==, 1);

  /* The user's folder comes first. */
  g_autoptr (PccTemplate) p = pcc_template_load (dir, "plain", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pcc_template_get_description (p), ==, "My plain");
  /* Errors name the user's file, line and column. */
  g_autoptr (PccTemplate) b = pcc_template_load (dir, "broken", &error);
  g_assert_null (b);
  g_autofree char *where = g_strdup_printf ("%s:3:1: unknown token", broken);
  g_assert_nonnull (strstr (error->message, where));
  g_clear_error (&error);
  /* A path. */
  g_autoptr (PccTemplate) m = pcc_template_load (NULL, mine, &error);
  g_assert_no_error (error);
  /* Unknown and invalid names. */
  g_autoptr (PccTemplate) u = pcc_template_load (dir, "nosuch", &error);
  g_assert_null (u);
  g_assert_nonnull (strstr (error->message, "no template “nosuch”"));
  g_assert_nonnull (strstr (error->message, "available: "));
  g_clear_error (&error);
  g_autoptr (PccTemplate) x = pcc_template_load (dir, "..", &error);
  g_assert_null (x);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_TEMPLATE);

  g_unlink (mine);
  g_unlink (plain);
  g_unlink (broken);
  g_rmdir (dir);
}

/* Text is joined into one node as the lines are read: linear in the
 * template's size (it copied the whole text on every line, so 4 MiB of
 * empty lines took hours; now well under a second).  The test timeout
 * bounds the work. */
static void
test_large_linear (void)
{
  const gsize n = 4 * 1024 * 1024;
  GString *text = g_string_new ("T\n");
  for (gsize i = 0; i < n; i++)
    g_string_append_c (text, '\n');
  g_string_append (text, "${title}\n");
  g_autoptr (GHashTable) v = values_all ();
  g_autoptr (GError) error = NULL;
  g_autofree char *out = render (text->str, v, &error);
  g_assert_no_error (error);
  g_assert_nonnull (out);
  g_assert_cmpuint (strlen (out), ==, 2 + n + strlen ("The title\n"));
  g_assert_true (g_str_has_prefix (out, "T\n\n\n"));
  g_assert_true (g_str_has_suffix (out, "\n\nThe title\n"));
  g_string_free (text, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/template/every-token", test_every_token);
  g_test_add_func ("/template/provenance-parts", test_provenance_parts);
  g_test_add_func ("/template/missing-value", test_missing_value_is_empty);
  g_test_add_func ("/template/escaping", test_escaping);
  g_test_add_func ("/template/comments-and-lstrip", test_comments_and_lstrip);
  g_test_add_func ("/template/conditionals", test_conditionals);
  g_test_add_func ("/template/errors", test_errors);
  g_test_add_func ("/template/bad-values", test_bad_values);
  g_test_add_func ("/template/builtins", test_builtins);
  g_test_add_func ("/template/catalogue", test_catalogue);
  g_test_add_func ("/template/large-linear", test_large_linear);
  return g_test_run ();
}
