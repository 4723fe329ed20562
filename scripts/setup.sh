#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# setup.sh - install what patchcc needs on Debian 12 (as root) and build it.
#
# Installs only the missing packages (apt-get update first), then
# configures and builds with meson into ./build.  Safe to rerun.
set -eu
cd "$(dirname "$0")/.."

# Why each package is here:
#   meson ninja-build pkg-config gcc  the build
#   libglib2.0-dev     strings, hash tables, key files, tests (g_test)
#   libpcre2-dev       Perl regular expressions with Perl's byte semantics
#   libetpan-dev       RFC 5322 headers, MIME and address lists
#   libgit2-dev        reading MAINTAINERS at a commit; git's own mailmap
#   linux-source-7.3   the demo's and the plugin's default kernel tree
#                      (trixie-backports, pinned: see below)
#   linux-source-6.1   the 2022 tree, supported and tested (MAINTAINERS,
#                      get_maintainer.pl)
#   linux-source-6.12  the tree between them (bookworm-security), parity only
#   git git-email libmailtools-perl perl python3  parity harness,
#                      the git send-email test (Mail::Address), references
#   libgtk-3-dev claws-mail libclaws-mail-dev  the widgets and the plugin
#   xvfb xdotool imagemagick x11-utils python3-aiosmtpd  headless UI and e2e
#   qemu-system-x86 busybox-static build-essential flex bison bc libelf-dev
#   libssl-dev cpio kmod   building and booting the patched kernel
#   clang libclang-rt-14-dev llvm  fuzzing with libFuzzer, ASan and UBSan
#   python3-gi gir1.2-gtk-3.0  the e2e paste test owns the X clipboard
#   libxxhash-dev      XXH3, keys and checksums of the MAINTAINERS index cache
#   valgrind           memcheck on the command (scripts/valgrind-cli.sh)
#   strace             which files a run opens (the index cache's stamps)
#   gettext            the .pot and the test translation (xgettext, msgfmt)
#   bash-completion    where completions go (pkg-config), and their test
#   appstream          validating the plugin's metainfo
#   man-db             the man page test (man -l)
#   b4                 the b4 integration test (send-auto-to-cmd)
#   debhelper lintian dpkg-dev fakeroot  the Debian packages (suite deb)
PACKAGES="meson ninja-build pkg-config gcc libglib2.0-dev libpcre2-dev
libetpan-dev libgit2-dev linux-source-6.1 git git-email perl python3
libgtk-3-dev claws-mail libclaws-mail-dev xvfb xdotool imagemagick x11-utils
python3-aiosmtpd fonts-dejavu-core qemu-system-x86 busybox-static
libmailtools-perl build-essential flex bison bc libelf-dev libssl-dev cpio kmod clang
libclang-rt-14-dev llvm libxxhash-dev valgrind strace
python3-gi gir1.2-gtk-3.0 gettext bash-completion appstream man-db b4
debhelper lintian dpkg-dev fakeroot linux-source-7.3 linux-source-6.12"

# linux-source-7.3 is only in Debian's trixie-backports suite (an
# architecture-all tarball that installs on Debian 12), linux-source-6.12
# in bookworm-security.  Add a missing suite from the mirror this machine's
# apt already uses, and pin trixie-backports so that linux-source-7.3 is
# the only package ever taken from it.  Files are rewritten only when they
# change, so a rerun is a no-op.
apt_uri() { # apt_uri SUITE-REGEX - first URI of an enabled Debian source
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk -v re="$1" '
			/^[ \t]*$/ { if (u != "" && s ~ re && e != "no") print u; u = s = e = ""; next }
			tolower($1) == "uris:" { u = $2 }
			tolower($1) == "suites:" { $1 = ""; s = $0 " " }
			tolower($1) == "enabled:" { e = $2 }
			END { if (u != "" && s ~ re && e != "no") print u }' "$f"
	done
	cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		awk -v re="$1" '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while ($i !~ /\]$/) i++;
			if ($2 ~ /^\[/) i++; if (($(i + 1) " ") ~ re) print $i }'
}
apt_changed=no
put_file() { # put_file PATH CONTENT
	if [ ! -f "$1" ] || [ "$(cat "$1")" != "$2" ]; then
		printf '%s\n' "$2" > "$1"
		echo "setup: wrote $1" >&2
		apt_changed=yes
	fi
}
if . /etc/os-release && [ "${ID:-}" = debian ]; then
	key=/usr/share/keyrings/debian-archive-keyring.gpg
	if ! apt_uri '(^| )trixie-backports ' | grep -q .; then
		uri=$(apt_uri "(^| )$VERSION_CODENAME " | head -n 1)
		[ -n "$uri" ] || { echo "setup: no Debian $VERSION_CODENAME source in apt's sources" >&2; exit 1; }
		put_file /etc/apt/sources.list.d/patchcc-trixie-backports.sources \
"Types: deb
URIs: $uri
Suites: trixie-backports
Components: main
Signed-By: $key"
	fi
	put_file /etc/apt/preferences.d/patchcc-trixie-backports \
"# patchcc: take linux-source-7.3 from here, and nothing else.
Package: linux-source-7.3
Pin: release n=trixie-backports
Pin-Priority: 500

Package: *
Pin: release n=trixie-backports
Pin-Priority: -1"
	if [ "$VERSION_CODENAME" = bookworm ] &&
	   ! apt_uri '(^| )bookworm-security ' | grep -q .; then
		uri=$(apt_uri '(^| )bookworm ' | head -n 1)
		put_file /etc/apt/sources.list.d/patchcc-bookworm-security.sources \
"Types: deb
URIs: ${uri%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: $key"
	fi
	if [ $apt_changed = yes ]; then
		apt-get update
	fi
fi

missing=
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "ok installed" \
		|| missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update
	# shellcheck disable=SC2086
	apt-get install -y --no-install-recommends $missing
fi

if [ ! -f build/build.ninja ]; then
	meson setup build
fi
ninja -C build
