#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fixture.sh - run a test with its fixtures in place of words of its
# command line.
#
# usage: tests/lib/fixture.sh [--corpus] COMMAND [ARG...]
#
# Each argument that is one of these words is replaced before COMMAND
# runs:
#   @TREE:UPTO@      the linux-source tree of kernel/prepare-tree.sh
#                    --upto UPTO: "none" is the pristine tree, "0001" the
#                    tree whose scripts/get_maintainer.pl is the reference
#   @TREE@           the pristine tree (@TREE:none@)
#   @CORPUS@...      the folder of the generated parity corpus
#                    (tests/corpus/corpus.sh), the text after the word kept
#   @ROLES:A,B,...@  the ids of the corpus patches found for roles A, B...
#                    (tests/corpus/roles.py), joined by commas
#   @ROLE-ALL:R:N-M@ the ids of every patch of role R, fields N to M of
#                    the list, joined by spaces
# With --corpus, or when an argument names the corpus or a role, the
# corpus is made first and its folder exported as PATCHCC_CORPUS, the
# pristine tree as PATCHCC_TREE.  A fixture that cannot be made fails the
# test before COMMAND runs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prep=$here/../../kernel/prepare-tree.sh
roles=$here/../corpus/roles.py

corpus=0
if [ "${1:-}" = --corpus ]; then
	corpus=1
	shift
fi
for a in "$@"; do
	case $a in
	@CORPUS@* | @ROLES:*@ | @ROLE-ALL:*@) corpus=1 ;;
	esac
done
if [ "$corpus" = 1 ]; then
	PATCHCC_CORPUS=$(sh "$here/../corpus/corpus.sh")
	PATCHCC_TREE=$(sh "$prep" --upto none 2>/dev/null)
	export PATCHCC_CORPUS PATCHCC_TREE
	echo "with-corpus: corpus $PATCHCC_CORPUS" >&2
fi

tree() {
	sh "$prep" --upto "$1" || { echo "fixture: no tree --upto $1" >&2; exit 1; }
}

# role_ids A,B,...: one id per role, comma-separated.
role_ids() {
	out=
	for r in $(echo "$1" | tr ',' ' '); do
		id=$(python3 "$roles" "$PATCHCC_CORPUS" "$r") ||
			{ echo "fixture: no corpus patch for role $r" >&2; exit 1; }
		out=${out:+$out,}$id
	done
	printf '%s\n' "$out"
}

# role_all R N-M: fields N to M of every id of role R, space-separated.
role_all() {
	ids=$(python3 "$roles" "$PATCHCC_CORPUS" "$1" --all) ||
		{ echo "fixture: no corpus patches for role $1" >&2; exit 1; }
	# shellcheck disable=SC2086 # one line of words
	echo $ids | cut -d" " -f"$2"
}

n=$#
while [ "$n" -gt 0 ]; do
	a=$1
	shift
	case $a in
	@TREE@) a=$(tree none) ;;
	@TREE:*@) a=${a#@TREE:} a=$(tree "${a%@}") ;;
	@CORPUS@*) a=$PATCHCC_CORPUS${a#@CORPUS@} ;;
	@ROLES:*@) a=${a#@ROLES:} a=$(role_ids "${a%@}") ;;
	@ROLE-ALL:*@)
		a=${a#@ROLE-ALL:} a=${a%@}
		a=$(role_all "${a%%:*}" "${a#*:}")
		;;
	esac
	set -- "$@" "$a"
	n=$((n - 1))
done
exec "$@"
