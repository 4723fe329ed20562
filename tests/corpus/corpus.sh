#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# corpus.sh - print the folder of the generated parity corpus, making it
# (and the two kernel trees it needs) when it is not cached yet.
#
# usage: tests/corpus/corpus.sh [--patches-only]
#
# The corpus is gen-corpus.py's: patches from the pristine linux-source
# tree (kernel/prepare-tree.sh --upto none) and, unless --patches-only,
# the patched script's output (--upto 0001) for its first 40 patches.
# Everything is cached in ${XDG_CACHE_HOME:-~/.cache}/patchcc/.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prep=$here/../../kernel/prepare-tree.sh
tree=$(sh "$prep" --upto none)
if [ "${1:-}" = --patches-only ]; then
	exec python3 "$here/gen-corpus.py" --tree "$tree" --expected 0
fi
ref=$(sh "$prep" --upto 0001)
exec python3 "$here/gen-corpus.py" --tree "$tree" --reference "$ref"
