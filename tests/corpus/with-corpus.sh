#!/bin/sh
# with-corpus.sh - run a test on the generated parity corpus.
#
# usage: tests/corpus/with-corpus.sh COMMAND [ARG...]
#
# Makes the corpus (corpus.sh), exports its folder as PATCHCC_CORPUS and
# the pristine kernel tree as PATCHCC_TREE, replaces every argument
# @CORPUS@ (or its start) by the folder and @TREE@ by the tree, and runs
# COMMAND.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
PATCHCC_CORPUS=$(sh "$here/corpus.sh")
PATCHCC_TREE=$(sh "$here/../../kernel/prepare-tree.sh" --upto none 2>/dev/null)
export PATCHCC_CORPUS PATCHCC_TREE
echo "with-corpus: corpus $PATCHCC_CORPUS" >&2
n=$#
while [ "$n" -gt 0 ]; do
	a=$1
	shift
	case $a in
	@CORPUS@*) a=$PATCHCC_CORPUS${a#@CORPUS@} ;;
	@TREE@) a=$PATCHCC_TREE ;;
	esac
	set -- "$@" "$a"
	n=$((n - 1))
done
exec "$@"
