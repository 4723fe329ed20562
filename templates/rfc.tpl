# Request for comments: the approach first, then how the series was made
#
# Use with an "RFC PATCH" subject prefix.  Lines starting with '#' are
# comments; replace the EDITME lines before sending.
# ${prerequisites} is whole lines, each with its newline, hence "${prerequisites}-- ".
This series is an RFC: the approach is what needs review, the patches
are not meant to be applied yet.

${cover}
${if changes}

${changes}
${end}

Questions for reviewers:
- EDITME: what should be looked at first, and why.

${shortlog}

${diffstat}
${if provenance}

${provenance}
${end}

${if base_commit}
base-commit: ${base_commit}
${end}
${prerequisites}-- 
${signature}
