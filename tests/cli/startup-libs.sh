#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# startup-libs.sh - a recipients run loads only what it needs (libc; GLib
# and PCRE2 are linked in where their archives exist), never libgit2
# (opened on first use, for git trees and history) nor libetpan's shared
# library and the TLS, SASL, Kerberos and SSH libraries that come with
# either; and --tree-rev does open libgit2 and answers as the work tree
# does.
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

# --tree-rev opens libgit2 when needed, and answers as the work tree does
if command -v git >/dev/null; then
	repo=$(mktemp -d)
	trap 'rm -f "$patch"; rm -rf "$repo"' EXIT
	for x in COPYING CREDITS Kbuild Makefile README MAINTAINERS .mailmap; do
		cp "$x" "$repo/"
	done
	for d in Documentation arch include drivers fs init ipc kernel lib scripts; do
		mkdir -p "$repo/$d" && echo x >"$repo/$d/.keep"
	done
	mkdir -p "$repo/$(dirname "$f")" && cp "$f" "$repo/$f"
	(cd "$repo" && git init -q && git add -A &&
		git -c user.name=T -c user.email=t@example.org commit -qm base &&
		git rm -q MAINTAINERS &&
		git -c user.name=T -c user.email=t@example.org commit -qm drop) ||
		{ echo "not ok - git repository"; exit 1; }
	want=$("$patchcc" --no-git-fallback "$patch")
	got=$(cd "$repo" && "$patchcc" --no-git-fallback --tree-rev HEAD~1 "$patch")
	libs=$(cd "$repo" && LD_DEBUG=libs "$patchcc" --no-git-fallback --tree-rev HEAD~1 "$patch" 2>&1 >/dev/null)
	if [ "$got" = "$want" ] && printf '%s\n' "$libs" | grep -q 'calling init: .*libgit2'; then
		echo "ok - --tree-rev HEAD~1 opened libgit2 and gave the work tree's answer"
	else
		echo "not ok - --tree-rev: $(printf '%s' "$got" | head -c 200)"
		fail=1
	fi
fi
exit $fail
