# Cover letter with the series summary and, when recorded, how it was made
#
# patchcc cover-letter template.  Lines starting with '#' are comments.
# b4's tokens: ${cover} ${shortlog} ${diffstat} ${range_diff}
# ${base_commit} ${change_id} ${prerequisites} ${signature}; patchcc's:
# ${provenance} (or its parts ${tools} ${assistance} ${testing}) ${title}
# ${total} ${changes}.  "${if NAME}...${end}" keeps a part only when NAME has a
# value.  Write $$ for a literal dollar sign.
# ${prerequisites} is whole lines, each with its newline, hence "${prerequisites}-- ".
${cover}
${if changes}

${changes}
${end}

${shortlog}

${diffstat}
${if provenance}

${provenance}
${end}
${if range_diff}

${range_diff}
${end}

${if base_commit}
base-commit: ${base_commit}
${end}
${if change_id}
change-id: ${change_id}
${end}
${prerequisites}-- 
${signature}
