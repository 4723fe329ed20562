#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""seeds.py - generate the seed corpora of the fuzz targets from a kernel
tree (its MAINTAINERS and sources), not from a stored corpus.

usage: seeds.py TREE OUTDIR
Writes OUTDIR/<target>/ for matcher, plan, patch and maintainers.
"""
import os
import random
import sys

tree, out = sys.argv[1], sys.argv[2]
rng = random.Random(13)


def write(target, name, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8", "surrogateescape"))


maint = open(os.path.join(tree, "MAINTAINERS"), encoding="utf-8", errors="surrogateescape").read()
lines = maint.split("\n")
patterns = [l[3:] for l in lines if l[:2] in ("K:", "N:") and len(l) > 3]

# Source lines and paths of the tree, to build patch lines and file names.
sources, paths = [], []
for top in ("drivers/net/phy", "fs/pstore", "kernel/bpf", "drivers/hwmon", "drivers/reset", "include/linux"):
    d = os.path.join(tree, top)
    if not os.path.isdir(d):
        continue
    for name in sorted(os.listdir(d))[:40]:
        p = os.path.join(d, name)
        paths.append(os.path.join(top, name))
        if os.path.isfile(p):
            with open(p, encoding="utf-8", errors="surrogateescape") as f:
                sources.extend(f.read().split("\n")[:200])
sources = [s for s in sources if s.strip()]


def section_files(i):
    """Files an F: entry near section i names."""
    return [l[3:].strip() for l in lines[i:i + 30] if l.startswith("F:")][:3]


def patch_for(files, body_lines, subject="[PATCH] fuzz seed"):
    out = ["From: Dev <dev@example.org>", "Subject: %s" % subject, "", "Body.", "---"]
    for f in files:
        f = f.rstrip("/*") or "x"
        if f.endswith("/"):
            f += "x.c"
        out += ["diff --git a/%s b/%s" % (f, f), "--- a/%s" % f, "+++ b/%s" % f,
                "@@ -1,%d +1,%d @@" % (len(body_lines), len(body_lines))]
        out += [" " + body_lines[0]] + ["+" + b for b in body_lines[1:]]
    return "\n".join(out) + "\n"


# matcher: a pattern of the script's MAINTAINERS, then patch lines and paths
for n, pat in enumerate(patterns):
    body = rng.sample(sources, min(6, len(sources)))
    body = ["+" + b for b in body[:3]] + ["-" + b for b in body[3:5]] + [" " + b for b in body[5:]]
    words = [w for w in pat.replace("\\b", " ").replace("|", " ").replace("(", " ").replace(")", " ").split() if w.isidentifier()]
    if words:
        body.append("+\t" + rng.choice(words) + "();")
        body.append(rng.choice(paths) + "/" + rng.choice(words) + ".c")
    body += rng.sample(paths, min(3, len(paths)))
    write("matcher", "seed-%04d" % n, pat + "\n" + "\n".join(body) + "\n")

# patch and plan: mails touching files of real sections
sections = [i for i, l in enumerate(lines) if l.startswith("F:")]
for n in range(120):
    i = rng.choice(sections)
    files = section_files(max(0, i - 5)) or ["drivers/net/phy/phylink.c"]
    p = patch_for(files, rng.sample(sources, min(4, len(sources))))
    write("patch", "seed-%03d" % n, p)
    to = rng.choice(["Ned Net <ned@x.org>", "=?utf-8?q?Al=0Aice?= <alice@example.org>",
                     "\"Last, First\" <lf@example.org>, b@example.org", "=?iso-8859-1?q?Beh=FAn?= <b@x.org>",
                     "undisclosed-recipients:;", ""])
    cc = rng.choice(["linux-kernel@vger.kernel.org", "netdev@x.org, Rita Review <rita@x.org>", ""])
    write("plan", "seed-%03d" % n, "%s\n%s\n%s" % (to, cc, p))

# maintainers: a real section (first half) and a file it names (second half)
for n in range(60):
    i = rng.choice(sections)
    start = max(0, i - 6)
    sec = "\n".join(lines[start:start + 14]) + "\n"
    f = (section_files(start) or ["x"])[0]
    write("maintainers", "seed-%03d" % n, sec + f + "x" * max(0, len(sec) - len(f)))
# and an F: of 150 wildcards that backtracks without end on its file: it
# took the interpreter seconds to give up, past the suite's 10 s timeout
# under ASan (pcc-regex.h: such a match goes on in the JIT)
sec = "F:" + "*" * 12 + "+" + "*" * 138 + "\x06*:*"
f = "*****:***********y*$/yyyyydetat"
write("maintainers", "backtracking", sec + f + "\0" * (len(sec) - len(f)))
