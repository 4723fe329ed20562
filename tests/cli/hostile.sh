#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# hostile.sh - hostile inputs at the command line, each against the real
# get_maintainer.pl where the script has a behaviour:
#  - a 12 MB patch line with the real MAINTAINERS: the script reads it,
#    so does patchcc (same output), in bounded time;
#  - a K: line of 300 literal alternatives: same output as the script;
#  - a K: line with an unclosed '[': the script dies, patchcc fails
#    naming the MAINTAINERS line;
#  - 50,000 nested MIME multiparts: a clear error naming the line;
#  - an unreadable .get_maintainer.conf (a directory; a mode 000 file
#    read by an unprivileged user): a warning, not silence;
#  - standard input that cannot be read: an error, not an empty patch.
# usage: hostile.sh PATCHCC PRISTINE_TREE REFERENCE_TREE
set -u
patchcc=$(readlink -f "$1") tree=$2 ref=$3
pass=0 fail=0
tmp=$(mktemp -d)
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); echo "ok - $*"; }
ko() { fail=$((fail + 1)); echo "not ok - $*"; }
gm="--nogit-fallback"

# same_as_script NAME TREE PATCH: patchcc (in TREE) and the script (in
# TREE, or REF when TREE has none) print the same, both exit 0.
same_as_script() {
	name=$1 dir=$2 patch=$3 script=${4:-$2}
	(cd "$dir" && timeout 120 "$patchcc" $gm "$patch") >"$tmp/pcc.out" 2>"$tmp/pcc.err"
	prc=$?
	(cd "$script" && timeout 300 perl scripts/get_maintainer.pl $gm "$patch") >"$tmp/ref.out" 2>"$tmp/ref.err"
	rrc=$?
	if [ $prc -eq 0 ] && [ $rrc -eq 0 ] && [ -s "$tmp/ref.out" ] && cmp -s "$tmp/pcc.out" "$tmp/ref.out"; then
		ok "$name: same $(wc -l <"$tmp/ref.out") lines as the script"
	else
		ko "$name: patchcc exit $prc, script exit $rrc: $(head -c 300 "$tmp/pcc.err")"
		diff "$tmp/ref.out" "$tmp/pcc.out" | head -10
	fi
}

# 1. One very long line on a patch to a phylink file, real MAINTAINERS.
python3 - "$tmp/long.patch" <<'PY'
import sys
head = """From: A <a@example.org>
Subject: [PATCH] net: phy: a long line

Signed-off-by: A <a@example.org>
---
diff --git a/drivers/net/phy/phylink.c b/drivers/net/phy/phylink.c
index 1111111..2222222 100644
--- a/drivers/net/phy/phylink.c
+++ b/drivers/net/phy/phylink.c
@@ -1,1 +1,2 @@
 #include <linux/phylink.h>
"""
with open(sys.argv[1], "w") as f:
    f.write(head + "+phylink" + "x" * (12 * 1024 * 1024) + "\n")
PY
same_as_script "12 MB line, real MAINTAINERS" "$tree" "$tmp/long.patch" "$ref"

# A copy of the reference tree's top level with our own MAINTAINERS.
mini=$tmp/mini
mkdir -p "$mini/scripts"
for f in COPYING CREDITS Kbuild Makefile README; do cp "$ref/$f" "$mini/"; done
for d in Documentation arch include drivers fs init ipc kernel lib; do mkdir -p "$mini/$d"; done
cp "$ref/scripts/get_maintainer.pl" "$mini/scripts/"
kw=$(seq -f 'kw%03g' 0 299 | paste -sd'|')
printf 'MANY KEYWORDS\nM:\tKay Word <kay@example.org>\nL:\tkw@example.org\nS:\tMaintained\nK:\t%s\n\nOTHER\nM:\tOther <other@example.org>\nS:\tMaintained\nF:\tdrivers/\nK:\tzz\\d+q\n\nTHE REST\nM:\tLinus <linus@example.org>\nL:\tlkml@example.org\nS:\tBuried alive in reporters\nF:\t*\nF:\t*/\n' "$kw" >"$mini/MAINTAINERS"
printf 'From: A <a@example.org>\nSubject: [PATCH] x\n\n---\ndiff --git a/drivers/a.c b/drivers/a.c\n--- a/drivers/a.c\n+++ b/drivers/a.c\n@@ -1 +1,2 @@\n a\n+kw123\n' >"$tmp/kw.patch"
same_as_script "K: with 300 alternatives, +kw123" "$mini" "$tmp/kw.patch"

printf 'BROKEN KEYWORD\nM:\tB <b@example.org>\nS:\tMaintained\nK:\tfoo[bar\n\nTHE REST\nL:\tlkml@example.org\nF:\t*/\n' >"$mini/MAINTAINERS"
(cd "$mini" && perl scripts/get_maintainer.pl $gm "$tmp/kw.patch") >/dev/null 2>"$tmp/ref.err"
rrc=$?
(cd "$mini" && timeout 20 "$patchcc" $gm "$tmp/kw.patch") >/dev/null 2>"$tmp/pcc.err"
prc=$?
if [ $rrc -ne 0 ] && [ $prc -ne 0 ] && [ $prc -lt 124 ] && grep -q "MAINTAINERS:4" "$tmp/pcc.err"; then
	ok "K: foo[bar: script exit $rrc ($(head -c 60 "$tmp/ref.err")...), patchcc exit $prc: $(head -c 160 "$tmp/pcc.err")"
else
	ko "K: foo[bar: script exit $rrc, patchcc exit $prc: $(head -c 300 "$tmp/pcc.err")"
fi

# 2. MIME nested 50,000 deep.
python3 - "$tmp/deep.eml" <<'PY'
import sys
m = ["From: A <a@example.org>\nSubject: [PATCH] deep\nMIME-Version: 1.0\n"]
for i in range(50000):
    m.append('Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (i, i))
m.append("Content-Type: text/plain\n\n--- a/q.c\n+++ b/q.c\n@@ -1 +1 @@\n-a\n+b\n")
open(sys.argv[1], "w").write("".join(m))
PY
(cd "$tree" && timeout 20 "$patchcc" $gm "$tmp/deep.eml") >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "deep.eml:100: MIME parts nested more than 32 deep" "$tmp/err"; then
	ok "50,000 nested multiparts: exit 1: $(cat "$tmp/err")"
else
	ko "50,000 nested multiparts: exit $rc: $(head -c 300 "$tmp/err")"
fi

# 3. .get_maintainer.conf that cannot be read.
mkdir -p "$tmp/conf-dir/.get_maintainer.conf"
(cd "$tmp/conf-dir" && "$patchcc" --version) >/dev/null 2>"$tmp/err"
if grep -q "get_maintainer.conf is not a regular file" "$tmp/err"; then
	ok "a directory .get_maintainer.conf: $(cat "$tmp/err")"
else
	ko "a directory .get_maintainer.conf: no warning ($(cat "$tmp/err"))"
fi
mkdir -p "$tmp/conf-file"
echo "--nol" >"$tmp/conf-file/.get_maintainer.conf"
chmod 000 "$tmp/conf-file/.get_maintainer.conf"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	(cd "$tmp/conf-file" && setpriv --reuid=65534 --regid=65534 --clear-groups "$patchcc" --version) >/dev/null 2>"$tmp/err"
else
	(cd "$tmp/conf-file" && "$patchcc" --version) >/dev/null 2>"$tmp/err"
fi
if grep -q "Can't find a readable .get_maintainer.conf file.*Permission denied" "$tmp/err"; then
	ok "a mode 000 .get_maintainer.conf: $(cat "$tmp/err")"
else
	ko "a mode 000 .get_maintainer.conf: no warning ($(cat "$tmp/err"))"
fi

# 4. Standard input that is a directory: read() fails with EISDIR.
(cd "$tree" && timeout 20 "$patchcc" $gm <"$tmp") >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "(stdin): read error" "$tmp/err"; then
	ok "unreadable stdin: exit 1: $(cat "$tmp/err")"
else
	ko "unreadable stdin: exit $rc: $(head -c 300 "$tmp/err")"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
