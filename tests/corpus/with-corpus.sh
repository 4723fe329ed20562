#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# with-corpus.sh - run a test on the generated parity corpus.
#
# usage: tests/corpus/with-corpus.sh COMMAND [ARG...]
#
# Makes the corpus (corpus.sh), exports its folder as PATCHCC_CORPUS and
# the pristine kernel tree as PATCHCC_TREE, replaces every argument
# @CORPUS@ (or its start) by the folder and @TREE@ by the tree, and runs
# COMMAND: tests/lib/fixture.sh --corpus, which has the other words.
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../lib/fixture.sh" --corpus "$@"
