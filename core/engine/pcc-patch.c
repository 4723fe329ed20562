/* pcc-patch.c - patches, mails and mboxes. */
#include "pcc-patch.h"
#include "pcc-rfc2047.h"
#include "pcc-subject.h"
#include "pcc-diff.h"
#include "pcc-email.h"
#include "pcc-error.h"

#include <string.h>
#include <glib/gstdio.h>
#include <libetpan/libetpan.h>

typedef struct
{
  char *name;  /* as written */
  char *value; /* unfolded; RFC 2047 words decoded */
  char *raw;   /* unfolded, as written: address lists are parsed from
                  this, then each name decoded (RFC 2047 section 5: an
                  encoded "Doe, Jane" is one name, not two addresses) */
} Header;

struct _PccPatch
{
  char *name;
  char *data; /* the input, NUL-terminated */
  gsize len;
  char *text; /* what was scanned: data, or the decoded mail */
  gsize text_len;

  GPtrArray *gm_files; /* sorted, unique */
  GArray *kw_lines;    /* PccKeywordLine */
  GPtrArray *fixes;
  GArray *blame_ranges; /* PccBlameRange */
  char *gm_lastfile;    /* the script's $lastfile while scanning */

  GArray *headers;    /* Header, of the first mail */
  GPtrArray *to, *cc; /* display strings */
  char *author;       /* From: as one display string, or NULL */
  char *title;
  guint series_index, series_total;
  gboolean cover;
  char *message;
  GArray *trailers; /* PccTrailer */
  char *base_commit, *change_id;
  GPtrArray *prereqs;
  GArray *files; /* PccPatchFile */
};

/* --- small helpers ---------------------------------------------------- */

static void
clear_blame_range (gpointer p)
{
  g_free (((PccBlameRange *) p)->file);
}

/* Perl's \s on bytes */
static const guint8 space_table[256] = {
  [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\f'] = 1, ['\v'] = 1,
};

static gboolean
is_space (char c)
{
  return space_table[(guchar) c];
}

/* Span of Perl's (\S+) at @p. */
static gsize
nonspace_span (const char *p, const char *end)
{
  const char *q = p;
  while (q < end && !is_space (*q))
    q++;
  return q - p;
}

static gboolean
only_space (const char *p, const char *end)
{
  for (; p < end; p++)
    if (!is_space (*p))
      return FALSE;
  return TRUE;
}

static gboolean
has_prefix (const char *p, const char *end, const char *prefix)
{
  gsize n = strlen (prefix);
  return (gsize) (end - p) >= n && memcmp (p, prefix, n) == 0;
}

static gboolean
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static void
clear_header (gpointer p)
{
  Header *h = p;
  g_free (h->name);
  g_free (h->value);
  g_free (h->raw);
}

static void
clear_file (gpointer p)
{
  PccPatchFile *f = p;
  g_free (f->old_path);
  g_free (f->new_path);
}

static void
clear_trailer (gpointer p)
{
  PccTrailer *t = p;
  g_free (t->key);
  g_free (t->value);
}

void
pcc_patch_free (PccPatch *patch)
{
  if (patch == NULL)
    return;
  if (patch->text != patch->data)
    g_free (patch->text);
  g_free (patch->data);
  g_free (patch->name);
  g_ptr_array_unref (patch->gm_files);
  g_array_unref (patch->kw_lines);
  g_ptr_array_unref (patch->fixes);
  g_array_unref (patch->blame_ranges);
  g_free (patch->gm_lastfile);
  g_array_unref (patch->headers);
  g_ptr_array_unref (patch->to);
  g_ptr_array_unref (patch->cc);
  g_free (patch->author);
  g_free (patch->title);
  g_free (patch->message);
  g_array_unref (patch->trailers);
  g_free (patch->base_commit);
  g_free (patch->change_id);
  g_ptr_array_unref (patch->prereqs);
  g_array_unref (patch->files);
  g_free (patch);
}

/* --- the get_maintainer.pl scanner ------------------------------------ */

/* push(@files, ...): a name equal to the last one pushed is not stored
 * again (a diff names each file up to four times in a row), which
 * sort_and_uniq() in scan() would drop anyway.  Returns the name as
 * stored, owned by the patch. */
static const char *
add_gm_file (PccPatch *patch, const char *p, gsize n)
{
  GPtrArray *a = patch->gm_files;
  gsize m = strnlen (p, n); /* what g_strndup() keeps of a decoded NUL */
  if (a->len > 0)
    {
      const char *last = a->pdata[a->len - 1];
      if (strlen (last) == m && memcmp (last, p, m) == 0)
        return last;
    }
  char *f = g_strndup (p, n);
  g_ptr_array_add (a, f);
  return f;
}

/* The first bytes of the lines the patterns below can match. */
static const guint8 pattern_start[256] = {
  [' '] = 1, ['r'] = 1, ['d'] = 1, ['F'] = 1, ['+'] = 1, ['-'] = 1, ['@'] = 1,
};

/* One line, as the script's while (<$patch>) loop sees it. */
static void
scan_line (PccPatch *patch, const char *p, const char *end, guint lineno,
           gboolean *in_diff)
{
  const char *q;
  gsize n;

  if (!pattern_start[(guchar) *p])
    goto keyword_line;

  /* ^ mode change [0-7]+ => [0-7]+ (\S+)\s*$ */
  if (has_prefix (p, end, " mode change "))
    {
      q = p + 13;
      const char *d = q;
      while (q < end && *q >= '0' && *q <= '7')
        q++;
      if (q > d && has_prefix (q, end, " => "))
        {
          q += 4;
          d = q;
          while (q < end && *q >= '0' && *q <= '7')
            q++;
          if (q > d && q < end && *q == ' ')
            {
              q++;
              n = nonspace_span (q, end);
              if (n > 0 && only_space (q + n, end))
                {
                  add_gm_file (patch, q, n);
                  return;
                }
            }
        }
    }
  /* ^rename (?:from|to) (\S+)\s*$ */
  if (has_prefix (p, end, "rename from ") || has_prefix (p, end, "rename to "))
    {
      q = p + (p[7] == 'f' ? 12 : 10);
      n = nonspace_span (q, end);
      if (n > 0 && only_space (q + n, end))
        {
          add_gm_file (patch, q, n);
          return;
        }
    }
  /* ^diff --git a\/(\S+) b\/(\S+)\s*$ */
  if (has_prefix (p, end, "diff --git a/"))
    {
      q = p + 13;
      gsize n1 = nonspace_span (q, end);
      const char *r = q + n1;
      if (n1 > 0 && has_prefix (r, end, " b/"))
        {
          gsize n2 = nonspace_span (r + 3, end);
          if (n2 > 0 && only_space (r + 3 + n2, end))
            {
              add_gm_file (patch, q, n1);
              add_gm_file (patch, r + 3, n2);
              return;
            }
        }
      /* (\S+) backtracks: "a/x b/y b/z" could split elsewhere, but only
     * when a path holds " b/"; such paths have spaces, which (\S+)
     * cannot match anyway. */
    }
  /* ^Fixes:\s+([0-9a-fA-F]{6,40}) */
  if (has_prefix (p, end, "Fixes:"))
    {
      q = p + 6;
      const char *s = q;
      while (q < end && is_space (*q))
        q++;
      if (q > s)
        {
          const char *h = q;
          while (q < end && g_ascii_isxdigit (*q) && q - h < 40)
            q++;
          if (q - h >= 6)
            {
              g_ptr_array_add (patch->fixes, g_strndup (h, q - h));
              return;
            }
        }
    }
  /* ^\+\+\+\s+(\S+)  or  ^---\s+(\S+) */
  if (has_prefix (p, end, "+++") || has_prefix (p, end, "---"))
    {
      q = p + 3;
      const char *s = q;
      while (q < end && is_space (*q))
        q++;
      n = nonspace_span (q, end);
      if (q > s && n > 0)
        {
          /* s@^[^/]*\/@@ */
          const char *slash = memchr (q, '/', n);
          const char *f
              = slash ? add_gm_file (patch, slash + 1, q + n - slash - 1)
                      : add_gm_file (patch, q, n);
          if (g_strcmp0 (patch->gm_lastfile, f) != 0)
            {
              g_free (patch->gm_lastfile);
              patch->gm_lastfile = g_strdup (f);
            }
          *in_diff = TRUE;
          return;
        }
    }
  /* ^\@\@ -(\d+),(\d+) */
  if (has_prefix (p, end, "@@ -"))
    {
      q = p + 4;
      const char *d = q;
      while (q < end && is_digit (*q))
        q++;
      if (q > d && q < end && *q == ',' && q + 1 < end && is_digit (q[1]))
        {
          /* push(@range, "$lastfile:$1:$2") (used with --git-blame) */
          PccBlameRange r;
          r.file = g_strdup (patch->gm_lastfile ? patch->gm_lastfile : "");
          r.start = (guint) g_ascii_strtoull (d, NULL, 10);
          r.length = (guint) g_ascii_strtoull (q + 1, NULL, 10);
          g_array_append_val (patch->blame_ranges, r);
          return;
        }
    }
keyword_line:;
  PccKeywordLine kl = {
    .offset = p - patch->text,
    .len = end - p,
    .lineno = lineno,
    .in_diff = *in_diff,
  };
  g_array_append_val (patch->kw_lines, kl);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* git format-patch's footer fields, from one line [p, le) without its
 * newline. */
static void
footer_field (PccPatch *patch, const char *p, const char *le)
{
  if (*p != 'b' && *p != 'p' && *p != 'c')
    return;
  if (has_prefix (p, le, "base-commit: ") && patch->base_commit == NULL)
    patch->base_commit = g_strstrip (g_strndup (p + 13, le - p - 13));
  else if (has_prefix (p, le, "prerequisite-patch-id: "))
    g_ptr_array_add (patch->prereqs,
                     g_strstrip (g_strndup (p + 23, le - p - 23)));
  else if (has_prefix (p, le, "change-id: ") && patch->change_id == NULL)
    patch->change_id = g_strstrip (g_strndup (p + 11, le - p - 11));
}

static void
scan (PccPatch *patch)
{
  const char *p = patch->text, *end = patch->text + patch->text_len;
  gboolean in_diff = FALSE;
  guint lineno = 0;

  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *line_end = nl ? nl + 1 : end;
      scan_line (patch, p, line_end, ++lineno, &in_diff);
      footer_field (patch, p, nl ? nl : end);
      p = line_end;
    }

  /* sort_and_uniq() */
  g_ptr_array_sort (patch->gm_files, compare_strings);
  guint w = 0;
  for (guint i = 0; i < patch->gm_files->len; i++)
    {
      char *f = patch->gm_files->pdata[i];
      if (w > 0 && strcmp (patch->gm_files->pdata[w - 1], f) == 0)
        {
          g_free (f);
          continue;
        }
      patch->gm_files->pdata[w++] = f;
    }
  patch->gm_files->len = w;
}

/* --- mail headers (libetpan) ------------------------------------------ */

static gboolean
is_header_name_char (char c)
{
  return c > ' ' && c < 127 && c != ':';
}

/* Length of the header block at @p (up to and including the blank line),
 * or 0 when @p does not start with a header. */
static gsize
header_block (const char *p, const char *end)
{
  const char *q = p;
  while (q < end && is_header_name_char (*q))
    q++;
  if (q == p || q >= end || *q != ':')
    return 0;
  q = p;
  while (q < end)
    {
      const char *nl = memchr (q, '\n', end - q);
      const char *next = nl ? nl + 1 : end;
      if (*q == '\n' || (*q == '\r' && q + 1 < end && q[1] == '\n'))
        return next - p;
      q = next;
    }
  return end - p;
}

static void
parse_headers (PccPatch *patch, const char *p, gsize len)
{
  size_t idx = 0;
  struct mailimf_fields *fields = NULL;
  if (mailimf_optional_fields_parse (p, len, &idx, &fields) != MAILIMF_NO_ERROR
      || fields == NULL)
    return;
  for (clistiter *it = clist_begin (fields->fld_list); it;
       it = clist_next (it))
    {
      struct mailimf_field *f = clist_content (it);
      if (f->fld_type != MAILIMF_FIELD_OPTIONAL_FIELD)
        continue;
      struct mailimf_optional_field *of = f->fld_data.fld_optional_field;
      /* Unfold: libetpan keeps the CRLF + blank of folded lines. */
      GString *v = g_string_new (NULL);
      for (const char *c = of->fld_value; *c; c++)
        {
          if (*c == '\r' || *c == '\n')
            continue;
          g_string_append_c (v, *c);
        }
      Header h = { g_strdup (of->fld_name), NULL, NULL };
      h.raw = g_strdup (g_strstrip (v->str));
      h.value = pcc_rfc2047_decode (h.raw);
      g_string_free (v, TRUE);
      g_array_append_val (patch->headers, h);
    }
  mailimf_fields_free (fields);
}

const char *
pcc_patch_get_header (const PccPatch *patch, const char *name)
{
  for (guint i = 0; i < patch->headers->len; i++)
    {
      Header *h = &g_array_index (patch->headers, Header, i);
      if (g_ascii_strcasecmp (h->name, name) == 0)
        return h->value;
    }
  return NULL;
}

static const char *
raw_header (const char *block, gsize len, const char *name)
{
  /* Only for deciding whether to decode: a case-insensitive search of
   * "\nName:" in the header block. */
  gsize n = strlen (name);
  for (const char *p = block; p + n < block + len; p++)
    {
      if ((p == block || p[-1] == '\n')
          && g_ascii_strncasecmp (p, name, n) == 0 && p[n] == ':')
        return p + n + 1;
    }
  return NULL;
}

static void
collect_addresses (PccPatch *patch, const char *name, GPtrArray *out)
{
  for (guint i = 0; i < patch->headers->len; i++)
    {
      Header *h = &g_array_index (patch->headers, Header, i);
      if (g_ascii_strcasecmp (h->name, name) != 0)
        continue;
      g_autoptr (GPtrArray) list = pcc_address_list_parse (h->raw, NULL);
      if (list == NULL)
        continue;
      for (guint j = 0; j < list->len; j++)
        {
          PccAddress *a = list->pdata[j];
          g_ptr_array_add (out, g_strdup (a->display));
        }
    }
}

/* --- MIME decoding ----------------------------------------------------- */

static void
append_decoded (GString *out, struct mailmime *mime)
{
  if (mime->mm_type == MAILMIME_MULTIPLE)
    {
      for (clistiter *it = clist_begin (mime->mm_data.mm_multipart.mm_mp_list);
           it; it = clist_next (it))
        append_decoded (out, clist_content (it));
      return;
    }
  if (mime->mm_type != MAILMIME_SINGLE || mime->mm_data.mm_single == NULL)
    return;
  struct mailmime_content *ct = mime->mm_content_type;
  if (ct != NULL && ct->ct_type != NULL)
    {
      gboolean text = ct->ct_type->tp_type == MAILMIME_TYPE_DISCRETE_TYPE
                      && ct->ct_type->tp_data.tp_discrete_type->dt_type
                             == MAILMIME_DISCRETE_TYPE_TEXT;
      gboolean patchy = ct->ct_subtype != NULL
                        && (strstr (ct->ct_subtype, "patch")
                            || strstr (ct->ct_subtype, "diff"));
      if (!text && !patchy)
        return;
    }
  struct mailmime_data *d = mime->mm_data.mm_single;
  if (d->dt_type != MAILMIME_DATA_TEXT)
    return;
  size_t idx = 0;
  char *decoded = NULL;
  size_t decoded_len = 0;
  if (mailmime_part_parse (d->dt_data.dt_text.dt_data,
                           d->dt_data.dt_text.dt_length, &idx, d->dt_encoding,
                           &decoded, &decoded_len)
      == MAILIMF_NO_ERROR)
    {
      g_string_append_len (out, decoded, decoded_len);
      if (decoded_len > 0 && decoded[decoded_len - 1] != '\n')
        g_string_append_c (out, '\n');
      mailmime_decoded_part_free (decoded);
    }
}

/* The MIME nesting of @mail, read from its lines before libetpan (which
 * recurses once per level) sees it: a "Content-Type: multipart/..."
 * header opens a level with its boundary, "--boundary--" closes it and
 * any level opened inside; every message/rfc822 part adds one for good.
 * FALSE, with *lineno the line that goes past @max, when deeper. */
static gboolean
mime_depth_within (const char *mail, gsize len, guint max, guint *lineno)
{
  g_autoptr (GPtrArray) open
      = g_ptr_array_new_with_free_func (g_free); /* "--b--" of each level */
  guint messages = 0, line = 1;
  const char *end = mail + len;
  for (const char *p = mail; p < end; line++)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *le = nl ? nl : end;
      gsize n = le - p;
      if (n >= 4 && p[0] == '-' && p[1] == '-' && p[2] != '-')
        {
          for (guint i = open->len; i-- > 0;)
            {
              const char *close = open->pdata[i];
              gsize cl = strlen (close);
              if (n >= cl && memcmp (p, close, cl) == 0)
                {
                  g_ptr_array_set_size (open, i);
                  break;
                }
            }
        }
      else if (n > 13 && g_ascii_strncasecmp (p, "Content-Type:", 13) == 0)
        {
          /* the value with its folded lines */
          const char *ve = le;
          while (ve < end && ve + 1 < end && (ve[1] == ' ' || ve[1] == '\t'))
            {
              const char *more = memchr (ve + 1, '\n', end - ve - 1);
              ve = more ? more : end;
            }
          g_autofree char *v
              = g_ascii_strdown (p + 13, MIN (ve - p - 13, 4096));
          if (strstr (v, "message/rfc822"))
            messages++;
          const char *b = strstr (v, "boundary=");
          if (strstr (v, "multipart/") && b)
            {
              /* the boundary as written (case matters) */
              const char *o = p + 13 + (b - v) + 9;
              gsize bl;
              if (*o == '"')
                bl = strcspn (++o, "\"\n");
              else
                bl = strcspn (o, " \t;\r\n");
              g_ptr_array_add (
                  open, g_strdup_printf ("--%.*s--", (int) MIN (bl, 200), o));
            }
        }
      if (open->len + messages > max)
        {
          *lineno = line;
          return FALSE;
        }
      p = nl ? nl + 1 : end;
    }
  return TRUE;
}

/* Returns the decoded text of a single mail whose body is encoded or
 * multipart, or NULL when the raw bytes are the text to scan. */
static char *
maybe_decode (const char *mail, gsize len, gsize hdr_len, gsize *out_len,
              guint *too_deep)
{
  const char *cte = raw_header (mail, hdr_len, "Content-Transfer-Encoding");
  const char *ctype = raw_header (mail, hdr_len, "Content-Type");
  gboolean encoded = FALSE;
  if (cte)
    {
      g_autofree char *v
          = g_ascii_strdown (cte, MIN (40, mail + hdr_len - cte));
      encoded = strstr (v, "quoted-printable") || strstr (v, "base64");
    }
  if (ctype)
    {
      g_autofree char *v
          = g_ascii_strdown (ctype, MIN (40, mail + hdr_len - ctype));
      encoded = encoded || strstr (v, "multipart/");
    }
  if (!encoded)
    return NULL;
  guint lineno;
  if (!mime_depth_within (mail, len, PCC_PATCH_MAX_MIME_DEPTH, &lineno))
    {
      *too_deep = lineno;
      return NULL;
    }

  size_t idx = 0;
  struct mailmime *mime = NULL;
  if (mailmime_parse (mail, len, &idx, &mime) != MAILIMF_NO_ERROR)
    return NULL;
  GString *out = g_string_new_len (mail, hdr_len);
  struct mailmime *body = mime;
  if (mime->mm_type == MAILMIME_MESSAGE
      && mime->mm_data.mm_message.mm_msg_mime)
    body = mime->mm_data.mm_message.mm_msg_mime;
  append_decoded (out, body);
  mailmime_free (mime);
  *out_len = out->len;
  return g_string_free (out, FALSE);
}

char *
pcc_patch_decode_text (const char *data, gsize len, gsize *out_len)
{
  const char *mail = data, *end = data + len;
  if (has_prefix (mail, end, "From "))
    {
      const char *nl = memchr (mail, '\n', end - mail);
      mail = nl ? nl + 1 : end;
    }
  gsize hdr_len = header_block (mail, end);
  if (hdr_len == 0)
    return NULL;
  gsize dlen = 0;
  guint too_deep = 0; /* then the raw bytes are read */
  g_autofree char *decoded
      = maybe_decode (mail, end - mail, hdr_len, &dlen, &too_deep);
  if (decoded == NULL)
    return NULL;
  gsize skip = mail - data;
  char *text = g_malloc (skip + dlen + 1);
  memcpy (text, data, skip);
  memcpy (text + skip, decoded, dlen);
  text[skip + dlen] = '\0';
  *out_len = skip + dlen;
  return text;
}

/* --- the structured view ------------------------------------------------ */

static void
parse_subject (PccPatch *patch)
{
  const char *subject = pcc_patch_get_header (patch, "Subject");
  PccSubject sub;

  if (subject == NULL)
    return;
  /* The one subject-prefix reader (core/mail/pcc-subject.h). */
  pcc_subject_parse (subject, &sub);
  if (sub.numbered && sub.total > 0)
    {
      patch->series_index = sub.index;
      patch->series_total = sub.total;
    }
  patch->title = g_strdup (sub.title);
  if (sub.is_patch && patch->series_total > 0 && patch->series_index == 0)
    patch->cover = TRUE;
  pcc_subject_clear (&sub);
}

static gboolean
is_diff_start (const char *p, const char *end)
{
  return has_prefix (p, end, "diff --git ") || has_prefix (p, end, "Index: ")
         || (has_prefix (p, end, "--- ") && !has_prefix (p, end, "--- \n"));
}

static void
parse_trailers (PccPatch *patch, const char *msg, guint first_lineno)
{
  g_auto (GStrv) lines = g_strsplit (msg, "\n", -1);
  guint n = g_strv_length (lines);
  while (n > 0 && lines[n - 1][0] == '\0')
    n--;
  guint start = n;
  while (start > 0 && lines[start - 1][0] != '\0')
    start--;
  for (guint i = start; i < n; i++)
    {
      const char *l = lines[i];
      const char *colon = strchr (l, ':');
      if (colon == NULL || colon == l || colon[1] != ' ')
        continue;
      gboolean token = TRUE;
      for (const char *c = l; c < colon; c++)
        if (!g_ascii_isalnum (*c) && *c != '-')
          token = FALSE;
      if (!token)
        continue;
      PccTrailer t = { g_strndup (l, colon - l),
                       g_strstrip (g_strdup (colon + 1)), first_lineno + i };
      g_array_append_val (patch->trailers, t);
    }
}

static void
parse_message (PccPatch *patch, const char *body, const char *end,
               guint body_lineno)
{
  const char *p = body;
  const char *stop = end;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;
      if ((next - p == 4 && has_prefix (p, end, "---\n"))
          || (next - p == 5 && has_prefix (p, end, "---\r\n"))
          || is_diff_start (p, end))
        {
          stop = p;
          break;
        }
      p = next;
    }
  patch->message = g_strndup (body, stop - body);
  parse_trailers (patch, patch->message, body_lineno);
}

/* One PccPatchFile per file of the diff, from the diff reader
 * (pcc-diff.h); its hunks end where their lines end (hand-edited counts
 * are tolerated), but a hunk cut short by the end of the input is an
 * error. */
static gboolean
parse_diff (PccPatch *patch, GError **error)
{
  g_autoptr (GPtrArray) diffs = pcc_diff_parse (
      patch->name, patch->text, patch->text_len,
      PCC_DIFF_LENIENT | PCC_DIFF_NO_LINES, NULL);
  for (guint i = 0; i < diffs->len; i++)
    {
      PccDiffFile *d = diffs->pdata[i];
      PccPatchFile f = { 0 };
      f.old_path = g_steal_pointer (&d->old_path); /* (@diffs is ours) */
      f.new_path = g_steal_pointer (&d->new_path);
      f.status = d->is_copy     ? PCC_FILE_COPIED
                 : d->is_rename ? PCC_FILE_RENAMED
                 : d->is_new    ? PCC_FILE_ADDED
                 : d->is_delete ? PCC_FILE_DELETED
                                : PCC_FILE_MODIFIED;
      f.binary = d->binary;
      f.mode_change
          = d->old_mode && d->new_mode && !d->is_new && !d->is_delete;
      for (guint k = 0; k < d->hunks->len; k++)
        {
          const PccDiffHunk *h = &g_array_index (d->hunks, PccDiffHunk, k);
          f.added += h->added;
          f.removed += h->removed;
          if (h->end == PCC_DIFF_HUNK_TRUNCATED)
            {
              g_free (f.old_path);
              g_free (f.new_path);
              g_set_error (
                  error, PCC_ERROR, PCC_ERROR_PATCH,
                  "%s:%u: truncated diff: the hunk starting here ends with "
                  "%u old and %u new lines missing; was the mail cut short?",
                  patch->name, h->lineno, h->missing_old, h->missing_new);
              return FALSE;
            }
        }
      g_array_append_val (patch->files, f);
    }
  return TRUE;
}


/* --- construction ------------------------------------------------------- */

/* FALSE with @error when @size bytes are over @max_size (0: the
 * default). */
static gboolean
size_allowed (const char *name, gsize size, gsize max_size, GError **error)
{
  if (max_size == 0)
    max_size = PCC_PATCH_DEFAULT_MAX_SIZE;
  if (size <= max_size)
    return TRUE;
  g_set_error (error, PCC_ERROR, PCC_ERROR_TOO_LARGE,
               "%s: %" G_GSIZE_FORMAT " bytes is over the limit of %" G_GSIZE_FORMAT
               " bytes for one patch (--max-size)",
               name, size, max_size);
  return FALSE;
}

static PccPatch *patch_new_take (const char *name, char *data, gsize len,
                                 GError **error);

PccPatch *
pcc_patch_new_from_data (const char *name, const char *data, gsize len,
                         gsize max_size, GError **error)
{
  if (!size_allowed (name, len, max_size, error))
    return NULL;
  char *copy = g_malloc (len + 1);
  memcpy (copy, data, len);
  copy[len] = '\0';
  return patch_new_take (name, copy, len, error);
}

/* A patch of @data (@len bytes and a NUL, within the size limit), which
 * it takes: freed on failure. */
static PccPatch *
patch_new_take (const char *name, char *data, gsize len, GError **error)
{
  const char *nul = memchr (data, '\0', len);
  if (nul != NULL)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                   "%s: binary data (a NUL byte at offset %" G_GSIZE_FORMAT
                   "), not a patch or a mail",
                   name, (gsize) (nul - data));
      g_free (data);
      return NULL;
    }

  PccPatch *patch = g_new0 (PccPatch, 1);
  patch->name = g_strdup (name);
  patch->data = data;
  patch->len = len;
  patch->text = patch->data;
  patch->text_len = len;
  patch->gm_files = g_ptr_array_new_with_free_func (g_free);
  patch->kw_lines = g_array_new (FALSE, FALSE, sizeof (PccKeywordLine));
  patch->fixes = g_ptr_array_new_with_free_func (g_free);
  patch->blame_ranges = g_array_new (FALSE, FALSE, sizeof (PccBlameRange));
  g_array_set_clear_func (patch->blame_ranges, clear_blame_range);
  patch->headers = g_array_new (FALSE, TRUE, sizeof (Header));
  g_array_set_clear_func (patch->headers, clear_header);
  patch->to = g_ptr_array_new_with_free_func (g_free);
  patch->cc = g_ptr_array_new_with_free_func (g_free);
  patch->trailers = g_array_new (FALSE, TRUE, sizeof (PccTrailer));
  g_array_set_clear_func (patch->trailers, clear_trailer);
  patch->prereqs = g_ptr_array_new_with_free_func (g_free);
  patch->files = g_array_new (FALSE, TRUE, sizeof (PccPatchFile));
  g_array_set_clear_func (patch->files, clear_file);

  /* A mail: an optional mbox "From " line, then headers. */
  const char *mail = patch->data, *end = patch->data + len;
  if (has_prefix (mail, end, "From "))
    {
      const char *nl = memchr (mail, '\n', end - mail);
      mail = nl ? nl + 1 : end;
    }
  gsize hdr_len = header_block (mail, end);
  const char *body = mail + hdr_len;
  guint body_lineno = 1;
  for (const char *c = patch->data; c < body; c++)
    body_lineno += *c == '\n';

  if (hdr_len > 0)
    {
      parse_headers (patch, mail, hdr_len);
      collect_addresses (patch, "To", patch->to);
      collect_addresses (patch, "Cc", patch->cc);
      {
        g_autoptr (GPtrArray) from = g_ptr_array_new_with_free_func (g_free);
        collect_addresses (patch, "From", from);
        if (from->len == 1)
          patch->author = g_strdup (from->pdata[0]);
      }
      parse_subject (patch);
      gsize dlen = 0;
      guint too_deep = 0;
      char *decoded
          = maybe_decode (mail, end - mail, hdr_len, &dlen, &too_deep);
      if (too_deep)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s:%u: MIME parts nested more than %u deep; "
                       "not read",
                       name,
                       too_deep + (mail != patch->data), /* the "From " line */
                       PCC_PATCH_MAX_MIME_DEPTH);
          pcc_patch_free (patch);
          return NULL;
        }
      if (decoded)
        {
          gsize skip = mail - patch->data;
          patch->text = g_malloc (skip + dlen + 1);
          memcpy (patch->text, patch->data, skip);
          memcpy (patch->text + skip, decoded, dlen);
          patch->text[skip + dlen] = '\0';
          patch->text_len = skip + dlen;
          body = patch->text + (body - patch->data);
          g_free (decoded);
        }
    }
  else
    {
      body = patch->data;
      body_lineno = 1;
    }

  scan (patch);
  parse_message (patch, body, patch->text + patch->text_len, body_lineno);
  if (!parse_diff (patch, error))
    {
      pcc_patch_free (patch);
      return NULL;
    }
  if (!patch->cover && patch->gm_files->len == 0 && hdr_len > 0
      && patch->series_total > 0 && patch->series_index == 0)
    patch->cover = TRUE;
  return patch;
}

PccPatch *
pcc_patch_new_from_file (const char *path, gsize max_size, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  GStatBuf st;
  if (g_stat (path, &st) == 0
      && !size_allowed (path, st.st_size, max_size, error))
    return NULL;
  if (!g_file_get_contents (path, &data, &len, error)
      || !size_allowed (path, len, max_size, error)) /* (it grew) */
    return NULL;
  /* (g_file_get_contents() ends the data with a NUL) */
  return patch_new_take (path, g_steal_pointer (&data), len, error);
}

/* --- accessors ----------------------------------------------------------- */

const char *
pcc_patch_get_name (const PccPatch *patch)
{
  return patch->name;
}

const char *
pcc_patch_get_data (const PccPatch *patch, gsize *len)
{
  if (len)
    *len = patch->len;
  return patch->data;
}

const char *
pcc_patch_get_text (const PccPatch *patch, gsize *len)
{
  if (len)
    *len = patch->text_len;
  return patch->text;
}

const GPtrArray *
pcc_patch_get_gm_files (const PccPatch *patch)
{
  return patch->gm_files;
}

gboolean
pcc_patch_has_diff (const PccPatch *patch)
{
  return patch->gm_files->len > 0;
}

const GArray *
pcc_patch_get_keyword_lines (const PccPatch *patch)
{
  return patch->kw_lines;
}

const GPtrArray *
pcc_patch_get_fixes (const PccPatch *patch)
{
  return patch->fixes;
}

const GArray *
pcc_patch_get_blame_ranges (const PccPatch *patch)
{
  return patch->blame_ranges;
}

const char *
pcc_patch_get_subject (const PccPatch *patch)
{
  return pcc_patch_get_header (patch, "Subject");
}

const char *
pcc_patch_get_from (const PccPatch *patch)
{
  return pcc_patch_get_header (patch, "From");
}

const char *
pcc_patch_get_author (const PccPatch *patch)
{
  return patch->author;
}

const char *
pcc_patch_get_date (const PccPatch *patch)
{
  return pcc_patch_get_header (patch, "Date");
}

const char *
pcc_patch_get_message_id (const PccPatch *patch)
{
  return pcc_patch_get_header (patch, "Message-ID");
}

const GPtrArray *
pcc_patch_get_to (const PccPatch *patch)
{
  return patch->to;
}

const GPtrArray *
pcc_patch_get_cc (const PccPatch *patch)
{
  return patch->cc;
}

static char **
dup_strv (const GPtrArray *a)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; a != NULL && i < a->len; i++)
    g_ptr_array_add (out, g_strdup (a->pdata[i]));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

char **
pcc_patch_dup_to (const PccPatch *patch)
{
  return dup_strv (patch ? patch->to : NULL);
}

char **
pcc_patch_dup_cc (const PccPatch *patch)
{
  return dup_strv (patch ? patch->cc : NULL);
}

const char *
pcc_patch_get_title (const PccPatch *patch)
{
  return patch->title;
}

guint
pcc_patch_get_series_index (const PccPatch *patch)
{
  return patch->series_index;
}

guint
pcc_patch_get_series_total (const PccPatch *patch)
{
  return patch->series_total;
}

gboolean
pcc_patch_is_cover_letter (const PccPatch *patch)
{
  return patch->cover;
}

const char *
pcc_patch_get_message (const PccPatch *patch)
{
  return patch->message;
}

const GArray *
pcc_patch_get_trailers (const PccPatch *patch)
{
  return patch->trailers;
}

const char *
pcc_patch_get_base_commit (const PccPatch *patch)
{
  return patch->base_commit;
}

const GPtrArray *
pcc_patch_get_prerequisites (const PccPatch *patch)
{
  return patch->prereqs;
}

const char *
pcc_patch_get_change_id (const PccPatch *patch)
{
  return patch->change_id;
}

const GArray *
pcc_patch_get_files (const PccPatch *patch)
{
  return patch->files;
}
