/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-hold.h - what the plugin says when it holds a mail back on
 * sending: a damaged patch (pcc-damage.h finds it) or a line too long
 * for mail is never sent; a patch whose recipients cannot be computed is
 * sent only when the user says so. */
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

/* Hold back the patch in @compose, whose body is @body, because its
 * line @line_no is longer than a mail line may be (@problem says by how
 * much): reported as patchcc_hold_damaged() does; only "back to
 * editing". */
void patchcc_hold_long_line (struct _Compose *compose, guint line_no,
                             const char *problem, const char *body);

/* Sending stopped because the recipients could not be computed or
 * applied ("@what: @why" says why; reported as above): a modal dialog
 * offers "Send as typed" and "Back to editing", the default.  TRUE only
 * for "Send as typed"; Escape and closing the dialog are "Back to
 * editing".  *@compose_gone as patchcc_notice_run_dialog() sets it. */
gboolean patchcc_hold_ask_send (struct _Compose *compose, const char *what,
                                const char *why, gboolean *compose_gone);

#endif
