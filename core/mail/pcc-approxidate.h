/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-approxidate.h - git's approxidate, for get_maintainer.pl's
 * --git-since.
 *
 * The script passes --git-since to "git log --since=", which reads it
 * with git's approxidate(); this reads the forms the script's users
 * write, the same way.  Nothing is allocated.
 */
#ifndef PCC_APPROXIDATE_H
#define PCC_APPROXIDATE_H

#include <glib.h>

G_BEGIN_DECLS

/* "1-year-ago", "6.months.ago", "2 weeks ago", "yesterday", "now",
 * "YYYY-MM-DD[ HH:MM:SS]", a Unix time "@N": sets *@out to that time
 * (Unix seconds).  Relative units are counted back from @now in local
 * time, as git does.  FALSE, *@out untouched, when @text is not one of
 * these forms. */
gboolean pcc_approxidate (const char *text, gint64 now, gint64 *out);

G_END_DECLS

#endif /* PCC_APPROXIDATE_H */
