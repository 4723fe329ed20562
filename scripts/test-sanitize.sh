#!/bin/sh
# test-sanitize.sh - the unit and cli suites and the parity-corpus and
# parity-rules tests built with ASan and
# UBSan (meson's b_sanitize), in build-sanitize/.  Any memory error, leak
# or undefined behaviour fails the test that hit it.  Extra arguments go
# to `meson test` (e.g. --suite unit).
set -eu
cd "$(dirname "$0")/.."
dir=build-sanitize
[ -d "$dir" ] || meson setup "$dir" -Db_sanitize=address,undefined \
	-Db_lundef=false -Dui=disabled -Dplugin=disabled >/dev/null
ninja -C "$dir"
# GLib keeps a few allocations for the life of the process (type system,
# quarks, the main context): tests/lsan.supp names them, nothing else.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ $# -gt 0 ]; then
	exec meson test -C "$dir" --print-errorlogs --num-processes 1 "$@"
fi
# parity: the stored-output and rules harnesses (the two live runs of the
# Perl script on every generated patch spend their time in Perl).
meson test -C "$dir" --print-errorlogs --num-processes 1 --suite unit --suite cli || status=$?
cp "$dir/meson-logs/testlog.json" "$dir/unit-cli.json"
meson test -C "$dir" --print-errorlogs --num-processes 1 parity-corpus parity-rules || status=$?
cat "$dir/unit-cli.json" >>"$dir/meson-logs/testlog.json"
exit "${status:-0}"
