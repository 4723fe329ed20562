/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-libgit2.h - libgit2, opened the first time patchcc needs it.
 *
 * libgit2 brings many shared libraries with it (TLS, SSH, Kerberos,
 * HTTP), and mapping and relocating them was most of the start-up time of
 * a `patchcc` run that never reads git history.  So no program of
 * patchcc links libgit2: libpatchcc defines every libgit2 function it
 * calls (listed in pcc-libgit2-symbols.h) under libgit2's own name, and
 * the first call of any of them opens libgit2's shared library
 * ("libgit2.so." LIBGIT2_SOVERSION, the version of the headers built
 * against) with dlopen() and forwards to it.  Modules keep including
 * <git2.h> and calling git_* as usual; only the list says which
 * functions exist.
 *
 * When the library cannot be opened (not installed, or a symbol missing),
 * every function returns its failure value (-1, NULL, GIT_OBJECT_INVALID;
 * void functions do nothing) and git_error_last() returns an error whose
 * message says why, so callers' ordinary libgit2 error paths report it.
 * Callers that want the reason up front call pcc_libgit2_load().
 *
 * Thread-safe: the library is opened once.
 */
#ifndef PCC_LIBGIT2_H
#define PCC_LIBGIT2_H

#include <glib.h>

G_BEGIN_DECLS

/* Open libgit2 now (once).  Fails with PCC_ERROR_GIT, saying which file
 * or symbol is missing. */
gboolean pcc_libgit2_load (GError **error);

/* Whether libgit2 has been opened by this process (for tests and
 * benchmarks: a recipients run without history must leave it FALSE). */
gboolean pcc_libgit2_is_loaded (void);

/* Set @error (domain PCC_ERROR, @code) to "@what: " and libgit2's last
 * error message ("unknown libgit2 error" when it has none). */
void pcc_libgit2_set_error (GError **error, int code, const char *what);

G_END_DECLS

#endif
