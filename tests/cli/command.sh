#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# command.sh - the patchcc command line as scripts and people meet it.
#
#  - bad input (a mail without a diff, a truncated diff, a binary blob, a
#    100 MB patch, a MAINTAINERS line with garbage): a clear message and a
#    non-zero exit, within a time limit, never a crash;
#  - git send-email --dry-run with --to-cmd/--cc-cmd: the same recipients
#    with patchcc as with the patched get_maintainer.pl, on a real series
#    made with git format-patch (nothing is sent).
# usage: command.sh PATCHCC PRISTINE_TREE REFERENCE_TREE CORPUS
set -u
patchcc=$(readlink -f "$1") tree=$2 ref=$3 corpus=$4
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok - $*"; }
ko() { fail=$((fail + 1)); echo "not ok - $*"; }

# expect_error NAME PATTERN CMD...: non-zero exit < 128 (no signal), the
# message on stderr, within 20 s.
expect_error() {
	name=$1 pattern=$2; shift 2
	timeout 20 "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	# 124: timeout; 129-192: killed by a signal
	if [ $rc -ne 0 ] && { [ $rc -lt 124 ] || [ $rc -gt 192 ]; } &&
		grep -q -- "$pattern" "$tmp/err"; then
		ok "$name: exit $rc: $(head -c 160 "$tmp/err" | tr '\n' ' ')"
	else
		ko "$name: exit $rc, stderr: $(head -c 300 "$tmp/err")"
	fi
}

cd "$tree" || exit 1

printf 'From: a@b.c\nSubject: hello\n\nJust a mail, no diff.\n' >"$tmp/nodiff.eml"
expect_error "mail without a diff" "no diff" "$patchcc" "$tmp/nodiff.eml"

# cut two lines after the first hunk header
awk '/^@@/ { n = 1 } { print } n && ++n > 3 { exit }' "$corpus/patches/0001.patch" >"$tmp/truncated.patch"
expect_error "truncated diff" "truncated diff" "$patchcc" "$tmp/truncated.patch"

head -c 4096 /dev/urandom >"$tmp/blob.bin"
printf '\0' >>"$tmp/blob.bin"
expect_error "binary blob" "binary data" "$patchcc" "$tmp/blob.bin"

# 100 MB: a real diff repeated, so it is not refused for anything else.
head -c $((100 * 1024 * 1024 + 1)) /dev/zero | tr '\0' 'x' >"$tmp/huge.patch"
expect_error "100 MB patch" "over the limit" "$patchcc" "$tmp/huge.patch"
expect_error "100 MB on stdin" "over the limit" sh -c "\"$patchcc\" <\"$tmp/huge.patch\""
rm -f "$tmp/huge.patch"

expect_error "missing file" "not found" "$patchcc" "$tmp/does-not-exist.patch"
expect_error "unknown option" "Unknown option" "$patchcc" --frobnicate "$corpus/patches/0001.patch"
expect_error "not a kernel tree" "linux kernel source" sh -c "cd /tmp && PATCHCC_TREE= \"$patchcc\" \"$corpus/patches/0001.patch\""
# --git outside a clone: the script warns and prints what it has; so does patchcc.
nogit=$tmp/nogit
mkdir -p "$nogit"
for f in COPYING CREDITS Kbuild Makefile README MAINTAINERS; do cp "$f" "$nogit/"; done
for d in Documentation arch include drivers fs init ipc kernel lib scripts; do mkdir -p "$nogit/$d"; done
if (cd "$nogit" && "$patchcc" --git "$corpus/patches/0001.patch") >"$tmp/out" 2>"$tmp/err" &&
	grep -q "No supported VCS found" "$tmp/err" && [ -s "$tmp/out" ] &&
	! grep -q "git history" "$tmp/err"; then
	ok "--git outside a clone: the script's warning, recipients printed"
else
	ko "--git outside a clone: exit $?, stderr: $(head -c 300 "$tmp/err")"
fi

# A MAINTAINERS with a bad pattern, in a copy of the tree's top level.
bad=$tmp/badtree
mkdir -p "$bad"
for f in COPYING CREDITS Kbuild Makefile README; do cp "$f" "$bad/"; done
for d in Documentation arch include drivers fs init ipc kernel lib scripts; do mkdir -p "$bad/$d"; done
printf 'BROKEN\nM:\tA <a@b.c>\nL:\tl@b.c\nS:\tMaintained\nF:\tdrivers/[oops\n\nTHE REST\nL:\tlkml@b.c\nF:\t*/\n' >"$bad/MAINTAINERS"
expect_error "MAINTAINERS with garbage" "MAINTAINERS:5" "$patchcc" --tree-path "$bad" "$corpus/patches/0001.patch"
printf 'GARBAGE\0\n' >"$bad/MAINTAINERS"
expect_error "MAINTAINERS with a NUL" "NUL byte" "$patchcc" --tree-path "$bad" "$corpus/patches/0001.patch"

# A cover letter is not an error (git send-email calls --cc-cmd on it).
printf 'From: a@b.c\nSubject: [PATCH 0/2] series\n\n*** BLURB HERE ***\n' >"$tmp/cover.eml"
if "$patchcc" --cc "$tmp/cover.eml" >/dev/null 2>"$tmp/err"; then
	ok "cover letter: exit 0, $(cat "$tmp/err")"
else
	ko "cover letter refused"
fi

# git send-email --dry-run on a real series.
repo=$tmp/repo
mkdir -p "$repo"
git -C "$repo" init -q
git -C "$repo" config user.name "Dev Eloper"
git -C "$repo" config user.email dev@example.org
mkdir -p "$repo/drivers/net/ethernet/intel/e1000" "$repo/fs/squashfs" "$repo/kernel"
for f in drivers/net/ethernet/intel/e1000/e1000_main.c fs/squashfs/super.c kernel/fork.c; do
	echo "int x;" >"$repo/$f"
done
git -C "$repo" add -A && git -C "$repo" commit -qm base
for f in drivers/net/ethernet/intel/e1000/e1000_main.c fs/squashfs/super.c kernel/fork.c; do
	echo "int y;" >>"$repo/$f"
	git -C "$repo" commit -qam "$(basename "$f"): change" -m "Body." -m "Signed-off-by: Dev Eloper <dev@example.org>"
done
git -C "$repo" format-patch -q --cover-letter -o "$tmp/series" HEAD~3
envs="env -i PATH=/usr/bin:/bin HOME=$tmp LC_ALL=C PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0
GIT_COMMITTER_NAME=Dev GIT_COMMITTER_EMAIL=dev@example.org GIT_AUTHOR_NAME=Dev GIT_AUTHOR_EMAIL=dev@example.org"
sendemail() {
	# $1: to-cmd, $2: cc-cmd
	(cd "$ref" && $envs git -c sendemail.smtpserver=/bin/false send-email \
		--dry-run --force --confirm=never --no-validate --suppress-cc=body \
		--suppress-cc=author --suppress-cc=self --suppress-cc=cc \
		--from="Dev Eloper <dev@example.org>" \
		--to-cmd="$1" --cc-cmd="$2" "$tmp"/series/*.patch 2>&1) |
		grep -E '^(To|Cc|Dry-OK|Subject):' >"$3"
}
b4to="--nogit --nogit-fallback --nogit-chief-penguins --norolestats --nol"
b4cc="--nogit --nogit-fallback --nogit-chief-penguins --norolestats --nom"
sendemail "perl scripts/get_maintainer.pl $b4to" "perl scripts/get_maintainer.pl $b4cc" "$tmp/ref.txt"
sendemail "$patchcc --to" "$patchcc --cc" "$tmp/pcc.txt"
if [ -s "$tmp/ref.txt" ] && grep -q vger "$tmp/ref.txt" && cmp -s "$tmp/ref.txt" "$tmp/pcc.txt"; then
	ok "git send-email --dry-run: $(grep -c '^Subject:' "$tmp/pcc.txt") mails, same To/Cc as get_maintainer.pl"
else
	ko "git send-email --dry-run differs:"; diff "$tmp/ref.txt" "$tmp/pcc.txt" | head -20; head -5 "$tmp/ref.txt"
fi

# --check-patch: the format-patch series (cover letter included) is
# intact; a copy with a hunk line that lost its prefix, as re-wrapping
# leaves it, is damaged and named with its line.
if "$patchcc" --check-patch "$tmp"/series/*.patch >"$tmp/out" 2>"$tmp/err"; then
	ok "--check-patch: the series is intact"
else
	ko "--check-patch on an intact series: $(head -c 300 "$tmp/err")"
fi
p1=$(ls "$tmp"/series/0001-*.patch)
sed 's/^+int y;$/int y;/' "$p1" >"$tmp/damaged.patch"
n=$(grep -n '^int y;$' "$tmp/damaged.patch" | cut -d: -f1)
expect_error "--check-patch on a damaged patch" "damaged.patch: line $n: line does not start" \
	"$patchcc" --check-patch "$tmp/damaged.patch"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
