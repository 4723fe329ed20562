/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-maintainers.c - the typevalue model, sections, the index. */
#define _GNU_SOURCE 1 /* memmem */
#include <string.h>
#include <sys/resource.h>
#include <glib/gstdio.h>
#include "pcc-error.h"
#include "pcc-maintainers.h"
#include "pcc-pattern.h"
#include "pcc-regex.h"
#include "pcc-region.h"

static const char *TEXT
    = "Preamble line\n" /* 0 */
      "\n"
      "# a comment\n"
      "FIRST\n"                             /* 1 */
      "M:\tA <a@x.org>\n"                   /* 2 */
      "L:\tlist@x.org (subscribers-only)\n" /* 3 */
      "S:\tMaintained\n"                    /* 4 */
      "F:\tdrivers/first/\n"                /* 5 */
      "F:\tdrivers/dir\n"          /* 6: a directory, gets its slash */
      "F:\tinclude/*.h\n"          /* 7 */
      "X:\tdrivers/first/skip.c\n" /* 8 */
      "K:\t\\bfirst_call\\b\n"     /* 9 */
      "\n"
      "SECOND\n"          /* 10 */
      "N:\tsec[0-9]\n"    /* 11 */
      "L:\topen@x.org\n"; /* 12 */

static char *tmpdir;

static PccMaintainers *
load (PccTree **tree)
{
  g_autoptr (GError) error = NULL;
  *tree = pcc_tree_open_dir (tmpdir, &error);
  g_assert_no_error (error);
  PccMaintainers *m = pcc_maintainers_new_from_data (
      "MAINTAINERS", TEXT, strlen (TEXT), *tree, &error);
  g_assert_no_error (error);
  return m;
}

static void
test_typevalue (void)
{
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccMaintainers) m = load (&tree);
  g_assert_cmpuint (pcc_maintainers_get_n_entries (m), ==, 13);
  g_assert_cmpint (pcc_maintainers_entry_type (m, 0), ==, 0);
  g_assert_cmpint (pcc_maintainers_entry_type (m, 5), ==, 'F');
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 5), ==, "drivers/first/");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 7), ==, "include/.*\\.h");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 6), ==, "drivers/dir/");
  g_assert_cmpuint (pcc_maintainers_entry_lineno (m, 5), ==, 8);
  g_assert_cmpuint (pcc_maintainers_section_start (m, 5), ==, 1);
  g_assert_cmpuint (pcc_maintainers_section_end (m, 5), ==, 10);
  g_assert_cmpstr (pcc_maintainers_section_name (m, 12), ==, "SECOND");
  g_assert_true (pcc_maintainers_section_has_list (m, 5, FALSE));
  g_assert_false (pcc_maintainers_section_has_list (m, 5, TRUE));
  g_assert_true (pcc_maintainers_section_has_list (m, 11, TRUE));
}

static GArray *
match (PccMaintainers *m, const char *file)
{
  g_autoptr (GError) error = NULL;
  GArray *a = g_array_new (FALSE, FALSE, sizeof (PccMatch));
  g_assert_true (pcc_maintainers_match_file (m, file, a, &error));
  g_assert_no_error (error);
  return a;
}

static void
test_match (void)
{
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccMaintainers) m = load (&tree);

  g_autoptr (GArray) a = match (m, "drivers/first/x.c");
  g_assert_cmpuint (a->len, ==, 1);
  g_assert_cmpuint (g_array_index (a, PccMatch, 0).tvi, ==, 5);
  g_assert_cmpint (g_array_index (a, PccMatch, 0).depth, ==, 2);

  g_autoptr (GArray) x = match (m, "drivers/first/skip.c");
  g_assert_cmpuint (x->len, ==, 0); /* X: excludes the whole section */

  g_autoptr (GArray) d = match (m, "drivers/dir/sub/y.c");
  g_assert_cmpuint (d->len, ==, 1); /* the directory slash applies */

  g_autoptr (GArray) g1 = match (m, "include/foo.h");
  g_assert_cmpuint (g1->len, ==, 1);
  g_autoptr (GArray) g2 = match (m, "include/linux/foo.h");
  g_assert_cmpuint (g2->len, ==, 0); /* one directory level only */

  g_autoptr (GArray) n = match (m, "arch/sec7/board.c");
  g_assert_cmpuint (n->len, ==, 1);
  g_assert_cmpint (g_array_index (n, PccMatch, 0).depth, ==, 0);
}

static void
test_keywords (void)
{
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccMaintainers) m = load (&tree);
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *plus = "+\tfirst_call();\n", *ctx = " first_call();\n";
  g_assert_true (pcc_maintainers_match_keywords (m, plus, strlen (plus), TRUE,
                                                 NULL, hits, NULL));
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_true (pcc_maintainers_match_keywords (m, ctx, strlen (ctx), TRUE,
                                                 NULL, hits, NULL));
  g_assert_cmpuint (hits->len, ==, 1); /* context lines do not count */
  g_assert_true (pcc_maintainers_match_keywords (m, ctx, strlen (ctx), FALSE,
                                                 NULL, hits, NULL));
  g_assert_cmpuint (hits->len, ==, 2); /* but the message does */
}

/* The keyword shortcuts (searching from offset 1 instead of the script's
 * "^[+-].*" concatenation, needles before the regular expression) must
 * not change a single answer: compare with the script's regex, built as
 * the script builds it, on every line of the corpus patches. */
static const char *KEYWORDS[] = {
  "(?:\\b|_)bpf(?:\\b|_)",
  "\\b(?i:clang|llvm)\\b",
  "\\b(ABS|SYN)_MT_",
  "(devm_)?hwmon_device_(un)?register(|_with_groups|_with_info)",
  "(?i)pidfd",
  "\\b(pstore|ramoops)",
  "[^@]sifive",
  "\"nxp,tda998x\"",
  "phylink\\.h|struct\\s+phylink|\\.phylink|>phylink_|phylink_(mac|of)",
  "\\b(?:devm_|of_)?reset_control(?:ler_[a-z]+|_[a-z_]+)?\\b",
  "static|int",
  "a?b?c?",
  "return\\s+0;",
  "(?<=\\+)\\s+if",
  "^\\+#include",
  "x{2}",
  "(int|long)\\s+ret",
  "Signed-off-by",
  "MAINTAINERS|kernel",
};

/* Escapes of more than two bytes: "\\c(" is the control character 'h'
 * for PCRE2, not an escape and a group, so the '|' after it is at the
 * top level of the script's "^[+-].*" concatenation and "p" alone
 * matches any line with a 'p' (found by fuzz-matcher).  Every keyword
 * here, on every line, answers as the script's expressions do. */
static void
test_keywords_long_escapes (void)
{
  static const char *const kws[]
      = { "\\c(clone_args|kernel|p", "\\x28ab|cd", "\\Q(\\Eab|cd",
          "\\o{50}xy|zq", "\\p{L}(ab|cd)", "\\x{28}ab|cd",
          "(\\d)\\1x|yz", "\\G", "x\\G|\\Gy", "\\z", "c\\n\\z|\\Z",
          /* a comment group ends at its ')'; "(?-x)" and "(?^)" make a
           * later '#' a byte, not a comment */
          "(?#)ab| ", "(?#(|)ab|cd", "(?-x)a#|cd", "(?^)a#|cd",
          "(?i-x:a)#|cd",
          /* a verb's name ends at the first ')', nested or not; a POSIX
           * class inside a class does not end it */
          "(*:a(b)cd|zq", "[[:alpha:](]|zq" };
  static const char *const lines[]
      = { " up();\n", "+ up();\n", "-hclone_args\n", " (ab\n", "+(ab\n",
          " xcd\n", "+zq\n", " zq\n", "+Xab\n", "-11x\n", " yz\n",
          "+Z.c\n", "+y\n", " cd\n", "+Ab\n" };
  GString *text = g_string_new ("S\n");
  for (guint i = 0; i < G_N_ELEMENTS (kws); i++)
    g_string_append_printf (text, "K:\t%s\n", kws[i]);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
      "MAINTAINERS", text->str, text->len, NULL, &error);
  g_assert_no_error (error);
  g_string_free (text, TRUE);

  for (guint k = 0; k < G_N_ELEMENTS (kws); k++)
    {
      g_autofree char *c = g_strconcat ("^[+-].*", kws[k], NULL);
      PccRegex *plain = pcc_regex_new (kws[k], PCC_REGEX_EXTENDED, NULL);
      PccRegex *concat = pcc_regex_new (c, PCC_REGEX_EXTENDED, NULL);
      g_assert_nonnull (plain);
      g_assert_nonnull (concat);
      for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
        for (int in_diff = 0; in_diff < 2; in_diff++)
          {
            gsize l = strlen (lines[i]);
            g_autoptr (GArray) cand
                = g_array_new (FALSE, FALSE, sizeof (guint));
            g_autoptr (GArray) got
                = g_array_new (FALSE, FALSE, sizeof (guint));
            gboolean want = pcc_regex_match (in_diff ? concat : plain,
                                             lines[i], l, 0);
            gboolean have = FALSE;
            g_autoptr (GError) err = NULL;
            gboolean ok = pcc_maintainers_keywords_in_text (m, lines[i], l,
                                                            cand, &err);
            g_assert_no_error (err);
            g_assert_true (ok);
            ok = pcc_maintainers_match_keywords (m, lines[i], l, in_diff,
                                                 cand, got, &err);
            g_assert_no_error (err);
            g_assert_true (ok);
            for (guint h = 0; h < got->len; h++)
              have = have
                     || g_array_index (got, guint, h)
                            == pcc_maintainers_keyword_tvi (m, k);
            if (want != have)
              g_error ("keyword %s on \"%s\" (in_diff %d): script %d, "
                       "patchcc %d",
                       kws[k], lines[i], in_diff, want, have);
          }
      pcc_regex_free (plain);
      pcc_regex_free (concat);
    }
}

/* N: patterns whose groups hold a class that starts with ']': the
 * needle scanner must end the group where PCRE2 does (found by
 * fuzz-matcher).  Each answers as the script's m/$value/x. */
static void
test_n_class_in_group (void)
{
  static const char *const pats[]
      = { "nk|([]|?m)+npn>g@m)x2:([-]])", "zz|([]ab)]cd)", "([^]q)]|rs)",
          /* a POSIX class inside a class does not end it */
          "[[:digit:]abc]", "(?:[[:alpha:]]xy|zq)" };
  static const char *const files[]
      = { "](?i:([-]])", "drivers/zz", "cd", "]cd", "a]", "q)", "rs", "x",
          "x1", "axy" };
  for (guint k = 0; k < G_N_ELEMENTS (pats); k++)
    {
      g_autofree char *text = g_strdup_printf ("S\nN:\t%s\n", pats[k]);
      g_autoptr (GError) error = NULL;
      g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
          "MAINTAINERS", text, strlen (text), NULL, &error);
      g_assert_no_error (error);
      PccRegex *re = pcc_regex_new (pats[k], PCC_REGEX_EXTENDED, NULL);
      g_assert_nonnull (re);
      for (guint i = 0; i < G_N_ELEMENTS (files); i++)
        {
          g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (PccMatch));
          gboolean ok = pcc_maintainers_match_file (m, files[i], out, &error);
          g_assert_no_error (error);
          g_assert_true (ok);
          gboolean want = pcc_regex_match (re, files[i], -1, 0);
          if (want != (out->len > 0))
            g_error ("N: %s on \"%s\": script %d, patchcc %d", pats[k],
                     files[i], want, out->len > 0);
        }
      pcc_regex_free (re);
    }
}

static void
test_keywords_vs_script (void)
{
  const char *corpus = g_getenv ("PATCHCC_CORPUS");
  if (corpus == NULL)
    {
      g_test_skip ("PATCHCC_CORPUS not set");
      return;
    }
  GString *text = g_string_new ("S\n");
  for (guint i = 0; i < G_N_ELEMENTS (KEYWORDS); i++)
    g_string_append_printf (text, "K:\t%s\n", KEYWORDS[i]);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
      "MAINTAINERS", text->str, text->len, NULL, &error);
  g_assert_no_error (error);
  g_string_free (text, TRUE);

  /* the script's expressions, with Perl's byte semantics */
  PccRegex *plain[G_N_ELEMENTS (KEYWORDS)], *concat[G_N_ELEMENTS (KEYWORDS)];
  for (guint i = 0; i < G_N_ELEMENTS (KEYWORDS); i++)
    {
      g_autofree char *c = g_strconcat ("^[+-].*", KEYWORDS[i], NULL);
      plain[i] = pcc_regex_new (KEYWORDS[i], PCC_REGEX_EXTENDED, NULL);
      concat[i] = pcc_regex_new (c, PCC_REGEX_EXTENDED, NULL);
      g_assert_nonnull (plain[i]);
      g_assert_nonnull (concat[i]);
    }
  guint lines = 0, hits_total = 0;
  for (guint n = 1; n <= 150; n += 7)
    {
      g_autofree char *path
          = g_strdup_printf ("%s/patches/%04u.patch", corpus, n);
      g_autofree char *data = NULL;
      gsize len;
      if (!g_file_get_contents (path, &data, &len, NULL))
        continue;
      g_autoptr (GArray) cand = g_array_new (FALSE, FALSE, sizeof (guint));
      g_assert_true (
          pcc_maintainers_keywords_in_text (m, data, len, cand, NULL));
      gboolean in_diff = FALSE;
      for (char *p = data; *p;)
        {
          char *nl = strchr (p, '\n');
          gsize l = nl ? (gsize) (nl - p + 1) : strlen (p);
          g_autofree char *line = g_strndup (p, l);
          if (g_str_has_prefix (line, "--- ")
              || g_str_has_prefix (line, "+++ "))
            in_diff = TRUE;
          g_autoptr (GArray) got = g_array_new (FALSE, FALSE, sizeof (guint));
          g_assert_true (pcc_maintainers_match_keywords (m, line, l, in_diff,
                                                         cand, got, NULL));
          for (guint k = 0; k < G_N_ELEMENTS (KEYWORDS); k++)
            {
              gboolean want = pcc_regex_match (in_diff ? concat[k] : plain[k],
                                               line, l, 0);
              gboolean have = FALSE;
              for (guint h = 0; h < got->len; h++)
                have = have
                       || g_array_index (got, guint, h)
                              == pcc_maintainers_keyword_tvi (m, k);
              if (want != have)
                g_error ("keyword %s on \"%s\" (%s): script %d, patchcc %d",
                         KEYWORDS[k], g_strchomp (line), path, want, have);
              hits_total += want;
            }
          lines++;
          p += l;
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (KEYWORDS); i++)
    {
      pcc_regex_free (plain[i]);
      pcc_regex_free (concat[i]);
    }
  g_assert_cmpuint (lines, >, 1000);
  g_assert_cmpuint (hits_total, >, 100);
}

static void
test_bad_pattern (void)
{
  const char *bad = "S\nF:\tok/\nF:\tbroken[\n";
  g_autoptr (GError) error = NULL;
  PccMaintainers *m = pcc_maintainers_new_from_data (
      "MAINTAINERS", bad, strlen (bad), NULL, &error);
  g_assert_null (m);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS);
  g_assert_nonnull (strstr (error->message, "MAINTAINERS:3"));
}

/* A pattern that backtracks without end hits PCRE2's match limit: that is
 * an error naming the line, never a silent "no match". */
static void
test_gave_up (void)
{
  const char *text = "S\nN:\t(a+)+x\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
      "MAINTAINERS", text, strlen (text), NULL, &error);
  g_assert_no_error (error);
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (PccMatch));
  g_assert_false (pcc_maintainers_match_file (
      m, "drivers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab.x", a, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS);
  g_assert_nonnull (strstr (error->message, "MAINTAINERS:2"));
  g_assert_nonnull (strstr (error->message, "gave up"));
  g_clear_error (&error);

  /* 150 wildcards (".*" each, a '+' makes it a regex): gives up too,
   * named, and (pcc-regex.h) in machine code once past the interpreter's
   * share, where it took seconds (found by fuzz-maintainers) */
  GString *f = g_string_new ("S\nF:\t");
  for (guint i = 0; i < 150; i++)
    g_string_append (f, i == 12 ? "*+" : "*");
  g_string_append (f, "\x06*:*\n");
  g_autoptr (PccMaintainers) w = pcc_maintainers_new_from_data (
      "MAINTAINERS", f->str, f->len, NULL, &error);
  g_assert_no_error (error);
  g_string_free (f, TRUE);
  g_array_set_size (a, 0);
  g_assert_false (pcc_maintainers_match_file (
      w,
      "*****:***********\xff*$/\xff\xff\xff\xff\xff"
      "detat",
      a, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS);
  g_assert_nonnull (strstr (error->message, "MAINTAINERS:2"));
  g_assert_nonnull (strstr (error->message, "match limit"));
}

/* A K: line of more than 256 literal alternatives: every needle is told
 * apart from the others (the needle index once shared 8 bits with the
 * keyword's), and the answer is the script's. */
static void
test_many_alternatives (void)
{
  GString *text = g_string_new ("FIRST\nK:\t");
  for (guint i = 0; i < 300; i++)
    g_string_append_printf (text, "%skw%03u", i ? "|" : "", i);
  g_string_append (text, "\n\nSECOND\nK:\tzz\\d+q\n\nTHIRD\nK:\tabc\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
      "MAINTAINERS", text->str, text->len, NULL, &error);
  g_assert_no_error (error);
  g_string_free (text, TRUE);
  const char *lines[]
      = { "+kw123\n", "+kw299\n", "+kw000\n", "+abc\n", "+kw300\n" };
  const guint want[] = { 1, 1, 1, 5, 0 };
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      gsize len = strlen (lines[i]);
      g_autoptr (GArray) cand = g_array_new (FALSE, FALSE, sizeof (guint));
      g_assert_true (
          pcc_maintainers_keywords_in_text (m, lines[i], len, cand, &error));
      g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint));
      g_assert_true (pcc_maintainers_match_keywords (m, lines[i], len, TRUE,
                                                     cand, hits, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (hits->len, ==, want[i] ? 1 : 0);
      if (want[i])
        g_assert_cmpuint (g_array_index (hits, guint, 0), ==, want[i]);
    }
}

/* K: with an unclosed '[': the script dies on the first patch line it
 * tries the keyword on; so does patchcc, naming the line. */
static void
test_unclosed_class (void)
{
  const char *text = "S\nK:\tok_word\nK:\tfoo[bar\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
      "MAINTAINERS", text, strlen (text), NULL, &error);
  g_assert_no_error (error);
  const char *line = "+nothing to see\n";
  g_autoptr (GArray) cand = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean ok
      = pcc_maintainers_keywords_in_text (m, line, strlen (line), cand, &error)
        && pcc_maintainers_match_keywords (m, line, strlen (line), TRUE, cand,
                                           hits, &error);
  g_assert_false (ok);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS);
  g_assert_nonnull (strstr (error->message, "MAINTAINERS:3"));
  g_assert_nonnull (strstr (error->message, "foo[bar"));
}

/* Any K: that is not a valid expression fails before the lines are read,
 * even when its needles are in no line ("abc)" has the needle "abc"):
 * the script dies on the first line it tries it on. */
static void
test_invalid_keyword_unused (void)
{
  const char *text = "S\nK:\tok_word\nK:\tabc)\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
      "MAINTAINERS", text, strlen (text), NULL, &error);
  g_assert_no_error (error);
  const char *line = "+nothing to see\n";
  g_autoptr (GArray) cand = g_array_new (FALSE, FALSE, sizeof (guint));
  g_assert_false (
      pcc_maintainers_keywords_in_text (m, line, strlen (line), cand, &error));
  g_assert_error (error, PCC_ERROR, PCC_ERROR_MAINTAINERS);
  g_assert_nonnull (strstr (error->message, "MAINTAINERS:3"));
}

/* F: patterns made of literal bytes, '*' and '?' are matched without
 * the regular expression (a prefix match that backtracks over the
 * stars, a literal searched first): on generated patterns and paths,
 * some with newlines, every answer must be the script's, m@^$value@ and
 * the same number of '/' unless the value ends with one. */
static void
simple_patterns_vs_script (guint32 seed, gint max_pattern, gint max_path,
                           guint min_matches)
{
  static const char pat_bytes[] = "ab/*?.";
  static const char path_bytes[] = "ab/.\n";
  g_autoptr (GRand) r = g_rand_new_with_seed (seed);
  GString *text = g_string_new (NULL);
  for (guint i = 0; i < 300; i++)
    {
      g_string_append_printf (text, "S%u\nF:\t", i);
      gint n = g_rand_int_range (r, 1, max_pattern + 1);
      for (gint j = 0; j < n; j++)
        g_string_append_c (
            text, pat_bytes[g_rand_int_range (r, 0, sizeof pat_bytes - 1)]);
      g_string_append (text, "\n\n");
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
      "MAINTAINERS", text->str, text->len, NULL, &error);
  g_assert_no_error (error);
  g_string_free (text, TRUE);

  guint n_entries = pcc_maintainers_get_n_entries (m);
  PccRegex **re = g_new0 (PccRegex *, n_entries);
  for (guint t = 0; t < n_entries; t++)
    if (pcc_maintainers_entry_type (m, t) == 'F')
      {
        g_autofree char *a
            = g_strconcat ("^", pcc_maintainers_entry_value (m, t), NULL);
        re[t] = pcc_regex_new (a, 0, &error);
        g_assert_no_error (error);
      }
  guint yes = 0;
  for (guint i = 0; i < 3000; i++)
    {
      GString *path = g_string_new (NULL);
      gint n = g_rand_int_range (r, 1, max_path + 1);
      for (gint j = 0; j < n; j++)
        g_string_append_c (
            path, path_bytes[g_rand_int_range (r, 0, sizeof path_bytes - 1)]);
      g_autoptr (GArray) got = g_array_new (FALSE, FALSE, sizeof (PccMatch));
      g_assert_true (pcc_maintainers_match_file (m, path->str, got, NULL));
      for (guint t = 0; t < n_entries; t++)
        {
          if (re[t] == NULL)
            continue;
          const char *v = pcc_maintainers_entry_value (m, t);
          gboolean want
              = pcc_regex_match (re[t], path->str, -1, 0)
                && (g_str_has_suffix (v, "/")
                    || pcc_path_depth (path->str) == pcc_path_depth (v));
          gboolean have = FALSE;
          for (guint h = 0; h < got->len; h++)
            have = have || g_array_index (got, PccMatch, h).tvi == t;
          if (want != have)
            {
              g_autofree char *shown = g_strescape (path->str, NULL);
              g_error ("%s on \"%s\": %s, the script says %s",
                       pcc_maintainers_entry_line (m, t), shown,
                       have ? "yes" : "no", want ? "yes" : "no");
            }
          yes += want;
        }
      g_string_free (path, TRUE);
    }
  g_test_message ("%u matches", yes);
  g_assert_cmpuint (yes, >, min_matches);
  for (guint t = 0; t < n_entries; t++)
    g_clear_pointer (&re[t], pcc_regex_free);
  g_free (re);
}

/* Short patterns and paths, then long ones: a run of four bytes or more
 * after a wildcard is searched before the pattern is run, from past the
 * bytes the pattern starts with. */
static void
test_simple_patterns_vs_script (void)
{
  simple_patterns_vs_script (14, 8, 10, 1000);
  simple_patterns_vs_script (15, 16, 24, 100);
}

/* The script's "-d $value" on converted F: values whose wildcards make
 * directory names that hardly ever exist: a directory literally named
 * ".*" is still found, under a prefix found before, and a value under a
 * prefix that is not a directory never is. */
static void
test_wildcard_dirs (void)
{
  static const char text[] = "WILD\n"
                             "F:\tnet/*/nothere\n" /* 1: net/.* exists */
                             "F:\tnet/*/sub\n"     /* 2: a directory */
                             "F:\tnet/*/sub/x*/y\n" /* 3: x.* is not */
                             "F:\tnet/*/sub/x*/z\n" /* 4 */
                             "F:\tnet/*\n"         /* 5: net/.* itself */
                             "F:\tmm/*/sub\n"      /* 6: mm/.* is not */
                             "F:\tmm/*\n";         /* 7 */
  g_autofree char *sub = g_build_filename (tmpdir, "net", ".*", "sub", NULL);
  g_assert_cmpint (g_mkdir_with_parents (sub, 0755), ==, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = pcc_tree_open_dir (tmpdir, &error);
  g_assert_no_error (error);
  g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
      "MAINTAINERS", text, strlen (text), tree, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 1), ==, "net/.*/nothere");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 2), ==, "net/.*/sub/");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 3), ==,
                   "net/.*/sub/x.*/y");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 4), ==,
                   "net/.*/sub/x.*/z");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 5), ==, "net/.*/");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 6), ==, "mm/.*/sub");
  g_assert_cmpstr (pcc_maintainers_entry_value (m, 7), ==, "mm/.*");
  g_rmdir (sub);
  g_autofree char *star = g_path_get_dirname (sub);
  g_rmdir (star);
  g_autofree char *net = g_path_get_dirname (star);
  g_rmdir (net);
}

static void
count_piece (const void *data, gsize len, gpointer user_data)
{
  g_string_append_len (user_data, data, len);
}

/* A file read in pieces through a small buffer comes out whole; one read
 * into a region that held other bytes is as one read into fresh memory
 * (NUL after it), and one larger than the region gets a region of its
 * own. */
static void
test_region_reads (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "region-file", NULL);
  GString *want = g_string_new (NULL);
  for (guint i = 0; i < 5000; i++)
    g_string_append_printf (want, "line %u\n", i);
  g_assert_true (g_file_set_contents (path, want->str, want->len, NULL));

  char buf[1000];
  GString *got = g_string_new (NULL);
  guint64 n = 0;
  g_assert_true (
      pcc_region_read_pieces (path, buf, sizeof buf, count_piece, got, &n));
  g_assert_cmpuint (n, ==, want->len);
  g_assert_cmpmem (got->str, got->len, want->str, want->len);
  g_assert_false (pcc_region_read_pieces (tmpdir, buf, sizeof buf,
                                          count_piece, got, NULL));

  gsize size = 1 << 20;
  char *region = pcc_region_alloc (size);
  memset (region, 'x', size);
  GBytes *b = pcc_region_read_file_into (path, region, size);
  gsize len = 0;
  const char *d = g_bytes_get_data (b, &len);
  g_assert_true (d == region);
  g_assert_cmpmem (d, len, want->str, want->len);
  g_assert_cmpint (d[len], ==, '\0');
  g_bytes_unref (b);

  gsize small = 4096;
  b = pcc_region_read_file_into (path, pcc_region_alloc (small), small);
  d = g_bytes_get_data (b, &len);
  g_assert_cmpmem (d, len, want->str, want->len);
  g_assert_cmpint (d[len], ==, '\0');
  g_bytes_unref (b);
  g_assert_null (pcc_region_read_file_into (tmpdir, pcc_region_alloc (small),
                                            small));
  g_unlink (path);
  g_string_free (want, TRUE);
  g_string_free (got, TRUE);
}

/* pcc-pattern.h's answers on the examples its header gives, and its
 * "no shortcut" answers. */
static void
test_pattern (void)
{
  static const struct
  {
    const char *re, *needles; /* needles joined by ',', NULL for none */
  } n[] = {
    { "(?:\\b|_)bpf(?:\\b|_)", "bpf" },
    { "\\b(pstore|ramoops)", "pstore,ramoops" },
    { "\\bdma_(?:buf|fence|resv)\\b", "dma_" },
    { "foo bar", NULL },    /* /x white space */
    { "(?=abc)abc", NULL }, /* lookaround */
    { "\\Qabc\\E", NULL },  /* quoting */
    { "ab|c", NULL },       /* an alternative shorter than 3 */
  };
  for (guint i = 0; i < G_N_ELEMENTS (n); i++)
    {
      gboolean ci = TRUE;
      g_auto (GStrv) got = pcc_pattern_needles (n[i].re, &ci, 3);
      g_autofree char *joined = got ? g_strjoinv (",", got) : NULL;
      g_assert_cmpstr (joined, ==, n[i].needles);
    }
  gboolean ci = FALSE;
  g_auto (GStrv) ici = pcc_pattern_needles ("\\b(?i:clang|llvm)\\b", &ci, 3);
  g_assert_nonnull (ici);
  g_assert_true (ci);

  g_assert_true (pcc_pattern_keyword_splits ("(?i)pidfd"));
  g_assert_true (pcc_pattern_keyword_splits ("\\b(?:a|b)c"));
  g_assert_false (pcc_pattern_keyword_splits ("a|b"));
  g_assert_false (pcc_pattern_keyword_splits ("*a"));
  g_assert_false (pcc_pattern_keyword_splits ("(?#x)a|b"));
  g_assert_false (pcc_pattern_keyword_splits ("(?-x)a#|b"));

  gsize from = 0;
  g_autofree char *wn
      = pcc_pattern_wildcard_needle ("drivers/*/phy*.c", &from);
  g_assert_cmpstr (wn, ==, "/phy");
  g_assert_cmpuint (from, ==, 8);
  g_autofree char *wn2
      = pcc_pattern_wildcard_needle ("drivers/*/*alpine*", &from);
  g_assert_cmpstr (wn2, ==, "alpine");
  g_autofree char *wn3 = pcc_pattern_wildcard_needle ("*/*/vexpress*", &from);
  g_assert_cmpstr (wn3, ==, "/vexpress");
  g_assert_cmpuint (from, ==, 0);
  g_assert_null (pcc_pattern_wildcard_needle ("drivers/net/*", &from));
  g_assert_null (pcc_pattern_wildcard_needle ("a*b?c", &from));
  g_assert_true (
      pcc_pattern_wildcard_prefix ("drivers/*/phy*", "drivers/net/phy/x.c"));
  g_assert_true (pcc_pattern_wildcard_prefix ("a?c", "abcd"));
  g_assert_false (pcc_pattern_wildcard_prefix ("a*z", "ab\nz"));
  g_assert_false (pcc_pattern_wildcard_prefix ("drivers/", "driver"));

  g_assert_nonnull (pcc_pattern_find_needle ("xxPHYxx", 7, "phy", TRUE));
  g_assert_null (pcc_pattern_find_needle ("xxPHYxx", 7, "phy", FALSE));
  g_assert_null (pcc_pattern_find_needle ("xxph", 4, "phy", FALSE));
}

/* N: entries whose needles repeat one byte, and a long file name of that
 * byte (found by fuzz-maintainers: 11 KB that took 16 s under ASan, 0.58
 * s without).  Each place where an entry's byte pair occurs searched the
 * whole name again for its needles: the name's length squared.  Now once
 * a name.  The answer is checked; the child has 20 s of CPU for what now
 * takes milliseconds (and took hours). */
static void
test_n_repeated_bytes (void)
{
  if (g_test_subprocess ())
    {
      struct rlimit rl = { 20, 20 };
      setrlimit (RLIMIT_CPU, &rl);
      GString *text = g_string_new (NULL);
      for (guint i = 0; i < 40; i++)
        {
          g_string_append_printf (text, "S%u\nN:\t", i);
          for (guint k = 0; k < 300; k++)
            g_string_append_c (text, 'x');
          g_string_append_printf (text, "&%u\n\n", i);
        }
      g_string_append (text, "HIT\nN:\txxxy\n");
      g_autoptr (GError) error = NULL;
      g_autoptr (PccMaintainers) m = pcc_maintainers_new_from_data (
          "MAINTAINERS", text->str, text->len, NULL, &error);
      g_assert_no_error (error);
      g_string_free (text, TRUE);
      GString *file = g_string_new (NULL);
      for (guint k = 0; k < 100000; k++)
        g_string_append_c (file, 'x');
      g_string_append_c (file, 'y');
      g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (PccMatch));
      g_assert_true (pcc_maintainers_match_file (m, file->str, a, &error));
      g_assert_no_error (error);
      g_string_free (file, TRUE);
      g_assert_cmpuint (a->len, ==, 1);
      guint tvi = g_array_index (a, PccMatch, 0).tvi;
      g_assert_cmpstr (pcc_maintainers_section_name (m, tvi), ==, "HIT");
      return;
    }
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, 0);
  g_test_trap_assert_passed ();
}

/* A copy of @index with @n bytes at the first occurrence of @find (@n
 * bytes) replaced by @with: the needles records come before the text of
 * MAINTAINERS in an index, so that is where a needle is found first. */
static GBytes *
index_with (GBytes *index, const char *find, gsize n, const char *with)
{
  gsize len = 0;
  const char *data = g_bytes_get_data (index, &len);
  const char *at = memmem (data, len, find, n);
  g_assert_nonnull (at);
  char *copy = g_memdup2 (data, len); /* malloc's alignment */
  memcpy (copy + (at - data), with, n);
  return g_bytes_new_take (copy, len);
}

static gboolean
keyword_candidate (PccMaintainers *m, const char *text, guint tvi)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) c = g_array_new (FALSE, FALSE, sizeof (guint));
  g_assert_true (
      pcc_maintainers_keywords_in_text (m, text, strlen (text), c, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < c->len; i++)
    if (g_array_index (c, guint, i) == tvi)
      return TRUE;
  return FALSE;
}

/* The needles of the N: and K: entries are kept in the index, so that a
 * run from it does not take the patterns apart again: the model read
 * back answers from them, and a needles record that does not read as one
 * is written is refused. */
static void
test_index_needles (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PccTree) tree = NULL;
  g_autoptr (PccMaintainers) m = load (&tree);
  g_autoptr (GBytes) index = pcc_maintainers_to_index (m);
  g_assert_nonnull (index);

  /* flag 1 (case-sensitive), the needle, the end of the list */
  static const char k_rec[] = "\001first_call\0";
  static const char n_rec[] = "\001sec\0";
  gsize k_len = sizeof k_rec, n_len = sizeof n_rec; /* with the end */

  g_autoptr (PccMaintainers) same
      = pcc_maintainers_new_from_index (index, tree, &error);
  g_assert_no_error (error);
  g_assert_true (keyword_candidate (m, "x = first_call();", 9));
  g_assert_true (keyword_candidate (same, "x = first_call();", 9));
  g_assert_false (keyword_candidate (same, "x = second_call();", 9));
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (PccMatch));
  g_assert_true (pcc_maintainers_match_file (same, "a/sec1.c", hits, &error));
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_cmpuint (g_array_index (hits, PccMatch, 0).tvi, ==, 11);

  /* the needle the index holds is the one used, not the pattern's */
  g_autoptr (GBytes) other
      = index_with (index, k_rec, k_len, "\001first_cxll\0");
  g_autoptr (PccMaintainers) om
      = pcc_maintainers_new_from_index (other, tree, &error);
  g_assert_no_error (error);
  g_assert_false (keyword_candidate (om, "x = first_call();", 9));
  g_assert_true (keyword_candidate (om, "x = first_cxll();", 9));

  /* records that do not read as written */
  struct
  {
    const char *find;
    gsize n;
    const char *with;
  } bad[] = {
    { k_rec, k_len, "\003first_call\0" },  /* no such flag */
    { k_rec, k_len, "\000first_call\0" },  /* needles after "none" */
    { k_rec, k_len, "\001fi\0st_call\0" }, /* a K: needle of 2 bytes */
    { n_rec, n_len, "\001s\0c\0" },        /* an N: needle of 1 byte */
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GBytes) b
          = index_with (index, bad[i].find, bad[i].n, bad[i].with);
      g_autoptr (GError) e = NULL;
      PccMaintainers *dm = pcc_maintainers_new_from_index (b, tree, &e);
      g_assert_null (dm);
      g_assert_error (e, PCC_ERROR, PCC_ERROR_MAINTAINERS);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("pcc-maint-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmpdir, "drivers", "dir", NULL);
  g_mkdir_with_parents (dir, 0755);
  g_test_add_func ("/maintainers/typevalue", test_typevalue);
  g_test_add_func ("/maintainers/match", test_match);
  g_test_add_func ("/maintainers/simple-patterns-vs-script",
                   test_simple_patterns_vs_script);
  g_test_add_func ("/maintainers/keywords", test_keywords);
  g_test_add_func ("/maintainers/bad-pattern", test_bad_pattern);
  g_test_add_func ("/maintainers/keywords-vs-script", test_keywords_vs_script);
  g_test_add_func ("/maintainers/pattern", test_pattern);
  g_test_add_func ("/maintainers/keywords-long-escapes",
                   test_keywords_long_escapes);
  g_test_add_func ("/maintainers/n-class-in-group", test_n_class_in_group);
  g_test_add_func ("/maintainers/gave-up", test_gave_up);
  g_test_add_func ("/maintainers/n-repeated-bytes", test_n_repeated_bytes);
  g_test_add_func ("/maintainers/many-alternatives", test_many_alternatives);
  g_test_add_func ("/maintainers/unclosed-class", test_unclosed_class);
  g_test_add_func ("/maintainers/invalid-keyword-unused",
                   test_invalid_keyword_unused);
  g_test_add_func ("/maintainers/region-reads", test_region_reads);
  g_test_add_func ("/maintainers/wildcard-dirs", test_wildcard_dirs);
  g_test_add_func ("/maintainers/index-needles", test_index_needles);
  int rc = g_test_run ();
  g_rmdir (dir);
  g_autofree char *drivers = g_build_filename (tmpdir, "drivers", NULL);
  g_rmdir (drivers);
  g_rmdir (tmpdir);
  return rc;
}
