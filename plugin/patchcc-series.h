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
 * The mails are built (core/cover/pcc-series-mail) before the first one
 * goes; a cover still holding git's "*** SUBJECT HERE ***" or "*** BLURB
 * HERE ***" is refused.  When a mail fails, the user is told which went
 * out, and "Send the rest" sends the others in the same thread.
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
/* Remove it (plugin_done). */
void patchcc_series_done (void);

#endif
