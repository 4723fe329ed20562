#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# demo.sh - the patchcc Claws Mail plugin on a real kernel patch.
#
#   scripts/demo.sh [PATCH]
#
# Runs scripts/setup.sh (packages on Debian 12, build into build/), makes
# sure the pristine linux-source 7.3 tree exists (kernel/prepare-tree.sh
# --kernel 7.3 --upto none, whose cache the plugin finds by itself; set
# PATCHCC_KERNEL=6.1 or 6.12 for another tree), and, unless a PATCH file
# is given, writes the sample patch: a one-line change to a real file of
# that tree, of a section with its own public list (the lkml-dropped
# patch of a small tests/corpus/gen-corpus.py corpus, made here from the
# tree and cached).  Then it opens Claws Mail with the plugin loaded on
# that patch with wrong recipients typed, runs Tools > Fix patch
# recipients, applies the review, sends to a local SMTP sink on
# 127.0.0.1, and prints the recipients before and after.  With $DISPLAY
# you watch it; without, it runs on a private Xvfb.  Screenshots, the
# profile and the sent message go to build/demo/ (or PATCHCC_DEMO_OUT).
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh >&2

build=build
if [ ! -f $build/plugin/patchcc.so ]; then
	# ./build was configured without the plugin (-Dplugin=disabled):
	# leave it alone and build one that has it.
	build=build-demo
	[ -f $build/build.ninja ] ||
		meson setup $build -Dui=enabled -Dplugin=enabled >/dev/null
	ninja -C $build >/dev/null
fi
plugin=$build/plugin/patchcc.so
out=${PATCHCC_DEMO_OUT:-$PWD/$build/demo}
[ -f "$plugin" ] || { echo "demo: $plugin was not built (libclaws-mail-dev?)" >&2; exit 1; }

# The plugin's default tree: the cached pristine linux-source tree of the
# newest kernel version prepared.
kernel=${PATCHCC_KERNEL:-7.3}
tree=$(sh kernel/prepare-tree.sh --kernel "$kernel" --upto none)
echo "demo: kernel tree $tree (the plugin finds it by itself)"

if [ $# -ge 1 ]; then
	patch=$1
else
	# One patch of each category of the generated corpus, from this tree.
	corpus=$(python3 tests/corpus/gen-corpus.py --tree "$tree" \
		--expected 0 --count 14)
	id=$(awk -F '\t' '$2 == "lkml-dropped" { print $1; exit }' "$corpus/categories.tsv")
	patch=$corpus/patches/$id.patch
fi
[ -r "$patch" ] || { echo "demo: no patch $patch" >&2; exit 1; }
echo "demo: patch $patch"
sed -n 's/^Subject: /demo:   /p; /^diff --git/s/^/demo:   /p' "$patch"

# 7.3's tree is the one the plugin finds by itself; another is named.
set --
[ "$kernel" = 7.3 ] || set -- --tree "$tree"
exec /usr/bin/python3 scripts/demo-claws.py --plugin "$plugin" "$@" \
	--patch "$patch" --out "$out" ${PATCHCC_DEMO_KEEP_OPEN:+--keep-open "$PATCHCC_DEMO_KEEP_OPEN"}
