#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# check-install.sh - `meson install` into a DESTDIR puts each file where
# the README's table says, under the build's prefix.
#
# usage: check-install.sh BUILDDIR
set -eu
build=$1
dest=$(mktemp -d "${TMPDIR:-/tmp}/patchcc-install.XXXXXX")
trap 'rm -rf "$dest"' EXIT
meson install -C "$build" --no-rebuild --quiet --destdir "$dest" >/dev/null
opt() { meson introspect "$build" --buildoptions |
	python3 -c "import json,sys; print([o['value'] for o in json.load(sys.stdin) if o['name'] == '$1'][0])"; }
prefix=$(opt prefix) libdir=$(opt libdir) datadir=$(opt datadir)
mandir=$(opt mandir) bindir=$(opt bindir)
case $libdir in /*) ;; *) libdir=$prefix/$libdir ;; esac
case $datadir in /*) ;; *) datadir=$prefix/$datadir ;; esac
case $mandir in /*) ;; *) mandir=$prefix/$mandir ;; esac
case $bindir in /*) ;; *) bindir=$prefix/$bindir ;; esac
fail=0
want() {
	if [ -e "$dest$1" ]; then echo "ok   $1"; else echo "MISSING $1"; fail=1; fi
}
want "$bindir/patchcc"
want "$mandir/man1/patchcc.1"
want "$datadir/bash-completion/completions/patchcc"
want "$datadir/patchcc/templates/default.tpl"
if [ -f "$build/plugin/patchcc.so" ]; then
	want "$libdir/claws-mail/plugins/patchcc.so"
	want "$datadir/metainfo/org.claws_mail.ClawsMail.patchcc.metainfo.xml"
fi
# Nothing outside the prefix.
outside=$(cd "$dest" && find . -type f | sed 's|^\.||' | grep -v "^$prefix/" || true)
[ -z "$outside" ] || { echo "outside $prefix:"; echo "$outside"; fail=1; }
# The installed man page renders.
if command -v man >/dev/null; then
	MANWIDTH=80 man -l "$dest$mandir/man1/patchcc.1" | grep -q "EXIT STATUS" ||
		{ echo "man: patchcc.1 does not render"; fail=1; }
fi
exit $fail
