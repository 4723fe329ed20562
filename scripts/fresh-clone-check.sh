#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fresh-clone-check.sh - the README's quick start in a clone with nothing
# beside it.
#
#   scripts/fresh-clone-check.sh [REPO]      (default: this checkout)
#
# Clones REPO's committed HEAD into a new temporary folder (so no
# ../shared is beside it) and runs `sh scripts/demo.sh` there (setup,
# build, the 7.3 tree, Claws Mail on the sample patch, sent to the SMTP
# sink on 127.0.0.1); fails unless it exits 0 and the sink got the mail.
# With PATCHCC_FRESH_FULL=1 it then runs that clone's unit and parity
# suites, and fails unless every test passed and none was skipped.  The
# kernel trees and the generated corpus come from the usual cache (made
# there when missing).
# Set PATCHCC_FRESH_KEEP=1 to keep the folder.
set -eu
src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/patchcc-fresh.XXXXXX")
[ -n "${PATCHCC_FRESH_KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT INT TERM
say() { echo "fresh-clone: $*"; }

git clone -q "$src" "$tmp/patchcc"
cd "$tmp/patchcc"
[ ! -e ../shared ] || { say "error: $tmp/shared exists"; exit 1; }
say "clone of $(git rev-parse --short HEAD) in $PWD"

say "sh scripts/demo.sh"
PATCHCC_DEMO_OUT=$PWD/demo-out sh scripts/demo.sh
[ -s demo-out/sent.eml ] || { say "error: nothing sent"; exit 1; }
say "demo: exit 0"

# The tests themselves run in the checkout the suite runs from, itself a
# clone with nothing beside it in CI; PATCHCC_FRESH_FULL=1 also runs the
# unit and parity suites of this clone (tens of minutes more).
[ -n "${PATCHCC_FRESH_FULL:-}" ] || { say "pass"; exit 0; }
status=0
say "meson test --suite unit --suite parity"
meson test -C build --suite unit --suite parity --print-errorlogs || status=$?
log=build/meson-logs/testlog.json
passed=$(grep -c '"result": "OK"' "$log" || true)
skipped=$(grep -c '"result": "SKIP"' "$log" || true)
failed=$(grep -c -E '"result": "(FAIL|ERROR|TIMEOUT|UNEXPECTEDPASS)"' "$log" || true)
# GLib tests that skip a case still exit 0: count their SKIP lines too.
inner=$(grep -c -E '(# SKIP|: SKIP)' build/meson-logs/testlog.txt || true)
say "$passed passed, $failed failed, $skipped skipped (and $inner skipped cases inside tests)"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$skipped" -eq 0 ] &&
	[ "$inner" -eq 0 ] && [ "$passed" -gt 0 ]
