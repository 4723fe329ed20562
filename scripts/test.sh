#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test.sh - set up (scripts/setup.sh) and run every test suite.
#
# Suites: unit, parity, cli, fuzz, ui, e2e, kernel.  Extra arguments go to
# `meson test` (e.g. --suite parity, or a test's name: core/mail/email;
# --setup valgrind runs the test programs under memcheck).  Logs:
# build/meson-logs/testlog.txt.  Where each test lives: tests/README.md.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
# One test at a time: the kernel build and Claws Mail each want the CPUs.
status=0
meson test -C build --print-errorlogs --num-processes 1 "$@" || status=$?
# A full run (no arguments) also runs the unit, parity and cli suites
# under ASan + UBSan (build-sanitize/), the plugin built that way under
# the real Claws (e2e-series, build-sanitize-plugin/) and the command
# under valgrind memcheck; they count in the closing line too.
logs=build/meson-logs/testlog.json
extra_ok=0 extra_fail=0
if [ $# -eq 0 ]; then
	sh scripts/test-sanitize.sh || status=$?
	logs="$logs build-sanitize/meson-logs/testlog-sanitize.json"
	if sh scripts/valgrind-cli.sh build 40; then
		extra_ok=1
	else
		extra_fail=1
		status=1
	fi
fi
# The plain closing line, counted from meson's own logs.
count() { cat $logs 2>/dev/null | grep -c -E "$1" || true; }
passed=$(($(count '"result": "OK"') + extra_ok))
skipped=$(count '"result": "SKIP"')
failed=$(($(count '"result": "(FAIL|ERROR|TIMEOUT|UNEXPECTEDPASS)"') + extra_fail))
echo "$passed passed, $failed failed, $skipped skipped"
exit "$status"
