/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-series-previous.h - version 2 and later of a series: its
 * previous version, found in the mail the user keeps in Claws.
 *
 * When the series is above version 1, the default account's Sent folder
 * and the folders of the previous_folders setting are read into one mbox
 * (at most PATCHCC_PREVIOUS_MAX_MAILS mails and PATCHCC_PREVIOUS_MAX_BYTES
 * bytes; a notice says when that bound cut the search short) and
 * pcc_previous_find() looks there.  What it finds goes into the dialog:
 *
 *  - a line saying what was found, or where nothing was;
 *  - its people: each one the series' plan does not have is added to the
 *    cover letter's plan as an addition the user can untick
 *    (pcc_plan_add_extra()), with its reasons; the ticked ones also go
 *    to every patch mail (patchcc_series_previous_add_extras());
 *  - the trailers given in replies, ticked unless flagged; the ticked
 *    ones are written into the patch mails when they are built
 *    (patchcc_series_previous_trailer_lines(), pcc-trailer-write.h);
 *  - the cover letter's "Changes" field, prefilled with what changed
 *    since it and the link to it (pcc_changes_prefill()), and its
 *    ${range_diff} (pcc_changes_range_diff(), in the tree's repository;
 *    the line says why when there is none);
 *  - "Compare with vN" when the mailbox holds more than one earlier
 *    version (pcc_previous_find_version());
 *  - "In reply to vN's thread" (unticked: a new thread, as b4 sends);
 *  - "Ignore vN" unticks all of that, "Look again" searches again.
 *
 * Private to the series dialog; what it keeps is in the SeriesJob.
 */
#ifndef PATCHCC_SERIES_PREVIOUS_H
#define PATCHCC_SERIES_PREVIOUS_H

#include <glib.h>
#include <gtk/gtk.h>

#include "patchcc-series-private.h"

#define PATCHCC_PREVIOUS_MAX_MAILS 20000
#define PATCHCC_PREVIOUS_MAX_BYTES (200 * 1024 * 1024)

/* Search for the previous version of j->series and add its people to
 * j->plan, replacing what an earlier search found (its rows stay in the
 * plan, unticked).  Shows the result when the view exists. */
void patchcc_series_previous_look (SeriesJob *j);

/* Put what changed since the previous version in the cover panel's
 * "Changes" field (nothing while it is ignored), unless the user has
 * edited what was put there before.  Nothing when there is no panel or
 * no previous version. */
void patchcc_series_previous_fill_changes (SeriesJob *j);

/* The dialog's part: the line, Ignore, Look again and the trailers.
 * @changed runs after the user changed what is sent (the dialog then
 * recomputes the recipients). */
GtkWidget *patchcc_series_previous_view (SeriesJob *j,
                                         void (*changed) (SeriesJob *j));

/* Append to @extras (PccExtraRecipient, pcc-series-mail.h) the people
 * of the previous version whose row in the cover letter's review is
 * ticked. */
void patchcc_series_previous_add_extras (const SeriesJob *j,
                                         GPtrArray *extras);

/* The trailers to add to patch @i (0-based) as "Name: value" lines,
 * NULL-terminated; NULL when none is ticked.  Newly allocated. */
char **patchcc_series_previous_trailer_lines (const SeriesJob *j, guint i);

/* The Message-Id the series answers when the user ticked "In reply to
 * vN's thread" (and did not ignore it), else NULL: a thread of its own.
 * Owned by the job. */
const char *patchcc_series_previous_thread_parent (const SeriesJob *j);

/* Free what the job holds of the previous version. */
void patchcc_series_previous_clear (SeriesJob *j);

#endif
