#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Benchmark: get_maintainer.pl and patchcc on the same generated clone.

One run each, same machine, same repository (the one parity-history.py
builds and caches): for each command line, the wall time of the script
and of patchcc over every patch, one process per patch, and the ratio;
patchcc with the walk cache a first run made (as after the first patch
of a series), the same patches again, and, for the default options,
without the cache and after one more commit moves HEAD; and the peak
memory of one run, default and --git.
With --commits 80000 the clone has about the kernel's yearly activity
inside the one-year window (generated once and cached, like the small
one); --patches limits how many patches are timed there.
"""

import argparse
import importlib.util
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "parity_history", os.path.join(HERE, "..", "parity", "parity-history.py"))
ph = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ph)


def timed(cmds, cwd, env):
    """Wall time, and CPU time (user + system of the processes and of
    what they start: the script's git), which a busy machine disturbs
    less."""
    t = time.monotonic()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    for c in cmds:
        subprocess.run(c, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return time.monotonic() - t, cpu


def peak_rss(cmd, cwd, env):
    """Peak resident set of one run, in MB: the process's own, or its
    largest child's (the script's git log) when that is larger.  Linux
    counts the pages a child shares with this script until it execs, so
    a figure at or below this script's own peak (about 20 MB) means "at
    most that"; history runs are far above it."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    # reaped here: Popen must not wait for it again
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--patchcc", required=True)
    ap.add_argument("--reference-cmd", required=True)
    ap.add_argument("--commits", type=int, default=3000)
    ap.add_argument("--patches", type=int, default=24)
    ap.add_argument("--runs", default=None,
                    help="comma-separated command lines to time "
                    "(default: all of %s)" % ",".join(n for n, _ in ph.RUNS))
    a = ap.parse_args()
    runs = ph.RUNS
    if a.runs:
        runs = [r for r in ph.RUNS if r[0] in a.runs.split(",")]
    # meson gives the build-relative path; patchcc runs inside the clone
    a.patchcc = os.path.abspath(a.patchcc)
    tree = subprocess.run(a.reference_cmd, shell=True, check=True,
                          stdout=subprocess.PIPE).stdout.decode().split()[-1]
    script = os.path.join(tree, "scripts", "get_maintainer.pl")
    t0 = time.monotonic()
    extra = []
    if a.commits > 10000:
        # the kernel's yearly activity: most commits inside the window,
        # short files so that the generated history stays small
        extra = ["--span-days", "400", "--max-lines", "60"]
    hist = ph.build_history(tree, a.commits, a.patches, extra, fresh=False)
    print("clone: %d commits generated (or found cached) in %.1f s"
          % (a.commits, time.monotonic() - t0))
    repo = os.path.join(hist, "repo")
    pdir = os.path.join(hist, "patches")
    patches = [os.path.join(pdir, p) for p in sorted(os.listdir(pdir))]
    print("%-10s %7s | %-25s | %-25s" % ("", "", "wall: script, patchcc, ratio",
                                         "cpu: script, patchcc, ratio"))
    with tempfile.TemporaryDirectory() as home:
        env = ph.env_for(home)
        # patchcc keeps the walk of the history in its cache
        # ($HOME/.cache/patchcc/history here): the first run makes it, the
        # others use it.  Without the cache every run walks afresh.
        name, opts = ph.RUNS[0]
        nc = dict(env, PATCHCC_NO_HISTORY_CACHE="1")
        first, first_cpu = timed([[a.patchcc] + opts + [patches[0]]], repo,
                                 env)
        print("patchcc, first run (makes the walk cache): %.2f s wall, "
              "%.2f s cpu" % (first, first_cpu))
        # peak memory of one run on the first patch: patchcc without the
        # walk cache, with it, and the script (its largest process, git)
        for rname, ropts in ph.RUNS[:2]:
            cmd = ropts + [patches[0]]
            print("%-10s peak RSS of one run: patchcc %.0f MB without the "
                  "walk cache, %.0f MB with it; the script %.0f MB"
                  % (rname, peak_rss([a.patchcc] + cmd, repo, nc),
                     peak_rss([a.patchcc] + cmd, repo, env),
                     peak_rss(["perl", script] + cmd, repo, env)))
        c, ccpu = timed([[a.patchcc] + opts + [p] for p in patches], repo, nc)
        print("%-10s %3d pat | patchcc without the walk cache: %.2f s wall, "
              "%.2f s cpu" % (name, len(patches), c, ccpu))
        for name, opts in runs:
            s, scpu = timed([["perl", script] + opts + [p] for p in patches],
                            repo, env)
            # git send-email runs the command twice a patch (To and Cc):
            # the second pass finds every file of the patch in the cache
            for again in ("", " again"):
                c, ccpu = timed([[a.patchcc] + opts + [p] for p in patches],
                                repo, env)
                print("%-10s %3d pat | %7.2f s %6.2f s %6.1fx | %7.2f s "
                      "%6.2f s %6.1fx" % (name + again, len(patches), s, c,
                                          s / c, scpu, ccpu,
                                          scpu / max(ccpu, 1e-6)))
        # HEAD moves, as it does before every series is sent: one more
        # commit; patchcc keeps the cache of the HEAD before
        moved = ph.moved_head(repo, patches[0], home, env)
        name, opts = ph.RUNS[0]
        s, scpu = timed([["perl", script] + opts + [p] for p in patches],
                        moved, env)
        c, ccpu = timed([[a.patchcc] + opts + [p] for p in patches], moved,
                        env)
        print("%-10s %3d pat | %7.2f s %6.2f s %6.1fx | %7.2f s "
              "%6.2f s %6.1fx" % (name + " new HEAD", len(patches), s, c,
                                  s / c, scpu, ccpu, scpu / max(ccpu, 1e-6)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
