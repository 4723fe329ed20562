#!/bin/bash
# startup-libs.sh - a recipients run loads only what it needs: glib, pcre2
# and libc, never libgit2 (opened on first use, for git trees and
# history) nor libetpan's shared library and the TLS, SASL, Kerberos and
# SSH libraries that come with either.
# usage: startup-libs.sh PATCHCC TREE
set -u
patchcc=$(readlink -f "$1") tree=$2
cd "$tree" || exit 1
f=$(find drivers/net -name '*.c' | LC_ALL=C sort | head -1)
patch=$(mktemp)
trap 'rm -f "$patch"' EXIT
printf 'From: Dev <dev@example.org>\nSubject: [PATCH] fix\n\n---\ndiff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -1,3 +1,3 @@\n context\n-teh\n+the\n context\n' "$f" "$f" "$f" "$f" >"$patch"
fail=0
for args in "--version" "--no-git-fallback $patch" "$patch"; do
	# shellcheck disable=SC2086
	out=$(LD_DEBUG=libs "$patchcc" $args 2>&1 >/dev/null)
	loaded=$(printf '%s\n' "$out" | sed -n 's/.*calling init: //p' | sort -u)
	if [ -z "$loaded" ]; then
		echo "not ok - patchcc $args: no libraries seen (LD_DEBUG unsupported?)"
		fail=1
	elif printf '%s\n' "$loaded" | grep -E 'libgit2|libetpan|libgnutls|libssh2|libkrb5|libsasl2|libmbed'; then
		echo "not ok - patchcc $args loaded the libraries above"
		fail=1
	else
		echo "ok - patchcc $args: $(printf '%s\n' "$loaded" | xargs -n1 basename | tr '\n' ' ')"
	fi
done
# and the run gave recipients
if [ -n "$("$patchcc" --no-git-fallback "$patch")" ]; then
	echo "ok - recipients printed"
else
	echo "not ok - no recipients for $f"
	fail=1
fi
exit $fail
