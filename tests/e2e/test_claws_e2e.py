#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""End-to-end test: the real Claws Mail, the patchcc plugin, a real SMTP sink.

For each chosen corpus patch, a mail is composed from a file
(claws-mail --compose-from-file) with wrong recipients typed by hand, then
sent through Claws to an SMTP sink on 127.0.0.1, in these scenarios:

  oneclick  Tools > Fix patch recipients (Ctrl+Shift+R; every fourth mail
            the toolbar button instead), Apply in the review, then Send
  rewrite   on_send=rewrite: just Send
  ask       on_send=ask: Send, the review pops up, Apply and send
  nonpatch  on_send=rewrite, a mail that is not a patch: sent untouched
  broken    on_send=rewrite, tree_path does not exist: sending stops with
            the reason ("patchcc: sending stopped"), "Send as typed" sends
            it untouched, and the warning is reported (stderr/Claws log)
  moved     on_send=ask, the tree is renamed away after the plugin loaded
            it: sending stops with the reason; "Back to editing" (moved-
            back) keeps the mail in its window and sends nothing, "Send as
            typed" (moved-send) sends it to the typed recipients only
  longline  on_send=ask, a patch with a 9,000-byte line: held back (the
            line's number in the dialog), nothing sent
  badpatch  on_send=rewrite, a [PATCH] mail whose hunk is cut short: held
            back (the damaged-patch dialog), Escape keeps it unsent
  attach    on_send=rewrite, the patch as a text attachment of a mail with
            no diff in its body and no [PATCH]: recipients fixed, the
            attachment sent byte for byte
  prefs     Preferences > Plugins > patchcc driven with the keyboard: the
            tree path typed, "without asking" chosen, OK; clawsrc's
            [patchcc] block checked, then a patch sent with that profile
            must come out fixed (the profile started with a broken tree)
  bench300  a generated 300-file patch (drivers/net/ethernet), one-click +
            Apply: checked like the others, and the plugin's own timing is
            printed

Checked for every captured message:
  - the envelope recipients and the To:/Cc: headers (names and addresses,
    in order) equal the b4 split of the corpus' expected NNNN.to/NNNN.cc
    (Cc minus what is in To) plus the typed addresses, minus a typed
    linux-kernel@vger.kernel.org where the rule drops it;
  - the decoded body is the original body byte for byte (plus the newline
    --compose-from-file appends), and `git am` of the captured message
    gives the same tree as `git am` of the original patch, in a git
    repository holding the files the patch touches, from the pristine tree.

Exit status: 0 pass, 1 failure, 77 skipped (no display tools, no tree...).
"""

import argparse
import concurrent.futures
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

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))

# order_unstable=0, non-trivial b4 lists (>= 2 To, >= 1 Cc), format-patch
# mails that apply to Debian's linux-source 6.1: small and large, one and
# many files, 8bit bodies, a subject without [PATCH] (0126), LKML kept for
# new files (0126, 0115, 0084, 0086...) and dropped (the others).
DEFAULT_IDS = ("0052 0141 0031 0126 0053 0114 0140 0117 0073 0098 0058 "
               "0128 0083 0101 0115 0084 0139 0086 0048 0008 0030 0087")
ASK_IDS = ("0125", "0036")
LKML = "linux-kernel@vger.kernel.org"
BROKEN_TREE = "/nonexistent/patchcc-e2e/linux"

_print_lock = threading.Lock()


def say(*a):
    with _print_lock:
        cd.log(*a)


# --- expectations -----------------------------------------------------------

def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return [l for l in f.read().split("\n") if l.strip()]


def expected_lists(corpus, pid, typed_to, typed_cc):
    """(To, Cc) as [(name, addr)] the sink must see."""
    to = [cd.parse_expected_line(l)
          for l in read_lines(os.path.join(corpus, "expected", pid + ".to"))]
    cc = [cd.parse_expected_line(l)
          for l in read_lines(os.path.join(corpus, "expected", pid + ".cc"))]
    to_emails = {a for _, a in to}
    cc = [x for x in cc if x[1] not in to_emails]          # b4: Cc minus To
    computed = to_emails | {a for _, a in cc}
    t_to = [cd.parse_expected_line(x) for x in typed_to]
    t_cc = [cd.parse_expected_line(x) for x in typed_cc
            if cd.parse_expected_line(x)[1] != LKML or LKML in computed]
    typed = {a for _, a in t_to} | {a for _, a in cd_all(typed_cc)}
    final_to = t_to + [x for x in to if x[1] not in typed]
    in_to = {a for _, a in final_to}
    final_cc = t_cc + [x for x in cc if x[1] not in typed and x[1] not in in_to]
    return final_to, final_cc


def cli_lists(ctx, patch_file, typed_to, typed_cc):
    out = {}
    for kind in ("to", "cc"):
        r = subprocess.run([ctx.patchcc, "--tree-path", ctx.tree,
                            "--" + kind, patch_file], capture_output=True,
                           text=True, timeout=120)
        if r.returncode != 0:
            raise cd.Error("patchcc --%s: %s" % (kind, r.stderr))
        out[kind] = [l for l in r.stdout.split("\n") if l.strip()]
    to = [cd.parse_expected_line(l) for l in out["to"]]
    cc = [cd.parse_expected_line(l) for l in out["cc"]]
    to_emails = {a for _, a in to}
    cc = [x for x in cc if x[1] not in to_emails]
    computed = to_emails | {a for _, a in cc}
    t_to = cd_all(typed_to)
    t_cc = [x for x in cd_all(typed_cc) if x[1] != LKML or LKML in computed]
    typed = {a for _, a in t_to} | {a for _, a in cd_all(typed_cc)}
    final_to = t_to + [x for x in to if x[1] not in typed]
    in_to = {a for _, a in final_to}
    return final_to, t_cc + [x for x in cc if x[1] not in typed
                             and x[1] not in in_to]


def cd_all(values):
    return [cd.parse_expected_line(x) for x in values]


# --- the body check -----------------------------------------------------------

GIT_ENV = {
    "GIT_AUTHOR_NAME": "e2e", "GIT_AUTHOR_EMAIL": "e2e@example.org",
    "GIT_COMMITTER_NAME": "e2e", "GIT_COMMITTER_EMAIL": "e2e@example.org",
    "GIT_AUTHOR_DATE": "@0 +0000", "GIT_COMMITTER_DATE": "@0 +0000",
    "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent",
}


def git(repo, *args, input=None):
    env = dict(os.environ)
    env.update(GIT_ENV)
    env.pop("GIT_DIR", None)
    r = subprocess.run(["git", "-C", repo, "-c", "core.autocrlf=false",
                        "-c", "am.keepcr=false", "-c", "gc.auto=0"]
                       + list(args), env=env, input=input,
                       capture_output=True, timeout=120)
    if r.returncode != 0:
        raise cd.Error("git %s: %s" % (" ".join(args),
                                       r.stderr.decode(errors="replace")))
    return r.stdout.decode().strip()


def patch_paths(raw):
    paths = set()
    for m in re.finditer(rb"^(?:---|\+\+\+) (?:a|b)/(\S+)", raw, re.M):
        paths.add(m.group(1).decode())
    for m in re.finditer(rb"^diff --git a/(\S+) b/(\S+)", raw, re.M):
        paths.update((m.group(1).decode(), m.group(2).decode()))
    return sorted(paths)


class AmChecker:
    """A small git repository per patch: the files it touches, from the
    pristine tree; the tree `git am` of the original patch gives."""

    def __init__(self, tree, workdir):
        self.tree = tree
        self.workdir = workdir
        self.cache = {}
        self.lock = threading.Lock()

    def repo_for(self, pid, patch_file):
        with self.lock:
            if pid in self.cache:
                return self.cache[pid]
        raw = open(patch_file, "rb").read()
        repo = os.path.join(self.workdir, "am-" + pid)
        shutil.rmtree(repo, ignore_errors=True)
        os.makedirs(repo)
        for p in patch_paths(raw):
            src = os.path.join(self.tree, p)
            if os.path.isfile(src):
                dst = os.path.join(repo, p)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy2(src, dst)
        git(repo, "init", "-q", "-b", "base")
        git(repo, "add", "-f", "-A")
        git(repo, "commit", "-q", "--allow-empty", "-m", "base")
        base = git(repo, "rev-parse", "HEAD")
        git(repo, "am", "-q", patch_file)
        want = git(repo, "rev-parse", "HEAD^{tree}")
        git(repo, "reset", "-q", "--hard", base)
        with self.lock:
            self.cache[pid] = (repo, base, want)
        return repo, base, want

    def check(self, pid, patch_file, message_bytes):
        repo, base, want = self.repo_for(pid, patch_file)
        mbox = os.path.join(self.workdir, "sent-%s-%d.eml" %
                            (pid, threading.get_ident()))
        with open(mbox, "wb") as f:
            f.write(message_bytes)
        with self.lock:
            try:
                git(repo, "am", "-q", mbox)
                got = git(repo, "rev-parse", "HEAD^{tree}")
            except cd.Error:
                subprocess.run(["git", "-C", repo, "am", "--abort"],
                               capture_output=True)
                raise
            finally:
                subprocess.run(["git", "-C", repo, "reset", "-q", "--hard",
                                base], capture_output=True)
        return got == want, want, got


# --- one mail -----------------------------------------------------------------

class Job:
    def __init__(self, scenario, pid, patch_file=None, toolbar=False):
        self.scenario = scenario
        self.pid = pid
        self.patch_file = patch_file
        self.toolbar = toolbar
        self.name = "%s/%s%s" % (scenario, pid, " (toolbar)" if toolbar else "")


SETTINGS = {
    "oneclick": {"on_send": "ask"},
    "rewrite": {"on_send": "rewrite"},
    "ask": {"on_send": "ask"},
    "nonpatch": {"on_send": "rewrite"},
    "broken": {"on_send": "rewrite"},
    "moved-back": {"on_send": "ask"},
    "moved-send": {"on_send": "ask"},
    "longline": {"on_send": "ask"},
    "bench300": {"on_send": "ask"},
    "prefs": {"on_send": "ask"},
    "badpatch": {"on_send": "rewrite"},
    "attach": {"on_send": "rewrite"},
}

# A hunk that promises more lines than it has: the mail cannot be read as
# a patch (get_maintainer.pl would not notice; patchcc refuses it).
BAD_PATCH_BODY = (b"Fix it.\n\nSigned-off-by: A <a@example.org>\n---\n"
                  b"diff --git a/net/core/dev.c b/net/core/dev.c\n"
                  b"--- a/net/core/dev.c\n+++ b/net/core/dev.c\n"
                  b"@@ -1,5 +1,6 @@\n a\n+b\n")

# A patch whose one added line is longer than a mail line may be (RFC
# 5322: 998 bytes): line 8 of the body.
LONG_LINE_BODY = (b"Add a table.\n\nSigned-off-by: A <a@example.org>\n---\n"
                  b"diff --git a/net/core/dev.c b/net/core/dev.c\n"
                  b"--- a/net/core/dev.c\n+++ b/net/core/dev.c\n"
                  b"@@ -1,0 +1,1 @@\n+" + b"x" * 9000 + b"\n")
LONG_LINE_NO = 9

NONPATCH_BODY = (b"Hi all,\n\nlunch on Friday at noon?  The usual place.\n"
                 b"  (two leading spaces, trailing spaces here)   \n"
                 b"From the kitchen, with love.\n\n-- \nA. Person\n")


BENCH_TOPS = ("arch", "block", "crypto", "Documentation", "drivers", "fs",
              "include", "kernel", "lib", "mm", "net", "security", "sound",
              "tools")


def make_bench_patch(tree, n=300, under=None):
    """The patch tests/bench/bench-plugin.c makes: @n files spread over the tree
    (or over @under), the first line of each changed (a trailing space
    added)."""
    files = []
    for top in ([under] if under else BENCH_TOPS):
        for d, dirs, names in os.walk(os.path.join(tree, top)):
            dirs[:] = [x for x in dirs if not x.startswith(".")
                       and not os.path.islink(os.path.join(d, x))]
            for f in names:
                full = os.path.join(d, f)
                if f.startswith(".") or os.path.islink(full):
                    continue
                if f.endswith((".c", ".h", ".yaml", ".rst")):
                    files.append(os.path.relpath(full, tree))
    files.sort(key=lambda x: x.encode())
    ok = []
    for rel in files:
        with open(os.path.join(tree, rel), "rb") as f:
            first, second = f.readline(), f.readline()
        if second.endswith(b"\n") and b"\r" not in first + second:
            ok.append(rel)
    files = ok
    step = len(files) // n
    out = [b"From 0000000000000000000000000000000000000000 Mon Sep 17 "
           b"00:00:00 2001\nFrom: Bench <bench@example.org>\n"
           b"Subject: [PATCH] %s: touch %d files\n\n"
           % ((under or "treewide").encode(), n),
           b"Touch files all over the tree, to time the recipient "
           b"computation.\n\nSigned-off-by: Bench <bench@example.org>\n"
           b"---\n"]
    for i in range(n):
        rel = files[i * step]
        with open(os.path.join(tree, rel), "rb") as f:
            first = f.readline().rstrip(b"\n")
            second = f.readline().rstrip(b"\n")
        r = rel.encode()
        # One line of context: a hunk without any is anchored at the end
        # of the file by git apply.
        out.append(b"diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n"
                   b"@@ -1,2 +1,2 @@\n-%s\n+%s \n %s\n"
                   % (r, r, r, r, first, first, second))
    out.append(b"-- \n2.39.2\n")
    return b"".join(out)


def run_job(job, ctx, xvfb):
    """Compose, act, send; returns a list of failure strings (empty: ok)."""
    fails = []
    root = cd.mkdtemp(os.path.join(ctx.workdir, "p-%s-%s-" %
                                   (job.scenario, job.pid)))
    settings = dict(SETTINGS[job.scenario])
    settings["tree_path"] = BROKEN_TREE if job.scenario == "broken" \
        else ctx.tree
    moved_tree = None
    if job.scenario.startswith("moved"):
        # A tree of its own to move away: links to the real tree's top.
        moved_tree = os.path.join(root, "linux")
        os.makedirs(moved_tree)
        for name in os.listdir(ctx.tree):
            os.symlink(os.path.join(ctx.tree, name),
                       os.path.join(moved_tree, name))
        settings["tree_path"] = moved_tree
    settings["split"] = "b4"
    tag = "%s.%s" % (job.scenario, job.pid)
    typed_to = ["Wrong Person <wrong.%s@example.org>" % tag]
    typed_cc = [LKML, "Reviewer Friend <friend.%s@example.com>" % tag]

    attach = None
    if job.scenario == "nonpatch":
        subject, body = "Lunch on Friday? (%s)" % tag, NONPATCH_BODY
    elif job.scenario == "badpatch":
        subject, body = "[PATCH] net: cut short (%s)" % tag, BAD_PATCH_BODY
    elif job.scenario == "longline":
        subject, body = "[PATCH] net: a long line (%s)" % tag, LONG_LINE_BODY
    elif job.scenario == "attach":
        # The patch as a text attachment, a body without any diff and a
        # subject without [PATCH].
        subject = "net: the fix, attached (%s)" % tag
        body = b"Hi,\n\nplease apply the attached patch.\n"
        attach = job.patch_file
    else:
        raw = open(job.patch_file, "rb").read()
        msg, body = cd.split_mail(raw)
        subject = " ".join(str(msg["Subject"]).split())
    compose = os.path.join(root, "compose.txt")
    with open(compose, "wb") as f:
        f.write(cd.compose_file_text(typed_to, typed_cc, subject, body))
    mailto = None
    if attach:
        body_file = os.path.join(root, "body.txt")
        with open(body_file, "wb") as f:
            f.write(body)
        mailto = cd.compose_mailto(typed_to, typed_cc, subject, body_file,
                                   attach=attach)
        compose = None
    elif len(body) > 60000:
        # Too big for --compose-from-file (see cd.compose_mailto).
        body_file = os.path.join(root, "body.txt")
        with open(body_file, "wb") as f:
            f.write(body)
        mailto = cd.compose_mailto(typed_to, typed_cc, subject, body_file)
        compose = None

    if job.scenario in ("oneclick", "rewrite", "ask", "attach"):
        want_to, want_cc = expected_lists(ctx.corpus, job.pid, typed_to,
                                          typed_cc)
    elif job.scenario == "bench300":
        # No corpus output for a generated patch: the patchcc CLI's --to
        # and --cc (b4's two commands) are the reference.
        want_to, want_cc = cli_lists(ctx, job.patch_file, typed_to,
                                     typed_cc)
    else:
        want_to = cd_all(typed_to)
        want_cc = cd_all(typed_cc)

    # One profile and one claws-mail process per mail: a failure cannot
    # leak into the next mail.
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin, settings)
    t0 = time.monotonic()
    claws = cd.Claws(profile, xvfb, compose, compose_mailto=mailto)
    message = None
    try:
        if attach:
            # Claws says "The following file has been attached" (modal).
            note = claws.wait_window(r"^Notice$", 30)
            claws.key(note, "Return")
            claws.wait_window(r"^Notice$", 15, gone=True)
        win = claws.wait_window(r"Compose message", 30)
        if job.scenario in ("oneclick", "bench300"):
            # A key pressed while the new window is still settling can be
            # lost: press again until the review shows (it is modal, so a
            # late second press cannot open a second one).
            dlg = None
            for attempt in range(4):
                if job.toolbar:
                    claws.click(win, 50, 45)     # the first toolbar item
                else:
                    claws.key(win, "ctrl+shift+r")
                try:
                    dlg = claws.wait_window(r"^Fix patch recipients$", 4)
                    if attempt:
                        say("%s: the review came on attempt %d" %
                            (job.name, attempt + 1))
                    break
                except cd.Error:
                    if attempt == 3:
                        raise
            claws.key(dlg, "Return")
            claws.wait_window(r"^Fix patch recipients$", 15, gone=True)
            claws.key(win, "ctrl+Return")
        elif job.scenario == "badpatch":
            claws.key(win, "ctrl+Return")
            dlg = claws.wait_window(r"damaged patch held back", 15)
            claws.key(dlg, "Escape")
            claws.wait_window(r"damaged patch held back", 15, gone=True)
            if not claws.find_windows(r"Compose message"):
                fails.append("%s: the compose window went away" % job.name)
            claws.quit()
            if ctx.sink_wait(tag, 0) is not None:
                fails.append("%s: the damaged patch was sent" % job.name)
            return fails, time.monotonic() - t0
        elif job.scenario == "longline":
            claws.key(win, "ctrl+Return")
            dlg = claws.wait_window(r"patch held back \(line %d too long\)"
                                    % LONG_LINE_NO, 15)
            claws.key(dlg, "Escape")
            claws.wait_window(r"held back", 15, gone=True)
            if not claws.find_windows(r"Compose message"):
                fails.append("%s: the compose window went away" % job.name)
            claws.quit()
            if ctx.sink_wait(tag, 0) is not None:
                fails.append("%s: the long line was sent" % job.name)
            return fails, time.monotonic() - t0
        elif job.scenario.startswith("moved"):
            # Let the plugin load the tree (it does once Claws is idle),
            # then move the tree away.
            time.sleep(3)
            os.rename(moved_tree, moved_tree + ".moved")
            claws.key(win, "ctrl+Return")
            dlg = claws.wait_window(r"^patchcc: sending stopped$", 15)
            if ctx.keep:
                # The dialog alone (docs/send-stopped.png).
                time.sleep(0.5)
                subprocess.run(["import", "-display", xvfb.display,
                                "-window", str(dlg),
                                os.path.join(ctx.workdir, "send-stopped.png")],
                               check=False, timeout=30,
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            if job.scenario == "moved-back":
                claws.key(dlg, "Escape")
                claws.wait_window(r"^patchcc: sending stopped$", 15,
                                  gone=True)
                time.sleep(1)
                if not claws.find_windows(r"Compose message"):
                    fails.append("%s: the compose window went away" %
                                 job.name)
                claws.quit()
                if ctx.sink_wait(tag, 3) is not None:
                    fails.append("%s: the mail was sent" % job.name)
                text = claws.log_text()
                if moved_tree not in text:
                    fails.append("%s: the reason does not name the tree" %
                                 job.name)
                return fails, time.monotonic() - t0
            claws.key(dlg, "alt+a")               # Send _as typed
        elif job.scenario == "broken":
            claws.key(win, "ctrl+Return")
            dlg = claws.wait_window(r"^patchcc: sending stopped$", 15)
            claws.key(dlg, "alt+a")               # Send _as typed
        elif job.scenario == "ask":
            claws.key(win, "ctrl+Return")
            dlg = claws.wait_window(r"^Fix patch recipients$", 15)
            claws.key(dlg, "Return")
        else:
            claws.key(win, "ctrl+Return")
        message = ctx.sink_wait(tag, 30)
        if message is None:
            raise cd.Error("nothing reached the SMTP sink")
    except Exception as e:  # noqa: BLE001
        shot = os.path.join(ctx.workdir, "fail-%s-%s.png" %
                            (job.scenario, job.pid))
        xvfb.screenshot(shot)
        fails.append("%s: %s (screenshot %s)" % (job.name, e, shot))
    finally:
        claws.quit()
    elapsed = time.monotonic() - t0
    if message is None:
        return fails, elapsed

    # SMTP carries CRLF lines; a mailbox (and git am) sees LF.
    message["data"] = message["data"].replace(b"\r\n", b"\n")
    sent = email.message_from_bytes(message["data"],
                                    policy=email.policy.default)
    got_to = cd.addresses(sent, "To")
    got_cc = cd.addresses(sent, "Cc")
    if got_to != want_to:
        fails.append("%s: To:\n    got  %s\n    want %s" %
                     (job.name, got_to, want_to))
    if got_cc != want_cc:
        fails.append("%s: Cc:\n    got  %s\n    want %s" %
                     (job.name, got_cc, want_cc))
    env = sorted(a.lower() for a in message["rcpt_tos"])
    want_env = sorted({a for _, a in want_to + want_cc})
    if env != want_env:
        fails.append("%s: envelope RCPT TO:\n    got  %s\n    want %s" %
                     (job.name, env, want_env))

    if attach:
        parts = [p for p in sent.walk() if not p.is_multipart()]
        sent_body = parts[0].get_payload(decode=True) if parts else b""
        with open(attach, "rb") as f:
            want_att = f.read()
        got_att = parts[1].get_payload(decode=True) if len(parts) > 1 else None
        if got_att != want_att:
            fails.append("%s: the attached patch changed" % job.name)
    else:
        sent_body = sent.get_payload(decode=True) or b""
    if sent_body not in (body, body + b"\n"):
        fails.append("%s: the body changed (%d bytes sent, %d typed)" %
                     (job.name, len(sent_body), len(body)))
    if job.patch_file is not None and not attach:
        try:
            ok, want, got = ctx.am.check(job.pid, job.patch_file,
                                         message["data"])
            if not ok:
                fails.append("%s: git am gives tree %s, the original %s" %
                             (job.name, got, want))
        except cd.Error as e:
            fails.append("%s: git am: %s" % (job.name, e))

    text = claws.log_text()
    if "plugin loading error" in text:
        fails.append("%s: %s" % (job.name, [l for l in text.splitlines()
                                            if "plugin loading error" in l][0]))
    for m in re.finditer(r"timing: (.*)", text):
        ctx.timings.append((job.name, m.group(1)))
    if job.scenario == "broken":
        if "patchcc: cannot compute the recipients" not in text \
                or BROKEN_TREE not in text:
            fails.append("%s: no warning naming the broken tree in Claws' "
                         "output" % job.name)
    if "CRITICAL" in text or "Segmentation" in text:
        fails.append("%s: Claws reported: %s" % (job.name, [
            l for l in text.splitlines() if "CRITICAL" in l][:3]))
    return fails, elapsed


def read_block(path, name):
    """key=value lines of the [name] block of a Claws rc file."""
    out, cur = {}, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("[") and line.endswith("]"):
                cur = line[1:-1]
            elif cur == name and "=" in line:
                k, v = line.split("=", 1)
                out[k] = v
    return out


def run_prefs_job(job, ctx, xvfb):
    """Set the tree and on_send on the preferences page, then send."""
    fails = []
    root = cd.mkdtemp(os.path.join(ctx.workdir, "p-prefs-"))
    profile = cd.Profile(root, ctx.sink.port, ctx.plugin,
                         {"tree_path": BROKEN_TREE, "on_send": "ask",
                          "split": "b4"})
    t0 = time.monotonic()
    claws = cd.Claws(profile, xvfb)
    try:
        main = claws.wait_window(r"Claws Mail", 30)
        claws.key(main, "alt+c")                  # Configuration menu
        claws.xdo("key", "r")                     # P_references...
        prefs = claws.wait_window(r"^Preferences", 15)
        claws.key(prefs, "ctrl+f")                # find a page by name
        claws.xdo("type", "--delay", "20", "patchcc")
        claws.xdo("key", "Return")
        time.sleep(0.5)
        claws.key(prefs, "alt+p")                 # _Path:
        claws.xdo("key", "ctrl+a")
        claws.xdo("type", "--delay", "5", ctx.tree)
        claws.xdo("key", "alt+w")                 # without asking
        time.sleep(0.6)                           # the tree check runs
        xvfb.screenshot(os.path.join(ctx.workdir, "prefs-page.png"))
        claws.xdo("key", "alt+o")                 # _OK
        claws.wait_window(r"^Preferences", 15, gone=True)
    except Exception as e:  # noqa: BLE001
        xvfb.screenshot(os.path.join(ctx.workdir, "fail-prefs.png"))
        fails.append("%s: %s" % (job.name, e))
    finally:
        claws.quit()
    if fails:
        return fails, time.monotonic() - t0
    block = read_block(os.path.join(profile.config, "clawsrc"), "patchcc")
    want = {"tree_path": ctx.tree, "on_send": "rewrite", "split": "b4",
            "drop_lkml_for_new_files": "0"}
    for k, v in want.items():
        if block.get(k) != v:
            fails.append("%s: clawsrc [patchcc] %s=%r, want %r" %
                         (job.name, k, block.get(k), v))
    if fails:
        return fails, time.monotonic() - t0

    # The saved settings take effect: a patch goes out fixed, no dialog.
    raw = open(job.patch_file, "rb").read()
    msg, body = cd.split_mail(raw)
    subject = " ".join(str(msg["Subject"]).split())
    tag = "prefs.%s" % job.pid
    typed_to = ["Wrong Person <wrong.%s@example.org>" % tag]
    typed_cc = [LKML, "Reviewer Friend <friend.%s@example.com>" % tag]
    compose = os.path.join(root, "compose.txt")
    with open(compose, "wb") as f:
        f.write(cd.compose_file_text(typed_to, typed_cc, subject, body))
    want_to, want_cc = expected_lists(ctx.corpus, job.pid, typed_to, typed_cc)
    claws = cd.Claws(profile, xvfb, compose)
    try:
        win = claws.wait_window(r"Compose message", 30)
        claws.key(win, "ctrl+Return")
        message = ctx.sink_wait(tag, 30)
    finally:
        claws.quit()
    if message is None:
        return fails + ["%s: nothing sent after saving the preferences" %
                        job.name], time.monotonic() - t0
    sent = email.message_from_bytes(message["data"].replace(b"\r\n", b"\n"),
                                    policy=email.policy.default)
    if cd.addresses(sent, "To") != want_to \
            or cd.addresses(sent, "Cc") != want_cc:
        fails.append("%s: after saving the preferences the patch went to\n"
                     "    To %s\n    Cc %s" % (job.name,
                                               cd.addresses(sent, "To"),
                                               cd.addresses(sent, "Cc")))
    return fails, time.monotonic() - t0


class Context:
    def __init__(self, args):
        self.corpus = args.corpus
        self.tree = args.tree
        self.plugin = args.plugin
        self.patchcc = args.patchcc
        self.workdir = args.workdir
        self.sink = cd.SmtpSink()
        self.am = AmChecker(args.tree, args.workdir)
        self.pending = {}
        self.timings = []
        self.keep = args.keep
        self.cond = threading.Condition()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        # Route each delivered message to the job whose tag is in its
        # envelope (the typed wrong.<tag>@ / friend.<tag>@ addresses).
        while True:
            m = self.sink.messages.get()
            tag = None
            for r in m["rcpt_tos"]:
                mm = re.match(r"(?:wrong|friend)\.(.+)@example\.", r)
                if mm:
                    tag = mm.group(1)
            with self.cond:
                self.pending.setdefault(tag, []).append(m)
                self.cond.notify_all()

    def sink_wait(self, tag, timeout):
        deadline = time.monotonic() + timeout
        with self.cond:
            while not self.pending.get(tag):
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)
            return self.pending[tag].pop(0)


def find_tree(explicit):
    if explicit:
        return explicit
    env = os.environ.get("PATCHCC_TREE")
    if env:
        return env
    prep = os.path.join(SRC, "kernel", "prepare-tree.sh")
    if os.access(prep, os.X_OK) and os.path.exists(
            "/usr/src/linux-source-6.1.tar.xz"):
        r = subprocess.run([prep, "--upto", "none"], capture_output=True,
                           text=True, timeout=1800)
        if r.returncode == 0 and r.stdout.strip():
            return r.stdout.strip().splitlines()[-1]
    for p in ("/usr/src/linux-source-6.1",):
        if os.path.exists(os.path.join(p, "MAINTAINERS")):
            return p
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--tree")
    ap.add_argument("--patchcc", help="the patchcc CLI (bench300's "
                    "reference); default: core/patchcc beside the plugin")
    ap.add_argument("--ids", default=DEFAULT_IDS)
    ap.add_argument("--ask-ids", default=" ".join(ASK_IDS),
                    help="patches for the on_send=ask scenario")
    ap.add_argument("--scenarios",
                    default="oneclick,rewrite,ask,nonpatch,broken,badpatch,"
                    "moved,longline,attach,prefs,bench300")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--workdir")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()

    for tool in ("Xvfb", "xdotool", "claws-mail", "git"):
        if shutil.which(tool) is None:
            print("SKIP: %s not installed" % tool)
            return 77
    try:
        import aiosmtpd  # noqa: F401
    except ImportError:
        print("SKIP: python3-aiosmtpd not installed (run with /usr/bin/python3)")
        return 77
    if not os.path.exists(args.plugin):
        print("FAIL: no plugin at %s" % args.plugin)
        return 1
    args.tree = find_tree(args.tree)
    if args.tree is None:
        print("SKIP: no linux-source tree (kernel/prepare-tree.sh --upto none)")
        return 77
    args.plugin = os.path.abspath(args.plugin)
    if args.patchcc is None:
        args.patchcc = os.path.join(os.path.dirname(os.path.dirname(
            args.plugin)), "core", "patchcc")
    if "bench300" in args.scenarios and not os.access(args.patchcc, os.X_OK):
        cd.log("no patchcc CLI at %s: bench300 left out" % args.patchcc)
        args.scenarios = args.scenarios.replace("bench300", "")
    args.workdir = args.workdir or cd.mkdtemp("/tmp/patchcc-e2e-")
    os.makedirs(args.workdir, exist_ok=True)
    cd.log("tree", args.tree, "plugin", args.plugin, "workdir", args.workdir)

    ids = args.ids.split()
    scen = args.scenarios.split(",")
    jobs = []
    pf = lambda p: os.path.join(args.corpus, "patches", p + ".patch")  # noqa
    if "oneclick" in scen:
        jobs += [Job("oneclick", p, pf(p), toolbar=(i % 4 == 3))
                 for i, p in enumerate(ids)]
    if "rewrite" in scen:
        jobs += [Job("rewrite", p, pf(p)) for p in ids]
    if "ask" in scen:
        jobs += [Job("ask", p, pf(p)) for p in args.ask_ids.split()]
    if "nonpatch" in scen:
        jobs.append(Job("nonpatch", "lunch"))
    if "broken" in scen:
        jobs.append(Job("broken", ids[0], pf(ids[0])))
    if "badpatch" in scen:
        jobs.append(Job("badpatch", "cut"))
    if "moved" in scen:
        jobs.append(Job("moved-back", ids[0], pf(ids[0])))
        jobs.append(Job("moved-send", ids[0], pf(ids[0])))
    if "longline" in scen:
        jobs.append(Job("longline", "long"))
    if "attach" in scen:
        jobs.append(Job("attach", ids[2], pf(ids[2])))
    if "prefs" in scen:
        jobs.append(Job("prefs", ids[1], pf(ids[1])))
    if "bench300" in scen:
        bench = os.path.join(args.workdir, "bench300.patch")
        with open(bench, "wb") as f:
            # 300 files of one big subsystem: Claws Mail 4.1 cannot send to
            # more than about 8 KB of addresses (its queue file's R: line),
            # which a treewide spread exceeds (tests/bench/bench-plugin.c times
            # that worst case without Claws).
            f.write(make_bench_patch(args.tree, 300, "drivers/net/ethernet"))
        jobs.append(Job("bench300", "bench", bench))

    ctx = Context(args)
    t0 = time.monotonic()
    results = {}
    failures = []
    work = list(jobs)
    work_lock = threading.Lock()

    def worker():
        xvfb = cd.Xvfb()
        try:
            while True:
                with work_lock:
                    if not work:
                        return
                    job = work.pop(0)
                try:
                    if job.scenario == "prefs":
                        f, el = run_prefs_job(job, ctx, xvfb)
                    else:
                        f, el = run_job(job, ctx, xvfb)
                except Exception:  # noqa: BLE001
                    f, el = ["%s: %s" % (job.name, traceback.format_exc())], 0
                results[job.name] = (f, el)
                say("%-24s %s %.1fs" % (job.name, "ok" if not f else "FAIL",
                                        el))
                for x in f:
                    say("   ", x)
        finally:
            xvfb.stop()

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        futs = [ex.submit(worker) for _ in range(args.jobs)]
        for fu in futs:
            fu.result()
    ctx.sink.stop()
    for name, (f, _) in results.items():
        failures += f

    total = time.monotonic() - t0
    n_ok = sum(1 for f, _ in results.values() if not f)
    per = [el for _, el in results.values() if el]
    print("\n%d/%d mails passed in %.1f s (%d workers; per mail %.1f-%.1f s, "
          "mean %.2f s)" % (n_ok, len(jobs), total, args.jobs,
                            min(per or [0]), max(per or [0]),
                            sum(per) / max(len(per), 1)))
    by = {}
    for j in jobs:
        ok = not results.get(j.name, (["missing"], 0))[0]
        by.setdefault(j.scenario, [0, 0])
        by[j.scenario][0] += ok
        by[j.scenario][1] += 1
    print("  " + ", ".join("%s %d/%d" % (k, v[0], v[1])
                           for k, v in by.items()))
    for name, t in ctx.timings:
        if name.startswith("bench300"):
            print("  plugin timing, 300-file patch: " + t)
    tot = sorted(float(re.search(r"total ([0-9.]+) ms", t).group(1))
                 for n, t in ctx.timings if not n.startswith("bench300")
                 and re.search(r"total ([0-9.]+) ms", t))
    if tot:
        print("  plugin timing, corpus mails (read+plan+rows): median %.1f ms,"
              " max %.1f ms over %d" % (tot[len(tot) // 2], tot[-1], len(tot)))
    if failures:
        print("FAILURES:")
        for f in failures:
            print("  " + f)
    if not args.keep and not failures:
        shutil.rmtree(args.workdir, ignore_errors=True)
    return 1 if failures or n_ok != len(jobs) else 0


if __name__ == "__main__":
    sys.exit(main())
