#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Build a git repository laid out as a kernel tree, with a scripted history,
and patches against it, for the history parity test.

Layout: linux-source's MAINTAINERS, .mailmap, top-level files and a few
hundred of its source files.  History (git fast-import, no work tree
commands): some thousands of commits dated relative to now, over two
years, so that the script's one-year window (--git-since=1-year-ago)
cuts it; many authors with Signed-off-by/Acked-by/Reviewed-by/Tested-by
lines; identities that .mailmap maps; addresses that
.get_maintainer.ignore lists; Linus' sign-offs (the chief penguin
filter); renames; side branches merged back; a file whose recent
commits carry no signature at all.  Patches are made against HEAD with
git diff and given Fixes: lines naming commits of the history (and one
unknown id).

Usage: gen-history.py --source LINUX_TREE --out DIR [--commits N]
Writes DIR/repo (the clone, checked out) and DIR/patches/*.patch.
No commit is dated within 8 hours of one year ago, so that the window
edge never falls between a run of the script and one of patchcc.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time

SRC_DIRS = [
    ("drivers/net/ethernet/intel/e1000", 8),
    ("fs/ext4", 24),
    ("kernel/sched", 16),
    ("mm", 24),
    ("net/ipv4", 24),
    ("lib", 24),
    ("block", 16),
    ("init", 8),
    ("ipc", 8),
    ("sound/core", 12),
    ("drivers/usb/core", 12),
    ("drivers/i2c/busses", 16),
    ("Documentation/networking", 8),
    ("include/linux", 24),
    ("arch/x86/kernel", 16),
    ("scripts", 4),
]
TOP_FILES = ["COPYING", "CREDITS", "Kbuild", "Makefile", "README",
             "MAINTAINERS", ".mailmap"]
MAX_LINES = 400

FIRST = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi",
         "Ivan", "Judy", "Mallory", "Niaj", "Olivia", "Peggy", "Rupert",
         "Sybil", "Trent", "Victor", "Walter", "Xena", "Yuri", "Zoe"]
LAST = ["Adams", "Baker", "Clark", "Davis", "Evans", "Fischer", "Garcia",
        "Hughes", "Ito", "Jones"]


def git(repo, *args, inp=None, env=None):
    e = dict(os.environ)
    e.update({"GIT_CONFIG_NOSYSTEM": "1", "HOME": repo, "LC_ALL": "C"})
    if env:
        e.update(env)
    return subprocess.run(["git", "-C", repo] + list(args), input=inp,
                          stdout=subprocess.PIPE, check=True, env=e).stdout


def pick_files(source, rng):
    files = []
    for d, n in SRC_DIRS:
        cands = sorted(f for f in os.listdir(os.path.join(source, d))
                       if os.path.isfile(os.path.join(source, d, f))
                       and re.search(r"\.(c|h|rst|txt|sh|S)$|^Makefile$|^Kconfig$", f))
        rng.shuffle(cands)
        files += [d + "/" + f for f in sorted(cands[:n])]
    return files


def mailmap_identities(source):
    """Old addresses .mailmap maps to a canonical name and address."""
    out = []
    with open(os.path.join(source, ".mailmap"), encoding="utf-8",
              errors="replace") as f:
        for line in f:
            m = re.match(r"^([A-Za-z][A-Za-z .-]+?)\s*<([^>]+)>\s*<([^>]+)>\s*$",
                         line)
            if m and m.group(1).isascii():
                out.append((m.group(1), m.group(3)))
    return out


def maintainers_people(source):
    people = []
    with open(os.path.join(source, "MAINTAINERS"), encoding="utf-8",
              errors="replace") as f:
        for line in f:
            m = re.match(r"^M:\s*([A-Za-z][A-Za-z .-]+?)\s*<([^>]+)>\s*$", line)
            if m:
                people.append((m.group(1), m.group(2)))
    return people


class Gen:
    def __init__(self, source, out, n_commits, seed, span_days=730,
                 max_lines=400):
        self.span = span_days * 86400
        self.max_lines = max_lines
        self.rng = random.Random(seed)
        self.source = source
        self.out = out
        self.repo = os.path.join(out, "repo")
        self.n = n_commits
        self.now = int(time.time())
        self.edge = self.now - 365 * 86400  # about a year ago
        self.files = {}
        self.stream = []
        self.mark = 0
        self.head_mark = None

    # -- people ---------------------------------------------------------
    def people(self):
        rng = self.rng
        synth = []
        for i in range(30):
            name = "%s %s" % (FIRST[i % len(FIRST)], LAST[(i * 7) % len(LAST)])
            synth.append((name, "%s.%s@example.org" % (
                name.split()[0].lower(), name.split()[1].lower())))
        maint = maintainers_people(self.source)
        rng.shuffle(maint)
        mm = mailmap_identities(self.source)
        rng.shuffle(mm)
        self.authors = synth + maint[:25] + mm[:15]
        # two people sign off a lot: the ignore file lists them
        self.frequent = [synth[0], synth[1]]
        self.linus = ("Linus Torvalds", "torvalds@linux-foundation.org")
        # a person with two addresses under one name (deduplication)
        self.twoaddr = [("Quentin Twoaddr", "quentin@example.org"),
                        ("Quentin Twoaddr", "q.twoaddr@corp.example.com")]
        self.authors += self.twoaddr

    # -- fast-import helpers ---------------------------------------------
    def blob(self, data):
        self.mark += 1
        b = data.encode("utf-8", "surrogateescape")
        self.stream.append(b"blob\nmark :%d\ndata %d\n" % (self.mark, len(b))
                           + b + b"\n")
        return self.mark

    def commit(self, branch, when, author, msg, ops, parents=()):
        self.mark += 1
        m = self.mark
        b = msg.encode("utf-8")
        head = (b"commit refs/heads/%s\nmark :%d\n" % (branch.encode(), m)
                + ("author %s <%s> %d +0000\n" % (author[0], author[1], when)).encode()
                + ("committer %s <%s> %d +0000\n" % (author[0], author[1], when)).encode()
                + b"data %d\n" % len(b) + b + b"\n")
        for i, p in enumerate(parents):
            head += (b"from :%d\n" if i == 0 else b"merge :%d\n") % p
        body = b""
        for op in ops:
            if op[0] == "M":
                body += b"M 100644 :%d %s\n" % (op[1], op[2].encode())
            elif op[0] == "D":
                body += b"D %s\n" % op[1].encode()
            elif op[0] == "R":
                body += b"R %s %s\n" % (op[1].encode(), op[2].encode())
        self.stream.append(head + body + b"\n")
        return m

    # -- content edits ---------------------------------------------------
    def edit(self, path):
        rng = self.rng
        lines = self.files[path].split("\n")
        kind = rng.random()
        at = rng.randrange(0, max(1, len(lines)))
        if kind < 0.5:
            for k in range(rng.randint(1, 4)):
                lines.insert(at, "/* change %d.%d */" % (self.mark, k))
        elif kind < 0.8 and len(lines) > 10:
            lines[at] = lines[at] + " /* tweak %d */" % self.mark
        else:
            del lines[at:at + rng.randint(1, 3)]
            lines.insert(at, "/* rework %d */" % self.mark)
        self.files[path] = "\n".join(lines)

    def message(self, subject, author, files):
        rng = self.rng
        trailers = []
        if rng.random() < 0.1:
            trailers.append("Reported-by: %s <%s>" % rng.choice(self.authors))
        if rng.random() < 0.15:
            trailers.append("Tested-by: %s <%s>" % rng.choice(self.authors))
        trailers.append("Signed-off-by: %s <%s>" % author)
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            tag = rng.choice(["Acked-by", "Reviewed-by", "Reviewed-by"])
            trailers.append("%s: %s <%s>" % ((tag,) + rng.choice(self.authors)))
        if rng.random() < 0.35:
            trailers.append("Signed-off-by: %s <%s>" % rng.choice(self.frequent))
        if rng.random() < 0.05:
            trailers.append("Signed-off-by: %s <%s>" % self.linus)
        if rng.random() < 0.05:
            trailers.append("Cc: %s <%s>" % rng.choice(self.authors))
        seen = []
        for t in trailers:
            if t not in seen:
                seen.append(t)
        body = "%s\n\nThis changes %s.\n\n%s\n" % (
            subject, ", ".join(files), "\n".join(seen))
        return body

    def run(self):
        rng = self.rng
        os.makedirs(self.repo)
        git(self.repo, "init", "-q", "-b", "master")
        self.people()
        paths = pick_files(self.source, rng)
        for p in TOP_FILES + paths:
            with open(os.path.join(self.source, p), encoding="utf-8",
                      errors="surrogateescape") as f:
                text = f.read()
            if p not in ("MAINTAINERS", ".mailmap"):
                text = "\n".join(text.split("\n")[:self.max_lines])
            self.files[p] = text
        # "files no section covers" beyond THE REST: new directories
        for i in range(4):
            p = "pcc-unowned/part%d/file%d.c" % (i % 2, i)
            self.files[p] = "\n".join("int unowned_%d_%d;" % (i, k)
                                      for k in range(40))
            paths.append(p)
        # a file whose recent commits carry no signature at all
        nosig = "pcc-unowned/nosig.c"
        self.files[nosig] = "\n".join("int nosig_%d;" % k for k in range(30))
        paths.append(nosig)
        self.paths = paths

        start = self.now - self.span
        step = (self.now - 3600 - start) // (self.n + 10)
        when = start
        ops = [("M", self.blob(t), p) for p, t in sorted(self.files.items())]
        main = self.commit("master", when, self.authors[0],
                           "Initial import\n\nSigned-off-by: %s <%s>\n"
                           % self.authors[0], ops)
        hot = rng.sample(paths, 40)  # files that change often
        side = None
        side_files = set()
        side_left = 0
        renames = 0
        main_since_fork = set()
        i = 0
        while i < self.n:
            when += step + rng.randint(0, step // 3)
            if abs(when - self.edge) < 8 * 3600:
                continue
            i += 1
            author = rng.choice(self.authors)
            if side is None and rng.random() < 0.01:
                side, side_left, side_files = main, rng.randint(4, 12), set()
                side_tip = main
                main_since_fork = set()
            on_side = side is not None and rng.random() < 0.5
            pool = hot if rng.random() < 0.6 else paths
            if on_side:
                pool = [p for p in pool if p not in ("MAINTAINERS",)]
            n = rng.choice([1, 1, 1, 2, 3])
            touched = sorted(set(rng.choice(pool) for _ in range(n)))
            touched = [p for p in touched if p in self.files
                       and p not in ("MAINTAINERS", ".mailmap")]
            if not touched:
                continue
            if on_side:
                touched = [p for p in touched if p not in main_since_fork]
            else:
                touched = [p for p in touched if p not in side_files]
            if not touched:
                continue
            ops = []
            if (side is None and renames < 25 and rng.random() < 0.02
                    and touched[0] not in hot and touched[0] != nosig):
                old = touched[0]
                d, b = old.rsplit("/", 1)
                new = d + "/renamed-" + b
                if new not in self.files:
                    self.files[new] = self.files.pop(old)
                    self.paths = [new if p == old else p for p in self.paths]
                    paths[paths.index(old)] = new
                    renames += 1
                    msg = self.message("%s: rename %s" % (d, b), author, [old])
                    main = self.commit("master", when, author, msg,
                                       [("R", old, new)], [main])
                    continue
            for p in touched:
                self.edit(p)
                ops.append(("M", self.blob(self.files[p]), p))
            subj = "%s: update %s" % (touched[0].rsplit("/", 1)[0],
                                       touched[0].rsplit("/", 1)[-1])
            if touched == [nosig] and when > self.edge:
                msg = "%s\n\nNo trailers here.\n" % subj
            else:
                msg = self.message(subj, author, touched)
            if on_side:
                side_tip = self.commit("side", when, author, msg, ops,
                                       [side_tip])
                side_files.update(touched)
                side_left -= 1
                if side_left == 0:
                    when += step
                    mops = [("M", self.blob(self.files[p]), p)
                            for p in sorted(side_files)]
                    main = self.commit(
                        "master", when, self.authors[1],
                        "Merge branch 'side'\n\nSigned-off-by: %s <%s>\n"
                        % self.authors[1], mops, [main, side_tip])
                    side = None
                    side_files = set()
            else:
                main = self.commit("master", when, author, msg, ops, [main])
                main_since_fork.update(touched)
        stream = b"".join(self.stream) + b"done\n"
        git(self.repo, "fast-import", "--quiet", "--done", inp=stream)
        git(self.repo, "checkout", "-q", "-f", "master")
        git(self.repo, "branch", "-q", "-D", "side") if b"side" in git(
            self.repo, "branch") else None


def write_patch(repo, out, name, subject, author, extra, fixes):
    diff = git(repo, "diff", "-M", "--no-color").decode("utf-8",
                                                       "surrogateescape")
    stat = git(repo, "diff", "-M", "--stat").decode()
    git(repo, "reset", "-q", "--hard")
    git(repo, "clean", "-qfd", "-e", ".get_maintainer.ignore")
    head = git(repo, "rev-parse", "HEAD").decode().strip()
    lines = ["From %s Mon Sep 17 00:00:00 2001" % ("0" * 40),
             "From: %s <%s>" % author,
             "Date: Mon, 1 Jan 2024 00:00:00 +0000",
             "Subject: [PATCH] %s" % subject, "", "Some change.", ""]
    for f in fixes:
        lines.append("Fixes: %s (\"%s\")" % f)
    lines += extra
    lines.append("Signed-off-by: %s <%s>" % author)
    lines += ["---", stat.rstrip("\n"), "", diff.rstrip("\n"), "",
              "base-commit: %s" % head, "-- ", "2.39.5", ""]
    with open(os.path.join(out, name + ".patch"), "w", encoding="utf-8",
              errors="surrogateescape") as f:
        f.write("\n".join(lines))


def make_patches(g, n_patches):
    rng = random.Random(7)
    repo = g.repo
    pdir = os.path.join(g.out, "patches")
    os.makedirs(pdir)
    log = git(repo, "log", "--format=%H%x09%s%x09%P", "master").decode()
    commits = [l.split("\t") for l in log.splitlines()]
    nonmerge = [c for c in commits if len(c[2].split()) == 1]
    tracked = git(repo, "ls-files").decode().split("\n")
    tracked = [t for t in tracked if t and not t.startswith(".")
               and t not in ("MAINTAINERS", "COPYING", "CREDITS")]
    bodies = git(repo, "log", "--no-merges", "--format=%H%x00%b%x01",
                 "master").decode("utf-8", "replace").split("\x01")
    linus_ids = set(x.strip().split("\x00")[0] for x in bodies
                    if "Linus Torvalds" in x)
    linus = [c for c in nonmerge if c[0] in linus_ids]
    made = []
    for k in range(n_patches):
        touched = sorted(set(rng.choice(tracked) for _ in range(rng.choice([1, 1, 2, 3]))))
        for p in touched:
            fp = os.path.join(repo, p)
            with open(fp, encoding="utf-8", errors="surrogateescape") as f:
                lines = f.read().split("\n")
            at = rng.randrange(1, max(2, len(lines) - 1))
            lines[at:at + 1] = ["/* patch %d */" % k, lines[at] + " "]
            with open(fp, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write("\n".join(lines))
        fixes = []
        if k % 3 == 0:
            c = rng.choice(nonmerge)
            fixes.append((c[0][:12], c[1]))
        if k % 11 == 5 and linus:
            c = rng.choice(linus)
            fixes.append((c[0][:12], c[1]))
        if k % 13 == 7:
            fixes.append(("deadbeef0123", "not in this repository"))
        if k % 9 == 4:
            # a rename and a new file
            src = rng.choice(tracked)
            d, b = src.rsplit("/", 1) if "/" in src else (".", src)
            git(repo, "mv", src, d + "/moved-" + b)
            newf = os.path.join(repo, d, "brand-new-%d.c" % k)
            with open(newf, "w") as f:
                f.write("int brand_new_%d;\n" % k)
            git(repo, "add", "-N", os.path.relpath(newf, repo))
        author = rng.choice(g.authors)
        write_patch(repo, pdir, "%03d" % k, "patch %d of the history test" % k,
                    author, ["Cc: stable@vger.kernel.org"] if k % 4 == 0 else [],
                    fixes)
        made.append(k)
    return made


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--commits", type=int, default=3000)
    ap.add_argument("--patches", type=int, default=24)
    ap.add_argument("--span-days", type=int, default=730)
    ap.add_argument("--max-lines", type=int, default=400)
    a = ap.parse_args()
    if os.path.exists(a.out):
        shutil.rmtree(a.out)
    os.makedirs(a.out)
    g = Gen(a.source, a.out, a.commits, 20261203, a.span_days, a.max_lines)
    g.run()
    # addresses that never count as git signers: two "Name <addr>" lines
    # (as vcs_assign compares them) and a bare address (which never
    # matches a named signer)
    with open(os.path.join(g.repo, ".get_maintainer.ignore"), "w") as f:
        f.write("# frequent signers\n%s <%s>\n" % g.frequent[0])
        f.write("%s <%s>  # trailing comment\n" % g.frequent[1])
        f.write("nobody@example.org\n")
    make_patches(g, a.patches)
    print(g.repo)


if __name__ == "__main__":
    main()
