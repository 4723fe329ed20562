#!/usr/bin/env python3
"""Benchmark: get_maintainer.pl and patchcc on the same generated clone.

One run each, same machine, same repository (the one parity-history.py
builds and caches): for each command line, the wall time of the script
and of patchcc over every patch, one process per patch, and the ratio.
With --commits 80000 the clone has about the kernel's yearly activity
inside the one-year window (generated once and cached, like the small
one); --patches limits how many patches are timed there.
"""

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "parity_history", os.path.join(HERE, "parity-history.py"))
ph = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ph)


def timed(cmds, cwd, env):
    t = time.monotonic()
    for c in cmds:
        subprocess.run(c, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    return time.monotonic() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--patchcc", required=True)
    ap.add_argument("--reference-cmd", required=True)
    ap.add_argument("--commits", type=int, default=3000)
    ap.add_argument("--patches", type=int, default=24)
    a = ap.parse_args()
    tree = subprocess.run(a.reference_cmd, shell=True, check=True,
                          stdout=subprocess.PIPE).stdout.decode().split()[-1]
    script = os.path.join(tree, "scripts", "get_maintainer.pl")
    t0 = time.monotonic()
    hist = ph.build_history(tree, a.commits, a.patches)
    print("clone: %d commits generated (or found cached) in %.1f s"
          % (a.commits, time.monotonic() - t0))
    repo = os.path.join(hist, "repo")
    pdir = os.path.join(hist, "patches")
    patches = [os.path.join(pdir, p) for p in sorted(os.listdir(pdir))]
    print("%-10s %8s %14s %10s %7s" % ("command", "patches", "script", "patchcc",
                                       "ratio"))
    with tempfile.TemporaryDirectory() as home:
        env = ph.env_for(home)
        for name, opts in ph.RUNS:
            s = timed([["perl", script] + opts + [p] for p in patches], repo,
                      env)
            c = timed([[a.patchcc] + opts + [p] for p in patches], repo, env)
            print("%-10s %8d %12.2f s %8.2f s %6.1fx" % (name, len(patches), s,
                                                         c, s / c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
