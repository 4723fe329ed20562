/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-linear.c - template parsing and subject-prefix parsing in linear
 * time, on inputs of 1, 4 and 16 MiB (the times are printed with
 * g_test_message, not asserted: the machine may be busy), with the
 * results checked; and a template file's size and kind checked before
 * it is read (a FIFO, /dev/zero, a file over the limit).
 */
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "pcc-error.h"
#include "pcc-subject.h"
#include "pcc-template.h"

static const gsize sizes[] = { 1 << 20, 4 << 20, 16 << 20 };

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* One line of "$$": each is a literal "$" whose column was counted from
 * the start of the line (176 s for 256 KiB). */
static void
test_template_dollars (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      gsize n = sizes[k];
      g_autofree char *text = g_strnfill (n, '$');
      g_autoptr (GError) error = NULL;
      double t0 = now ();
      g_autoptr (PccTemplate) tpl = pcc_template_new ("big", text, n, &error);
      double t1 = now ();
      g_assert_no_error (error);
      g_autofree char *out = pcc_template_render (tpl, NULL, &error);
      g_assert_no_error (error);
      g_test_message ("template of %" G_GSIZE_FORMAT " bytes of \"$$\": "
                      "parsed in %.3f s, rendered in %.3f s",
                      n, t1 - t0, now () - t1);
      g_assert_cmpuint (strlen (out), ==, n / 2);
      g_assert_cmpuint (strspn (out, "$"), ==, n / 2);
    }
}

/* One line of tokens, "$$" and two-byte characters, ending in a "$"
 * that starts nothing: the error's column counts characters. */
static void
test_template_columns (void)
{
  /* 22 bytes, 20 characters */
  static const char unit[] = "\xc3\xa9${title}$$ $total\xc3\xa9 ";
  const gsize unit_bytes = sizeof unit - 1, unit_chars = 20;
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      gsize reps = sizes[k] / unit_bytes;
      GString *s = g_string_sized_new (sizes[k] + 16);
      for (gsize i = 0; i < reps; i++)
        g_string_append_len (s, unit, unit_bytes);
      gsize good = s->len;
      g_autoptr (GError) error = NULL;
      double t0 = now ();
      g_autoptr (PccTemplate) tpl
          = pcc_template_new ("cols", s->str, s->len, &error);
      double t1 = now ();
      g_assert_no_error (error);
      g_autoptr (GHashTable) v = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_insert (v, "title", "T");
      g_hash_table_insert (v, "total", "3");
      g_autofree char *out = pcc_template_render (tpl, v, &error);
      g_assert_no_error (error);
      double t2 = now ();
      /* "éT$ 3é " a unit */
      g_assert_cmpuint (strlen (out), ==, reps * 9);
      g_assert_cmpint (memcmp (out, "\xc3\xa9T$ 3\xc3\xa9 ", 9), ==, 0);
      g_assert_cmpint (
          memcmp (out + (reps - 1) * 9, "\xc3\xa9T$ 3\xc3\xa9 ", 9), ==, 0);

      g_string_append (s, "$!");
      g_autoptr (PccTemplate) bad
          = pcc_template_new ("cols", s->str, s->len, &error);
      double t3 = now ();
      g_assert_null (bad);
      g_autofree char *want = g_strdup_printf (
          "cols:1:%" G_GSIZE_FORMAT ": a “$” that starts no token; write "
          "“$$” for a literal “$”",
          reps * unit_chars + 1);
      g_assert_cmpstr (error->message, ==, want);
      g_test_message ("template of %" G_GSIZE_FORMAT " bytes of tokens: "
                      "parsed in %.3f s, rendered in %.3f s, error found in "
                      "%.3f s",
                      good, t1 - t0, t2 - t1, t3 - t2);
      g_string_free (s, TRUE);
    }
}

/* Many lines, with directives and comments. */
static void
test_template_lines (void)
{
  static const char unit[] = "# a comment\n"
                             "${if title}\n"
                             "  Title: ${title}\n"
                             "${else}\n"
                             "none\n"
                             "${end}\n";
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      gsize reps = sizes[k] / (sizeof unit - 1);
      GString *s = g_string_sized_new (sizes[k]);
      for (gsize i = 0; i < reps; i++)
        g_string_append (s, unit);
      g_autoptr (GError) error = NULL;
      double t0 = now ();
      g_autoptr (PccTemplate) tpl
          = pcc_template_new ("lines", s->str, s->len, &error);
      double t1 = now ();
      g_assert_no_error (error);
      g_autoptr (GHashTable) v = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_insert (v, "title", "T");
      g_autofree char *out = pcc_template_render (tpl, v, &error);
      g_assert_no_error (error);
      g_test_message ("template of %" G_GSIZE_FORMAT
                      " bytes in %" G_GSIZE_FORMAT
                      " lines: parsed in %.3f s, rendered in "
                      "%.3f s",
                      s->len, reps * 6, t1 - t0, now () - t1);
      /* The directives take their whole lines. */
      g_assert_true (g_str_has_prefix (out, "  Title: T\n  Title: T\n"));
      g_assert_cmpuint (strlen (out), ==, reps * 11);
      g_string_free (s, TRUE);
    }
}

/* "[PATCHv2 PATCHv2 ... 1/3] title": each "PATCHv2" became "PATCH v2" by
 * inserting a space into the string (3 s for 1.6 MB). */
static void
test_subject_prefix (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      gsize reps = sizes[k] / 8;
      GString *s = g_string_sized_new (sizes[k] + 32);
      GString *want = g_string_sized_new (sizes[k] + reps);
      g_string_append_c (s, '[');
      for (gsize i = 0; i < reps; i++)
        {
          g_string_append (s, i % 2 ? "patchV3 " : "PATCHv2,");
          if (i)
            g_string_append_c (want, ' ');
          g_string_append (want, i % 2 ? "patch V3" : "PATCH v2");
          if (!(i % 2) && i + 1 < reps)
            g_string_append_c (s, ' ');
        }
      g_string_append (s, " 1/3] the title");
      PccSubject sp;
      double t0 = now ();
      pcc_subject_parse (s->str, &sp);
      g_test_message ("subject of %" G_GSIZE_FORMAT " bytes: parsed in %.3f s",
                      s->len, now () - t0);
      g_assert_true (sp.numbered);
      g_assert_true (sp.is_patch);
      g_assert_cmpuint (sp.index, ==, 1);
      g_assert_cmpuint (sp.total, ==, 3);
      g_assert_cmpstr (sp.title, ==, "the title");
      g_assert_cmpstr (sp.prefix, ==, want->str);
      pcc_subject_clear (&sp);

      /* A long title after a short prefix, and many groups. */
      GString *t = g_string_new ("[PATCHv12 07/10] ");
      GString *groups = g_string_new (NULL);
      while (t->len < sizes[k])
        g_string_append (t, "word ");
      while (groups->len < sizes[k])
        g_string_append (groups, "[net]");
      g_string_append (groups, " x");
      t0 = now ();
      pcc_subject_parse (t->str, &sp);
      double t1 = now ();
      g_assert_cmpstr (sp.prefix, ==, "PATCH v12");
      g_assert_cmpuint (sp.index, ==, 7);
      g_assert_cmpstr (sp.title, ==, t->str + strlen ("[PATCHv12 07/10] "));
      pcc_subject_clear (&sp);
      pcc_subject_parse (groups->str, &sp);
      g_test_message ("subject of %" G_GSIZE_FORMAT " bytes of title: %.3f "
                      "s; of %" G_GSIZE_FORMAT " bytes of groups: %.3f s",
                      t->len, t1 - t0, groups->len, now () - t1);
      g_assert_null (sp.prefix);
      g_assert_cmpstr (sp.title, ==, "x");
      pcc_subject_clear (&sp);
      g_string_free (t, TRUE);
      g_string_free (groups, TRUE);
      g_string_free (s, TRUE);
      g_string_free (want, TRUE);
    }
}

/* The ${"PATCHv2"} rewrite at the edges: at the end of the group, after
 * "PATCH" that is the end of a longer word, "PATCHv" without a digit. */
static void
test_subject_edges (void)
{
  static const struct
  {
    const char *subject, *prefix;
  } cases[] = {
    { "[PATCHv2] x", "PATCH v2" },
    { "[PATCHv] x", NULL },
    { "[PATCHv2x 1/2] x", "PATCH v2x" },
    { "[XPATCHv2 1/2] x", "XPATCH v2" },
    { "[RFC-PATCHv3,net 1/2] x", "RFC-PATCH v3,net" },
    { "[PATCHPATCHv2v3 1/2] x", "PATCHPATCH v2v3" },
    { "[PATCHv2PATCHv3 1/2] x", "PATCH v2PATCH v3" },
    { "[patchV9] x", "patch V9" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PccSubject sp;
      pcc_subject_parse (cases[i].subject, &sp);
      g_assert_cmpstr (sp.prefix, ==, cases[i].prefix);
      pcc_subject_clear (&sp);
    }
}

/* A template file: its kind and size checked before it is read. */
static void
test_template_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pcc-linear-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *ok = g_build_filename (dir, "ok.tpl", NULL);
  g_autofree char *big = g_build_filename (dir, "big.tpl", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.tpl", NULL);
  g_autofree char *text = g_strnfill (1 << 20, 'a');
  g_assert_true (g_file_set_contents (ok, text, 1 << 20, NULL));
  g_autofree char *more = g_strnfill ((1 << 20) + 1, 'a');
  g_assert_true (g_file_set_contents (big, more, (1 << 20) + 1, NULL));

  /* Exactly the limit. */
  g_autoptr (PccTemplate) t = pcc_template_new_from_file (ok, &error);
  g_assert_no_error (error);
  g_autofree char *out = pcc_template_render (t, NULL, &error);
  g_assert_cmpstr (out, ==, text);

  /* One byte more. */
  g_autoptr (PccTemplate) b = pcc_template_new_from_file (big, &error);
  g_assert_null (b);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE);
  g_autofree char *want = g_strdup_printf ("%s: 1048577 bytes is over the "
                                           "limit of 1048576 bytes",
                                           big);
  g_assert_cmpstr (error->message, ==, want);
  g_clear_error (&error);

  /* A FIFO: refused at once, not waited on. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_autoptr (PccTemplate) f = pcc_template_new_from_file (fifo, &error);
  g_assert_null (f);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_IO);
  g_assert_true (g_str_has_suffix (error->message,
                                   ": not a regular file (a FIFO); only a "
                                   "regular file is read"));
  g_clear_error (&error);

  /* A device that never ends. */
  g_autoptr (PccTemplate) z = pcc_template_new_from_file ("/dev/zero", &error);
  g_assert_null (z);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_IO);
  g_clear_error (&error);

  /* No such file: the message it had. */
  g_autofree char *none = g_build_filename (dir, "none.tpl", NULL);
  g_autoptr (PccTemplate) n = pcc_template_new_from_file (none, &error);
  g_assert_null (n);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_IO);
  g_autofree char *want2 = g_strdup_printf (
      "Failed to open file “%s”: No such file or directory", none);
  g_assert_cmpstr (error->message, ==, want2);

  g_unlink (ok);
  g_unlink (big);
  g_unlink (fifo);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/linear/template-dollars", test_template_dollars);
  g_test_add_func ("/linear/template-columns", test_template_columns);
  g_test_add_func ("/linear/template-lines", test_template_lines);
  g_test_add_func ("/linear/subject-prefix", test_subject_prefix);
  g_test_add_func ("/linear/subject-edges", test_subject_edges);
  g_test_add_func ("/linear/template-file", test_template_file);
  return g_test_run ();
}
