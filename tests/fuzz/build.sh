#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# build.sh - build every libFuzzer target of tests/fuzz (fuzz-*.c) with
# clang, ASan and UBSan, against the core compiled once, and generate
# their seed corpora from a kernel tree (seeds.py).
# usage: build.sh SOURCE_ROOT KERNEL_TREE OUTDIR
# Leaves OUTDIR/fuzz-<target>, OUTDIR/seeds/<target>/ and
# OUTDIR/sources-<target>: the files under SOURCE_ROOT that target is
# built from (its fuzz-T.c, the core sources the linker took for it, the
# headers they include, the templates when it embeds them).
set -eu
src=$1 tree=$2 out=$3
command -v clang >/dev/null || { echo "clang missing (scripts/setup.sh installs it)"; exit 1; }
mkdir -p "$out/obj"
pkgs="glib-2.0 libetpan libgit2 libpcre2-8"
san="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
inc="-I$src/core/base -I$src/core/mail -I$src/core/engine -I$src/core/cover $(pkg-config --cflags $pkgs)"
python3 "$src/templates/embed-templates.py" "$out/pcc-builtin-templates.h" \
	/usr/share/patchcc/templates "$src"/templates/*.tpl
[ -f "$out/config.h" ] || printf '#define PCC_VERSION "fuzz"\n#define PCC_LOCALEDIR "/usr/share/locale"\n' >"$out/config.h"
inc="$inc -I$out"
# deps D: the files a depfile (-MMD) names, one per line
deps() {
	sed -e 's/^[^:]*://' -e 's/\\$//' "$1" | tr ' ' '\n' | grep -v '^$'
}
# stale O C: whether object O is older than its source C or a header it
# includes (or has no depfile yet)
stale() {
	[ -f "${1%.o}.d" ] && [ "$1" -nt "$2" ] || return 0
	for f in $(deps "${1%.o}.d"); do
		[ "$f" -nt "$1" ] && return 0
	done
	return 1
}
objs=
rm -f "$out/libcore.a"
for c in "$src"/core/base/*.c "$src"/core/mail/*.c "$src"/core/engine/*.c "$src"/core/cover/*.c; do
	o=$out/obj/$(basename "$c" .c).o
	# shellcheck disable=SC2086
	! stale "$o" "$c" || clang $san -fsanitize=fuzzer-no-link $inc -MMD -MF "${o%.o}.d" -c "$c" -o "$o"
	objs="$objs $o"
done
# From an archive the linker takes only the objects a target needs; its
# link map names them.  With their depfiles that gives the files a target
# is built from (OUTDIR/sources-T), which scripts/fuzz-campaign.sh hashes.
# shellcheck disable=SC2086
ar rcs "$out/libcore.a" $objs
for t in "$src"/tests/fuzz/fuzz-*.c; do
	name=$(basename "$t" .c)
	# shellcheck disable=SC2086
	clang $san -fsanitize=fuzzer-no-link $inc -MMD -MF "$out/obj/$name.d" -c "$t" -o "$out/obj/$name.o"
	# shellcheck disable=SC2086
	clang $san -fsanitize=fuzzer -o "$out/$name" "$out/obj/$name.o" "$out/libcore.a" \
		$(pkg-config --libs $pkgs) -Wl,-Map="$out/map-$name"
	{
		deps "$out/obj/$name.d"
		grep -oE 'libcore\.a\([^)]*\.o\)' "$out/map-$name" | sed 's/.*(\(.*\)\.o)/\1/' | sort -u |
			while read -r m; do
				deps "$out/obj/$m.d"
			done
	} | sort -u | while read -r f; do
		case $f in
		"$src"/*) echo "${f#"$src"/}" ;;
		*/pcc-builtin-templates.h) # generated from these
			echo templates/embed-templates.py
			(cd "$src" && ls templates/*.tpl)
			;;
		esac
	done | sort -u >"$out/sources-${name#fuzz-}"
	rm -f "$out/map-$name"
done
python3 "$src/tests/fuzz/seeds.py" "$tree" "$out/seeds"
for t in "$src"/tests/fuzz/fuzz-*.c; do
	name=$(basename "$t" .c) && name=${name#fuzz-}
	# a target without seeds of its own starts from the generated patches
	[ -d "$out/seeds/$name" ] || cp -r "$out/seeds/patch" "$out/seeds/$name"
done
