#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# build-kernel.sh - build a minimal bootable x86_64 kernel from a tree.
#
# usage: kernel/build-kernel.sh TREE
#
# Configures TREE with `make allnoconfig` plus the tree's tiny configs and
# kernel/patchcc.config, checks that every option of patchcc.config made it
# into the final .config, and builds bzImage out of tree in
# ${XDG_CACHE_HOME:-$HOME/.cache}/patchcc/kbuild/KEY, KEY being a hash of
# the tree's commit, the config fragment and the compiler.  A finished
# build is reused.  Prints the build directory on stdout (bzImage is
# arch/x86/boot/bzImage in it); logs and TIMING lines go to stderr.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
log() { echo "build-kernel: $*" >&2; }
die() { log "error: $*"; exit 1; }
[ $# -eq 1 ] || { sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2; }
tree=$(cd "$1" && pwd)
fragment=$here/patchcc.config
[ -f "$tree/Makefile" ] || die "$tree is not a kernel tree"

# Bump when the way of building changes.
recipe=1
head=$(git -C "$tree" rev-parse HEAD)
key=$( { echo "recipe $recipe $head"; cat "$fragment";
	gcc --version | head -n 1; } | sha256sum | cut -c1-16)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/patchcc
out=$cache/kbuild/$key
mkdir -p "$out"
# One build per key at a time; a concurrent caller waits, then reuses it.
exec 9>"$out.lock"
flock 9

if [ -f "$out/.patchcc-built" ] && [ -f "$out/arch/x86/boot/bzImage" ]; then
	log "reusing $out"
	log "TIMING config 0 s (cached)"
	log "TIMING build 0 s (cached)"
	echo "$out"
	exit 0
fi
rm -f "$out/.patchcc-built"

# Fixed build identity: the version string depends only on the inputs.
export KBUILD_BUILD_USER=patchcc KBUILD_BUILD_HOST=patchcc-qemu
export KBUILD_BUILD_VERSION=1
KBUILD_BUILD_TIMESTAMP=$(git -C "$tree" log -1 --format=%cD)
export KBUILD_BUILD_TIMESTAMP
M() { make -s -C "$tree" O="$out" ARCH=x86_64 "$@"; }
# The machine is shared: two jobs at most, at a lower priority.
jobs=${PATCHCC_KBUILD_JOBS:-2}

t0=$(date +%s)
grep -hv '^#' "$tree/kernel/configs/tiny-base.config" \
	"$tree/kernel/configs/tiny.config" \
	"$tree/arch/x86/configs/tiny.config" "$fragment" > "$out/allno.config"
KCONFIG_ALLCONFIG=$out/allno.config M allnoconfig >&2
M olddefconfig >&2
missing=0
while read -r opt; do
	case $opt in ''|'#'*) continue ;; esac
	grep -qxF "$opt" "$out/.config" || {
		log "Kconfig dropped $opt: .config has" \
			"'$(grep "^${opt%%=*}=\|^# ${opt%%=*} is not set" \
				"$out/.config" || echo nothing)'"
		missing=$((missing + 1))
	}
done < "$fragment"
[ $missing -eq 0 ] || die "$missing option(s) of $fragment are not in $out/.config"
log "all $(grep -c '^CONFIG_' "$fragment") options of patchcc.config are set"
t1=$(date +%s)
log "TIMING config $((t1 - t0)) s"

log "building bzImage with -j$jobs in $out"
nice -n 10 make -s -C "$tree" O="$out" ARCH=x86_64 -j"$jobs" bzImage >&2
t2=$(date +%s)
log "TIMING build $((t2 - t1)) s"
log "kernel release $(M -s kernelrelease), bzImage" \
	"$(stat -c %s "$out/arch/x86/boot/bzImage") bytes"
touch "$out/.patchcc-built"
echo "$out"
