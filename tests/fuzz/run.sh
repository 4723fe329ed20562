#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh - build the libFuzzer targets with clang (ASan + UBSan) and run
# each for a bounded time, seeded with inputs generated from the kernel
# tree (seeds.py), never from a stored corpus.
# usage: run.sh SOURCE_ROOT KERNEL_TREE [SECONDS]
set -eu
src=$1 tree=$2 secs=${3:-30}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sh "$src/tests/fuzz/build.sh" "$src" "$tree" "$out"
pass=0 fail=0
for bin in "$out"/fuzz-*; do
	t=$(basename "$bin") && t=${t#fuzz-}
	mkdir -p "$out/corpus-$t"
	if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		"$bin" -max_total_time="$secs" -max_len=65536 -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 "$out/corpus-$t" "$out/seeds/$t" \
		>"$out/log-$t" 2>&1; then
		pass=$((pass + 1))
		echo "ok - fuzz-$t: $(grep -E 'stat::number_of_executed_units' "$out/log-$t" | tail -1)"
	else
		fail=$((fail + 1))
		echo "not ok - fuzz-$t"
		tail -40 "$out/log-$t"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
