#!/bin/sh
# build.sh - build every libFuzzer target of tests/fuzz (fuzz-*.c) with
# clang, ASan and UBSan, against the core compiled once, and generate
# their seed corpora from a kernel tree (seeds.py).
# usage: build.sh SOURCE_ROOT KERNEL_TREE OUTDIR
# Leaves OUTDIR/fuzz-<target>, OUTDIR/seeds/<target>/ and
# OUTDIR/sources-<target>: the core sources linked into that target.
set -eu
src=$1 tree=$2 out=$3
command -v clang >/dev/null || { echo "clang missing (scripts/setup.sh installs it)"; exit 1; }
mkdir -p "$out/obj"
pkgs="glib-2.0 libetpan libgit2 libpcre2-8"
san="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
inc="-I$src/core/base -I$src/core/mail -I$src/core/engine -I$src/core/cover $(pkg-config --cflags $pkgs)"
python3 "$src/templates/embed-templates.py" "$out/pcc-builtin-templates.h" \
	/usr/share/patchcc/templates "$src"/templates/*.tpl
inc="$inc -I$out -DPCC_VERSION=\"fuzz\" -DPCC_LOCALEDIR=\"/usr/share/locale\""
objs=
rm -f "$out/libcore.a"
for c in "$src"/core/base/*.c "$src"/core/mail/*.c "$src"/core/engine/*.c "$src"/core/cover/*.c; do
	o=$out/obj/$(basename "$c" .c).o
	# shellcheck disable=SC2086
	[ "$o" -nt "$c" ] || clang $san -fsanitize=fuzzer-no-link $inc -c "$c" -o "$o"
	objs="$objs $o"
done
# From an archive the linker takes only the objects a target needs; its
# link map names them, so a campaign knows which sources a target is built
# from (scripts/fuzz-campaign.sh hashes them).
# shellcheck disable=SC2086
ar rcs "$out/libcore.a" $objs
for t in "$src"/tests/fuzz/fuzz-*.c; do
	name=$(basename "$t" .c)
	# shellcheck disable=SC2086
	clang $san -fsanitize=fuzzer $inc -o "$out/$name" "$t" "$out/libcore.a" \
		$(pkg-config --libs $pkgs) -Wl,-Map="$out/map-$name"
	grep -oE 'libcore\.a\([^)]*\.o\)' "$out/map-$name" | sed 's/.*(\(.*\)\.o)/\1.c/' | sort -u |
		while read -r f; do
			(cd "$src" && ls core/*/"$f")
		done >"$out/sources-${name#fuzz-}"
	rm -f "$out/map-$name"
done
python3 "$src/tests/fuzz/seeds.py" "$tree" "$out/seeds"
for t in "$src"/tests/fuzz/fuzz-*.c; do
	name=$(basename "$t" .c) && name=${name#fuzz-}
	# a target without seeds of its own starts from the generated patches
	[ -d "$out/seeds/$name" ] || cp -r "$out/seeds/patch" "$out/seeds/$name"
done
