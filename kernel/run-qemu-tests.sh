#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run-qemu-tests.sh - the whole kernel pipeline: patched tree, kernel build,
# initramfs, QEMU boot, guest tests, verdict.
#
# usage: kernel/run-qemu-tests.sh [--kernel 6.1|7.3] [--patchcc PATH]
#            [--corpus DIR] [--outdir DIR] [--timeout SECONDS]
#            [--accel tcg|kvm] [--inject panic|exit|hang|fail|nosummary]
#
#   --kernel   which tree and series (kernel/patches/VERSION; default 6.1)
#   --patchcc  the patchcc CLI to compare with get_maintainer.pl in the guest
#              (default: none, that check is skipped)
#   --corpus   the parity corpus (default: ../shared/corpus beside the repo,
#              else the generated one, tests/corpus/corpus.sh)
#   --outdir   where the serial log, initramfs and job files go
#              (default: ${XDG_CACHE_HOME:-$HOME/.cache}/patchcc/runs/last,
#              runs/last-VERSION for another --kernel)
#   --timeout  seconds the guest may run (default 900)
#   --accel    tcg (default) or kvm (needs a working /dev/kvm)
#   --inject   break the guest on purpose (harness self-test)
#
# Exits 0 only when the guest printed its summary with no failure, every
# TAP line was ok, the kernel did not panic and QEMU did not time out.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
patchcc= corpus=$here/../../shared/corpus outdir= timeout=900 accel=tcg inject=
kernel=6.1
usage() { sed -n '5,7p' "$0" | sed 's/^# //' >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--patchcc|--corpus|--outdir|--timeout|--accel|--inject|--kernel)
		[ $# -ge 2 ] || usage
		opt=${1#--} val=$2; shift 2
		case $opt in
		patchcc) patchcc=$val ;; corpus) corpus=$val ;;
		outdir) outdir=$val ;; timeout) timeout=$val ;;
		accel) accel=$val ;; inject) inject=$val ;;
		kernel) kernel=$val ;;
		esac ;;
	-h|--help) usage ;;
	*) echo "run-qemu-tests: unknown argument $1" >&2; usage ;;
	esac
done
case $kernel in
6.1|7.3) ;;
*) echo "run-qemu-tests: --kernel $kernel: no series to boot (6.1 or 7.3)" >&2; usage ;;
esac
cache=${XDG_CACHE_HOME:-$HOME/.cache}/patchcc
last=last
[ "$kernel" = 6.1 ] || last=last-$kernel
outdir=${outdir:-$cache/runs/$last}
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
plog=$outdir/pipeline.log
: > "$plog"
log() { echo "run-qemu-tests: $*" | tee -a "$plog" >&2; }
die() { log "FAIL: $*"; exit 1; }
now() { date +%s; }
# stage NAME SECONDS - record a stage timing
stage() { echo "TIMING $1 $2 s" >> "$outdir/timings"; log "TIMING $1 $2 s"; }
: > "$outdir/timings"
# run_logged CMD... - run CMD with stderr to the pipeline log and terminal
run_logged() {
	{ "$@" 2>&1 1>&3 3>&- | tee -a "$plog" >&2; } 3>&1
}

start=$(now)
if [ -n "$patchcc" ]; then
	[ -x "$patchcc" ] || die "--patchcc $patchcc is not executable"
	patchcc=$(cd "$(dirname "$patchcc")" && pwd)/$(basename "$patchcc")
fi
if [ ! -e "$corpus" ]; then
	log "no corpus at $corpus: using the generated one (tests/corpus/corpus.sh)"
	corpus=$(sh "$here/../tests/corpus/corpus.sh") || die "no corpus"
fi
[ -d "$corpus/patches" ] || die "no corpus at $corpus (use --corpus)"
corpus=$(cd "$corpus" && pwd)
# KVM is opt-in: without nested virtualisation it fails (or crawls).
case $accel in
tcg) cpu=max ;;
kvm) cpu=host ;;
*) usage ;;
esac

# 1. Trees: the whole series, and 0001 only (checkpatch.pl before 0002,
#    get_maintainer.pl with the seed rule only).
t=$(now)
tree=$(run_logged "$here/prepare-tree.sh" --kernel "$kernel" --upto all)
seed_tree=$(run_logged "$here/prepare-tree.sh" --kernel "$kernel" --upto 0001)
stage "trees(extract+am)" $(($(now) - t))

# 2. Kernel.
t=$(now)
kbuild=$(run_logged "$here/build-kernel.sh" "$tree")
stage "kernel(config+build)" $(($(now) - t))
bzimage=$kbuild/arch/x86/boot/bzImage

# 3. Initramfs: busybox and /init, packed by the tree's gen_init_cpio.
t=$(now)
busybox=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
if command -v file > /dev/null; then
	file -L "$busybox" | grep -q 'statically linked' ||
		die "$busybox is not statically linked (apt-get install busybox-static)"
fi
gen=$outdir/gen_init_cpio
cc -O2 -o "$gen" "$tree/usr/gen_init_cpio.c"
cat > "$outdir/initramfs.list" <<EOF
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /bin 0755 0 0
file /bin/busybox $busybox 0755 0 0
file /init $here/guest/init 0755 0 0
EOF
"$gen" "$outdir/initramfs.list" | gzip -9 > "$outdir/initramfs.cpio.gz"
stage initramfs $(($(now) - t))

# 4. The job the guest runs: cases with expected outputs, version strings.
t=$(now)
job=$outdir/job
rm -rf "$job"
mkdir -p "$job/expected"
cp "$here/guest/tests.sh" "$job/guest-tests.sh"
host_gm() { # host_gm TREE PATCH > OUTPUT
	(cd "$1" && env -i PATH=/usr/bin:/bin HOME=/tmp LC_ALL=C \
		PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 \
		perl scripts/get_maintainer.pl --no-git-fallback "$2")
}
# The team corpus' cases name its patches by id; the generated corpus
# (tests/corpus/gen-corpus.py, which writes categories.tsv) by role, found
# by tests/corpus/roles.py from the script's stored output.
# The corpus is made with 6.1's MAINTAINERS: on another tree its patches
# are only inputs, and every expected output is made on the host with the
# patched tree's script (host=yes).  The generated corpus has other ids, so
# there only the patch files of kernel/guest/ are used.
host=no
cases=$here/guest/cases.tsv
[ -f "$corpus/categories.tsv" ] && cases=$here/guest/cases-generated.tsv
if [ "$kernel" != 6.1 ]; then
	host=yes
	cases=$here/guest/cases-$kernel.tsv
fi
grep -v '^#' "$cases" | while IFS='	' read -r name lkml seed what; do
	case $host,$name in
	yes,[0-9][0-9][0-9][0-9])
		[ -f "$corpus/categories.tsv" ] && continue ;;
	esac
	case $name in
	role:*) id=$(python3 "$here/../tests/corpus/roles.py" "$corpus" "${name#role:}") ||
			die "case $name: no such patch in $corpus"
		patch=$corpus/patches/$id.patch
		expected=$corpus/expected/$id.default
		name=$id what="$what (patch $id)" ;;
	[0-9][0-9][0-9][0-9]) patch=$corpus/patches/$name.patch
		expected=$corpus/expected/$name.default ;;
	*) patch=$here/guest/$name expected= ;;
	esac
	[ -f "$patch" ] || die "case $name: no $patch"
	# Subscribers-only cases: 0003 changes the output, so the corpus
	# (0001 only) does not have it; make it with the patched script.
	# The 0001-only output is the corpus' (seed=corpus) or is made in the
	# guest with the 0001 tree (seed=run).
	seed_out=-
	case $seed in
	corpus) [ $host = no ] || die "case $name: seed=corpus needs the corpus' tree (use run)"
		seed_out=$expected ;;
	run) seed_out=run ;;
	esac
	if [ "$seed" != no ] || [ -z "$expected" ] || [ $host = yes ]; then
		expected=$job/expected/$name
		host_gm "$tree" "$patch" > "$expected" ||
			die "case $name: get_maintainer.pl failed on the host"
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$patch" "$expected" \
		"$lkml" "$seed_out" "$what"
done > "$job/cases.tsv"
[ -s "$job/cases.tsv" ] || die "no get_maintainer.pl case"
# UTS_VERSION is in utsversion.h since 6.1.something, compile.h before.
utsversion=$kbuild/include/generated/utsversion.h
[ -f "$utsversion" ] || utsversion=$kbuild/include/generated/compile.h
uts() { sed -n "s/^#define $1[[:space:]]*\"\\(.*\\)\"\$/\\1/p" "$2"; }
cat > "$job/job.env" <<EOF
KERNEL='$kernel'
TREE='$tree'
SEED_TREE='$seed_tree'
PATCHCC='$patchcc'
ASSISTED_PATCH='$here/guest/assisted-by.patch'
PLAIN_PATCH='$here/guest/plain.patch'
EXPECT_RELEASE='$(uts UTS_RELEASE "$kbuild/include/generated/utsrelease.h")'
EXPECT_UTS_VERSION='$(uts UTS_VERSION "$utsversion")'
EXPECT_COMPILE='$(uts LINUX_COMPILE_BY "$kbuild/include/generated/compile.h")@$(uts LINUX_COMPILE_HOST "$kbuild/include/generated/compile.h")'
EXPECT_COMMIT='$(git -C "$tree" rev-parse --short=12 HEAD)'
EOF
stage job $(($(now) - t))

# 5. Boot and run the guest tests; the serial console is the only channel.
serial=$outdir/serial.log
log "booting $bzimage ($accel, timeout ${timeout}s${inject:+, inject $inject})"
t=$(now)
rm -f "$outdir/qemu.rc"
{
	rc=0
	timeout -k 10 "$timeout" qemu-system-x86_64 -accel "$accel" -cpu "$cpu" \
	-M pc -m 1G -nodefaults -display none -serial stdio -no-reboot \
	-kernel "$bzimage" -initrd "$outdir/initramfs.cpio.gz" \
	-append "console=ttyS0 panic=-1 rdinit=/init patchcc.job=$job${inject:+ patchcc.inject=$inject}" \
	-virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
	< /dev/null || rc=$?
	echo $rc > "$outdir/qemu.rc"
} | tr -d '\r' | tee "$serial"
rc=$(cat "$outdir/qemu.rc")
elapsed=$(($(now) - t))
guest=$(sed -n 's/^PATCHCC-GUEST-TIMING: tests \([0-9]*\) s$/\1/p' "$serial")
stage boot $((elapsed - ${guest:-0}))
stage "guest-tests" "${guest:-0}"

# 6. Verdict.
fail=
grep -q 'Kernel panic' "$serial" && fail="$fail kernel-panic"
nok=$(grep -c '^not ok ' "$serial" || true)
[ "$nok" -eq 0 ] || fail="$fail $nok-not-ok"
sum=$(grep '^PATCHCC-GUEST-SUMMARY: ' "$serial" | tail -n 1)
if [ -z "$sum" ]; then
	fail="$fail no-summary"
else
	passed=$(echo "$sum" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
	failed=$(echo "$sum" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
	oks=$(grep -c '^ok ' "$serial" || true)
	[ "${failed:-x}" = 0 ] || fail="$fail summary-reports-failures"
	[ "${passed:-x}" = "$oks" ] || fail="$fail summary-count-mismatch"
	[ "$oks" -gt 0 ] || fail="$fail no-checks"
fi
case $rc in
0) ;;
124|137) fail="$fail timeout-${timeout}s" ;;
*) fail="$fail qemu-exit-$rc" ;;
esac

log "timings (s), sub-steps first, then the stages:"
grep -h ' TIMING ' "$plog" | sed 's/^\([a-z-]*\): TIMING /  \1: /' >&2
echo "  total: $(($(now) - start)) s" >&2
if [ -n "$fail" ]; then
	log "RESULT: FAIL ($fail ) - serial log: $serial"
	exit 1
fi
log "RESULT: PASS ($sum) - serial log: $serial"
