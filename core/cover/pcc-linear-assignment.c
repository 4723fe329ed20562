/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-linear-assignment.c - Jonker and Volgenant's shortest augmenting
 * path method, step by step as git's linear-assignment.c runs it (see
 * pcc-linear-assignment.h). */
#include <string.h>

#include "pcc-linear-assignment.h"

#define COST(col, row) cost[(col) + n * (row)]

gboolean
pcc_linear_assignment (int n, const int *cost, int *col2row, int *row2col)
{
  g_autofree int *v = NULL, *free_rows = NULL, *d = NULL, *pred = NULL,
                 *todo = NULL;
  int n_free = 0;

  if (n < 2)
    {
      /* n == 0 may come with NULL arrays: nothing to write */
      if (n == 1)
        col2row[0] = row2col[0] = 0;
      return TRUE;
    }
  for (int k = 0; k < n; k++)
    col2row[k] = row2col[k] = -1;
  v = g_new (int, n);

  /* Column reduction, from the last column: each column takes the first
   * row of its smallest cost; a row wanted twice is marked -2 - col. */
  for (int col = n - 1; col >= 0; col--)
    {
      int best = 0;
      for (int row = 1; row < n; row++)
        if (COST (col, best) > COST (col, row))
          best = row;
      v[col] = COST (col, best);
      if (row2col[best] == -1)
        {
          row2col[best] = col;
          col2row[col] = best;
        }
      else
        {
          if (row2col[best] >= 0)
            row2col[best] = -2 - row2col[best];
          col2row[col] = -1;
        }
    }

  /* Reduction transfer. */
  free_rows = g_new (int, n);
  for (int row = 0; row < n; row++)
    {
      int c1 = row2col[row];
      if (c1 == -1)
        free_rows[n_free++] = row;
      else if (c1 < -1)
        row2col[row] = -2 - c1;
      else
        {
          int min = COST (!c1, row) - v[!c1];
          for (int col = 1; col < n; col++)
            if (col != c1 && min > COST (col, row) - v[col])
              min = COST (col, row) - v[col];
          v[c1] -= min;
        }
    }
  if (n_free == 0)
    return TRUE;

  /* Augmenting row reduction, twice. */
  for (int phase = 0; phase < 2; phase++)
    {
      int k = 0, todo_count = n_free;
      n_free = 0;
      while (k < todo_count)
        {
          int row = free_rows[k++];
          int c1 = 0, c2 = -1, r0;
          int u1 = COST (c1, row) - v[c1], u2 = G_MAXINT;

          for (int col = 1; col < n; col++)
            {
              int c = COST (col, row) - v[col];
              if (u2 > c)
                {
                  if (u1 < c)
                    {
                      u2 = c;
                      c2 = col;
                    }
                  else
                    {
                      u2 = u1;
                      u1 = c;
                      c2 = c1;
                      c1 = col;
                    }
                }
            }
          if (c2 < 0)
            {
              c2 = c1;
              u2 = u1;
            }
          r0 = col2row[c1];
          if (u1 < u2)
            v[c1] -= u2 - u1;
          else if (r0 >= 0)
            {
              c1 = c2;
              r0 = col2row[c1];
            }
          if (r0 >= 0)
            {
              if (u1 < u2)
                free_rows[--k] = r0;
              else
                free_rows[n_free++] = r0;
            }
          row2col[row] = c1;
          col2row[c1] = row;
        }
    }

  /* Augmentation: a shortest path from each free row to a free column. */
  d = g_new (int, n);
  pred = g_new (int, n);
  todo = g_new (int, n);
  int n_aug = n_free;
  for (int f = 0; f < n_aug; f++)
    {
      int start = free_rows[f], low = 0, up = 0, last, min, col = -1, row;

      for (int c = 0; c < n; c++)
        {
          d[c] = COST (c, start) - v[c];
          pred[c] = start;
          todo[c] = c;
        }
      for (;;)
        {
          gboolean found = FALSE;

          last = low;
          min = d[todo[up++]];
          for (int k = up; k < n; k++)
            {
              col = todo[k];
              int c = d[col];
              if (c <= min)
                {
                  if (c < min)
                    {
                      up = low;
                      min = c;
                    }
                  todo[k] = todo[up];
                  todo[up++] = col;
                }
            }
          /* git goes on with the column last looked at above, not
           * necessarily the free one it found: kept for equal output */
          for (int k = low; k < up; k++)
            if (col2row[todo[k]] == -1)
              {
                found = TRUE;
                break;
              }
          if (found)
            break;
          do
            {
              int c1 = todo[low++];
              row = col2row[c1];
              int u1 = COST (c1, row) - v[c1] - min;
              for (int k = up; k < n; k++)
                {
                  col = todo[k];
                  int c = COST (col, row) - v[col] - u1;
                  if (c < d[col])
                    {
                      d[col] = c;
                      pred[col] = row;
                      if (c == min)
                        {
                          if (col2row[col] == -1)
                            {
                              found = TRUE;
                              break;
                            }
                          todo[k] = todo[up];
                          todo[up++] = col;
                        }
                    }
                }
            }
          while (!found && low != up);
          if (found || low != up)
            break;
        }

      /* update the prices of the columns done */
      for (int k = 0; k < last; k++)
        {
          int c1 = todo[k];
          v[c1] += d[c1] - min;
        }
      /* and augment along the path */
      do
        {
          if (col < 0)
            return FALSE;
          row = pred[col];
          col2row[col] = row;
          int t = row2col[row];
          row2col[row] = col;
          col = t;
        }
      while (row != start);
    }
  return TRUE;
}

#undef COST
