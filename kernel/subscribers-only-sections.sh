#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# subscribers-only-sections.sh - list the MAINTAINERS sections whose every
# L: list is subscribers-only, and which of their files get no public
# list from get_maintainer.pl.
#
# usage: kernel/subscribers-only-sections.sh TREE
#
# TREE is a kernel git tree (see prepare-tree.sh).  For each such section
# the script runs TREE's scripts/get_maintainer.pl on every tracked file
# the section's F:/X: patterns match and counts the files that get no public
# (open or moderated) list at all, with an example.  The last line is a
# summary.  Run it on the 0001 tree and on the 0003 tree to see what patch
# 0003 changes.
set -eu

[ $# -eq 1 ] || { sed -n '6p' "$0" | sed 's/^# //' >&2; exit 2; }
cd "$1"

# Section name, then its F: and X: patterns, for sections whose L: lines
# are all subscribers-only.  Sections begin after a blank line.
awk '
function flush() {
	if (name != "" && nl > 0 && nl == nsub)
		print name "\t" pats
	name = ""; pats = ""; nl = 0; nsub = 0
}
/^$/ { flush(); next }
/^[A-Z]:/ {
	if ($0 ~ /^L:/) { nl++; if ($0 ~ /subscribers-only/) nsub++ }
	if ($0 ~ /^[FX]:/) { sub(/:[ \t]*/, ":"); pats = pats " " $0 }
	next
}
name == "" { name = $0 }
END { flush() }
' MAINTAINERS > "${TMPDIR:-/tmp}/subonly.$$"
trap 'rm -f "${TMPDIR:-/tmp}/subonly.$$"' EXIT

# Public (open or moderated) lists get_maintainer.pl gives for file $1.
public_lists() {
	env -i PATH=/usr/bin:/bin HOME=/tmp LC_ALL=C PERL_HASH_SEED=0 \
		PERL_PERTURB_KEYS=0 perl scripts/get_maintainer.pl \
		--no-git-fallback -f "$1" |
		sed -n 's/^\([^ ]*\) (\(open\|moderated\) list.*/\1/p' |
		tr '\n' ' '
}

total=0 lost=0
printf '%s\t%s\t%s\n' "# section" "files without a public list" "example"
while IFS='	' read -r name pats; do
	total=$((total + 1))
	set --
	case " $pats" in *" F:"*) ;; *) pats= ;; esac
	for p in $pats; do
		kind=${p%%:*} p=${p#?:}
		[ -d "$p" ] && p=${p%/}/
		case $kind in
		F) set -- "$@" ":(glob)$p" ":(glob)$p**" ;;
		X) set -- "$@" ":(exclude,glob)$p" ":(exclude,glob)$p**" ;;
		esac
	done
	n=0 none=0 example=
	for file in $([ $# -eq 0 ] || git ls-files -- "$@"); do
		n=$((n + 1))
		lists=$(public_lists "$file")
		if [ -z "$lists" ]; then
			none=$((none + 1))
			[ -n "$example" ] || example=$file
		fi
	done
	[ $none -eq 0 ] || lost=$((lost + 1))
	printf '%s\t%s/%s\t%s\n' "$name" "$none" "$n" "${example:--}"
done < "${TMPDIR:-/tmp}/subonly.$$"
echo "SUMMARY: $total sections have only subscribers-only lists;" \
	"$lost of them have files that get no public list"
