/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-reply-trailers.c - the trailers a reviewer gives in a reply. */
#include "pcc-reply-trailers.h"

#include <string.h>

#include "pcc-email.h"
#include "pcc-mime.h"
#include "pcc-rfc2047.h"

static const char *const trailer_names[] = {
  "Reviewed-by",  "Acked-by",        "Tested-by",     "Reported-by",
  "Suggested-by", "Co-developed-by", "Signed-off-by",
};

/* The canonical name of the trailer on @line ("Acked-by"), with *@value
 * the text after its colon, or NULL. */
static const char *
trailer_on (const char *line, gsize len, const char **value, gsize *vlen)
{
  for (guint i = 0; i < G_N_ELEMENTS (trailer_names); i++)
    {
      gsize n = strlen (trailer_names[i]);
      if (len > n && g_ascii_strncasecmp (line, trailer_names[i], n) == 0
          && line[n] == ':')
        {
          const char *v = line + n + 1, *e = line + len;
          while (v < e && (*v == ' ' || *v == '\t'))
            v++;
          while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
          *value = v;
          *vlen = (gsize) (e - v);
          return trailer_names[i];
        }
    }
  return NULL;
}

/* Why @value cannot be a trailer's value, or NULL when it can, with
 * *@email its address (newly allocated). */
static const char *
value_refused (const char *value, gsize len, char **email)
{
  *email = NULL;
  if (len == 0)
    return "empty";
  if (len > PCC_REPLY_TRAILERS_MAX_VALUE)
    return "too long";
  for (gsize i = 0; i < len; i++)
    if ((guchar) value[i] < 0x20 || value[i] == 0x7f)
      return "a control byte";
  if (!g_utf8_validate (value, (gssize) len, NULL))
    return "not UTF-8";
  g_autofree char *v = g_strndup (value, len);
  if (strstr (v, "=?"))
    {
      g_autofree char *d = pcc_rfc2047_decode (v);
      if (!d || pcc_email_has_control (d) || strcmp (d, v) != 0)
        return "an encoded word";
    }
  char *name = NULL, *addr = NULL;
  pcc_email_parse (v, &name, &addr);
  g_free (name);
  if (!addr || !strchr (addr, '@') || pcc_email_has_control (addr))
    {
      g_free (addr);
      return "no address";
    }
  *email = addr;
  return NULL;
}

static void
trailer_clear (gpointer p)
{
  PccReplyTrailer *t = p;
  g_free (t->value);
  g_free (t->email);
}

GArray *
pcc_reply_trailers_read (const char *text, gsize len, const char *message_id,
                         GPtrArray *warnings)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (PccReplyTrailer));
  const char *end = text + len;
  gsize hdr = pcc_mime_header_block (text, end);
  const char *p = text + hdr;
  const char *mid = message_id ? message_id : "?";
  gboolean after_codev = FALSE;
  guint refused = 0, over = 0;

  g_array_set_clear_func (out, trailer_clear);
  while (p < end)
    {
      gsize l;
      const char *line = p;
      p = pcc_mime_line (p, end, &l);
      if ((l >= 3 && memcmp (line, "---", 3) == 0)
          || (l >= 5 && memcmp (line, "diff ", 5) == 0)
          || (l == 3 && memcmp (line, "-- ", 3) == 0))
        break;
      const char *v;
      gsize vl;
      const char *name = trailer_on (line, l, &v, &vl);
      if (!name)
        {
          after_codev = FALSE;
          continue;
        }
      /* A Signed-off-by only counts right after a Co-developed-by. */
      gboolean sob = strcmp (name, "Signed-off-by") == 0;
      if (sob && !after_codev)
        continue;
      after_codev = strcmp (name, "Co-developed-by") == 0;
      char *email;
      const char *why = value_refused (v, vl, &email);
      if (why)
        {
          if (refused++ < 3)
            g_ptr_array_add (warnings,
                             g_strdup_printf ("<%s>: a %s trailer refused: %s",
                                              mid, name, why));
          after_codev = FALSE;
          continue;
        }
      if (out->len >= PCC_REPLY_TRAILERS_MAX)
        {
          g_free (email);
          over++;
          continue;
        }
      PccReplyTrailer t = { name, g_strndup (v, vl), email };
      g_array_append_val (out, t);
    }
  if (over)
    g_ptr_array_add (warnings,
                     g_strdup_printf ("<%s>: %u trailers beyond the first %d "
                                      "ignored",
                                      mid, over, PCC_REPLY_TRAILERS_MAX));
  return out;
}
