#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""demo-claws.py - the patchcc Claws Mail plugin at work (run by demo.sh).

Opens Claws Mail (a throw-away profile, the plugin from the build folder,
the kernel tree found by the plugin's default lookup) on a corpus patch
with wrong recipients typed, runs Tools > Fix patch recipients, applies
the review, sends to a local SMTP sink, prints the recipients before and
after, and saves screenshots.  Uses $DISPLAY when set, else a private
Xvfb.
"""

import argparse
import email
import email.policy
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(SRC, "tests", "e2e"))
import clawsdrive as cd  # noqa: E402


class RealDisplay:
    """The user's display: windows are shot one by one."""

    def __init__(self, display):
        self.display = display

    def stop(self):
        pass

    def screenshot(self, path, wid=None):
        subprocess.run(["import", "-display", self.display, "-window",
                        str(wid) if wid else "root", path], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def snap(display, headless, path, wid):
    if headless:
        display.screenshot(path)        # the whole (private) screen
    else:
        display.screenshot(path, wid)   # just that window


def show(title, to, cc):
    print("  %s" % title)
    for name, lst in (("To", to), ("Cc", cc)):
        if not lst:
            print("    %s: (none)" % name)
        for i, a in enumerate(lst):
            print("    %s %s" % ((name + ":") if i == 0 else "   ", a))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--patch", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tree", help="tree_path for the plugin (default: its "
                    "own lookup)")
    ap.add_argument("--keep-open", type=float, default=0,
                    help="seconds to leave the windows up before sending")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    raw = open(args.patch, "rb").read()
    msg, body = cd.split_mail(raw)
    subject = " ".join(str(msg["Subject"]).split())
    typed_to = ["Wrong Person <wrong@example.org>"]
    typed_cc = ["linux-kernel@vger.kernel.org"]

    if os.environ.get("DISPLAY"):
        display = RealDisplay(os.environ["DISPLAY"])
        headless = False
    else:
        display = cd.Xvfb("1400x900x24")
        headless = True
    sink = cd.SmtpSink()
    root = os.path.join(args.out, "profile")
    shutil.rmtree(root, ignore_errors=True)
    settings = {"on_send": "ask", "split": "b4",
                "tree_path": args.tree or ""}
    profile = cd.Profile(root, sink.port, os.path.abspath(args.plugin),
                         settings, common={"compose_width": 1000,
                                           "compose_height": 760,
                                           "compose_notebook_height": 380,
                                           "mainwin_x": 420,
                                           "mainwin_y": 120})
    compose = os.path.join(root, "compose.txt")
    with open(compose, "wb") as f:
        f.write(cd.compose_file_text(typed_to, typed_cc, subject, body))

    print("patchcc demo: %s" % subject)
    print("  patch     %s" % args.patch)
    print("  display   %s%s" % (display.display,
                                " (private Xvfb)" if headless else ""))
    print("  SMTP sink 127.0.0.1:%d" % sink.port)
    show("before (typed by hand):", typed_to, typed_cc)

    claws = cd.Claws(profile, display, compose)
    status = 1
    try:
        win = claws.wait_window(r"Compose message", 30)
        time.sleep(0.5)
        shot = os.path.join(args.out, "1-compose-before.png")
        snap(display, headless, shot, win)
        t0 = time.monotonic()
        claws.key(win, "ctrl+shift+r")
        dlg = claws.wait_window(r"^Fix patch recipients$", 15)
        waited = time.monotonic() - t0
        time.sleep(0.6)
        snap(display, headless, os.path.join(args.out, "2-review.png"), dlg)
        time.sleep(args.keep_open)
        claws.key(dlg, "Return")               # Apply
        claws.wait_window(r"^Fix patch recipients$", 15, gone=True)
        time.sleep(0.5)
        snap(display, headless, os.path.join(args.out, "3-compose-after.png"),
             win)
        time.sleep(args.keep_open)
        claws.key(win, "ctrl+Return")          # Send
        m = sink.wait(30)
        if m is None:
            raise cd.Error("nothing reached the SMTP sink")
        data = m["data"].replace(b"\r\n", b"\n")
        sent = email.message_from_bytes(data, policy=email.policy.default)
        with open(os.path.join(args.out, "sent.eml"), "wb") as f:
            f.write(data)
        fmt = lambda l: ["%s <%s>" % (n, a) if n else a for n, a in l]  # noqa
        show("after (as sent, header):", fmt(cd.addresses(sent, "To")),
             fmt(cd.addresses(sent, "Cc")))
        print("  envelope  RCPT TO: %d addresses" % len(m["rcpt_tos"]))
        body_ok = (sent.get_payload(decode=True) or b"") in (body,
                                                             body + b"\n")
        print("  body      %s" % ("unchanged" if body_ok else "CHANGED"))
        for line in claws.log_text().splitlines():
            if "timing:" in line:
                print("  plugin    " + line.split("timing: ", 1)[1])
        print("  review on screen %.2f s after the key press (xdotool "
              "polling included)" % waited)
        status = 0 if body_ok else 1
    except Exception as e:  # noqa: BLE001
        display.screenshot(os.path.join(args.out, "error.png"))
        print("demo: %s (see %s)" % (e, os.path.join(args.out, "error.png")),
              file=sys.stderr)
        print(claws.log_text()[-2000:], file=sys.stderr)
    finally:
        claws.quit()
        sink.stop()
        display.stop()
    print("  screenshots and sent.eml in %s" % args.out)
    return status


if __name__ == "__main__":
    sys.exit(main())
