#!/bin/sh
# run.sh - build the libFuzzer targets with clang (ASan + UBSan) and run
# each for a bounded time.  fuzz-patch and fuzz-maintainers are seeded
# with the parity corpus; fuzz-series and fuzz-template with inputs this
# script writes (mails, an mbox, a folder, subjects, templates, a
# provenance file).
# usage: run.sh SOURCE_ROOT CORPUS_DIR [SECONDS]
set -eu
src=$1 corpus=$2 secs=${3:-30}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
command -v clang >/dev/null || { echo "clang missing (scripts/setup.sh installs it)"; exit 1; }
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
 -fno-omit-frame-pointer -I$src/core/base -I$src/core/mail -I$src/core/engine -I$src/core/cover -I$out $(pkg-config --cflags glib-2.0 libetpan libgit2 libpcre2-8)"
libs="$(pkg-config --libs glib-2.0 libetpan libgit2 libpcre2-8)"
# The sources each target needs (core/meson.build lists them all).
core="base/pcc-error base/pcc-regex mail/pcc-email mail/pcc-rfc2047 engine/pcc-policy engine/pcc-options engine/pcc-mailmap engine/pcc-tree engine/pcc-maintainers engine/pcc-patch"
cover="$core mail/pcc-date mail/pcc-message-id mail/pcc-subject mail/pcc-text mail/pcc-mbox engine/pcc-recipients engine/pcc-plan cover/pcc-provenance cover/pcc-template cover/pcc-diffstat cover/pcc-mailinfo cover/pcc-series cover/pcc-shortlog"
python3 "$src/templates/embed-templates.py" "$out/pcc-builtin-templates.h" \
	/nonexistent "$src"/templates/*.tpl
# Each source compiled once (instrumented, without libFuzzer's main), then
# linked into every target that needs it.
mkdir -p "$out/obj"
for c in $cover; do
	o=$out/obj/$(basename "$c").o
	# shellcheck disable=SC2086
	clang $(echo "$flags" | sed 's/-fsanitize=fuzzer,/-fsanitize=fuzzer-no-link,/') \
		-c -o "$o" "$src/core/$c.c"
done
objects() {
	for c in $1; do printf ' %s' "$out/obj/$(basename "$c").o"; done
}

# Seeds for the series and template targets, written here.
mail() { # SUBJECT N
	printf 'From: A U Thor <author@example.org>\nSubject: %s\n\nChange %s.\n\nSigned-off-by: A U Thor <author@example.org>\n---\n f%s.c | 1 +\n 1 file changed, 1 insertion(+)\n\ndiff --git a/f%s.c b/f%s.c\nindex 1111111..2222222 100644\n--- a/f%s.c\n+++ b/f%s.c\n@@ -1 +1,2 @@\n a\n+b\n' \
		"$1" "$2" "$2" "$2" "$2" "$2" "$2"
}
sep() { printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'; }
seed_series() {
	d=$out/seed-series
	mkdir -p "$d"
	mail '[PATCH] x: one' 1 >"$d/single"
	{ sep; printf 'From: C <c@example.org>\nSubject: [RFC PATCH net-next v2 0/2] t\n\nBlurb.\n\nC (2):\n  x\n\n-- \n2.40\n'
	  sep; mail '[RFC PATCH net-next v2 1/2] x: a' 1
	  sep; mail '[RFC PATCH net-next v2 2/2] x: b' 2; } >"$d/mbox"
	{ mail '[PATCH 2/3] x: b' 2; printf '\0\0'; mail '[PATCH 1/3] x: a' 1; } >"$d/folder"
	mail '[PATCH 1/4294967295] x: y' 1 >"$d/huge-total"
	{ printf 'From: =?UTF-8?q?Zo=C3=AB?= <z@example.org>\nSubject: [PATCH] x\n\nFrom: B <b@example.org>\nSubject: Re: [net] [PATCHv3 01/10,] y\n\n'
	  mail '[PATCH] x' 1; } >"$d/inbody"
	printf '[PATCH v2 3/7] a\nRe: [PATCH] b\n[PATCH 1/2 3/4] c\n[RFC][PATCH] d\n\t[PATCH +1/2] e\n' >"$d/subjects"
}
seed_template() {
	d=$out/seed-template
	mkdir -p "$d"
	cp "$src"/templates/*.tpl "$d/"
	printf '[tool.1]\nname=coccinelle\nversion=1.1\npurpose=generated patches 2-4\n\n[assistance.1]\nagent=ExampleBot 1.0\nproduced=a draft\nreview=rewritten\n\n[testing.1]\nwhat=boot test\nwhere=QEMU\n\n[notes]\ntext=none\n' >"$d/provenance.ini"
	printf '# t\n${if title}${title}${else}none${end}\n$$ ${shortlog}\n' >"$d/tokens.tpl"
}
seed_series
seed_template

pass=0 fail=0
for t in patch maintainers series template; do
	case $t in
	series | template) list=$cover ;;
	*) list=$core ;;
	esac
	# shellcheck disable=SC2086
	clang $flags -o "$out/fuzz-$t" "$src/tests/fuzz/fuzz-$t.c" $(objects "$list") $libs
	if [ ! -d "$out/seed-$t" ]; then
		mkdir -p "$out/seed-$t"
		cp "$corpus"/patches/00[0-4]*.patch "$out/seed-$t/"
	fi
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
