#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test-sanitize.sh - the unit and cli suites and the parity/corpus and
# parity/rules tests built with ASan and UBSan (meson's b_sanitize), in
# build-sanitize/, run with `meson test --setup sanitize` (tests/meson.build
# sets the sanitizers' options).  Any memory error, leak
# or undefined behaviour fails the test that hit it.  Then the Claws
# plugin built the same way (build-sanitize-plugin/, only the plugin and
# tests/e2e/asan-preload.c are compiled) under the real Claws Mail:
# e2e/series, its second-dialog case included; any ASan or UBSan report
# fails it (leaks are not checked there: Claws and GTK keep memory to the
# end).  Extra arguments go to `meson test` in build-sanitize/ (e.g.
# --suite unit); --plugin alone runs the plugin part alone.
set -eu
cd "$(dirname "$0")/.."
dir=build-sanitize
pdir=build-sanitize-plugin

# The instrumented plugin in the uninstrumented Claws (tests/e2e/
# test_series_e2e.py --asan preloads libasan into claws-mail).
plugin_run() {
	if ! pkg-config --exists claws-mail gtk+-3.0; then
		echo "test-sanitize: no claws-mail or GTK development files: the plugin is not run under ASan"
		return 0
	fi
	[ -d "$pdir" ] || meson setup "$pdir" -Db_sanitize=address,undefined \
		-Db_lundef=false -Dui=enabled -Dplugin=enabled >/dev/null
	ninja -C "$pdir" plugin/patchcc.so tests/e2e/asan-preload.so
	meson test -C "$pdir" --no-rebuild --print-errorlogs --num-processes 1 \
		"$@" e2e/series
}
if [ "${1:-}" = --plugin ] && [ $# -eq 1 ]; then
	plugin_run
	exit
fi

[ -d "$dir" ] || meson setup "$dir" -Db_sanitize=address,undefined \
	-Db_lundef=false -Dui=disabled -Dplugin=disabled >/dev/null
ninja -C "$dir"
# The setup "sanitize" checks leaks and stops at the first report (GLib's
# allocations for the life of the process: tests/lib/lsan.supp); meson
# logs its runs in meson-logs/testlog-sanitize.*.
run() { meson test -C "$dir" --setup sanitize --print-errorlogs --num-processes 1 "$@"; }
if [ $# -gt 0 ]; then
	run "$@"
	exit
fi
# parity: the stored-output and rules harnesses (the two live runs of the
# Perl script on every generated patch spend their time in Perl).
run --suite unit --suite cli || status=$?
log=meson-logs/testlog-sanitize.json
cp "$dir/$log" "$dir/unit-cli.json"
run parity/corpus parity/rules || status=$?
cat "$dir/unit-cli.json" >>"$dir/$log"
# (the plugin's e2e run counts in scripts/test.sh's closing line too)
rm -f "$pdir/$log"
plugin_run --setup sanitize || status=$?
if [ -f "$pdir/$log" ]; then
	cat "$pdir/$log" >>"$dir/$log"
fi
exit "${status:-0}"
