#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Parity harness: patchcc against get_maintainer.pl.

Mode "corpus" compares patchcc with the reference outputs stored in
shared/corpus (produced by the patched script, see its README) for the
default, To, Cc and original command lines.  Order-stable patches must be
byte-identical.  For order-unstable ones (Perl hash order decides ties)
the default output must equal one of the stored orders exactly, and the
other runs must give the same set of addresses.

Mode "reference" runs the real scripts/get_maintainer.pl of a tree (e.g.
linux-source with kernel/patches/*/0001 applied) and patchcc on every patch
of a directory, in the same environment, and diffs them.  Where they
differ, the script is run again with three other PERL_HASH_SEEDs: the
difference is accepted only if patchcc equals one of those outputs, or
if the script's own output changes with the seed and the addresses are
the same (a tie in pattern depth, which patchcc orders by MAINTAINERS).

Reference mode runs the command lines of lib/gm_cmdlines_7x.py named by
--runs: on the patches (some with a pseudo-terminal as standard output,
as --substatus' default depends on it) and, for -f, on the files listed
in files.txt of the --patches-cmd folder (a tree's corpus,
corpus/gen-corpus-7x.py), and prints "N passed, M failed" for each.

Both print one line per difference and end with "N passed, M failed".
"""

import argparse
import concurrent.futures
import json
import os
import pty
import select
import subprocess
import sys
import tempfile
import time
import tty
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import gm_cmdlines as gm  # noqa: E402
import gm_cmdlines_7x as gm7  # noqa: E402
from gm_ordered import ordered_script  # noqa: E402

RUNS = gm.RUNS


def clean_env(home):
    return {"PATH": "/usr/bin:/bin", "HOME": home, "LC_ALL": "C",
            "PERL_HASH_SEED": "0", "PERL_PERTURB_KEYS": "0"}


def run(cmd, cwd, env):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=600)
    return p.returncode, p.stdout


def run_pty(cmd, cwd, env, timeout=600):
    """@cmd with a pseudo-terminal as standard output (in raw mode, so
    that its bytes are what was written), stderr discarded."""
    master, slave = pty.openpty()
    tty.setraw(slave)
    try:
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                             stdout=slave, stderr=subprocess.DEVNULL)
    finally:
        os.close(slave)
    out = bytearray()
    end = time.monotonic() + timeout
    try:
        while True:
            left = end - time.monotonic()
            if left <= 0:
                p.kill()
                p.wait()
                raise subprocess.TimeoutExpired(cmd, timeout)
            r, _, _ = select.select([master], [], [], min(left, 5))
            if not r:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: every writer has closed the terminal
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(master)
    return p.wait(), bytes(out)


def addresses(out):
    """The set of addresses, roles stripped (of --json output: the names
    and addresses of its maintainers, and its other lists)."""
    if out.startswith(b"{"):
        try:
            doc = json.loads(out)
        except ValueError:
            return {out}
        res = {(m.get("name"), m.get("email"))
               for m in doc.get("maintainers", [])}
        return res | {(k, v) for k, vs in doc.items() if k != "maintainers"
                      for v in vs}
    res = set()
    for line in out.decode("utf-8", "surrogateescape").splitlines():
        # the role follows the address; a section name may hold " ("
        if line.endswith(")") and "> (" in line:
            line = line[: line.index("> (") + 1]
        elif line.endswith(")") and " (" in line:
            line = line[: line.index(" (")]
        res.add(line)
    return res


def lines(out):
    """The lines in byte order, roles kept (of --json output: its
    maintainers and its other lists, each entry in byte order)."""
    if out.startswith(b"{"):
        try:
            doc = json.loads(out)
        except ValueError:
            return [out]
        return sorted(json.dumps([k, v], sort_keys=True)
                      for k, vs in doc.items() for v in vs)
    return sorted(out.splitlines())


def read_manifest(corpus):
    rows = {}
    with open(os.path.join(corpus, "manifest.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            rows[row["id"]] = row
    return rows


def corpus_mode(args):
    corpus = args.corpus
    manifest = read_manifest(corpus)
    exp = os.path.join(corpus, "expected")
    passed = failed = 0
    exact = set_equal = 0
    with tempfile.TemporaryDirectory() as home:
        env = clean_env(home)
        for pid in sorted(manifest):
            unstable = manifest[pid]["order_unstable"] == "1"
            rcs = manifest[pid]["rc"].split(",")
            patch = os.path.join(corpus, "patches", pid + ".patch")
            kinds = [("default", RUNS["default"], 0), ("to", RUNS["to"], 1),
                     ("cc", RUNS["cc"], 2),
                     ("orig", RUNS["default"] + ["--rest-rule=always"], 3)]
            for kind, opts, idx in kinds:
                rc, out = run([args.patchcc] + opts + [patch], args.tree, env)
                with open(os.path.join(exp, f"{pid}.{kind}"), "rb") as f:
                    want = f.read()
                ok = rc == int(rcs[idx])
                how = "exact"
                if ok and out != want:
                    if not unstable:
                        ok = False
                    elif kind == "default":
                        alts = [want] + [
                            open(os.path.join(exp, n), "rb").read()
                            for n in sorted(os.listdir(exp))
                            if n.startswith(f"{pid}.default.alt")]
                        ok = out in alts
                        how = "one of the stored orders"
                        # the stored orders differ: the script's order
                        # changes with the seed (a tie)
                        if (not ok and args.tie_by_set
                                and len(set(alts)) > 1 and all(
                                    addresses(out) == addresses(a)
                                    for a in alts)):
                            ok, how = True, "set"
                    else:
                        ok = addresses(out) == addresses(want)
                        how = "set"
                if ok:
                    passed += 1
                    if how == "set":
                        set_equal += 1
                    else:
                        exact += 1
                else:
                    failed += 1
                    print(f"DIFF {pid}.{kind} (rc {rc}, order_unstable "
                          f"{int(unstable)})")
                    if args.verbose:
                        sys.stdout.write(out.decode(errors="replace"))
                        print("--- expected")
                        sys.stdout.write(want.decode(errors="replace"))
    stable = sum(1 for r in manifest.values() if r["order_unstable"] == "0")
    print(f"corpus: {len(manifest)} patches ({stable} order-stable), "
          f"{exact} runs identical (byte for byte or one of the stored "
          f"orders), {set_equal} set-identical (order-unstable only)")
    return passed, failed


def compare_one(args, script, patch, kind, opts, env, pty_out=False,
                ordered=None):
    """One patch (or file), one command line: (passed, message or None).
    With @pty_out both run with a pseudo-terminal as standard output.
    @ordered: the script with its ties in MAINTAINERS order
    (lib/gm_ordered.py), tried first when the outputs differ."""
    runner = run_pty if pty_out else run
    ref_rc, ref = runner(["perl", script] + opts + [patch], args.reference,
                         env)
    rc, out = runner([args.patchcc] + args.extra + opts + [patch],
                     args.reference, env)
    if (rc, out) == (ref_rc, ref):
        return True, None
    shown = os.path.basename(patch) if os.path.isabs(patch) else patch
    if ordered and rc == ref_rc:
        if runner(["perl", ordered] + opts + [patch], args.reference,
                  env) == (rc, out):
            return True, (f"ORDER {shown}.{kind}: identical to the script "
                          f"with its hash-order ties in MAINTAINERS order")
    # Perl orders ties by hash order: only when another hash seed changes
    # the script's output is the order open.  Each seed orders a tie of
    # two like a coin toss, so six are tried (the corpus generator's).
    # The exit code does not depend on the order: no seed can help then.
    outs = {ref}
    for seed in ("deadbeef", "8badf00d", "cafebabe", "f00dface", "c0ffee00",
                 "abad1dea"):
        if rc != ref_rc:
            break
        senv = dict(env, PERL_HASH_SEED=seed)
        outs.add(runner(["perl", script] + opts + [patch], args.reference,
                        senv)[1])
        if out in outs:
            break
        # --tie-by-lines asks no more than that: the order is open (two
        # outputs) and one of them has patchcc's lines.
        if (args.tie_by_lines and len(outs) > 1
                and any(lines(out) == lines(o) for o in outs)):
            break
    name = f"{shown}.{kind}"
    if rc == ref_rc and out in outs:
        return True, (f"ORDER {name}: identical to the script with "
                      f"another PERL_HASH_SEED")
    if (rc == ref_rc and len(outs) > 1 and args.tie_by_lines
            and any(lines(out) == lines(o) for o in outs)):
        return True, (f"ORDER {name}: the script's order changes with "
                      f"the hash seed; the same lines as one of its "
                      f"outputs, roles included")
    if (rc == ref_rc and len(outs) > 1 and not args.strict
            and not args.tie_by_lines
            and all(addresses(out) == addresses(o) for o in outs)):
        return True, (f"ORDER {name}: the script's order changes with "
                      f"the hash seed; same addresses")
    msg = f"DIFF {name} (rc {rc} vs {ref_rc})"
    if args.verbose:
        msg += ("\n" + out.decode(errors="replace") + "--- get_maintainer.pl\n"
                + ref.decode(errors="replace"))
    return False, msg


def reference_mode(args):
    """Every patch (or file) and command line, --jobs at a time (each
    job one script run and one patchcc run), reported in patch order,
    with the counts of each command line."""
    patches = sorted(os.path.join(args.patches, n)
                     for n in os.listdir(args.patches)
                     if n.endswith((".patch", ".diff", ".mbox", ".eml")))
    files = []
    if args.files:
        with open(args.files, encoding="utf-8") as f:
            files = [ln.rstrip("\n") for ln in f if ln.strip()]
    script = os.path.join(args.reference, "scripts", "get_maintainer.pl")
    names = ["default"] if args.only_default else ["default", "to", "cc"]
    if args.runs:
        names = args.runs.split(",")
    # "NAME/K": one patch in K, the (i mod K)-th of each K for the i-th
    # name, so that "default,to/3,cc/3" gives to and cc different thirds.
    stride = {}
    for i, k in enumerate(list(names)):
        if "/" in k:
            base, _, n = k.partition("/")
            if not n.isdigit() or int(n) < 1:
                raise SystemExit(f"parity: bad stride in {k!r}")
            names[i] = base
            stride[base] = (int(n), i % int(n))
    for k in names:
        if k not in gm7.RUNS:
            raise SystemExit(f"parity: no command line {k!r} (of "
                             f"{', '.join(gm7.RUNS)})")
        if gm7.RUNS[k].on == gm7.FILE and not files:
            raise SystemExit(f"parity: {k} needs files (files.txt of the "
                             f"--patches-cmd folder, or --files)")
    work = []
    for k in names:
        r = gm7.RUNS[k]
        # the file is given as the tree's script is given it: relative
        every, first = stride.get(k, (1, 0))
        for n, p in enumerate(files if r.on == gm7.FILE else patches):
            if n % every == first:
                work.append((k, p, r))
    counts = {k: [0, 0] for k in names}
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as home, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        env = clean_env(home)
        ordered = ordered_script(script, os.path.join(home, "gm-ordered.pl"))
        futs = [(k, ex.submit(compare_one, args, script, p, k, list(r.opts),
                              env, r.pty, ordered))
                for k, p, r in work]
        for k, fu in futs:
            ok, msg = fu.result()
            counts[k][0 if ok else 1] += 1
            if msg:
                print(msg, flush=True)
    print(f"reference: {len(patches)} patches, {len(files)} files, "
          f"{len(names)} command lines, {args.jobs} at a time, "
          f"{time.monotonic() - t0:.0f} s")
    for k in names:
        r = gm7.RUNS[k]
        print(f"  {k} ({' '.join(r.opts)} "
              f"{'FILE' if r.on == gm7.FILE else 'PATCH'}"
              f"{', stdout a terminal' if r.pty else ''}): "
              f"{counts[k][0]} passed, {counts[k][1]} failed")
    return (sum(c[0] for c in counts.values()),
            sum(c[1] for c in counts.values()))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--patchcc", required=True)
    ap.add_argument("--tree", help="pristine linux-source tree (corpus mode)")
    ap.add_argument("--tree-cmd", help="command printing the tree's path")
    ap.add_argument("--corpus")
    ap.add_argument("--reference", help="tree whose get_maintainer.pl to run")
    ap.add_argument("--reference-cmd", help="command printing that tree")
    ap.add_argument("--patches", help="directory of patches (reference mode)")
    ap.add_argument("--only-default", action="store_true")
    ap.add_argument("--runs", help="comma-separated command lines of "
                    "reference mode, names of lib/gm_cmdlines_7x.py, "
                    "NAME/K for one patch in K (default: default,to,cc)")
    ap.add_argument("--files", help="reference mode: the files (one a "
                    "line, relative to the tree) of the -f command lines "
                    "(default: files.txt beside the --patches-cmd folder's "
                    "patches/, when there)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="reference mode: patches compared at a time")
    ap.add_argument("--patches-cmd", help="command printing --patches "
                    "(e.g. the corpus generator, whose folder has patches/)")
    ap.add_argument("--tie-by-set", action="store_true",
                    help="corpus mode: for an order-unstable default run "
                    "in none of the stored orders, accept the same "
                    "addresses (as reference mode does)")
    ap.add_argument("--strict", action="store_true",
                    help="no allowance for tie order")
    ap.add_argument("--tie-by-lines", action="store_true",
                    help="reference mode: where the script's order changes "
                    "with the hash seed, accept the lines of one of its "
                    "outputs in another order (roles must be the same), "
                    "not any output with the same addresses")
    ap.add_argument("--extra", action="append", default=[],
                    help="extra patchcc option (e.g. --rest-rule=public)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    args.patchcc = os.path.abspath(args.patchcc)

    def output_of(what, cmd):
        """The last line a fixture command prints; fails the test, saying
        why, when the command does."""
        p = subprocess.run(cmd, shell=True, stdout=subprocess.PIPE,
                           text=True)
        if p.returncode != 0 or not p.stdout.strip():
            raise SystemExit(f"parity: FAILED: no {what}: `{cmd}` exited "
                             f"with {p.returncode} (its messages above)")
        return p.stdout.strip().splitlines()[-1]

    if args.tree_cmd and not args.tree:
        args.tree = output_of("tree", args.tree_cmd)
    if args.reference_cmd and not args.reference:
        args.reference = output_of("reference tree", args.reference_cmd)
    if args.patches_cmd and not args.patches:
        folder = output_of("patches", args.patches_cmd)
        args.patches = os.path.join(folder, "patches")
        listed = os.path.join(folder, "files.txt")
        if not args.files and os.path.exists(listed):
            args.files = listed
    if args.reference:
        passed, failed = reference_mode(args)
    else:
        passed, failed = corpus_mode(args)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
