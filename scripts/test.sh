#!/bin/sh
# test.sh - set up (scripts/setup.sh) and run every test suite.
#
# Suites: unit, parity, cli, ui, e2e, kernel.  Extra arguments go to
# `meson test` (e.g. --suite parity).  Logs: build/meson-logs/testlog.txt.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
# One test at a time: the kernel build and Claws Mail each want the CPUs.
meson test -C build --print-errorlogs --num-processes 1 "$@"
