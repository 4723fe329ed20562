# SPDX-License-Identifier: GPL-2.0-or-later
"""clawsdrive - run the real Claws Mail headless, with the patchcc plugin.

Pieces shared by the end-to-end test (tests/e2e/test_claws_e2e.py) and
scripts/demo.sh:

  Xvfb          a private X display (Xvfb -displayfd), no window manager
  SmtpSink      aiosmtpd on 127.0.0.1:<free port>; keeps envelope + bytes
  Profile       a throw-away Claws profile: accountrc (SMTP-only account
                pointing at the sink), clawsrc (no line wrapping, no spell
                checker, no autosave, plugin loaded, [patchcc] settings),
                folderlist.xml with an MH mailbox, toolbar_compose.xml with
                the patchcc toolbar item first
  Claws         one claws-mail process on that profile, private HOME and
                XDG_RUNTIME_DIR; windows found and keys sent with xdotool

Run with Debian's /usr/bin/python3 (python3-aiosmtpd).
"""

import email
import email.header
import email.policy
import email.utils
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time

XDOTOOL = shutil.which("xdotool") or "/usr/bin/xdotool"


class Error(Exception):
    pass


def log(*args):
    print("[e2e %6.2f]" % (time.monotonic() - _T0), *args, flush=True)


_T0 = time.monotonic()


# --- X display -----------------------------------------------------------

class Xvfb:
    def __init__(self, size="1280x1024x24"):
        r, w = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", size,
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(w,), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(w)
        buf = b""
        deadline = time.monotonic() + 20
        while not buf.endswith(b"\n"):
            if time.monotonic() > deadline:
                self.stop()
                raise Error("Xvfb did not start")
            chunk = os.read(r, 64)
            if not chunk:
                self.stop()
                raise Error("Xvfb exited before giving a display")
            buf += chunk
        os.close(r)
        self.display = ":" + buf.decode().strip()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def screenshot(self, path):
        subprocess.run(["import", "-display", self.display, "-window", "root",
                        path], check=False, timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wm_delete(display, wid):
    """Send WM_PROTOCOLS/WM_DELETE_WINDOW to window @wid on @display
    (there is no window manager under Xvfb to do it)."""
    import ctypes
    import ctypes.util

    x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                ctypes.c_int]

    class ClientMessage(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                    ("send_event", ctypes.c_int),
                    ("display", ctypes.c_void_p),
                    ("window", ctypes.c_ulong),
                    ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("l", ctypes.c_long * 5)]

    class XEvent(ctypes.Union):
        _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]

    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int,
                               ctypes.c_long, ctypes.POINTER(XEvent)]
    x11.XFlush.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    d = x11.XOpenDisplay(display.encode())
    if not d:
        raise Error("cannot open display %s" % display)
    ev = XEvent()
    ev.xclient.type = 33  # ClientMessage
    ev.xclient.window = wid
    ev.xclient.message_type = x11.XInternAtom(d, b"WM_PROTOCOLS", 0)
    ev.xclient.format = 32
    ev.xclient.l[0] = x11.XInternAtom(d, b"WM_DELETE_WINDOW", 0)
    ev.xclient.l[1] = 0  # CurrentTime
    x11.XSendEvent(d, wid, 0, 0, ctypes.byref(ev))
    x11.XFlush(d)
    x11.XCloseDisplay(d)


# --- SMTP sink -------------------------------------------------------------

class SmtpSink:
    """Records every delivered message: (envelope rcpts, mail from, bytes)."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        sink = self
        self.messages = queue.Queue()
        # Set to N to refuse the N-th message (1-based) once, with 554.
        self.reject_nth = None
        # Seconds each message waits before it is accepted (a slow
        # server: the client's send is still running meanwhile).
        self.delay = 0
        self.count = 0

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                sink.count += 1
                if sink.delay:
                    import asyncio
                    await asyncio.sleep(sink.delay)
                if sink.count == sink.reject_nth:
                    return "554 5.0.0 refused by the test"
                sink.messages.put({
                    "mail_from": envelope.mail_from,
                    "rcpt_tos": list(envelope.rcpt_tos),
                    "data": bytes(envelope.original_content
                                  or envelope.content),
                })
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1",
                                     port=self.port)
        self.controller.start()

    def wait(self, timeout):
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def stop(self):
        self.controller.stop()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


# --- profile ---------------------------------------------------------------

TOOLBAR_ITEM_TEXT = "patchcc/Fix patch recipients"


class Profile:
    """A throw-away Claws profile under @root (HOME, config dir, mailbox)."""

    def __init__(self, root, smtp_port, plugin, settings, common=None,
                 stock_wrapping=False):
        self.root = root
        self.home = os.path.join(root, "home")
        self.config = os.path.join(root, "claws")
        self.runtime = os.path.join(root, "run")
        for d in (self.home, self.config, self.runtime):
            os.makedirs(d, exist_ok=True)
        os.chmod(self.runtime, 0o700)
        mail = os.path.join(self.home, "Mail")
        for f in ("inbox", "sent", "queue", "draft", "trash"):
            os.makedirs(os.path.join(mail, f), exist_ok=True)
        self._write("accountrc", ACCOUNTRC.format(port=smtp_port))
        block = "".join("%s=%s\n" % kv for kv in settings.items())
        extra = "".join("%s=%s\n" % kv for kv in (common or {}).items())
        clawsrc = CLAWSRC.format(plugin=plugin, patchcc=block, common=extra)
        if stock_wrapping:
            # Claws' shipped wrapping preferences: no linewrap_* key at all.
            clawsrc = re.sub(r"(?m)^linewrap_\w+=.*\n", "", clawsrc)
        self._write("clawsrc", clawsrc)
        self._write("folderlist.xml", FOLDERLIST.format(mail=mail))
        self._write("toolbar_compose.xml", TOOLBAR_COMPOSE)

    def _write(self, name, text):
        with open(os.path.join(self.config, name), "w") as f:
            f.write(text)

    def env(self, display):
        env = dict(os.environ)
        env.update({
            "HOME": self.home,
            "XDG_RUNTIME_DIR": self.runtime,
            "XDG_CONFIG_HOME": os.path.join(self.home, ".config"),
            "DISPLAY": display,
            "NO_AT_BRIDGE": "1",
            "GTK_A11Y": "none",
            "LC_ALL": "C.UTF-8",
            "LANGUAGE": "",
            # The plugin's timing lines (g_debug) go to stderr.
            "G_MESSAGES_DEBUG": "patchcc",
        })
        # The tree lookup of the plugin uses $PATCHCC_TREE, then the cache
        # of kernel/prepare-tree.sh: keep the caller's cache visible.
        env.setdefault("XDG_CACHE_HOME", os.path.join(
            os.environ.get("HOME", "/root"), ".cache"))
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        return env


ACCOUNTRC = """[Account: 1]
account_name=patchcc test
is_default=1
name=Patch Sender
address=sender@example.org
protocol=4
receive_server=
smtp_server=127.0.0.1
set_smtpport=1
smtp_port={port}
use_smtp_auth=0
ssl_smtp=0
use_tls_sni=0
set_domain=1
domain=example.org
"""

CLAWSRC = """[Common]
config_version=4
use_networkmanager=0
send_dialog_mode=1
confirm_send_queued_messages=0
enable_aspell=0
check_while_typing=0
autosave=0
linewrap_auto=0
linewrap_pastes=0
warn_empty_subj=0
warn_sending_many_recipients_num=0
warn_large_insert=0
warn_queued_on_exit=0
confirm_on_exit=0
show_tooltips=0
savemsg=1
{common}[Plugins_GTK3]
{plugin}

[patchcc]
{patchcc}
"""

FOLDERLIST = """<?xml version="1.0" encoding="UTF-8"?>
<folderlist config_version="4">
  <folder type="mh" name="Mailbox" path="{mail}" collapsed="0">
    <folderitem type="inbox" name="inbox" path="inbox"/>
    <folderitem type="outbox" name="sent" path="sent"/>
    <folderitem type="queue" name="queue" path="queue"/>
    <folderitem type="draft" name="draft" path="draft"/>
    <folderitem type="trash" name="trash" path="trash"/>
  </folder>
</folderlist>
"""

TOOLBAR_COMPOSE = """<?xml version="1.0" encoding="UTF-8" ?>
<toolbar>
	<item file="mime_text_patch" text="{item}" action="A_CLAWS_PLUGINS"/>
	<separator/>
	<item file="mail_send" text="Send" action="A_SEND"/>
	<item file="mail_send_queue" text="Send later" action="A_SEND_LATER"/>
	<item file="mail_draft" text="Draft" action="A_DRAFT"/>
	<separator/>
	<item file="mail_attach" text="Attach" action="A_ATTACH"/>
	<item file="insert_file" text="Insert" action="A_INSERT"/>
	<separator/>
	<item file="address_book" text="Address" action="A_ADDRBOOK"/>
</toolbar>
""".format(item=TOOLBAR_ITEM_TEXT)


# --- claws-mail ------------------------------------------------------------

# Extra environment for every claws-mail process (and only for those):
# use_asan() fills it to run a plugin built with -fsanitize=address.
CLAWS_ENV = {}


def use_asan(shim, libasan=None):
    """Claws itself is not instrumented: a plugin built with ASan (and
    UBSan) needs the compiler's libasan first in the process, so it is
    preloaded into claws-mail alone, with @shim (tests/e2e/asan-preload.c,
    built: without it Claws hangs at start, see there).  Leak detection
    is off (Claws and GTK keep memory to the end); any other report
    aborts Claws, and sanitizer_report() finds it in Claws' stderr."""
    if not os.path.exists(shim):
        raise Error("no %s (tests/e2e/asan-preload.c, built)" % shim)
    if libasan is None:
        libasan = subprocess.run(["gcc", "-print-file-name=libasan.so"],
                                 capture_output=True, text=True,
                                 check=True).stdout.strip()
    if not os.path.isabs(libasan) or not os.path.exists(libasan):
        raise Error("no libasan.so (gcc -print-file-name=libasan.so): %r" %
                    libasan)
    CLAWS_ENV.update({
        "LD_PRELOAD": "%s %s" % (os.path.realpath(libasan),
                                 os.path.realpath(shim)),
        "ASAN_OPTIONS": "detect_leaks=0:halt_on_error=1:abort_on_error=1:"
                        "detect_odr_violation=0",
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
    })
    return CLAWS_ENV["LD_PRELOAD"]


SANITIZER_RE = re.compile(r"^.*(?:ERROR: AddressSanitizer|ERROR: "
                          r"LeakSanitizer|runtime error:|"
                          r"UndefinedBehaviorSanitizer).*$", re.M)


def sanitizer_report(text):
    """The first lines of a sanitizer report in @text, or None."""
    m = SANITIZER_RE.search(text)
    if m is None:
        return None
    return text[m.start():m.start() + 3000]

class Claws:
    """One claws-mail process on @profile, on @xvfb's display."""

    def __init__(self, profile, xvfb, compose_file=None, debug=False,
                 stderr_path=None, compose_mailto=None):
        self.profile = profile
        self.xvfb = xvfb
        self.env = profile.env(xvfb.display)
        # claws-mail's own (xdotool and the rest get self.env)
        self.claws_env = dict(self.env, **CLAWS_ENV)
        args = ["claws-mail", "--alternate-config-dir", profile.config]
        if debug:
            args.append("--debug")
        if compose_file:
            args += ["--compose-from-file", compose_file]
        elif compose_mailto:
            args += ["--compose", compose_mailto]
        self.stderr_path = stderr_path or os.path.join(profile.root,
                                                       "claws.log")
        self.errf = open(self.stderr_path, "ab")
        self.proc = subprocess.Popen(args, env=self.claws_env,
                                     stdout=self.errf, stderr=self.errf,
                                     start_new_session=True)

    def xdo(self, *args, timeout=20, check=True):
        r = subprocess.run([XDOTOOL] + [str(a) for a in args],
                           env=self.env, capture_output=True, text=True,
                           timeout=timeout)
        if check and r.returncode != 0:
            raise Error("xdotool %s failed: %s" % (" ".join(map(str, args)),
                                                   r.stderr.strip()))
        return r.stdout

    def find_windows(self, name_regex):
        # Debian 12's xdotool (3.20160805) dies on BadWindow when any
        # window is destroyed while "search" walks the tree (fixed
        # upstream in 2021, xdotool pull request 335), printing nothing:
        # a dialog closing just then would read as "no such window".
        # Such a search is made again; "no match" has no X error.
        for _ in range(20):
            r = subprocess.run([XDOTOOL, "search", "--onlyvisible", "--name",
                                name_regex], env=self.env,
                               capture_output=True, text=True, timeout=10)
            if "X Error" not in r.stderr:
                break
            time.sleep(0.05)
        else:
            raise Error("xdotool search %r: %s" % (name_regex,
                                                   r.stderr.strip()))
        return [int(x) for x in r.stdout.split()]

    def wait_window(self, name_regex, timeout=30, gone=False):
        """The id of a visible window whose title matches (or None when
        @gone and it disappeared)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise Error("claws-mail exited (status %s) while waiting "
                            "for window %r" % (self.proc.returncode,
                                               name_regex))
            ids = self.find_windows(name_regex)
            if gone and not ids:
                return None
            if not gone and ids:
                return ids[-1]
            time.sleep(0.1)
        raise Error("timeout waiting for window %r%s" %
                    (name_regex, " to go" if gone else ""))

    def focus(self, wid, tries=20):
        """Give @wid the keyboard focus and check it kept it: a window
        mapped a moment ago may still lose it to Claws' main window."""
        for _ in range(tries):
            self.xdo("windowfocus", "--sync", wid, check=False)
            got = self.xdo("getwindowfocus", "-f", check=False).strip()
            if got == str(wid):
                return
            time.sleep(0.05)
        raise Error("window %s does not keep the keyboard focus" % wid)

    def key(self, wid, *keys):
        self.focus(wid)
        self.xdo("key", "--clearmodifiers", *keys)

    def click(self, wid, x, y):
        self.focus(wid)
        self.xdo("mousemove", "--window", wid, x, y)
        self.xdo("click", "1")

    def wm_close(self, wid):
        """What a window manager's close button does: a WM_DELETE_WINDOW
        client message to @wid (GTK turns it into delete-event)."""
        wm_delete(self.xvfb.display, int(wid))

    def window_title(self, wid):
        return self.xdo("getwindowname", wid).strip()

    def remote(self, *args, timeout=30):
        return subprocess.run(["claws-mail", "--alternate-config-dir",
                               self.profile.config] + list(args),
                              env=self.claws_env, stdout=self.errf,
                              stderr=self.errf, timeout=timeout)

    def quit(self, timeout=15):
        if self.proc.poll() is None:
            try:
                self.remote("--exit", timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.errf.close()
        return self.proc.returncode

    def kill(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        if not self.errf.closed:
            self.errf.close()

    def log_text(self):
        with open(self.stderr_path, "rb") as f:
            return f.read().decode("utf-8", "replace")


# --- mails -----------------------------------------------------------------

def split_mail(raw):
    """(headers as a Message, body bytes) of a format-patch mail; the body
    is the bytes after the first blank line, untouched."""
    text = raw
    if text.startswith(b"From ") and b"\n" in text:
        first, rest = text.split(b"\n", 1)
        if not first.startswith(b"From:"):
            text = rest
    m = re.search(rb"\r?\n\r?\n", text)
    if m is None:
        raise Error("no blank line after the headers")
    head, body = text[:m.start()], text[m.end():]
    msg = email.message_from_bytes(head + b"\n\n",
                                   policy=email.policy.default)
    return msg, body


def compose_file_text(to, cc, subject, body):
    """The input of claws-mail --compose-from-file: one-line headers (it
    does not unfold), a blank line, the body bytes."""
    for v in [subject] + list(to) + list(cc):
        if "\n" in v or "\r" in v:
            raise Error("header value with a line break: %r" % v)
    out = "To: %s\n" % ", ".join(to)
    if cc:
        out += "Cc: %s\n" % ", ".join(cc)
    out += "Subject: %s\n\n" % subject
    return out.encode("utf-8") + body


def compose_mailto(to, cc, subject, body_file, attach=None):
    """A mailto: URL whose body Claws reads from @body_file (insert=):
    --compose-from-file passes the body URI-escaped inside such a URL, and
    Claws refuses URLs over 100 KiB ("exceeds max alloca size"), so bodies
    over about 70 KiB need this."""
    from urllib.parse import quote
    # Claws refuses insert=/attach= paths holding "../" (and a few others).
    body_file = os.path.realpath(body_file)
    attach = os.path.realpath(attach) if attach else None
    url = "mailto:" + quote(", ".join(to), safe="@<>, ")
    url += "?cc=" + quote(", ".join(cc), safe="@<>, ")
    url += "&subject=" + quote(subject, safe="")
    url += "&insert=" + quote(body_file, safe="/")
    if attach:
        url += "&attach=" + quote(attach, safe="/")
    return url


def addresses(msg, name):
    """[(display name, lower-cased address)] of a header, in order.

    The raw value is decoded with email.header first: Python's address
    parser puts a space between two adjacent encoded words when the
    header is folded between them (Claws folds long names that way),
    where RFC 2047 (section 6.2) says the white space goes."""
    out = []
    for k, v in msg.raw_items():
        if k.lower() != name.lower():
            continue
        v = re.sub(r"\r?\n(?=[ \t])", "", v)  # unfold (RFC 5322 2.2.3)
        decoded = str(email.header.make_header(email.header.decode_header(v)))
        for n, a in email.utils.getaddresses([decoded]):
            out.append((n, a.lower()))
    return out


def parse_expected_line(line):
    """A get_maintainer.pl output line as (name, lower-cased address)."""
    m = email.message_from_string("To: %s\n\n" % line,
                                  policy=email.policy.default)
    a = m["To"].addresses[0]
    return (a.display_name, a.addr_spec.lower())


def mkdtemp(prefix):
    return tempfile.mkdtemp(prefix=prefix)
