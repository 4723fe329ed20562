#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# index-cache.sh - the compiled MAINTAINERS + .mailmap index cached on disk
# gives exactly the answers of a fresh parse, and a damaged cache file is
# never trusted.
#
#  - patches generated from the tree (one to three files each, spread over
#    it) and the corpus patches when present: the output, standard error
#    and exit status of every run with the cache (written by the first
#    run, mapped by the later ones) are byte-identical to a run that
#    parses afresh (PATCHCC_NO_INDEX_CACHE=1), with and without .mailmap
#    and role statistics, one patch at a time and all at once;
#  - a valid cache file is used and left alone (same inode);
#  - a cache file with a flipped byte (header, index, text, mailmap),
#    truncated (to half, to 10 bytes, to nothing) or of another version
#    is detected: the answers stay identical and the file is written
#    anew, byte-identical to the one a fresh parse writes;
#  - a changed MAINTAINERS (--mpath) is never answered from the old cache;
#  - a K: pattern that does not compile is reported from the cache too;
#  - the stamp that spares a run reading MAINTAINERS: none is written for
#    a file changed under 2 s before, one is afterwards and the next run
#    does not open the file; a write in place that keeps the file's size,
#    inode and modification time is seen all the same (its change time
#    moved); a damaged stamp is not trusted;
#  - writing an index removes month-old index files, and nothing else.
# usage: index-cache.sh PATCHCC TREE [CORPUS]
set -u
patchcc=$(readlink -f "$1") tree=$2 corpus=${3:+$(readlink -f "$3")}
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME=$tmp/cache
export LC_ALL=C
unset PATCHCC_NO_INDEX_CACHE
idx=$XDG_CACHE_HOME/patchcc/index

ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "not ok - $*"; }

cd "$tree" || exit 1

# run_both NAME ARGS...: fresh and cached, compared byte for byte
run_both() {
	name=$1; shift
	PATCHCC_NO_INDEX_CACHE=1 "$patchcc" "$@" >"$tmp/f.out" 2>"$tmp/f.err"
	echo "exit $?" >>"$tmp/f.err"
	"$patchcc" "$@" >"$tmp/c.out" 2>"$tmp/c.err"
	echo "exit $?" >>"$tmp/c.err"
	if cmp -s "$tmp/f.out" "$tmp/c.out" && cmp -s "$tmp/f.err" "$tmp/c.err"; then
		ok
	else
		ko "$name: cached and fresh differ: $*"
		diff "$tmp/f.out" "$tmp/c.out" | head -5
		diff "$tmp/f.err" "$tmp/c.err" | head -5
	fi
}

# Patches from the tree: every 41st .c/.h file of a sorted walk, one to
# three per patch, a small hunk each.
mkdir -p "$tmp/gen"
find drivers fs net sound arch include kernel mm lib tools \
	-name '*.[ch]' -type f 2>/dev/null | LC_ALL=C sort |
	awk 'NR % 41 == 1' | head -400 >"$tmp/files"
n=0
while [ $n -lt 150 ]; do
	p=$(printf '%s/gen/%03d.patch' "$tmp" $n)
	printf 'From: Dev <dev@example.org>\nSubject: [PATCH] fix %d\n\n---\n' $n >"$p"
	k=0
	while [ $k -le $((n % 3)) ]; do
		f=$(sed -n "$(((n * 7 + k * 131) % 400 + 1))p" "$tmp/files")
		[ -n "$f" ] && printf 'diff --git a/%s b/%s\nindex 1111111..2222222 100644\n--- a/%s\n+++ b/%s\n@@ -1,3 +1,3 @@\n context\n-teh\n+the\n context\n' "$f" "$f" "$f" "$f" >>"$p"
		k=$((k + 1))
	done
	n=$((n + 1))
done
patches=("$tmp"/gen/*.patch)
if [ -n "$corpus" ] && [ -d "$corpus/patches" ]; then
	patches+=("$corpus"/patches/*.patch)
fi
echo "# ${#patches[@]} patches"

# the first cached run writes the cache
"$patchcc" --version >/dev/null
run_both "first" --no-git-fallback "${patches[0]}"
files=("$idx"/maintainers-*.idx)
if [ ${#files[@]} -eq 1 ] && [ -s "${files[0]}" ]; then
	ok
else
	ko "no single cache file after the first run: ${files[*]}"
fi
cache=${files[0]}
cp "$cache" "$tmp/good.idx"
inode=$(stat -c %i "$cache")

for p in "${patches[@]}"; do
	run_both "$(basename "$p")" --no-git-fallback "$p"
done
for p in "${patches[@]:0:30}"; do
	run_both "$(basename "$p") --norolestats" --no-git-fallback --norolestats "$p"
	run_both "$(basename "$p") --nomailmap" --no-git-fallback --nomailmap "$p"
done
run_both "all at once" --no-git-fallback "${patches[@]:0:60}"
run_both "-f files" --no-git-fallback -f $(head -20 "$tmp/files")

# a valid cache is used as it is
if [ "$(stat -c %i "$cache")" = "$inode" ] && cmp -s "$cache" "$tmp/good.idx"; then
	ok
else
	ko "the valid cache file was rewritten"
fi

# damage: each must be detected (answers identical, file rewritten whole)
size=$(stat -c %s "$tmp/good.idx")
damage() {
	name=$1; shift
	cp "$tmp/good.idx" "$cache"
	"$@"
	run_both "$name" --no-git-fallback "${patches[1]}"
	if cmp -s "$cache" "$tmp/good.idx"; then
		ok
	else
		ko "$name: the damaged cache file was not rebuilt"
	fi
}
flip() { # flip the byte at offset $1
	b=$(od -An -tu1 -j "$1" -N1 "$cache" | tr -d ' ')
	printf "$(printf '\\%03o' $(((b ^ 0x5a) & 255)))" |
		dd of="$cache" bs=1 seek="$1" conv=notrunc status=none
}
damage "flipped byte in the magic" flip 3
damage "flipped byte in the key" flip 20
damage "flipped byte in the checksum" flip 40
damage "flipped byte in the index" flip 4000
damage "flipped byte in the middle" flip $((size / 2))
damage "flipped byte in the text" flip $((size - 30000))
damage "flipped last byte" flip $((size - 1))
damage "truncated to half" truncate -s $((size / 2)) "$cache"
damage "truncated by one byte" truncate -s $((size - 1)) "$cache"
damage "truncated to 10 bytes" truncate -s 10 "$cache"
damage "emptied" truncate -s 0 "$cache"
damage "grown" sh -c "printf x >>'$cache'"
damage "removed" rm -f "$cache"
# a directory in its place cannot be replaced: still the same answers
rm -f "$cache"
mkdir "$cache"
run_both "a directory in place of the cache file" --no-git-fallback "${patches[1]}"
rmdir "$cache"

# writing an index removes the month-old ones of other inputs, no other
printf 'old\n' >"$idx/maintainers-old.idx"
touch -d '40 days ago' "$idx/maintainers-old.idx"
printf 'recent\n' >"$idx/maintainers-recent.idx"
printf 'mine\n' >"$idx/notes.txt"
touch -d '40 days ago' "$idx/notes.txt"
rm -f "$cache"
run_both "rebuild after removal" --no-git-fallback "${patches[1]}"
if [ ! -e "$idx/maintainers-old.idx" ] && [ -e "$idx/maintainers-recent.idx" ] &&
	[ -e "$idx/notes.txt" ] && cmp -s "$cache" "$tmp/good.idx"; then
	ok
else
	ko "pruning: $(ls "$idx")"
fi
rm -f "$idx/maintainers-recent.idx" "$idx/notes.txt"

# first_address MAINTAINERS PATCH: the first address of the answer
first_address() {
	"$patchcc" --no-git-fallback --mpath "$1" "$2" |
		grep -o '<[^>]*@[^>]*>' | head -1 | tr -d '<>'
}
# answers_with NAME MAINTAINERS PATCH TEXT: fresh and cached agree, and
# the answer has TEXT (a changed MAINTAINERS is not answered from before)
answers_with() {
	run_both "$1" --no-git-fallback --mpath "$2" "$3"
	if "$patchcc" --no-git-fallback --mpath "$2" "$3" | grep -qF "$4"; then
		ok
	else
		ko "$1: no \"$4\" in the answer: answered from the old file?"
	fi
}

# a changed MAINTAINERS is never answered from the old cache
cp MAINTAINERS "$tmp/M"
run_both "--mpath" --no-git-fallback --mpath "$tmp/M" "${patches[2]}"
first=$(first_address "$tmp/M" "${patches[2]}")
if [ -n "$first" ]; then
	sed -i "s/$first/changed-$first/" "$tmp/M"
	answers_with "--mpath, changed" "$tmp/M" "${patches[2]}" "<changed-$first>"
else
	ko "no address for ${patches[2]}"
fi

# a K: pattern that does not compile: the same error from the run that
# writes the cache and from the one that reads it as from a fresh parse
# (an index records whether every K: compiles; this one's needle is in no
# patch, so only that record makes it tried)
cp MAINTAINERS "$tmp/MK"
printf '\nBAD KEYWORD\nM:\tBad <bad@example.org>\nK:\tzqxjkw)\n' >>"$tmp/MK"
run_both "bad K:, cache written" --no-git-fallback --mpath "$tmp/MK" "${patches[2]}"
run_both "bad K:, cache read" --no-git-fallback --mpath "$tmp/MK" "${patches[2]}"
if "$patchcc" --no-git-fallback --mpath "$tmp/MK" "${patches[2]}" 2>&1 |
	grep -q 'bad pattern in "K:'; then
	ok
else
	ko "a bad K: is not reported from the cache"
fi
run_both "bad K:, --no-keywords" --no-git-fallback --no-keywords --mpath "$tmp/MK" "${patches[2]}"

# stamps: MAINTAINERS is not read while it is as it was when hashed
opens() { # the files run ARGS... opens, one a line
	strace -f -qq -e trace=open,openat -o "$tmp/trace" "$patchcc" "$@" >/dev/null 2>&1
	sed -n 's/^[0-9]* *open[at]*([^"]*"\([^"]*\)".*/\1/p' "$tmp/trace"
}
stamps() { find "$idx" -name 'stamp-*' | wc -l; }
cp MAINTAINERS "$tmp/S"
n0=$(stamps)
run_both "stamp, new file" --no-git-fallback --mpath "$tmp/S" "${patches[4]}"
if [ "$(stamps)" = "$n0" ]; then
	ok
else
	ko "a stamp was written for a file changed under 2 s before"
fi
sleep 2.5
run_both "stamp, settled file" --no-git-fallback --mpath "$tmp/S" "${patches[4]}"
if [ "$(stamps)" = $((n0 + 1)) ]; then
	ok
else
	ko "no stamp written for a settled file ($(stamps) stamps, $n0 before)"
fi
opened=$(opens --no-git-fallback --mpath "$tmp/S" "${patches[4]}")
if printf '%s\n' "$opened" | grep -q "patchcc/index/stamp-" &&
	! printf '%s\n' "$opened" | grep -qx "$tmp/S"; then
	ok
else
	ko "a run with a valid stamp opened: $(printf '%s\n' "$opened" | grep -E "$tmp/S|stamp" | tr '\n' ' ')"
fi
stamp=$(find "$idx" -name 'stamp-*' -newer "$tmp/S" | head -1)
cp "$stamp" "$tmp/good.stamp"
# a damaged stamp: not trusted (the file is read), same answers
# (the run writes it anew)
for at in 3 70 $(($(stat -c %s "$stamp") - 20)) $(($(stat -c %s "$stamp") - 1)); do
	cp "$tmp/good.stamp" "$stamp"
	printf 'X' | dd of="$stamp" bs=1 seek=$at conv=notrunc status=none
	if opens --no-git-fallback --mpath "$tmp/S" "${patches[4]}" | grep -qx "$tmp/S" &&
		cmp -s "$stamp" "$tmp/good.stamp"; then
		ok
	else
		ko "a stamp damaged at byte $at was trusted, or not written anew"
	fi
	printf 'X' | dd of="$stamp" bs=1 seek=$at conv=notrunc status=none
	run_both "stamp damaged at byte $at" --no-git-fallback --mpath "$tmp/S" "${patches[4]}"
done
# a write in place, same size, inode and modification time
first=$(first_address "$tmp/S" "${patches[4]}")
if [ -n "$first" ]; then
	same=$(printf '%s' "$first" | tr 'a-z' 'b-za' | tr 'A-Z' 'B-ZA')
	touch -r "$tmp/S" "$tmp/S.time"
	ino=$(stat -c %i:%s "$tmp/S")
	sed "s/$first/$same/g" "$tmp/S" >"$tmp/S.new"
	dd if="$tmp/S.new" of="$tmp/S" conv=notrunc status=none
	touch -r "$tmp/S.time" "$tmp/S"
	if [ "$(stat -c %i:%s "$tmp/S")" = "$ino" ] &&
		[ "$(stat -c %Y "$tmp/S")" = "$(stat -c %Y "$tmp/S.time")" ]; then
		ok
	else
		ko "the in-place write changed the inode, size or time"
	fi
	answers_with "stamp, written in place" "$tmp/S" "${patches[4]}" "<$same>"
else
	ko "no address for ${patches[4]}"
fi

# an unwritable cache directory: fresh parse, same answers
rm -rf "$XDG_CACHE_HOME"
printf 'not a directory\n' >"$XDG_CACHE_HOME"
run_both "unwritable cache" --no-git-fallback "${patches[3]}"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 100 ]
