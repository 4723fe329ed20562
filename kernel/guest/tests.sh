#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest tests, run by /init inside the booted kernel, chrooted into the
# host's root file system (read-only, over virtio-9p).
#
# usage: tests.sh JOBDIR
#
# JOBDIR was written by kernel/run-qemu-tests.sh: job.env (kernel version,
# trees, patchcc, expected version strings) and cases.tsv (get_maintainer.pl
# cases).  Each
# check prints one TAP line; the last line is
#   PATCHCC-GUEST-SUMMARY: N passed, M failed
# PATCHCC_INJECT=fail adds a failing check and stops early (harness
# self-test); PATCHCC_INJECT=nosummary stops before the summary.
set -u

job=$1
KERNEL=6.1
. "$job/job.env"
inject=${PATCHCC_INJECT:-}
tmp=/run/patchcc-guest
mkdir -p "$tmp"

n=0 passed=0 failed=0
ok() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
skip() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n # SKIP $*"; }
diag() { sed 's/^/#   /' "$@"; }
summary() {
	echo "1..$n"
	echo "PATCHCC-GUEST-TIMING: tests $(($(date +%s) - t0)) s"
	echo "PATCHCC-GUEST-SUMMARY: $passed passed, $failed failed"
}
# The corpus' environment: nothing but these variables.
clean_env() {
	env -i PATH=/usr/bin:/bin HOME=/tmp LC_ALL=C PERL_HASH_SEED=0 \
		PERL_PERTURB_KEYS=0 "$@"
}
# in_tree TREE COMMAND... - run COMMAND from the root of TREE.
in_tree() { (cd "$1" && shift && clean_env "$@"); }
has_lkml() { grep -q '^linux-kernel@vger\.kernel\.org ' "$1"; }

t0=$(date +%s)
echo "# guest tests: $(uname -r), tree $TREE"

# 1. The running kernel was built from the patched tree.
release=$(uname -r) version=$(uname -v)
if [ "$release" = "$EXPECT_RELEASE" ] &&
   [ "$version" = "$EXPECT_UTS_VERSION" ]; then
	ok "uname -r/-v match the build's utsrelease.h/compile.h ($release)"
else
	not_ok "uname -r/-v match the build's utsrelease.h/compile.h"
	echo "#   got      '$release' '$version'"
	echo "#   expected '$EXPECT_RELEASE' '$EXPECT_UTS_VERSION'"
fi
case $release in
*-patchcc-g"$EXPECT_COMMIT"*) ok "kernel release names the tree's commit ($EXPECT_COMMIT)" ;;
*) not_ok "kernel release '$release' lacks -patchcc-g$EXPECT_COMMIT" ;;
esac
if grep -q "^Linux version $EXPECT_RELEASE ($EXPECT_COMPILE) .* $EXPECT_UTS_VERSION\$" /proc/version; then
	ok "/proc/version: $EXPECT_RELEASE ($EXPECT_COMPILE), compile.h's user and host"
else
	not_ok "/proc/version is not from this build"
	diag /proc/version
fi

case $inject in
fail) not_ok "injected failure (harness self-test)"; summary; exit 1 ;;
nosummary) echo "# exiting before the summary (harness self-test)"; exit 1 ;;
esac

# 2. Run every perl job first, one worker per CPU (perl under TCG is slow),
#    then check the results in order.
checkpatch() { # checkpatch TREE PATCH
	in_tree "$1" perl scripts/checkpatch.pl --color=never "$2"
}
run_job() { # run_job KIND NAME PATCH
	s=$(date +%s)
	case $1 in
	gm) in_tree "$TREE" perl scripts/get_maintainer.pl --no-git-fallback \
		"$3" > "$tmp/$2.gm" 2> "$tmp/$2.gm.err"
	    echo $? > "$tmp/$2.gm.rc" ;;
	seed) in_tree "$SEED_TREE" perl scripts/get_maintainer.pl \
		--no-git-fallback "$3" > "$tmp/$2.seed" 2>&1 ;;
	cp-before) checkpatch "$SEED_TREE" "$3" > "$tmp/cp.before" 2>&1 ;;
	cp-after) checkpatch "$TREE" "$3" > "$tmp/cp.after" 2>&1 ;;
	cp-plain) checkpatch "$TREE" "$3" > "$tmp/cp.plain" 2>&1 ;;
	esac
	echo $(($(date +%s) - s)) > "$tmp/$1.$2.secs"
}
run_jobs() { # run_jobs WORKER WORKERS - every WORKERS-th job of the list
	i=0
	while read -r kind name patch; do
		i=$((i + 1))
		[ $((i % $2)) -eq "$1" ] || continue
		run_job "$kind" "$name" "$patch"
	done < "$tmp/jobs"
}
{
	echo "cp-before assisted $ASSISTED_PATCH"
	echo "cp-after assisted $ASSISTED_PATCH"
	echo "cp-plain plain $PLAIN_PATCH"
	while IFS='	' read -r name patch expected lkml seed what; do
		echo "gm $name $patch"
		[ "$seed" != run ] || echo "seed $name $patch"
	done < "$job/cases.tsv"
} > "$tmp/jobs"
workers=$(grep -c '^processor' /proc/cpuinfo)
[ "$workers" -ge 1 ] || workers=1
s=$(date +%s)
w=0
while [ $w -lt "$workers" ]; do
	run_jobs $w "$workers" &
	w=$((w + 1))
done
wait
echo "# $(wc -l < "$tmp/jobs") perl runs on $workers CPU(s): $(($(date +%s) - s)) s"

# 3. get_maintainer.pl of the patched tree (whole series) on each case.
while IFS='	' read -r name patch expected lkml seed what; do
	out=$tmp/$name.gm
	rc=$(cat "$out.rc" 2>/dev/null || echo none)
	secs=$(cat "$tmp/gm.$name.secs" 2>/dev/null || echo '?')
	if [ "$rc" = 0 ] && cmp -s "$expected" "$out"; then
		ok "get_maintainer.pl $name: output as expected (${secs} s; $what)"
	else
		not_ok "get_maintainer.pl $name: output differs (exit $rc; $what)"
		diff -u "$expected" "$out" | diag
		diag "$out.err"
	fi
	if [ "$lkml" = yes ] && has_lkml "$out"; then
		ok "get_maintainer.pl $name: LKML kept"
	elif [ "$lkml" = no ] && ! has_lkml "$out"; then
		ok "get_maintainer.pl $name: LKML dropped"
	else
		not_ok "get_maintainer.pl $name: LKML expected '$lkml'"
	fi
	# seed: "run" (0001-only output made above), a file holding it (the
	# corpus' output, which is 0001 only), or "-" (no check).
	seed_out=$seed how="in the guest"
	[ "$seed" != run ] || seed_out=$tmp/$name.seed
	[ "$seed" = run ] || how="corpus output"
	if [ "$seed" != - ]; then
		if [ -s "$seed_out" ] && ! has_lkml "$seed_out" &&
		   ! grep -q ' (open list\| (moderated list' "$seed_out"; then
			ok "get_maintainer.pl $name with 0001 only ($how): no public list at all (what 0003 fixes)"
		else
			not_ok "get_maintainer.pl $name with 0001 only ($how): expected no public list"
			diag "$seed_out"
		fi
	fi
done < "$job/cases.tsv"

# 4. patchcc prints what the script printed, byte for byte, in the
#    tree's own dialect (on 7.3 every role is "maintainer:" and a K:
#    match adds ":Keyword:...").
if [ -z "${PATCHCC:-}" ]; then
	skip "patchcc not built"
else
	while IFS='	' read -r name patch expected lkml seed what; do
		out=$tmp/$name.pcc
		in_tree "$TREE" "$PATCHCC" --rest-rule=public --no-git-fallback \
			"$patch" > "$out" 2> "$out.err"
		rc=$?
		if [ $rc -eq 0 ] && cmp -s "$tmp/$name.gm" "$out"; then
			ok "patchcc --rest-rule=public $name: same output as get_maintainer.pl"
		else
			not_ok "patchcc --rest-rule=public $name: differs from get_maintainer.pl (exit $rc)"
			diff -u "$tmp/$name.gm" "$out" | diag
			diag "$out.err"
		fi
	done < "$job/cases.tsv"
fi

# 5. checkpatch.pl before and after 0002 on a patch carrying Assisted-by:.
#    6.1.192 checks an AGENT_NAME:MODEL_VERSION value; 7.3 takes any
#    non-empty value ("Assisted-by: LLM" is clean).
if [ "$KERNEL" != 6.1 ]; then
	if grep -q "^total: 0 errors, 0 warnings" "$tmp/cp.before" &&
	   ! grep -q "Non-standard signature: Assisted-by:" "$tmp/cp.before"; then
		ok "checkpatch.pl before 0002: Assisted-by: LLM is a known tag, clean"
	else
		not_ok "checkpatch.pl before 0002: expected Assisted-by: LLM to be clean"
		diag "$tmp/cp.before"
	fi
elif grep -q "Assisted-by expects 'AGENT_NAME:MODEL_VERSION" "$tmp/cp.before" &&
   ! grep -q "Non-standard signature: Assisted-by:" "$tmp/cp.before"; then
	ok "checkpatch.pl before 0002: Assisted-by: is a known tag with a format check"
else
	not_ok "checkpatch.pl before 0002: expected the Assisted-by format warning"
	diag "$tmp/cp.before"
fi
if grep -q "Non-standard signature: Assisted-by:" "$tmp/cp.after" &&
   ! grep -q "Assisted-by expects" "$tmp/cp.after"; then
	ok "checkpatch.pl after 0002: Assisted-by: is a non-standard signature"
else
	not_ok "checkpatch.pl after 0002: expected 'Non-standard signature: Assisted-by:'"
	diag "$tmp/cp.after"
fi
if grep -q "^total: 0 errors, 0 warnings" "$tmp/cp.plain"; then
	ok "checkpatch.pl after 0002: the same patch without Assisted-by: is clean"
else
	not_ok "checkpatch.pl after 0002: the patch without Assisted-by: is not clean"
	diag "$tmp/cp.plain"
fi

summary
[ $failed -eq 0 ]
