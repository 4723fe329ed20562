/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-linear-assignment.h - the least-cost assignment of n columns to n
 * rows (Jonker and Volgenant, 1987), computed in the order of steps of
 * git's linear-assignment.c: column reduction from the last column,
 * reduction transfer, two rounds of augmenting row reduction, then
 * shortest augmenting paths.  Among assignments of equal cost it picks
 * the one git picks, which is what git range-diff's pairing of commits
 * depends on; git's quirk of augmenting from the column it looked at
 * last, rather than the free one it found, is kept.
 */
#ifndef PCC_LINEAR_ASSIGNMENT_H
#define PCC_LINEAR_ASSIGNMENT_H

#include <glib.h>

G_BEGIN_DECLS

/* Assign the @n columns to the @n rows of @cost, where the cost of column
 * c on row r is cost[c + n * r] (costs small enough that sums of a few do
 * not overflow an int).  Fills the caller's arrays @col2row and @row2col
 * (@n ints each); for n < 2 both get 0s, as git does.  FALSE when an
 * augmenting path finds no column, where git stops with a BUG(). */
gboolean pcc_linear_assignment (int n, const int *cost, int *col2row,
                                int *row2col);

G_END_DECLS

#endif /* PCC_LINEAR_ASSIGNMENT_H */
