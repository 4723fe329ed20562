#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check-layers.py - the dependency rule of docs/architecture.md, enforced.

Every '#include "x.h"' of a C file is resolved to the folder that holds
x.h, and the folder of the including file must be allowed to use it:

    core/base    -> base
    core/mail    -> base
    core/engine  -> base, mail
    core/cover   -> base, mail, engine
    cli          -> core/*
    ui           -> core/*
    plugin       -> ui, core/*  (and Claws Mail's own headers)

A quoted include that names no header of the project is allowed only in
plugin/ (Claws Mail's headers) and for generated headers listed below.
Prints each violation and exits 1 when there is one.
usage: check-layers.py [SOURCE_ROOT]
"""
import os
import re
import sys

ALLOWED = {
    "core/base": set(),
    "core/mail": {"core/base"},
    "core/engine": {"core/base", "core/mail"},
    "core/cover": {"core/base", "core/mail", "core/engine"},
    "cli": {"core/base", "core/mail", "core/engine", "core/cover"},
    "ui": {"core/base", "core/mail", "core/engine", "core/cover"},
    "plugin": {"ui", "core/base", "core/mail", "core/engine", "core/cover"},
}
GENERATED = {"pcc-builtin-templates.h": "core/cover", "config.h": "core/base"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(rel):
    for layer in sorted(ALLOWED, key=len, reverse=True):
        if rel == layer or rel.startswith(layer + "/"):
            return layer
    return None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    owner = {}   # header base name -> layer
    files = []
    for layer in ALLOWED:
        for dirpath, _, names in os.walk(os.path.join(root, layer)):
            for n in names:
                rel = os.path.relpath(os.path.join(dirpath, n), root)
                if n.endswith(".h"):
                    if n in owner and owner[n] != layer:
                        print(f"{rel}: header name also in {owner[n]}")
                    owner[n] = layer
                if n.endswith((".c", ".h")):
                    files.append(rel)
    if len(files) < 20:
        print(f"only {len(files)} C files under {root}: wrong root?")
        return 1
    bad = 0
    checked = 0
    for rel in sorted(files):
        layer = layer_of(rel)
        with open(os.path.join(root, rel), encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
        for m in INCLUDE.finditer(text):
            inc = os.path.basename(m.group(1))
            checked += 1
            target = owner.get(inc) or GENERATED.get(inc)
            if target is None:
                if layer != "plugin":
                    print(f"{rel}: includes \"{inc}\", which no folder of "
                          f"the project holds (only plugin/ may include "
                          f"Claws Mail's headers)")
                    bad += 1
                continue
            if target != layer and target not in ALLOWED[layer]:
                print(f"{rel}: {layer} may not include {target}/{inc}")
                bad += 1
    print(f"{len(files)} files, {checked} includes, {bad} against the "
          f"layer rule")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
