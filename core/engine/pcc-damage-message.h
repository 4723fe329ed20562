/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-damage-message.h - is the part of a patch mail before its diff
 * intact? (private to the damage check)
 *
 * git am takes the commit message up to the "---" line, its trailers
 * from the last paragraph before it, and skips the diffstat.  Automatic
 * re-wrapping breaks all three: a trailer split over two lines, the next
 * trailer glued to the rest of an address, "---" merged into the last
 * Signed-off-by line (git then takes the diffstat into the message), a
 * diffstat line cut.  Only the signature of wrapping is damage here:
 * long trailers, long message lines and "---" rules that no wrapping
 * touched pass.
 */
#ifndef PCC_DAMAGE_MESSAGE_H
#define PCC_DAMAGE_MESSAGE_H

#include "pcc-damage.h"

G_BEGIN_DECLS

typedef struct
{
  const char *s; /* without the newline (and a CR before it) */
  gsize len;
} PccDamageLine;

/* Whether line @i (0-based) of @lines looks like the tail of line @i - 1
 * broken by automatic wrapping, @ws the width of the white space removed
 * at the break (1 for the strict test, G_MAXUINT for the loose one); in
 * pcc-damage-lines.c. */
gboolean pcc_damage_looks_wrapped (const PccDamageLine *lines, guint n_lines,
                                   guint i, guint ws);

/* Check, for each mail in @lines, the commit message's trailer block, the
 * "---" separator and the diffstat before its first diff.  A mail
 * without a diff is not checked.  Returns NULL when intact, or a newly
 * allocated PccDamage (free with pcc_damage_free()) for the first damaged
 * line. */
PccDamage *pcc_damage_check_message (const PccDamageLine *lines,
                                     guint n_lines);

G_END_DECLS

#endif
