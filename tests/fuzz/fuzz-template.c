/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-template.c - libFuzzer target: any bytes as a cover-letter
 * template and as a provenance file.
 *
 * A template that parses is rendered with every token set (multi-line
 * values, empty ones, one left out); a provenance file that loads is
 * rendered, written back and read again, and must come back equal (the
 * file patchcc writes is one it reads the same).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pcc-provenance.h"
#include "pcc-template.h"

static void template(const char *text, gsize size)
{
  PccTemplate *t = pcc_template_new ("fuzz.tpl", text, size, NULL);
  if (t == NULL)
    return;
  const char *const *known = pcc_template_get_known_tokens ();
  GHashTable *v = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; known[i]; i++)
    g_hash_table_insert (v, (char *) known[i],
                         i % 3 == 0   ? "a value\nover two lines"
                         : i % 3 == 1 ? ""
                                      : "x");
  for (int round = 0; round < 2; round++)
    {
      char *out = pcc_template_render (t, v, NULL);
      g_free (out);
      if (known[0])
        g_hash_table_remove (v, known[0]);
    }
  (void) pcc_template_uses (t, "title");
  (void) pcc_template_get_description (t);
  g_hash_table_unref (v);
  pcc_template_free (t);
}

static void
provenance (const char *text, gsize size)
{
  PccProvenance *p = pcc_provenance_load_data ("fuzz.ini", text, size, NULL);
  if (p == NULL)
    return;
  g_free (pcc_provenance_render (p, 72));
  g_free (pcc_provenance_render (p, 1));
  for (int k = PCC_PROV_TOOL; k <= PCC_PROV_TESTING; k++)
    g_free (pcc_provenance_render_part (p, k, 1));
  gsize len = 0;
  char *back = pcc_provenance_to_data (p, &len);
  PccProvenance *q = pcc_provenance_load_data ("back.ini", back, len, NULL);
  if (q == NULL || !pcc_provenance_equal (p, q))
    abort ();
  pcc_provenance_free (q);
  g_free (back);
  pcc_provenance_free (p);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text = g_malloc (size + 1);
  memcpy (text, data, size);
  text[size] = '\0';
  template(text, size);
  provenance (text, size);
  g_free (text);
  return 0;
}
