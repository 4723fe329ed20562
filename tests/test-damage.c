/* test-damage.c - the damage check of patch mails (pcc-damage.h).
 *
 * Intact patches built here (every kind of file header git writes,
 * generated hunks), the team corpus when it is there, damaged variants
 * with the line the damage must be reported at, and re-wrapping the way
 * Claws Mail wraps (pcc-test-wrap.c, checked against real Claws output
 * in data/claws-wrap/).
 */
#include "pcc-damage.h"
#include "pcc-error.h"

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
  return g_test_run ();
}
