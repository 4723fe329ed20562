#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# prepare-tree.sh - give a git tree of Debian's linux-source 6.1, 6.12 or 7.3
# with that version's kernel/patches/VERSION series applied up to a patch.
#
# usage: kernel/prepare-tree.sh [--kernel 6.1|6.12|7.3] [--upto NNNN|none|all] [--tarball PATH]
#
# Prints the absolute path of the tree on stdout; everything else goes to
# stderr.  Trees live in ${XDG_CACHE_HOME:-$HOME/.cache}/patchcc/trees/
# (6.1, the default tree patchcc looks for there) or trees/VERSION/ (the
# others), keyed by the tarball's identity and the contents of the applied
# patches, so a rerun reuses them.  A tree is built in a temporary
# directory and renamed into place, so an interrupted run never leaves a
# half-made tree.
#
# The pristine tree ("none") is a git repository with one commit holding the
# unmodified tarball; the patched trees are local clones of it with `git am`
# of the series.  A version without a series directory (6.12) has only the
# pristine tree ("all" is "none" there).  Environment: PATCHCC_KERNEL is the
# default --kernel, PATCHCC_LINUX_TARBALL overrides the tarball.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
kernel=${PATCHCC_KERNEL:-6.1}
tarball=${PATCHCC_LINUX_TARBALL:-}
upto=all

usage() {
	sed -n '5p' "$0" | sed 's/^# //' >&2
	exit "$1"
}
log() { echo "prepare-tree: $*" >&2; }
die() { log "error: $*"; exit 1; }

while [ $# -gt 0 ]; do
	case $1 in
	--upto) [ $# -ge 2 ] || usage 2; upto=$2; shift 2 ;;
	--upto=*) upto=${1#--upto=}; shift ;;
	--tarball) [ $# -ge 2 ] || usage 2; tarball=$2; shift 2 ;;
	--tarball=*) tarball=${1#--tarball=}; shift ;;
	--kernel) [ $# -ge 2 ] || usage 2; kernel=$2; shift 2 ;;
	--kernel=*) kernel=${1#--kernel=}; shift ;;
	-h|--help) usage 0 ;;
	*) log "unknown argument: $1"; usage 2 ;;
	esac
done

case $kernel in
6.1|6.12|7.3) ;;
*) die "unknown --kernel $kernel (6.1, 6.12 or 7.3)" ;;
esac
patches=$here/patches/$kernel
tarball=${tarball:-/usr/src/linux-source-$kernel.tar.xz}
[ -r "$tarball" ] || die "cannot read $tarball (apt-get install linux-source-$kernel; scripts/setup.sh adds the suite it needs)"
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
cache=${XDG_CACHE_HOME:-$HOME/.cache}/patchcc
# 6.1 trees stay directly in trees/, where patchcc looks for its default
# tree (the newest trees/base-*); the other versions get a folder each.
trees=$cache/trees
[ "$kernel" = 6.1 ] || trees=$cache/trees/$kernel
mkdir -p "$trees"

# The patches to apply, in series order.
list=
found=no
[ "$upto" = none ] && found=yes
while read -r p; do
	case $p in ''|'#'*) continue ;; esac
	[ "$upto" = none ] && break
	[ -r "$patches/$p" ] || die "series names $p, which does not exist"
	list="$list $p"
	case $p in "$upto"-*) found=yes; break ;; esac
done <<EOF
$(cat "$patches/series" 2>/dev/null)
EOF
[ "$upto" = all ] && found=yes
[ $found = yes ] || die "no patch $upto-* in $patches/series"

sha() { sha256sum | cut -c1-16; }
# Tarball identity: name, size, mtime and the first MiB of its content.
tarid=$( { basename "$tarball"; stat -c '%s %Y' "$tarball";
	head -c 1048576 "$tarball"; } | sha)
basekey=base-$tarid
key=$basekey
for p in $list; do
	key=$( { echo "$key $p"; cat "$patches/$p"; } | sha)
done
[ -n "$list" ] && key=$upto-$key
name=$(basename "$tarball" .tar.xz)

# git with a fixed identity and dates, so commit ids depend only on inputs.
date="@$(stat -c %Y "$tarball") +0000"
G() {
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
	git -c user.name="patchcc prepare-tree" \
	    -c user.email=patchcc@example.org -c core.autocrlf=false \
	    -c gc.auto=0 -c advice.detachedHead=false "$@"
}

# A cached tree is valid when its rename completed and no tracked file was
# changed since.
valid() {
	[ -d "$1/.git" ] || return 1
	G -C "$1" update-index -q --refresh >/dev/null 2>&1 || true
	G -C "$1" diff-index --quiet HEAD -- 2>/dev/null
}

# Run "$2" to build directory $1 under a lock; $2 gets the temporary path.
build() {
	dest=$1 fn=$2
	exec 9>"$dest.lock"
	flock 9
	if valid "$dest"; then
		log "reusing $dest"
		exec 9>&-
		return 0
	fi
	[ -e "$dest" ] && { log "discarding stale $dest"; rm -rf "$dest"; }
	tmp=$dest.tmp.$$
	rm -rf "$tmp"
	trap 'rm -rf "$tmp"' EXIT INT TERM
	$fn "$tmp"
	mv -T "$tmp" "$dest"
	trap - EXIT INT TERM
	exec 9>&-
}

make_base() {
	t0=$(date +%s)
	log "extracting $tarball"
	mkdir -p "$1"
	tar -xJf "$tarball" -C "$1" --strip-components=1
	t1=$(date +%s)
	log "TIMING extract $((t1 - t0)) s"
	# The tarball's .gitignore has /*-style rules: force-add everything.
	G -C "$1" init -q -b pristine
	G -C "$1" add -f -A
	G -C "$1" commit -q -m "$name: pristine tarball $(basename "$tarball")"
	t2=$(date +%s)
	log "TIMING git-init $((t2 - t1)) s"
}

make_patched() {
	t0=$(date +%s)
	G clone -q --local --no-checkout "$trees/$basekey" "$1"
	G -C "$1" checkout -q -b patchcc pristine
	t1=$(date +%s)
	log "TIMING clone $((t1 - t0)) s"
	for p in $list; do
		log "git am $p"
		G -C "$1" am -q --committer-date-is-author-date "$patches/$p" >&2 ||
			die "git am $p failed"
	done
	t2=$(date +%s)
	log "TIMING am $((t2 - t1)) s"
}

build "$trees/$basekey" make_base
[ -z "$list" ] || build "$trees/$key" make_patched
log "tree: $trees/$key (patches:${list:- none})"
echo "$trees/$key"
