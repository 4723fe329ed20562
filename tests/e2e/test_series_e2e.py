#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""End-to-end: Tools > Compose patch series, in the real Claws Mail.

A three-patch series (git format-patch --cover-letter of a small
kernel-shaped repository; patch 2 carries an Assisted-by: trailer, patch 3
has another author) is opened with the plugin's "Compose patch series…"
(main window, Ctrl+Shift+J), the Assisted-by trailer is moved to the cover
letter with the panel's button (Alt+M), and the series is sent (Alt+S)
through Claws to an SMTP sink on 127.0.0.1.

Checked:
  - four mails arrive: the cover, then patches 1..3;
  - threading as git send-email --thread --no-chain-reply-to: distinct
    Message-Ids, each patch In-Reply-To and References the cover;
  - before Send, the dialog shows each patch's recipients with their
    reasons (logged to stderr too): every patch mail's SMTP envelope is
    exactly what it showed as sent, and patch 3's shows the To: and Cc:
    its file holds in RFC 2047 encoded words (one name with an encoded
    comma), decoded;
  - recipients per mail (To:, Cc: and the SMTP envelope): each patch its
    own get_maintainer.pl recipients split as b4 splits them (THE REST
    dropped: every file has a list) plus the address typed on the cover
    letter (Cc: Cover Only) plus what git send-email adds (the author,
    Signed-off-by:, Cc: and *-by: trailers; not the sender); the cover
    the union over the patches plus that address;
  - bodies: each patch's body is its file's body byte for byte, except
    patch 2 (minus exactly the Assisted-by line) and patch 3 (git
    send-email's in-body From: line in front, as its author is not the
    sender);
  - "git am --empty=drop" of the sink's mbox rebuilds the exact tree, with
    the original authors, and the Assisted-by line is gone from the commit;
  - the cover letter's provenance section names the assistant and the
    tool from the trailer, and the testing from provenance.ini;
  - a cover still holding *** SUBJECT HERE *** is refused; nothing is
    written into the patch folder;
  - the sink refusing the third mail: the user is told which went out,
    "Send the rest" completes the thread (checked as above);
  - two dialogs with MAINTAINERS edited in between, the second cancelled:
    the first still sends all four mails (it owns its engine);
  - the cover letter goes to every address any patch mail goes to (the
    trailer and author Cc: of patches 1 and 3, patch 3's own To:/Cc:),
    envelope and headers, and its review says so before Send
    ("Cc of 1/3 (...)");
  - a folder holding two versions (git format-patch -3, then -v2 -3 into
    the same folder): the dialog opens with the problems and the files
    that cause them, Send does nothing, nothing reaches the sink;
  - a patch with a 9,000-byte line: Send is refused with the reason,
    nothing at all is sent (not the cover, not the patches before it);
  - the dialog closed through the window manager (WM_DELETE_WINDOW)
    while a slow SMTP server receives the series: ignored until the send
    ends, all four mails arrive, Claws keeps running (no sanitizer report
    in the --asan run);
  - version 2 of the series with version 1 in the Sent folder and a
    reply giving a Reviewed-by: in the inbox (previous_folders): the
    dialog says what it found, v1's Cc: goes to every mail, the reply's
    author to the cover letter, and the trailer into patch 1 only;
    with "Ignore v1" ticked, none of that.

With --asan (the plugin built with -Db_sanitize=address,undefined, as
scripts/test-sanitize.sh builds it): the compiler's libasan is preloaded
into claws-mail, which is not instrumented itself; leak detection is
off; any AddressSanitizer or UBSan report in a Claws run fails the test.

Exit status: 0 pass, 1 failure, 77 skipped.
"""

import argparse
import email
import email.policy
import email.utils
import os
import re
import shutil
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clawsdrive as cd  # noqa: E402

MAINTAINERS = """FOO ETHERNET DRIVER
M:\tAda Lovelace <ada@example.org>
R:\tGrace Hopper <grace@example.org>
L:\tnetdev@vger.kernel.org
S:\tMaintained
F:\tdrivers/net/ethernet/foo/

NETWORKING DRIVERS
M:\tAlan Turing <alan@example.org>
M:\tEdsger Dijkstra <edsger@example.org>
L:\tnetdev@vger.kernel.org
S:\tOdd Fixes
F:\tdrivers/net/

DOCUMENTATION
M:\tDonald Knuth <don@example.org>
L:\tlinux-doc@vger.kernel.org
S:\tMaintained
F:\tDocumentation/

THE REST
M:\tLinus Torvalds <torvalds@linux-foundation.org>
L:\tlinux-kernel@vger.kernel.org
S:\tBuried alive in reporters
F:\t*
F:\t*/
"""

SENDER = "Patch Sender <sender@example.org>"
OTHER = "Dev Two <two@example.org>"
COVER_ONLY = "coveronly@example.org"
TRAILER = b"Assisted-by: Claude:claude-opus-4 coccinelle\n"

FOO = ["ada@example.org", "grace@example.org", "alan@example.org",
       "edsger@example.org"]
DOC = ["don@example.org"]
# Patch 3's file names recipients of its own, in RFC 2047 encoded words
# (one name holds an encoded comma: decoded before the list is parsed it
# would split into two things that are not addresses).
OWN_HEADERS = (b"To: =?UTF-8?q?Doe=2C_Jane?= <jane@example.org>\n"
               b"Cc: =?UTF-8?q?J=C3=B6rg_M=C3=BCller?= <joerg@example.org>\n")
OWN_TO, OWN_CC = "jane@example.org", "joerg@example.org"
WANT = [  # (To, Cc) per mail, as sets of addresses
    # The cover: the union over the patches' maintainers, plus everything
    # a patch mail goes to (b4's rule: a reader of any patch finds it).
    (set(FOO + DOC) | {OWN_TO},
     {"netdev@vger.kernel.org", "linux-doc@vger.kernel.org", COVER_ONLY,
      "rep@example.org", "stable@vger.kernel.org", "two@example.org",
      OWN_CC}),
    # Plus git send-email's extra Cc: (suppress_cc=self, the default):
    # patch 1's Reported-by: and Cc: trailers, patch 3's author (also
    # its Signed-off-by:); the sender's own Signed-off-by: is left out.
    (set(FOO), {"netdev@vger.kernel.org", COVER_ONLY, "rep@example.org",
                "stable@vger.kernel.org"}),
    (set(FOO), {"netdev@vger.kernel.org", COVER_ONLY}),
    # Patch 3 also goes to what its file names.
    (set(DOC) | {OWN_TO}, {"linux-doc@vger.kernel.org", COVER_ONLY,
                           "two@example.org", OWN_CC}),
]


def git(repo, *args, env=None):
    e = dict(os.environ)
    e.update({"GIT_CONFIG_NOSYSTEM": "1", "HOME": repo, "LC_ALL": "C",
              "GIT_COMMITTER_NAME": "Test Committer",
              "GIT_COMMITTER_EMAIL": "tc@example.org",
              "GIT_AUTHOR_DATE": "1750000000 +0000",
              "GIT_COMMITTER_DATE": "1750000000 +0000"})
    e.update(env or {})
    r = subprocess.run(["git", "-C", repo] + list(args), env=e,
                       capture_output=True)
    if r.returncode != 0:
        raise cd.Error("git %s: %s" % (" ".join(args), r.stderr.decode()))
    return r.stdout.decode()


def write(repo, rel, text):
    p = os.path.join(repo, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        f.write(text)


def commit(repo, author, message):
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--author", author, "-m", message)


def make_series(root):
    repo = os.path.join(root, "linux")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "master")
    for f in ("COPYING", "CREDITS", "Kbuild", "Makefile", "README"):
        write(repo, f, "x\n")
    for d in ("Documentation", "arch", "include", "drivers", "fs", "init",
              "ipc", "kernel", "lib", "scripts"):
        write(repo, d + "/.keep", "")
    write(repo, "MAINTAINERS", MAINTAINERS)
    main = "".join("int foo_main_%d;\n" % i for i in range(1, 41))
    write(repo, "drivers/net/ethernet/foo/foo_main.c", main)
    write(repo, "drivers/net/ethernet/foo/foo.h", "#define FOO 1\n")
    write(repo, "Documentation/networking/foo.rst",
          "".join("foo doc line %d\n" % i for i in range(1, 11)))
    commit(repo, "Test Maintainer <tm@example.org>", "base")
    base = git(repo, "rev-parse", "HEAD").strip()

    main = main.replace("int foo_main_7;\n",
                        "int foo_main_7;\nint foo_timeout_ms = 500;\n")
    write(repo, "drivers/net/ethernet/foo/foo_main.c", main)
    commit(repo, SENDER, "net: foo: make the reset timeout a variable\n\n"
           "So that slow PHYs can be given more time.\n\n"
           "Reported-by: Rep Orter <rep@example.org>\n"
           "Cc: stable@vger.kernel.org # 6.1\n"
           "Signed-off-by: %s\n" % SENDER)
    main = main.replace("int foo_main_20;\n", "int foo_main_20;\n"
                        "/* wait for the PHY */\nint foo_phy_wait;\n")
    write(repo, "drivers/net/ethernet/foo/foo_main.c", main)
    write(repo, "drivers/net/ethernet/foo/foo.h",
          "#define FOO 1\n#define FOO_PHY_WAIT 2\n")
    commit(repo, SENDER, "net: foo: wait for the PHY before the reset\n\n"
           "The reset fails when the PHY is still training.\n\n"
           "%sSigned-off-by: %s\n" % (TRAILER.decode(), SENDER))
    write(repo, "Documentation/networking/foo.rst",
          "".join("foo doc line %d\n" % i for i in range(1, 11))
          + "\nThe reset timeout is foo_timeout_ms.\n")
    commit(repo, OTHER, "Documentation: foo: describe the reset timeout\n\n"
           "Signed-off-by: %s\n" % OTHER)

    out = os.path.join(root, "series")
    git(repo, "format-patch", "-q", "--cover-letter", "--base=" + base,
        "-o", out, base + "..HEAD")
    cover = os.path.join(out, "0000-cover-letter.patch")
    third = os.path.join(out, sorted(f for f in os.listdir(out)
                                     if f.startswith("0003-"))[0])
    text = open(third, "rb").read()
    open(third, "wb").write(text.replace(b"\nSubject: ",
                                         b"\n" + OWN_HEADERS + b"Subject: ",
                                         1))
    # The same series as format-patch wrote it, placeholders left in.
    raw_dir = os.path.join(root, "series-raw")
    shutil.copytree(out, raw_dir)
    text = open(cover, "rb").read()
    text = text.replace(b"*** SUBJECT HERE ***",
                        b"net: foo: a tunable reset timeout")
    text = text.replace(b"*** BLURB HERE ***",
                        b"The foo NIC needs more time to leave reset when "
                        b"its PHY is slow.")
    # An address typed on the cover letter: it goes to every mail.
    text = text.replace(b"\nSubject: ",
                        b"\nCc: Cover Only <%s>\nSubject: " %
                        COVER_ONLY.encode(), 1)
    open(cover, "wb").write(text)
    with open(os.path.join(out, "provenance.ini"), "w") as f:
        f.write("[testing.1]\nwhat=kselftest net/foo\n"
                "where=QEMU x86_64 (KVM)\n")
    return repo, base, out


def body_of(raw):
    return cd.split_mail(raw)[1]


def check(repo, base, series_dir, got, workdir):
    fails = []
    msgs = [email.message_from_bytes(m["data"], policy=email.policy.default)
            for m in got]
    if len(msgs) != 4:
        return ["%d mails arrived, not 4" % len(msgs)]
    subjects = [" ".join(str(m["Subject"]).split()) for m in msgs]
    want_subj = ["[PATCH 0/3] net: foo: a tunable reset timeout",
                 "[PATCH 1/3] net: foo: make the reset timeout a variable",
                 "[PATCH 2/3] net: foo: wait for the PHY before the reset",
                 "[PATCH 3/3] Documentation: foo: describe the reset "
                 "timeout"]
    if subjects != want_subj:
        fails.append("subjects/order:\n    got  %s\n    want %s" %
                     (subjects, want_subj))

    # The cover is signed by the sender (the profile has no ~/.signature:
    # "Name <address>" of the sending identity), not by a patch author.
    cover_body = msgs[0].get_payload(decode=True) or b""
    if SENDER.encode() not in cover_body or OTHER.encode() in cover_body:
        fails.append("the cover letter is not signed by the sender:\n%s" %
                     cover_body.decode(errors="replace")[-300:])

    # Threading.
    ids = [str(m["Message-Id"]).strip() for m in msgs]
    if len(set(ids)) != 4 or not all(i.startswith("<") for i in ids):
        fails.append("Message-Ids not distinct: %s" % ids)
    if msgs[0]["In-Reply-To"] is not None:
        fails.append("the cover letter replies to something")
    for i, m in enumerate(msgs[1:], 1):
        for h in ("In-Reply-To", "References"):
            if str(m[h] or "").strip() != ids[0]:
                fails.append("patch %d: %s is %r, not the cover's %s" %
                             (i, h, m[h], ids[0]))

    # Recipients.
    for i, (m, g) in enumerate(zip(msgs, got)):
        to = {a for _, a in cd.addresses(m, "To")}
        cc = {a for _, a in cd.addresses(m, "Cc")}
        wto, wcc = WANT[i]
        if to != wto:
            fails.append("mail %d To:\n    got  %s\n    want %s" %
                         (i, sorted(to), sorted(wto)))
        if cc != wcc:
            fails.append("mail %d Cc:\n    got  %s\n    want %s" %
                         (i, sorted(cc), sorted(wcc)))
        env = {a.lower() for a in g["rcpt_tos"]}
        if env != wto | wcc:
            fails.append("mail %d envelope:\n    got  %s\n    want %s" %
                         (i, sorted(env), sorted(wto | wcc)))
        if "linux-kernel@vger.kernel.org" in to | cc:
            fails.append("mail %d: LKML is there although every file has "
                         "a list" % i)

    # Bodies.
    files = sorted(f for f in os.listdir(series_dir)
                   if f.endswith(".patch") and not f.startswith("0000"))
    for i, f in enumerate(files, 1):
        orig = body_of(open(os.path.join(series_dir, f), "rb").read())
        sent = body_of(got[i]["data"])
        want = orig
        if i == 2:
            want = orig.replace(TRAILER, b"", 1)
            if want == orig:
                fails.append("the test's patch 2 has no trailer")
        if i == 3:
            want = b"From: %s\n\n" % OTHER.encode() + orig
        if sent != want:
            fails.append("patch %d: the body differs from its file's "
                         "(%d bytes sent, %d expected)" %
                         (i, len(sent), len(want)))
    cover_body = body_of(got[0]["data"]).decode("utf-8", "replace")
    for needle in ("How this series was made:", "- Claude:claude-opus-4",
                   "- coccinelle: used for patch 2/3",
                   "- kselftest net/foo\n  On: QEMU x86_64 (KVM)",
                   "base-commit: " + base,
                   "The foo NIC needs more time"):
        if needle not in cover_body:
            fails.append("the cover letter lacks %r" % needle)
    if "Assisted-by" in body_of(got[2]["data"]).decode():
        fails.append("patch 2 was sent with its Assisted-by trailer")

    # git am of the sink's mbox.
    mbox = os.path.join(workdir, "sink.mbox")
    with open(mbox, "wb") as f:
        for g in got:
            f.write(b"From patchcc-e2e Mon Sep 17 00:00:00 2001\n")
            f.write(g["data"])
            if not g["data"].endswith(b"\n"):
                f.write(b"\n")
    am = os.path.join(workdir, "am")
    subprocess.run(["git", "clone", "-q", repo, am], check=True,
                   capture_output=True)
    git(am, "reset", "-q", "--hard", base)
    git(am, "am", "-q", "--empty=drop", mbox)
    want_tree = git(repo, "rev-parse", "HEAD^{tree}").strip()
    got_tree = git(am, "rev-parse", "HEAD^{tree}").strip()
    if got_tree != want_tree:
        fails.append("git am of the sink's mbox gives tree %s, not %s" %
                     (got_tree, want_tree))
    authors = git(am, "log", "--format=%an <%ae>", base + "..HEAD").split(
        "\n")[:3]
    if authors != [OTHER, SENDER, SENDER]:
        fails.append("authors after git am: %s" % authors)
    log = git(am, "log", "--format=%B", base + "..HEAD")
    if "Assisted-by" in log:
        fails.append("the Assisted-by trailer is still in a commit")
    return fails


def logged_reviews(text):
    """The per-patch reviews the plugin logs when the dialog opens
    (G_MESSAGES_DEBUG=patchcc): {"patch 1/3": [(field, address, reason)]}
    of the last dialog."""
    out = {}
    for what, block in re.findall(r"series review of (.*?):\n(.*?)"
                                  r"\(end of review\)", text, re.S):
        rows = []
        for line in block.splitlines():
            m = re.match(r"(To|Cc|Not sent): (.*?)(?: \u2014 (.*))?$", line)
            if m:
                rows.append((m.group(1), m.group(2), m.group(3) or ""))
        out[what] = rows
    return out


def check_review(review, got):
    """Each patch mail's envelope is exactly what the review showed as
    sent, and patch 3's review shows its file's own To:/Cc:, decoded."""
    fails = []
    if sorted(review) != ["patch %d/3" % i for i in (1, 2, 3)] + \
            ["the cover letter"]:
        return ["the series review (Claws' stderr) covers %s, not the "
                "cover and the three patches" % sorted(review)]
    for i in (0, 1, 2, 3):
        rows = review["patch %d/3" % i if i else "the cover letter"]
        shown = set()
        for field, addr, _ in rows:
            if field != "Not sent":
                for _, a in email.utils.getaddresses([addr]):
                    shown.add(a.lower())
        env = {a.lower() for a in got[i]["rcpt_tos"]}
        if env != shown:
            fails.append("patch %d: the envelope is not what the review "
                         "showed:\n    sent  %s\n    shown %s" %
                         (i, sorted(env), sorted(shown)))
    # The cover's envelope holds every patch mail's.
    cover_env = {a.lower() for a in got[0]["rcpt_tos"]}
    for i in (1, 2, 3):
        missing = {a.lower() for a in got[i]["rcpt_tos"]} - cover_env
        if missing:
            fails.append("patch %d goes to %s, the cover letter does not" %
                         (i, sorted(missing)))
    rows = review["the cover letter"]
    for addr, why in (("Rep Orter <rep@example.org>",
                       "Cc of 1/3 (Reported-by:"),
                      ("stable@vger.kernel.org", "Cc of 1/3 (Cc:"),
                      (OTHER, "Cc of 3/3 (author")):
        if not any(a == addr and r.startswith(why) for f, a, r in rows):
            fails.append("the cover's review does not show %s with %r: %s"
                         % (addr, why, rows))
    rows = review["patch 3/3"]
    want = [("To", '"Doe, Jane" <jane@example.org>',
             "in the patch file's To:"),
            ("Cc", "J\u00f6rg M\u00fcller <joerg@example.org>",
             "in the patch file's Cc:")]
    for w in want:
        if w not in rows:
            fails.append("patch 3: the review does not show %s; it shows "
                         "%s" % (w, rows))
    return fails


def open_dialog(claws, main_win):
    for attempt in range(5):
        claws.key(main_win, "ctrl+shift+j")
        try:
            chooser = claws.wait_window(r"^Compose patch series: ", 4)
            break
        except cd.Error:
            if attempt == 4:
                raise
    time.sleep(0.5)
    claws.key(chooser, "Return")
    dlg = claws.wait_window(r"^Compose patch series$", 20)
    time.sleep(1.0)
    return dlg


def refuse_placeholders(xvfb, sink, plugin, repo, workdir):
    """A cover still reading *** SUBJECT HERE *** is never sent: Send
    shows an error, nothing reaches the sink, Escape closes."""
    fails = []
    raw_dir = os.path.join(workdir, "series-raw")
    os.environ["PATCHCC_SERIES_DIR"] = raw_dir
    profile = cd.Profile(os.path.join(workdir, "claws-raw"), sink.port,
                         plugin, {"tree_path": repo, "split": "b4",
                                  "on_send": "off"})
    claws = cd.Claws(profile, xvfb)
    try:
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        fails += refuse_in(claws, xvfb, main_win, sink, raw_dir)
    finally:
        claws.quit()
    return fails


def refuse_in(claws, xvfb, main_win, sink, raw_dir):
    fails = []
    dlg = open_dialog(claws, main_win)
    claws.key(dlg, "alt+s")
    err = claws.wait_window(r"^Error$", 20)
    xvfb.screenshot(os.path.join(os.path.dirname(raw_dir),
                                 "placeholders.png"))
    claws.key(err, "Return")
    claws.wait_window(r"^Error$", 15, gone=True)
    claws.key(dlg, "Escape")
    claws.wait_window(r"^Compose patch series$", 15, gone=True)
    if not sink.messages.empty():
        fails.append("a cover with the template's placeholders was sent")
    if "not written yet" not in claws.log_text():
        fails.append("no word about the placeholders in Claws' output")
    return fails


def send_rest_after_failure(xvfb, plugin, repo, series_dir, base, workdir):
    """The sink refuses the third mail: the user is told which went out,
    "Send the rest" sends the others in the same thread, and the four
    mails are what a plain send gives (check())."""
    fails = []
    sink = cd.SmtpSink()
    sink.reject_nth = 3
    os.environ["PATCHCC_SERIES_DIR"] = series_dir
    profile = cd.Profile(os.path.join(workdir, "claws-rest"), sink.port,
                         plugin, {"tree_path": repo, "split": "b4",
                                  "on_send": "off"})
    claws = cd.Claws(profile, xvfb)
    got = []
    try:
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        dlg = open_dialog(claws, main_win)
        claws.key(dlg, "alt+m")
        time.sleep(0.8)
        claws.key(dlg, "alt+s")
        err = claws.wait_window(r"^Error$", 60)
        xvfb.screenshot(os.path.join(workdir, "partial.png"))
        claws.key(err, "Return")
        claws.wait_window(r"^Error$", 15, gone=True)
        text = claws.log_text()
        if "Sent: the cover letter, patch 1/3." not in text \
                or "Not sent: patch 2/3, patch 3/3." not in text:
            fails.append("partial send: the message does not say which "
                         "mails went out: %s" % text[-400:])
        # The dialog lists what "Send the rest" sends (the plugin logs
        # the same text): checked against what then arrives.
        rest = re.findall(r"series rest:\n(.*?)\(end of rest\)", text, re.S)
        shown = {}
        for block in re.split(r"\n(?=patch \d/3\n)", rest[-1] if rest else ""):
            lines = block.strip().splitlines()
            if lines and re.match(r"patch \d/3$", lines[0]):
                shown[lines[0]] = {
                    a.lower() for line in lines[1:]
                    for _, a in email.utils.getaddresses([line[4:]])}
        if sorted(shown) != ["patch 2/3", "patch 3/3"]:
            fails.append("partial send: the dialog does not list the two "
                         "mails left: %r" % rest)
        claws.key(dlg, "alt+r")          # Send the _rest
        claws.wait_window(r"^Compose patch series$", 60, gone=True)
        for _ in range(4):
            m = sink.wait(30)
            if m is None:
                break
            m["data"] = m["data"].replace(b"\r\n", b"\n")
            got.append(m)
        if len(got) != 4:
            fails.append("partial send: %d mails in all, want 4" % len(got))
        else:
            for i in (2, 3):
                env = {a.lower() for a in got[i]["rcpt_tos"]}
                if shown.get("patch %d/3" % i) != env:
                    fails.append("partial send: patch %d/3 went to %s, the "
                                 "dialog said %s" % (
                                     i, sorted(env),
                                     sorted(shown.get("patch %d/3" % i, ()))))
            again = os.path.join(workdir, "rest")
            os.makedirs(again, exist_ok=True)
            fails += ["after send the rest: " + f
                      for f in check(repo, base, series_dir, got, again)]
    except Exception:  # noqa: BLE001
        shot = os.path.join(workdir, "fail-rest.png")
        xvfb.screenshot(shot)
        fails.append(traceback.format_exc() + " (screenshot %s)" % shot)
    finally:
        claws.quit()
        sink.stop()
    return fails


def second_dialog(xvfb, plugin, repo, series_dir, workdir):
    """Two series dialogs, MAINTAINERS edited in between (the second one
    loads a new engine), the second cancelled: the first still sends its
    four mails (it owns its engine)."""
    fails = []
    sink = cd.SmtpSink()
    os.environ["PATCHCC_SERIES_DIR"] = series_dir
    profile = cd.Profile(os.path.join(workdir, "claws-two"), sink.port,
                         plugin, {"tree_path": repo, "split": "b4",
                                  "on_send": "off"})
    claws = cd.Claws(profile, xvfb)
    maint = os.path.join(repo, "MAINTAINERS")
    orig = open(maint, "rb").read()
    try:
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        first = open_dialog(claws, main_win)
        with open(maint, "ab") as f:
            f.write(b"\nUNRELATED\nM:\tNobody <nobody@example.org>\n"
                    b"S:\tMaintained\nF:\tnowhere/\n")
        os.utime(maint, (time.time() + 5, time.time() + 5))
        second = None
        for attempt in range(5):
            claws.key(main_win, "ctrl+shift+j")
            try:
                chooser = claws.wait_window(r"^Compose patch series: ", 4)
                break
            except cd.Error:
                if attempt == 4:
                    raise
        time.sleep(0.5)
        claws.key(chooser, "Return")
        deadline = time.monotonic() + 20
        while second is None:
            ids = [w for w in claws.find_windows(r"^Compose patch series$")
                   if w != first]
            if ids:
                second = ids[0]
            elif time.monotonic() > deadline:
                raise cd.Error("no second series dialog")
            else:
                time.sleep(0.2)
        time.sleep(1.0)
        claws.key(second, "Escape")
        deadline = time.monotonic() + 15
        while second in claws.find_windows(r"^Compose patch series$"):
            if time.monotonic() > deadline:
                raise cd.Error("the second dialog does not close")
            time.sleep(0.1)
        claws.key(first, "alt+s")
        got = [sink.wait(30) for _ in range(4)]
        if None in got:
            fails.append("two dialogs: %d of 4 mails sent by the first" %
                         sum(1 for g in got if g is not None))
    except Exception:  # noqa: BLE001
        shot = os.path.join(workdir, "fail-two.png")
        xvfb.screenshot(shot)
        fails.append(traceback.format_exc() + " (screenshot %s)" % shot)
    finally:
        claws.quit()
        sink.stop()
        open(maint, "wb").write(orig)
    text = claws.log_text()
    if "AddressSanitizer" in text or "Segmentation" in text \
            or claws.proc.returncode not in (0, None):
        fails.append("two dialogs: Claws ended with %s: %s" % (
            claws.proc.returncode, text[-1500:]))
    return fails


def dialog_says(text):
    """What the last series dialog showed in its problem bar (the plugin
    logs it: G_MESSAGES_DEBUG=patchcc)."""
    said = re.findall(r"series dialog says:\n(.*?)\n\(end of message\)",
                      text, re.S)
    return said[-1] if said else ""


def refused_folder(xvfb, plugin, repo, workdir, shot=None):
    """git format-patch -3 and -v2 -3 into one folder: the dialog names
    the problems and the files, Send sends nothing."""
    fails = []
    mixed = os.path.join(workdir, "series-mixed")
    git(repo, "format-patch", "-q", "-3", "-o", mixed, "HEAD")
    git(repo, "format-patch", "-q", "-v2", "-3", "-o", mixed, "HEAD")
    sink = cd.SmtpSink()
    os.environ["PATCHCC_SERIES_DIR"] = mixed
    profile = cd.Profile(os.path.join(workdir, "claws-mixed"), sink.port,
                         plugin, {"tree_path": repo, "split": "b4",
                                  "on_send": "off"})
    claws = cd.Claws(profile, xvfb)
    try:
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        dlg = open_dialog(claws, main_win)
        # No window manager keeps the dialog above the main window: the
        # main window goes out of the picture.
        claws.xdo("windowmove", main_win, 0, 1010, check=False)
        claws.xdo("windowraise", dlg, check=False)
        time.sleep(0.5)
        xvfb.screenshot(shot or os.path.join(workdir, "refused.png"))
        said = dialog_says(claws.log_text())
        names = sorted(os.listdir(mixed))
        if not said.startswith("Not sent: this folder does not hold one"):
            fails.append("mixed folder: the dialog does not refuse: %r" %
                         said[:300])
        for f in names:
            if f not in said:
                fails.append("mixed folder: the dialog does not name %s" % f)
        if "v2" not in said:
            fails.append("mixed folder: no word about the versions: %r" %
                         said)
        claws.key(dlg, "alt+s")
        claws.key(dlg, "Return")
        if sink.wait(4) is not None:
            fails.append("mixed folder: a mail was sent")
        claws.key(dlg, "Escape")
        claws.wait_window(r"^Compose patch series$", 15, gone=True)
    except Exception:  # noqa: BLE001
        shot = os.path.join(workdir, "fail-mixed.png")
        xvfb.screenshot(shot)
        fails.append(traceback.format_exc() + " (screenshot %s)" % shot)
    finally:
        claws.quit()
        sink.stop()
    if "CRITICAL" in claws.log_text():
        fails.append("mixed folder: Claws reported a CRITICAL")
    return fails


def long_line(xvfb, plugin, repo, series_dir, workdir):
    """Patch 2 has a 9,000-byte line: the series is refused whole, the
    reason shown, nothing sent (not the cover, not patch 1)."""
    fails = []
    long_dir = os.path.join(workdir, "series-long")
    shutil.copytree(series_dir, long_dir)
    second = os.path.join(long_dir, sorted(
        f for f in os.listdir(long_dir) if f.startswith("0002-"))[0])
    text = open(second, "rb").read()
    anchor = b"The reset fails when the PHY is still training.\n"
    if anchor not in text:
        return ["long line: the test's patch 2 lacks its anchor"]
    open(second, "wb").write(text.replace(
        anchor, anchor + b"\n" + b"x" * 9000 + b"\n", 1))
    sink = cd.SmtpSink()
    os.environ["PATCHCC_SERIES_DIR"] = long_dir
    profile = cd.Profile(os.path.join(workdir, "claws-long"), sink.port,
                         plugin, {"tree_path": repo, "split": "b4",
                                  "on_send": "off"})
    claws = cd.Claws(profile, xvfb)
    try:
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        dlg = open_dialog(claws, main_win)
        claws.key(dlg, "alt+s")
        err = claws.wait_window(r"^Error$", 20)
        xvfb.screenshot(os.path.join(workdir, "long-line.png"))
        claws.key(err, "Return")
        claws.wait_window(r"^Error$", 15, gone=True)
        if sink.wait(4) is not None:
            fails.append("long line: a mail was sent")
        said = dialog_says(claws.log_text())
        if "Nothing was sent" not in said or "9000 bytes" not in said \
                or os.path.basename(second) not in said:
            fails.append("long line: the dialog does not say why: %r" %
                         said[:400])
        claws.key(dlg, "Escape")
        claws.wait_window(r"^Compose patch series$", 15, gone=True)
    except Exception:  # noqa: BLE001
        shot = os.path.join(workdir, "fail-long.png")
        xvfb.screenshot(shot)
        fails.append(traceback.format_exc() + " (screenshot %s)" % shot)
    finally:
        claws.quit()
        sink.stop()
    if "CRITICAL" in claws.log_text():
        fails.append("long line: Claws reported a CRITICAL")
    return fails


def close_while_sending(xvfb, plugin, repo, series_dir, workdir):
    """The window manager's close (WM_DELETE_WINDOW) and Escape while a
    slow server receives the series: ignored until the send ends; all
    four mails arrive and Claws keeps running."""
    fails = []
    sink = cd.SmtpSink()
    sink.delay = 1.5
    os.environ["PATCHCC_SERIES_DIR"] = series_dir
    profile = cd.Profile(os.path.join(workdir, "claws-close"), sink.port,
                         plugin, {"tree_path": repo, "split": "b4",
                                  "on_send": "off"})
    claws = cd.Claws(profile, xvfb)
    got = []
    try:
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        dlg = open_dialog(claws, main_win)
        claws.key(dlg, "alt+s")
        for _ in range(6):
            time.sleep(0.5)
            try:
                claws.wm_close(dlg)
                claws.xdo("key", "--window", dlg, "Escape", check=False)
            except Exception:  # noqa: BLE001  (the dialog is gone)
                break
        for _ in range(4):
            m = sink.wait(30)
            if m is None:
                break
            got.append(m)
        if len(got) != 4:
            fails.append("closed while sending: %d of 4 mails sent" %
                         len(got))
        claws.wait_window(r"^Compose patch series$", 20, gone=True)
        if claws.proc.poll() is not None:
            fails.append("closed while sending: Claws ended with %s" %
                         claws.proc.returncode)
        claws.wait_window(r"Claws Mail", 10)
    except Exception:  # noqa: BLE001
        shot = os.path.join(workdir, "fail-close.png")
        xvfb.screenshot(shot)
        fails.append(traceback.format_exc() + " (screenshot %s)" % shot)
    finally:
        claws.quit()
        sink.stop()
    text = claws.log_text()
    if "Segmentation" in text or "CRITICAL" in text:
        fails.append("closed while sending: Claws reported: %s" %
                     text[-1500:])
    if "series dialog: not closed while sending" not in text:
        fails.append("closed while sending: the close never reached the "
                     "dialog during the send (the test tests nothing)")
    return fails

OLD_CC = "Old Cc <oldcc@example.org>"
REVIEWER = "Rev Iewer <reviewer@example.org>"


def make_v2(repo, base, workdir):
    """Version 2 of the series on branch v2: 1/3 and 3/3 as they were,
    2/3 changed (a comment that says why).  The work tree is left on
    master."""
    git(repo, "checkout", "-q", "-b", "v2", base)
    git(repo, "cherry-pick", "master~2")
    git(repo, "cherry-pick", "--no-commit", "master~1")
    path = os.path.join(repo, "drivers/net/ethernet/foo/foo_main.c")
    text = open(path).read().replace("/* wait for the PHY */",
                                     "/* wait until the PHY has trained */")
    open(path, "w").write(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-C", "master~1")
    git(repo, "cherry-pick", "master")
    v2_dir = os.path.join(workdir, "series-v2")
    git(repo, "format-patch", "-q", "-v2", "--cover-letter",
        "--base=" + base, "-o", v2_dir, base + "..v2")
    git(repo, "checkout", "-q", "master")
    cover = os.path.join(v2_dir, sorted(os.listdir(v2_dir))[0])
    text = open(cover, "rb").read()
    text = text.replace(b"*** SUBJECT HERE ***",
                        b"net: foo: a tunable reset timeout")
    text = text.replace(b"*** BLURB HERE ***",
                        b"v2: 2/3 says what it waits for.")
    open(cover, "wb").write(text)
    return v2_dir


QUOTER = "Quo Ter <quoter@example.org>"
QUOTED = "Quoted Tester <quoted@example.org>"


def previous_version(xvfb, plugin, repo, base, series_dir, workdir):
    """Version 2 of the series with 2/3 changed; version 1 in Claws' Sent
    folder with a person added to its Cc by hand; in the inbox, named by
    the previous_folders setting, three replies: the reviewer's
    Reviewed-by on 1/3, the hand-added person's Acked-by on the cover
    letter, and someone quoting the Reviewed-by and another trailer.
    The dialog says what it found; the repliers and the hand-added Cc
    are in the review with their reasons; 1/3 carries the Reviewed-by and
    the Acked-by, 2/3 neither (it changed since the review), 3/3 the
    Acked-by, no quoted trailer anywhere; the cover says what changed,
    links to v1, carries the range-diff and, "In reply to v1's thread"
    ticked, answers v1's cover."""
    fails = []
    v2_dir = make_v2(repo, base, workdir)

    sink = cd.SmtpSink()
    os.environ["PATCHCC_SERIES_DIR"] = v2_dir
    profile = cd.Profile(os.path.join(workdir, "claws-v2"), sink.port,
                         plugin, {"tree_path": repo, "split": "b4",
                                  "on_send": "off",
                                  "previous_folders": "#mh/Mailbox/inbox"})
    mail = os.path.join(profile.home, "Mail")
    # Version 1 as it was sent: the series files with the headers git
    # send-email adds, in the Sent folder.
    v1 = sorted(f for f in os.listdir(series_dir) if f.endswith(".patch"))
    for n, f in enumerate(v1):
        raw = open(os.path.join(series_dir, f), "rb").read()
        raw = raw.split(b"\n", 1)[1]  # the "From <sha>" line
        head = (b"Message-Id: <v1-%d@example.org>\n"
                b"Date: Mon, 30 Nov 2026 10:00:0%d +0000\n"
                b"To: Ada Lovelace <ada@example.org>\n"
                b"Cc: %s\n" % (n, n, OLD_CC.encode()))
        if n:
            head += (b"In-Reply-To: <v1-0@example.org>\n"
                     b"References: <v1-0@example.org>\n")
        raw = re.sub(rb"(?m)^Date: .*\n", b"", raw, count=1)
        with open(os.path.join(mail, "sent", str(n + 1)), "wb") as fh:
            fh.write(head + raw)
    subject1 = re.search(rb"(?m)^Subject: (.*)$",
                         open(os.path.join(series_dir, v1[1]), "rb").read())
    with open(os.path.join(mail, "inbox", "1"), "wb") as fh:
        fh.write(b"From: %s\nTo: %s\nSubject: Re: %s\n"
                 b"Date: Tue, 1 Dec 2026 09:00:00 +0000\n"
                 b"Message-Id: <reply-1@example.org>\n"
                 b"In-Reply-To: <v1-1@example.org>\n"
                 b"References: <v1-0@example.org> <v1-1@example.org>\n\n"
                 b"> So that slow PHYs can be given more time.\n\n"
                 b"Reviewed-by: %s\n" % (REVIEWER.encode(), SENDER.encode(),
                                         subject1.group(1),
                                         REVIEWER.encode()))
    cover_subject = re.search(
        rb"(?m)^Subject: (.*)$",
        open(os.path.join(series_dir, v1[0]), "rb").read()).group(1)
    with open(os.path.join(mail, "inbox", "2"), "wb") as fh:
        fh.write(b"From: %s\nTo: %s\nSubject: Re: %s\n"
                 b"Date: Tue, 1 Dec 2026 10:00:00 +0000\n"
                 b"Message-Id: <reply-2@example.org>\n"
                 b"In-Reply-To: <v1-0@example.org>\n"
                 b"References: <v1-0@example.org>\n\n"
                 b"For the series:\n\nAcked-by: %s\n"
                 % (OLD_CC.encode(), SENDER.encode(), cover_subject,
                    OLD_CC.encode()))
    with open(os.path.join(mail, "inbox", "3"), "wb") as fh:
        fh.write(b"From: %s\nTo: %s\nSubject: Re: %s\n"
                 b"Date: Tue, 1 Dec 2026 11:00:00 +0000\n"
                 b"Message-Id: <reply-3@example.org>\n"
                 b"In-Reply-To: <reply-1@example.org>\n"
                 b"References: <v1-0@example.org> <v1-1@example.org> "
                 b"<reply-1@example.org>\n\n"
                 b"> Reviewed-by: %s\n> Tested-by: %s\n\nAgreed.\n"
                 % (QUOTER.encode(), SENDER.encode(), subject1.group(1),
                    REVIEWER.encode(), QUOTED.encode()))
    claws = cd.Claws(profile, xvfb)
    got = []
    try:
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        dlg = open_dialog(claws, main_win)
        claws.key(dlg, "alt+m")
        time.sleep(0.8)
        xvfb.screenshot(os.path.join(workdir, "series-v2-dialog.png"))
        said = re.findall(r"series previous version: (.*)", claws.log_text())
        want = ("Previous version: v1, found by subject in Sent: "
                "3 patches and a cover letter, 3 replies, sent Mon, 30 Nov "
                "2026 10:00:00 +0000. Trailers from the replies: 4, 3 "
                "ticked to be written into the patch mails")
        if not said or said[-1] != want:
            fails.append("v2: the dialog says %r, not %r" % (said, want))
        # The cover letter's review: the hand-added Cc and the repliers,
        # each with the reason the mailbox gives.
        rows = logged_reviews(claws.log_text()).get("the cover letter", [])
        reasons = {addr: why for _, addr, why in rows}
        for who, why in ((OLD_CC, "from v1: on v1's Cc; replied to the "
                          "cover letter on 1 Dec"),
                         (REVIEWER, "from v1: replied to 1/3 on 1 Dec"),
                         (QUOTER, "from v1: replied to 1/3 on 1 Dec")):
            if reasons.get(who) != why:
                fails.append("v2: the review gives %s as %r, not %r" %
                             (who, reasons.get(who), why))
        # In reply to v1's thread (b4 starts a new one unless asked).
        claws.key(dlg, "alt+t")
        time.sleep(0.5)
        if "in reply to its thread: yes" not in claws.log_text():
            fails.append("v2: Alt+T did not tick \"In reply to v1's "
                         "thread\"")
        claws.key(dlg, "alt+s")
        for _ in range(4):
            m = sink.wait(30)
            if m is None:
                break
            m["data"] = m["data"].replace(b"\r\n", b"\n")
            got.append(m)
        if len(got) != 4:
            fails.append("v2: %d of 4 mails sent" % len(got))
        for i, m in enumerate(got):
            rcpts = [r.lower() for r in m["rcpt_tos"]]
            if "oldcc@example.org" not in rcpts:
                fails.append("v2: mail %d does not go to v1's Cc: %s" %
                             (i, rcpts))
            for who in ("reviewer@example.org", "quoter@example.org"):
                if i == 0 and who not in rcpts:
                    fails.append("v2: the cover does not go to %s, who "
                                 "replied to v1: %s" % (who, rcpts))
            body = body_of(m["data"])
            log = body.split(b"\n---\n", 1)[0] + b"\n"
            has = b"\nReviewed-by: " + REVIEWER.encode() + b"\n" in log
            if has != (i == 1):
                fails.append("v2: mail %d %s the Reviewed-by trailer" %
                             (i, "lacks" if i == 1 else "has"))
            # the Acked-by given on v1's cover: on 1/3 and 3/3, not on 2/3
            # (changed since the review)
            has = b"\nAcked-by: " + OLD_CC.encode() + b"\n" in log
            if has != (i in (1, 3)):
                fails.append("v2: mail %d %s the cover's Acked-by" %
                             (i, "lacks" if i in (1, 3) else "has"))
            if QUOTED.encode() in m["data"] or b"Tested-by:" in log:
                fails.append("v2: mail %d has a quoted trailer" % i)
            head = m["data"].split(b"\n\n", 1)[0]
            irt = re.search(rb"(?mi)^In-Reply-To: (.*)$", head)
            refs = re.search(rb"(?mi)^References: (.*)$", head)
            if i == 0 and (not irt or irt.group(1) != b"<v1-0@example.org>"):
                fails.append("v2: the cover does not answer v1's: %r" %
                             (irt and irt.group(1)))
            if not refs or not refs.group(1).startswith(
                    b"<v1-0@example.org>"):
                fails.append("v2: mail %d's References do not start with "
                             "v1's cover: %r" % (i, refs and refs.group(1)))
            # The cover says what changed since v1 (nothing but the
            # rebase: the same patch IDs) and links to v1's cover.
            changes = (b"\nChanges in v2:\n- 2/3 \"net: foo: wait for the "
                       b"PHY before the reset\": changed since v1\n- Link "
                       b"to v1: https://lore.kernel.org/r/v1-0@example.org\n")
            # and the range-diff against v1, applied in memory on the
            # base in the tree's repository: 1/3 and 3/3 the same, 2/3
            # changed, with the line that changed
            same = re.findall(rb"(?m)^([13]):  [0-9a-f]{7,} = \1:  "
                              rb"[0-9a-f]{7,} ", body)
            changed = re.search(rb"(?m)^2:  [0-9a-f]{7,} ! 2:  "
                                rb"[0-9a-f]{7,} net: foo: wait for the PHY",
                                body)
            if i == 0 and (len(same) != 2 or not changed
                           or b"wait until the PHY has trained" not in body):
                fails.append("v2: the cover's range-diff against v1 is "
                             "not 1/3 and 3/3 equal, 2/3 changed: %r" %
                             body[-2500:])
            if (changes in body) != (i == 0):
                fails.append("v2: mail %d %s the changes since v1: %r" %
                             (i, "lacks" if i == 0 else "has", body[:600]))
    except Exception:  # noqa: BLE001
        shot = os.path.join(workdir, "fail-v2.png")
        xvfb.screenshot(shot)
        fails.append(traceback.format_exc() + " (screenshot %s)" % shot)
    finally:
        claws.quit()
        sink.stop()
    text = claws.log_text()
    if "Segmentation" in text or "CRITICAL" in text:
        fails.append("v2: Claws reported: %s" % text[-1500:])
    return fails


def previous_ignored(xvfb, plugin, repo, workdir):
    """The same mailbox, "Ignore v1" ticked (Alt+I): nothing of v1 is
    sent, neither its people nor its trailers."""
    fails = []
    sink = cd.SmtpSink()
    os.environ["PATCHCC_SERIES_DIR"] = os.path.join(workdir, "series-v2")
    profile = cd.Profile(os.path.join(workdir, "claws-v2-ignored"),
                         sink.port, plugin,
                         {"tree_path": repo, "split": "b4", "on_send": "off",
                          "previous_folders": "#mh/Mailbox/inbox"})
    mail = os.path.join(profile.home, "Mail")
    src = os.path.join(workdir, "claws-v2", "home", "Mail")
    for f in ("sent", "inbox"):
        shutil.rmtree(os.path.join(mail, f))
        shutil.copytree(os.path.join(src, f), os.path.join(mail, f))
    claws = cd.Claws(profile, xvfb)
    got = []
    try:
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        dlg = open_dialog(claws, main_win)
        claws.key(dlg, "alt+i")
        time.sleep(0.5)
        claws.key(dlg, "alt+m")
        time.sleep(0.8)
        claws.key(dlg, "alt+s")
        for _ in range(4):
            m = sink.wait(30)
            if m is None:
                break
            m["data"] = m["data"].replace(b"\r\n", b"\n")
            got.append(m)
        if len(got) != 4:
            fails.append("v1 ignored: %d of 4 mails sent" % len(got))
        for i, m in enumerate(got):
            rcpts = [r.lower() for r in m["rcpt_tos"]]
            for who in ("oldcc@example.org", "reviewer@example.org"):
                if who in rcpts:
                    fails.append("v1 ignored: mail %d goes to %s" % (i, who))
            if b"Reviewed-by: " + REVIEWER.encode() in m["data"]:
                fails.append("v1 ignored: mail %d has the trailer" % i)
            if re.search(rb"(?m)^1:  [0-9a-f]{7,} = ", m["data"]):
                fails.append("v1 ignored: mail %d has a range-diff" % i)
            if b"Link to v1:" in m["data"]:
                fails.append("v1 ignored: mail %d links to v1" % i)
            if b"v1-0@example.org" in m["data"].split(b"\n\n", 1)[0]:
                fails.append("v1 ignored: mail %d is in v1's thread" % i)
    except Exception:  # noqa: BLE001
        shot = os.path.join(workdir, "fail-v2-ignored.png")
        xvfb.screenshot(shot)
        fails.append(traceback.format_exc() + " (screenshot %s)" % shot)
    finally:
        claws.quit()
        sink.stop()
    text = claws.log_text()
    if "series previous version: Previous version: v1," not in text:
        fails.append("v1 ignored: v1 was not found (the test tests "
                     "nothing)")
    if "Segmentation" in text or "CRITICAL" in text:
        fails.append("v1 ignored: Claws reported: %s" % text[-1500:])
    return fails


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--workdir")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--asan", metavar="ASAN_PRELOAD_SO",
                    help="the plugin is built with ASan (meson "
                    "-Db_sanitize=address): preload gcc's libasan and "
                    "ASAN_PRELOAD_SO (tests/e2e/asan-preload.c, built) "
                    "into claws-mail")
    ap.add_argument("--libasan", help="instead of gcc "
                    "-print-file-name=libasan.so")
    ap.add_argument("--refused-shot", metavar="PNG",
                    help="where to save the screen with the dialog that "
                    "refuses a folder of two versions")
    args = ap.parse_args()
    for tool in ("Xvfb", "xdotool", "claws-mail", "git"):
        if shutil.which(tool) is None:
            print("SKIP: %s not installed" % tool)
            return 77
    try:
        import aiosmtpd  # noqa: F401
    except ImportError:
        print("SKIP: python3-aiosmtpd not installed (run /usr/bin/python3)")
        return 77
    plugin = os.path.abspath(args.plugin)
    if not os.path.exists(plugin):
        print("FAIL: no plugin at %s" % plugin)
        return 1
    if args.asan:
        # The plugin must be the instrumented one, or this tests nothing.
        syms = subprocess.run(["nm", "-D", plugin], capture_output=True,
                              text=True).stdout
        if "__asan_init" not in syms:
            print("FAIL: --asan, but %s is not built with ASan" % plugin)
            return 1
        cd.log("ASan: preloading", cd.use_asan(args.asan, args.libasan))
    workdir = args.workdir or cd.mkdtemp("/tmp/patchcc-series-e2e-")
    repo, base, series_dir = make_series(workdir)
    cd.log("series", series_dir)

    sink = cd.SmtpSink()
    xvfb = cd.Xvfb()
    profile = cd.Profile(os.path.join(workdir, "claws"), sink.port, plugin,
                         {"tree_path": repo, "split": "b4",
                          "on_send": "off"})
    claws = None
    fails = []
    got = []
    try:
        before = {f: open(os.path.join(series_dir, f), "rb").read()
                  for f in os.listdir(series_dir)}
        fails += refuse_placeholders(xvfb, sink, plugin, repo, workdir)
        # The folder chooser starts there (the plugin reads it).
        os.environ["PATCHCC_SERIES_DIR"] = series_dir
        claws = cd.Claws(profile, xvfb,
                         stderr_path=os.path.join(workdir, "claws.log"))
        main_win = claws.wait_window(r"Claws Mail", 40)
        time.sleep(1.0)
        chooser = None
        for attempt in range(5):
            claws.key(main_win, "ctrl+shift+j")
            try:
                chooser = claws.wait_window(r"^Compose patch series: ", 4)
                break
            except cd.Error:
                if attempt == 4:
                    raise
        time.sleep(0.5)
        claws.key(chooser, "Return")
        dlg = claws.wait_window(r"^Compose patch series$", 20)
        time.sleep(1.0)
        claws.key(dlg, "alt+m")          # move the Assisted-by trailer
        time.sleep(0.8)
        xvfb.screenshot(os.path.join(workdir, "series-dialog.png"))
        # What the review showed before anything was sent.
        review = logged_reviews(claws.log_text())
        if not sink.messages.empty():
            fails.append("mails were sent before Send")
        claws.key(dlg, "alt+s")          # send the series
        for _ in range(4):
            m = sink.wait(30)
            if m is None:
                break
            m["data"] = m["data"].replace(b"\r\n", b"\n")
            got.append(m)
        if len(got) < 4:
            shot = os.path.join(workdir, "fail.png")
            xvfb.screenshot(shot)
            fails.append("only %d mails reached the sink (screenshot %s)" %
                         (len(got), shot))
        else:
            fails += check(repo, base, series_dir, got, workdir)
            fails += check_review(review, got)
        after = {f: open(os.path.join(series_dir, f), "rb").read()
                 for f in os.listdir(series_dir)}
        if after != before:
            fails.append("the plugin wrote into the patch folder: %s" %
                         sorted(set(after) ^ set(before)
                                | {f for f in after if f in before
                                   and after[f] != before[f]}))
        text = claws.log_text()
        if "CRITICAL" in text or "Segmentation" in text:
            fails.append("Claws reported: %s" % [
                l for l in text.splitlines() if "CRITICAL" in l][:3])
        claws.quit()
        claws = None
        fails += send_rest_after_failure(xvfb, plugin, repo, series_dir,
                                         base, workdir)
        fails += second_dialog(xvfb, plugin, repo, series_dir, workdir)
        fails += refused_folder(xvfb, plugin, repo, workdir, args.refused_shot)
        fails += long_line(xvfb, plugin, repo, series_dir, workdir)
        fails += close_while_sending(xvfb, plugin, repo, series_dir, workdir)
        fails += previous_version(xvfb, plugin, repo, base, series_dir,
                                  workdir)
        fails += previous_ignored(xvfb, plugin, repo, workdir)
    except Exception:  # noqa: BLE001
        shot = os.path.join(workdir, "fail.png")
        try:
            xvfb.screenshot(shot)
        except Exception:  # noqa: BLE001
            pass
        fails.append(traceback.format_exc() + " (screenshot %s)" % shot)
    finally:
        if claws is not None:
            claws.quit()
        sink.stop()
        xvfb.stop()
    # Every Claws run's stderr: a sanitizer report anywhere fails the test
    # (with --asan, the plugin's memory errors; UBSan's always).
    for d, _, files in os.walk(workdir):
        if "claws.log" in files:
            path = os.path.join(d, "claws.log")
            report = cd.sanitizer_report(
                open(path, encoding="utf-8", errors="replace").read())
            if report:
                fails.append("sanitizer report in %s:\n%s" % (path, report))
    for f in fails:
        print("FAIL:", f)
    if not fails:
        print("ok: 4 threaded mails, recipients, bodies, git am tree, "
              "provenance (workdir %s)" % workdir)
        if not args.keep and not args.workdir:
            shutil.rmtree(workdir, ignore_errors=True)
    else:
        print("workdir kept: %s" % workdir)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
