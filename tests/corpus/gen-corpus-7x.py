#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The parity corpus and the parity tree of a newer kernel (7.3, 6.12).

    gen-corpus-7x.py --kernel 7.3 [--print-tree] [--count N] [--jobs N]

Without --print-tree: prints the folder of the corpus (made when it is not
cached), patches/NNNN.patch, manifest.tsv, categories.tsv as gen-corpus.py
writes them, and files.txt: the files of the tree the -f command lines
run on.  With --print-tree: prints the parity tree (made when it is not
cached) the reference script and patchcc both run in.

The generator is gen-corpus.py's, with its categories and seed, plus:
  status     a file of a section whose status is not Maintained (Odd
             Fixes, Orphan, Obsolete, Supported, ... in turn)
  starstar   a file a `**` pattern of the parity tree matches (or that a
             `**` X: pattern excludes), preferably one the pattern as
             it was in the tree did not match
and the keyword category (lines that match K: regexes) twice as often.
No outputs are stored: the parity tests run the tree's script live.

The parity tree is kernel/prepare-tree.sh's tree of that version with its
seed 0001 (7.3: --upto 0001; 6.12, which has no series: the pristine tree
with 0001 applied to scripts/get_maintainer.pl), cloned, and (7.3) with a
few MAINTAINERS sections rewritten to use `**` patterns (STARSTAR below;
7.3's own MAINTAINERS has none), committed.  Its commit id is in the
corpus' key, with this file, gen-corpus.py and the two command-line
modules.  Both live in ${XDG_CACHE_HOME:-~/.cache}/patchcc/ (trees/VERSION/
parity-KEY, corpus-VERSION-KEY) and are made in a temporary folder and
renamed into place.

gen-corpus.py itself is not changed by any of this: the 6.1 corpus' key is
a hash of that file, so it stays what it was.
"""

import argparse
import fcntl
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PREPARE = os.path.join(ROOT, "kernel", "prepare-tree.sh")
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import gm_cmdlines as gm  # noqa: E402
import gm_cmdlines_7x as gm7  # noqa: E402


def load_base():
    spec = importlib.util.spec_from_file_location(
        "gen_corpus", os.path.join(HERE, "gen-corpus.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


base = load_base()
log = base.log

# MAINTAINERS rewrites of the 7.3 parity tree: (section, line, new lines).
# Each line must be found exactly once in its section; it is replaced by
# the new lines (the first of which may be the line itself, to add).
STARSTAR = [
    # ** in the middle: files of several folders (gpio, leds, usb/typec)
    ("INTEL PMIC GPIO DRIVERS", "F:\tdrivers/gpio/gpio-*cove.c",
     ["F:\tdrivers/**/*cove.c"]),
    # ** in the middle, zero or more folders (all in drivers/scsi/)
    ("3WARE SAS/SATA-RAID SCSI DRIVERS (3W-XXXX, 3W-9XXX, 3W-SAS)",
     "F:\tdrivers/scsi/3w-*", ["F:\tdrivers/**/3w-*"]),
    # deeper than the pattern was (include/asm-generic/bitops/ext2-*)
    ("EXT2 FILE SYSTEM", "F:\tinclude/linux/ext2*",
     ["F:\tinclude/**/ext2*"]),
    # leading **: depth -1, every Kconfig.debug of the tree
    ("UBSAN", "F:\tlib/Kconfig.ubsan",
     ["F:\tlib/Kconfig.ubsan", "F:\t**/Kconfig.debug"]),
    # X: with **
    ("ANALOG DEVICES INC IIO DRIVERS", "X:\tdrivers/iio/*/adjd*",
     ["X:\tdrivers/**/adjd*"]),
    ("CADENCE USB3 DRD IP DRIVER", "X:\tdrivers/usb/cdns3/cdnsp*",
     ["X:\tdrivers/**/cdnsp*"]),
]

KERNELS = {
    "7.3": {"upto": "0001", "rewrite": STARSTAR, "seed": None},
    # no kernel/patches/6.12 series: 7.3's 0001 (or 6.1's) applied to the
    # script of the pristine tree
    "6.12": {"upto": "none", "rewrite": [],
             "seed": ["7.3", "6.1"]},
}

# gen-corpus.py's categories, plus the two of this file; the keyword
# category twice as large.
CATEGORIES = [(c, n * 2 if c == "keyword" else n)
              for c, n in base.CATEGORIES] + [("status", 30),
                                              ("starstar", 20)]
COUNT = 270
N_FILES = 72


def cache_dir():
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or
                        os.path.expanduser("~/.cache"), "patchcc")


def sha(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def git(tree, *args, **kw):
    date = "@1700000000 +0000"
    env = {"PATH": "/usr/bin:/bin", "HOME": tree, "LC_ALL": "C",
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
           "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    return subprocess.run(
        ["git", "-C", tree, "-c", "user.name=patchcc parity",
         "-c", "user.email=patchcc@example.org", "-c", "gc.auto=0"]
        + list(args), env=env, check=True, stdout=subprocess.PIPE,
        **kw).stdout


def rewrite_maintainers(text, rules):
    """@text with each rule applied in its section; dies when a rule
    does not apply exactly once."""
    lines = text.split("\n")
    for section, old, new in rules:
        try:
            start = lines.index(section)
        except ValueError:
            raise SystemExit("gen-corpus-7x: no section %r in MAINTAINERS"
                             % section)
        end = start
        while end < len(lines) and lines[end].strip():
            end += 1
        hits = [i for i in range(start, end) if lines[i] == old]
        if len(hits) != 1:
            raise SystemExit("gen-corpus-7x: %r is in section %r %d times"
                             % (old, section, len(hits)))
        lines[hits[0]:hits[0] + 1] = new
    return "\n".join(lines)


def prepared(kernel, upto):
    p = subprocess.run(["sh", PREPARE, "--kernel", kernel, "--upto", upto],
                       stdout=subprocess.PIPE, text=True)
    if p.returncode != 0:
        pkg = "linux-source-%s" % kernel
        raise SystemExit(
            "gen-corpus-7x: no %s tree: kernel/prepare-tree.sh failed; is "
            "%s installed?  `apt-cache policy %s` says where it can be "
            "had, `apt-get install %s` installs it" % (kernel, pkg, pkg,
                                                        pkg))
    return p.stdout.strip().splitlines()[-1]


def apply_seed(tree, versions):
    """Apply the first 0001 of @versions' series that applies to the
    tree's scripts/get_maintainer.pl; returns its name."""
    for v in versions:
        d = os.path.join(ROOT, "kernel", "patches", v)
        name = [n for n in sorted(os.listdir(d)) if n.startswith("0001-")][0]
        p = subprocess.run(["patch", "-p1", "-s", "-F2", "-f",
                            "--no-backup-if-mismatch", "-i",
                            os.path.join(d, name),
                            "scripts/get_maintainer.pl"], cwd=tree,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode == 0:
            return "%s/%s" % (v, name)
        git(tree, "checkout", "-q", "--", "scripts/get_maintainer.pl")
        log("seed %s/%s does not apply: %s" % (v, name, p.stdout.decode()))
    raise SystemExit("gen-corpus-7x: no seed 0001 applies to %s" % tree)


def parity_tree(kernel):
    """The tree both the script and patchcc run in (see the top)."""
    conf = KERNELS[kernel]
    src = prepared(kernel, conf["upto"])
    head = git(src, "rev-parse", "HEAD").strip()
    seeds = b""
    for v in conf["seed"] or ():
        d = os.path.join(ROOT, "kernel", "patches", v)
        for n in sorted(os.listdir(d)):
            if n.startswith("0001-"):
                with open(os.path.join(d, n), "rb") as f:
                    seeds += f.read()
    key = sha(head, repr(conf["rewrite"]), seeds)
    trees = os.path.join(cache_dir(), "trees", kernel)
    dest = os.path.join(trees, "parity-" + key)
    with open(dest + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.isfile(os.path.join(dest, ".git", "parity-done")):
            return dest
        shutil.rmtree(dest, ignore_errors=True)
        tmp = dest + ".tmp.%d" % os.getpid()
        shutil.rmtree(tmp, ignore_errors=True)
        try:
            log("making the %s parity tree %s" % (kernel, dest))
            subprocess.run(["git", "clone", "-q", "--shared", src, tmp],
                           check=True)
            what = []
            if conf["seed"]:
                what.append("seed " + apply_seed(tmp, conf["seed"]))
            if conf["rewrite"]:
                path = os.path.join(tmp, "MAINTAINERS")
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                with open(path, "w", encoding="utf-8") as f:
                    f.write(rewrite_maintainers(text, conf["rewrite"]))
                what.append("%d MAINTAINERS rewrites to ** patterns"
                            % len(conf["rewrite"]))
            if what:
                git(tmp, "commit", "-q", "-a", "-m",
                    "parity tree: " + ", ".join(what))
            open(os.path.join(tmp, ".git", "parity-done"), "w").close()
            os.rename(tmp, dest)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return dest


def perl_pattern(value):
    """An F:/X: value as the 7.x script turns it into a regex."""
    v = value.replace(".", "\\.").replace("**", "\0").replace("*", ".*")
    return v.replace("?", ".").replace("\0", "(?:.*)")


def script_match(path, pattern):
    """file_match_pattern of the 7.x script."""
    if not re.match(pattern, path):
        return False
    return (pattern.endswith("/") or path.count("/") == pattern.count("/")
            or "(?:" in pattern)


class Gen7(base.Gen):
    """gen-corpus.py's generator with the status and starstar categories
    and the -f file list."""

    STATUSES = ["Supported", "Odd Fixes", "Orphan", "Odd fixes",
                "Obsolete", "Orphan / Obsolete", "Orphaned",
                "Externally maintained"]

    def __init__(self, tree, count):
        super().__init__(tree, count)
        self.n_status = 0
        self.n_star = 0
        self.stars = []
        for s in tree.sections:
            for t, v in s["entries"]:
                if t in ("F", "X") and "**" in v:
                    self.stars.append((t, v, s))

    def plan(self):
        want = []
        total = sum(n for _, n in CATEGORIES)
        for cat, n in CATEGORIES:
            want.append([cat, max(1, round(n * self.count / total))])
        order = []
        while any(n for _, n in want):
            for w in want:
                if w[1]:
                    order.append(w[0])
                    w[1] -= 1
        return order[: self.count]

    def status_files(self, status):
        secs = [s for s in self.t.sections
                if any(t == "S" and v == status for t, v in s["entries"])]
        self.rng.shuffle(secs)
        for s in secs[:20]:
            f = self.pick_file(self.t.section_files(s), tries=20)
            if f is not None:
                return s, f
        return None, None

    def star_files(self, t, v):
        """Files the ** pattern matches; those the pattern without the
        ** (one folder for it) did not, first."""
        rx = perl_pattern(v)
        prefix = v.split("*")[0]
        hit = [f for f in self.t.files_under(prefix)
               if script_match(f, rx) and self.free(f)]
        old = perl_pattern(v.replace("**", "*"))
        new_only = [f for f in hit if not script_match(f, old)]
        return new_only, hit

    def gen(self, cat, pid):
        tag = "patchcc corpus %s %s" % (pid, cat)
        if cat == "status":
            for k in range(len(self.STATUSES)):
                status = self.STATUSES[(self.n_status + k) %
                                       len(self.STATUSES)]
                s, f = self.status_files(status)
                if f is not None:
                    self.n_status += k + 1
                    return "%s (%s): update %s" % (s["name"][:30], status,
                                                  f), [
                        self.op_modify(f, tag)]
            return self.gen("single", pid)
        if cat == "starstar":
            for k in range(len(self.stars)):
                t, v, s = self.stars[(self.n_star + k) % len(self.stars)]
                new_only, hit = self.star_files(t, v)
                pool = [f for f in (new_only or hit)
                        if self.t.text(f) is not None]
                if pool:
                    self.n_star += k + 1
                    f = self.rng.choice(pool)
                    return "%s %s: update %s" % (t, v, f), [
                        self.op_modify(f, tag)]
            return self.gen("single", pid)
        return super().gen(cat, pid)

    def file_list(self, n):
        """Files of the tree for -f: files whose contents match K:
        regexes, files of ** patterns, of sections not Maintained, of no
        section, any, and two folders.  Not the patches' files."""
        rng = self.rng
        out = []

        def add(f):
            if f and f not in out and f != "MAINTAINERS":
                out.append(f)
        # contents matching K: (of its own section, or of any file)
        k_res = self.t.k_res
        tries = 0
        while len(out) < n // 4 and tries < 4000:
            tries += 1
            rx, s = rng.choice(k_res)
            pool = (self.t.section_files(s) if rng.random() < 0.5
                    else None)
            f = self.pick_file(pool or None, tries=5)
            data = f and self.t.text(f)
            if data and rx.search(data.decode("utf-8", "replace")):
                add(f)
        for t, v, s in self.stars:
            new_only, hit = self.star_files(t, v)
            for f in rng.sample(new_only, min(2, len(new_only))):
                add(f)
            if hit:
                add(rng.choice(hit))
        for k in range(12):
            _, f = self.status_files(self.STATUSES[k % len(self.STATUSES)])
            add(f)
        for _ in range(2000):
            if len(out) >= n * 5 // 6:
                break
            f = self.pick_file()
            if f and not self.t.has_section(f):
                add(f)
                if sum(1 for x in out if not self.t.has_section(x)) >= 8:
                    break
        while len(out) < n - 2:
            add(self.pick_file())
        for _ in range(2):
            add(os.path.dirname(rng.choice(out)) + "/")
        return out


def cache_key(tree, count):
    parts = []
    for src in (base.__file__, __file__, gm.__file__, gm7.__file__):
        with open(os.path.abspath(src), "rb") as f:
            parts.append(f.read())
    parts.append(subprocess.run(["git", "--version"],
                                stdout=subprocess.PIPE).stdout)
    parts.append(git(tree, "rev-parse", "HEAD"))
    parts.append("%d %d" % (count, N_FILES))
    return sha(*parts)


def build(out, tree, count):
    log("writing %d patches from %s" % (count, tree))
    # make_patches takes its generator from its module: this file's.
    base.Gen = Gen7
    patches = base.make_patches(tree, out, count)
    g = Gen7(base.Tree(tree), count)
    g.used = {f for p in patches for f in base.touched(p[3])}
    files = g.file_list(N_FILES)
    with open(os.path.join(out, "files.txt"), "w") as f:
        f.write("".join(x + "\n" for x in files))
    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        f.write("id\tcategory\tfiles\trc\torder_unstable\n")
        for pid, cat, _, ops, _ in patches:
            f.write("%s\t%s\t%s\t\t\n" % (pid, cat, len(base.touched(ops))))
    with open(os.path.join(out, "categories.tsv"), "w") as f:
        f.write("id\tcategory\tfiles\tsubject\n")
        for pid, cat, subject, ops, _ in patches:
            f.write("%s\t%s\t%d\t%s\n" % (pid, cat, len(base.touched(ops)),
                                          subject))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--kernel", required=True, choices=sorted(KERNELS))
    ap.add_argument("--print-tree", action="store_true")
    ap.add_argument("--count", type=int, default=COUNT)
    args = ap.parse_args()
    tree = parity_tree(args.kernel)
    if args.print_tree:
        print(tree)
        return 0
    cache = cache_dir()
    dest = os.path.join(cache, "corpus-%s-%s" % (
        args.kernel, cache_key(tree, args.count)))
    with open(dest + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.isfile(os.path.join(dest, "manifest.tsv")):
            log("reusing", dest)
        else:
            shutil.rmtree(dest, ignore_errors=True)
            tmp = tempfile.mkdtemp(prefix=os.path.basename(dest) + ".tmp.",
                                   dir=cache)
            try:
                os.rmdir(tmp)
                os.makedirs(tmp)
                build(tmp, tree, args.count)
                os.rename(tmp, dest)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
            log("corpus in", dest)
    print(dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
