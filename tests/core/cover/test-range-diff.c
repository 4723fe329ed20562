/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-range-diff.c - pcc_range_diff() against "git range-diff --no-color"
 * byte for byte: pairs of series written here by real git on one base
 * (identical, a code change, a message change, reordered, dropped, added,
 * split, renames, new, deleted and binary files, several hunks, unicode,
 * nothing in common, a long series, equal costs, notes, .mailmap) and
 * series generated from a fixed seed.  On a difference both texts are
 * printed. */
#include <string.h>
#include <unistd.h>

#include <git2.h>
#include <glib/gstdio.h>

#include "pcc-error.h"
#include "pcc-range-diff.h"
#include "pcc-test-git.h"

/* ---- a series as data: patches of edits to the work tree ---- */

typedef enum
{
  OP_REPLACE, /* line @line of @path becomes @text */
  OP_INSERT,  /* @text inserted before line @line */
  OP_DELETE,  /* line @line removed */
  OP_WRITE,   /* @path written with @text (a new file) */
  OP_REMOVE,  /* @path removed */
  OP_RENAME,  /* @path moved to @path2 */
  OP_CHMOD,   /* @path made executable */
  OP_BINARY,  /* @path written with binary bytes from seed @line */
  OP_SYMLINK, /* @path made a symbolic link to @text */
} OpKind;

typedef struct
{
  OpKind kind;
  char *path, *path2, *text;
  int line;
} Op;

typedef struct
{
  char *msg;
  char *author; /* NULL: the default one */
  GPtrArray *ops;
} Patch;

static void
op_free (Op *op)
{
  g_free (op->path);
  g_free (op->path2);
  g_free (op->text);
  g_free (op);
}

static void
patch_free (Patch *p)
{
  g_free (p->msg);
  g_free (p->author);
  g_ptr_array_unref (p->ops);
  g_free (p);
}

static Op *
op_new (OpKind kind, const char *path, int line, const char *text,
        const char *path2)
{
  Op *op = g_new0 (Op, 1);
  op->kind = kind;
  op->path = g_strdup (path);
  op->line = line;
  op->text = g_strdup (text);
  op->path2 = g_strdup (path2);
  return op;
}

static Op *
rep (const char *path, int line, const char *text)
{
  return op_new (OP_REPLACE, path, line, text, NULL);
}

static Op *
ins (const char *path, int line, const char *text)
{
  return op_new (OP_INSERT, path, line, text, NULL);
}

static Op *
del (const char *path, int line)
{
  return op_new (OP_DELETE, path, line, NULL, NULL);
}

static Op *
newf (const char *path, const char *text)
{
  return op_new (OP_WRITE, path, 0, text, NULL);
}

static Op *
rmf (const char *path)
{
  return op_new (OP_REMOVE, path, 0, NULL, NULL);
}

static Op *
mvf (const char *from, const char *to)
{
  return op_new (OP_RENAME, from, 0, NULL, to);
}

static Op *
chm (const char *path)
{
  return op_new (OP_CHMOD, path, 0, NULL, NULL);
}

static Op *
binf (const char *path, int seed)
{
  return op_new (OP_BINARY, path, seed, NULL, NULL);
}

static Op *
lnk (const char *path, const char *target)
{
  return op_new (OP_SYMLINK, path, 0, target, NULL);
}

static Op *
op_copy (const Op *o)
{
  return op_new (o->kind, o->path, o->line, o->text, o->path2);
}

/* A patch with message @msg and the edits that follow, NULL-terminated. */
static Patch *
patch (const char *msg, ...)
{
  Patch *p = g_new0 (Patch, 1);
  va_list ap;
  Op *op;

  p->msg = g_strdup (msg);
  p->ops = g_ptr_array_new_with_free_func ((GDestroyNotify) op_free);
  va_start (ap, msg);
  while ((op = va_arg (ap, Op *)))
    g_ptr_array_add (p->ops, op);
  va_end (ap);
  return p;
}

static Patch *
patch_copy (const Patch *p)
{
  Patch *c = patch (p->msg, NULL);
  c->author = g_strdup (p->author);
  for (guint i = 0; i < p->ops->len; i++)
    g_ptr_array_add (c->ops, op_copy (p->ops->pdata[i]));
  return c;
}

static GPtrArray *
series_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) patch_free);
}

/* ---- the work tree ---- */

static char **
read_lines (PccTestRepo *r, const char *path)
{
  g_autofree char *full = g_build_filename (r->work, path, NULL);
  g_autofree char *text = NULL;
  if (!g_file_get_contents (full, &text, NULL, NULL))
    return g_new0 (char *, 1);
  gsize len = strlen (text);
  if (len && text[len - 1] == '\n')
    text[len - 1] = '\0';
  return g_strsplit (text, "\n", -1);
}

static void
write_lines (PccTestRepo *r, const char *path, char **lines)
{
  g_autofree char *joined = g_strjoinv ("\n", lines);
  g_autofree char *text = g_strconcat (joined, "\n", NULL);
  pcc_test_write (r, path, text, -1);
}

static void
apply_op (PccTestRepo *r, const Op *op)
{
  g_autofree char *full = g_build_filename (r->work, op->path, NULL);

  switch (op->kind)
    {
      case OP_REPLACE:
      case OP_INSERT:
      case OP_DELETE:
        {
          g_auto (GStrv) lines = read_lines (r, op->path);
          guint n = g_strv_length (lines);
          g_autoptr (GPtrArray) out = g_ptr_array_new ();
          guint at = n ? (guint) op->line % (n + (op->kind == OP_INSERT)) : 0;
          for (guint i = 0; i <= n; i++)
            {
              if (i == at && op->kind == OP_INSERT)
                g_ptr_array_add (out, op->text);
              if (i == n)
                break;
              if (i == at && op->kind == OP_REPLACE)
                g_ptr_array_add (out, op->text);
              else if (!(i == at && op->kind == OP_DELETE))
                g_ptr_array_add (out, lines[i]);
            }
          g_ptr_array_add (out, NULL);
          write_lines (r, op->path, (char **) out->pdata);
          break;
        }
      case OP_WRITE:
        pcc_test_write (r, op->path, op->text, -1);
        break;
      case OP_REMOVE:
        g_unlink (full);
        break;
      case OP_RENAME:
        {
          g_autofree char *to = g_build_filename (r->work, op->path2, NULL);
          g_autofree char *dir = g_path_get_dirname (to);
          g_mkdir_with_parents (dir, 0700);
          g_rename (full, to);
          break;
        }
      case OP_CHMOD:
        g_chmod (full, 0755);
        break;
      case OP_SYMLINK:
        {
          g_autofree char *dir = g_path_get_dirname (full);
          g_mkdir_with_parents (dir, 0700);
          g_unlink (full);
          g_assert_cmpint (symlink (op->text, full), ==, 0);
          break;
        }
      case OP_BINARY:
        {
          GString *s = g_string_new (NULL);
          GRand *rand = g_rand_new_with_seed (op->line);
          for (int i = 0; i < 300; i++)
            g_string_append_c (s, (char) g_rand_int_range (rand, 0, 256));
          g_string_append_c (s, '\0');
          pcc_test_write (r, op->path, s->str, s->len);
          g_rand_free (rand);
          g_string_free (s, TRUE);
          break;
        }
    }
}

static void
commit_series (PccTestRepo *r, GPtrArray *series)
{
  for (guint i = 0; i < series->len; i++)
    {
      Patch *p = series->pdata[i];
      for (guint k = 0; k < p->ops->len; k++)
        apply_op (r, p->ops->pdata[k]);
      g_free (pcc_test_commit (
          r, p->author ? p->author : "Ann Author <ann@example.org>", p->msg));
    }
}

/* A C-like file of @n lines, functions every eight lines. */
static char *
c_file (const char *name, int n)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < n; i++)
    if (i % 8 == 0)
      g_string_append_printf (s, "int %s_fn%d (int x)\n", name, i / 8);
    else if (i % 8 == 7)
      g_string_append (s, "}\n");
    else if (i % 8 == 1)
      g_string_append (s, "{\n");
    else
      g_string_append_printf (s, "\tx = x * %d + %d; /* %s */\n", i, i % 5,
                              name);
  return g_string_free (s, FALSE);
}

static const char *const base_files[]
    = { "lib/alpha.c", "lib/beta.c", "include/gamma.h", "doc/delta.txt" };

static void
write_base (PccTestRepo *r, const char *mailmap)
{
  for (guint i = 0; i < G_N_ELEMENTS (base_files); i++)
    {
      g_autofree char *stem = g_path_get_basename (base_files[i]);
      *strchr (stem, '.') = '\0';
      g_autofree char *text = c_file (stem, 48);
      pcc_test_write (r, base_files[i], text, -1);
    }
  pcc_test_write (r, "data/blob.bin", "\x01\x02\0\x03binary\0", 11);
  pcc_test_write (r, "tools/run.sh", "#!/bin/sh\necho run\n", -1);
  if (mailmap)
    pcc_test_write (r, ".mailmap", mailmap, -1);
  g_free (pcc_test_commit (r, "Base Author <base@example.org>", "base\n"));
  g_free (pcc_test_gitf (r, "tag base"));
}

/* ---- comparing ---- */

static GArray *
rev_list (PccTestRepo *r, const char *range)
{
  g_autofree char *out = pcc_test_gitf (r, "rev-list --reverse %s", range);
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  GArray *oids = g_array_new (FALSE, FALSE, sizeof (git_oid));
  for (char **l = lines; *l; l++)
    if (**l)
      {
        git_oid oid;
        g_assert_cmpint (git_oid_fromstr (&oid, *l), ==, 0);
        g_array_append_val (oids, oid);
      }
  return oids;
}

static guint n_pairs, n_agree, n_known;

/* The next run_pair() is of a known gap (see compare_full()). */
static gboolean known_gap;

/* Whether @line is a hunk header of the inner diff ("    @@ ...") or of
 * a commit's diff inside it ("    " and a marker and "@@ ..."). */
static gboolean
is_hunk_header (const char *line)
{
  return g_str_has_prefix (line, "    @@")
         || (strlen (line) > 5 && g_str_has_prefix (line, "    ")
             && strchr (" -+", line[4]) && g_str_has_prefix (line + 5, "@@"));
}

/* For a known gap (a diff driver libgit2 lacks): TRUE when @want and @got
 * have the same lines but for some hunk headers, each shown. */
static gboolean
only_hunk_headers_differ (const char *want, const char *got)
{
  g_auto (GStrv) w = g_strsplit (want, "\n", -1);
  g_auto (GStrv) g = g_strsplit (got, "\n", -1);

  if (g_strv_length (w) != g_strv_length (g))
    return FALSE;
  for (guint i = 0; w[i]; i++)
    if (strcmp (w[i], g[i]))
      {
        if (!is_hunk_header (w[i]) || !is_hunk_header (g[i]))
          return FALSE;
        g_test_message ("known difference: git \"%s\", patchcc \"%s\"", w[i],
                        g[i]);
      }
  return TRUE;
}

/* Compare patchcc with git for the branches v1 and v2 on tag base; with
 * @gap, hunk headers may differ (see only_hunk_headers_differ()). */
static void
compare_full (PccTestRepo *r, const char *name, gboolean gap)
{
  const char *argv[]
      = { "range-diff", "--no-color", "base..v1", "base..v2", NULL };
  g_autofree char *want = pcc_test_git (r, argv);
  g_autoptr (GArray) a = rev_list (r, "base..v1");
  g_autoptr (GArray) b = rev_list (r, "base..v2");
  git_repository *repo = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (git_repository_open_ext (&repo, r->work, 0, NULL), ==, 0);
  g_autofree char *got
      = pcc_range_diff (repo, (const git_oid *) a->data, a->len,
                        (const git_oid *) b->data, b->len, &error);
  git_repository_free (repo);
  g_assert_no_error (error);
  if (g_test_verbose ())
    g_printerr ("--- %s:\n%s", name, want);
  if (gap)
    {
      n_known++;
      g_assert_true (g_strcmp0 (want, got) == 0
                     || only_hunk_headers_differ (want, got));
      return;
    }
  n_pairs++;
  if (g_strcmp0 (want, got) == 0)
    {
      n_agree++;
      return;
    }
  g_printerr ("range-diff %s differs\n--- git:\n%s--- patchcc:\n%s---\n", name,
              want, got);
}

static void
compare (PccTestRepo *r, const char *name)
{
  compare_full (r, name, FALSE);
}

/* Write the base, then @v1 on branch v1 and @v2 on branch v2, compare. */
static void
run_pair (const char *name, GPtrArray *v1, GPtrArray *v2, const char *mailmap,
          void (*after) (PccTestRepo *r))
{
  g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
  if (!r)
    return;
  write_base (r, mailmap);
  g_free (pcc_test_gitf (r, "checkout -q -b v1 base"));
  commit_series (r, v1);
  g_free (pcc_test_gitf (r, "checkout -q -b v2 base"));
  commit_series (r, v2);
  if (after)
    after (r);
  compare_full (r, name, known_gap);
  known_gap = FALSE;
  g_ptr_array_unref (v1);
  g_ptr_array_unref (v2);
}

/* ---- the written pairs ---- */

static GPtrArray *
three (const char *second_line, const char *first_msg)
{
  GPtrArray *s = series_new ();
  g_ptr_array_add (
      s, patch (first_msg, rep ("lib/alpha.c", 3, "\tx = 0;"), NULL));
  g_ptr_array_add (s, patch ("beta: change the second function\n\nThe body "
                             "explains\nwhy it matters.\n",
                             rep ("lib/beta.c", 12, second_line), NULL));
  g_ptr_array_add (s, patch ("gamma: add a declaration\n",
                             ins ("include/gamma.h", 20, "int gamma (void);"),
                             NULL));
  return s;
}

#define FIRST_MSG "alpha: reset x\n\nSigned-off-by: Ann <ann@example.org>\n"

static void
test_identical (void)
{
  run_pair ("identical", three ("\tx = 1;", FIRST_MSG),
            three ("\tx = 1;", FIRST_MSG), NULL, NULL);
}

static void
test_code_change (void)
{
  run_pair ("code change", three ("\tx = 1;", FIRST_MSG),
            three ("\tx = 2; /* better */", FIRST_MSG), NULL, NULL);
}

static void
test_message_change (void)
{
  run_pair ("message change", three ("\tx = 1;", FIRST_MSG),
            three ("\tx = 1;",
                   "alpha: reset x to zero\n\nNow with a reason.\n\n"
                   "Signed-off-by: Ann <ann@example.org>\n"),
            NULL, NULL);
}

static void
test_reordered (void)
{
  GPtrArray *v2 = three ("\tx = 1;", FIRST_MSG);
  GPtrArray *v1 = three ("\tx = 1;", FIRST_MSG);
  /* v2: the third patch first */
  Patch *p = g_ptr_array_steal_index (v2, 2);
  g_ptr_array_insert (v2, 0, p);
  run_pair ("reordered", v1, v2, NULL, NULL);
}

static void
test_dropped (void)
{
  GPtrArray *v2 = three ("\tx = 1;", FIRST_MSG);
  g_ptr_array_remove_index (v2, 1);
  run_pair ("dropped", three ("\tx = 1;", FIRST_MSG), v2, NULL, NULL);
}

static void
test_added (void)
{
  GPtrArray *v2 = three ("\tx = 1;", FIRST_MSG);
  g_ptr_array_insert (v2, 1,
                      patch ("doc: mention the change\n",
                             ins ("doc/delta.txt", 5, "A new paragraph."),
                             ins ("doc/delta.txt", 30, "And another."), NULL));
  run_pair ("added", three ("\tx = 1;", FIRST_MSG), v2, NULL, NULL);
}

static void
test_split (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("lib: rework alpha and beta\n",
                              rep ("lib/alpha.c", 10, "\tx = 10;"),
                              rep ("lib/alpha.c", 11, "\tx = 11;"),
                              rep ("lib/beta.c", 26, "\tx = 26;"),
                              rep ("lib/beta.c", 27, "\tx = 27;"), NULL));
  g_ptr_array_add (v1, patch ("gamma: follow\n",
                              rep ("include/gamma.h", 4, "\tx = 4;"), NULL));
  g_ptr_array_add (v2, patch ("alpha: rework\n",
                              rep ("lib/alpha.c", 10, "\tx = 10;"),
                              rep ("lib/alpha.c", 11, "\tx = 11;"), NULL));
  g_ptr_array_add (v2, patch ("beta: rework\n",
                              rep ("lib/beta.c", 26, "\tx = 26;"),
                              rep ("lib/beta.c", 27, "\tx = 27;"), NULL));
  g_ptr_array_add (v2, patch ("gamma: follow\n",
                              rep ("include/gamma.h", 4, "\tx = 4;"), NULL));
  run_pair ("split", v1, v2, NULL, NULL);
}

static void
test_rename (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("beta: move to core\n",
                              mvf ("lib/beta.c", "core/beta.c"), NULL));
  g_ptr_array_add (v1, patch ("alpha: rename and edit\n",
                              mvf ("lib/alpha.c", "lib/alpha2.c"),
                              rep ("lib/alpha2.c", 5, "\tx = 5;"), NULL));
  g_ptr_array_add (v2, patch ("beta: move to core\n",
                              mvf ("lib/beta.c", "core/beta-new.c"), NULL));
  g_ptr_array_add (v2, patch ("alpha: rename and edit\n",
                              mvf ("lib/alpha.c", "lib/alpha2.c"),
                              rep ("lib/alpha2.c", 6, "\tx = 6;"), NULL));
  run_pair ("rename", v1, v2, NULL, NULL);
}

static void
test_new_file (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("lib: add epsilon\n",
                              newf ("lib/epsilon.c", "int e;\nint f;\n"),
                              newf ("lib/empty.c", ""), NULL));
  g_ptr_array_add (v2, patch ("lib: add epsilon\n",
                              newf ("lib/epsilon.c", "int e;\nint g;\n"),
                              newf ("lib/empty.c", ""), NULL));
  run_pair ("new file", v1, v2, NULL, NULL);
}

static void
test_deleted_file (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1,
                   patch ("doc: drop delta\n", rmf ("doc/delta.txt"), NULL));
  g_ptr_array_add (v1,
                   patch ("tools: drop run.sh\n", rmf ("tools/run.sh"), NULL));
  g_ptr_array_add (v2,
                   patch ("doc: drop delta\n", rmf ("doc/delta.txt"),
                          rep ("lib/alpha.c", 2, "\t/* delta gone */"), NULL));
  g_ptr_array_add (v2,
                   patch ("tools: drop run.sh\n", rmf ("tools/run.sh"), NULL));
  run_pair ("deleted file", v1, v2, NULL, NULL);
}

/* Symbolic links: a new one, and a file that becomes one (git shows the
 * deletion, then the link). */
static void
test_symlinks (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("links\n", lnk ("lib/link", "alpha.c"),
                              lnk ("tools/run.sh", "../lib/beta.c"), NULL));
  g_ptr_array_add (v2, patch ("links\n", lnk ("lib/link", "gamma.c"),
                              lnk ("tools/run.sh", "../lib/beta.c"), NULL));
  run_pair ("symbolic links", v1, v2, NULL, NULL);
}

/* Names git quotes: a space, non-ASCII bytes. */
static void
test_names (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  for (int v = 0; v < 2; v++)
    {
      GPtrArray *s = v ? v2 : v1;
      g_ptr_array_add (s, patch ("names\n",
                                 newf ("doc/caf\xc3\xa9 menu.txt",
                                       v ? "tea\ncoffee\n" : "tea\n"),
                                 binf ("data/bl\xc3\xb6"
                                       "b one.bin",
                                       7 + v),
                                 mvf ("doc/delta.txt", "doc/d\xc3\xa9lta.txt"),
                                 NULL));
    }
  run_pair ("quoted names", v1, v2, NULL, NULL);
}

static void
test_binary (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("data: new blob\n", binf ("data/blob.bin", 1),
                              binf ("data/new.bin", 2), NULL));
  g_ptr_array_add (v2, patch ("data: new blob\n", binf ("data/blob.bin", 3),
                              binf ("data/new.bin", 2), NULL));
  g_ptr_array_add (
      v2, patch ("data: remove the new blob\n", rmf ("data/new.bin"), NULL));
  run_pair ("binary", v1, v2, NULL, NULL);
}

static void
test_mode (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("tools: make run.sh executable\n",
                              chm ("tools/run.sh"), NULL));
  g_ptr_array_add (v2, patch ("tools: make run.sh executable\n",
                              chm ("tools/run.sh"),
                              ins ("tools/run.sh", 1, "set -e"), NULL));
  run_pair ("mode change", v1, v2, NULL, NULL);
}

static void
test_hunks (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("alpha: many places\n",
                              rep ("lib/alpha.c", 3, "\tx = -3;"),
                              rep ("lib/alpha.c", 19, "\tx = -19;"),
                              rep ("lib/alpha.c", 35, "\tx = -35;"),
                              del ("lib/alpha.c", 44), NULL));
  g_ptr_array_add (v2, patch ("alpha: many places\n",
                              rep ("lib/alpha.c", 3, "\tx = -3;"),
                              rep ("lib/alpha.c", 20, "\tx = -20;"),
                              rep ("lib/alpha.c", 35, "\tx = -35;"),
                              ins ("lib/alpha.c", 40, "\t/* new */"), NULL));
  run_pair ("several hunks", v1, v2, NULL, NULL);
}

static void
test_unicode (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  Patch *p = patch ("doc: café, naïve, 日本語\n\n"
                    "Ünïcödé body\twith a tab, 中文\tand more.\n",
                    ins ("doc/delta.txt", 4, "Grüße — 你好"), NULL);
  p->author = g_strdup ("Zoë Ärger <zoe@example.org>");
  g_ptr_array_add (v1, p);
  p = patch ("doc: café, naïve, 日本語\n\n"
             "Ünïcödé body\twith a tab, 中文\tand less.\n",
             ins ("doc/delta.txt", 4, "Grüße — 你好!"), NULL);
  p->author = g_strdup ("Zoë Ärger <zoe@example.org>");
  g_ptr_array_add (v2, p);
  run_pair ("unicode", v1, v2, NULL, NULL);
}

static void
test_nothing_common (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1,
                   patch ("alpha: one\n", rep ("lib/alpha.c", 3, "a"), NULL));
  g_ptr_array_add (v1,
                   patch ("alpha: two\n", rep ("lib/alpha.c", 30, "b"), NULL));
  g_ptr_array_add (v2, patch ("gamma: entirely else\n",
                              rep ("include/gamma.h", 12, "c"),
                              rep ("include/gamma.h", 13, "d"),
                              rep ("include/gamma.h", 14, "e"), NULL));
  g_ptr_array_add (v2,
                   patch ("doc: rewrite\n",
                          newf ("doc/new.txt", "1\n2\n3\n4\n5\n6\n"), NULL));
  run_pair ("nothing in common", v1, v2, NULL, NULL);
}

static void
test_long (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  for (int i = 0; i < 17; i++)
    {
      g_autofree char *msg = g_strdup_printf ("lib: step %d\n", i);
      g_autofree char *line = g_strdup_printf ("\tx = %d; /* step */", i);
      const char *file = base_files[i % 3];
      g_ptr_array_add (v1, patch (msg, rep (file, 2 + i * 2, line), NULL));
      if (i == 4)
        continue; /* dropped */
      if (i == 9)
        {
          g_autofree char *l2 = g_strdup_printf ("\tx = %d; /* v2 */", i);
          g_ptr_array_add (v2, patch (msg, rep (file, 2 + i * 2, l2), NULL));
          continue;
        }
      g_ptr_array_add (v2, patch (msg, rep (file, 2 + i * 2, line), NULL));
    }
  g_ptr_array_add (v2, patch ("lib: one more step\n",
                              rep ("lib/beta.c", 44, "\tx = 44;"), NULL));
  run_pair ("long series", v1, v2, NULL, NULL);
}

/* Costs equal across the board: two patches per side, each v2 patch as
 * far from both v1 patches, unpaired costs the same too. */
static void
test_ties (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1,
                   patch ("alpha: a\n", rep ("lib/alpha.c", 3, "p"), NULL));
  g_ptr_array_add (v1,
                   patch ("alpha: b\n", rep ("lib/alpha.c", 3, "p"), NULL));
  g_ptr_array_add (v2,
                   patch ("alpha: a\n", rep ("lib/alpha.c", 3, "q"), NULL));
  g_ptr_array_add (v2,
                   patch ("alpha: b\n", rep ("lib/alpha.c", 3, "q"), NULL));
  run_pair ("ties", v1, v2, NULL, NULL);
}

/* Exact duplicates of one diff on both sides. */
static void
test_duplicates (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *m = g_strdup_printf ("toggle %d\n", i);
      const char *t = i % 2 ? "\tx = 3;" : "\tx = 99;";
      g_ptr_array_add (v1, patch (m, rep ("lib/beta.c", 4, t), NULL));
      g_ptr_array_add (v2, patch (m, rep ("lib/beta.c", 4, t), NULL));
    }
  g_ptr_array_add (
      v2, patch ("toggle 3\n", rep ("lib/beta.c", 4, "\tx = 3;"), NULL));
  run_pair ("duplicates", v1, v2, NULL, NULL);
}

static void
test_message_forms (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (
      v1, patch ("\n\nsubject over\ntwo lines   \n\n\tindented\tbody  \n"
                 "  \n\nlast line\n\n\n",
                 rep ("lib/alpha.c", 5, "m"), NULL));
  g_ptr_array_add (
      v2, patch ("\n\nsubject over\ntwo lines   \n\n\tindented\tbody  \n"
                 "  \n\nlast line changed\n\n\n",
                 rep ("lib/alpha.c", 5, "m"), NULL));
  run_pair ("message forms", v1, v2, NULL, NULL);
}

/* CR LF line ends, a control character before a tab (git then leaves
 * the tabs alone), invalid UTF-8 before a tab, a white-space-only line. */
static void
test_message_bytes (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("crlf: subject\r\n\r\nbody\tline\r\n"
                              "bell\a\there\tand\there\n"
                              "latin\xe9\there\n \t \nend\n",
                              rep ("lib/beta.c", 5, "c"), NULL));
  g_ptr_array_add (v2, patch ("crlf: subject\r\n\r\nbody\tline 2\r\n"
                              "bell\a\there\tand\there\n"
                              "latin\xe9\there\n \t \nend\n",
                              rep ("lib/beta.c", 5, "c"), NULL));
  run_pair ("message bytes", v1, v2, NULL, NULL);
}

/* A commit written as raw bytes on the current branch: @extra headers,
 * @author, @msg; @line replaces line 3 of lib/alpha.c. */
static void
raw_commit (PccTestRepo *r, const char *extra, const char *author,
            const char *msg, const char *line)
{
  Op *op = rep ("lib/alpha.c", 3, line);
  apply_op (r, op);
  op_free (op);
  g_free (pcc_test_gitf (r, "add -A"));
  g_autofree char *tree = g_strstrip (pcc_test_gitf (r, "write-tree"));
  g_autofree char *parent = g_strstrip (pcc_test_gitf (r, "rev-parse HEAD"));
  r->tick++;
  g_autofree char *text = g_strdup_printf (
      "tree %s\nparent %s\nauthor %s %u +0000\ncommitter %s %u +0000\n%s\n%s",
      tree, parent, author, 1700000000u + r->tick * 60, author,
      1700000000u + r->tick * 60, extra, msg);
  g_autofree char *file = g_build_filename (r->root, "raw-commit", NULL);
  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  const char *argv[]
      = { "hash-object", "-t", "commit", "-w", "--literally", file, NULL };
  g_autofree char *sha = g_strstrip (pcc_test_git (r, argv));
  g_free (pcc_test_gitf (r, "update-ref HEAD %s", sha));
}

/* Messages git commit would not write: invalid UTF-8 before a tab (git
 * log then leaves the tabs), and a commit in ISO-8859-1 (shown in UTF-8,
 * its author's name too). */
static void
test_raw_commits (void)
{
  g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
  if (!r)
    return;
  write_base (r, NULL);
  for (int v = 1; v <= 2; v++)
    {
      g_free (pcc_test_gitf (r, "checkout -q -b v%d base", v));
      raw_commit (r, "", "Ann <ann@example.org>",
                  v == 1 ? "raw: invalid\n\nlatin\xe9\there\tand\there\nv1\n"
                         : "raw: invalid\n\nlatin\xe9\there\tand\there\nv2\n",
                  v == 1 ? "\tx = 1;" : "\tx = 2;");
      raw_commit (r, "encoding ISO-8859-1\n",
                  "J\xf6rg M\xfcller <jm@example.org>",
                  v == 1 ? "raw: latin-1 \xe9t\xe9\n\nd\xe9j\xe0\tvu\nv1\n"
                         : "raw: latin-1 \xe9t\xe9\n\nd\xe9j\xe0\tvu\nv2\n",
                  v == 1 ? "\tx = 3;" : "\tx = 4;");
    }
  compare (r, "raw commits");
}

static void
test_no_newline (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("doc: no final newline\n",
                              newf ("doc/eof.txt", "one\ntwo"), NULL));
  g_ptr_array_add (v2, patch ("doc: no final newline\n",
                              newf ("doc/eof.txt", "one\ntwo\nthree"), NULL));
  run_pair ("no newline", v1, v2, NULL, NULL);
}

static void
test_mailmap (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  Patch *p = patch ("alpha: by an old address\n", rep ("lib/alpha.c", 9, "z"),
                    NULL);
  p->author = g_strdup ("Old Name <old@example.org>");
  g_ptr_array_add (v1, p);
  p = patch ("alpha: by an old address\n", rep ("lib/alpha.c", 9, "z"), NULL);
  p->author = g_strdup ("Someone Else <else@example.org>");
  g_ptr_array_add (v2, p);
  run_pair ("mailmap", v1, v2,
            "New Name <new@example.org> <old@example.org>\n", NULL);
}

static void
add_notes (PccTestRepo *r)
{
  g_free (pcc_test_gitf (r, "notes add -m noted-in-v1 v1"));
  g_free (pcc_test_gitf (r, "notes add -m noted-in-v2 v2"));
  g_free (pcc_test_gitf (r, "notes add -m same v1~1"));
  g_free (pcc_test_gitf (r, "notes add -m same v2~1"));
}

static void
test_notes (void)
{
  run_pair ("notes", three ("\tx = 1;", FIRST_MSG),
            three ("\tx = 1;", FIRST_MSG), NULL, add_notes);
}

static void
test_rename_edit (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (v1, patch ("alpha: becomes omega\n",
                              mvf ("lib/alpha.c", "lib/omega.c"),
                              rep ("lib/omega.c", 12, "\tx = 12;"),
                              rep ("lib/omega.c", 30, "\tx = 30;"), NULL));
  g_ptr_array_add (v1,
                   patch ("gamma: moves too\n",
                          mvf ("include/gamma.h", "include/g/gamma.h"), NULL));
  g_ptr_array_add (v2, patch ("alpha: becomes omega\n",
                              mvf ("lib/alpha.c", "lib/omega.c"),
                              rep ("lib/omega.c", 12, "\tx = 12;"),
                              rep ("lib/omega.c", 31, "\tx = 31;"), NULL));
  g_ptr_array_add (v2, patch ("gamma: moves too\n",
                              mvf ("include/gamma.h", "include/g/gamma.h"),
                              chm ("include/g/gamma.h"), NULL));
  run_pair ("rename with edits", v1, v2, NULL, NULL);
}

/* Function names of more than 80 bytes: cut inside a UTF-8 character,
 * cut where white space ends the 80 bytes, and plain long. */
static const char long_fns[]
    = "int a_function_with_a_very_long_name_that_runs_beyond_eighty_bytes_"
      "of_header_text (int a, int b)\n{\n\ta = 1;\n\ta = 2;\n\ta = 3;\n"
      "\ta = 4;\n\ta = 5;\n}\n"
      "int f_0123456789012345678901234567890123456789012345678901234567890"
      "123456789\xc3\xa9\xc3\xa9 (void)\n{\n\ta = 1;\n\ta = 2;\n\ta = 3;\n"
      "\ta = 4;\n\ta = 5;\n}\n"
      "int g_01234567890123456789012345678901234567890123456789012345678901"
      "2345      (void)\n{\n\ta = 1;\n\ta = 2;\n\ta = 3;\n\ta = 4;\n"
      "\ta = 5;\n}\n"
      "int h_latin1_\xe9t\xe9 (void)\n{\n\ta = 1;\n\ta = 2;\n\ta = 3;\n"
      "\ta = 4;\n\ta = 5;\n}\n";

static void
test_long_functions (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_ptr_array_add (
      v1, patch ("lib: long names\n", newf ("lib/long.c", long_fns), NULL));
  g_ptr_array_add (
      v2, patch ("lib: long names\n", newf ("lib/long.c", long_fns), NULL));
  for (int i = 0; i < 2; i++)
    {
      GPtrArray *s = i ? v2 : v1;
      const char *t = i ? "\ta = 0;" : "\ta = -1;";
      g_ptr_array_add (
          s, patch ("lib: edit under long names\n", rep ("lib/long.c", 5, t),
                    rep ("lib/long.c", 13, t), rep ("lib/long.c", 21, t),
                    rep ("lib/long.c", 29, t), NULL));
    }
  run_pair ("long function names", v1, v2, NULL, NULL);
}

/* Hunk headers from a diff driver of .gitattributes (the kernel's is
 * "*.c diff=cpp"). */
static void
cpp_attributes (PccTestRepo *r)
{
  (void) r;
}

static void
test_cpp_driver (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  const char *src = "static int\nfoo (int a)\n{\n\ta = 1;\n\ta = 2;\n"
                    "\ta = 3;\n\ta = 4;\n\ta = 5;\n}\n\n"
                    "struct bar {\n\tint a;\n\tint b;\n\tint c;\n\tint d;\n"
                    "\tint e;\n};\n"
                    "label:\n\tint q;\n\tint r;\n\tint s;\n\tint t;\n";
  for (int i = 0; i < 2; i++)
    {
      GPtrArray *s = i ? v2 : v1;
      g_ptr_array_add (s, patch ("cpp: attributes\n",
                                 newf (".gitattributes", "*.c diff=cpp\n"),
                                 newf ("lib/cpp.c", src), NULL));
      g_ptr_array_add (s, patch ("cpp: edit\n",
                                 rep ("lib/cpp.c", 6, i ? "\ta = 0;" : "x"),
                                 rep ("lib/cpp.c", 14, "\tint z;"),
                                 rep ("lib/cpp.c", 21, "\tint y;"), NULL));
    }
  run_pair ("cpp diff driver", v1, v2, NULL, cpp_attributes);
}

/* A device tree source under the kernel's "*.dts diff=dts": libgit2 1.5
 * has no "dts" driver (git 2.39 has), so function names of its hunk
 * headers follow the default rule.  Compared, but counted apart. */
static void
test_dts_driver (void)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  const char *src
      = "/dts-v1/;\n\n/ {\n\tmodel = \"test\";\n\n"
        "\tsoc {\n\t\tuart0: serial@1000 {\n"
        "\t\t\tcompatible = \"ns16550\";\n\t\t\treg = <0x1000 0x100>;\n"
        "\t\t\tclock-frequency = <1843200>;\n"
        "\t\t\tstatus = \"disabled\";\n\t\t};\n\t};\n};\n";
  for (int i = 0; i < 2; i++)
    {
      GPtrArray *s = i ? v2 : v1;
      g_ptr_array_add (s, patch ("dts: attributes and a board\n",
                                 newf (".gitattributes", "*.dts diff=dts\n"),
                                 newf ("arch/test.dts", src), NULL));
      g_ptr_array_add (s, patch ("dts: enable the uart\n",
                                 rep ("arch/test.dts", 11,
                                      i ? "\t\t\tstatus = \"okay\";"
                                        : "\t\t\tstatus = \"ok\";"),
                                 NULL));
    }
  known_gap = TRUE;
  run_pair ("dts diff driver", v1, v2, NULL, NULL);
}

/* Every pairing costs the same: the v1 patches edit files t/fN.c, the v2
 * patches the same line of files t/gN.c of the same content, so only the
 * file names differ, in every pair alike. */
static void
ties_of (const char *name, int n, gboolean reverse)
{
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  g_autofree char *content = c_file ("t", 24);

  for (int v = 0; v < 2; v++)
    {
      GPtrArray *s = v ? v2 : v1;
      Patch *p = patch ("t: files of the same content\n", NULL);
      for (int i = 1; i <= n; i++)
        {
          g_autofree char *f = g_strdup_printf ("t/f%d.c", i);
          g_autofree char *g = g_strdup_printf ("t/g%d.c", i);
          g_ptr_array_add (p->ops, newf (f, content));
          g_ptr_array_add (p->ops, newf (g, content));
        }
      g_ptr_array_add (s, p);
      for (int i = 1; i <= n; i++)
        {
          int k = v && reverse ? n + 1 - i : i;
          g_autofree char *f = g_strdup_printf ("t/%c%d.c", v ? 'g' : 'f', k);
          g_autofree char *m = g_strdup_printf ("t: edit %d\n", i);
          g_ptr_array_add (s, patch (m, rep (f, 12, "\tx = 0;"), NULL));
        }
    }
  run_pair (name, v1, v2, NULL, NULL);
}

static void
test_ties_three (void)
{
  ties_of ("ties of three", 3, FALSE);
}

static void
test_ties_five (void)
{
  ties_of ("ties of five, reversed", 5, TRUE);
}

/* Enough packed objects (over 2^14) that git abbreviates to 8 digits. */
static void
many_packed_objects (PccTestRepo *r, int first, int n)
{
  GString *s = g_string_new (NULL);
  for (int i = first; i < first + n; i++)
    {
      g_autofree char *blob = g_strdup_printf ("blob %d\n", i);
      g_string_append_printf (s, "blob\ndata %zu\n%s\n", strlen (blob), blob);
    }
  g_autofree char *stream = g_build_filename (r->root, "stream", NULL);
  g_assert_true (g_file_set_contents (stream, s->str, s->len, NULL));
  g_string_free (s, TRUE);
  g_autofree char *cmd
      = g_strdup_printf ("git fast-import --quiet < '%s'", stream);
  const char *argv[] = { "sh", "-c", cmd, NULL };
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_spawn_sync (r->work, (char **) argv, r->env, G_SPAWN_SEARCH_PATH, NULL,
                NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
packed_objects (PccTestRepo *r)
{
  many_packed_objects (r, 0, 17000);
}

static void
test_abbrev_packed (void)
{
  run_pair ("abbreviation of a packed repository",
            three ("\tx = 1;", FIRST_MSG), three ("\tx = 5;", FIRST_MSG), NULL,
            packed_objects);
}

/* Two packs of 20000 objects under a multi-pack-index: counted once
 * (8 digits), not twice (9). */
static void
multi_pack_index (PccTestRepo *r)
{
  many_packed_objects (r, 0, 20000);
  many_packed_objects (r, 20000, 20000);
  g_free (pcc_test_gitf (r, "multi-pack-index write"));
}

static void
test_abbrev_midx (void)
{
  run_pair ("abbreviation with a multi-pack-index",
            three ("\tx = 1;", FIRST_MSG), three ("\tx = 5;", FIRST_MSG), NULL,
            multi_pack_index);
}

/* The packs of an alternate object folder count too. */
static void
alternate_objects (PccTestRepo *r)
{
  g_autofree char *alt = g_build_filename (r->root, "alt.git", NULL);
  const char *init[] = { "init", "-q", "--bare", alt, NULL };
  g_free (pcc_test_git (r, init));
  PccTestRepo other = *r;
  other.work = alt;
  many_packed_objects (&other, 0, 17000);
  g_autofree char *list
      = g_build_filename (r->work, ".git", "objects", "info", NULL);
  g_mkdir_with_parents (list, 0700);
  g_autofree char *file = g_build_filename (list, "alternates", NULL);
  g_autofree char *line = g_strdup_printf ("# shared\n%s/objects\n", alt);
  g_assert_true (g_file_set_contents (file, line, -1, NULL));
}

static void
test_abbrev_alternates (void)
{
  run_pair ("abbreviation with alternates", three ("\tx = 1;", FIRST_MSG),
            three ("\tx = 5;", FIRST_MSG), NULL, alternate_objects);
}

static void
abbrev_config (PccTestRepo *r)
{
  g_free (pcc_test_gitf (r, "config core.abbrev 11"));
}

static void
test_abbrev_config (void)
{
  run_pair ("core.abbrev", three ("\tx = 1;", FIRST_MSG),
            three ("\tx = 5;", FIRST_MSG), NULL, abbrev_config);
}

/* The diff settings git log and git range-diff read from the
 * configuration: context, inter-hunk context, the indent heuristic, the
 * patience algorithm, rename detection off or with copies. */
static void
diff_config_a (PccTestRepo *r)
{
  g_free (pcc_test_gitf (r, "config diff.context 5"));
  g_free (pcc_test_gitf (r, "config diff.interHunkContext 4"));
  g_free (pcc_test_gitf (r, "config diff.indentHeuristic false"));
  g_free (pcc_test_gitf (r, "config diff.renames false"));
  g_free (pcc_test_gitf (r, "config diff.suppressBlankEmpty true"));
}

static void
diff_config_b (PccTestRepo *r)
{
  g_free (pcc_test_gitf (r, "config diff.algorithm patience"));
  g_free (pcc_test_gitf (r, "config diff.renames copies"));
  g_free (pcc_test_gitf (r, "config diff.context 1"));
}

static GPtrArray *
config_series (int v)
{
  GPtrArray *s = series_new ();
  g_ptr_array_add (s, patch ("alpha: becomes omega\n",
                             mvf ("lib/alpha.c", "lib/omega.c"),
                             rep ("lib/omega.c", 12, "\tx = 12;"),
                             rep ("lib/omega.c", 20 + v, "\tx = 20;"), NULL));
  g_autofree char *beta = c_file ("beta", 48);
  g_ptr_array_add (s, patch ("beta: a copy\n", newf ("lib/beta2.c", beta),
                             rep ("lib/beta.c", 3 + v, "\tx = 3;"), NULL));
  g_ptr_array_add (s, patch ("gamma: hunks\n",
                             rep ("include/gamma.h", 3, "\tx = -3;"),
                             rep ("include/gamma.h", 11 + v, "\tx = -11;"),
                             ins ("include/gamma.h", 24, "}\n{"),
                             del ("include/gamma.h", 40), NULL));
  g_ptr_array_add (s,
                   patch (v ? "doc: blank lines\n\nin the message\n"
                            : "doc: blank lines\n\nin a message\n",
                          newf ("doc/blank.txt", "a\n\nb\n\nc\n\nd\n"), NULL));
  g_ptr_array_add (s, patch ("doc: around blank lines\n",
                             rep ("doc/blank.txt", 2, v ? "B" : "b2"), NULL));
  return s;
}

static void
test_diff_config (void)
{
  run_pair ("diff configuration (context, no renames)", config_series (0),
            config_series (1), NULL, diff_config_a);
  run_pair ("diff configuration (patience, copies)", config_series (0),
            config_series (1), NULL, diff_config_b);
}

/* Nothing on either side: an empty text; a commit the repository does
 * not have: PCC_ERROR_GIT. */
static void
test_edges (void)
{
  g_autoptr (PccTestRepo) r = pcc_test_repo_new ();
  if (!r)
    return;
  write_base (r, NULL);
  git_repository *repo = NULL;
  g_assert_cmpint (git_repository_open_ext (&repo, r->work, 0, NULL), ==, 0);
  g_autoptr (GError) error = NULL;
  g_autofree char *empty = pcc_range_diff (repo, NULL, 0, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (empty, ==, "");

  git_oid missing;
  g_assert_cmpint (
      git_oid_fromstr (&missing, "0123456789abcdef0123456789abcdef01234567"),
      ==, 0);
  g_autofree char *none = pcc_range_diff (repo, &missing, 1, NULL, 0, &error);
  g_assert_null (none);
  g_assert_error (error, PCC_ERROR, PCC_ERROR_GIT);
  git_repository_free (repo);
}

/* ---- generated pairs ---- */

static const char *const words[]
    = { "fix",  "add",    "drop", "rework", "tidy", "handle", "the", "error",
        "path", "buffer", "lock", "race",   "leak", "in",     "of",  "for" };

static char *
random_msg (GRand *rand, int i)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%s: ", base_files[i % 3]);
  for (int k = g_rand_int_range (rand, 2, 6); k > 0; k--)
    g_string_append_printf (
        s, "%s%s", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))],
        k > 1 ? " " : "\n");
  if (g_rand_boolean (rand))
    g_string_append (s, "\nA body line.\n\nSigned-off-by: Ann "
                        "<ann@example.org>\n");
  return g_string_free (s, FALSE);
}

static Op *
random_op (GRand *rand)
{
  const char *file = base_files[g_rand_int_range (rand, 0, 4)];
  int line = g_rand_int_range (rand, 0, 60);
  g_autofree char *text = g_strdup_printf (
      "\tx = %d; /* %s */", g_rand_int_range (rand, 0, 1000),
      words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
  switch (g_rand_int_range (rand, 0, 3))
    {
      case 0:
        return rep (file, line, text);
      case 1:
        return ins (file, line, text);
      default:
        return del (file, line);
    }
}

static Patch *
random_patch (GRand *rand, int i)
{
  g_autofree char *msg = random_msg (rand, i);
  Patch *p = patch (msg, NULL);
  for (int k = g_rand_int_range (rand, 1, 5); k > 0; k--)
    g_ptr_array_add (p->ops, random_op (rand));
  return p;
}

static void
test_generated (gconstpointer data)
{
  guint seed = GPOINTER_TO_UINT (data);
  GRand *rand = g_rand_new_with_seed (seed);
  GPtrArray *v1 = series_new (), *v2 = series_new ();
  /* the last seeds write long series */
  int n = seed % 100 > 20 ? g_rand_int_range (rand, 10, 17)
                          : g_rand_int_range (rand, 2, 10);

  for (int i = 0; i < n; i++)
    g_ptr_array_add (v1, random_patch (rand, i));
  for (int i = 0; i < n; i++)
    g_ptr_array_add (v2, patch_copy (v1->pdata[i]));
  for (int m = g_rand_int_range (rand, 1, 4); m > 0; m--)
    {
      int at = g_rand_int_range (rand, 0, v2->len);
      Patch *p = v2->pdata[at];
      switch (g_rand_int_range (rand, 0, 6))
        {
          case 0: /* change an edit */
            g_ptr_array_remove_index (p->ops, 0);
            g_ptr_array_add (p->ops, random_op (rand));
            break;
          case 1: /* drop a patch */
            if (v2->len > 1)
              g_ptr_array_remove_index (v2, at);
            break;
          case 2: /* swap with the next */
            if (at + 1 < (int) v2->len)
              {
                v2->pdata[at] = v2->pdata[at + 1];
                v2->pdata[at + 1] = p;
              }
            break;
          case 3: /* a new patch */
            g_ptr_array_insert (v2, at, random_patch (rand, at + 7));
            break;
          case 4: /* another message */
            g_free (p->msg);
            p->msg = random_msg (rand, at);
            break;
          default: /* one more edit */
            g_ptr_array_add (p->ops, random_op (rand));
            break;
        }
    }
  g_rand_free (rand);
  g_autofree char *name = g_strdup_printf ("generated seed %u", seed);
  run_pair (name, v1, v2, NULL, NULL);
}

static void
test_summary (void)
{
  g_printerr ("range-diff: %u of %u pairs identical to git (and %u known "
              "gap of libgit2: hunk headers only)\n",
              n_agree, n_pairs, n_known);
  g_assert_cmpuint (n_pairs, >, 0);
  g_assert_cmpuint (n_agree, ==, n_pairs);
}

int
main (int argc, char **argv)
{
  /* libgit2 reads the configuration of HOME: make it an empty one */
  g_autofree char *home = g_dir_make_tmp ("pcc-rd-home-XXXXXX", NULL);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  g_setenv ("GIT_CONFIG_NOSYSTEM", "1", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (git_libgit2_init (), >=, 0);

  g_test_add_func ("/range-diff/identical", test_identical);
  g_test_add_func ("/range-diff/code-change", test_code_change);
  g_test_add_func ("/range-diff/message-change", test_message_change);
  g_test_add_func ("/range-diff/reordered", test_reordered);
  g_test_add_func ("/range-diff/dropped", test_dropped);
  g_test_add_func ("/range-diff/added", test_added);
  g_test_add_func ("/range-diff/split", test_split);
  g_test_add_func ("/range-diff/rename", test_rename);
  g_test_add_func ("/range-diff/new-file", test_new_file);
  g_test_add_func ("/range-diff/deleted-file", test_deleted_file);
  g_test_add_func ("/range-diff/binary", test_binary);
  g_test_add_func ("/range-diff/symlinks", test_symlinks);
  g_test_add_func ("/range-diff/names", test_names);
  g_test_add_func ("/range-diff/mode", test_mode);
  g_test_add_func ("/range-diff/hunks", test_hunks);
  g_test_add_func ("/range-diff/unicode", test_unicode);
  g_test_add_func ("/range-diff/nothing-common", test_nothing_common);
  g_test_add_func ("/range-diff/long", test_long);
  g_test_add_func ("/range-diff/ties", test_ties);
  g_test_add_func ("/range-diff/duplicates", test_duplicates);
  g_test_add_func ("/range-diff/message-forms", test_message_forms);
  g_test_add_func ("/range-diff/message-bytes", test_message_bytes);
  g_test_add_func ("/range-diff/raw-commits", test_raw_commits);
  g_test_add_func ("/range-diff/no-newline", test_no_newline);
  g_test_add_func ("/range-diff/mailmap", test_mailmap);
  g_test_add_func ("/range-diff/notes", test_notes);
  g_test_add_func ("/range-diff/rename-edit", test_rename_edit);
  g_test_add_func ("/range-diff/long-functions", test_long_functions);
  g_test_add_func ("/range-diff/cpp-driver", test_cpp_driver);
  g_test_add_func ("/range-diff/dts-driver", test_dts_driver);
  g_test_add_func ("/range-diff/ties-three", test_ties_three);
  g_test_add_func ("/range-diff/ties-five", test_ties_five);
  g_test_add_func ("/range-diff/abbrev-packed", test_abbrev_packed);
  g_test_add_func ("/range-diff/abbrev-midx", test_abbrev_midx);
  g_test_add_func ("/range-diff/abbrev-alternates", test_abbrev_alternates);
  g_test_add_func ("/range-diff/abbrev-config", test_abbrev_config);
  g_test_add_func ("/range-diff/diff-config", test_diff_config);
  g_test_add_func ("/range-diff/edges", test_edges);
  for (guint s = 1; s <= 12; s++)
    {
      g_autofree char *path
          = g_strdup_printf ("/range-diff/generated-%02u", s);
      g_test_add_data_func (path, GUINT_TO_POINTER (20261207u + s),
                            test_generated);
    }
  g_test_add_func ("/range-diff/summary", test_summary);
  int ret = g_test_run ();
  pcc_test_rm_rf (home);
  git_libgit2_shutdown ();
  return ret;
}
