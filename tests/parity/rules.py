#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""One rule at a time: a hand-written kernel tree, patchcc against the script.

Builds a small tree that passes get_maintainer.pl's top_of_kernel_tree()
test, with a MAINTAINERS written to exercise one rule per section (X:
exclusion, glob depth, N: regex, K: keyword on patch lines, renames,
/dev/null, binary diffs, subscribers-only and moderated lists, a section
name over 50 characters, .mailmap in all four forms, e-mail addresses in a
.yaml binding), and a patch for each.  The expected output of every run is
what the real patched scripts/get_maintainer.pl (from a linux-source tree
with kernel/patches/*/0001 applied) prints for it, in the same run; on top,
each case asserts the behaviour it is there for, so that a fixture that
stopped exercising its rule fails too.

With --script (a get_maintainer.pl of a 7.x tree, such as 7.3's with
kernel/patches/*/0001 applied; --tarball and --seed make it from a
linux-source tarball), the tree gets that script and more sections (a
"**" pattern, non-ASCII names, Odd Fixes and Orphan sections, keywords
with T:/W:/B:/S: lines) and the runs of 7.x's options: --json,
--substatus (also by default, under a pseudo-terminal), --bug, -f with
and without --keywords-in-file.  patchcc reads the dialect from the
tree's script either way.

Ends with "N passed, M failed".
"""

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import gm_cmdlines as gm  # noqa: E402

MAINTAINERS = """\
List of maintainers (a preamble the script reads as untyped lines)
	M: *Mail* patches to: FullName <address@domain>

Maintainers List
----------------

ALPHA DRIVER
M:	Alice Alpha <alice@example.org>
R:	Rob Review <rob@example.org>
L:	alpha@lists.example.org
S:	Maintained
F:	drivers/alpha/
X:	drivers/alpha/excluded/

ALPHA EXCLUDED PART
M:	Xavier Ex <xavier@example.org>
L:	excluded@lists.example.org
S:	Supported
F:	drivers/alpha/excluded/

GLOB DEPTH
M:	Gina Glob <gina@example.org>
S:	Odd Fixes
F:	drivers/*/glob*.c
F:	include/linux/glob.h

NAMED BY REGEX
M:	Nora Regex <nora@example.org>
L:	regex@lists.example.org (moderated for non-subscribers)
S:	Maintained
N:	foo[0-9]+

KEYWORD WATCHERS
M:	Kim Keyword <kim@example.org>
L:	keyword@lists.example.org
S:	Supported
K:	\\bmagic_call\\b

SUBSCRIBERS ONLY SUBSYSTEM
M:	Sam Sub <sam@example.org>
L:	subs@lists.example.org (subscribers-only)
S:	Maintained
F:	fs/subsonly/

A SECTION NAME THAT IS LONGER THAN FIFTY CHARACTERS FOR TRUNCATION
M:	"Lena Long-Name" <lena@example.org>
M:	Old Name <old@example.org>
L:	long@lists.example.org
S:	Maintained
F:	lib/longname/

BINDINGS
M:	Bea Binding <bea@example.org>
S:	Maintained
F:	Documentation/devicetree/bindings/

ODD ADDRESSES
M:	Doe, John <jd@example.org>
M:	first@example.org, Second Person <second@example.org>
M:	(nobody)
M:	Paren Name <paren@example.org> (the maintainer)
R:	"Quoted, Name" <quoted@example.org>
L:	odd@lists.example.org
S:	Maintained
F:	drivers/odd/

RENAMED FILES
M:	Ren Rename <ren@example.org>
L:	rename@lists.example.org
S:	Maintained
F:	kernel/renamed/

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
L:	linux-kernel@vger.kernel.org
S:	Buried alive in reporters
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git
F:	*
F:	*/
"""

# Sections for the 7.x runs: what the later scripts changed.
MAINTAINERS_7X = """\
DOUBLE STAR FILES
M:	Dora Star <dora@example.org>
L:	star@lists.example.org
S:	Odd Fixes
F:	drivers/star/**/star.c
X:	drivers/star/**/skip/

LEADING DOUBLE STAR
M:	Lee Lead <lee@example.org>
L:	lead@lists.example.org
S:	Maintained
F:	**/lead.h

ÜNICODE NAMES IN A SECTION WHOSE NAME IS LONGER THAN FIFTY Ä
M:	Jörg Müller <joerg@example.org>
M:	Zoë Ångström <zoe@example.org>
L:	unicode@lists.example.org
S:	Orphan
F:	drivers/unicode/

BUGGY KEYWORDS
M:	Bob Bug <bob@example.org>
L:	bugs@lists.example.org
S:	Supported
W:	https://bugs.example.org/
B:	https://bugzilla.example.org/
T:	git git://git.example.org/bugs.git
F:	lib/bugs/
K:	\\bbug_call\\b
K:	(?:bug|fix)_helper

"""

MAILMAP = """\
# the four forms of git-shortlog(1)
Alice Alpha <alice@example.org>
<rob@example.org> <rob@old.example.org>
Gina Glob <gina@example.org> <gina@old.example.org>
Lena Long-Name <lena@example.org> Old Name <old@example.org>
"""

YAML = """\
%YAML 1.2
---
title: A device
maintainers:
  - Yann Yaml <yann@example.org>
  - Zed Zeta <zed@example.org>
"""


def diff(path, old="", new="line\n", kind="modify", extra_minus="",
         extra_plus=""):
    a = f"a/{path}"
    b = f"b/{path}"
    head = f"diff --git {a} {b}\n"
    if kind == "new":
        return (head + "new file mode 100644\nindex 0000000..1111111\n"
                f"--- /dev/null\n+++ {b}\n@@ -0,0 +1 @@\n+{new}")
    if kind == "delete":
        return (head + "deleted file mode 100644\nindex 1111111..0000000\n"
                f"--- {a}\n+++ /dev/null\n@@ -1 +0,0 @@\n-{new}")
    return (head + "index 1111111..2222222 100644\n"
            f"--- {a}\n+++ {b}\n@@ -1,2 +1,2 @@\n context\n"
            f"-old{extra_minus}\n+new{extra_plus}\n")


def mail(subject, body, diffs):
    return ("From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 00:00:00 2001\n"
            "From: Dev Eloper <dev@example.org>\n"
            "Date: Mon, 1 Jan 2024 00:00:00 +0000\n"
            f"Subject: [PATCH] {subject}\n\n{body}\n\n"
            "Signed-off-by: Dev Eloper <dev@example.org>\n---\n"
            + "".join(diffs) + "-- \n2.39.5\n")


def patches():
    """name -> (patch text, check(outputs) -> error or None)"""
    P = {}

    def has(out, s):
        return s in out

    P["x-exclusion"] = (
        mail("alpha: excluded part", "X: keeps ALPHA away.",
             [diff("drivers/alpha/excluded/part.c")]),
        lambda o: None if (has(o["default"], "xavier@")
                           and not has(o["default"], "alice@"))
        else "X: did not exclude ALPHA DRIVER")
    P["alpha-plain"] = (
        mail("alpha: fix", "Plain file of a section with a list.",
             [diff("drivers/alpha/main.c")]),
        lambda o: None if (has(o["default"], "alice@")
                           and not has(o["default"], "linux-kernel@"))
        else "LKML not dropped for a file with a list")
    P["glob-depth"] = (
        mail("glob: two depths", "A glob matches one directory level only.",
             [diff("drivers/net/globby.c"), diff("drivers/net/sub/globby.c")]),
        lambda o: None if has(o["default"], "gina@")
        else "glob did not match")
    P["n-regex"] = (
        mail("foo: regex section", "N: matches anywhere in the path.",
             [diff("arch/arm/mach-foo42/board.c")]),
        lambda o: None if has(o["default"], "nora@") and has(
            o["default"], "moderated list") else "N: did not match")
    P["k-keyword"] = (
        mail("core: use the call", "A keyword on a patch line.",
             [diff("init/main.c", extra_plus=" magic_call();")]),
        lambda o: None if has(o["default"], "kim@")
        else "K: did not match a + line")
    P["k-keyword-context"] = (
        mail("core: unrelated", "magic_call in the message does not count "
             "for the diff lines, but the script scans the message too.",
             [diff("init/other.c")]),
        lambda o: None)
    P["subscribers-only"] = (
        mail("subsonly: fix", "The only list is subscribers-only.",
             [diff("fs/subsonly/inode.c")]),
        lambda o: None if (not has(o["default"], "linux-kernel@")
                           and has(o["public"], "linux-kernel@"))
        else "seed drops LKML, public rule keeps it: not seen")
    P["long-name"] = (
        mail("longname: fix", "Section names over 50 characters are cut.",
             [diff("lib/longname/cut.c")]),
        lambda o: None if has(o["default"], "...)") else "no truncation")
    P["new-file"] = (
        mail("alpha: add a file", "A new file: /dev/null keeps LKML.",
             [diff("drivers/alpha/new.c", kind="new")]),
        lambda o: None if has(o["default"], "linux-kernel@")
        else "new file did not keep LKML")
    P["deleted-file"] = (
        mail("alpha: remove a file", "A deleted file.",
             [diff("drivers/alpha/old.c", kind="delete")]),
        lambda o: None)
    P["rename"] = (
        mail("renamed: move", "A rename names both paths.",
             ["diff --git a/kernel/renamed/a.c b/kernel/renamed/b.c\n"
              "similarity index 100%\nrename from kernel/renamed/a.c\n"
              "rename to kernel/renamed/b.c\n"]),
        lambda o: None if has(o["default"], "ren@")
        else "rename not matched")
    P["binary"] = (
        mail("alpha: firmware", "A binary diff.",
             ["diff --git a/drivers/alpha/fw.bin b/drivers/alpha/fw.bin\n"
              "index 1111111..2222222 100644\n"
              "GIT binary patch\nliteral 4\nLcmZ?wcv2C0\n\nliteral 0\n"
              "HcmV?d00001\n\n"]),
        lambda o: None if has(o["default"], "alice@")
        else "binary diff file not found")
    P["mode-change"] = (
        mail("alpha: make executable", "A mode change only.",
             ["diff --git a/drivers/alpha/run.sh b/drivers/alpha/run.sh\n"
              "old mode 100644\nnew mode 100755\n"]),
        lambda o: None if has(o["default"], "alice@")
        else "mode change not found")
    P["mailmap"] = (
        mail("glob+long: mailmap", "Mailmapped maintainers.",
             [diff("drivers/net/globby.c"), diff("lib/longname/x.c"),
              diff("drivers/alpha/x.c")]),
        lambda o: None if not has(o["default"], "old@example.org")
        else "mailmap name+email form not applied")
    P["yaml"] = (
        mail("dt-bindings: device", "Addresses in the binding itself.",
             [diff("Documentation/devicetree/bindings/dev.yaml")]),
        lambda o: None if has(o["default"], "yann@") and has(
            o["default"], "in file") else "no in-file addresses")
    P["odd-addresses"] = (
        mail("odd: fix", "M: lines with commas, lists and comments.",
             [diff("drivers/odd/odd.c")]),
        lambda o: None if has(o["default"], "second@") and has(
            o["default"], "jd@") else "address list not split")
    P["plain-diff"] = (
        "--- a/drivers/alpha/main.c\n+++ b/drivers/alpha/main.c\n"
        "@@ -1 +1 @@\n-old\n+new\n",
        lambda o: None if has(o["default"], "alice@")
        else "plain diff not parsed")
    P["unmatched"] = (
        mail("top: toplevel file", "Only THE REST matches.",
             [diff("Kbuild")]),
        lambda o: None if has(o["default"], "linux-kernel@")
        else "THE REST fallback missing")
    return P


def patches_7x():
    """The cases of the 7.x runs: name -> (patch text, check)."""
    P = {}

    def has(out, s):
        return s in out

    P["7x-double-star"] = (
        mail("star: deep file", "** crosses directories; X: with ** too.",
             [diff("drivers/star/a/b/star.c"),
              diff("drivers/star/a/skip/star.c")]),
        lambda o: None if (has(o["default"], "dora@")
                           and has(o["sections"], "drivers/star/**/star.c")
                           and has(o["default"],
                                   "maintainer:DOUBLE STAR FILES"))
        else "** did not match at depth, or Odd Fixes gave another role")
    P["7x-leading-double-star"] = (
        mail("lead: header", "A leading ** has pattern depth -1.",
             [diff("include/deep/er/lead.h")]),
        lambda o: None if has(o["default"], "lee@")
        else "leading ** did not match")
    P["7x-unicode"] = (
        mail("unicode: fix", "Non-ASCII names, an Orphan section.",
             [diff("drivers/unicode/u.c")]),
        lambda o: None if (has(o["json"], "J\u00c3\u00b6rg")
                           and has(o["default"], "maintainer:\u00dcNICODE")
                           and has(o["tty"], " status: Orphan"))
        else "--json not double-encoded, or no substatus at a terminal")
    P["7x-keyword-suffix"] = (
        mail("bugs: helpers", "File and keyword matches of one section.",
             [diff("lib/bugs/b.c", extra_plus=" bug_call(); fix_helper();"),
              diff("init/main.c", extra_plus=" fix_helper();")]),
        lambda o: None if (has(o["bug"], "bugzilla.example.org/:Keyword:")
                           and has(o["substatus"],
                                   "status: Supported:Keyword:"))
        else "no :Keyword: suffix on the B:/S: lines")
    P["7x-keyword-only"] = (
        mail("core: call", "A section found by its keyword alone.",
             [diff("init/main.c", extra_plus=" bug_call();")]),
        lambda o: None if has(o["default"],
                              "(maintainer:BUGGY KEYWORDS:Keyword:")
        else "no :Keyword: suffix on the role")
    # 7.x reads the patch as UTF-8: a CJK letter is a word character, so
    # \bbug_call\b does not match right after one (bytes would).
    P["7x-keyword-unicode"] = (
        mail("core: call", "A keyword inside a word of another script.",
             [diff("init/main.c", extra_plus=" \u7528\u4e8ebug_call();")]),
        lambda o: None if not has(o["default"], "BUGGY KEYWORDS")
        else "\\b matched next to a CJK letter")
    return P


RUNS_7X = {
    "json": ["--no-git-fallback", "--json"],
    "jsonall": ["--no-git-fallback", "--json", "--scm", "--status", "--web",
                "--bug", "--subsystem", "--norolestats"],
    "bug": ["--no-git-fallback", "--bug", "--scm", "--status", "--web",
            "--subsystem"],
    "substatus": ["--no-git-fallback", "--substatus"],
    # at a terminal: --substatus by default
    "tty": ["--no-git-fallback"],
    "ttysections": ["--sections"],
    # -f: keywords of the file only with --keywords-in-file
    "file": ["--no-git-fallback", "-f", "init/main.c"],
    "filekf": ["--no-git-fallback", "-f", "-kf", "init/main.c"],
}

RUNS = {
    **gm.RUNS,
    "sections": ["--no-git-fallback", "--sections"],
    "scm": ["--no-git-fallback", "--scm", "--status", "--subsystem", "--web"],
    "nonames": ["--no-git-fallback", "--non", "--separator", ", "],
    "sep": ["--no-git-fallback", "--separator", " | ", "--roles"],
    "subs": ["--no-git-fallback", "--s", "--nomoderated"],
    "depth": ["--no-git-fallback", "--pattern-depth", "1"],
    "nomailmap": ["--no-git-fallback", "--nomailmap", "--noremove-duplicates"],
}


# Command lines the script dies on: the exit code must be its own (Perl's
# die() exits with errno: 25, ENOTTY, after a failed -t test; 2, ENOENT,
# for a missing -f file; else 255) and nothing on standard output.  The
# messages differ by design ("patchcc:" for "scripts/get_maintainer.pl:").
DIE_RUNS = {
    "dienoselect": ["--noemail"],
    "dienoemailopt": ["--nom", "--nor", "--nol", "--no-git-fallback"],
    "dienofile": ["--no-git-fallback", "-f", "no/such/file.c"],
    # standard input and output at a terminal: no -t test fails
    "ttydienoselect": ["--noemail"],
    "ttydienoemailopt": ["--nom", "--nor", "--nol", "--no-git-fallback"],
}


def make_tree(root, script, more=""):
    for f in ("COPYING", "CREDITS", "Kbuild", "Makefile", "README"):
        with open(os.path.join(root, f), "w") as fh:
            fh.write(f"{f}\n")
    for d in ("Documentation/devicetree/bindings", "arch/arm/mach-foo42",
              "drivers/star/a/b", "drivers/unicode", "lib/bugs",
              "include/linux", "drivers/alpha/excluded", "drivers/net/sub", "drivers/odd",
              "fs/subsonly", "init", "ipc", "kernel/renamed", "lib/longname",
              "scripts"):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    maint = MAINTAINERS.replace("THE REST\n", more + "THE REST\n")
    for path, text in (("MAINTAINERS", maint), (".mailmap", MAILMAP),
                       ("Documentation/devicetree/bindings/dev.yaml", YAML),
                       ("init/main.c", "magic_call();\nfix_helper();\n")):
        with open(os.path.join(root, path), "w", encoding="utf-8") as fh:
            fh.write(text)
    shutil.copy(script, os.path.join(root, "scripts", "get_maintainer.pl"))


def script_from_tarball(tarball, seed, tmp):
    """The tarball's scripts/get_maintainer.pl with @seed applied."""
    d = os.path.join(tmp, "script")
    os.makedirs(d)
    subprocess.run(["tar", "-xJf", tarball, "-C", d, "--strip-components=1",
                    "--wildcards", "*/scripts/get_maintainer.pl"], check=True)
    if seed:
        subprocess.run(["patch", "-s", "-p1", "-i", os.path.abspath(seed)],
                       cwd=d, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(d, "scripts", "get_maintainer.pl")


def dec(b):
    return b.decode("utf-8", "replace")


def run_cmd(cmd, cwd, env, tty):
    """@cmd's result; with @tty under a pseudo-terminal (script(1)), its
    standard error then mixed into its output."""
    if tty:
        cmd = ["script", "-qec", " ".join(shlex.quote(c) for c in cmd),
               "/dev/null"]
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                          stdin=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--patchcc", required=True)
    ap.add_argument("--reference", help="tree with the patched script")
    ap.add_argument("--reference-cmd")
    ap.add_argument("--script", help="a 7.x get_maintainer.pl: the 7.x runs")
    ap.add_argument("--tarball", help="a 7.x linux-source tarball, whose "
                    "script with --seed applied is --script")
    ap.add_argument("--seed", help="the patch to apply to its script")
    args = ap.parse_args()
    patchcc = os.path.abspath(args.patchcc)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.tarball:
            args.script = script_from_tarball(args.tarball, args.seed, tmp)
        if args.script:
            script, more = args.script, MAINTAINERS_7X
            cases = {**patches(), **patches_7x()}
            runs = {**RUNS, **RUNS_7X, **DIE_RUNS}
        else:
            ref = args.reference or subprocess.check_output(
                args.reference_cmd, shell=True, text=True).strip()
            script = os.path.join(ref, "scripts", "get_maintainer.pl")
            more, cases, runs = "", patches(), {**RUNS, **DIE_RUNS}
        tree = os.path.join(tmp, "linux")
        home = os.path.join(tmp, "home")
        os.makedirs(tree)
        os.makedirs(home)
        make_tree(tree, script, more)
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "LC_ALL": "C",
               "PERL_HASH_SEED": "0", "PERL_PERTURB_KEYS": "0"}
        for name, (text, check) in sorted(cases.items()):
            pfile = os.path.join(tmp, name + ".patch")
            with open(pfile, "w", encoding="utf-8") as fh:
                fh.write(text)
            outs = {}
            for run, opts in runs.items():
                args_ = opts if "-f" in opts else opts + [pfile]
                r = run_cmd(["perl", "scripts/get_maintainer.pl"] + args_,
                            tree, env, run.startswith("tty"))
                p = run_cmd([patchcc] + args_, tree, env,
                            run.startswith("tty"))
                outs[run] = p.stdout.decode("utf-8", "replace")
                # stderr too: the "Invalid MAINTAINERS address" warnings
                if run in DIE_RUNS:
                    same = p.returncode == r.returncode and (
                        run.startswith("tty") or p.stdout == r.stdout == b"")
                else:
                    same = (p.returncode, p.stdout, p.stderr) == (
                        r.returncode, r.stdout, r.stderr)
                if same:
                    passed += 1
                else:
                    failed += 1
                    print(f"DIFF {name} {run}: rc {p.returncode} vs "
                          f"{r.returncode}\n--- patchcc\n"
                          f"{dec(p.stdout)}{dec(p.stderr)}"
                          f"--- get_maintainer.pl\n"
                          f"{dec(r.stdout)}{dec(r.stderr)}")
            p = subprocess.run([patchcc, "--no-git-fallback",
                                "--rest-rule=public", pfile], cwd=tree,
                               env=env, capture_output=True)
            outs["public"] = p.stdout.decode()
            err = check(outs)
            if err:
                failed += 1
                print(f"RULE {name}: {err}\n{outs['default']}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
