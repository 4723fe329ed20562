# SPDX-License-Identifier: GPL-2.0-or-later
"""The get_maintainer.pl command lines the harnesses run, in one place.

DEFAULT is the plain run (no git history fallback, as a tree without
history gives).  B4 is what b4 prep/send pass to get_maintainer.pl for
its send-auto-to-cmd and send-auto-cc-cmd (b4's defaults): B4_TO keeps
the maintainers (--nol), B4_CC the lists (--nom).  RUNS names the three
as the corpus stores their outputs ("default", "to", "cc").

Import from a harness one folder below tests/:

    sys.path.insert(0, os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "..", "lib"))
    import gm_cmdlines as gm

The values are lists shared by every user: add options by making a new
list (gm.B4_TO + ["--roles"]), never in place.
"""

DEFAULT = ["--no-git-fallback"]
B4 = ["--nogit", "--nogit-fallback", "--nogit-chief-penguins",
      "--norolestats"]
B4_TO = B4 + ["--nol"]
B4_CC = B4 + ["--nom"]

RUNS = {"default": DEFAULT, "to": B4_TO, "cc": B4_CC}
