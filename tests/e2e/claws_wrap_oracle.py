#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""claws_wrap_oracle - record what the real Claws Mail does to patch bodies.

For each tests/data/claws-wrap/NAME.in (a --compose-from-file input:
headers, a blank line, the body), start claws-mail under a private Xvfb
with a fresh profile holding STOCK preferences (no line-wrapping keys in
clawsrc: automatic wrapping on, 72 columns), open the file with
--compose-from-file, send it with Ctrl+Return to an SMTP sink on
127.0.0.1, and write the body the sink received (transfer encoding
undone) to NAME.out.  tests/core/engine/test-damage.c checks that its re-implementation
of Claws' wrapping (tests/lib/claws-wrap.c) gives these bytes exactly.

    /usr/bin/python3 tests/e2e/claws_wrap_oracle.py [tests/data/claws-wrap]

Needs claws-mail, Xvfb, xdotool and Debian's python3-aiosmtpd.
"""

import email
import email.policy
import glob
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clawsdrive as cd  # noqa: E402

STOCK_CLAWSRC = """[Common]
config_version=4
use_networkmanager=0
send_dialog_mode=1
enable_aspell=0
warn_empty_subj=0
confirm_on_exit=0
savemsg=0
"""


def run_one(xvfb, sink, path):
    root = cd.mkdtemp("claws-wrap-")
    try:
        profile = cd.Profile(root, sink.port, "", {})
        # Stock preferences: only what keeps Claws from asking questions.
        with open(os.path.join(profile.config, "clawsrc"), "w") as f:
            f.write(STOCK_CLAWSRC)
        claws = cd.Claws(profile, xvfb, compose_file=path)
        try:
            win = claws.wait_window(r"Compose message", 30)
            claws.key(win, "ctrl+Return")
            msg = sink.wait(30)
            if msg is None:
                raise cd.Error("%s: nothing reached the sink" % path)
        finally:
            claws.quit()
            claws.kill()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    m = email.message_from_bytes(msg["data"], policy=email.policy.default)
    # SMTP carries CRLF line ends; the compose buffer had LF.
    return m.get_content().replace("\r\n", "\n").encode("utf-8")


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "data", "claws-wrap")
    xvfb = cd.Xvfb()
    sink = cd.SmtpSink()
    try:
        for path in sorted(glob.glob(os.path.join(d, "*.in"))):
            body = run_one(xvfb, sink, os.path.abspath(path))
            out = path[:-3] + ".out"
            with open(out, "wb") as f:
                f.write(body)
            cd.log("wrote", out, len(body), "bytes")
    finally:
        sink.stop()
        xvfb.stop()


if __name__ == "__main__":
    main()
