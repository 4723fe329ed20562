/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-rfc2047.c - RFC 2047 encoded-words (see pcc-rfc2047.h). */
#include "pcc-rfc2047.h"
#include "pcc-error.h"

#include <libetpan/libetpan.h>
#include <stdlib.h>
#include <string.h>

char *
pcc_rfc2047_decode (const char *value)
{
  size_t idx = 0;
  char *decoded = NULL;
  if (value == NULL)
    return NULL;
  if (mailmime_encoded_phrase_parse ("utf-8", value, strlen (value), &idx,
                                     "utf-8", &decoded)
          == MAILIMF_NO_ERROR
      && decoded != NULL)
    {
      char *out = g_strdup (decoded);
      free (decoded);
      return out;
    }
  return g_strdup (value);
}

gboolean
pcc_rfc2047_is_ascii (const char *s)
{
  for (; *s; s++)
    if ((unsigned char) *s >= 0x80)
      return FALSE;
  return TRUE;
}

gboolean
pcc_rfc2047_check_value (const char *name, const char *value, GError **error)
{
  for (const unsigned char *p = (const unsigned char *) value; *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      {
        g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                     "%s: the value holds a control character (0x%02x); "
                     "nothing was written",
                     name, *p);
        return FALSE;
      }
  if (!g_utf8_validate (value, -1, NULL))
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_OPTION,
                   "%s: the value is not valid UTF-8", name);
      return FALSE;
    }
  return TRUE;
}

void
pcc_rfc2047_append_words (GString *out, const char *text)
{
  const char *p = text;
  while (*p)
    {
      GString *w = g_string_new ("=?UTF-8?q?");
      while (*p)
        {
          const char *next = g_utf8_next_char (p);
          GString *enc = g_string_new (NULL);
          for (const char *q = p; q < next; q++)
            {
              unsigned char ch = (unsigned char) *q;
              if (ch == ' ')
                g_string_append_c (enc, '_');
              else if (g_ascii_isalnum (ch) || strchr ("!*+-/", ch))
                g_string_append_c (enc, (char) ch);
              else
                g_string_append_printf (enc, "=%02X", ch);
            }
          if (w->len + enc->len + 2 > 75 && w->len > 10)
            {
              g_string_free (enc, TRUE);
              break;
            }
          g_string_append (w, enc->str);
          g_string_free (enc, TRUE);
          p = next;
        }
      g_string_append (w, "?=");
      g_string_append (out, w->str);
      g_string_free (w, TRUE);
      if (*p)
        g_string_append (out, "\n ");
    }
}

void
pcc_rfc2047_append_address (GString *out, const char *addr)
{
  if (pcc_rfc2047_is_ascii (addr))
    {
      g_string_append (out, addr);
      return;
    }
  const char *lt = strrchr (addr, '<');
  if (!lt)
    {
      g_string_append (out, addr); /* a bare (internationalised) address */
      return;
    }
  g_autofree char *name = g_strstrip (g_strndup (addr, lt - addr));
  gsize n = strlen (name);
  if (n >= 2 && name[0] == '"' && name[n - 1] == '"')
    {
      /* the quoted string's text: without the quotes and the
       * backslashes that escape (the encoded word needs neither) */
      char *w = name;
      name[n - 1] = '\0';
      for (const char *p = name + 1; *p; p++)
        {
          if (*p == '\\' && p[1] != '\0')
            p++;
          *w++ = *p;
        }
      *w = '\0';
    }
  pcc_rfc2047_append_words (out, name);
  g_string_append_c (out, ' ');
  g_string_append (out, lt);
}

char *
pcc_rfc2047_encode_header (const char *name, const char *value,
                           gboolean is_address, GError **error)
{
  if (!pcc_rfc2047_check_value (name, value, error))
    return NULL;
  GString *out = g_string_new (NULL);
  if (is_address)
    pcc_rfc2047_append_address (out, value);
  else if (pcc_rfc2047_is_ascii (value))
    g_string_append (out, value);
  else
    pcc_rfc2047_append_words (out, value);
  return g_string_free (out, FALSE);
}
