/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-patch-scan.h - a patch as get_maintainer.pl reads it.
 *
 * The script reads a patch line by line and keeps the file names of
 * "diff --git", "---"/"+++", "rename from/to" and diffstat "mode change"
 * lines, quirks included ("--- /dev/null" gives the file "dev/null"),
 * the "@@ -S,L" hunks it blames with --git-blame, the "Fixes:" ids, and
 * every other line for its K: keywords.  The scan also reads the footer
 * git format-patch writes (base-commit:, prerequisite-patch-id:,
 * change-id:).  pcc-patch.h gives these through its accessors; the
 * recipient engine uses them so that patchcc finds exactly what the
 * script finds.
 */
#ifndef PCC_PATCH_SCAN_H
#define PCC_PATCH_SCAN_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gsize offset;     /* into pcc_patch_get_text() */
  gsize len;        /* with the newline */
  guint lineno;     /* 1-based */
  gboolean in_diff; /* after the first ---/+++ header */
} PccKeywordLine;

/* One "@@ -S,L" line (a hunk header without the ",L" is skipped, as the
 * script's pattern does), with the file of the "---"/"+++" line before
 * it. */
typedef struct
{
  char *file;
  guint start, length;
} PccBlameRange;

/* What a scan found.  Everything is owned by the scan
 * (pcc_patch_scan_clear()). */
typedef struct
{
  GPtrArray *gm_files;  /* char *, sorted, unique (Perl's sort) */
  GArray *kw_lines;     /* PccKeywordLine, in order */
  GPtrArray *fixes;     /* char *, "Fixes: <sha>" ids */
  GArray *blame_ranges; /* PccBlameRange */
  char *base_commit;    /* the first "base-commit: " line's, or NULL */
  char *change_id;      /* the first "change-id: " line's, or NULL */
  GPtrArray *prereqs;   /* char *, of "prerequisite-patch-id: " lines */
} PccPatchScan;

/* Empty arrays, no strings. */
void pcc_patch_scan_init (PccPatchScan *scan);
/* Frees what @scan holds (not @scan), which can be initialized again. */
void pcc_patch_scan_clear (PccPatchScan *scan);

/* Scan the @len bytes of @text into @scan (initialized, empty). */
void pcc_patch_scan (PccPatchScan *scan, const char *text, gsize len);

G_END_DECLS

#endif /* PCC_PATCH_SCAN_H */
