/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-libgit2.c - libgit2 opened on first use; see pcc-libgit2.h. */
#include "pcc-libgit2.h"
#include "pcc-error.h"

#include <dlfcn.h>
#include <git2.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>

#define PCC_LIBGIT2_SONAME "libgit2.so." LIBGIT2_SOVERSION

static git_error pcc_libgit2_load_error = { NULL, GIT_ERROR_OS };

/* The real functions, resolved once. */
typedef struct
{
#define PCC_GIT_FN(ret, name, fail, params, args) ret (*name) params;
#define PCC_GIT_VOID(name, params, args)          void (*name) params;
#define PCC_GIT_PEEK                              PCC_GIT_FN
#include "pcc-libgit2-symbols.h"
#undef PCC_GIT_FN
#undef PCC_GIT_VOID
#undef PCC_GIT_PEEK
} Libgit2;

static Libgit2 real;
static char *load_message; /* why opening failed, or NULL */
static gsize state;        /* 0: not tried, 1: open, 2: failed */

static const git_error *
last_error (void)
{
  return g_atomic_pointer_get (&state) == 2 ? &pcc_libgit2_load_error : NULL;
}

static void
open_libgit2 (void)
{
  void *handle = dlopen (PCC_LIBGIT2_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL)
    {
      const char *why = dlerror ();
      load_message
          = g_strdup_printf ("cannot open %s, needed for git "
                             "repositories: %s",
                             PCC_LIBGIT2_SONAME, why ? why : "unknown error");
      return;
    }
  Libgit2 found = { 0 };
#define PCC_GIT_FN(ret, name, fail, params, args)                         \
  if ((*(void **) &found.name = dlsym (handle, #name)) == NULL)           \
    {                                                                     \
      load_message                                                        \
          = g_strdup_printf ("%s has no %s; patchcc was built "           \
                             "for libgit2 %s",                            \
                             PCC_LIBGIT2_SONAME, #name, LIBGIT2_VERSION); \
      return; /* the handle stays open: harmless */                       \
    }
#define PCC_GIT_VOID(name, params, args) \
  PCC_GIT_FN (void, name, , params, args)
#define PCC_GIT_PEEK PCC_GIT_FN
#include "pcc-libgit2-symbols.h"
#undef PCC_GIT_FN
#undef PCC_GIT_VOID
#undef PCC_GIT_PEEK
  real = found;
}

/* TRUE once the functions are resolved; FALSE (with load_message) when
 * libgit2 cannot be used. */
static gboolean
ready (void)
{
  if (g_once_init_enter (&state))
    {
      open_libgit2 ();
      if (load_message)
        pcc_libgit2_load_error.message = load_message;
      g_once_init_leave (&state, load_message ? 2 : 1);
    }
  return g_atomic_pointer_get (&state) == 1;
}

gboolean
pcc_libgit2_load (GError **error)
{
  if (ready ())
    return TRUE;
  g_set_error_literal (error, PCC_ERROR, PCC_ERROR_GIT, load_message);
  return FALSE;
}

gboolean
pcc_libgit2_is_loaded (void)
{
  return g_atomic_pointer_get (&state) == 1;
}

/* libgit2's functions under their own names. */
#define PCC_GIT_FN(ret, name, fail, params, args) \
  ret name params                                 \
  {                                               \
    if (!ready ())                                \
      return fail;                                \
    return real.name args;                        \
  }
#define PCC_GIT_VOID(name, params, args) \
  void name params                       \
  {                                      \
    if (pcc_libgit2_is_loaded ())        \
      real.name args;                    \
  }
#define PCC_GIT_PEEK(ret, name, value, params, args) \
  ret name params                                    \
  {                                                  \
    if (!pcc_libgit2_is_loaded ())                   \
      return value;                                  \
    return real.name args;                           \
  }
#include "pcc-libgit2-symbols.h"

void
pcc_libgit2_set_error (GError **error, int code, const char *what)
{
  const git_error *e = git_error_last ();
  g_set_error (error, PCC_ERROR, code, "%s: %s", what,
               e && e->message ? e->message : "unknown libgit2 error");
}
