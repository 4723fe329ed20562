#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# series.sh - "patchcc series --previous": v1 made by git format-patch
# --cover-letter, an mbox of it and its replies, v2 with 2/3 changed.
# The report names the people with their reasons and the trailers with
# their state; --write-trailers adds the taken ones before "---" and
# leaves every other byte of the patch files as it was.  "patchcc cover
# --previous" puts the changes since v1 in the cover letter.
#
# usage: series.sh PATCHCC
set -eu
patchcc=$(readlink -f "$1")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/patchcc-series.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 LC_ALL=C TZ=UTC
mkdir -p "$HOME"
git config --global user.name "A U Thor"
git config --global user.email author@example.org
git config --global init.defaultBranch master
export GIT_AUTHOR_DATE="2026-11-29T00:00:00Z" GIT_COMMITTER_DATE="2026-11-29T00:00:00Z"
fails=0
check() { # DESCRIPTION COMMAND...
	d=$1; shift
	if "$@"; then echo "ok - $d"; else echo "not ok - $d"; fails=$((fails + 1)); fi
}

cd "$tmp" && git init -q repo && cd repo
echo 'a 1' > a.c; echo 'b 1' > b.c; echo 'c 1' > c.c
git add -A && git commit -qm base
git checkout -qb v1
echo 'a 2' > a.c && git commit -qam 'a: change a' -m 'Why a.' -m 'Signed-off-by: A U Thor <author@example.org>'
echo 'b 2' > b.c && git commit -qam 'b: change b' -m 'Signed-off-by: A U Thor <author@example.org>'
echo 'c 2' > c.c && git commit -qam 'c: change c' -m 'No trailer here.'
git format-patch -q --cover-letter --thread=shallow --to='Maint <maint@example.org>' \
	--cc=list@example.org -o ../v1 master..v1
git checkout -qb v2 master
echo 'a 2' > a.c && git commit -qam 'a: change a' -m 'Why a.' -m 'Signed-off-by: A U Thor <author@example.org>'
echo 'b 3' > b.c && git commit -qam 'b: change b' -m 'Signed-off-by: A U Thor <author@example.org>'
echo 'c 2' > c.c && git commit -qam 'c: change c' -m 'No trailer here.'
git format-patch -q --cover-letter --thread=shallow --subject-prefix='PATCH v2' -o ../v2 master..v2
cd ..
cp -r v2 v2.orig
# Someone added to v1's cover letter by hand.
sed -i 's/^Subject: \[PATCH 0/Cc: Hand Added <hand@example.org>\n&/' v1/0000-cover-letter.patch
id() { sed -n 's/^Message-I[dD]: <\(.*\)>$/\1/p' "$1"; }
c=$(id v1/0000-*) p1=$(id v1/0001-*) p3=$(id v1/0003-*)
cat v1/*.patch > v1.mbox
reply() { # FROM DATE ID PARENT BODY
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: %s\nDate: %s\nMessage-ID: <%s>\nIn-Reply-To: <%s>\nReferences: <%s> <%s>\nSubject: Re: x\n\n%b\n' \
		"$1" "$2" "$3" "$4" "$c" "$4" "$5" >> v1.mbox
}
reply 'Maint <maint@example.org>' 'Mon, 30 Nov 2026 10:00:00 +0000' r1@x "$p1" \
	'> a 2\n\nReviewed-by: Maint <maint@example.org>'
reply 'Hand Added <hand@example.org>' 'Mon, 30 Nov 2026 11:00:00 +0000' r2@x "$c" \
	'Acked-by: Hand Added <hand@example.org>'
reply 'Other <other@example.org>' 'Tue, 1 Dec 2026 09:00:00 +0000' r3@x r1@x \
	'> Reviewed-by: Maint <maint@example.org>\n> Tested-by: Quoted <quoted@example.org>\nAgreed.'
reply 'Boss <boss@example.org>' 'Tue, 1 Dec 2026 10:00:00 +0000' r4@x "$p3" \
	'Reviewed-by: Someone Else <else@example.org>'

"$patchcc" series --previous v1.mbox v2 > out.txt 2> err.txt || { cat err.txt; exit 1; }
cat out.txt
check "found v1 by subject" grep -q '^Previous version: v1 (found by subject), 4 mails, 4 replies$' out.txt
check "maintainer with reasons" grep -qxF "  Maint <maint@example.org> (on v1's To; replied to 1/3 on 30 Nov)" out.txt
check "hand-added Cc with reasons" grep -qxF "  Hand Added <hand@example.org> (on v1's Cc; replied to the cover letter on 30 Nov)" out.txt
check "list" grep -qxF "  list@example.org (on v1's Cc)" out.txt
check "no quoted trailer" sh -c '! grep -q quoted@ out.txt'
check "Reviewed-by on 1/3 taken" grep -qxF "    [x] Reviewed-by: Maint <maint@example.org> (Maint <maint@example.org> on 1/3)" out.txt
check "Acked-by on 2/3 flagged" grep -qxF "    [ ] Acked-by: Hand Added <hand@example.org> (Hand Added <hand@example.org> on 0/3): patch changed since the review" out.txt
check "2/3 changed" grep -qxF "  2/3 b: change b (changed)" out.txt
check "other address flagged" grep -qF "[ ] Reviewed-by: Someone Else <else@example.org> (Boss <boss@example.org> on 3/3): address differs" out.txt
check "Acked-by taken twice" test "$(grep -c '\[x\] Acked-by: Hand Added' out.txt)" = 2
check "Reviewed-by once" test "$(grep -c 'Reviewed-by: Maint' out.txt)" = 1

"$patchcc" series --previous v1.mbox --write-trailers v2 > out2.txt
cat out2.txt
# What the files must be: the taken trailers before the first "---".
expect() { # FILE LINES
	awk -v add="$2" 'done == 0 && $0 == "---" { printf "%s", add; done = 1 } { print }' "$1"
}
expect v2.orig/0001-* 'Reviewed-by: Maint <maint@example.org>\nAcked-by: Hand Added <hand@example.org>\n' > want1
expect v2.orig/0003-* '\nAcked-by: Hand Added <hand@example.org>\n' > want3
check "1/3 written after its Signed-off-by" cmp want1 v2/0001-*
check "2/3 untouched" cmp v2.orig/0002-* v2/0002-*
check "3/3: a new trailer block" cmp want3 v2/0003-*
check "cover untouched" cmp v2.orig/0000-* v2/0000-*
# Twice is once.
"$patchcc" series --previous v1.mbox --write-trailers v2 > /dev/null
check "idempotent" cmp want1 v2/0001-*

# "patchcc cover --previous": the cover letter of v2 says what changed
# since v1 and links to v1's cover letter; a FIFO is refused, not waited on.
"$patchcc" cover --no-recipients --body-only --previous v1.mbox --tree-path repo \
	--signature S v2.orig > cover.txt 2> err.txt || { cat err.txt; exit 1; }
printf 'Changes in v2:\n- 2/3 "b: change b": changed since v1\n- Link to v1: https://lore.kernel.org/r/%s\n\n' "$c" > want-changes
sed -n '/^Changes in v2:$/,/^$/p' cover.txt > got-changes
check "cover: changes since v1" cmp want-changes got-changes
check "cover: no base-commit, no range-diff, said" grep -q "note: no range-diff: v2 has no base-commit" err.txt
# With v2's base recorded, the range-diff against v1 (applied in memory
# in the repository, v1 on v2's base) is git range-diff's, hashes aside.
(cd repo && git format-patch -q --cover-letter --base=master --subject-prefix='PATCH v2' -o ../v2b master..v2)
"$patchcc" cover --no-recipients --body-only --previous v1.mbox --tree-path repo \
	--signature S v2b > cover-rd.txt 2> err.txt || { cat err.txt; exit 1; }
git -C repo range-diff --no-color master..v1 master..v2 | sed 's/[0-9a-f]\{7,40\}/H/g' > want-rd
sed 's/[0-9a-f]\{7,40\}/H/g' cover-rd.txt > got-rd
rd_ok=true
while IFS= read -r line; do
	[ -n "$line" ] || continue
	grep -qxF -- "$line" got-rd || { echo "# missing: $line"; rd_ok=false; }
done < want-rd
check "cover: range-diff against v1 as git's" $rd_ok
check "cover: range-diff has the changed patch" grep -qx '2:  H < -:  ------- b: change b' got-rd
check "cover: range-diff in the repository only in memory" sh -c '! git -C repo fsck --lost-found 2>/dev/null | grep -q commit'
mkfifo fifo.mbox
set +e
timeout 20 "$patchcc" cover --no-recipients --body-only --previous fifo.mbox v2.orig > /dev/null 2>&1; s4=$?
set -e
check "cover: a FIFO is refused" test "$s4" != 0 -a "$s4" != 124

# v3, with v1 and v2 in the mailbox: v2 unless asked for v1.
(cd repo && git format-patch -q --cover-letter --subject-prefix='PATCH v3' -o ../v3 master..v2)
cat v1.mbox v2.orig/*.patch > both.mbox
"$patchcc" series --previous both.mbox v3 > out3.txt
check "v3: v2 by default" grep -q '^Previous version: v2 (found by subject)' out3.txt
check "v3: both versions offered" grep -qxF 'Earlier versions in the mailbox: v2, v1 (--previous-version N)' out3.txt
"$patchcc" series --previous both.mbox --previous-version 1 v3 > out4.txt
check "v3: v1 when asked" grep -q '^Previous version: v1 (found by subject), 4 mails' out4.txt
set +e
"$patchcc" series --previous both.mbox --previous-version 5 v3 > /dev/null 2>&1; s5=$?
"$patchcc" series --previous both.mbox --previous-version -1 v3 > /dev/null 2>&1; s6=$?
set -e
check "v3: no v5 in the mailbox: 1" test "$s5" = 1
check "v3: a negative version: 255" test "$s6" = 255

# Not found, missing file, bad option.
printf 'From x Mon Sep 17 00:00:00 2001\nSubject: [PATCH] other\n\nx\n' > other.mbox
set +e
"$patchcc" series --previous other.mbox v2 > /dev/null 2>&1; s1=$?
"$patchcc" series --previous nowhere.mbox v2 > /dev/null 2>&1; s2=$?
"$patchcc" series --bogus v2 > /dev/null 2>&1; s3=$?
set -e
check "no previous version: 1" test "$s1" = 1
check "missing mbox: 2" test "$s2" = 2
check "bad option: 255" test "$s3" = 255
exit $fails
