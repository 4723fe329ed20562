#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# check-completion.sh COMPLETION PATCHCC - the bash completion offers
# patchcc's options, cover's own, and the --rest-rule values.
set -eu
comp=$1 patchcc=$(readlink -f "$2")
[ -r /usr/share/bash-completion/bash_completion ] || {
	echo "no /usr/share/bash-completion/bash_completion"; exit 1; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
ln -s "$patchcc" "$dir/patchcc"
export PATH=$dir:$PATH
# shellcheck disable=SC1090,SC1091
. /usr/share/bash-completion/bash_completion
. "$comp"
complete_line() {
	COMP_LINE=$1; COMP_POINT=${#1}
	read -ra COMP_WORDS <<<"$1"
	[[ $1 == *' ' ]] && COMP_WORDS+=('')
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_patchcc patchcc "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
	echo "${COMPREPLY[*]}"
}
fail=0
check() {
	got=$(complete_line "$1")
	case " $got " in
	*" $2 "*) echo "ok   '$1' -> $2" ;;
	*) echo "FAIL '$1': '$2' not in '$got'"; fail=1 ;;
	esac
}
check "patchcc --tree-p" --tree-path
check "patchcc --rest-rule " public
check "patchcc --dialect 7" 7.3
check "patchcc --keywords-i" --keywords-in-file
check "patchcc --subst" --substatus
check "patchcc --git-fa" --git-fallback
check "patchcc cover --b4-t" --b4-template
check "patchcc co" cover
got=$(complete_line "patchcc --b4-t")
[ -z "$got" ] || { echo "FAIL: cover's --b4-template offered outside cover: $got"; fail=1; }
exit $fail
