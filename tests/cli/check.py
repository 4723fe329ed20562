#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""patchcc --check on a real git repository made here: one case per check.

applies / does not apply (in memory: the work tree must not change) /
no base-commit / unknown base-commit / Fixes: naming an unknown commit /
Fixes: without Cc: stable (a hint, exit 0) / not a git repository.
"""

import os
import subprocess
import sys
import tempfile


def sh(cwd, *args, env=None):
    return subprocess.run(list(args), cwd=cwd, env=env, check=True,
                          stdout=subprocess.PIPE).stdout.decode()


def kernel_top(top):
    """What top_of_kernel_tree() looks for."""
    for f in ["COPYING", "CREDITS", "Kbuild", "Makefile", "README"]:
        open(os.path.join(top, f), "w").write(f + "\n")
    for sub in ["arch", "include", "Documentation", "drivers", "fs", "init",
                "ipc", "kernel", "lib", "scripts"]:
        os.makedirs(os.path.join(top, sub), exist_ok=True)
        open(os.path.join(top, sub, "x"), "w").write("x\n")
    with open(os.path.join(top, "MAINTAINERS"), "w") as f:
        f.write("FOO\nM:\tBob <bob@example.com>\nS:\tMaintained\n"
                "F:\tdrivers/foo/\n")


def main():
    patchcc = os.path.abspath(sys.argv[1])
    fails = 0
    with tempfile.TemporaryDirectory() as d:
        repo = os.path.join(d, "linux")
        os.makedirs(os.path.join(repo, "drivers", "foo"))
        kernel_top(repo)
        foo = os.path.join(repo, "drivers", "foo", "foo.c")
        open(foo, "w").write("".join("line %d\n" % i for i in range(20)))
        env = {"PATH": "/usr/bin:/bin", "HOME": d, "LC_ALL": "C",
               "GIT_AUTHOR_NAME": "Alice", "GIT_AUTHOR_EMAIL": "a@example.com",
               "GIT_COMMITTER_NAME": "Alice",
               "GIT_COMMITTER_EMAIL": "a@example.com"}
        sh(repo, "git", "init", "-q", env=env)
        sh(repo, "git", "add", ".", env=env)
        sh(repo, "git", "commit", "-qm", "first", env=env)
        first = sh(repo, "git", "rev-parse", "HEAD", env=env).strip()
        open(foo, "w").write("".join("line %d\n" % i for i in range(20))
                             .replace("line 10\n", "line ten\n"))
        diff = sh(repo, "git", "diff", env=env)
        sh(repo, "git", "checkout", "-q", "--", ".", env=env)
        before = open(foo).read()

        def mail(base=None, fixes=None, cc_stable=False, body=diff):
            m = "From: Carol <c@example.com>\nSubject: [PATCH] foo: ten\n\n" \
                "Ten.\n\n"
            if fixes:
                m += "Fixes: %s (\"first\")\n" % fixes
            if cc_stable:
                m += "Cc: stable@vger.kernel.org\n"
            m += "Signed-off-by: Carol <c@example.com>\n---\n" + body
            if base:
                m += "\nbase-commit: %s\n" % base
            m += "-- \n2.39.5\n"
            return m

        broken = diff.replace(" line 9\n", " line nine\n")
        cases = [
            ("applies", mail(base=first), 0, ["ok"]),
            ("does-not-apply", mail(base=first, body=broken), 1,
             ["problem: does not apply to its base-commit " + first[:12]]),
            ("no-base", mail(), 1, ["problem: no base-commit: line"]),
            ("unknown-base", mail(base="1" * 40), 1,
             ["problem: base-commit " + "1" * 40 + " is not in the "
              "repository"]),
            ("fixes-unknown", mail(base=first, fixes="abcdef123456",
                                   cc_stable=True), 1,
             ["problem: Fixes: abcdef123456 names a commit the repository "
              "does not have"]),
            ("fixes-no-stable", mail(base=first, fixes=first[:12]), 0,
             ["hint: Fixes: without Cc: stable@vger.kernel.org", "ok"]),
            ("fixes-stable", mail(base=first, fixes=first[:12],
                                  cc_stable=True), 0, ["ok"]),
        ]
        for name, text, want_rc, want in cases:
            p = os.path.join(d, name + ".patch")
            open(p, "w").write(text)
            r = subprocess.run([patchcc, "--check", p], cwd=repo, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            out = r.stdout.decode()
            ok = r.returncode == want_rc and all(w in out for w in want)
            if name != "fixes-no-stable" and "hint:" in out:
                ok = False
            if open(foo).read() != before or sh(repo, "git", "status",
                                                 "--porcelain", env=env):
                print("%s: the work tree changed" % name)
                ok = False
            print("%s: %s" % (name, "ok" if ok else "FAILED (exit %d): %s%s"
                              % (r.returncode, out, r.stderr.decode())))
            fails += not ok
        # the reasons the review dialog shows, through --explain: the
        # signer of a commit named in Fixes:, and git-fallback for a file
        # no section covers exactly (drivers/foo/sub/ is deeper than F:)
        sub = os.path.join(repo, "drivers", "foo", "sub")
        os.makedirs(sub)
        open(os.path.join(sub, "bar.c"), "w").write("int bar;\n")
        sh(repo, "git", "add", ".", env=env)
        sh(repo, "git", "commit", "-qm", "bar\n\nSigned-off-by: Dana "
           "<dana@example.com>", env=env)
        open(os.path.join(sub, "bar.c"), "w").write("int bar = 1;\n")
        bdiff = sh(repo, "git", "diff", env=env)
        sh(repo, "git", "checkout", "-q", "--", ".", env=env)
        p = os.path.join(d, "reasons.patch")
        open(p, "w").write(mail(fixes=sh(repo, "git", "rev-parse", "--short=12",
                                         "HEAD", env=env).strip(),
                                body=bdiff))
        r = subprocess.run([patchcc, "--explain", p], cwd=repo, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = r.stdout.decode()
        want = ["Dana <dana@example.com> (commit_signer:1/1=100%,"
                "blamed_fixes:1/1=100%)",
                "signed 1 of 1 commits to drivers/foo/sub/bar.c in the last "
                "year",
                "signed off commit %s named in Fixes:" % sh(
                    repo, "git", "rev-parse", "--short=12", "HEAD",
                    env=env).strip()]
        ok = r.returncode == 0 and all(w in out for w in want)
        print("reasons: %s" % ("ok" if ok else "FAILED: %s%s"
                               % (out, r.stderr.decode())))
        fails += not ok
        # a tree that is not in git
        plain = os.path.join(d, "plain")
        os.makedirs(plain)
        kernel_top(plain)
        r = subprocess.run([patchcc, "--check",
                            os.path.join(d, "applies.patch")], cwd=plain,
                           env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        ok = r.returncode != 0 and b"not in a git repository" in r.stderr
        print("not-a-repository: %s" % ("ok" if ok else "FAILED %r" % r.stderr))
        fails += not ok
    print("%d check cases failed" % fails)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
