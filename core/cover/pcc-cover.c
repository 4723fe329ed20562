/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cover.c - a cover letter (see pcc-cover.h). */
#include "pcc-cover.h"
#include "pcc-diffstat.h"
#include "pcc-date.h"
#include "pcc-error.h"
#include "pcc-file.h"
#include "pcc-rfc2047.h"
#include "pcc-text.h"

#include <git2.h>
#include <string.h>

struct _PccCover
{
  PccSeries *series;
  PccTemplate *tpl;
  PccProvenance *prov;
  PccCoverStyle style;
  char *title, *blurb, *signature, *range_diff, *changes, *from, *date;
  int blurb_width;
  char *title_used;
  char *from_used;
};

PccCover *
pcc_cover_new (PccSeries *series)
{
  PccCover *c = g_new0 (PccCover, 1);
  c->series = series;
  return c;
}

void
pcc_cover_free (PccCover *c)
{
  if (!c)
    return;
  pcc_template_free (c->tpl);
  pcc_provenance_free (c->prov);
  g_free (c->title);
  g_free (c->blurb);
  g_free (c->signature);
  g_free (c->range_diff);
  g_free (c->changes);
  g_free (c->from);
  g_free (c->date);
  g_free (c->title_used);
  g_free (c->from_used);
  g_free (c);
}

void
pcc_cover_set_template (PccCover *c, PccTemplate *tpl)
{
  pcc_template_free (c->tpl);
  c->tpl = tpl;
}

static PccTemplate *
ensure_template (PccCover *c, GError **error)
{
  if (!c->tpl)
    c->tpl
        = pcc_template_new ("builtin:default.tpl",
                            pcc_template_builtin_text ("default"), -1, error);
  return c->tpl;
}

const PccTemplate *
pcc_cover_get_template (const PccCover *c)
{
  return c->tpl;
}

void
pcc_cover_set_provenance (PccCover *c, const PccProvenance *prov)
{
  pcc_provenance_free (c->prov);
  c->prov = prov ? pcc_provenance_copy (prov) : NULL;
}

void
pcc_cover_set_style (PccCover *c, PccCoverStyle style)
{
  c->style = style;
}

#define SETTER(field)                                     \
  void pcc_cover_set_##field (PccCover *c, const char *v) \
  {                                                       \
    g_free (c->field);                                    \
    c->field = g_strdup (v);                              \
  }
SETTER (title)
SETTER (blurb)
SETTER (signature)
SETTER (range_diff)
SETTER (changes)
SETTER (from)
SETTER (date)
#undef SETTER

void
pcc_cover_set_blurb_width (PccCover *c, int width)
{
  c->blurb_width = width > 0 ? width : 0;
}

/* Wrap each line longer than @width at spaces, keeping its indentation
 * (and two more columns under a "- " or "* " list item). */
static char *
wrap_text (const char *text, int width)
{
  GString *out = g_string_new (NULL);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      const char *l = lines[i];
      if (i)
        g_string_append_c (out, '\n');
      if (pcc_text_width (l, -1) <= (guint) width)
        {
          g_string_append (out, l);
          continue;
        }
      gsize ind = 0;
      while (l[ind] == ' ' || l[ind] == '\t')
        ind++;
      g_autofree char *first = g_strndup (l, ind);
      g_autofree char *cont
          = (l[ind] == '-' || l[ind] == '*') && l[ind + 1] == ' '
                ? g_strdup_printf ("%.*s  ", (int) ind, l)
                : g_strndup (l, ind);
      pcc_text_wrap_words (out, first, cont, l + ind, width, TRUE);
    }
  return g_string_free (out, FALSE);
}

/* --- identity ------------------------------------------------------------------ */

char *
pcc_cover_git_identity (void)
{
  char *result = NULL;
  if (git_libgit2_init () < 0)
    return NULL;
  git_config *cfg = NULL;
  if (git_config_open_default (&cfg) == 0)
    {
      git_buf name = { 0 }, email = { 0 };
      if (git_config_get_string_buf (&name, cfg, "user.name") == 0
          && git_config_get_string_buf (&email, cfg, "user.email") == 0
          && name.ptr && email.ptr && *email.ptr)
        result = g_strdup_printf ("%s <%s>", name.ptr, email.ptr);
      git_buf_dispose (&name);
      git_buf_dispose (&email);
      git_config_free (cfg);
    }
  git_libgit2_shutdown ();
  return result;
}

char *
pcc_cover_default_signature (void)
{
  g_autofree char *path
      = g_build_filename (g_get_home_dir (), ".signature", NULL);
  /* Only a small regular file: a FIFO there must not freeze the
   * window that renders the cover letter. */
  char *data = NULL;
  if (pcc_file_read_regular (path, 64 * 1024, &data, NULL, NULL)
      && g_utf8_validate (data, -1, NULL))
    return data;
  g_free (data);
  return pcc_cover_git_identity ();
}

const char *
pcc_cover_get_from (PccCover *c)
{
  if (c->from)
    return c->from;
  if (!c->from_used)
    {
      c->from_used = pcc_cover_git_identity ();
      if (!c->from_used)
        {
          g_autofree char *n = NULL, *e = NULL;
          pcc_series_get_author (c->series, 0, &n, &e);
          c->from_used
              = n && *n ? g_strdup_printf ("%s <%s>", n, e) : g_strdup (e);
        }
    }
  return c->from_used;
}

const char *
pcc_cover_get_title (PccCover *c)
{
  if (c->title)
    return c->title;
  if (!c->title_used)
    {
      c->title_used = pcc_series_get_cover_title (c->series);
      if (!c->title_used || !*c->title_used)
        {
          g_free (c->title_used);
          c->title_used = g_strdup ("*** SUBJECT HERE ***");
        }
    }
  return c->title_used;
}

char *
pcc_cover_get_subject (PccCover *c)
{
  return pcc_series_format_cover_subject (c->series, pcc_cover_get_title (c));
}

/* --- the values ------------------------------------------------------------------ */

static char *
rstrip (char *s)
{
  gsize n = strlen (s);
  while (n && g_ascii_isspace (s[n - 1]))
    s[--n] = '\0';
  return s;
}

GHashTable *
pcc_cover_get_values (PccCover *c, GError **error)
{
  g_autoptr (GHashTable) v
      = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  gboolean git = c->style == PCC_COVER_STYLE_GIT;

  char *blurb = c->blurb ? g_strdup (c->blurb)
                         : pcc_series_get_cover_blurb (c->series);
  if (!blurb || !*blurb)
    {
      g_free (blurb);
      blurb = g_strdup ("*** BLURB HERE ***");
    }
  if (c->blurb_width)
    {
      char *w = wrap_text (blurb, c->blurb_width);
      g_free (blurb);
      blurb = w;
    }
  g_hash_table_insert (v, "cover", rstrip (blurb));

  char *shortlog = pcc_series_format_shortlog (
      c->series, git ? PCC_SHORTLOG_COVER : PCC_SHORTLOG_GIT);
  g_hash_table_insert (v, "shortlog", rstrip (shortlog));

  char *diffstat = pcc_series_format_diffstat (
      c->series, git ? PCC_DIFFSTAT_WIDTH_MAIL : PCC_DIFFSTAT_WIDTH_DEFAULT,
      git, error);
  if (!diffstat)
    return NULL;
  g_hash_table_insert (v, "diffstat", rstrip (diffstat));

  g_hash_table_insert (v, "range_diff",
                       rstrip (g_strdup (c->range_diff ? c->range_diff : "")));
  const char *bc = pcc_series_get_base_commit (c->series);
  g_hash_table_insert (v, "base_commit", g_strdup (bc ? bc : ""));
  const char *cid = pcc_series_get_change_id (c->series);
  g_hash_table_insert (v, "change_id", g_strdup (cid ? cid : ""));
  g_hash_table_insert (v, "prerequisites",
                       pcc_series_format_prerequisites (c->series));

  char *sig = c->signature ? g_strdup (c->signature)
                           : pcc_cover_default_signature ();
  if (!sig)
    sig = g_strdup (pcc_cover_get_from (c));
  g_hash_table_insert (v, "signature", rstrip (sig));

  for (const char *const *t = pcc_provenance_get_tokens (); *t; t++)
    g_hash_table_insert (v, (char *) *t,
                         pcc_provenance_render_token (c->prov, *t));
  g_hash_table_insert (v, "title", g_strdup (pcc_cover_get_title (c)));
  g_hash_table_insert (v, "changes",
                       rstrip (g_strdup (c->changes ? c->changes : "")));
  g_hash_table_insert (
      v, "total",
      g_strdup_printf ("%u", pcc_series_get_n_patches (c->series)));
  return g_steal_pointer (&v);
}

char *
pcc_cover_render_body (PccCover *c, GError **error)
{
  PccTemplate *tpl = ensure_template (c, error);
  if (!tpl)
    return NULL;
  g_autoptr (GHashTable) values = pcc_cover_get_values (c, error);
  if (!values)
    return NULL;
  return pcc_template_render (tpl, values, error);
}

/* --- the mail -------------------------------------------------------------------- */

static gboolean
append_address_header (GString *mail, const char *name,
                       const char *const *addrs, GError **error)
{
  guint n = 0;
  for (guint i = 0; addrs && addrs[i]; i++)
    {
      if (!pcc_rfc2047_check_value (name, addrs[i], error))
        return FALSE;
      if (!*addrs[i])
        continue;
      g_string_append (mail, n == 0 ? name : ",\n ");
      if (n == 0)
        g_string_append (mail, ": ");
      pcc_rfc2047_append_address (mail, addrs[i]);
      n++;
    }
  if (n)
    g_string_append_c (mail, '\n');
  return TRUE;
}

char *
pcc_cover_render_mail (PccCover *c, const char *const *to,
                       const char *const *cc, GError **error)
{
  g_autofree char *body = pcc_cover_render_body (c, error);
  if (!body)
    return NULL;
  g_autofree char *subject = pcc_cover_get_subject (c);
  const char *from = pcc_cover_get_from (c);

  g_autoptr (GString) mail = g_string_new (
      "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 "
      "2001\n");
  g_autofree char *efrom
      = pcc_rfc2047_encode_header ("From", from ? from : "", TRUE, error);
  if (!efrom)
    return NULL;
  g_string_append_printf (mail, "From: %s\n", efrom);
  g_autofree char *date
      = c->date ? g_strdup (c->date) : pcc_date_rfc2822_now ();
  if (!pcc_rfc2047_check_value ("Date", date, error))
    return NULL;
  g_string_append_printf (mail, "Date: %s\n", date);
  g_autofree char *esubj
      = pcc_rfc2047_encode_header ("Subject", subject, FALSE, error);
  if (!esubj)
    return NULL;
  g_string_append_printf (mail, "Subject: %s\n", esubj);
  if (!append_address_header (mail, "To", to, error)
      || !append_address_header (mail, "Cc", cc, error))
    return NULL;
  if (!pcc_rfc2047_is_ascii (body))
    g_string_append (mail, "MIME-Version: 1.0\n"
                           "Content-Type: text/plain; charset=UTF-8\n"
                           "Content-Transfer-Encoding: 8bit\n");
  g_string_append_c (mail, '\n');
  g_string_append (mail, body);
  if (mail->len && mail->str[mail->len - 1] != '\n')
    g_string_append_c (mail, '\n');
  return g_string_free (g_steal_pointer (&mail), FALSE);
}
