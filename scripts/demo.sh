#!/bin/sh
# demo.sh - the patchcc Claws Mail plugin on a real kernel patch.
#
#   scripts/demo.sh [NNNN]      (a corpus patch id; default 0141)
#
# After scripts/setup.sh on Debian 12: builds if needed, makes sure the
# pristine linux-source 6.1 tree exists (kernel/prepare-tree.sh --upto
# none, whose cache the plugin finds by itself), opens Claws Mail with the
# plugin loaded on the patch with wrong recipients typed, runs Tools > Fix
# patch recipients, applies the review, sends to a local SMTP sink, and
# prints the recipients before and after.  With $DISPLAY you watch it;
# without, it runs on a private Xvfb.  Screenshots, the profile and the
# sent message go to build/demo/ (override with PATCHCC_DEMO_OUT).
set -eu
cd "$(dirname "$0")/.."
id=${1:-0141}
corpus=${PATCHCC_CORPUS:-../shared/corpus}
patch=$corpus/patches/$id.patch
[ -r "$patch" ] || { echo "demo: no patch $patch" >&2; exit 1; }

build=build
if [ ! -f $build/build.ninja ]; then
	meson setup $build >/dev/null
fi
ninja -C $build >/dev/null
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

# The plugin's default tree: the cached pristine linux-source tree.
tree=$(kernel/prepare-tree.sh --upto none)
echo "demo: kernel tree $tree (the plugin finds it by itself)"

exec /usr/bin/python3 scripts/demo-claws.py --plugin "$plugin" \
	--patch "$patch" --out "$out" ${PATCHCC_DEMO_KEEP_OPEN:+--keep-open "$PATCHCC_DEMO_KEEP_OPEN"}
