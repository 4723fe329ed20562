/* patchcc.h - the Claws Mail plugin: names shared by its files. */
#ifndef PATCHCC_H
#define PATCHCC_H

#include <gtk/gtk.h>
#include "pcc-damage.h"

/* Untranslated: Claws keys toolbar items by the plugin's name. */
#define PLUGIN_NAME "patchcc"

struct _Compose;

/* A bar at the top of @compose's window, replaced by the next notice. */
void patchcc_notice (struct _Compose *compose, GtkMessageType type,
                     const char *text);
/* Compute the recipients of the patch in @compose and write them into
 * its To:/Cc: rows without a review; the bar lists them.  Problems
 * (damaged diff, no tree...) go to the bar. */
void patchcc_fix_opened (struct _Compose *compose);
/* "line N of the mail body: <problem>; likely cause: <cause>" (newly
 * allocated); the cause says "automatic line wrapping" when the damage
 * looks re-wrapped or @autowrap (the window wraps) and the check gave
 * none. */
char *patchcc_damage_describe (const PccDamage *damage, gboolean autowrap);

#endif
