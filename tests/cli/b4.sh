#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# b4.sh - b4 with patchcc as send-auto-to-cmd/send-auto-cc-cmd gives the
# same recipients as b4 with the patched get_maintainer.pl.
#
# usage: b4.sh PATCHCC REFERENCE_TREE
#
# Builds a small kernel repository (the top of REFERENCE_TREE: MAINTAINERS,
# .mailmap, scripts/get_maintainer.pl, and the real files the series
# changes), prepares a three-patch series with the real b4 (`b4 prep`, no
# network), lets b4 collect the recipients (`b4 prep --auto-to-cc`) and
# prints the mails with `b4 send --dry-run` twice: once with b4's default
# commands (the script) and once with
#     b4.send-auto-to-cmd = patchcc --to
#     b4.send-auto-cc-cmd = patchcc --cc
# The To: and Cc: of every mail must be the same, and not empty.
set -eu
patchcc=$(readlink -f "$1") ref=$2
command -v b4 >/dev/null || { echo "b4 is not installed (apt-get install b4)"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/patchcc-b4.XXXXXX")
[ -n "${PATCHCC_B4_KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 LC_ALL=C.UTF-8 TZ=UTC
mkdir -p "$HOME"
git config --global user.name "Patch Sender"
git config --global user.email sender@example.org
git config --global init.defaultBranch master
export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"

# The editor b4 prep --edit-cover runs: a title and a blurb for EDITME.
cat > "$tmp/editor" <<'ED'
#!/bin/sh
awk 'NR == 1 && /EDITME/ { print "patchcc: a test series"; next }
     /^EDITME: describe/ { skip = 1; print "Three notes in three subsystems."; next }
     skip && /^$/ { skip = 0 }
     skip { next }
     { print }' "$1" > "$1.new" && mv "$1.new" "$1"
ED
chmod +x "$tmp/editor"
export EDITOR="$tmp/editor" GIT_EDITOR="$tmp/editor" VISUAL="$tmp/editor"

files="drivers/pps/pps.c net/rfkill/core.c fs/squashfs/super.c"
make_repo() { # make_repo DIR
	mkdir -p "$1"
	for f in COPYING CREDITS Kbuild Makefile README MAINTAINERS .mailmap \
		.get_maintainer.ignore scripts/get_maintainer.pl $files; do
		mkdir -p "$1/$(dirname "$f")"
		cp "$ref/$f" "$1/$f"
	done
	for d in Documentation arch include init ipc kernel lib; do
		mkdir -p "$1/$d"; : > "$1/$d/.keep"
	done
	(cd "$1" && git init -q && git add -A && git commit -qm "base" &&
	 b4 prep -n patchcc-test >/dev/null 2>&1 &&
	 b4 prep --edit-cover >/dev/null 2>&1 &&
	 n=0 && for f in $files; do
		n=$((n + 1))
		sed -i '1a /* patchcc b4 test '"$n"' */' "$f"
		git commit -qam "$(basename "$(dirname "$f")"): note $n

Signed-off-by: Patch Sender <sender@example.org>"
	 done)
}
run_b4() { # run_b4 DIR: the recipients of each mail b4 would send
	(cd "$1" && b4 prep --auto-to-cc > auto.log 2>&1 &&
	 b4 send --dry-run --no-sign > dry.txt 2> dry.err) ||
		{ cat "$1/auto.log" "$1/dry.err" 2>/dev/null; echo "b4 failed in $1"; exit 1; }
	# b4 prints each message on stderr as "    | " lines between DRYRUN
	# markers: keep the Subject/To/Cc header lines (with continuations)
	awk '/DRYRUN: message follows/ { hdr = 1; print "--"; next }
	     !hdr { next }
	     /^    \| *$/ { hdr = 0; next }
	     { sub(/^    \| /, "") }
	     /^[A-Za-z-]+:/ { key = $1 }
	     key == "Subject:" || key == "To:" || key == "Cc:" { print }' \
		"$1/dry.err"
}

make_repo "$tmp/script"
make_repo "$tmp/patchcc"
git -C "$tmp/patchcc" config b4.send-auto-to-cmd "$patchcc --to"
git -C "$tmp/patchcc" config b4.send-auto-cc-cmd "$patchcc --cc"

run_b4 "$tmp/script" > "$tmp/script.txt"
run_b4 "$tmp/patchcc" > "$tmp/patchcc.txt"
cat "$tmp/patchcc.txt"
mails=$(grep -c '^--$' "$tmp/patchcc.txt" || true)
lines=$(grep -c -E '^(To|Cc):|^[[:space:]]' "$tmp/patchcc.txt" || true)
[ "$mails" -ge 4 ] || { echo "FAIL: $mails mails in b4 send --dry-run (want 4)"; exit 1; }
grep -q "^Cc:.*@\|^To:.*@" "$tmp/patchcc.txt" || { echo "FAIL: no recipients"; exit 1; }
if diff -u "$tmp/script.txt" "$tmp/patchcc.txt"; then
	echo "ok: $mails mails, the same To:/Cc: ($lines header lines) with patchcc as with get_maintainer.pl"
else
	echo "FAIL: b4 with patchcc differs from b4 with get_maintainer.pl"
	exit 1
fi
