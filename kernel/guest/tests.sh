#!/bin/sh
# Guest tests, run by /init inside the booted kernel, chrooted into the
# host's root file system (read-only, over virtio-9p).
#
# usage: tests.sh JOBDIR
#
# JOBDIR was written by kernel/run-qemu-tests.sh: job.env (trees, patchcc,
# expected version strings) and cases.tsv (get_maintainer.pl cases).  Each
# check prints one TAP line; the last line is
#   PATCHCC-GUEST-SUMMARY: N passed, M failed
# PATCHCC_INJECT=fail adds a failing check and stops early (harness
# self-test); PATCHCC_INJECT=nosummary stops before the summary.
set -u

job=$1
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

# 2. get_maintainer.pl of the patched tree (whole series) on each case.
while IFS='	' read -r name patch expected lkml seed what; do
	out=$tmp/$name.gm
	s=$(date +%s)
	in_tree "$TREE" perl scripts/get_maintainer.pl --no-git-fallback \
		"$patch" > "$out" 2> "$out.err"
	rc=$?
	secs=$(($(date +%s) - s))
	if [ $rc -eq 0 ] && cmp -s "$expected" "$out"; then
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
	if [ "$seed" = yes ]; then
		in_tree "$SEED_TREE" perl scripts/get_maintainer.pl \
			--no-git-fallback "$patch" > "$out.seed" 2>&1
		if ! has_lkml "$out.seed" && ! grep -q ' (open list\| (moderated list' "$out.seed"; then
			ok "get_maintainer.pl $name with 0001 only: no public list at all (what 0003 fixes)"
		else
			not_ok "get_maintainer.pl $name with 0001 only: expected no public list"
			diag "$out.seed"
		fi
	fi
done < "$job/cases.tsv"

# 3. patchcc prints what the script printed.
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

# 4. checkpatch.pl before and after 0002 on a patch carrying Assisted-by:.
checkpatch() { # checkpatch TREE PATCH > OUTPUT
	in_tree "$1" perl scripts/checkpatch.pl --color=never "$2" 2>&1
	return 0
}
checkpatch "$SEED_TREE" "$ASSISTED_PATCH" > "$tmp/cp.before"
checkpatch "$TREE" "$ASSISTED_PATCH" > "$tmp/cp.after"
checkpatch "$TREE" "$PLAIN_PATCH" > "$tmp/cp.plain"
if grep -q "Assisted-by expects 'AGENT_NAME:MODEL_VERSION" "$tmp/cp.before" &&
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
