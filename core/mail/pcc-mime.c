/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-mime.c - a mail's header block, its fields and its MIME body,
 * read through libetpan (see pcc-mime.h). */
#include "pcc-mime.h"
#include "pcc-rfc2047.h"

#include <string.h>
#include <libetpan/libetpan.h>

/* --- where the headers are --------------------------------------------- */

const char *
pcc_mime_skip_from_line (const char *data, const char *end)
{
  if (end - data >= 5 && memcmp (data, "From ", 5) == 0)
    {
      const char *nl = memchr (data, '\n', end - data);
      return nl ? nl + 1 : end;
    }
  return data;
}

const char *
pcc_mime_line (const char *p, const char *end, gsize *len)
{
  const char *nl = memchr (p, '\n', end - p);
  gsize l = (nl ? nl : end) - p;

  if (l && p[l - 1] == '\r')
    l--;
  *len = l;
  return nl ? nl + 1 : end;
}

static gboolean
is_header_name_char (char c)
{
  return c > ' ' && c < 127 && c != ':';
}

gsize
pcc_mime_header_block (const char *p, const char *end)
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

/* --- the fields ------------------------------------------------------- */

void
pcc_mime_header_free (PccMimeHeader *h)
{
  if (h == NULL)
    return;
  g_free (h->name);
  g_free (h->value);
  g_free (h->raw);
  g_free (h);
}

const PccMimeHeader *
pcc_mime_find_header (const GPtrArray *hs, const char *name)
{
  for (guint i = 0; i < hs->len; i++)
    {
      const PccMimeHeader *h = hs->pdata[i];

      if (g_ascii_strcasecmp (h->name, name) == 0)
        return h;
    }
  return NULL;
}

GPtrArray *
pcc_mime_parse_headers (const char *block, gsize len)
{
  GPtrArray *hs
      = g_ptr_array_new_with_free_func ((GDestroyNotify) pcc_mime_header_free);
  size_t idx = 0;
  struct mailimf_fields *fields = NULL;
  if (mailimf_optional_fields_parse (block, len, &idx, &fields)
          != MAILIMF_NO_ERROR
      || fields == NULL)
    return hs;
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
      PccMimeHeader *h = g_new0 (PccMimeHeader, 1);
      h->name = g_strdup (of->fld_name);
      h->raw = g_strdup (g_strstrip (v->str));
      h->value = pcc_rfc2047_decode (h->raw);
      g_string_free (v, TRUE);
      g_ptr_array_add (hs, h);
    }
  mailimf_fields_free (fields);
  return hs;
}

GPtrArray *
pcc_mime_read_headers (const char *data, gsize len, gsize *body_offset)
{
  GPtrArray *hs
      = g_ptr_array_new_with_free_func ((GDestroyNotify) pcc_mime_header_free);
  const char *end = data + len;
  const char *p = pcc_mime_skip_from_line (data, end);
  PccMimeHeader *cur = NULL;

  while (p < end)
    {
      gsize l;
      const char *next = pcc_mime_line (p, end, &l);

      if (l == 0)
        {
          p = next;
          break;
        }
      if ((*p == ' ' || *p == '\t') && cur != NULL)
        {
          char *v = g_strdup_printf ("%s %.*s", cur->value, (int) l, p);
          char *r = g_strdup_printf ("%s%.*s\n", cur->raw, (int) l, p);

          g_strstrip (v);
          g_free (cur->value);
          cur->value = v;
          g_free (cur->raw);
          cur->raw = r;
        }
      else
        {
          const char *colon = memchr (p, ':', l);

          if (colon == NULL || colon == p)
            break; /* not a header: the body starts here */
          cur = g_new0 (PccMimeHeader, 1);
          cur->name = g_strndup (p, colon - p);
          cur->value = g_strstrip (g_strndup (colon + 1, p + l - colon - 1));
          cur->raw = g_strdup_printf ("%.*s\n", (int) l, p);
          g_ptr_array_add (hs, cur);
        }
      p = next;
    }
  *body_offset = p - data;
  return hs;
}
/* --- the body ----------------------------------------------------------- */

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

/* The bytes from @s up to @end or the first of @stop, whichever comes
 * first (strcspn() within a mail that need not end with a NUL). */
static gsize
span_until (const char *s, const char *end, const char *stop)
{
  const char *q = s;

  while (q < end && *q != '\0' && strchr (stop, *q) == NULL)
    q++;
  return q - s;
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
              if (o < ve && *o == '"')
                {
                  o++;
                  bl = span_until (o, ve, "\"\n");
                }
              else
                bl = span_until (o, ve, " \t;\r\n");
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

char *
pcc_mime_decode_body (const char *mail, gsize len, gsize hdr_len,
                      guint max_depth, gsize *out_len, guint *too_deep)
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
  if (!mime_depth_within (mail, len, max_depth, &lineno))
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
