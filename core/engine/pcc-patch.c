/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-patch.c - a patch, a mail or an mbox read into its two views
 * (see pcc-patch.h): the headers, the commit message and its trailers,
 * the files of the diff; the get_maintainer.pl view is the scan's
 * (pcc-patch-scan.c), the mail's headers and MIME body pcc-mime.c's. */
#include "pcc-patch.h"
#include "pcc-subject.h"
#include "pcc-diff.h"
#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-mime.h"

#include <string.h>
#include <glib/gstdio.h>

struct _PccPatch
{
  char *name;
  char *data; /* the input, NUL-terminated */
  gsize len;
  char *text; /* what was scanned: data, or the decoded mail */
  gsize text_len;

  PccPatchScan scan; /* the get_maintainer.pl view, and the footer */

  GPtrArray *headers; /* PccMimeHeader, of the first mail: @value
                         decoded, @raw as written (address lists are
                         parsed from it, then each name decoded: RFC 2047
                         section 5, an encoded "Doe, Jane" is one name,
                         not two addresses) */
  GPtrArray *to, *cc; /* display strings */
  char *author;       /* From: as one display string, or NULL */
  char *title;
  guint series_index, series_total;
  gboolean cover;
  char *message;
  GArray *trailers; /* PccTrailer */
  GArray *files;    /* PccPatchFile */
};

/* --- small helpers ---------------------------------------------------- */

static gboolean
has_prefix (const char *p, const char *end, const char *prefix)
{
  gsize n = strlen (prefix);
  return (gsize) (end - p) >= n && memcmp (p, prefix, n) == 0;
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
  pcc_patch_scan_clear (&patch->scan);
  g_ptr_array_unref (patch->headers);
  g_ptr_array_unref (patch->to);
  g_ptr_array_unref (patch->cc);
  g_free (patch->author);
  g_free (patch->title);
  g_free (patch->message);
  g_array_unref (patch->trailers);
  g_array_unref (patch->files);
  g_free (patch);
}

/* --- mail headers ----------------------------------------------------- */

const char *
pcc_patch_get_header (const PccPatch *patch, const char *name)
{
  const PccMimeHeader *h = pcc_mime_find_header (patch->headers, name);
  return h ? h->value : NULL;
}

static void
collect_addresses (PccPatch *patch, const char *name, GPtrArray *out)
{
  for (guint i = 0; i < patch->headers->len; i++)
    {
      const PccMimeHeader *h = patch->headers->pdata[i];
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

char *
pcc_patch_decode_text (const char *data, gsize len, gsize *out_len)
{
  const char *end = data + len;
  const char *mail = pcc_mime_skip_from_line (data, end);
  gsize hdr_len = pcc_mime_header_block (mail, end);
  if (hdr_len == 0)
    return NULL;
  gsize dlen = 0;
  guint too_deep = 0; /* then the raw bytes are read */
  g_autofree char *decoded = pcc_mime_decode_body (
      mail, end - mail, hdr_len, PCC_PATCH_MAX_MIME_DEPTH, &dlen, &too_deep);
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
  pcc_patch_scan_init (&patch->scan);
  patch->headers = g_ptr_array_new ();
  patch->to = g_ptr_array_new_with_free_func (g_free);
  patch->cc = g_ptr_array_new_with_free_func (g_free);
  patch->trailers = g_array_new (FALSE, TRUE, sizeof (PccTrailer));
  g_array_set_clear_func (patch->trailers, clear_trailer);
  patch->files = g_array_new (FALSE, TRUE, sizeof (PccPatchFile));
  g_array_set_clear_func (patch->files, clear_file);

  /* A mail: an optional mbox "From " line, then headers. */
  const char *end = patch->data + len;
  const char *mail = pcc_mime_skip_from_line (patch->data, end);
  gsize hdr_len = pcc_mime_header_block (mail, end);
  const char *body = mail + hdr_len;
  guint body_lineno = 1;
  for (const char *c = patch->data; c < body; c++)
    body_lineno += *c == '\n';

  if (hdr_len > 0)
    {
      g_ptr_array_unref (patch->headers);
      patch->headers = pcc_mime_parse_headers (mail, hdr_len);
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
          = pcc_mime_decode_body (mail, end - mail, hdr_len,
                                  PCC_PATCH_MAX_MIME_DEPTH, &dlen, &too_deep);
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

  pcc_patch_scan (&patch->scan, patch->text, patch->text_len);
  parse_message (patch, body, patch->text + patch->text_len, body_lineno);
  if (!parse_diff (patch, error))
    {
      pcc_patch_free (patch);
      return NULL;
    }
  if (!patch->cover && patch->scan.gm_files->len == 0 && hdr_len > 0
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
  return patch->scan.gm_files;
}

gboolean
pcc_patch_has_diff (const PccPatch *patch)
{
  return patch->scan.gm_files->len > 0;
}

const GArray *
pcc_patch_get_keyword_lines (const PccPatch *patch)
{
  return patch->scan.kw_lines;
}

const GPtrArray *
pcc_patch_get_fixes (const PccPatch *patch)
{
  return patch->scan.fixes;
}

const GArray *
pcc_patch_get_blame_ranges (const PccPatch *patch)
{
  return patch->scan.blame_ranges;
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
  return patch->scan.base_commit;
}

const GPtrArray *
pcc_patch_get_prerequisites (const PccPatch *patch)
{
  return patch->scan.prereqs;
}

const char *
pcc_patch_get_change_id (const PccPatch *patch)
{
  return patch->scan.change_id;
}

const GArray *
pcc_patch_get_files (const PccPatch *patch)
{
  return patch->files;
}

const char *
pcc_patch_find_git_diff (const char *text, gsize len, gsize *dlen)
{
  const char *end = text + len, *start = NULL;
  for (const char *p = text; p && p < end;)
    {
      if ((gsize) (end - p) >= 11 && memcmp (p, "diff --git ", 11) == 0)
        {
          start = p;
          break;
        }
      const char *nl = memchr (p, '\n', end - p);
      p = nl ? nl + 1 : NULL;
    }
  if (start == NULL)
    return NULL;
  *dlen = end - start;
  for (const char *p = start; p < end;)
    {
      const char *nl = memchr (p, '\n', end - p);
      gsize n = nl ? (gsize) (nl - p) : (gsize) (end - p);
      if (n == 3 && memcmp (p, "-- ", 3) == 0)
        {
          *dlen = p - start;
          break;
        }
      p = nl ? nl + 1 : end;
    }
  return start;
}
