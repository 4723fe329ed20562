/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-patch-id.c - "git patch-id --stable" on a patch's text. */
#include "pcc-patch-id.h"

#include <string.h>

#define RAWSZ 20

typedef struct
{
  GChecksum *ctx;
  guint8 result[RAWSZ];
} PatchId;

/* git's isspace(): space, tab, LF, CR only. */
static gboolean
git_space (guchar c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gboolean
git_alpha (guchar c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static gboolean
starts (const char *line, gsize len, const char *prefix)
{
  gsize n = strlen (prefix);
  return len >= n && memcmp (line, prefix, n) == 0;
}

/* Add the hash of what was fed since the last flush to the sum, byte by
 * byte with a carry, and start a new hash. */
static void
flush_one (PatchId *id)
{
  guint8 hash[RAWSZ];
  gsize hlen = RAWSZ;
  guint carry = 0;

  g_checksum_get_digest (id->ctx, hash, &hlen);
  g_checksum_reset (id->ctx);
  for (int i = 0; i < RAWSZ; i++)
    {
      carry += id->result[i] + hash[i];
      id->result[i] = carry & 0xff;
      carry >>= 8;
    }
}

/* Feed @line without its white space; returns how many bytes were fed. */
static gsize
feed_stripped (PatchId *id, const char *line, gsize len)
{
  char buf[256];
  gsize n = 0, total = 0;

  for (gsize i = 0; i < len; i++)
    {
      if (git_space ((guchar) line[i]))
        continue;
      buf[n++] = line[i];
      if (n == sizeof buf)
        {
          g_checksum_update (id->ctx, (const guchar *) buf, n);
          total += n;
          n = 0;
        }
    }
  if (n)
    g_checksum_update (id->ctx, (const guchar *) buf, n);
  return total + n;
}

static gboolean
is_hex_oid (const char *p, gsize len)
{
  if (len < 40)
    return FALSE;
  for (int i = 0; i < 40; i++)
    if (!g_ascii_isxdigit (p[i]))
      return FALSE;
  /* git's get_oid_hex() reads 40 digits; what follows does not matter. */
  return TRUE;
}

static guint
read_count (const char **p, const char *end, gsize *ndigits)
{
  guint v = 0;
  gsize n = 0;
  while (*p < end && g_ascii_isdigit (**p))
    {
      if (v < 100000000)
        v = v * 10 + (guint) (**p - '0');
      (*p)++;
      n++;
    }
  *ndigits = n;
  return v;
}

/* The line counts of a "@@ -a,b +c,d @@" header (a missing count is 1);
 * like git, counts that cannot be read leave what they were. */
static void
scan_hunk_header (const char *line, gsize len, int *before, int *after)
{
  const char *end = line + len, *q = line + 4;
  gsize n;

  read_count (&q, end, &n);
  if (q < end && *q == ',')
    {
      q++;
      *before = (int) read_count (&q, end, &n);
    }
  else
    *before = 1;
  if (n == 0 || q + 1 >= end || q[0] != ' ' || q[1] != '+')
    return;
  q += 2;
  read_count (&q, end, &n);
  if (q < end && *q == ',')
    {
      q++;
      *after = (int) read_count (&q, end, &n);
    }
  else
    *after = 1;
}

/* Copy at most 40 bytes of [p, e) into @out, NUL-terminated (as
 * strlcpy() into git's buffers of GIT_MAX_HEXSZ + 1 bytes does). */
static void
copy_oid_str (char *out, const char *p, const char *e)
{
  gsize n = MIN ((gsize) (e - p), (gsize) 64);
  memcpy (out, p, n);
  out[n] = '\0';
}

char *
pcc_patch_id_stable (const char *text, gsize len)
{
  const char *p = text, *end = text + len;
  gsize patchlen = 0;
  int before = -1, after = -1;
  gboolean binary = FALSE;
  char pre_oid[65] = "", post_oid[65] = "";
  PatchId id = { 0 };

  id.ctx = g_checksum_new (G_CHECKSUM_SHA1);
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      const char *line = p;
      /* The line with its newline, as git's strbuf_getwholeline(). */
      gsize llen = nl ? (gsize) (nl + 1 - p) : (gsize) (end - p);
      const char *after_prefix = line;
      gsize after_len = llen;
      gsize slen;

      p += llen;
      /* git works on C strings: a NUL ends the line. */
      slen = strnlen (line, llen);
      llen = slen;
      after_len = llen;

      if (starts (line, llen, "commit "))
        after_prefix = line + 7, after_len = llen - 7;
      else if (starts (line, llen, "From "))
        after_prefix = line + 5, after_len = llen - 5;
      else if (starts (line, llen, "\\ ") && llen > 12)
        continue;

      if (is_hex_oid (after_prefix, after_len))
        {
          if (patchlen > 0)
            break;
          /* The start of the first commit: nothing hashed yet. */
          continue;
        }

      if (patchlen == 0 && !starts (line, llen, "diff "))
        continue;

      if (before == -1)
        {
          if (starts (line, llen, "GIT binary patch")
              || starts (line, llen, "Binary files"))
            {
              binary = TRUE;
              before = 0;
              g_checksum_update (id.ctx, (const guchar *) pre_oid,
                                 strlen (pre_oid));
              g_checksum_update (id.ctx, (const guchar *) post_oid,
                                 strlen (post_oid));
              flush_one (&id);
              continue;
            }
          else if (starts (line, llen, "index "))
            {
              const char *l_end = line + llen;
              const char *o1 = g_strstr_len (line, (gssize) llen, "..");
              const char *o2 = NULL;
              if (o1)
                o2 = g_strstr_len (o1, l_end - o1, " ");
              if (!o2)
                o2 = l_end - 1;
              if (o1)
                {
                  copy_oid_str (pre_oid, line + 6, o1);
                  if (o1 + 2 <= o2)
                    copy_oid_str (post_oid, o1 + 2, o2);
                  else
                    post_oid[0] = '\0';
                }
              continue;
            }
          else if (starts (line, llen, "--- "))
            before = after = 1;
          else if (llen == 0 || !git_alpha ((guchar) line[0]))
            break;
        }

      if (binary)
        {
          if (starts (line, llen, "diff "))
            {
              binary = FALSE;
              before = -1;
            }
          continue;
        }

      if (before == 0 && after == 0)
        {
          if (starts (line, llen, "@@ -"))
            {
              scan_hunk_header (line, llen, &before, &after);
              continue;
            }
          if (!starts (line, llen, "diff "))
            break;
          flush_one (&id);
          before = after = -1;
        }

      if (llen > 0 && (line[0] == '-' || line[0] == ' '))
        before--;
      if (llen > 0 && (line[0] == '+' || line[0] == ' '))
        after--;

      patchlen += feed_stripped (&id, line, llen);
    }

  flush_one (&id);
  g_checksum_free (id.ctx);
  if (patchlen == 0)
    return NULL;

  GString *hex = g_string_sized_new (PCC_PATCH_ID_LEN + 1);
  for (int i = 0; i < RAWSZ; i++)
    g_string_append_printf (hex, "%02x", id.result[i]);
  return g_string_free (hex, FALSE);
}
