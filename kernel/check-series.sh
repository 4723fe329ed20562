#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# check-series.sh - apply kernel/patches/VERSION with `git am` onto a fresh
# clone of the pristine tarball repository and run the tree's own
# checkpatch.pl on every patch.  Prints TAP; exits non-zero when any check
# fails.
#
# usage: kernel/check-series.sh [--kernel 6.1|7.3] [--seeds DIR]
#
# The clone is sparse (scripts/ and Documentation/ only), which keeps the
# test to seconds; `git am` still checks every hunk against the pristine
# blobs.  Exceptions to a clean checkpatch run (see kernel/README.md):
#   0001, 0002: NO_AUTHOR_SIGN_OFF (6.1) - ported commits keep their author,
#               and their seeds carry no author Signed-off-by to keep;
#               MISSING_SIGN_OFF (7.3) - the seeds as published, with no
#               Signed-off-by at all;
#   0002:       BAD_SIGN_OFF (and on 7.3 BAD_REPORTED_BY_LINK) - false
#               positives on the context lines of checkpatch.pl's own
#               $signature_tags list ("\tReviewed-by:|").
# On 7.3, whose 0001 and 0002 are the seed commits unchanged, their diffs
# must also be byte for byte those of the seeds: their SHA-256 is recorded
# in patches/7.3/seeds.sha256, itself checked against the seeds in
# --seeds DIR (default ../shared/seeds beside the repository) when there.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
kernel=6.1 seeds=$here/../../shared/seeds
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernel=$2; shift 2 ;;
	--seeds) seeds=$2; shift 2 ;;
	*) echo "check-series: unknown argument $1" >&2; exit 2 ;;
	esac
done
# What checkpatch.pl may report on the seed commits, and the lines of
# $signature_tags in the pristine scripts/checkpatch.pl.
case $kernel in
6.1) seed_ignore=NO_AUTHOR_SIGN_OFF sigtags='6(1[6-9]|20)' sigfp=BAD_SIGN_OFF ;;
7.3) seed_ignore=MISSING_SIGN_OFF sigtags='65[4-9]'
     sigfp=BAD_SIGN_OFF,BAD_REPORTED_BY_LINK ;;
*) echo "check-series: no series for --kernel $kernel" >&2; exit 2 ;;
esac
patches=$here/patches/$kernel
base=$("$here/prepare-tree.sh" --kernel "$kernel" --upto none)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/patchcc-series.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0 failed=0
check() { # check DESCRIPTION COMMAND...
	desc=$1; shift
	n=$((n + 1))
	if "$@" > "$tmp/out" 2>&1; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		sed 's/^/# /' "$tmp/out"
		failed=$((failed + 1))
	fi
}

G() {
	git -c user.name="patchcc check-series" \
	    -c user.email=patchcc@example.org -c advice.detachedHead=false "$@"
}
G clone -q --local --no-checkout "$base" "$tmp/linux"
G -C "$tmp/linux" sparse-checkout set --cone scripts Documentation
G -C "$tmp/linux" checkout -q -b series

grep -v '^#' "$patches/series" | grep . > "$tmp/series"
for p in $(cat "$tmp/series"); do
	check "git am $p" G -C "$tmp/linux" am "$patches/$p"
done

# Each commit's subject is the patch's Subject, in series order.
subjects_match() {
	for p in $(cat "$tmp/series"); do
		git mailinfo -k /dev/null /dev/null < "$patches/$p" |
			sed -n 's/^Subject: \[PATCH[^]]*\] //p'
	done > "$tmp/want"
	G -C "$tmp/linux" log --reverse --format=%s pristine..HEAD > "$tmp/got"
	diff -u "$tmp/want" "$tmp/got"
}
check "the series makes $(wc -l < "$tmp/series") commits, in order" subjects_match

# checkpatch.pl of the pristine tree, run from its root.
checkpatch() { # checkpatch PATCH IGNORE-TYPES
	out=$(cd "$base" && perl scripts/checkpatch.pl --color=never \
		--ignore "${2:-NONE}" "$1" 2>&1) || { echo "$out"; return 1; }
	echo "$out" | grep -q '^total: 0 errors, 0 warnings' || {
		echo "$out"; return 1; }
}
for p in $(cat "$tmp/series"); do
	case $p in
	0001-*) ignore=$seed_ignore ;;
	0002-*) ignore=$seed_ignore,$sigfp ;;
	*) ignore= ;;
	esac
	check "checkpatch.pl $p${ignore:+ (ignoring $ignore)}" \
		checkpatch "$patches/$p" "$ignore"
done

# The reports that 0002 ignores ($sigfp) must all be about the context
# lines of $signature_tags (scripts/checkpatch.pl lines 616-620 in 6.1,
# 654-659 in 7.3).
only_signature_tags() {
	(cd "$base" && perl scripts/checkpatch.pl --color=never --show-types \
		"$1" 2>&1) | awk -v re="$sigtags" '
		/^[A-Z]+:(BAD_SIGN_OFF|BAD_REPORTED_BY_LINK):/ { want = 1; bad++; next }
		want { want = 0; if ($0 !~ "FILE: scripts/checkpatch.pl:" re ":$") { print "unexpected: " $0; err = 1 } }
		END { if (bad == 0) { print "no BAD_SIGN_OFF report at all"; err = 1 }
		      exit err }'
}
p2=$(grep '^0002-' "$tmp/series")
check "0002: every $(echo "$sigfp" | sed 's|,|/|') report is a \$signature_tags context line" \
	only_signature_tags "$patches/$p2"

# 7.3: 0001 and 0002 are the seed commits as published: the same diff,
# byte for byte (the seeds' "commit/Repository/Author/Date" header and
# subject are the patch's mail header).  patches/7.3/seeds.sha256 records
# the SHA-256 of each seed's diff, so a clone with nothing beside it
# checks them too; with --seeds DIR there (../shared/seeds by default) the
# record itself is checked against the seeds.
diff_of() { sed -n '/^diff --git /,$p' "$1"; }
if [ "$kernel" != 6.1 ]; then
	for k in 1 2; do
		p=$(grep "^000$k-" "$tmp/series")
		line=$(grep "  00$k-" "$patches/seeds.sha256")
		want=${line%%  *} name=${line#*  }
		same_hash() { [ "$(diff_of "$patches/$p" | sha256sum | cut -d' ' -f1)" = "$want" ]; }
		check "000$k: diff has the SHA-256 recorded for seed $name" same_hash
		[ -r "$seeds/$name" ] || continue
		same_seed() { [ "$(diff_of "$seeds/$name" | sha256sum | cut -d' ' -f1)" = "$want" ]; }
		check "000$k: the record is the diff of $seeds/$name" same_seed
	done
fi

echo "1..$n"
[ $failed -eq 0 ] || { echo "# $failed of $n checks failed"; exit 1; }
