# Sourced by the real-window tests (scripts/window-test.sh, attract-test.sh, axis-window-test.sh): what they
# share, so that a new one starts with three lines.
#
#   TEST="attract test"   # the name its failure lines start with
#   LIMIT=180             # seconds for the whole run under Xvfb
#   source "$(dirname "$(realpath "$0")")/lib/xvfb.sh"
#
# With no DISPLAY, sourcing it runs the calling script again under xvfb-run (a 1280x720 screen
# of 24-bit colour) with the same arguments, the whole run bounded at LIMIT seconds, and exits
# with its status. With a display (Xvfb's, or a desktop's), it leaves the shell in the
# repository's root with BIN (.build/debug/GameApp), OUT (.build/<test name>), STEP (60) and
# these, for a test that never waits a fixed time:
#
#   fail MESSAGE            one "$TEST FAILED: MESSAGE" line (then FAIL_LOG's contents, when
#                           FAIL_LOG names a file) and exit 1
#   wait_for WHAT CMD...    runs CMD every 0.1 s until it succeeds, up to STEP seconds; fails
#                           naming WHAT when the deadline passes (with what the command
#                           WAIT_DETAIL prints, when set) or the game (PID, when set) exits
#                           first
#   find_window NAME        sets WINDOW to the id of the window titled NAME whose process is
#                           alive, waiting up to STEP seconds
#   focus WINDOW            gives WINDOW the keyboard focus and waits until it has it
#
# STEP, BIN and OUT may be set from outside: a STEP of 60 is ample on a machine twice as slow.
SELF=$(realpath "$0")
cd "$(dirname "$SELF")/.."
if [ -z "${DISPLAY:-}" ]; then
  STATUS=0
  XVFB_LOG=$(mktemp "${TMPDIR:-/tmp}/xvfb-log.XXXXXX")
  trap 'rm -f "$XVFB_LOG"' EXIT
  # -noreset: a server whose last client leaves resets itself, and a game starting just then
  # has its connection refused ("x11 not available"); a desktop's window manager is always a
  # client, so a desktop never does this.
  timeout -k 10 "$LIMIT" xvfb-run -a -e "$XVFB_LOG" -s "-screen 0 1280x720x24 -noreset" \
    "$SELF" "$@" \
    || STATUS=$?
  [ "$STATUS" -ne 124 ] && [ "$STATUS" -ne 137 ] \
    || echo "$TEST FAILED: the whole run took longer than $LIMIT s" >&2
  # The X server's own words, when the run failed: a server that died says why here.
  [ "$STATUS" -eq 0 ] || [ ! -s "$XVFB_LOG" ] || sed 's/^/Xvfb: /' "$XVFB_LOG" >&2
  exit "$STATUS"
fi
BIN=${BIN:-.build/debug/GameApp}
OUT=${OUT:-.build/${TEST// /-}}
STEP=${STEP:-60}
IMPORT=/usr/bin/import # ImageMagick's, not another `import` on PATH
CONVERT=/usr/bin/convert
PID=
FAIL_LOG=
WAIT_DETAIL=

fail() {
  echo "$TEST FAILED: $*" >&2
  [ -n "$FAIL_LOG" ] && [ -f "$FAIL_LOG" ] && cat "$FAIL_LOG" >&2
  xdpyinfo >/dev/null 2>&1 || echo "(the X server $DISPLAY does not answer xdpyinfo either)" >&2
  exit 1
}

wait_for() {
  local what=$1
  shift
  local deadline=$((SECONDS + STEP))
  until "$@"; do
    [ -n "$PID" ] && ! kill -0 "$PID" 2>/dev/null && fail "the game exited before $what"
    [ "$SECONDS" -lt "$deadline" ] || fail "no $what within $STEP s${WAIT_DETAIL:+ ($($WAIT_DETAIL))}"
    sleep 0.1
  done
}

# A window whose game has exited can outlive it for a moment (the server has not yet read the
# closed connection): a window naming its process (_NET_WM_PID, as SDL's do) counts only while
# that process lives.
live_window() {
  local id pid
  for id in $(xdotool search --name "$1" 2>/dev/null); do
    pid=$(xdotool getwindowpid "$id" 2>/dev/null) || { WINDOW=$id; return 0; }
    kill -0 "$pid" 2>/dev/null && { WINDOW=$id; return 0; }
  done
  return 1
}
find_window() {
  WINDOW=
  local deadline=$((SECONDS + STEP))
  until live_window "$1"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the $1 window did not appear within $STEP s"
    sleep 0.1
  done
}

# Without a window manager, xdotool's own --sync can wait for an event that never comes: the
# focus is asked for, then read back until it is WINDOW's.
has_focus() { [ "$(xdotool getwindowfocus 2>/dev/null)" = "$1" ]; }
focus() {
  xdotool windowfocus "$1" 2>/dev/null || true
  wait_for "keyboard focus on window $1" has_focus "$1"
}
