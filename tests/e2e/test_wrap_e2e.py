#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""End-to-end test: patches and Claws Mail's automatic line wrapping.

The real Claws Mail with its SHIPPED wrapping preferences (no linewrap_*
key in clawsrc: automatic wrapping on), the patchcc plugin and an SMTP sink
on 127.0.0.1.  The patches are made here, with git format-patch, from
files of the linux-source tree: each adds lines longer than 72 columns and
has a commit message whose lines are longer than that too; authors vary
(the account's own identity, an ASCII name, a non-ASCII one).  With
--corpus, corpus patches with diff lines over 72 columns are added to
"hold" (when that folder exists).

Scenarios:
  hold-rewrite  on_send=rewrite; each patch opened with
  hold-ask      on_send=ask     claws-mail --compose-from-file, which Claws
                re-wraps; Send (Ctrl+Return).  The hold dialog must come up
                and name a line; Escape closes it and the compose window
                stays (Claws keeps running).  On quitting, Claws saves the
                window as a draft: that draft must hold the re-wrapped
                (damaged) body, the named line must be one the wrapping
                made, and the sink must have received nothing.
  open          on_send=ask; main window, Tools, "Open patch files…"
                (keyboard only): every patch file of a folder selected at
                once, then an mbox of three more; each mail opens in its
                own compose window; each is sent with Ctrl+Return.  Every
                mail must reach the sink as `git am` turns it into the same
                tree as the original patch, with the author kept, and To/Cc
                equal to the real scripts/get_maintainer.pl (kernel/patches
                /0001 applied) with b4's --to and --cc options, Cc minus
                To.
  paste         on_send=rewrite; a patch pasted with Ctrl+V into a new
                mail (the clipboard owned by a small GTK process): Claws
                wraps pastes by default; the plugin keeps the pasted diff
                unwrapped and turns wrapping off for the window, so the
                sink gets the body byte for byte, with the reference
                recipients.
  insert        on_send=ask; a new mail with a typed To:, then the compose
                window's Tools, "Insert patch file…" (Ctrl+Shift+I): checked
                as "open", with the typed To: first.
  escape        on_send=ask; a patch without long lines and a wrong typed
                To: Send shows the review; Escape must close it without
                sending (the sink gets nothing, the window stays).
  prefs         on_send=rewrite; Configuration, Preferences: Claws' own
                Wrapping page opened first, then patchcc's, which offers
                "Turn automatic wrapping off".  Escape on its question and
                OK: Claws saves clawsrc with wrapping still on.  Again,
                confirmed and OK: clawsrc has linewrap_auto=0 and
                linewrap_pastes=0 (written when confirmed, and still after
                Claws saved the Wrapping page's old check boxes), and a
                patch opened in that Claws with --compose-from-file goes
                out byte for byte.
  evilfrom      Open patch files… on a patch whose From: decodes to a line
                break and a Subject: line: refused with an error alert
                that says why, no compose window (the in-body From: would
                hand git am another Subject:).

Exit status: 0 pass, 1 failure, 77 skipped (no display tools, no tree).
"""

import argparse
import email
import email.policy
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clawsdrive as cd  # noqa: E402
import test_claws_e2e as base  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import gm_cmdlines as gm  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))

# One file per subsystem, so that the recipients differ from patch to patch.
DIRS = ("drivers/net/ethernet/intel/e1000", "fs/ext4", "net/ipv4",
        "sound/core", "kernel/sched", "mm", "drivers/usb/core", "crypto",
        "security/selinux", "block", "drivers/input/mouse", "fs/btrfs",
        "drivers/gpu/drm/i915/display", "drivers/scsi/libsas")
AUTHORS = ("Patch Sender <sender@example.org>",       # the account itself
           "Zoë Ünïcode <zoe@example.net>",
           "Alan Author <alan.author@example.com>")
B4_TO = gm.B4_TO
B4_CC = gm.B4_CC
LONG = ("this comment is deliberately longer than seventy-two columns, so "
        "that automatic wrapping breaks it")


def say(*a):
    cd.log(*a)


def git(repo, *args, env=None):
    e = dict(os.environ)
    e.update(base.GIT_ENV)
    e.update(env or {})
    r = subprocess.run(["git", "-C", repo] + list(args), env=e,
                       capture_output=True, timeout=120)
    if r.returncode != 0:
        raise cd.Error("git %s: %s" % (" ".join(args),
                                       r.stderr.decode(errors="replace")))
    return r.stdout


def pick_files(tree):
    out = []
    for d in DIRS:
        full = os.path.join(tree, d)
        if not os.path.isdir(full):
            continue
        for f in sorted(os.listdir(full)):
            p = os.path.join(full, f)
            if f.endswith(".c") and os.path.isfile(p) \
                    and not os.path.islink(p) and os.path.getsize(p) > 2000:
                out.append(os.path.join(d, f))
                break
    return out


def make_patches(tree, workdir, long_lines=True):
    """format-patch files, one per picked file, each against the pristine
    tree.  Returns [(path, author)]."""
    repo = os.path.join(workdir, "gen" if long_lines else "gen-short")
    shutil.rmtree(repo, ignore_errors=True)
    os.makedirs(repo)
    files = pick_files(tree)
    if not long_lines:
        # Every line of the patch within 72 columns: the shortest path.
        files = sorted(files, key=len)[:1]
    for rel in files:
        dst = os.path.join(repo, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(os.path.join(tree, rel), dst)
    git(repo, "init", "-q", "-b", "base")
    git(repo, "add", "-f", "-A")
    git(repo, "commit", "-q", "-m", "base")
    outdir = os.path.join(workdir, "patches" if long_lines else "short")
    os.makedirs(outdir, exist_ok=True)
    out = []
    for i, rel in enumerate(files):
        git(repo, "checkout", "-q", "-B", "p%02d" % i, "base")
        path = os.path.join(repo, rel)
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        if long_lines:
            comment = ("\t/* patchcc e2e %02d: %s */" % (i, LONG)).encode()
            # One long line near the top (after the first blank line) and
            # one at the end.
            at = lines.index(b"") if b"" in lines[:40] else 1
            lines.insert(at, comment)
            lines.insert(len(lines) - 1, b"/* patchcc e2e %02d, end: %s */"
                         % (i, LONG.encode()))
            msg = ("%s: e2e %02d, a change with long lines\n\n"
                   "This commit message has a line that is longer than "
                   "seventy-two columns on purpose (%02d), and a second one "
                   "that is just as long, to be re-flowed.\n" %
                   (os.path.basename(os.path.dirname(rel)), i, i))
        else:
            # At the top: a hunk header without function context.
            lines.insert(1, b"/* e2e short %02d */" % i)
            msg = "%s: e2e short %02d\n\nShort lines only.\n" % (
                os.path.basename(os.path.dirname(rel)), i)
        with open(path, "wb") as f:
            f.write(b"\n".join(lines))
        author = AUTHORS[i % len(AUTHORS)]
        m = re.match(r"(.*) <(.*)>", author)
        git(repo, "commit", "-q", "-a", "-s", "-m", msg,
            env={"GIT_AUTHOR_NAME": m.group(1),
                 "GIT_AUTHOR_EMAIL": m.group(2)})
        patch = git(repo, "format-patch", "-1", "--stdout")
        name = os.path.join(outdir, "%04d-e2e.patch" % (i + 1))
        with open(name, "wb") as f:
            f.write(patch)
        out.append((name, author))
    return out


def corpus_long_patches(corpus, limit=10):
    """Corpus patches with a diff line over 72 columns (for "hold")."""
    out = []
    pdir = os.path.join(corpus, "patches")
    for f in sorted(os.listdir(pdir)):
        raw = open(os.path.join(pdir, f), "rb").read()
        try:
            _, body = cd.split_mail(raw)
        except cd.Error:
            continue
        # A long line in the diff itself (a long line in the commit message
        # only re-flows the message: the diff stays intact).
        start = re.search(rb"(?m)^(diff --git |--- a/)", body)
        if len(body) < 50000 and start and any(
                len(l) > 72 for l in body[start.start():].split(b"\n")):
            out.append(os.path.join(pdir, f))
        if len(out) >= limit:
            break
    return out


def reference_lists(tree0001, patch):
    """(To, Cc) as [(name, addr)]: the real get_maintainer.pl, b4's
    options, Cc minus To."""
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LC_ALL": "C",
           "PERL_HASH_SEED": "0", "PERL_PERTURB_KEYS": "0"}
    out = {}
    for kind, opts in (("to", B4_TO), ("cc", B4_CC)):
        r = subprocess.run(["perl", "scripts/get_maintainer.pl"] + opts
                           + [patch], cwd=tree0001, env=env,
                           capture_output=True, timeout=300)
        if r.returncode != 0:
            raise cd.Error("get_maintainer.pl: %s" % r.stderr.decode())
        out[kind] = [cd.parse_expected_line(l) for l in
                     r.stdout.decode("utf-8").split("\n") if l.strip()]
    to_emails = {a for _, a in out["to"]}
    return out["to"], [x for x in out["cc"] if x[1] not in to_emails]


# --- the sink, by subject -----------------------------------------------------

class Sink:
    def __init__(self):
        self.sink = cd.SmtpSink()
        self.port = self.sink.port
        self.got = []
        self.cond = threading.Condition()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        while True:
            m = self.sink.messages.get()
            m["data"] = m["data"].replace(b"\r\n", b"\n")
            m["msg"] = email.message_from_bytes(m["data"],
                                                policy=email.policy.default)
            with self.cond:
                self.got.append(m)
                self.cond.notify_all()

    def matching(self, needle, exact=False):
        with self.cond:
            subjects = [(m, " ".join(str(m["msg"]["Subject"]).split()))
                        for m in self.got]
            return [m for m, s in subjects
                    if (s == needle if exact else needle in s)]

    def wait(self, needle, timeout):
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                hits = [m for m in self.got if needle in
                        " ".join(str(m["msg"]["Subject"]).split())]
                if hits:
                    return hits[0]
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)

    def stop(self):
        self.sink.stop()


# --- scenarios ----------------------------------------------------------------

def draft_bodies(profile):
    """Decoded bodies of the drafts Claws saved on exit."""
    d = os.path.join(profile.home, "Mail", "draft")
    out = []
    for f in sorted(os.listdir(d)):
        if f.isdigit():
            raw = open(os.path.join(d, f), "rb").read()
            msg = email.message_from_bytes(raw, policy=email.policy.default)
            out.append(msg.get_payload(decode=True) or b"")
    return out


def hold_job(ctx, xvfb, mode, patch, n):
    """--compose-from-file with stock wrapping; Send must be held."""
    fails = []
    name = "hold-%s/%s" % (mode, os.path.basename(patch))
    root = cd.mkdtemp(os.path.join(ctx.workdir, "h-%s-%02d-" % (mode, n)))
    raw = open(patch, "rb").read()
    msg, body = cd.split_mail(raw)
    tag = "hold-%s-%02d" % (mode, n)
    subject = "%s [%s]" % (" ".join(str(msg["Subject"]).split()), tag)
    compose = os.path.join(root, "compose.txt")
    with open(compose, "wb") as f:
        f.write(cd.compose_file_text(["Wrong Person <wrong@example.org>"],
                                     [], subject, body))
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin,
                         {"on_send": mode, "tree_path": ctx.tree,
                          "split": "b4"}, stock_wrapping=True)
    claws = cd.Claws(profile, xvfb, compose)
    line = None
    try:
        win = claws.wait_window(r"Compose message", 30)
        claws.key(win, "ctrl+Return")
        dlg = claws.wait_window(r"damaged patch held back", 20)
        title = claws.window_title(dlg)
        m = re.search(r"\(line (\d+)\)", title)
        if not m:
            fails.append("%s: the hold dialog names no line: %r" %
                         (name, title))
        else:
            line = int(m.group(1))
        if n == 0:
            # The dialog alone (docs/hold-dialog.png) and the whole screen.
            subprocess.run(["import", "-display", xvfb.display, "-window",
                            str(dlg), os.path.join(ctx.workdir,
                                                   "hold-dialog.png")],
                           check=False, timeout=30,
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            xvfb.screenshot(os.path.join(ctx.workdir, "hold-screen.png"))
        claws.key(dlg, "Escape")
        claws.wait_window(r"damaged patch held back", 15, gone=True)
        # Claws keeps running, the compose window is still there.
        if not claws.find_windows(r"Compose message"):
            fails.append("%s: the compose window went away" % name)
        if claws.proc.poll() is not None:
            fails.append("%s: Claws exited" % name)
    except Exception as e:  # noqa: BLE001
        shot = os.path.join(ctx.workdir, "fail-%s-%02d.png" % (mode, n))
        xvfb.screenshot(shot)
        fails.append("%s: %s (screenshot %s)" % (name, e, shot))
    finally:
        claws.quit()
    # Quitting drafted the window: every chance to send is over.
    if ctx.sink.matching(tag):
        fails.append("%s: a held patch reached the SMTP sink" % name)
    text = claws.log_text()
    if "CRITICAL" in text or "Segmentation" in text:
        fails.append("%s: Claws reported: %s" % (name, [
            l for l in text.splitlines() if "CRITICAL" in l][:3]))
    if line is None:
        return fails
    drafts = draft_bodies(profile)
    if len(drafts) != 1:
        return fails + ["%s: %d drafts saved on exit, want 1" %
                        (name, len(drafts))]
    wrapped = drafts[0].split(b"\n")
    if drafts[0] in (body, body + b"\n"):
        fails.append("%s: Claws did not re-wrap the body (the test tests "
                     "nothing)" % name)
        return fails
    orig = set(body.split(b"\n"))
    if not 1 <= line <= len(wrapped):
        return fails + ["%s: line %d is outside the body (%d lines)" %
                        (name, line, len(wrapped))]
    first_hunk = next((i for i, l in enumerate(wrapped)
                       if l.startswith((b"diff --git ", b"--- a/", b"@@ "))),
                      None)
    made = [wrapped[line - 1] not in orig,
            line >= 2 and wrapped[line - 2] not in orig]
    if first_hunk is None or line - 1 < first_hunk or not any(made):
        fails.append("%s: line %d (%r) is not where the wrapping broke the "
                     "diff" % (name, line, wrapped[line - 1][:80]))
    logged = re.search(r"damaged patch not sent: line (\d+) of the mail "
                       r"body: .*?: \"(.*)\"", text)
    if not logged or int(logged.group(1)) != line:
        fails.append("%s: Claws' log does not name line %d" % (name, line))
    elif logged.group(2).encode() != wrapped[line - 1][:200] \
            and not wrapped[line - 1].startswith(logged.group(2).encode()):
        fails.append("%s: the logged line %r is not the body's line %d %r" %
                     (name, logged.group(2), line, wrapped[line - 1][:80]))
    return fails


def chooser_open(claws, xvfb, main, path, select_all=False, shots="/tmp"):
    """Main window, Tools, "Open patch files…", then @path typed in the
    file chooser: a file, or with @select_all a folder whose files are all
    selected."""
    claws.key(main, "ctrl+shift+p")    # Tools, Open patch files…
    dlg = claws.wait_window(r"open patch files", 15)
    claws.focus(dlg)
    claws.xdo("key", "ctrl+l")
    claws.xdo("type", "--delay", "5", path)
    time.sleep(0.5)                # the inline completion comes...
    claws.xdo("key", "Delete")     # ...selected: drop it
    claws.xdo("key", "Return")
    if select_all:
        time.sleep(1)              # the folder loads
        # The first file of the list (the chooser has no window manager
        # to move it: its top-left corner is the screen's), then all.
        claws.click(dlg, 400, 83)
        claws.xdo("key", "ctrl+a")
        time.sleep(0.3)
        xvfb.screenshot(os.path.join(shots, "chooser.png"))
        claws.xdo("key", "alt+o")
    claws.wait_window(r"open patch files", 20, gone=True)


def open_scenario(ctx, xvfb, patches, mbox_patches):
    fails = []
    root = cd.mkdtemp(os.path.join(ctx.workdir, "open-"))
    folder = os.path.dirname(patches[0][0])
    mbox = os.path.join(root, "three.mbox")
    with open(mbox, "wb") as f:
        for p, _ in mbox_patches:
            f.write(open(p, "rb").read())
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin,
                         {"on_send": "ask", "tree_path": ctx.tree,
                          "split": "b4"}, stock_wrapping=True)
    claws = cd.Claws(profile, xvfb)
    skip = []
    want = [p for p, _ in patches] + [p for p, _ in mbox_patches]
    try:
        main = claws.wait_window(r"Claws Mail", 30)
        time.sleep(1)
        chooser_open(claws, xvfb, main, folder + "/", select_all=True,
                     shots=ctx.workdir)
        # GTK's file chooser driven by xdotool now and then logs a
        # "gtk_widget_event: WIDGET_REALIZED_FOR_EVENT" critical while it
        # closes (before any patch is read): the chooser's own time is
        # left out of the check below.
        skip.append((0, len(claws.log_text())))
        deadline = time.monotonic() + 60
        while len(claws.find_windows(r"Compose message")) < len(patches):
            if time.monotonic() > deadline:
                raise cd.Error("%d compose windows, want %d" % (
                    len(claws.find_windows(r"Compose message")),
                    len(patches)))
            time.sleep(0.2)
        xvfb.screenshot(os.path.join(ctx.workdir, "open-windows.png"))
        t = len(claws.log_text())
        chooser_open(claws, xvfb, main, mbox)
        skip.append((t, len(claws.log_text())))
        deadline = time.monotonic() + 60
        while len(claws.find_windows(r"Compose message")) < len(want):
            if time.monotonic() > deadline:
                raise cd.Error("%d compose windows after the mbox, want %d"
                               % (len(claws.find_windows(r"Compose message")),
                                  len(want)))
            time.sleep(0.2)
        for wid in claws.find_windows(r"Compose message"):
            # One at a time: Claws refuses a send while one is under way.
            with ctx.sink.cond:
                before = len(ctx.sink.got)
            claws.key(wid, "ctrl+Return")
            deadline = time.monotonic() + 30
            while wid in claws.find_windows(r"Compose message") \
                    or len(ctx.sink.got) == before:
                if time.monotonic() > deadline:
                    shot = os.path.join(ctx.workdir, "fail-open-send.png")
                    xvfb.screenshot(shot)
                    raise cd.Error("compose window %d was not sent "
                                   "(screenshot %s)" % (wid, shot))
                time.sleep(0.1)
    except Exception as e:  # noqa: BLE001
        shot = os.path.join(ctx.workdir, "fail-open.png")
        xvfb.screenshot(shot)
        fails.append("open: %s (screenshot %s)" % (e, shot))
    finally:
        claws.quit()
    text = claws.log_text()
    for a, b in reversed(skip):
        text = text[:a] + text[b:]
    if "CRITICAL" in text or "Segmentation" in text:
        fails.append("open: Claws reported: %s" % [
            l for l in text.splitlines() if "CRITICAL" in l][:3])

    # The mbox's patches were opened twice (once as files): two mails each.
    for p in sorted(set(want)):
        raw = open(p, "rb").read()
        msg, _ = cd.split_mail(raw)
        subject = " ".join(str(msg["Subject"]).split())
        # (The insert scenario sends one of them too, to a typed To:.)
        hits = [m for m in ctx.sink.matching(subject, exact=True)
                if TYPED not in m["rcpt_tos"]]
        name = "open/" + os.path.basename(p)
        if len(hits) != want.count(p):
            fails.append("%s: %d mails with its subject reached the sink, "
                         "want %d" % (name, len(hits), want.count(p)))
            continue
        want_to, want_cc = reference_lists(ctx.tree0001, p)
        for m in hits:
            fails += check_open_mail(ctx, name, p, msg, m, want_to, want_cc)
    return fails


def check_open_mail(ctx, name, p, msg, m, want_to, want_cc):
    fails = []
    got_to = cd.addresses(m["msg"], "To")
    got_cc = cd.addresses(m["msg"], "Cc")
    if got_to != want_to:
        fails.append("%s: To:\n    got  %s\n    want %s" %
                     (name, got_to, want_to))
    if got_cc != want_cc:
        fails.append("%s: Cc:\n    got  %s\n    want %s" %
                     (name, got_cc, want_cc))
    env = sorted(a.lower() for a in m["rcpt_tos"])
    if env != sorted({a for _, a in want_to + want_cc}):
        fails.append("%s: envelope %s" % (name, env))
    try:
        ok, want_tree, got_tree = ctx.am.check(
            os.path.basename(p), p, m["data"])
        if not ok:
            fails.append("%s: git am gives tree %s, the original %s" %
                         (name, got_tree, want_tree))
    except cd.Error as e:
        fails.append("%s: git am: %s" % (name, e))
        return fails
    # The body byte for byte, after git send-email's in-body From: when the
    # author is not the sender.
    _, want_body = cd.split_mail(open(p, "rb").read())
    if str(msg["From"]) != "Patch Sender <sender@example.org>":
        want_body = ("From: %s\n\n" % msg["From"]).encode() + want_body
    got_body = m["msg"].get_payload(decode=True)
    if got_body != want_body:
        fails.append("%s: the body changed (%d bytes sent, %d in the file)" %
                     (name, len(got_body or b""), len(want_body)))
    # The author survives (git send-email's in-body From: line).
    author = ctx.am.author(os.path.basename(p), p, m["data"])
    want_author = str(msg["From"])
    if author != want_author:
        fails.append("%s: git am author %r, want %r" %
                     (name, author, want_author))
    return fails


# A From: whose encoded name decodes to a line break and a Subject: line:
# written into the body as the in-body From:, git am would take the
# Subject: for the patch's.
EVIL_FROM_PATCH = (
    b"From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"
    b"From: =?UTF-8?Q?Evil=0ASubject:=20[PATCH]=20pwned?= <evil@example.org>\n"
    b"Subject: [PATCH] net: an author with a line break\n\n"
    b"Fix.\n\nSigned-off-by: Evil <evil@example.org>\n---\n"
    b"diff --git a/net/core/dev.c b/net/core/dev.c\n"
    b"--- a/net/core/dev.c\n+++ b/net/core/dev.c\n"
    b"@@ -1,1 +1,1 @@\n-a\n+b\n")


def evilfrom_scenario(ctx, xvfb):
    """Open patch files… refuses a patch whose decoded From: holds a line
    break (an error alert, no compose window)."""
    fails = []
    root = cd.mkdtemp(os.path.join(ctx.workdir, "evilfrom-"))
    patch = os.path.join(root, "0001-evil.patch")
    with open(patch, "wb") as f:
        f.write(EVIL_FROM_PATCH)
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin,
                         {"on_send": "ask", "tree_path": ctx.tree,
                          "split": "b4"})
    claws = cd.Claws(profile, xvfb)
    try:
        main = claws.wait_window(r"Claws Mail", 30)
        time.sleep(1)
        chooser_open(claws, xvfb, main, patch, shots=ctx.workdir)
        alert = claws.wait_window(r"^Error$", 15)
        claws.key(alert, "Return")
        claws.wait_window(r"^Error$", 15, gone=True)
        time.sleep(1)
        if claws.find_windows(r"Compose message"):
            fails.append("evilfrom: the patch was opened")
        if "control character" not in claws.log_text():
            fails.append("evilfrom: the refusal does not say why")
    except Exception as e:  # noqa: BLE001
        shot = os.path.join(ctx.workdir, "fail-evilfrom.png")
        xvfb.screenshot(shot)
        fails.append("evilfrom: %s (screenshot %s)" % (e, shot))
    finally:
        claws.quit()
    return fails


def escape_scenario(ctx, xvfb, patch):
    fails = []
    root = cd.mkdtemp(os.path.join(ctx.workdir, "esc-"))
    raw = open(patch, "rb").read()
    msg, body = cd.split_mail(raw)
    subject = "%s [escape]" % " ".join(str(msg["Subject"]).split())
    compose = os.path.join(root, "compose.txt")
    with open(compose, "wb") as f:
        f.write(cd.compose_file_text(["Wrong Person <wrong@example.org>"],
                                     [], subject, body))
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin,
                         {"on_send": "ask", "tree_path": ctx.tree,
                          "split": "b4"}, stock_wrapping=True)
    if max(len(l) for l in body.split(b"\n")) > 72:
        return ["escape: the short patch has a line over 72 columns"]
    claws = cd.Claws(profile, xvfb, compose)
    try:
        win = claws.wait_window(r"Compose message", 30)
        claws.key(win, "ctrl+Return")
        dlg = claws.wait_window(r"^Fix patch recipients$", 20)
        claws.key(dlg, "Escape")
        claws.wait_window(r"^Fix patch recipients$", 15, gone=True)
        if not claws.find_windows(r"Compose message"):
            fails.append("escape: the compose window went away")
    except Exception as e:  # noqa: BLE001
        shot = os.path.join(ctx.workdir, "fail-escape.png")
        xvfb.screenshot(shot)
        fails.append("escape: %s (screenshot %s)" % (e, shot))
    finally:
        claws.quit()
    if ctx.sink.matching("[escape]"):
        fails.append("escape: Escape on the review sent the mail")
    if len(draft_bodies(profile)) != 1:
        fails.append("escape: the mail was not kept (no draft on exit)")
    return fails


TYPED = "typed@example.org"
CLIPBOARD_OWNER = r"""
import sys, gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk, Gdk
text = open(sys.argv[1], encoding="utf-8").read()
cb = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
cb.set_text(text, -1)
cb.store()
print("ready", flush=True)
Gtk.main()
"""


def paste_scenario(ctx, xvfb, patch):
    """Stock wrapping; a patch pasted (Ctrl+V) into the body of a new
    mail: it must go out byte for byte, with its recipients."""
    fails = []
    root = cd.mkdtemp(os.path.join(ctx.workdir, "paste-"))
    raw = open(patch, "rb").read()
    msg, body = cd.split_mail(raw)
    subject = "%s [paste]" % " ".join(str(msg["Subject"]).split())
    clip = os.path.join(root, "clip.txt")
    with open(clip, "wb") as f:
        f.write(body)
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin,
                         {"on_send": "rewrite", "tree_path": ctx.tree,
                          "split": "b4"}, stock_wrapping=True)
    from urllib.parse import quote
    # Claws refuses to send without a recipient: one typed To.
    claws = cd.Claws(profile, xvfb, compose_mailto="mailto:" + TYPED +
                     "?subject=" + quote(subject, safe=""))
    owner = None
    try:
        win = claws.wait_window(r"Compose message", 30)
        owner = subprocess.Popen(["/usr/bin/python3", "-c", CLIPBOARD_OWNER,
                                  clip], env=claws.env,
                                 stdout=subprocess.PIPE, text=True)
        if owner.stdout.readline().strip() != "ready":
            raise cd.Error("no clipboard owner")
        claws.click(win, 200, 480)          # into the body
        claws.xdo("key", "--clearmodifiers", "ctrl+a")
        claws.xdo("key", "--clearmodifiers", "ctrl+v")
        time.sleep(1)                        # the paste, then the check
        xvfb.screenshot(os.path.join(ctx.workdir, "paste.png"))
        claws.key(win, "ctrl+Return")
        m = ctx.sink.wait("[paste]", 30)
        if m is None:
            raise cd.Error("nothing reached the sink")
    except Exception as e:  # noqa: BLE001
        shot = os.path.join(ctx.workdir, "fail-paste.png")
        xvfb.screenshot(shot)
        fails.append("paste: %s (screenshot %s)" % (e, shot))
        m = None
    finally:
        if owner is not None:
            owner.kill()
            owner.wait()
        claws.quit()
    if m is None:
        return fails
    got = m["msg"].get_payload(decode=True) or b""
    if got not in (body, body + b"\n"):
        fails.append("paste: the body changed (%d bytes sent, %d pasted)" %
                     (len(got), len(body)))
    want_to, want_cc = reference_lists(ctx.tree0001, patch)
    want_to = [("", TYPED)] + want_to
    if cd.addresses(m["msg"], "To") != want_to \
            or cd.addresses(m["msg"], "Cc") != want_cc:
        fails.append("paste: To %s Cc %s, want %s %s" % (
            cd.addresses(m["msg"], "To"), cd.addresses(m["msg"], "Cc"),
            want_to, want_cc))
    return fails


def clawsrc_wrapping(profile):
    """(linewrap_auto, linewrap_pastes) as clawsrc holds them (None: no
    such key)."""
    block = base.read_block(os.path.join(profile.config, "clawsrc"),
                            "Common")
    return block.get("linewrap_auto"), block.get("linewrap_pastes")


def prefs_scenario(ctx, xvfb, patch):
    """Stock wrapping; patchcc's preferences page turns it off only when
    the user confirms, and writes clawsrc as Claws does."""
    fails = []
    root = cd.mkdtemp(os.path.join(ctx.workdir, "prefs-"))
    raw = open(patch, "rb").read()
    msg, body = cd.split_mail(raw)
    subject = "%s [prefs]" % " ".join(str(msg["Subject"]).split())
    compose = os.path.join(root, "compose.txt")
    with open(compose, "wb") as f:
        f.write(cd.compose_file_text([TYPED], [], subject, body))
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin,
                         {"on_send": "rewrite", "tree_path": ctx.tree,
                          "split": "b4"}, stock_wrapping=True)
    claws = cd.Claws(profile, xvfb)
    question = r"^patchcc: automatic wrapping$"
    m = None

    def page(prefs, name):
        claws.key(prefs, "ctrl+f")           # find a page by name
        claws.xdo("type", "--delay", "20", name)
        claws.xdo("key", "Return")
        time.sleep(0.5)

    def open_question():
        claws.key(main, "alt+c")             # Configuration menu
        claws.xdo("key", "r")                # P_references...
        prefs = claws.wait_window(r"^Preferences", 15)
        # Claws' own Wrapping page first: its check boxes (wrapping on)
        # are saved again when the window is saved.
        page(prefs, "Wrapping")
        page(prefs, "patchcc")
        # The page as a new user first sees it (docs/prefs-page.png).
        xvfb.screenshot(os.path.join(ctx.workdir, "prefs-wrapping-on.png"))
        claws.key(prefs, "alt+t")            # _Turn automatic wrapping off
        return prefs, claws.wait_window(question, 15)

    try:
        if clawsrc_wrapping(profile) != (None, None):
            raise cd.Error("the profile is not stock: %s" %
                           (clawsrc_wrapping(profile),))
        main = claws.wait_window(r"Claws Mail", 30)
        time.sleep(1.0)
        prefs, q = open_question()
        claws.key(q, "Escape")               # not confirmed
        claws.wait_window(question, 15, gone=True)
        claws.key(prefs, "alt+o")            # _OK: Claws saves clawsrc
        claws.wait_window(r"^Preferences", 15, gone=True)
        got = clawsrc_wrapping(profile)
        if got != ("1", "1"):
            fails.append("prefs: after Escape on the question and OK, "
                         "clawsrc has linewrap_auto, linewrap_pastes = %s, "
                         "want 1, 1" % (got,))

        prefs, q = open_question()
        xvfb.screenshot(os.path.join(ctx.workdir, "prefs-question.png"))
        claws.key(q, "alt+w")                # Turn _wrapping off
        claws.wait_window(question, 15, gone=True)
        got = clawsrc_wrapping(profile)
        if got != ("0", "0"):
            fails.append("prefs: once confirmed, clawsrc has "
                         "linewrap_auto, linewrap_pastes = %s, want 0, 0" %
                         (got,))
        time.sleep(0.3)
        xvfb.screenshot(os.path.join(ctx.workdir, "prefs-page.png"))
        claws.key(prefs, "alt+o")
        claws.wait_window(r"^Preferences", 15, gone=True)
        got = clawsrc_wrapping(profile)
        if got != ("0", "0"):
            fails.append("prefs: after OK (the Wrapping page saved too), "
                         "clawsrc has linewrap_auto, linewrap_pastes = %s, "
                         "want 0, 0" % (got,))
        # The running Claws no longer wraps.
        claws.remote("--compose-from-file", compose)
        win = claws.wait_window(r"Compose message", 30)
        claws.key(win, "ctrl+Return")
        m = ctx.sink.wait("[prefs]", 30)
        if m is None:
            raise cd.Error("nothing reached the sink")
    except Exception as e:  # noqa: BLE001
        shot = os.path.join(ctx.workdir, "fail-prefs.png")
        xvfb.screenshot(shot)
        fails.append("prefs: %s (screenshot %s)" % (e, shot))
    finally:
        claws.quit()
    if "automatic wrapping and wrapping of pasted text turned off" \
            not in claws.log_text():
        fails.append("prefs: Claws' log does not say wrapping was turned "
                     "off")
    if m is not None:
        got = m["msg"].get_payload(decode=True) or b""
        if got not in (body, body + b"\n"):
            fails.append("prefs: with wrapping turned off the body still "
                         "changed (%d bytes sent, %d in the file)" %
                         (len(got), len(body)))
    return fails


def insert_scenario(ctx, xvfb, patch):
    """Stock wrapping; a new mail with a typed To:, then Tools, Insert
    patch file… (Ctrl+Shift+I): Subject, in-body From: and body as Open
    patch files gives them, the typed To: kept."""
    root = cd.mkdtemp(os.path.join(ctx.workdir, "insert-"))
    msg, _ = cd.split_mail(open(patch, "rb").read())
    subject = " ".join(str(msg["Subject"]).split())
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin,
                         {"on_send": "ask", "tree_path": ctx.tree,
                          "split": "b4"}, stock_wrapping=True)
    claws = cd.Claws(profile, xvfb, compose_mailto="mailto:" + TYPED)
    m = None
    try:
        win = claws.wait_window(r"Compose message", 30)
        for attempt in range(4):
            claws.key(win, "ctrl+shift+i")
            try:
                dlg = claws.wait_window(r"insert patch file", 4)
                break
            except cd.Error:
                if attempt == 3:
                    raise
        claws.focus(dlg)
        claws.xdo("key", "ctrl+l")
        claws.xdo("type", "--delay", "5", patch)
        time.sleep(0.5)
        claws.xdo("key", "Delete")
        claws.xdo("key", "Return")
        claws.wait_window(r"insert patch file", 20, gone=True)
        time.sleep(0.5)
        claws.key(win, "ctrl+Return")
        deadline = time.monotonic() + 30
        while m is None and time.monotonic() < deadline:
            m = next((x for x in ctx.sink.matching(subject, exact=True)
                      if TYPED in x["rcpt_tos"]), None)
            time.sleep(0.2)
        if m is None:
            raise cd.Error("nothing reached the sink")
    except Exception as e:  # noqa: BLE001
        shot = os.path.join(ctx.workdir, "fail-insert.png")
        xvfb.screenshot(shot)
        return ["insert: %s (screenshot %s)" % (e, shot)]
    finally:
        claws.quit()
    want_to, want_cc = reference_lists(ctx.tree0001, patch)
    return check_open_mail(ctx, "insert", patch, msg, m,
                           [("", TYPED)] + want_to, want_cc)


class Am(base.AmChecker):
    def author(self, pid, patch_file, message_bytes):
        repo, b, _ = self.repo_for(pid, patch_file)
        mbox = os.path.join(self.workdir, "author-%s.eml" % pid)
        with open(mbox, "wb") as f:
            f.write(message_bytes)
        with self.lock:
            try:
                base.git(repo, "am", "-q", mbox)
                return base.git(repo, "log", "-1", "--format=%an <%ae>")
            finally:
                subprocess.run(["git", "-C", repo, "am", "--abort"],
                               capture_output=True)
                subprocess.run(["git", "-C", repo, "reset", "-q", "--hard",
                                b], capture_output=True)


class Ctx:
    pass


def find_tree0001():
    prep = os.path.join(SRC, "kernel", "prepare-tree.sh")
    if os.access(prep, os.X_OK):
        r = subprocess.run([prep, "--upto", "0001"], capture_output=True,
                           text=True, timeout=1800)
        if r.returncode == 0 and r.stdout.strip():
            return r.stdout.strip().splitlines()[-1]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--tree")
    ap.add_argument("--tree0001", help="linux-source with kernel/patches/"
                    "0001 (the reference get_maintainer.pl)")
    ap.add_argument("--corpus", help="add corpus patches to hold-*")
    ap.add_argument("--scenarios", default="hold-rewrite,hold-ask,open,"
                    "escape,paste,insert,prefs,evilfrom")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--workdir")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()

    for tool in ("Xvfb", "xdotool", "claws-mail", "git", "perl"):
        if shutil.which(tool) is None:
            print("SKIP: %s not installed" % tool)
            return 77
    try:
        import aiosmtpd  # noqa: F401
    except ImportError:
        print("SKIP: python3-aiosmtpd not installed")
        return 77
    tree = base.find_tree(args.tree)
    tree0001 = args.tree0001 or find_tree0001()
    if tree is None or tree0001 is None:
        print("SKIP: no linux-source tree (kernel/prepare-tree.sh)")
        return 77
    ctx = Ctx()
    ctx.plugin = os.path.abspath(args.plugin)
    ctx.tree, ctx.tree0001 = tree, tree0001
    ctx.workdir = args.workdir or cd.mkdtemp("/tmp/patchcc-wrap-e2e-")
    os.makedirs(ctx.workdir, exist_ok=True)
    ctx.sink = Sink()
    ctx.am = Am(tree, ctx.workdir)
    cd.log("tree", tree, "reference", tree0001, "workdir", ctx.workdir)

    patches = make_patches(tree, ctx.workdir)
    if len(patches) < 10:
        print("FAIL: only %d patches could be made" % len(patches))
        return 1
    hold = [p for p, _ in patches]
    if args.corpus and os.path.isdir(os.path.join(args.corpus, "patches")):
        hold += corpus_long_patches(args.corpus)
    scen = args.scenarios.split(",")
    jobs = []
    for mode in ("rewrite", "ask"):
        if "hold-" + mode in scen:
            jobs += [("hold", mode, p, i) for i, p in enumerate(hold)]
    if "escape" in scen:
        jobs.append(("escape",))
    if "paste" in scen:
        jobs.append(("paste",))
    if "insert" in scen:
        jobs.append(("insert",))
    if "prefs" in scen:
        jobs.append(("prefs",))
    if "open" in scen:
        jobs.append(("open",))
    if "evilfrom" in scen:
        jobs.append(("evilfrom",))

    results = []
    lock = threading.Lock()
    work = list(jobs)

    def worker():
        xvfb = cd.Xvfb()
        try:
            while True:
                with lock:
                    if not work:
                        return
                    job = work.pop(0)
                t0 = time.monotonic()
                try:
                    if job[0] == "hold":
                        f = hold_job(ctx, xvfb, job[1], job[2], job[3])
                        name = "hold-%s/%s" % (job[1],
                                               os.path.basename(job[2]))
                    elif job[0] == "insert":
                        f = insert_scenario(ctx, xvfb, patches[2][0])
                        name = "insert"
                    elif job[0] == "prefs":
                        f = prefs_scenario(ctx, xvfb, patches[3][0])
                        name = "prefs"
                    elif job[0] == "paste":
                        f = paste_scenario(ctx, xvfb, patches[1][0])
                        name = "paste"
                    elif job[0] == "evilfrom":
                        f = evilfrom_scenario(ctx, xvfb)
                        name = "evilfrom"
                    elif job[0] == "escape":
                        short = make_patches(tree, ctx.workdir, False)
                        f = escape_scenario(ctx, xvfb, short[0][0])
                        name = "escape"
                    else:
                        # The folder's files at once, then three of them
                        # again as one mbox.
                        f = open_scenario(ctx, xvfb, patches,
                                          [(p, a) for p, a in patches[:3]])
                        name = "open"
                except Exception:  # noqa: BLE001
                    f, name = [traceback.format_exc()], str(job)
                with lock:
                    results.append((name, f))
                say("%-40s %s %.1fs" % (name, "ok" if not f else "FAIL",
                                        time.monotonic() - t0))
                for x in f:
                    say("   ", x)
        finally:
            xvfb.stop()

    threads = [threading.Thread(target=worker) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ctx.sink.stop()
    failures = [x for _, f in results for x in f]
    n_ok = sum(1 for _, f in results if not f)
    by = {}
    for name, f in results:
        k = name.split("/")[0]
        by.setdefault(k, [0, 0])
        by[k][0] += not f
        by[k][1] += 1
    print("\n%d/%d jobs passed: %s" % (n_ok, len(jobs), ", ".join(
        "%s %d/%d" % (k, v[0], v[1]) for k, v in by.items())))
    if failures:
        print("FAILURES:")
        for f in failures:
            print("  " + f)
    if not args.keep and not failures:
        shutil.rmtree(ctx.workdir, ignore_errors=True)
    return 1 if failures or n_ok != len(jobs) else 0


if __name__ == "__main__":
    sys.exit(main())
