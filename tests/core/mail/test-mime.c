/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-mime.c - reading MIME structure (core/mail/pcc-mime.h): the
 * nesting check before libetpan sees a mail never reads past the mail.
 *
 * The mail is put at the very end of a page whose next page is
 * unreadable, so that a read past its last byte faults here, with or
 * without AddressSanitizer. */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pcc-mime.h"

typedef struct
{
  char *map;
  gsize map_len;
  char *mail;
} Fenced;

/* @text (without its NUL) ending right before an unreadable page. */
static Fenced
fence (const char *text)
{
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  gsize len = strlen (text);
  gsize pages = (len + page - 1) / page + 1;
  Fenced f;

  f.map_len = pages * page;
  f.map = mmap (NULL, f.map_len, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  g_assert_true (f.map != MAP_FAILED);
  g_assert_cmpint (mprotect (f.map + (pages - 1) * page, page, PROT_NONE), ==,
                   0);
  f.mail = f.map + (pages - 1) * page - len;
  memcpy (f.mail, text, len);
  return f;
}

static void
unfence (Fenced *f)
{
  munmap (f->map, f->map_len);
}

static void
decode (const char *text)
{
  Fenced f = fence (text);
  gsize len = strlen (text), out_len = 0;
  guint deep = 0;
  g_autofree char *out
      = pcc_mime_decode_body (f.mail, len, len, 8, &out_len, &deep);

  /* Whatever it makes of it, it stays within the bytes it was given. */
  (void) out;
  unfence (&f);
}

/* A boundary that runs to the last byte of the mail. */
static void
test_boundary_at_end (void)
{
  decode ("Content-Type: multipart/mixed; boundary=abcdef");
  decode ("Content-Type: multipart/mixed; boundary=\"abcdef");
  decode ("Content-Type: multipart/mixed; boundary=");
  decode ("Content-Type: multipart/mixed; boundary=\"");
  decode ("MIME-Version: 1.0\nContent-Type: multipart/mixed;\n"
          " boundary=\"xyz\"\n\n--xyz\nContent-Type: multipart/mixed; "
          "boundary=inner");
}

/* The nesting is still counted and still refused past the limit. */
static void
test_depth (void)
{
  g_autoptr (GString) m = g_string_new ("Content-Type: multipart/mixed; "
                                        "boundary=\"b0\"\n\n");
  gsize out_len = 0;
  guint deep = 0;
  g_autofree char *out = NULL;

  for (int i = 1; i <= 10; i++)
    g_string_append_printf (m,
                            "--b%d\nContent-Type: multipart/mixed; "
                            "boundary=\"b%d\"\n\n",
                            i - 1, i);
  out = pcc_mime_decode_body (m->str, m->len, m->len, 8, &out_len, &deep);
  g_assert_null (out);
  g_assert_cmpuint (deep, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mime/boundary-at-end", test_boundary_at_end);
  g_test_add_func ("/mime/depth", test_depth);
  return g_test_run ();
}
