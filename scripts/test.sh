#!/bin/sh
# test.sh - set up (scripts/setup.sh) and run every test suite.
#
# Suites: unit, parity, cli, fuzz, ui, e2e, kernel.  Extra arguments go to
# `meson test` (e.g. --suite parity).  Logs: build/meson-logs/testlog.txt.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
# One test at a time: the kernel build and Claws Mail each want the CPUs.
status=0
meson test -C build --print-errorlogs --num-processes 1 "$@" || status=$?
# The plain closing line, counted from meson's own log.
log=build/meson-logs/testlog.json
if [ -f "$log" ]; then
	passed=$(grep -c '"result": "OK"' "$log" || true)
	skipped=$(grep -c '"result": "SKIP"' "$log" || true)
	failed=$(grep -c -E '"result": "(FAIL|ERROR|TIMEOUT|UNEXPECTEDPASS)"' "$log" || true)
	echo "$passed passed, $failed failed, $skipped skipped"
fi
# A full run (no arguments) also runs the unit, parity and cli suites
# under ASan + UBSan and the command under valgrind memcheck.
if [ $# -eq 0 ]; then
	sh scripts/test-sanitize.sh || status=$?
	sh scripts/valgrind-cli.sh build 40 || status=$?
fi
exit "$status"
