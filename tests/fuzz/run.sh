#!/bin/sh
# run.sh - build the libFuzzer targets with clang (ASan + UBSan) and run
# each for a bounded time, seeded with the parity corpus (patch,
# maintainers) or with patches this script writes (diffstat, damage).
# usage: run.sh SOURCE_ROOT CORPUS_DIR [SECONDS]
set -eu
src=$1 corpus=$2 secs=${3:-30}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
command -v clang >/dev/null || { echo "clang missing (scripts/setup.sh installs it)"; exit 1; }
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
 -fno-omit-frame-pointer -I$src/core/base -I$src/core/mail -I$src/core/engine -I$src/core/cover $(pkg-config --cflags glib-2.0 libetpan libgit2 libpcre2-8)"
libs="$(pkg-config --libs glib-2.0 libetpan libgit2 libpcre2-8)"
core="base/pcc-error base/pcc-regex mail/pcc-email engine/pcc-policy engine/pcc-options engine/pcc-mailmap engine/pcc-tree engine/pcc-maintainers engine/pcc-diff engine/pcc-patch engine/pcc-damage cover/pcc-diffstat cover/pcc-diffstat-format"
srcs=
for c in $core; do srcs="$srcs $src/core/$c.c"; done
# Generated seeds for the diff readers: a format-patch mail with a
# diffstat, a rename, a mode change, binary data and "\ No newline"; a
# plain diff; the same mail re-wrapped at 72 columns; a series of two.
gen_seeds() {
	d=$1
	mkdir -p "$d"
	long="+	pr_err(\"a message long enough to be wrapped by a mail client: %d\\n\", ret);"
	printf '%s\n' "From: A <a@example.org>" "Subject: [PATCH 1/2] t" "" "Msg." "---" \
		" a.c | 3 ++-" " {x => y}/n.c | 0" " 2 files changed, 2 insertions(+), 1 deletion(-)" "" \
		"diff --git a/a.c b/a.c" "index 1234567..89abcde 100644" "--- a/a.c" "+++ b/a.c" \
		"@@ -1,2 +1,3 @@" " one" "-two" "+2" "$long" "\\ No newline at end of file" \
		"diff --git a/x/n.c b/y/n.c" "similarity index 100%" "rename from x/n.c" "rename to y/n.c" \
		"diff --git a/m b/m" "old mode 100644" "new mode 100755" \
		"diff --git a/b.bin b/b.bin" "new file mode 100644" "index 0000000..1111111" \
		"GIT binary patch" "literal 3" "KcmZ>9U;qFB00031" "" "literal 0" "HcmV?d00001" "" \
		"-- " "2.39.2" >"$d/mail.patch"
	printf '%s\n' "--- a/f" "+++ b/f" "@@ -3 +3,2 @@" "-x" "+y" "+z" >"$d/plain.diff"
	sed 's/mail client: /mail client:\n/' "$d/mail.patch" >"$d/wrapped.patch"
	{ cat "$d/mail.patch"; printf '\n\f\n'; cat "$d/plain.diff"; } >"$d/series"
}
pass=0 fail=0
for t in patch maintainers diffstat damage; do
	# shellcheck disable=SC2086
	clang $flags -o "$out/fuzz-$t" "$src/tests/fuzz/fuzz-$t.c" $srcs $libs
	mkdir -p "$out/seed-$t"
	case $t in
	diffstat | damage) gen_seeds "$out/seed-$t" ;;
	*) cp "$corpus"/patches/00[0-4]*.patch "$out/seed-$t/" ;;
	esac
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
