#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# deb-check.sh - build the Debian packages, install them, use them.
#
#   scripts/deb-check.sh [REPO]      (default: this checkout; as root)
#
# Clones REPO's committed HEAD into a temporary folder, builds with
# `dpkg-buildpackage -us -uc -b`, runs lintian (warnings and errors fail;
# the overrides in debian/ say why each is there), installs both .debs
# with apt-get, then:
#   - runs the installed /usr/bin/patchcc on a patch of the generated
#     corpus and compares with the real get_maintainer.pl (linux-source +
#     kernel/patches/0001), the three command lines of the parity tests;
#   - checks that `man patchcc` renders;
#   - makes Claws Mail load the plugin from the installed plugin folder,
#     headless, fix the patch's recipients and send it to an SMTP sink
#     (scripts/demo-claws.py).
# Set PATCHCC_DEB_KEEP=1 to keep the folder (the .debs are in it).
set -eu
src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/patchcc-deb.XXXXXX")
[ -n "${PATCHCC_DEB_KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT INT TERM
say() { echo "deb-check: $*"; }
fail=0

git clone -q "$src" "$tmp/patchcc"
say "dpkg-buildpackage -us -uc -b ($(git -C "$tmp/patchcc" rev-parse --short HEAD))"
(cd "$tmp/patchcc" && dpkg-buildpackage -us -uc -b) > "$tmp/build.log" 2>&1 ||
	{ tail -n 40 "$tmp/build.log"; say "error: the build failed"; exit 1; }
ls "$tmp"/*.deb

say "lintian"
if lintian --fail-on error,warning --display-info "$tmp"/*.changes > "$tmp/lintian.log" 2>&1; then
	say "lintian: clean ($(grep -c . "$tmp/lintian.log" || true) info lines)"
else
	cat "$tmp/lintian.log"; say "error: lintian"; fail=1
fi

say "apt-get install the .debs"
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
	--reinstall "$tmp"/patchcc_*.deb "$tmp"/claws-mail-patchcc-plugin_*.deb \
	> "$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; exit 1; }
dpkg -L patchcc claws-mail-patchcc-plugin | grep -E 'bin/|\.so$|man1|completions/|metainfo/'

say "the installed patchcc against get_maintainer.pl"
ref=$(sh "$src/kernel/prepare-tree.sh" --upto 0001 2>/dev/null)
corpus=$(sh "$src/tests/corpus/corpus.sh" --patches-only 2>/dev/null)
patch=$corpus/patches/$(awk -F '\t' '$2 == "multi" { print $1; exit }' "$corpus/categories.tsv").patch
for opts in "--no-git-fallback" \
	"--nogit --nogit-fallback --nogit-chief-penguins --norolestats --nol" \
	"--nogit --nogit-fallback --nogit-chief-penguins --norolestats --nom"; do
	# shellcheck disable=SC2086
	want=$(cd "$ref" && env -i PATH=/usr/bin:/bin HOME="$tmp" LC_ALL=C \
		PERL_HASH_SEED=0 perl scripts/get_maintainer.pl $opts "$patch")
	# shellcheck disable=SC2086
	got=$(cd "$ref" && env -i PATH=/usr/bin:/bin HOME="$tmp" LC_ALL=C \
		/usr/bin/patchcc $opts "$patch")
	if [ "$got" = "$want" ] && [ -n "$got" ]; then
		say "ok: patchcc $opts ($(echo "$got" | wc -l) lines)"
	else
		say "DIFF: patchcc $opts"; echo "$got"; echo "--- script"; echo "$want"; fail=1
	fi
done

say "man patchcc"
if MANWIDTH=80 man patchcc 2>/dev/null | grep -q "EXIT STATUS"; then
	say "ok: man patchcc renders ($(MANWIDTH=80 man patchcc 2>/dev/null | wc -l) lines)"
else
	say "error: man patchcc does not render"; fail=1
fi

say "Claws Mail with the installed plugin"
plugin=$(pkg-config --variable=plugindir claws-mail)/patchcc.so
[ -f "$plugin" ] || { say "error: no $plugin"; exit 1; }
if /usr/bin/python3 "$src/scripts/demo-claws.py" --plugin "$plugin" \
	--patch "$patch" --out "$tmp/claws"; then
	say "ok: Claws loaded $plugin, fixed and sent the patch"
else
	say "error: Claws with the installed plugin"; fail=1
fi
exit $fail
