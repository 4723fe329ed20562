#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""History parity: patchcc against the real get_maintainer.pl in a git clone.

A repository laid out as a kernel tree, with a scripted history of some
thousands of commits, is built by gen-history.py (cached under
${XDG_CACHE_HOME:-~/.cache}/patchcc/history-<hash of the generator and its
inputs>, rebuilt when missing; the hash also holds the quarter of the day,
so that the one-year window edge stays away from every commit).  For each
of its patches and each command line (default, --git, --git-blame, b4's
To and Cc) the real patched scripts/get_maintainer.pl and patchcc run in
the clone, in the same test, and their outputs must be byte-identical.

Also, on the first patches, the other history options (--git-since,
--git-all-signature-types, --git-min-*/--git-max-maintainers,
--git-chief-penguins, --nomailmap, --nogit-blame-signatures, --nofixes).

The script orders git signers of equal counts (vcs_assign) and sections
of equal pattern depth by Perl's hash order, which changes from run to
run.  When patchcc differs from the script's output, the script is run
again with those two sorts made deterministic (ties in byte order for
signers, in MAINTAINERS order for sections: patchcc's documented
orders; one line each of a copy of the script, nothing else changed):
patchcc must then be byte-identical to it.

Then HEAD moves: one more commit, signed off by a new contributor, to a
file the first patches touch, in a clone of the clone; the first patches
run again there, default and --git, patchcc with the walk cache of the
HEAD before (the path sets of an earlier HEAD answer for the commits both
walks share).

Then the regression case of the issue: a small clone where a patch's
Fixes: names a commit signed off by Alice and Bob Maint; b4's Cc command
gives them as blamed_fixes, from the script and from patchcc.

Prints "N of M identical" and exits 1 on any difference.
"""

import argparse
import difflib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
from gm_ordered import ordered_script  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import gm_cmdlines as gm  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
B4 = gm.B4
RUNS = [
    ("default", []),
    ("git", ["--git"]),
    ("git-blame", ["--git-blame"]),
    ("b4-to", B4 + ["--nol"]),
    ("b4-cc", B4 + ["--nom"]),
]
# The other history options, on the first patches only (the script is
# slow with --git).
VARIANTS = [
    ("since-3-months", ["--git", "--git-since=3-months-ago"]),
    ("since-date", ["--git", "--git-since", "2026-06-01"]),
    ("all-types-wide", ["--git", "--git-all-signature-types",
                        "--git-min-percent=1", "--git-max-maintainers=12",
                        "--git-min-signatures=2"]),
    ("chiefs-nomailmap", ["--git", "--git-chief-penguins", "--nomailmap"]),
    ("blame-nosigs", ["--git-blame", "--nogit-blame-signatures"]),
    ("nofixes-nofallback", ["--nofixes", "--nogit-fallback"]),
]
N_VARIANT_PATCHES = 3


def env_for(home):
    return {"PATH": "/usr/bin:/bin", "HOME": home, "LC_ALL": "C", "TZ": "UTC"}


def run(cmd, cwd, env):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=600)
    return p.returncode, p.stdout


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "patchcc")


def build_history(source, commits, patches, extra=(), fresh=True):
    """The generated clone, from the cache when there.  With @fresh the
    key holds the quarter of the day (so the one-year edge stays away
    from every commit for parity); a benchmark does not need that."""
    gen = os.path.join(HERE, "gen-history.py")
    h = hashlib.sha256()
    for p in (gen, os.path.join(source, "MAINTAINERS"),
              os.path.join(source, ".mailmap")):
        with open(p, "rb") as f:
            h.update(f.read())
    h.update(("%d %d %d %s" % (commits, patches,
                               int(time.time()) // (6 * 3600) if fresh
                               else 0,
                               " ".join(extra))).encode())
    dest = os.path.join(cache_dir(), "history-" + h.hexdigest()[:16])
    if os.path.isdir(os.path.join(dest, "repo", ".git")):
        return dest
    os.makedirs(cache_dir(), exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="history-", dir=cache_dir())
    out = os.path.join(tmp, "h")
    subprocess.run([sys.executable, gen, "--source", source, "--out", out,
                    "--commits", str(commits), "--patches", str(patches)]
                   + list(extra),
                   check=True, stdout=subprocess.DEVNULL)
    try:
        os.rename(out, dest)
    except OSError:
        pass  # another run made it first
    shutil.rmtree(tmp, ignore_errors=True)
    return dest


def regression_fixes(script, ordered, patchcc, home):
    """The issue's case: Fixes: -> Alice and Bob Maint as blamed_fixes with
    b4's Cc command."""
    fails = 0
    with tempfile.TemporaryDirectory() as d:
        repo = os.path.join(d, "linux")
        os.makedirs(repo)
        for f in ["COPYING", "CREDITS", "Kbuild", "Makefile", "README"]:
            open(os.path.join(repo, f), "w").write(f + "\n")
        for sub in ["arch", "include", "Documentation", "drivers", "fs", "init",
                    "ipc", "kernel", "lib", "scripts"]:
            os.makedirs(os.path.join(repo, sub))
            open(os.path.join(repo, sub, "x"), "w").write("x\n")
        os.makedirs(os.path.join(repo, "drivers", "foo"))
        with open(os.path.join(repo, "MAINTAINERS"), "w") as f:
            f.write("FOO DRIVER\nM:\tBob Maint <bob@example.com>\n"
                    "L:\tfoo@vger.kernel.org\nS:\tMaintained\n"
                    "F:\tdrivers/foo/\n\nTHE REST\nM:\tLinus Torvalds "
                    "<torvalds@linux-foundation.org>\n"
                    "L:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive in "
                    "reporters\nF:\t*\nF:\t*/\n")
        foo = os.path.join(repo, "drivers", "foo", "foo.c")
        open(foo, "w").write("int foo;\nint bar;\n")
        e = dict(env_for(home))
        e.update({"GIT_AUTHOR_NAME": "Alice", "GIT_AUTHOR_EMAIL":
                  "alice@example.com", "GIT_COMMITTER_NAME": "Bob Maint",
                  "GIT_COMMITTER_EMAIL": "bob@example.com"})
        subprocess.run(["git", "init", "-q"], cwd=repo, env=e, check=True)
        subprocess.run(["git", "add", "."], cwd=repo, env=e, check=True)
        subprocess.run(["git", "commit", "-qm", "foo: add the driver\n\n"
                        "Signed-off-by: Alice <alice@example.com>\n"
                        "Signed-off-by: Bob Maint <bob@example.com>"],
                       cwd=repo, env=e, check=True)
        open(foo, "w").write("int foo;\nint bar;\nint baz;\n")
        subprocess.run(["git", "commit", "-qam", "foo: baz\n\n"
                        "Signed-off-by: Bob Maint <bob@example.com>"],
                       cwd=repo, env=e, check=True)
        bad = subprocess.run(["git", "rev-parse", "--short=12", "HEAD~1"],
                             cwd=repo, env=e, check=True,
                             stdout=subprocess.PIPE).stdout.decode().strip()
        open(foo, "w").write("int foo;\nint bar = 1;\nint baz;\n")
        diff = subprocess.run(["git", "diff"], cwd=repo, env=e, check=True,
                              stdout=subprocess.PIPE).stdout.decode()
        subprocess.run(["git", "checkout", "-q", "--", "."], cwd=repo, env=e)
        patch = os.path.join(d, "fix.patch")
        with open(patch, "w") as f:
            f.write("From: Carol <carol@example.com>\nSubject: [PATCH] foo: "
                    "fix bar\n\nbar must be 1.\n\nFixes: %s (\"foo: add the "
                    "driver\")\nSigned-off-by: Carol <carol@example.com>\n"
                    "---\n%s" % (bad, diff))
        want = b"foo@vger.kernel.org\nAlice <alice@example.com>\n" \
               b"Bob Maint <bob@example.com>\n"
        outs = {}
        for name, cmd in [("script", ["perl", script]),
                          ("ordered script", ["perl", ordered]),
                          ("patchcc", [patchcc])]:
            rc, out = run(cmd + B4 + ["--nom", patch], repo, env_for(home))
            outs[name] = out
            # Alice and Bob both signed 1 of 1: the script orders them by
            # hash order; the set first, then the bytes against the
            # script with that tie ordered
            if sorted(out.splitlines()) != sorted(want.splitlines()):
                print("regression Fixes/b4-cc: %s printed %r" % (name, out))
                fails += 1
        if outs["patchcc"] != outs["ordered script"]:
            print("regression Fixes/b4-cc: patchcc %r, script %r"
                  % (outs["patchcc"], outs["ordered script"]))
            fails += 1
        rc, out = run([patchcc, "--nogit-fallback", patch], repo,
                      env_for(home))
        if b"blamed_fixes:1/1=100%" not in out:
            print("regression Fixes/default: no blamed_fixes role: %r" % out)
            fails += 1
    print("regression (Fixes: signers with b4's Cc): %s"
          % ("ok" if fails == 0 else "FAILED"))
    return fails


# Patches run again after HEAD moves (default and --git).
N_MOVED_PATCHES = 4


def moved_head(repo, first_patch, home, env):
    """A clone of @repo with one more commit: a line added to the first
    file of @first_patch, signed off by a new contributor.  Returns its
    path."""
    clone = os.path.join(home, "moved")
    subprocess.run(["git", "clone", "-q", "--shared", repo, clone],
                   check=True, env=env)
    with open(first_patch, errors="replace") as f:
        path = re.search(r"^\+\+\+ b/(\S+)", f.read(), re.M).group(1)
    with open(os.path.join(clone, path), "a") as f:
        f.write("/* one more line */\n")
    genv = dict(env, GIT_AUTHOR_NAME="New Contributor",
                GIT_AUTHOR_EMAIL="new@example.org",
                GIT_COMMITTER_NAME="New Contributor",
                GIT_COMMITTER_EMAIL="new@example.org")
    subprocess.run(["git", "-C", clone, "commit", "-q", "-s", "-a", "-m",
                    "one more line"], check=True, env=genv)
    return clone


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--patchcc", required=True)
    ap.add_argument("--reference-cmd", required=True,
                    help="prints the path of the patched linux tree")
    ap.add_argument("--commits", type=int, default=3000)
    ap.add_argument("--patches", type=int, default=24)
    ap.add_argument("--keep-going", action="store_true")
    a = ap.parse_args()

    tree = subprocess.run(a.reference_cmd, shell=True, check=True,
                          stdout=subprocess.PIPE).stdout.decode().strip()
    tree = tree.splitlines()[-1]
    script = os.path.join(tree, "scripts", "get_maintainer.pl")
    patchcc = os.path.abspath(a.patchcc)
    hist = build_history(tree, a.commits, a.patches)
    repo = os.path.join(hist, "repo")
    pdir = os.path.join(hist, "patches")

    counts = {"same": 0, "ordered": 0, "failed": 0}

    def check(patch, name, opts, cwd, env, ordered):
        """One command line, script and patchcc, in @cwd."""
        rc1, ref = run(["perl", script] + opts + [patch], cwd, env)
        rc2, out = run([patchcc] + opts + [patch], cwd, env)
        if rc1 == rc2 and ref == out:
            counts["same"] += 1
            return
        rc3, ref2 = run(["perl", ordered] + opts + [patch], cwd, env)
        if rc3 == rc2 and ref2 == out:
            counts["ordered"] += 1
            return
        counts["failed"] += 1
        print("DIFF %s [%s] in %s (exit %d/%d):"
              % (os.path.basename(patch), name, cwd, rc3, rc2))
        for l in difflib.unified_diff(
                ref2.decode(errors="replace").splitlines(),
                out.decode(errors="replace").splitlines(),
                "get_maintainer.pl", "patchcc", lineterm="", n=1):
            print("   " + l)

    total = 0
    failed = 0
    with tempfile.TemporaryDirectory() as home:
        ordered = ordered_script(script, os.path.join(home, "gm-ordered.pl"))
        env = env_for(home)
        patches = sorted(os.listdir(pdir))
        for k, p in enumerate(patches):
            patch = os.path.join(pdir, p)
            runs = RUNS + (VARIANTS if k < N_VARIANT_PATCHES else [])
            for name, opts in runs:
                total += 1
                check(patch, name, opts, repo, env, ordered)
        moved = moved_head(repo, os.path.join(pdir, patches[0]), home, env)
        for p in patches[:N_MOVED_PATCHES]:
            for name, opts in RUNS[:2]:
                total += 1
                check(os.path.join(pdir, p), name, opts, moved, env, ordered)
        failed += regression_fixes(script, ordered, patchcc, home)
    same, same_ordered = counts["same"], counts["ordered"]
    failed += counts["failed"]

    print("%d of %d identical (%d to the script as it is, %d with its "
          "hash-order ties ordered)" % (same + same_ordered, total, same,
                                        same_ordered))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
