/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-matcher.c - libFuzzer target, differential: the K:/N: matcher with
 * its shortcuts (needles, the byte-pair index, keywords searched from
 * offset 1 instead of the script's "^[+-].*" concatenation) against
 * PCRE2 running the script's own expressions, so a wrong shortcut is
 * found, not only a crash.
 *
 * Input: the first line is a pattern, used as a K: and as an N: entry of
 * one section; the other lines are patch lines (for K:, in the message
 * and in the diff) and file names (for N:).  Any answer that differs
 * from PCRE2's aborts. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pcc-maintainers.h"

static pcre2_code *
compile (const char *pattern)
{
  int ec;
  PCRE2_SIZE eo;
  pcre2_compile_context *cc = pcre2_compile_context_create (NULL);
  pcre2_set_newline (cc, PCRE2_NEWLINE_LF);
  pcre2_code *c = pcre2_compile ((PCRE2_SPTR) pattern, PCRE2_ZERO_TERMINATED,
                                 PCRE2_EXTENDED, &ec, &eo, cc);
  pcre2_compile_context_free (cc);
  /* In machine code: the same answers, and a pattern that recurses into
   * itself ("(?0)") reaches PCRE2's default match limit in a fraction of
   * a second, not in a minute under ASan; a JIT failure leaves the
   * interpreter, and a limit reached is "no verdict" below. */
  if (c != NULL)
    pcre2_jit_compile (c, PCRE2_JIT_COMPLETE);
  return c;
}

/* 1: match, 0: no match, -1: PCRE2 gave up (no verdict) */
static int
reference (pcre2_code *c, const char *s, size_t len)
{
  pcre2_match_data *md = pcre2_match_data_create_from_pattern (c, NULL);
  int rc = pcre2_match (c, (PCRE2_SPTR) s, len, 0, 0, md, NULL);
  pcre2_match_data_free (md);
  if (rc >= 0)
    return 1;
  return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

static gboolean
has (GArray *a, guint tvi, gboolean match)
{
  for (guint i = 0; i < a->len; i++)
    if ((match ? g_array_index (a, PccMatch, i).tvi
               : g_array_index (a, guint, i))
        == tvi)
      return TRUE;
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (memchr (data, '\0', size) != NULL)
    return 0;
  char *text = g_strndup ((const char *) data, size);
  char *nl = strchr (text, '\n');
  if (nl == NULL)
    {
      g_free (text);
      return 0;
    }
  *nl = '\0';
  const char *pattern = text, *lines = nl + 1;
  gsize lines_len = size - (lines - text);
  char *mtext
      = g_strdup_printf ("SECTION\nK:\t%s\nN:\t%s\n", pattern, pattern);
  PccMaintainers *m = pcc_maintainers_new_from_data (
      "MAINTAINERS", mtext, strlen (mtext), NULL, NULL);
  g_free (mtext);
  if (m == NULL || pcc_maintainers_get_n_keywords (m) != 1)
    goto out;
  guint ktvi = pcc_maintainers_keyword_tvi (m, 0), ntvi = ktvi + 1;
  if (pcc_maintainers_entry_type (m, ntvi) != 'N')
    goto out;
  const char *kval = pcc_maintainers_entry_value (m, ktvi);
  const char *nval = pcc_maintainers_entry_value (m, ntvi);
  char *concat_src = g_strconcat ("^[+-].*", kval, NULL);
  pcre2_code *plain = compile (kval), *concat = compile (concat_src),
             *npat = compile (nval);
  g_free (concat_src);
  if (plain == NULL || concat == NULL || npat == NULL)
    goto done; /* the script dies: compared elsewhere */

  GArray *cand = g_array_new (FALSE, FALSE, sizeof (guint));
  if (!pcc_maintainers_keywords_in_text (m, lines, lines_len, cand, NULL))
    abort ();
  for (const char *p = lines; p < lines + lines_len;)
    {
      const char *e = memchr (p, '\n', lines + lines_len - p);
      gsize l = e ? (gsize) (e - p + 1) : (gsize) (lines + lines_len - p);
      for (int in_diff = 0; in_diff < 2; in_diff++)
        {
          GArray *hits = g_array_new (FALSE, FALSE, sizeof (guint));
          GError *error = NULL;
          gboolean ok = pcc_maintainers_match_keywords (m, p, l, in_diff, cand,
                                                        hits, &error);
          int want = reference (in_diff ? concat : plain, p, l);
          if (ok && want >= 0 && want != has (hits, ktvi, FALSE))
            {
              fprintf (stderr,
                       "K: %s (in_diff %d) on \"%.*s\": PCRE2 %d, patchcc "
                       "%d\n",
                       kval, in_diff, (int) l, p, want,
                       has (hits, ktvi, FALSE));
              abort ();
            }
          if (!ok && want >= 0 && strstr (error->message, "gave up") == NULL)
            {
              fprintf (stderr, "K: %s failed: %s\n", kval, error->message);
              abort ();
            }
          g_clear_error (&error);
          g_array_unref (hits);
        }
      /* the line as a file name for N: */
      gsize fl = l - (e != NULL);
      if (fl > 0)
        {
          char *file = g_strndup (p, fl);
          GArray *out = g_array_new (FALSE, FALSE, sizeof (PccMatch));
          GError *error = NULL;
          gboolean ok = pcc_maintainers_match_file (m, file, out, &error);
          int want = reference (npat, file, fl);
          if (ok && want >= 0 && want != has (out, ntvi, TRUE))
            {
              fprintf (stderr, "N: %s on \"%s\": PCRE2 %d, patchcc %d\n", nval,
                       file, want, has (out, ntvi, TRUE));
              abort ();
            }
          g_clear_error (&error);
          g_array_unref (out);
          g_free (file);
        }
      p += l;
    }
  g_array_unref (cand);
done:
  if (plain)
    pcre2_code_free (plain);
  if (concat)
    pcre2_code_free (concat);
  if (npat)
    pcre2_code_free (npat);
out:
  if (m)
    pcc_maintainers_free (m);
  g_free (text);
  return 0;
}
