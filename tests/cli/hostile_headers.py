#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""hostile_headers.py - property test of the headers `patchcc cover`
writes, over generated hostile names and addresses (CR, LF, NUL, commas,
quotes, encoded words, 8-bit bytes) given with --to/--cc/--from and
computed from a MAINTAINERS holding them.

For every case: patchcc exits 0 or 1 (never a signal or a hang); on 0 the
header block has no CR, LF inside a value (only folds), or NUL, only the
headers a cover letter has, and every To:/Cc: recipient is one that was
given or that `patchcc --nogit-fallback` prints for the same patches.

usage: hostile_headers.py PATCHCC KERNEL_TREE [CASES]
"""
import email.utils
import os
import random
import shutil
import subprocess
import sys
import tempfile

patchcc, tree = sys.argv[1], sys.argv[2]
cases = int(sys.argv[3]) if len(sys.argv) > 3 else 150
rng = random.Random(13)
PIECES = [b"\r", b"\n", b"\r\n", b"\r\nBcc: evil@x.org", b",", b'"', b"\\", b"<", b">",
          b"@", b" ", b"\t", b"\x01", b"\x7f", b"\xc3\xa9", b"\xff", b"\x80",
          b"=?utf-8?q?Al=0Aice?=", b"=?utf-8?q?=0D=0ABcc:_e@x.org?=",
          b"=?utf-8?b?DQpCY2M6IGVAeC5vcmc=?=", b"=?iso-8859-1?q?Beh=FAn?=", b"(c)",
          b"alice", b"x.org", b"a@b.c", b";", b":"]
ALLOWED = {b"from", b"date", b"subject", b"to", b"cc", b"message-id", b"mime-version",
           b"content-type", b"content-transfer-encoding", b"in-reply-to", b"references"}


def piece():
    return b"".join(rng.choice(PIECES) for _ in range(rng.randint(1, 5)))


def address():
    k = rng.randrange(4)
    if k == 0:
        return piece() + b" <user@example.org>"
    if k == 1:
        return b'"' + piece() + b'" <' + piece() + b"@example.org>"
    if k == 2:
        return piece() + b", b@example.org, " + piece()
    return piece()


def keys(value):
    value = "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in value)
    return {a.lower() for _, a in email.utils.getaddresses([value]) if a}


tmp = tempfile.mkdtemp()
mini = os.path.join(tmp, "tree")
os.makedirs(mini)
for f in ("COPYING", "CREDITS", "Kbuild", "Makefile", "README"):
    shutil.copy(os.path.join(tree, f), mini)
for d in ("Documentation", "arch", "include", "drivers/net", "fs", "init", "ipc", "kernel", "lib", "scripts"):
    os.makedirs(os.path.join(mini, d), exist_ok=True)
patch = os.path.join(tmp, "0001-net-fix.patch")
with open(patch, "w") as f:
    f.write("From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"
            "From: Dev <dev@example.org>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n"
            "Subject: [PATCH 1/1] net: fix\n\nBody.\n\nSigned-off-by: Dev <dev@example.org>\n---\n"
            " drivers/net/a.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
            "diff --git a/drivers/net/a.c b/drivers/net/a.c\nindex 1111111..2222222 100644\n"
            "--- a/drivers/net/a.c\n+++ b/drivers/net/a.c\n@@ -1 +1 @@\n-a\n+b\n-- \n2.39.2\n\n")

fails = written = refused = 0
for n in range(cases):
    m1, m2 = address(), address()
    with open(os.path.join(mini, "MAINTAINERS"), "wb") as f:
        f.write(b"NET DRIVER\nM:\t" + m1 + b"\nR:\t" + m2 + b"\nL:\tnetdev@x.org\n"
                b"S:\tMaintained\nF:\tdrivers/net/\n\nTHE REST\nL:\tlinux-kernel@vger.kernel.org\nF:\t*/\n")
    # one of --to/--cc/--from hostile at a time; the others plain
    to, cc, frm = b"t@example.org", b"c@example.org", b"Dev <dev@example.org>"
    k = n % 4
    if k == 0:
        to = address()
    elif k == 1:
        cc = address()
    elif k == 2:
        frm = address()
    # NUL cannot pass through argv: it ends the argument, as in any program
    argv = [a.split(b"\0")[0] for a in (to, cc, frm)]
    cmd = [patchcc, "cover", "--tree-path", mini, "--to", argv[0], "--cc", argv[1],
           "--from", argv[2], "--title", "t", "--date", "Mon, 1 Jan 2024 00:00:00 +0000", patch]
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        print("not ok - case %d: hang" % n)
        fails += 1
        continue
    if r.returncode not in (0, 1, 255):
        print("not ok - case %d: exit %d: %r" % (n, r.returncode, r.stderr[-300:]))
        fails += 1
        continue
    if r.returncode != 0:
        if not r.stderr.strip():
            print("not ok - case %d: exit %d without a message" % (n, r.returncode))
            fails += 1
        refused += 1
        continue
    written += 1
    head = r.stdout.split(b"\n\n", 1)[0]
    if head.startswith(b"From "):  # the mbox separator line
        head = head.split(b"\n", 1)[1]
    bad = []
    if b"\r" in head or b"\0" in head:
        bad.append("CR or NUL in the headers")
    fields = {}
    last = None
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t") and last is not None:
            fields[last] += b" " + line.strip()
            continue
        name, sep, value = line.partition(b":")
        if not sep or name.lower() not in ALLOWED:
            bad.append("unexpected header line %r" % line[:80])
            break
        last = name.lower()
        fields[last] = fields.get(last, b"") + (b", " if last in fields else b"") + value.strip()
    # the recipients patchcc computes for the same patch
    ref = subprocess.run([patchcc, "--tree-path", mini, "--nogit-fallback", "--norolestats", patch],
                         capture_output=True)
    allowed = set()
    for line in ref.stdout.decode("utf-8", "replace").split("\n"):
        allowed |= keys(line)
    for a in argv[:2]:
        allowed |= keys(a.decode("utf-8", "replace"))
    for h in (b"to", b"cc"):
        if h in fields:
            got = keys(fields[h].decode("utf-8", "replace"))
            extra = got - allowed
            if extra:
                bad.append("%s has recipients not given or computed: %s" % (h.decode(), sorted(extra)))
    if bad:
        fails += 1
        print("not ok - case %d: %s\n  argv %r\n  M: %r R: %r" % (n, "; ".join(bad), argv, m1, m2))
shutil.rmtree(tmp)
print("%d cases: %d mails written, %d refused (exit 1, or 255 for an option), %d failed" % (cases, written, refused, fails))
sys.exit(1 if fails or written < 10 else 0)
