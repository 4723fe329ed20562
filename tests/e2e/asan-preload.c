/* SPDX-License-Identifier: GPL-2.0-or-later */
/* asan-preload.c - preloaded, after the compiler's libasan, into a
 * claws-mail that loads a patchcc plugin built with ASan (e2e-series in
 * build-sanitize-plugin/, see scripts/test-sanitize.sh).
 *
 * Claws itself is not instrumented, so libasan comes in through
 * LD_PRELOAD, and it initialises on the first malloc() it intercepts.
 * In Claws that is inside a library constructor (libgpg-error's call of
 * bindtextdomain(), which holds glibc's gettext lock for writing).  Part
 * of that initialisation looks up the optional symbol "swift_demangle"
 * and then calls dlerror(), whose message is translated with the same
 * gettext lock: the lock breaks and Claws hangs in its first
 * bindtextdomain().  With the symbol present there is no error to
 * translate.  The sanitizer calls it only for names that are Swift
 * mangled; none are, and NULL means "not demangled".
 */
#include <stddef.h>

char *swift_demangle (const char *mangled, size_t length, char *out,
                      size_t *out_length, unsigned flags);

char *
swift_demangle (const char *mangled, size_t length, char *out,
                size_t *out_length, unsigned flags)
{
  return NULL;
}
