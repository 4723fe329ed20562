#!/bin/sh
# prepare-tree.sh - give a git tree of Debian's linux-source 6.1 with the
# kernel/patches series applied up to a given patch.
#
# usage: kernel/prepare-tree.sh [--upto NNNN|none|all] [--tarball PATH]
#
# Prints the absolute path of the tree on stdout; everything else goes to
# stderr.  Trees live in ${XDG_CACHE_HOME:-$HOME/.cache}/patchcc/trees/,
# keyed by the tarball's identity and the contents of the applied patches,
# so a rerun reuses them.  A tree is built in a temporary directory and
# renamed into place, so an interrupted run never leaves a half-made tree.
#
# The pristine tree ("none") is a git repository with one commit holding the
# unmodified tarball; the patched trees are local clones of it with `git am`
# of the series.  Environment: PATCHCC_LINUX_TARBALL overrides the tarball.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
patches=$here/patches
tarball=${PATCHCC_LINUX_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
upto=all

usage() {
	sed -n '4p' "$0" | sed 's/^# //' >&2
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
	-h|--help) usage 0 ;;
	*) log "unknown argument: $1"; usage 2 ;;
	esac
done

[ -r "$tarball" ] || die "cannot read $tarball (apt-get install linux-source-6.1)"
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
cache=${XDG_CACHE_HOME:-$HOME/.cache}/patchcc
mkdir -p "$cache/trees"

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
done < "$patches/series"
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
	G clone -q --local --no-checkout "$cache/trees/$basekey" "$1"
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

build "$cache/trees/$basekey" make_base
[ -z "$list" ] || build "$cache/trees/$key" make_patched
log "tree: $cache/trees/$key (patches:${list:- none})"
echo "$cache/trees/$key"
