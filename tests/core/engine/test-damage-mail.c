/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-damage-mail.c - the damage check on the part of a patch mail
 * before its diff: trailers, the "---" separator, the diffstat.
 *
 * Patches with realistic trailer blocks made here, the generated corpus
 * (PATCHCC_CORPUS) and the team's collected patches (PCC_SHARED_CORPUS)
 * when present: each intact one passes; each wrapped as Claws Mail wraps
 * (claws-wrap.c, stock preferences) whose trailer paragraph, separator
 * or diffstat changed is reported as re-wrapped, at a line of that
 * region.
 */
#include "pcc-damage.h"
#include "claws-wrap.h"

#include <string.h>

static const char *const intact[] = {
  /* Long trailers nobody wrapped, a Link:, Cc: stable with a comment,
   * a message line over 72 columns, "---" rules in the message. */
  "Subject: [PATCH] net: foo: fix the thing\n"
  "\n"
  "A line of the commit message that is longer than seventy-two columns, "
  "really.\n"
  "---\n"
  "Not the separator for us: a rule in the message.\n"
  "\n"
  "Fixes: 0123456789ab (\"net: foo: a subject long enough to pass the "
  "wrap column easily\")\n"
  "Reviewed-by: Maximilian Alexander Schwarzenegger-Rodriguez "
  "<maximilian.schwarzenegger@example.com>\n"
  "Link: "
  "https://lore.kernel.org/r/20231114221320.123456-7-firstname.lastname@"
  "linaro.org\n"
  "Cc: stable@vger.kernel.org # 6.1.x\n"
  "Signed-off-by: A U Thor <author@example.org>\n"
  "---\n"
  "v2: changed the thing -- and more --- still notes\n"
  "---\n"
  " drivers/net/ethernet/foo/a/rather/long/path/to/the/file/bar_main.c | 2 "
  "+-\n"
  " 1 file changed, 1 insertion(+), 1 deletion(-)\n"
  "\n"
  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n",
  /* No separator at all (a hand-made mail), text that ends with ---. */
  "Make it so ---\n\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n"
  "+b\n",
  /* Trailers with notes in brackets and a cherry-pick line. */
  "Fix.\n\n"
  "Signed-off-by: Greg Kroah-Hartman Somebody <gregkh@linuxfoundation.org>\n"
  "(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)\n"
  "[ maint: fixed up the conflicts in the very long file names here ]\n"
  "---\n f | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
  "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n",
};

typedef struct
{
  const char *text;
  guint line;
  const char *problem;
} Damaged;

static const Damaged damaged[] = {
  /* Reviewed-by split, Link: glued to the address, "---" merged into
   * the last Signed-off-by (as Claws sent a real kernel patch). */
  { "Fix.\n\n"
    "Reviewed-by: Maximilian Alexander Schwarzenegger-Rodriguez\n"
    "<maximilian.schwarzenegger@example.com> Link:\n"
    "https://lore.kernel.org/r/20231114221320.123456-7-someone@linaro.org\n"
    "Signed-off-by: A U Thor <author@example.org> ---\n"
    " f | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
    "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n",
    4, "no trailer" },
  /* Only the separator glued. */
  { "Fix.\n\nSigned-off-by: A U Thor <author@example.org> ---\n"
    " f | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
    "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n",
    3, "'---'" },
  /* A cut address. */
  { "Fix.\n\nSigned-off-by: A U Thor <author@exam\n---\n\n"
    "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n",
    3, "address" },
  /* A wrapped diffstat line. */
  { "Fix.\n---\n"
    " drivers/net/ethernet/foo/a/rather/long/path/to/the/file/of/the/bar_main.c\n"
    "| 2 +- 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
    "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n",
    4, "diffstat" },
};

static void
test_samples (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (intact); i++)
    {
      g_autoptr (PccDamage) d = pcc_damage_check (intact[i], -1);
      if (d)
        g_error ("intact sample %u: line %u: %s", i, d->line, d->problem);
    }
  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autoptr (PccDamage) d = pcc_damage_check (damaged[i].text, -1);
      if (d == NULL)
        g_error ("damaged sample %u: not found", i);
      g_test_message ("sample %u: line %u: %s (%s)", i, d->line, d->problem,
                      d->cause ? d->cause : "-");
      g_assert_cmpuint (d->line, ==, damaged[i].line);
      g_assert_nonnull (strstr (d->problem, damaged[i].problem));
      g_assert_true ((d->cause != NULL) == d->rewrapped);
      g_autoptr (GError) error = NULL;
      g_assert_false (pcc_damage_check_error (damaged[i].text, -1, &error));
    }
}

/* --- wrapping ------------------------------------------------------------ */

typedef struct
{
  guint checked, changed, reported, exact, prose_only, diff_damaged;
} Counts;

/* The body of a mail file: after its header block. */
static const char *
body_of (const char *text)
{
  if (!(g_str_has_prefix (text, "From ") || g_ascii_isalpha (text[0])))
    return text;
  const char *b = strstr (text, "\n\n");
  return b ? b + 2 : text;
}

/* Line index of the first line after the @k-th empty line (0: line 0). */
static guint
after_empty (char **lines, guint k)
{
  if (k == 0)
    return 0;
  for (guint i = 0; lines[i]; i++)
    if (lines[i][0] == '\0' && --k == 0)
      return i + 1;
  return G_MAXUINT;
}

static guint
empties_before (char **lines, guint end)
{
  guint k = 0;
  for (guint i = 0; i < end; i++)
    k += lines[i][0] == '\0';
  return k;
}

static guint
first_diff (char **lines, guint from)
{
  for (guint i = from; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "diff --git ")
        || (g_str_has_prefix (lines[i], "--- ") && lines[i + 1]
            && g_str_has_prefix (lines[i + 1], "+++ ")))
      return i;
  return G_MAXUINT;
}

static char *
join_range (char **lines, guint from, guint to)
{
  GString *s = g_string_new (NULL);
  for (guint i = from; i < to && lines[i]; i++)
    g_string_append_printf (s, "%s\n", lines[i]);
  return g_string_free (s, FALSE);
}

/* Wrap @text's body as Claws does.  The region from the paragraph before
 * the first "---" (the trailers) to the diff: when wrapping changed it,
 * the body with that region wrapped and the diff intact is reported as
 * re-wrapped, in the region, and the whole wrapped body is reported. */
static void
check_wrapped (const char *name, const char *text, Counts *c)
{
  const char *body = body_of (text);
  g_autoptr (PccDamage) intact_d = pcc_damage_check (body, -1);
  if (intact_d)
    g_error ("%s: false alarm on the intact body: line %u: %s", name,
             intact_d->line, intact_d->problem);
  g_auto (GStrv) orig = g_strsplit (body, "\n", -1);
  guint od = first_diff (orig, 0);
  if (od == G_MAXUINT || od == 0 || orig[od - 1][0] != '\0')
    return;
  guint sep = G_MAXUINT;
  for (guint i = 0; i < od && sep == G_MAXUINT; i++)
    if (strcmp (orig[i], "---") == 0)
      sep = i;
  guint rs = sep == G_MAXUINT ? od - 1 : sep;
  while (rs > 0 && orig[rs - 1][0] != '\0')
    rs--;
  guint k_rs = empties_before (orig, rs), k_d = empties_before (orig, od);

  g_autoptr (GArray) tails = NULL;
  g_autofree char *wrapped = claws_wrap (body, 72, &tails);
  g_auto (GStrv) wl = g_strsplit (wrapped, "\n", -1);
  guint wrs = after_empty (wl, k_rs), wd = after_empty (wl, k_d);
  g_assert_cmpuint (wrs, !=, G_MAXUINT);
  g_assert_cmpuint (wd, !=, G_MAXUINT);
  c->checked++;

  g_autofree char *oreg = join_range (orig, rs, od);
  g_autofree char *wreg = join_range (wl, wrs, wd);
  g_autoptr (PccDamage) whole = pcc_damage_check (wrapped, -1);
  if (strcmp (oreg, wreg) == 0)
    {
      /* The region is intact: only the diff may be reported. */
      if (whole && whole->line >= wrs + 1 && whole->line <= wd)
        g_error ("%s: region intact, but reported in it: line %u: %s", name,
                 whole->line, whole->problem);
      return;
    }
  c->changed++;
  guint first_tail = 0;
  for (guint k = 0; k < tails->len && !first_tail; k++)
    {
      guint t = g_array_index (tails, guint, k);
      if (t > wrs && t <= wd)
        first_tail = t;
    }
  g_autofree char *prefix = join_range (wl, 0, wd);
  g_autofree char *diff = join_range (orig, od, G_MAXUINT);
  g_autofree char *spliced = g_strconcat (prefix, diff, NULL);
  g_autoptr (PccDamage) d = pcc_damage_check (spliced, -1);
  if (d == NULL && g_getenv ("PCC_TEST_VERBOSE"))
    g_printerr ("--- %s (first tail %u)\n%s", name, first_tail, wreg);
  /* A region whose trailers, "---" and diffstat are intact and only a
   * message paragraph was re-flowed: git am takes it as it is. */
  gboolean prose_only = TRUE;
  {
    g_auto (GStrv) a = g_strsplit (oreg, "\n", -1);
    g_auto (GStrv) b = g_strsplit (wreg, "\n", -1);
    guint na = g_strv_length (a), nb = g_strv_length (b);
    /* Compare from the end: the trailers, "---", the diffstat. */
    guint ka = na, kb = nb;
    while (ka > 0 && kb > 0 && strcmp (a[ka - 1], b[kb - 1]) == 0)
      ka--, kb--;
    /* The first differing line from the end, in the original: a
     * trailer, "---" or diffstat line is damage. */
    for (guint i = 0; i < ka && prose_only; i++)
      {
        const char *l = a[i];
        gboolean trailer = FALSE;
        const char *colon = strchr (l, ':');
        if (colon && colon[1] == ' ' && g_ascii_isupper (l[0]))
          {
            trailer = TRUE;
            for (const char *p = l; p < colon; p++)
              trailer &= g_ascii_isalnum (*p) || *p == '-';
          }
        if (trailer || strcmp (l, "---") == 0 || strstr (l, " | ")
            || strstr (l, " changed"))
          prose_only = FALSE;
      }
  }
  if (d == NULL)
    {
      if (prose_only)
        {
          c->prose_only++;
          return;
        }
      g_error ("%s: wrapping changed the trailers/separator/diffstat (first "
               "tail at line %u), not reported:\n%s",
               name, first_tail, wreg);
    }
  if (!d->rewrapped || d->line <= wrs || d->line > wd)
    g_error ("%s: first tail at line %u (region %u-%u), reported line %u: "
             "%s (%s)\n%s",
             name, first_tail, wrs + 1, wd, d->line, d->problem,
             d->cause ? d->cause : "-", wreg);
  c->reported++;
  if (d->line == first_tail)
    c->exact++;
  else if (g_getenv ("PCC_TEST_VERBOSE"))
    g_printerr ("--- %s: first tail %u, reported %u: %s\n%s", name, first_tail,
                d->line, d->problem, wreg);
  if (whole == NULL)
    g_error ("%s: the wrapped body is not reported", name);
  if (whole->line <= wd)
    g_assert_cmpuint (whole->line, ==, d->line);
  else
    c->diff_damaged++;
}

static void
report_counts (const char *what, const Counts *c)
{
  g_test_message ("%s: %u patches, %u with the trailers/separator/diffstat "
                  "changed by wrapping, %u reported (%u at the first wrapped "
                  "line, %u reported at the diff first when whole), %u "
                  "only a message paragraph re-flowed",
                  what, c->checked, c->changed, c->reported, c->exact,
                  c->diff_damaged, c->prose_only);
}

/* --- realistic trailer blocks ------------------------------------------- */

static const char *const names[] = {
  "Maximilian Alexander Schwarzenegger-Rodriguez "
  "<maximilian.schwarzenegger-rodriguez@some-company.example.com>",
  "Srinivas Kandagatla <srinivas.kandagatla@linaro.org>",
  "Greg Kroah-Hartman <gregkh@linuxfoundation.org>",
  "Krzysztof Kozlowski <krzysztof.kozlowski+dt@linaro.org>",
  "Ville Syrjälä <ville.syrjala@linux.intel.com>",
  "Uwe Kleine-König <u.kleine-koenig@pengutronix.de>",
  "A U Thor <author@example.org>",
  "Jonathan Cameron <Jonathan.Cameron@huawei.com>",
  "Christophe JAILLET <christophe.jaillet@wanadoo.fr>",
  "Anna-Maria Behnsen Gleixner-Whatever <anna-maria.behnsen@linutronix.de>",
};

static const char *const keys[]
    = { "Reviewed-by",  "Acked-by",        "Tested-by",    "Reported-by",
        "Suggested-by", "Co-developed-by", "Signed-off-by" };

static const char *const subjects[] = {
  "drm/amd/display: fix the DSC slice count for eDP panels with odd widths",
  "net: stmmac: do not clear the TX descriptor ring",
  "iio: adc: ad7192: Correct reference voltage",
  "mm: multi-gen LRU: remove eviction fairness safeguard for real",
};

static char *
make_patch (GRand *r, guint n)
{
  GString *p = g_string_new (NULL);
  g_string_append_printf (p,
                          "From: A U Thor <author@example.org>\n"
                          "Subject: [PATCH] foo: change %u\n\n",
                          n);
  g_string_append (p, "The commit message says why, in lines of at most\n"
                      "seventy-two columns, as git wants them.\n");
  if (g_rand_boolean (r))
    g_string_append (p, "\nA second paragraph, with a line that runs a "
                        "little over the wrap column.\n");
  g_string_append (p, "\n");
  guint nt = 2 + g_rand_int_range (r, 0, 7);
  for (guint k = 0; k < nt; k++)
    {
      switch (g_rand_int_range (r, 0, 6))
        {
          case 0:
            g_string_append_printf (
                p,
                "Link: https://lore.kernel.org/r/%u%06u.%u-%u-"
                "firstname.lastname@linaro.org\n",
                20231114 + n, g_rand_int_range (r, 0, 999999), n, k);
            break;
          case 1:
            g_string_append_printf (
                p, "Fixes: %012x (\"%s\")\n", g_rand_int (r),
                subjects[g_rand_int_range (r, 0, G_N_ELEMENTS (subjects))]);
            break;
          case 2:
            g_string_append (p, g_rand_boolean (r)
                                    ? "Cc: stable@vger.kernel.org # 6.1.x\n"
                                    : "Cc: stable@vger.kernel.org\n");
            break;
          default:
            g_string_append_printf (
                p, "%s: %s\n",
                keys[g_rand_int_range (r, 0, G_N_ELEMENTS (keys))],
                names[g_rand_int_range (r, 0, G_N_ELEMENTS (names))]);
        }
    }
  g_string_append_printf (
      p, "Signed-off-by: %s\n---\n",
      names[g_rand_int_range (r, 0, G_N_ELEMENTS (names))]);
  if (g_rand_int_range (r, 0, 4) == 0)
    g_string_append (p, "v2: reworded the message\n\n");
  const char *path = g_rand_boolean (r)
                         ? "drivers/gpu/drm/amd/display/dc/dcn314/"
                           "dcn314_resource_with_long_name.c"
                         : "drivers/iio/adc/ad7192.c";
  g_string_append_printf (p,
                          " %s | 2 +-\n"
                          " 1 file changed, 1 insertion(+), 1 deletion(-)\n"
                          "\n"
                          "diff --git a/%s b/%s\n"
                          "--- a/%s\n+++ b/%s\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n"
                          "-- \n2.39.2\n",
                          path, path, path, path, path);
  return g_string_free (p, FALSE);
}

static void
test_generated (void)
{
  GRand *r = g_rand_new_with_seed (20261207);
  Counts c = { 0 };
  for (guint n = 0; n < 400; n++)
    {
      g_autofree char *p = make_patch (r, n);
      g_autofree char *name = g_strdup_printf ("generated %u", n);
      g_autoptr (PccDamage) d = pcc_damage_check (p, -1);
      if (d)
        g_error ("%s: false alarm: line %u: %s\n%s", name, d->line, d->problem,
                 p);
      check_wrapped (name, p, &c);
    }
  g_rand_free (r);
  report_counts ("generated", &c);
  g_assert_cmpuint (c.changed, >, 200);
  g_assert_cmpuint (c.reported + c.prose_only, ==, c.changed);
}

static void
corpus_dir (const char *dir, const char *what)
{
  g_autoptr (GDir) d = dir ? g_dir_open (dir, 0, NULL) : NULL;
  if (d == NULL)
    {
      g_test_skip ("no such corpus");
      return;
    }
  Counts c = { 0 };
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
        g_error ("%s: false alarm: line %u: %s", name, dmg->line,
                 dmg->problem);
      if (g_utf8_validate (text, len, NULL))
        check_wrapped (name, text, &c);
      n++;
    }
  report_counts (what, &c);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (c.reported + c.prose_only, ==, c.changed);
}

static void
test_corpus (void)
{
  const char *corpus = g_getenv ("PATCHCC_CORPUS");
  g_autofree char *dir
      = corpus ? g_build_filename (corpus, "patches", NULL) : NULL;
  corpus_dir (dir, "generated corpus");
}

static void
test_shared (void)
{
  corpus_dir (g_getenv ("PCC_SHARED_CORPUS"), "collected patches");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/damage-mail/samples", test_samples);
  g_test_add_func ("/damage-mail/generated", test_generated);
  g_test_add_func ("/damage-mail/corpus", test_corpus);
  if (g_getenv ("PCC_SHARED_CORPUS"))
    g_test_add_func ("/damage-mail/shared", test_shared);
  return g_test_run ();
}
