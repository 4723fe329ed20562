#!/bin/sh
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
#   linux-source-6.1   the default kernel tree (MAINTAINERS, get_maintainer.pl)
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
debhelper lintian dpkg-dev fakeroot"

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
