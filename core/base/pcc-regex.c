/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-regex.c - PCRE2 in 8-bit mode, without UTF or UCP. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "pcc-regex.h"

#include <string.h>
#include <pcre2.h>

struct _PccRegex
{
  pcre2_code *code;
  pcre2_match_data *md;
  pcre2_match_context *mc;
  pcre2_jit_stack *stack; /* for the JIT: up to 4 MiB, not the 32 KiB
                             default, past which it falls back to the
                             interpreter */
  gboolean jit, jit_tried;
  int error;
};

/* Compile @re's pattern to machine code, once. */
static void
jit_compile (PccRegex *re)
{
  if (re->jit_tried)
    return;
  re->jit_tried = TRUE;
  re->jit = pcre2_jit_compile (re->code, PCRE2_JIT_COMPLETE) == 0;
  if (re->jit)
    {
      re->stack = pcre2_jit_stack_create (32 * 1024, 4 * 1024 * 1024, NULL);
      pcre2_jit_stack_assign (re->mc, NULL, re->stack);
    }
}

PccRegex *
pcc_regex_new (const char *pattern, PccRegexFlags flags, GError **error)
{
  uint32_t opts = 0;
  int errcode;
  PCRE2_SIZE erroff;

  if (flags & PCC_REGEX_EXTENDED)
    opts |= PCRE2_EXTENDED;
  if (flags & PCC_REGEX_CASELESS)
    opts |= PCRE2_CASELESS;
  if (flags & PCC_REGEX_DOTALL)
    opts |= PCRE2_DOTALL;
  if (flags & PCC_REGEX_MULTILINE)
    opts |= PCRE2_MULTILINE;
  if (flags & PCC_REGEX_UNICODE)
    opts |= PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF;
  /* Perl's $ matches at the end and before a final newline, which is
   * PCRE2's default; newlines are LF only. */
  pcre2_compile_context *cc = pcre2_compile_context_create (NULL);
  pcre2_set_newline (cc, PCRE2_NEWLINE_LF);
  pcre2_code *code
      = pcre2_compile ((PCRE2_SPTR) pattern, PCRE2_ZERO_TERMINATED, opts,
                       &errcode, &erroff, cc);
  pcre2_compile_context_free (cc);
  if (code == NULL)
    {
      PCRE2_UCHAR msg[256];
      pcre2_get_error_message (errcode, msg, sizeof msg);
      g_set_error (error, G_REGEX_ERROR, G_REGEX_ERROR_COMPILE,
                   "%s at offset %zu", (const char *) msg, (size_t) erroff);
      return NULL;
    }
  PccRegex *re = g_new0 (PccRegex, 1);
  re->code = code;
  re->md = pcre2_match_data_create_from_pattern (code, NULL);
  re->mc = pcre2_match_context_create (NULL);
  pcre2_set_heap_limit (re->mc, PCC_REGEX_HEAP_LIMIT_KIB);
  if (flags & PCC_REGEX_JIT)
    jit_compile (re);
  return re;
}

void
pcc_regex_free (PccRegex *re)
{
  if (re == NULL)
    return;
  pcre2_match_data_free (re->md);
  pcre2_match_context_free (re->mc);
  pcre2_jit_stack_free (re->stack);
  pcre2_code_free (re->code);
  g_free (re);
}

gboolean
pcc_regex_match (PccRegex *re, const char *subject, gssize len, gsize start)
{
  PCRE2_SIZE l = len < 0 ? strlen (subject) : (PCRE2_SIZE) len;
  /* Perl has no match limit: the budget grows with the subject, so a
   * line the script reads in linear time is read here too, however long,
   * and a pattern that backtracks without end still stops, in time
   * linear in the line. */
  guint64 budget = (guint64) PCC_REGEX_STEPS_PER_BYTE * l;
  uint32_t limit = (uint32_t) CLAMP (budget, PCC_REGEX_MIN_STEPS, G_MAXUINT32);
  int rc;
  if (!re->jit)
    {
      /* the interpreter, for the matches of every day */
      pcre2_set_match_limit (re->mc, MIN (limit, PCC_REGEX_INTERP_STEPS));
      rc = pcre2_match (re->code, (PCRE2_SPTR) subject, l, start,
                        PCRE2_NO_JIT, re->md, re->mc);
      if (rc != PCRE2_ERROR_MATCHLIMIT || limit <= PCC_REGEX_INTERP_STEPS)
        goto done;
      /* a heavy one: again with the whole budget, in machine code */
      jit_compile (re);
    }
  pcre2_set_match_limit (re->mc, limit);
  rc = pcre2_match (re->code, (PCRE2_SPTR) subject, l, start,
                    re->jit ? 0 : PCRE2_NO_JIT, re->md, re->mc);
  if (rc == PCRE2_ERROR_JIT_STACKLIMIT && re->jit)
    rc = pcre2_match (re->code, (PCRE2_SPTR) subject, l, start, PCRE2_NO_JIT,
                      re->md, re->mc); /* the interpreter's own limits */
done:
  re->error = rc < 0 && rc != PCRE2_ERROR_NOMATCH ? rc : 0;
  return rc >= 0;
}

int
pcc_regex_last_error (const PccRegex *re)
{
  return re->error;
}

char *
pcc_regex_error_message (int code)
{
  PCRE2_UCHAR msg[256];
  if (pcre2_get_error_message (code, msg, sizeof msg) < 0)
    return g_strdup_printf ("PCRE2 error %d", code);
  return g_strdup ((const char *) msg);
}

gboolean
pcc_regex_group_pos (PccRegex *re, guint n, gsize *start, gsize *end)
{
  if (n >= pcre2_get_ovector_count (re->md))
    return FALSE;
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer (re->md);
  if (ov[2 * n] == PCRE2_UNSET)
    return FALSE;
  if (start)
    *start = ov[2 * n];
  if (end)
    *end = ov[2 * n + 1];
  return TRUE;
}

char *
pcc_regex_group (PccRegex *re, const char *subject, guint n)
{
  gsize s, e;
  if (!pcc_regex_group_pos (re, n, &s, &e))
    return NULL;
  return g_strndup (subject + s, e - s);
}

char *
pcc_regex_replace (PccRegex *re, const char *subject, const char *replacement,
                   gboolean global)
{
  GString *out = g_string_new (NULL);
  gsize len = strlen (subject), pos = 0;

  while (pos <= len && pcc_regex_match (re, subject, len, pos))
    {
      gsize ms, me;
      pcc_regex_group_pos (re, 0, &ms, &me);
      g_string_append_len (out, subject + pos, ms - pos);
      for (const char *r = replacement; *r; r++)
        {
          if (*r == '$' && r[1] >= '0' && r[1] <= '9')
            {
              gsize gs, ge;
              if (pcc_regex_group_pos (re, r[1] - '0', &gs, &ge))
                g_string_append_len (out, subject + gs, ge - gs);
              r++;
            }
          else
            {
              g_string_append_c (out, *r);
            }
        }
      if (me == ms)
        {
          /* an empty match: copy one byte and go on, as Perl does */
          if (ms < len)
            g_string_append_c (out, subject[ms]);
          pos = ms + 1;
        }
      else
        {
          pos = me;
        }
      if (!global)
        break;
    }
  if (pos < len)
    g_string_append (out, subject + pos);
  return g_string_free (out, FALSE);
}

const char *
pcc_regex_engine_version (void)
{
  static char version[64];
  if (version[0] == '\0'
      && pcre2_config (PCRE2_CONFIG_VERSION, version) < 0)
    g_strlcpy (version, "?", sizeof version);
  return version;
}
