#!/bin/sh
# run.sh - build the libFuzzer targets with clang (ASan + UBSan) and run
# each for a bounded time, seeded with the parity corpus.
# usage: run.sh SOURCE_ROOT CORPUS_DIR [SECONDS]
set -eu
src=$1 corpus=$2 secs=${3:-30}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
command -v clang >/dev/null || { echo "clang missing (scripts/setup.sh installs it)"; exit 1; }
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
 -fno-omit-frame-pointer -I$src/core/base -I$src/core/mail -I$src/core/engine $(pkg-config --cflags glib-2.0 libetpan libgit2 libpcre2-8)"
libs="$(pkg-config --libs glib-2.0 libetpan libgit2 libpcre2-8)"
core="base/pcc-error base/pcc-regex mail/pcc-email engine/pcc-policy engine/pcc-options engine/pcc-mailmap engine/pcc-tree engine/pcc-maintainers engine/pcc-patch"
srcs=
for c in $core; do srcs="$srcs $src/core/$c.c"; done
pass=0 fail=0
for t in patch maintainers; do
	# shellcheck disable=SC2086
	clang $flags -o "$out/fuzz-$t" "$src/tests/fuzz/fuzz-$t.c" $srcs $libs
	mkdir -p "$out/seed-$t"
	cp "$corpus"/patches/00[0-4]*.patch "$out/seed-$t/"
	if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		"$out/fuzz-$t" -max_total_time="$secs" -max_len=65536 -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 "$out/seed-$t" \
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
