#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Print the id of a corpus patch that plays a role in a test.

    roles.py CORPUS ROLE [--all]

The roles are found from the stored outputs of the real script (expected/)
and the generator's categories, never assumed:

  lkml-dropped  one file, THE REST in the original script's output but not
                in the patched script's (a section with a public list)
  new-file      a patch that creates a file, THE REST in its output
  no-section    a file no section but THE REST covers (THE REST kept)
  many          the patch with the most To/Cc addresses under 40
  ordinary      a stored patch that is none of the above (for dialogs)
  e2e           (with --all) every order-stable stored patch whose
                addresses fit in a mail header (at most 30) and are more
                than LKML alone, rc 0

For a corpus without categories.tsv (the team corpus) the ids its tests
were written for are printed instead.
"""
import os
import sys

LKML = "linux-kernel@vger.kernel.org"
TEAM = {"lkml-dropped": "0141", "new-file": "0126", "many": "0115",
        "ordinary": "0052"}


def main():
    corpus, role = sys.argv[1], sys.argv[2]
    every = "--all" in sys.argv[3:]
    cats = os.path.join(corpus, "categories.tsv")
    if not os.path.exists(cats):
        if role in TEAM:
            print(TEAM[role])
            return 0
        return 1
    cat = {}
    with open(cats) as f:
        next(f)
        for line in f:
            pid, c, files, _ = line.rstrip("\n").split("\t", 3)
            cat[pid] = (c, int(files))
    rows = {}
    with open(os.path.join(corpus, "manifest.tsv")) as f:
        next(f)
        for line in f:
            pid, _, _, rc, unstable = line.rstrip("\n").split("\t")
            rows[pid] = (rc, unstable)

    def out(pid, kind):
        with open(os.path.join(corpus, "expected", f"{pid}.{kind}")) as f:
            return f.read()

    def n_addr(pid):
        return len(out(pid, "to").splitlines()) + len(
            out(pid, "cc").splitlines())

    ok = [p for p in sorted(rows) if rows[p] == ("0,0,0,0", "0")]
    found = []
    for pid in ok:
        patch = open(os.path.join(corpus, "patches", pid + ".patch"),
                     errors="replace").read()
        if role == "lkml-dropped":
            hit = (cat[pid][1] == 1 and LKML not in out(pid, "default")
                   and LKML in out(pid, "orig"))
        elif role == "new-file":
            hit = ("\nnew file mode " in patch
                   and LKML in out(pid, "default"))
        elif role == "no-section":
            hit = (cat[pid][0] == "nosection"
                   and LKML in out(pid, "default"))
        elif role == "e2e":
            # the e2e mail has LKML typed in Cc already: a patch whose
            # only recipient is LKML leaves the one click nothing to do
            b4 = (out(pid, "to") + out(pid, "cc")).split()
            hit = n_addr(pid) <= 30 and any(a != LKML for a in b4)
        else:
            hit = True
        if hit:
            found.append(pid)
    if role == "many":
        found = sorted((p for p in found if n_addr(p) < 40),
                       key=lambda p: (-n_addr(p), p))
    if role == "ordinary":
        special = {r: main_role(corpus, r) for r in
                   ("lkml-dropped", "new-file", "many")}
        found = [p for p in found if p not in special.values()]
    if not found:
        print(f"roles: no patch of {corpus} plays {role}", file=sys.stderr)
        return 1
    print(" ".join(found) if every else found[0])
    return 0


def main_role(corpus, role):
    import subprocess
    return subprocess.run([sys.executable, __file__, corpus, role],
                          stdout=subprocess.PIPE, text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
