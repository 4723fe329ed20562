/* SPDX-License-Identifier: GPL-2.0-or-later */
/* patchcc-series.h - Tools, "Compose patch series…" in Claws' main
 * window: a cover letter (ui/pcc-cover-panel) and the series it
 * introduces, sent as one thread.
 *
 * The folder "git format-patch -o" (or "b4 send -o") wrote is read as a
 * PccSeries.  The cover letter is written in the panel (template,
 * provenance, preview, the series' recipients); Assisted-by: trailers can
 * be moved into it.  On "Send series" every mail goes out through the
 * default account's SMTP server, threaded as "git send-email --thread
 * --no-chain-reply-to" threads (each patch In-Reply-To the cover):
 *
 *   - the cover letter to the union of the patches' recipients;
 *   - each patch to its own recipients (get_maintainer.pl's, split as b4
 *     splits them, plus the To:/Cc: its file already had), plus the
 *     addresses typed in the dialog for the whole series;
 *   - each patch's body exactly as in its file (a patch whose author is
 *     not the sender gets git send-email's in-body "From:" line first, so
 *     that git am keeps the author).
 *
 * It fails closed:
 *
 *   - a folder that does not hold one series (pcc_series_check(): two
 *     cover letters, two patches of one number, a gap, mixed version
 *     prefixes or base-commits) opens with each problem and its files in
 *     a bar at the top of the dialog, and Send stays insensitive;
 *   - every mail is built and checked (core/cover/pcc-series-mail, its
 *     lines within 998 bytes, its headers, an envelope that is not
 *     empty) before the first one goes: all can go, or none goes, and
 *     every reason is shown; a cover still holding git's "*** SUBJECT
 *     HERE ***" or "*** BLURB HERE ***" is refused;
 *   - recipients that cannot be computed again after an edit are shown
 *     as an error and Send waits: the old lists are never sent;
 *   - when a mail fails, the user is told which went out, the form is
 *     frozen and the dialog lists exactly what "Send the rest" sends, in
 *     the same thread;
 *   - while Claws' SMTP code runs (it runs the main loop), responses are
 *     ignored and the window cannot be closed; the dialog's job is
 *     reference-counted, so a dialog destroyed under a send (its parent
 *     closed, plugin_done()) does not free what the send uses.
 *
 * The cover letter's recipients are the union of what every patch mail
 * goes to (core/cover/pcc-cover-recipients), shown in the review with
 * where each comes from.
 *
 * The provenance typed for a folder is kept in Claws' config folder
 * (patchcc/series/provenance-<hash of the folder>.ini); a provenance.ini
 * the user put in the folder is read, never written.
 */
#ifndef PATCHCC_SERIES_H
#define PATCHCC_SERIES_H

#include <glib.h>

/* Add the menu item to the main window (call from plugin_init). */
void patchcc_series_init (void);
/* Remove it and close the series dialogs still open (plugin_done). */
void patchcc_series_done (void);

/* Claws' alertpanel_error() with the text escaped: it renders Pango
 * markup, so a "<" or "&" in an address, a path or a message would
 * blank the whole text.  @format is printf's. */
void patchcc_series_alert_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

#endif
