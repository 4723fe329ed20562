/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-tool-trailers.c - moving tool trailers to the cover letter (see
 * pcc-tool-trailers.h). */
#include "pcc-tool-trailers.h"
#include "pcc-error.h"

#include <string.h>

void
pcc_tool_trailer_clear (PccToolTrailer *t)
{
  g_clear_pointer (&t->key, g_free);
  g_clear_pointer (&t->value, g_free);
}

static void
clear_func (gpointer p)
{
  pcc_tool_trailer_clear (p);
}

static const char *const always_tool[]
    = { "assisted-by",  "ai-assisted-by",  "llm-assisted-by",
        "generated-by", "ai-generated-by", NULL };
static const char *const tool_without_address[]
    = { "co-developed-by", "co-authored-by", NULL };

static gboolean
has_address (const char *v)
{
  const char *at = strchr (v, '@');
  if (!at || at == v || !at[1])
    return FALSE;
  /* Something like user@host.tld, bare or in <...>. */
  return g_ascii_isalnum (at[-1]) || at[-1] == '.' || at[-1] == '_'
         || at[-1] == '-' || at[-1] == '+';
}

gboolean
pcc_tool_trailer_is_tool (const char *key, const char *value)
{
  g_autofree char *k = g_ascii_strdown (key, -1);
  if (g_strv_contains (always_tool, k))
    return TRUE;
  if (g_strv_contains (tool_without_address, k))
    return value && *value && !has_address (value);
  return FALSE;
}

static gboolean
is_token_line (const char *p, gsize l, gsize *key_len)
{
  gsize i = 0;
  while (i < l && (g_ascii_isalnum (p[i]) || p[i] == '-'))
    i++;
  if (i == 0 || i >= l || p[i] != ':')
    return FALSE;
  *key_len = i;
  return TRUE;
}

typedef struct
{
  const char *p;
  gsize len;  /* without the newline */
  gsize full; /* with it */
  guint lineno;
} LineRef;

/* The lines of the commit message, from the mail's bytes. */
static GArray *
message_lines (const char *data, gsize len)
{
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (LineRef));
  const char *p = data, *end = data + len;
  guint lineno = 0;

  /* The mbox "From " line. */
  if (len >= 5 && memcmp (p, "From ", 5) == 0)
    {
      const char *nl = memchr (p, '\n', end - p);
      p = nl ? nl + 1 : end;
      lineno++;
    }
  /* Mail headers, when the input starts with one. */
  const char *q = p;
  while (q<end && * q> ' ' && *q < 127 && *q != ':')
    q++;
  if (q != p && q < end && *q == ':')
    while (p < end)
      {
        const char *nl = memchr (p, '\n', end - p);
        const char *next = nl ? nl + 1 : end;
        lineno++;
        gboolean blank
            = *p == '\n' || (*p == '\r' && p + 1 < end && p[1] == '\n');
        p = next;
        if (blank)
          break;
      }
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *next = nl ? nl + 1 : end;
      LineRef l = { p, (nl ? nl : end) - p, next - p, ++lineno };
      if (l.len && p[l.len - 1] == '\r')
        l.len--;
      if ((l.len == 3 && memcmp (p, "---", 3) == 0)
          || (l.len >= 11 && memcmp (p, "diff --git ", 11) == 0)
          || (l.len >= 7 && memcmp (p, "Index: ", 7) == 0)
          || (l.len >= 4 && memcmp (p, "--- ", 4) == 0))
        break;
      g_array_append_val (lines, l);
      p = next;
    }
  return lines;
}

static GArray *
find_in_bytes (const char *data, gsize len, guint index)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (PccToolTrailer));
  g_array_set_clear_func (out, clear_func);
  g_autoptr (GArray) lines = message_lines (data, len);

  /* The last paragraph. */
  guint n = lines->len;
  while (n > 0 && g_array_index (lines, LineRef, n - 1).len == 0)
    n--;
  guint start = n;
  while (start > 0 && g_array_index (lines, LineRef, start - 1).len != 0)
    start--;

  for (guint i = start; i < n; i++)
    {
      const LineRef *l = &g_array_index (lines, LineRef, i);
      gsize klen = 0;
      if (!is_token_line (l->p, l->len, &klen))
        continue;
      PccToolTrailer t = { 0 };
      t.patch = index;
      t.key = g_strndup (l->p, klen);
      GString *v = g_string_new (NULL);
      g_string_append_len (v, l->p + klen + 1, l->len - klen - 1);
      t.lineno = l->lineno;
      t.offset = l->p - data;
      t.len = l->full;
      /* Continuation lines. */
      while (i + 1 < n)
        {
          const LineRef *c = &g_array_index (lines, LineRef, i + 1);
          if (c->len == 0 || (c->p[0] != ' ' && c->p[0] != '\t'))
            break;
          g_string_append_c (v, ' ');
          g_string_append_len (v, c->p, c->len);
          t.len += c->full;
          i++;
        }
      /* Collapse white space. */
      g_auto (GStrv) words = g_strsplit_set (v->str, " \t", -1);
      g_string_free (v, TRUE);
      GString *val = g_string_new (NULL);
      for (char **w = words; *w; w++)
        if (**w)
          {
            if (val->len)
              g_string_append_c (val, ' ');
            g_string_append (val, *w);
          }
      t.value = g_string_free (val, FALSE);
      if (pcc_tool_trailer_is_tool (t.key, t.value))
        g_array_append_val (out, t);
      else
        pcc_tool_trailer_clear (&t);
    }
  return out;
}

GArray *
pcc_tool_trailers_find_in_patch (const PccPatch *patch, guint index)
{
  gsize len = 0, tlen = 0;
  const char *data = pcc_patch_get_data (patch, &len);
  const char *text = pcc_patch_get_text (patch, &tlen);
  /* An encoded body: report from the decoded text (offsets are then of
   * the text, and stripping is refused). */
  if (tlen != len || memcmp (text, data, len) != 0)
    return find_in_bytes (text, tlen, index);
  return find_in_bytes (data, len, index);
}

GArray *
pcc_tool_trailers_find (const PccSeries *series)
{
  GArray *all = g_array_new (FALSE, TRUE, sizeof (PccToolTrailer));
  g_array_set_clear_func (all, clear_func);
  for (guint i = 0; i < pcc_series_get_n_patches (series); i++)
    {
      GArray *one = pcc_tool_trailers_find_in_patch (
          pcc_series_get_patch (series, i), i);
      g_array_set_clear_func (one, NULL); /* ownership moves to @all */
      g_array_append_vals (all, one->data, one->len);
      g_array_unref (one);
    }
  return all;
}

char *
pcc_tool_trailers_report (const PccSeries *series, const GArray *trailers)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < trailers->len; i++)
    {
      const PccToolTrailer *t = &g_array_index (trailers, PccToolTrailer, i);
      g_string_append_printf (out, "%s:%u: %s: %s\n",
                              pcc_series_get_patch_source (series, t->patch),
                              t->lineno, t->key, t->value);
    }
  return g_string_free (out, FALSE);
}

static int
cmp_offset (gconstpointer a, gconstpointer b)
{
  const PccToolTrailer *x = *(const PccToolTrailer *const *) a;
  const PccToolTrailer *y = *(const PccToolTrailer *const *) b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

char *
pcc_tool_trailers_strip (const PccPatch *patch, const PccToolTrailer *trailers,
                         guint n, gsize *out_len, GError **error)
{
  gsize len = 0, tlen = 0;
  const char *data = pcc_patch_get_data (patch, &len);
  const char *text = pcc_patch_get_text (patch, &tlen);
  if (tlen != len || memcmp (text, data, len) != 0)
    {
      g_set_error (error, PCC_ERROR, PCC_ERROR_UNSUPPORTED,
                   "%s: the mail's body is transfer-encoded "
                   "(quoted-printable or base64); its trailers cannot be "
                   "removed without re-encoding it.  Regenerate the patch "
                   "with git format-patch (8bit), or remove them by hand",
                   pcc_patch_get_name (patch));
      return NULL;
    }
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    {
      const PccToolTrailer *t = &trailers[i];
      if (t->offset + t->len > len)
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s: trailer %s at line %u lies outside the mail",
                       pcc_patch_get_name (patch), t->key, t->lineno);
          return NULL;
        }
      g_ptr_array_add (sorted, (gpointer) t);
    }
  g_ptr_array_sort (sorted, cmp_offset);
  GString *out = g_string_sized_new (len);
  gsize pos = 0;
  for (guint i = 0; i < sorted->len; i++)
    {
      const PccToolTrailer *t = sorted->pdata[i];
      if (t->offset < pos)
        continue; /* the same lines twice */
      /* The bytes must still say "Key:" there. */
      if (strncmp (data + t->offset, t->key, strlen (t->key)) != 0)
        {
          g_string_free (out, TRUE);
          g_set_error (error, PCC_ERROR, PCC_ERROR_PATCH,
                       "%s:%u: expected the %s: trailer there",
                       pcc_patch_get_name (patch), t->lineno, t->key);
          return NULL;
        }
      g_string_append_len (out, data + pos, t->offset - pos);
      pos = t->offset + t->len;
    }
  g_string_append_len (out, data + pos, len - pos);
  if (out_len)
    *out_len = out->len;
  return g_string_free (out, FALSE);
}

/* "patch 2/3" or "patches 1/3, 2/3". */
static char *
describe_patches (const PccSeries *series, GArray *indices)
{
  guint total = pcc_series_get_n_patches (series);
  GString *s = g_string_new (indices->len > 1 ? "patches " : "patch ");
  for (guint i = 0; i < indices->len; i++)
    {
      guint k = g_array_index (indices, guint, i);
      if (i)
        g_string_append (s, i + 1 == indices->len ? " and " : ", ");
      g_string_append_printf (s, "%u/%u", k + 1, total);
    }
  if (indices->len == 1)
    {
      g_autofree char *subj = pcc_series_get_commit_subject (
          series, g_array_index (indices, guint, 0));
      if (subj && *subj)
        g_string_append_printf (s, " (\"%s\")", subj);
    }
  return g_string_free (s, FALSE);
}

typedef struct
{
  int kind; /* 0 assistance, 1 tool */
  char *name;
  char *version;   /* tool: "1.1" or "" */
  GArray *patches; /* guint */
} Acc;

static void
acc_clear (gpointer p)
{
  Acc *a = p;
  g_free (a->name);
  g_free (a->version);
  g_array_unref (a->patches);
}

static void
acc_add_version (GArray *accs, int kind, const char *name, const char *version,
                 guint patch)
{
  for (guint i = 0; i < accs->len; i++)
    {
      Acc *a = &g_array_index (accs, Acc, i);
      if (a->kind == kind && strcmp (a->name, name) == 0
          && strcmp (a->version, version) == 0)
        {
          for (guint k = 0; k < a->patches->len; k++)
            if (g_array_index (a->patches, guint, k) == patch)
              return;
          g_array_append_val (a->patches, patch);
          return;
        }
    }
  Acc a = { kind, g_strdup (name), g_strdup (version),
            g_array_new (FALSE, FALSE, sizeof (guint)) };
  g_array_append_val (a.patches, patch);
  g_array_append_val (accs, a);
}

static void
acc_add (GArray *accs, int kind, const char *name, guint patch)
{
  acc_add_version (accs, kind, name, "", patch);
}

/* A word that is a version of the word before it: "1.0", "v2.3",
 * "2024.01-rc1" (a digit first, after an optional 'v'). */
static gboolean
is_version_word (const char *w)
{
  if (*w == 'v' || *w == 'V')
    w++;
  if (!g_ascii_isdigit (*w))
    return FALSE;
  for (; *w; w++)
    if (!g_ascii_isalnum (*w) && !strchr (".+-_~", *w))
      return FALSE;
  return TRUE;
}

gboolean
pcc_tool_trailers_to_provenance (const PccSeries *series,
                                 const GArray *trailers, PccProvenance *prov,
                                 GError **error)
{
  g_autoptr (GArray) accs = g_array_new (FALSE, TRUE, sizeof (Acc));
  g_array_set_clear_func (accs, acc_clear);

  for (guint i = 0; i < trailers->len; i++)
    {
      const PccToolTrailer *t = &g_array_index (trailers, PccToolTrailer, i);
      g_autofree char *k = g_ascii_strdown (t->key, -1);
      if (g_str_has_suffix (k, "assisted-by"))
        {
          /* AGENT[:MODEL] [VERSION] [TOOL1 [VERSION]] [TOOL2...]: a
           * version stays with the name before it ("ExampleBot 1.0" is
           * one agent, "coccinelle 1.1" one tool). */
          g_auto (GStrv) split = g_strsplit (t->value, " ", -1);
          g_autoptr (GPtrArray) words = g_ptr_array_new ();
          for (guint w = 0; split[w]; w++)
            if (*split[w])
              g_ptr_array_add (words, split[w]);
          if (words->len == 0)
            continue;
          guint w = 1;
          g_autoptr (GString) agent = g_string_new (words->pdata[0]);
          for (; w < words->len && is_version_word (words->pdata[w]); w++)
            g_string_append_printf (agent, " %s",
                                    (const char *) words->pdata[w]);
          acc_add (accs, 0, agent->str, t->patch);
          while (w < words->len)
            {
              const char *tool = words->pdata[w++];
              g_autoptr (GString) version = g_string_new (NULL);
              for (; w < words->len && is_version_word (words->pdata[w]); w++)
                g_string_append_printf (version, "%s%s",
                                        version->len ? " " : "",
                                        (const char *) words->pdata[w]);
              acc_add_version (accs, 1, tool, version->str, t->patch);
            }
        }
      else if (g_str_has_suffix (k, "generated-by"))
        acc_add (accs, 1, t->value, t->patch);
      else
        acc_add (accs, 0, t->value, t->patch);
    }

  g_autoptr (PccProvenance) next = pcc_provenance_copy (prov);
  for (guint i = 0; i < accs->len; i++)
    {
      Acc *a = &g_array_index (accs, Acc, i);
      g_autofree char *where = describe_patches (series, a->patches);
      gboolean ok;
      if (a->kind == 0)
        {
          g_autofree char *produced = g_strdup_printf (
              "%s (moved from its Assisted-by trailer)", where);
          ok = pcc_provenance_add_assistance (next, a->name, produced, "",
                                              error);
        }
      else
        {
          g_autofree char *purpose = g_strdup_printf ("used for %s", where);
          ok = pcc_provenance_add_tool (next, a->name, a->version, purpose,
                                        error);
        }
      if (!ok)
        return FALSE;
    }
  /* Commit: replace @prov's content with @next's. */
  pcc_provenance_clear (prov);
  for (guint i = 0; i < pcc_provenance_get_n (next, PCC_PROV_TOOL); i++)
    {
      const PccToolUse *t = pcc_provenance_get_tool (next, i);
      pcc_provenance_add_tool (prov, t->name, t->version, t->purpose, NULL);
      pcc_provenance_set_tool_input (prov, i, t->input, NULL);
    }
  for (guint i = 0; i < pcc_provenance_get_n (next, PCC_PROV_ASSISTANCE); i++)
    {
      const PccAssistance *a = pcc_provenance_get_assistance (next, i);
      pcc_provenance_add_assistance (prov, a->agent, a->produced, a->review,
                                     NULL);
      pcc_provenance_set_assistance_prompts (prov, i, a->prompts, NULL);
    }
  for (guint i = 0; i < pcc_provenance_get_n (next, PCC_PROV_TESTING); i++)
    {
      const PccTesting *t = pcc_provenance_get_testing (next, i);
      pcc_provenance_add_testing (prov, t->what, t->where, NULL);
    }
  pcc_provenance_set_notes (prov, pcc_provenance_get_notes (next), NULL);
  return TRUE;
}

gboolean
pcc_tool_trailers_migrate (PccSeries *series, PccProvenance *prov,
                           GArray **moved, GError **error)
{
  g_autoptr (GArray) all = pcc_tool_trailers_find (series);
  guint n = pcc_series_get_n_patches (series);
  g_autoptr (GPtrArray) rewritten
      = g_ptr_array_new_full (n, (GDestroyNotify) pcc_patch_free);

  /* Rewrite every affected patch first; change nothing on failure. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GArray) mine
          = g_array_new (FALSE, FALSE, sizeof (PccToolTrailer));
      for (guint k = 0; k < all->len; k++)
        {
          PccToolTrailer *t = &g_array_index (all, PccToolTrailer, k);
          if (t->patch == i)
            g_array_append_val (mine, *t);
        }
      if (mine->len == 0)
        {
          g_ptr_array_add (rewritten, NULL);
          continue;
        }
      PccPatch *patch = pcc_series_get_patch (series, i);
      gsize len = 0;
      g_autofree char *data = pcc_tool_trailers_strip (
          patch, (PccToolTrailer *) mine->data, mine->len, &len, error);
      if (!data)
        return FALSE;
      PccPatch *np = pcc_patch_new_from_data (pcc_patch_get_name (patch), data,
                                              len, 0, error);
      if (!np)
        return FALSE;
      g_ptr_array_add (rewritten, np);
    }
  if (!pcc_tool_trailers_to_provenance (series, all, prov, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (rewritten->pdata[i])
      {
        pcc_series_replace_patch (series, i, rewritten->pdata[i]);
        rewritten->pdata[i] = NULL;
      }
  if (moved)
    *moved = g_steal_pointer (&all);
  return TRUE;
}
