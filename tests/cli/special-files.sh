#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# special-files.sh - files of the tree that are not regular files are
# refused with a clear error, never read (a FIFO would block the run, a
# link to /dev/zero never end): MAINTAINERS as a FIFO, as a link to
# /dev/zero, a FIFO in a MAINTAINERS folder; a .mailmap FIFO; a work-tree
# file --git-blame would read, a link to /dev/zero.  Each run is bounded
# by timeout(1): a hang fails.
# usage: special-files.sh PATCHCC
set -u
patchcc=$(readlink -f "$1")
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); echo "ok - $*"; }
ko() { fail=$((fail + 1)); echo "not ok - $*"; }

# A minimal tree: what pcc_tree_is_kernel_top() looks for.
t=$tmp/t
mkdir -p "$t"
(cd "$t" && touch COPYING CREDITS Kbuild Makefile README &&
	mkdir Documentation arch include drivers fs init ipc kernel lib scripts &&
	printf 'a\n' >drivers/x.c)
printf 'THE REST\nM:\tA <a@example.org>\nL:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive\nF:\t*\nF:\t*/\n' >"$tmp/MAINTAINERS"
cat >"$tmp/p.patch" <<'PATCH'
From: A <a@example.org>
Subject: [PATCH] drivers: x

---
diff --git a/drivers/x.c b/drivers/x.c
--- a/drivers/x.c
+++ b/drivers/x.c
@@ -1,1 +1,1 @@
-a
+b
PATCH

# run NAME WANT_RC PATTERN ARGS...: exits WANT_RC within 20 s, and
# PATTERN is on stderr.
run() {
	name=$1 want=$2 pat=$3
	shift 3
	(cd "$t" && timeout 20 "$patchcc" "$@") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 124 ]; then
		ko "$name: hangs"
	elif [ $rc -ne "$want" ]; then
		ko "$name: exit $rc, want $want: $(head -c 300 "$tmp/err")"
	elif [ -n "$pat" ] && ! grep -q -- "$pat" "$tmp/err"; then
		ko "$name: no \"$pat\" on stderr: $(head -c 300 "$tmp/err")"
	else
		ok "$name: $(grep -h -m1 -- "${pat:-.}" "$tmp/err" "$tmp/out" | head -n 1)"
	fi
}

cp "$tmp/MAINTAINERS" "$t/MAINTAINERS"
run "regular MAINTAINERS" 0 "" "$tmp/p.patch"

rm "$t/MAINTAINERS"
mkfifo "$t/MAINTAINERS"
run "MAINTAINERS is a FIFO" 1 "MAINTAINERS: not a regular file (a FIFO)" "$tmp/p.patch"
rm "$t/MAINTAINERS"
ln -s /dev/zero "$t/MAINTAINERS"
run "MAINTAINERS links to /dev/zero" 1 "not a regular file (a device)" "$tmp/p.patch"
rm "$t/MAINTAINERS"
mkdir "$t/MAINTAINERS"
mkfifo "$t/MAINTAINERS/net"
run "a FIFO in a MAINTAINERS folder" 1 "MAINTAINERS/net: not a regular file (a FIFO)" "$tmp/p.patch"
rm -r "$t/MAINTAINERS"

cp "$tmp/MAINTAINERS" "$t/MAINTAINERS"
mkfifo "$t/.mailmap"
run ".mailmap is a FIFO: read as none" 0 "" "$tmp/p.patch"
rm "$t/.mailmap"

# --git-blame reads the work tree's copy of a file of the patch.
(cd "$t" && git init -q && git add -A &&
	git -c user.name=A -c user.email=a@example.org commit -qm base) ||
	ko "git init"
rm "$t/drivers/x.c"
ln -s /dev/zero "$t/drivers/x.c"
run "blame: the file links to /dev/zero" 0 "git blame drivers/x.c: not a regular file" --git-blame "$tmp/p.patch"
rm "$t/drivers/x.c"
mkfifo "$t/drivers/x.c"
run "blame: the file is a FIFO" 0 "git blame drivers/x.c: not a regular file" --git-blame "$tmp/p.patch"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
