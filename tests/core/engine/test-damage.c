/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-damage.c - the damage check of patch mails (pcc-damage.h).
 *
 * Intact patches built here (every kind of file header git writes,
 * generated hunks), the team corpus when it is there, damaged variants
 * with the line the damage must be reported at, and re-wrapping the way
 * Claws Mail wraps (claws-wrap.c, checked against real Claws output in
 * data/claws-wrap/, made by e2e/claws_wrap_oracle.py).
 */
#include "pcc-damage.h"
#include "pcc-error.h"
#include "claws-wrap.h"

#include <string.h>

static const char *const intact[] = {
  /* A git format-patch mail: diffstat, modify, new, delete, rename, copy,
   * mode change, binary, "\ No newline", an empty context line. */
  "From 1234567890abcdef Mon Sep 17 00:00:00 2001\n"
  "From: A U Thor <author@example.org>\n"
  "Subject: [PATCH] foo: bar\n"
  "\n"
  "Body.\n"
  "\n"
  "Signed-off-by: A U Thor <author@example.org>\n"
  "---\n"
  " a.c                  | 3 ++-\n"
  " {old => new}/name.c  | 0\n"
  " bin.dat              | Bin 0 -> 3 bytes\n"
  " .../deep/path/file.h | 1 -\n"
  " 4 files changed, 2 insertions(+), 2 deletions(-)\n"
  " create mode 100644 bin.dat\n"
  "\n"
  "diff --git a/a.c b/a.c\n"
  "index 1234567..89abcde 100644\n"
  "--- a/a.c\n"
  "+++ b/a.c\n"
  "@@ -1,3 +1,4 @@\n"
  " one\n"
  "-two\n"
  "+2\n"
  "+3\n"
  "\n"
  "@@ -10 +11 @@ int f(void)\n"
  " x\n"
  "\\ No newline at end of file\n"
  "diff --git a/old/name.c b/new/name.c\n"
  "similarity index 100%\n"
  "rename from old/name.c\n"
  "rename to new/name.c\n"
  "diff --git a/bin.dat b/bin.dat\n"
  "new file mode 100644\n"
  "index 0000000000000000000000000000000000000000..b7d6715e2df11b9c32b2341423273c6b3ad9ae8e\n"
  "GIT binary patch\n"
  "literal 3\n"
  "KcmZ>9U;qFB00031\n"
  "\n"
  "literal 0\n"
  "HcmV?d00001\n"
  "\n"
  "diff --git a/x/y/deep/path/file.h b/x/y/deep/path/file.h\n"
  "deleted file mode 100755\n"
  "index 1111111..0000000\n"
  "--- a/x/y/deep/path/file.h\n"
  "+++ /dev/null\n"
  "@@ -1 +0,0 @@\n"
  "-gone\n"
  "diff --git a/m b/m\n"
  "old mode 100644\n"
  "new mode 100755\n"
  "diff --git a/c1 b/c2\n"
  "similarity index 90%\n"
  "copy from c1\n"
  "copy to c2\n"
  "--- a/c1\n"
  "+++ b/c2\n"
  "@@ -1,2 +1,2 @@\n"
  "-a\n"
  "+b\n"
  " c\n"
  "Binary files a/p.png and b/p.png differ\n"
  "-- \n"
  "2.39.2\n"
  "\n",
  /* A plain diff with CRLF line ends. */
  "--- a/f\r\n+++ b/f\r\n@@ -1,2 +1,2 @@\r\n-x\r\n+y\r\n z\r\n",
  /* Quoted-printable: a soft line break is not damage. */
  "From: A <a@example.org>\nSubject: [PATCH] q\nMIME-Version: 1.0\n"
  "Content-Type: text/plain; charset=utf-8\n"
  "Content-Transfer-Encoding: quoted-printable\n\n"
  "---\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n"
  "+a line long enough that the encoder broke it with a soft line break=\n"
  " at the end =3D 1\n",
  /* Found by fuzz-damage: a diffstat-like line " |..." (a name of no
   * length) gave g_strndup() a negative length. */
  "---\n | 1 +\n",
  /* No diff at all. */
  "Subject: hello\n\nJust a mail.\n",
  /* An mbox of two patches, the second with a b4 footer. */
  "From 1 Mon Sep 17 00:00:00 2001\nSubject: [PATCH 1/2] a\n\n---\n"
  " f | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n-- \n2.1\n\n"
  "From 2 Mon Sep 17 00:00:00 2001\nSubject: [PATCH 2/2] b\n\n---\n"
  " g | 1 +\n 1 file changed, 1 insertion(+)\n\n"
  "diff --git a/g b/g\nnew file mode 100644\nindex 0000000..1234567\n"
  "--- /dev/null\n+++ b/g\n@@ -0,0 +1 @@\n+g\n\n---\nbase-commit: abc\n",
};

static void
test_intact (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (intact); i++)
    {
      g_autoptr (PccDamage) d = pcc_damage_check (intact[i], -1);
      if (d)
        g_error ("intact sample %u: line %u: %s", i, d->line, d->problem);
      g_autoptr (GError) error = NULL;
      g_assert_true (pcc_damage_check_error (intact[i], -1, &error));
      g_assert_no_error (error);
    }
}

typedef struct
{
  const char *text;
  guint line;
  gboolean rewrapped;
  const char *problem; /* a part of it */
} Damaged;

static const Damaged damaged[] = {
  /* A hunk one line short. */
  { "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n+b\n", 6,
    FALSE, "the mail ends before them" },
  /* A line without prefix inside a hunk. */
  { "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n+b\nc\n", 7,
    FALSE, "does not start with" },
  /* One line too many. */
  { "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n+c\n", 7,
    FALSE, "more lines follow" },
  /* A re-wrapped added line (72 columns, then its tail). */
  { "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n"
    "+\tprintk(\"this is a rather long line that a mail client may\n"
    "wrap\");\n z\n",
    7, TRUE, "does not start with" },
  /* A re-wrapped "diff --git" line. */
  { "diff --git a/drivers/net/ethernet/some/long/path/to/a/file.c\n"
    "b/drivers/net/ethernet/some/long/path/to/a/file.c\n",
    2, TRUE, "cut short" },
  /* A malformed hunk header, and one too large to be real. */
  { "--- a/f\n+++ b/f\n@@ -1,x +1 @@\n-a\n+b\n", 3, FALSE,
    "malformed hunk header" },
  { "diff --git a/f b/f\n--- a/f\n+++ b/f\n"
    "@@ -2147483647,1 +2147483647,1 @@\n-a\n+b\n"
    "@@ -1,4294967296 +1 @@\n",
    7, FALSE, "malformed hunk header" },
  /* "---" without "+++". */
  { "diff --git a/f b/f\n--- a/f\n@@ -1 +1 @@\n-a\n+b\n", 3, FALSE, "'+++'" },
  /* A stray line among the file headers. */
  { "diff --git a/f b/f\nindex 123..456 100644\nhello\n--- a/f\n", 3, FALSE,
    "not a file header line" },
  /* A diffstat whose summary does not match its entries. */
  { "---\n f | 2 +-\n g | 1 +\n 1 file changed, 2 insertions(+), 1 "
    "deletion(-)\n\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n"
    "-a\n+b\n",
    4, FALSE, "diffstat" },
  /* A broken GIT binary patch. */
  { "diff --git a/b b/b\nGIT binary patch\nliteral 3\nKcmZ>9U;qFB000\n", 4,
    FALSE, "GIT binary patch" },
};

static void
test_damaged (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autoptr (PccDamage) d = pcc_damage_check (damaged[i].text, -1);
      if (d == NULL)
        g_error ("damaged sample %u: not found", i);
      g_test_message ("sample %u: line %u: %s (%s)", i, d->line, d->problem,
                      d->cause ? d->cause : "-");
      g_assert_cmpuint (d->line, ==, damaged[i].line);
      g_assert_cmpint (d->rewrapped, ==, damaged[i].rewrapped);
      g_assert_nonnull (strstr (d->problem, damaged[i].problem));
      g_assert_true ((d->cause != NULL) == d->rewrapped);

      g_autoptr (GError) error = NULL;
      g_assert_false (pcc_damage_check_error (damaged[i].text, -1, &error));
      g_assert_error (error, PCC_ERROR, PCC_ERROR_DAMAGED);
      g_autofree char *want = g_strdup_printf ("line %u: ", d->line);
      g_assert_true (g_str_has_prefix (error->message, want));
      if (d->cause)
        g_assert_nonnull (strstr (error->message, "; likely cause: "));
    }
}

/* Every patch of the team corpus (real kernel patches) is intact. */
static void
test_corpus (void)
{
  const char *corpus = g_getenv ("PATCHCC_CORPUS");
  g_autofree char *dir
      = corpus ? g_build_filename (corpus, "patches", NULL) : NULL;
  g_autoptr (GDir) d = dir ? g_dir_open (dir, 0, NULL) : NULL;
  if (d == NULL)
    {
      g_test_skip ("no corpus beside the worktree");
      return;
    }
  guint n = 0;
  for (const char *name; (name = g_dir_read_name (d));)
    {
      if (!g_str_has_suffix (name, ".patch"))
        continue;
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      gsize len;
      g_assert_true (g_file_get_contents (path, &text, &len, NULL));
      g_autoptr (PccDamage) dmg = pcc_damage_check (text, len);
      if (dmg)
        g_error ("%s: line %u: %s", name, dmg->line, dmg->problem);
      n++;
    }
  g_test_message ("%u corpus patches intact", n);
  g_assert_cmpuint (n, >, 0);
}

/* The body of a --compose-from-file input: after the first blank line. */
static const char *
body_of (const char *text)
{
  const char *b = strstr (text, "\n\n");
  return b ? b + 2 : text;
}

/* claws-wrap.c against the bytes real Claws Mail 4.1 sent for the same
 * inputs with stock preferences (tests/e2e/claws_wrap_oracle.py: Xvfb,
 * a fresh profile, --compose-from-file, Ctrl+Return to an SMTP sink).
 * Claws ends the body it sends with one more newline. */
static void
test_claws_oracle (void)
{
  const char *dir = g_test_get_dir (G_TEST_DIST);
  g_autofree char *d = g_build_filename (dir, "data", "claws-wrap", NULL);
  static const char *const names[]
      = { "1-mixed", "2-prefixes", "3-unicode-tabs" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *in_path = g_strdup_printf ("%s/%s.in", d, names[i]);
      g_autofree char *out_path = g_strdup_printf ("%s/%s.out", d, names[i]);
      g_autofree char *in = NULL, *want = NULL;
      g_assert_true (g_file_get_contents (in_path, &in, NULL, NULL));
      g_assert_true (g_file_get_contents (out_path, &want, NULL, NULL));
      g_autofree char *got = claws_wrap (body_of (in), 72, NULL);
      g_autofree char *got_sent = g_strconcat (got, "\n", NULL);
      g_assert_cmpstr (got_sent, ==, want);
      /* And the damage check finds what Claws did. */
      g_autoptr (PccDamage) dmg = pcc_damage_check (want, -1);
      g_assert_nonnull (dmg);
      g_assert_true (dmg->rewrapped);
    }
}

/* The line where wrapping first damaged the diff: the first tail whose
 * head is a diffstat line or a line of the diff (from the first
 * "diff --git" or ---/+++ on).  0 when the diff was not touched. */
static guint
first_diff_tail (const char *wrapped, GArray *tails)
{
  g_auto (GStrv) lines = g_strsplit (wrapped, "\n", -1);
  guint diff_start = 0, n = g_strv_length (lines);
  gboolean sep = FALSE;
  for (guint i = 0; i < n && !diff_start; i++)
    {
      if (g_str_has_prefix (lines[i], "diff --git ")
          || (g_str_has_prefix (lines[i], "--- ") && i + 1 < n
              && g_str_has_prefix (lines[i + 1], "+++ ")))
        diff_start = i + 1;
      else if (strcmp (lines[i], "---") == 0)
        sep = TRUE;
      else if (sep && lines[i][0] == ' ' && strstr (lines[i], " | ")
               && !diff_start)
        {
          /* A diffstat line: the diff starts here for our purpose. */
          diff_start = i + 1;
        }
    }
  if (!diff_start)
    return 0;
  for (guint k = 0; k < tails->len; k++)
    {
      guint t = g_array_index (tails, guint, k);
      if (t - 1 >= diff_start)
        return t;
    }
  return 0;
}

static guint
max_diff_width (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint w = 0;
  gboolean in_diff = FALSE;
  for (char **l = lines; *l; l++)
    {
      if (g_str_has_prefix (*l, "diff --git ")
          || g_str_has_prefix (*l, "--- "))
        in_diff = TRUE;
      if (in_diff)
        w = MAX (w, pcc_damage_line_width (*l, strlen (*l)));
    }
  return w;
}

/* Wrap @text's body as Claws does; the damage must be reported at the
 * first tail in the diff, and recognised as re-wrapping. */
static gboolean
check_wrapped (const char *name, const char *text, guint *checked,
               guint *exact, gboolean need_exact)
{
  const char *body = text;
  /* A mail: the body follows the header block. */
  if (g_ascii_isalpha (text[0]) || g_str_has_prefix (text, "From "))
    body = body_of (text);
  g_autoptr (GArray) tails = NULL;
  g_autofree char *wrapped = claws_wrap (body, 72, &tails);
  guint want = first_diff_tail (wrapped, tails);
  g_autoptr (PccDamage) d = pcc_damage_check (wrapped, -1);
  if (g_getenv ("PCC_TEST_VERBOSE")
      && (!d || d->line != want || !d->rewrapped))
    g_printerr ("%s\n", wrapped);
  if (want == 0)
    {
      if (d)
        g_error ("%s: the wrapping left the diff intact, but: line %u: %s",
                 name, d->line, d->problem);
      return FALSE;
    }
  if (d == NULL)
    g_error ("%s: wrapped at line %u, not found", name, want);
  if (!d->rewrapped)
    g_error ("%s: wrapped at line %u, not recognised as wrapping: line %u: "
             "%s",
             name, want, d->line, d->problem);
  if (d->line == want)
    (*exact)++;
  else if (need_exact)
    g_error ("%s: wrapped at line %u, reported at line %u: %s (%s)", name,
             want, d->line, d->problem, d->cause ? d->cause : "no cause");
  (*checked)++;
  return TRUE;
}

/* Patches built here, with long lines of every kind the diff has. */
static void
test_generated_wrapped (void)
{
  guint checked = 0, total = 0, exact = 0;
  GRand *rand = g_rand_new_with_seed (20261203);
  static const char *const words[]
      = { "foo",     "bar_baz", "(struct device *dev)",     "->",  "-1",
          "+",       "/* x */", "http://example.org/a/b/c", "ret", "= 0;",
          "-EINVAL", "a/b",     "\"string with spaces\"",   "\t",  "x-y",
          "漢字",    "ü" };
  for (guint n = 0; n < 300; n++)
    {
      GString *p
          = g_string_new ("From: A <a@example.org>\nSubject: [PATCH] t\n\n"
                          "Message.\n---\n");
      g_string_append (p, "diff --git a/f.c b/f.c\n--- a/f.c\n+++ b/f.c\n");
      guint nlines = 3 + g_rand_int_range (rand, 0, 12);
      GString *hunk = g_string_new (NULL);
      guint old = 0, new = 0;
      for (guint k = 0; k < nlines; k++)
        {
          static const char ops[] = { ' ', '-', '+' };
          char op = ops[g_rand_int_range (rand, 0, 3)];
          g_string_append_c (hunk, op);
          guint nw = 1 + g_rand_int_range (rand, 0, 18);
          for (guint w = 0; w < nw; w++)
            {
              const char *word
                  = words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))];
              if (strcmp (word, "\t") == 0)
                g_string_append_c (hunk, '\t');
              else
                {
                  g_string_append (hunk, word);
                  g_string_append_c (hunk, ' ');
                }
            }
          while (hunk->len && hunk->str[hunk->len - 1] == ' ')
            g_string_truncate (hunk, hunk->len - 1);
          g_string_append_c (hunk, '\n');
          old += op != '+';
          new += op != '-';
        }
      g_string_append_printf (p, "@@ -1,%u +1,%u @@\n%s-- \n2.39.2\n", old,
                              new, hunk->str);
      g_string_free (hunk, TRUE);
      g_autoptr (PccDamage) intact_d = pcc_damage_check (p->str, -1);
      if (intact_d)
        g_error ("generated %u: false alarm at line %u: %s\n%s", n,
                 intact_d->line, intact_d->problem, p->str);
      g_autofree char *name = g_strdup_printf ("generated %u", n);
      if (max_diff_width (p->str) > 72)
        total++;
      check_wrapped (name, p->str, &checked, &exact, FALSE);
      g_string_free (p, TRUE);
    }
  g_rand_free (rand);
  /* Random words make lines no code has ("+x -y" after a 70-column line
   * looks as much like a tail as a tail does): every damage is found and
   * recognised as wrapping, and most at the very line. */
  g_test_message ("%u of 300 generated patches had a diff line over 72 "
                  "columns; %u were damaged by wrapping, all found, %u at "
                  "the first wrapped line",
                  total, checked, exact);
  g_assert_cmpuint (exact * 10, >=, checked * 8);
  g_assert_cmpuint (checked, >, 100);
}

/* Every corpus patch with a diff line over 72 columns, wrapped as Claws
 * wraps it, is reported damaged at the right line. */
static void
test_corpus_wrapped (void)
{
  const char *corpus = g_getenv ("PATCHCC_CORPUS");
  g_autofree char *dir
      = corpus ? g_build_filename (corpus, "patches", NULL) : NULL;
  g_autoptr (GDir) d = dir ? g_dir_open (dir, 0, NULL) : NULL;
  if (d == NULL)
    {
      g_test_skip ("no corpus beside the worktree");
      return;
    }
  guint long_lines = 0, checked = 0, exact = 0;
  gboolean need_exact = g_getenv ("PCC_DAMAGE_EXACT") != NULL;
  for (const char *name; (name = g_dir_read_name (d));)
    {
      if (!g_str_has_suffix (name, ".patch"))
        continue;
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      if (max_diff_width (text) <= 72)
        continue;
      long_lines++;
      check_wrapped (name, text, &checked, &exact, need_exact);
    }
  g_test_message ("%u corpus patches with a diff line over 72 columns, %u "
                  "damaged by wrapping and recognised, %u at the first "
                  "wrapped line",
                  long_lines, checked, exact);
  g_assert_cmpuint (checked, ==, long_lines);
  /* every one found and recognised as wrapping; the line exact on real
   * patches, on 90% of the generated ones (a generated line can end in
   * a tail that reads as a hunk line of its own) */
  g_assert_cmpuint (exact * 10, >=, checked * 9);
}

static void
test_width (void)
{
  g_assert_cmpuint (pcc_damage_line_width ("\tab", 3), ==, 10);
  g_assert_cmpuint (pcc_damage_line_width ("\xe6\xbc\xa2x", 4), ==, 3);
  g_assert_cmpuint (pcc_damage_line_width ("\xff", 1), ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/damage/intact", test_intact);
  g_test_add_func ("/damage/damaged", test_damaged);
  g_test_add_func ("/damage/width", test_width);
  g_test_add_func ("/damage/corpus", test_corpus);
  g_test_add_func ("/damage/claws-oracle", test_claws_oracle);
  g_test_add_func ("/damage/generated-wrapped", test_generated_wrapped);
  /* Real collected patches only (the shared-corpus suite): a generated
   * patch's long "diff --git" line, once wrapped, is held as damaged but
   * not always put down to wrapping. */
  if (g_getenv ("PCC_DAMAGE_EXACT"))
    g_test_add_func ("/damage/corpus-wrapped", test_corpus_wrapped);
  return g_test_run ();
}
