/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench-hello.c - the floor for a command's start-up: a static binary
 * that prints one line (tests/bench/bench.c times it next to patchcc). */
#include <stdio.h>

int
main (void)
{
  puts ("hello");
  return 0;
}
