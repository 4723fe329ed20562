/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-stamp.h - what some files hashed to, remembered by their stat().
 *
 * A cache named by a hash of its input files must read and hash them to
 * find its name: for MAINTAINERS and .mailmap (700 KB) that was a good
 * part of a patchcc run.  A stamp records, as git's index does, each
 * file's device, inode, size, mode and modification and change times
 * next to the key the files hashed to; while all of them are the same,
 * the key is taken from the stamp.
 *
 * The change time (ctime) is what makes this safe: every write sets it
 * to the current time, and no program can set it back (only the clock
 * can).  A stamp is written only for files whose change time was at
 * least two seconds old when they were looked at, so any later write
 * gives them another change time, even on a file system whose times are
 * coarse: a file written twice within one tick of its clock, once
 * before it was hashed and once after, cannot go unseen.  A stamp whose
 * checksum does not hold is ignored.
 */
#ifndef PCC_STAMP_H
#define PCC_STAMP_H

#include <glib.h>

G_BEGIN_DECLS

/* At most this many files to a stamp. */
#define PCC_STAMP_MAX_FILES 4

typedef struct _PccStamp PccStamp;

/* The stat() of each of the @n_paths files of @paths (regular files,
 * symbolic links followed), taken now; NULL when one of them cannot be
 * read so or @n_paths is 0 or above PCC_STAMP_MAX_FILES.  Free with
 * pcc_stamp_free(). */
PccStamp *pcc_stamp_take (const char *const *paths, guint n_paths);
void pcc_stamp_free (PccStamp *stamp);

/* TRUE, with @key set, when the stamp file at @path was written for
 * files in exactly the state @stamp found them in. */
gboolean pcc_stamp_recall (const PccStamp *stamp, const char *path,
                           guint8 key[16]);

/* Write the stamp file at @path: @stamp's files hash to @key.  Nothing
 * is written when one of them had changed less than two seconds before
 * @stamp was taken (a later call will), or on any failure: a stamp only
 * saves time. */
void pcc_stamp_remember (const PccStamp *stamp, const char *path,
                         const guint8 key[16]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PccStamp, pcc_stamp_free)

G_END_DECLS

#endif /* PCC_STAMP_H */
