# Plain cover letter laid out as git format-patch does; b4 reads it too
#
# Only b4's tokens are used, so this file also works as b4's
# prep-cover-template.  Lines starting with '#' are comments.
# ${prerequisites} is whole lines, each with its newline, hence "${prerequisites}-- ".
${cover}

${shortlog}

${diffstat}

base-commit: ${base_commit}
${prerequisites}-- 
${signature}
