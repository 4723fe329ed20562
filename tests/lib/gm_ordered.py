# SPDX-License-Identifier: GPL-2.0-or-later
"""get_maintainer.pl with its hash-order ties broken in MAINTAINERS order.

The script orders two things by Perl's hash order, which changes with
PERL_HASH_SEED: sections matching a file at the same pattern depth, and
git signers with equal counts.  patchcc orders the first by MAINTAINERS
order and the second by bytes.  The parity harnesses check a patchcc
output that differs from the script's against a copy of the script whose
two sorts break those ties so (and nothing else changed): identical to
that copy means identical but for the tie order.
"""


def ordered_script(script, dest):
    """The script with its two hash-order sorts made deterministic."""
    with open(script, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    n_sec = n_sig = 0
    for i, line in enumerate(lines):
        if line.strip() == "foreach my $line (sort {$hash{$b} <=> $hash{$a}} keys %hash) {":
            nxt = lines[i + 1]
            if "my $sign_offs" in nxt:
                lines[i] = line.replace("keys %hash", "sort keys %hash")
                n_sig += 1
            elif "add_categories" in nxt:
                lines[i] = line.replace("keys %hash",
                                        "sort { $a <=> $b } keys %hash")
                n_sec += 1
    if (n_sec, n_sig) != (1, 1):
        raise SystemExit("cannot find the two hash-order sorts in %s" % script)
    with open(dest, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return dest
