/* patchcc-hold.h - a damaged patch is never sent: what the plugin says
 * about a diff that does not apply (pcc-damage.h finds it). */
#ifndef PATCHCC_HOLD_H
#define PATCHCC_HOLD_H

#include <glib.h>
#include "pcc-damage.h"

struct _Compose;

/* "line N of the mail body: <problem>; likely cause: <cause>" (newly
 * allocated); the cause says "automatic line wrapping" when the damage
 * looks re-wrapped or @autowrap (the window wraps) and the check gave
 * none. */
char *patchcc_hold_describe (const PccDamage *damage, gboolean autowrap);

/* Hold back the damaged patch in @compose, whose body is @body: the
 * problem goes to stderr, the log, the status bar and the window's bar,
 * and a modal dialog says what, where, why and how to get the patch out
 * intact.  Every way of closing it means "back to editing". */
void patchcc_hold_damaged (struct _Compose *compose, const PccDamage *damage,
                           const char *body);

#endif
