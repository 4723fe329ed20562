/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-fix.h - the fix: To:/Cc: of the patch in a compose window set
 * the way scripts/get_maintainer.pl gives them (ui/pcc-fixer over the
 * core engine), reviewed first when the mode asks for it.  The body is
 * never changed.  On sending (ask, rewrite) the fix fails closed: any
 * failure to compute or apply the recipients stops the send and asks
 * "Send as typed" or "Back to editing" (see patchcc-hold.h); from the
 * menu item or for a patch just opened a failure is reported without
 * blocking (see patchcc-notice.h) and leaves the mail as it was typed. */
#ifndef PATCHCC_FIX_H
#define PATCHCC_FIX_H

#include <glib.h>

struct _Compose;

typedef enum
{
  PATCHCC_FIX_INTERACTIVE, /* the menu item or the toolbar button */
  PATCHCC_FIX_ASK,         /* on send, review when something changes */
  PATCHCC_FIX_REWRITE,     /* on send, apply silently */
  PATCHCC_FIX_OPENED,      /* a patch just opened: apply, list them in the
                              bar */
  PATCHCC_FIX_CHECK,       /* on send with on_send=off: recipients left
                              alone, but a damaged patch or a line too long
                              for mail is still held back */
} PatchccFixMode;

typedef enum
{
  PATCHCC_FIX_APPLIED,
  PATCHCC_FIX_UNCHANGED,
  PATCHCC_FIX_STOP_SENDING, /* a damaged patch or a too long line was held
                               back, or the user chose to go back to
                               editing, or the window went away */
} PatchccFixResult;

/* The engine cache the fixes share (plugin_init) / free it and forget a
 * pending warm-up (plugin_done). */
void patchcc_fix_init (void);
void patchcc_fix_done (void);
/* Load MAINTAINERS once Claws is idle, so the first fix is quick (unless
 * a load is already pending). */
void patchcc_fix_warm_later (void);
/* The settings changed: forget the engines, load again when idle. */
void patchcc_fix_reset (void);

/* Fix the recipients of the mail in @compose as @mode says. */
PatchccFixResult patchcc_fix (struct _Compose *compose, PatchccFixMode mode);

#endif
