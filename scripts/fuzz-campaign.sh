#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fuzz-campaign.sh - a long fuzz campaign: every libFuzzer target of
# tests/fuzz (ASan + UBSan), each for a given time or number of
# executions, then a table: target, executions, coverage, crashes.
#
# usage: scripts/fuzz-campaign.sh [-t SECONDS | -n EXECUTIONS] [-j JOBS] [-f FORKS] [-o DIR] [-s] [TARGET...]
#   TARGET  names such as "plan" or "diffstat", run in that order
#           (default: every target)
#   -j  how many targets run at once (default 1); the table keeps the
#       order of TARGET
#   -t  seconds per target (default 600)
#   -n  executions per target instead (e.g. 10000000)
#   -o  where corpora, crash files, logs and table.md go (default
#       build/fuzz-campaign; corpora are kept, so a second run goes on
#       from the first; runs.tsv lists every run: date, commit, target,
#       executions, crashes, seconds, code)
#   -f  run each target as FORKS libFuzzer processes on one corpus
#       (libFuzzer's -fork), e.g. one per core
#   -s  print, from DIR/runs.tsv, the executions each target has run on
#       its current code, summed over its runs, and run nothing
# A target's "code" is a hash of the files it is built from: its fuzz-T.c,
# the core sources the linker took for it, the headers they include and
# the templates when it embeds them (tests/fuzz/build.sh lists them).
# Runs that resume one corpus on the same code add up to one campaign.
# A target stopped with SIGINT (kill -INT its fuzz-T process; with -f,
# every one of them: pkill -INT -f bin/fuzz-T) ends its run early: its
# row counts what ran (with -f, up to the last job that ended).
# The kernel tree for the seeds comes from kernel/prepare-tree.sh.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
secs=600 runs='' jobs=1 forks='' out=$top/build/fuzz-campaign sum=
args=$*
while getopts t:n:j:f:o:s opt; do
	case $opt in
	t) secs=$OPTARG ;;
	n) runs=$OPTARG ;;
	j) jobs=$OPTARG ;;
	f) forks=$OPTARG ;;
	o) out=$OPTARG ;;
	s) sum=1 ;;
	*) echo "usage: $0 [-t SECONDS | -n EXECUTIONS] [-j JOBS] [-f FORKS] [-o DIR] [-s] [TARGET...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
mkdir -p "$out"
# The series and plan targets write their inputs as files: on tmpfs a
# file costs a fraction of what it does on a disk file system.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
	export TMPDIR=/dev/shm
fi

# code_hash T: what target T is built from (tests/fuzz/build.sh lists the
# files), as one short hash
code_hash() {
	while read -r f; do
		printf '%s\n' "$f" && sha1sum <"$top/$f"
	done <"$out/bin/sources-$1" | sha1sum | cut -c1-12
}

tree=$(sh "$top/kernel/prepare-tree.sh" --upto none 2>/dev/null)
sh "$top/tests/fuzz/build.sh" "$top" "$tree" "$out/bin"
if [ -n "$sum" ]; then
	[ -f "$out/runs.tsv" ] || { echo "fuzz-campaign: no $out/runs.tsv" >&2; exit 2; }
	# shellcheck disable=SC2046,SC2012
	[ $# -gt 0 ] || set -- $(cd "$out/bin" && ls fuzz-* | sed 's/^fuzz-//')
	for t in "$@"; do
		awk -F '\t' -v t="$t" -v code="$(code_hash "$t")" '
			$3 == t && $7 == code {
				n += $4; r++
				if ($5 !~ /^0( \(stopped early\))?$/) c = c "; " $5
			}
			END {
				printf "%s\tcode %s\t%d executions in %d runs\tcrashes: %s\n",
					t, code, n, r, c == "" ? "0" : substr(c, 3)
			}' "$out/runs.tsv"
	done
	exit 0
fi
# taken now, as built: a file edited while a campaign runs is not in it
for f in "$out"/bin/sources-*; do
	t=${f##*/sources-}
	code_hash "$t" >"$out/bin/code-$t"
done
if [ -n "$runs" ]; then limit="-runs=$runs"; else limit="-max_total_time=$secs"; fi
[ -z "$forks" ] || limit="$limit -fork=$forks"
table=$out/table.md
rm -f "$out"/row-*
{
	echo "Fuzz campaign, $(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')"
	echo "command: scripts/fuzz-campaign.sh $args"
	echo
	echo "| target | executions | coverage (edges) | features | crashes | time (s) |"
	echo "|---|---|---|---|---|---|"
} >"$table"
if [ $# -eq 0 ]; then
	# shellcheck disable=SC2046,SC2012
	set -- $(cd "$out/bin" && ls fuzz-* | sed 's/^fuzz-//')
fi
for t in "$@"; do
	[ -x "$out/bin/fuzz-$t" ] || { echo "fuzz-campaign: no target $t" >&2; exit 2; }
done

# run_target T: one target to its limit; leaves its table row in
# $out/row-T and returns non-zero when libFuzzer did.
run_target() {
	t=$1
	mkdir -p "$out/corpus/$t" "$out/crashes/$t"
	start=$(date +%s)
	set +e
	# At the lowest priority an input can wait seconds for a CPU, and
	# libFuzzer's -timeout counts wall time: 120 s, so that only a hang
	# (the suite's short run keeps 10 s) is reported as one.
	# shellcheck disable=SC2086
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		nice -n 19 "$out/bin/fuzz-$t" $limit -max_len=65536 -timeout=120 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$out/crashes/$t/" \
		"$out/corpus/$t" "$out/bin/seeds/$t" >"$out/log-$t" 2>&1
	rc=$?
	set -e
	took=$(($(date +%s) - start))
	if [ -n "$forks" ]; then
		# the stats of -fork's log are one job's: the progress lines count
		# the runs of all
		execs=$(grep -oE '^#[0-9]+: cov' "$out/log-$t" | tail -1 | tr -dc 0-9)
	else
		execs=$(grep -E '^stat::number_of_executed_units' "$out/log-$t" | tail -1 | awk '{print $2}')
	fi
	progress='cov: '
	[ -z "$forks" ] || progress='^#[0-9]+: cov: '
	cov=$(grep -E "$progress" "$out/log-$t" | grep -oE 'cov: [0-9]+' | tail -1 | awk '{print $2}')
	ft=$(grep -E "$progress" "$out/log-$t" | grep -oE 'ft: [0-9]+' | tail -1 | awk '{print $2}')
	# libFuzzer also leaves slow-unit-* files: inputs slower than 10 s,
	# worth a look (one was a real slowness), not crashes
	crashes=$(find "$out/crashes/$t" -type f ! -name 'slow-unit-*' | wc -l)
	slow=$(find "$out/crashes/$t" -type f -name 'slow-unit-*' | wc -l)
	# stopped by SIGINT before its limit (libFuzzer's exit 72 after "run
	# interrupted"): what ran counts, and it is no crash
	# (with -f, the parent exits 2 once a job reports it was interrupted)
	if { [ "$rc" -eq 72 ] || [ -n "$forks" ]; } && grep -q 'run interrupted' "$out/log-$t"; then
		rc=0
		[ "$crashes" -gt 0 ] || crashes="0 (stopped early)"
	fi
	[ "$rc" -eq 0 ] || [ "$crashes" != 0 ] || crashes="1 (exit $rc, see log-$t)"
	[ "$slow" -eq 0 ] || crashes="$crashes ($slow slow inputs, crashes/$t/slow-unit-*)"
	echo "| $t | ${execs:-?} | ${cov:-?} | ${ft:-?} | $crashes | $took |" >"$out/row-$t"
	# every run, for runs that resume a corpus on unchanged code
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u '+%Y-%m-%dT%H:%MZ')" \
		"$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')" \
		"$t" "${execs:-?}" "$crashes" "$took" "$(cat "$out/bin/code-$t")" >>"$out/runs.tsv"
	echo "fuzz-$t: ${execs:-?} executions, cov ${cov:-?}, crashes $crashes"
	return "$rc"
}

# Lane i runs targets i, i+JOBS, i+2*JOBS... one after the other.
status=0 lane=0 pids=
while [ "$lane" -lt "$jobs" ]; do
	(
		i=0 rc=0
		for t in "$@"; do
			[ $((i % jobs)) -eq "$lane" ] && { run_target "$t" || rc=1; }
			i=$((i + 1))
		done
		exit "$rc"
	) &
	pids="$pids $!"
	lane=$((lane + 1))
done
for p in $pids; do
	wait "$p" || status=1
done
for t in "$@"; do
	cat "$out/row-$t" >>"$table"
done
cat "$table"
exit $status
