#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# selftest-harness.sh - the QEMU runner must fail when the guest is broken.
#
# usage: kernel/selftest-harness.sh [run-qemu-tests.sh options]
#
# Runs kernel/run-qemu-tests.sh once per --inject mode (reusing the cached
# tree and kernel) and checks that each run exits non-zero for the right
# reason.  Prints TAP.  Extra options (e.g. --corpus) are passed on.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/patchcc
base=${PATCHCC_SELFTEST_OUTDIR:-$cache/runs/selftest}
n=0 failed=0
# mode, expected reason in the RESULT line, timeout
for spec in "fail:not-ok:300" "nosummary:no-summary:300" \
	"panic:kernel-panic:300" "exit:kernel-panic:300" "hang:timeout:40"; do
	mode=${spec%%:*} rest=${spec#*:}
	reason=${rest%%:*} limit=${rest#*:}
	n=$((n + 1))
	out=$base/$mode
	mkdir -p "$out"
	if "$here/run-qemu-tests.sh" "$@" --inject "$mode" --timeout "$limit" \
		--outdir "$out" > "$out/stdout" 2> "$out/stderr"; then
		echo "not ok $n - inject $mode: the runner passed a broken guest"
		failed=$((failed + 1))
	elif grep -q "RESULT: FAIL (.*$reason" "$out/stderr"; then
		echo "ok $n - inject $mode: the runner fails ($(sed -n 's/.*RESULT: FAIL (\(.*\) ) - .*/\1/p' "$out/stderr"))"
	else
		echo "not ok $n - inject $mode: the runner failed, but not with '$reason'"
		sed 's/^/# /' "$out/stderr" | tail -n 20
		failed=$((failed + 1))
	fi
done
echo "1..$n"
[ $failed -eq 0 ]
