#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# ui-xvfb.sh - run a command on a private Xvfb display (no window manager).
#
#   tests/ui/ui-xvfb.sh [--size WxHxD] COMMAND [ARGS...]
#
# Exits 77 (skipped) when Xvfb is not installed; otherwise with the
# command's status.
set -u
size=1280x1024x24
if [ "${1:-}" = --size ]; then
	size=$2
	shift 2
fi
command -v Xvfb >/dev/null 2>&1 || { echo "SKIP: Xvfb not installed"; exit 77; }

fifo=$(mktemp -d)/display
mkfifo "$fifo"
Xvfb -displayfd 3 -screen 0 "$size" -nolisten tcp -noreset 3>"$fifo" \
	>/dev/null 2>&1 &
xpid=$!
trap 'kill $xpid 2>/dev/null; wait $xpid 2>/dev/null; rm -rf "$(dirname "$fifo")"' EXIT INT TERM
read -r num <"$fifo" || { echo "Xvfb did not start" >&2; exit 1; }
DISPLAY=:$num
export DISPLAY
# No session bus, no accessibility bus: nothing to wait for.
unset DBUS_SESSION_BUS_ADDRESS
NO_AT_BRIDGE=1 GTK_A11Y=none "$@"
