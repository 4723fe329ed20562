# SPDX-License-Identifier: GPL-2.0-or-later
"""The get_maintainer.pl command lines of the 7.x parity runs.

gm_cmdlines.py has the three command lines every tree is compared on
(default, b4's To and Cc); it is part of the 6.1 corpus' cache key, so
the lines only a 7.x script knows live here.  RUNS maps a name to a
Run: the options, what the last argument is (a patch of the corpus, or
a file of the tree for -f) and whether standard output is a
pseudo-terminal (the script turns --substatus on by default when
`-t STDOUT` and --email and --roles are on).

    import gm_cmdlines_7x as gm7
    gm7.RUNS["substatus"].opts

As in gm_cmdlines.py, the lists are shared: make new ones to add options.
"""

import collections

import gm_cmdlines as gm

Run = collections.namedtuple("Run", "opts on pty")

PATCH = "patch"
FILE = "file"

RUNS = {
    "default": Run(gm.DEFAULT, PATCH, False),
    "to": Run(gm.B4_TO, PATCH, False),
    "cc": Run(gm.B4_CC, PATCH, False),
    # the default line on a terminal: --substatus is on by default there
    "default-pty": Run(gm.DEFAULT, PATCH, True),
    "substatus": Run(gm.DEFAULT + ["--substatus"], PATCH, True),
    "json": Run(gm.DEFAULT + ["--json"], PATCH, False),
    "bug": Run(gm.DEFAULT + ["--bug"], PATCH, False),
    "sections": Run(gm.DEFAULT + ["--sections"], PATCH, False),
    # files of the tree: K: regexes match their contents only with -kf
    "file": Run(gm.DEFAULT + ["-f"], FILE, False),
    "file-kf": Run(gm.DEFAULT + ["-f", "-kf"], FILE, False),
}

# What each tree is compared on by default.
TREE_RUNS = {
    "7.3": list(RUNS),
    "6.12": ["default", "to", "cc"],
}
