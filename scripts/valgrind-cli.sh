#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# valgrind-cli.sh - valgrind memcheck on the patchcc command over a sample
# of generated patches (tests/fuzz/seeds.py, from the kernel tree) and the
# hostile inputs of tests/cli/hostile.sh's kind; any error or definite leak
# fails.  usage: scripts/valgrind-cli.sh [BUILD_DIR] [SAMPLE]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/build} sample=${2:-40}
command -v valgrind >/dev/null || { echo "valgrind missing (scripts/setup.sh installs it)"; exit 1; }
tree=$(sh "$top/kernel/prepare-tree.sh" --upto none 2>/dev/null)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$top/tests/fuzz/seeds.py" "$tree" "$tmp/seeds"
printf 'From: a@b.c\nSubject: hello\n\nno diff\n' >"$tmp/seeds/patch/nodiff.eml"
printf -- '--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n-a\n' >"$tmp/seeds/patch/truncated.patch"
vg="valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --quiet"
pass=0 fail=0
find "$tmp/seeds/patch" -type f | sort | head -n "$sample" >"$tmp/list"
while read -r p; do
	for args in "--nogit-fallback" "--nogit-fallback --to" "--nogit-fallback --explain"; do
		# shellcheck disable=SC2086
		set +e
		(cd "$tree" && G_SLICE=always-malloc $vg "$build/cli/patchcc" $args "$p") >/dev/null 2>"$tmp/err"
		rc=$?
		set -e
		if [ $rc -eq 99 ] || [ $rc -gt 128 ]; then
			fail=$((fail + 1)); echo "not ok - $(basename "$p") $args: exit $rc"; head -30 "$tmp/err"
		else
			pass=$((pass + 1))
		fi
	done
done <"$tmp/list"
set +e
(cd "$tree" && G_SLICE=always-malloc $vg "$build/cli/patchcc" cover --title t "$tmp"/seeds/patch/seed-00*) >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 99 ] || [ $rc -gt 128 ]; then fail=$((fail + 1)); echo "not ok - cover"; head -30 "$tmp/err"; else pass=$((pass + 1)); fi
echo "valgrind memcheck: $pass runs clean, $fail with errors"
[ "$fail" -eq 0 ]
