#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""patchcc(1) and --help name the same options.

    check-manpage.py PATCHCC MANPAGE ARGS_C

Compares the long options that `patchcc --help` names with those of the
man page's OPTIONS and PATCHCC OPTIONS sections, and those of
`patchcc cover --help` with its COVER OPTIONS section; also checks that
every long name of the option table in cli/pcc-args.c is in the man page.
Negated forms (--noX, --no-X) count as X.  Prints each difference and
exits 1 when there is one.
"""
import re
import subprocess
import sys

OPT = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")


def names(text):
    out = set()
    for n in OPT.findall(text):
        n = n.rstrip("-")
        if n.startswith("no-"):
            n = n[3:]
        elif n.startswith("no") and n not in ("n",):
            n = n[2:]
        if n:
            out.add(n)
    return out


def roff_sections(path):
    text = open(path, encoding="utf-8").read()
    text = text.replace("\\-", "-")
    text = re.sub(r"\\f[BIRP]", "", text)
    secs, cur = {}, None
    for line in text.splitlines():
        if line.startswith(".SH "):
            cur = line[4:].strip().strip('"')
            secs[cur] = ""
        elif cur and not line.startswith('.\\"'):
            secs[cur] += line + "\n"
    return secs


def compare(what, helped, manned):
    bad = 0
    for n in sorted(helped - manned):
        print(f"{what}: --{n} is in --help, not in the man page")
        bad += 1
    for n in sorted(manned - helped):
        print(f"{what}: --{n} is in the man page, not in --help")
        bad += 1
    return bad


def main():
    patchcc, man, args_c = sys.argv[1:4]
    secs = roff_sections(man)
    for s in ("OPTIONS", "PATCHCC OPTIONS", "COVER OPTIONS", "EXIT STATUS",
              "EXAMPLES", "THE REST FALLBACK RULE"):
        if s not in secs:
            print(f"man page: no section {s}")
            return 1
    main_help = subprocess.run([patchcc, "--help"], stdout=subprocess.PIPE,
                               text=True, check=True).stdout
    cover_help = subprocess.run([patchcc, "cover", "--help"],
                                stdout=subprocess.PIPE, text=True,
                                check=True).stdout
    main_man = names(secs["OPTIONS"] + secs["PATCHCC OPTIONS"])
    cover_man = names(secs["COVER OPTIONS"])
    main_help = "\n".join(l for l in main_help.splitlines()
                          if "patchcc cover" not in l)
    bad = compare("patchcc", names(main_help), main_man)
    bad += compare("patchcc cover", names(cover_help.split(
        "Application Options:")[-1] + "--help"), cover_man)
    table = set()
    src = open(args_c, encoding="utf-8").read()
    for spec in re.findall(r'\{ "([a-z0-9|-]+)", OPT_', src):
        table |= {n for n in spec.split("|") if len(n) > 1 or n in "mrnls"}
    for n in sorted(table - main_man):
        print(f"patchcc: --{n} is in the option table, not in the man page")
        bad += 1
    for t in ("git send-email", "send-auto-to-cmd", "send-auto-cc-cmd",
              "--to-cmd", "--cc-cmd"):
        if t not in secs["EXAMPLES"]:
            print(f"man page: EXAMPLES lack {t}")
            bad += 1
    print(f"patchcc: {len(main_man)} options, cover: {len(cover_man)}; "
          f"{bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
