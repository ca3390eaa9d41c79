#!/usr/bin/env bash
# An analog axis in a real window (under Xvfb when there is no display): Pong served with
# Space, then the mouse moved with xdotool to two heights, and each time the left paddle must
# come to rest under the pointer on screen; Escape quits, and the recording must hold the
# mouse's axis values (replay format 4) and verify.
#
# Nothing waits a fixed time: every step polls for its condition (the paddle's rows in a
# screenshot of the window) up to a deadline of STEP seconds (default 60: ample on a machine
# twice as slow), the whole run under Xvfb is bounded at 180 s, and each failure prints one
# `axis window test FAILED` line.
#
#   scripts/axis-window-test.sh        # uses .build/debug/GameApp; output in .build/axis-window-test
set -euo pipefail
TEST="axis window test"
LIMIT=180
source "$(dirname "$(realpath "$0")")/lib/xvfb.sh"
FAIL_LOG="$OUT/play.log"
WAIT_DETAIL=describe_paddle
mkdir -p "$OUT"
rm -f "$OUT"/*.png "$OUT/axis.replay" "$OUT/axis.replay.part" "$OUT/play.log"
trap 'kill $PID 2>/dev/null || true' EXIT
describe_paddle() { echo "paddle rows: $(paddle_rows)"; }

# The window is 1280 × 720 pixels over Pong's 160 × 90 court, 8 pixels a unit; the left paddle
# is the white run (16 units long: 128 pixels) in pixel column 55 (x 6 to 8 units). A dimmed
# court (the title, a pause) has no white there.
paddle_rows() {
  "$IMPORT" -window "$WINDOW" "$OUT/window.png" 2>/dev/null || return 1
  "$CONVERT" "$OUT/window.png" -crop 1x720+55+0 +repage -depth 8 txt:- \
    | awk -F'[,:]' '/#FFFFFF/ { print $2 }' \
    | awk 'NR > 1 && $1 != last + 1 { if (n > best) { best = n; top = start } n = 0 }
           { if (n == 0) start = $1; n++; last = $1 }
           END { if (n > best) { best = n; top = start } if (best) print top, top + best - 1 }'
}
# paddle_at Y: the paddle is whole and centred within 6 pixels of row Y.
paddle_at() {
  local rows
  rows=$(paddle_rows) || return 1
  read -r top bottom <<<"$rows" || return 1
  [ $((bottom - top + 1)) -ge 120 ] && [ $(((top + bottom) / 2 - $1)) -le 6 ] \
    && [ $(((top + bottom) / 2 - $1)) -ge -6 ]
}
playing() { local rows; rows=$(paddle_rows) && [ -n "$rows" ]; }

SDL_AUDIODRIVER=dummy timeout -k 5 $((STEP * 3)) "$BIN" play --game pong --seed 4 --attract 0 \
  --mute --record "$OUT/axis.replay" >"$OUT/play.log" 2>&1 &
PID=$!
find_window Pong
focus "$WINDOW"

# Space serves: the court is no longer dimmed. A press the window missed while it was still
# taking the focus is pressed again; in play, Space does nothing.
serve() { playing || { xdotool key --window "$WINDOW" space; false; }; }
wait_for "game in play after Space" serve
# The pointer away from the paddle's column, at two heights: the paddle follows at 1.5 units
# a tick and stops with its centre on the pointer's row, to half a unit (4 pixels): rows 162
# and 562 aim at 160 and 560, away from the rounding between two half units.
xdotool mousemove --window "$WINDOW" 400 162
wait_for "left paddle under the pointer at row 160" paddle_at 160
cp "$OUT/window.png" "$OUT/top.png"
xdotool mousemove --window "$WINDOW" 400 562
wait_for "left paddle under the pointer at row 560" paddle_at 560
cp "$OUT/window.png" "$OUT/bottom.png"

xdotool key --window "$WINDOW" Escape
STATUS=0
wait "$PID" || STATUS=$?
PID=
[ "$STATUS" -eq 0 ] || fail "the game did not end cleanly on Escape (status $STATUS)"
# The recording holds the mouse's heights as the paddle axis (row 162 of 720 is -50 in
# -90...89, row 562 is 50) and replays to every hash it recorded.
DUMP=$(timeout "$STEP" "$BIN" replay "$OUT/axis.replay" --dump 2>&1) \
  || fail "the recording does not read: $DUMP"
grep -q "format 4" <<<"$DUMP" || fail "the recording is not format 4: $(head -3 <<<"$DUMP")"
grep -q "paddle=-50" <<<"$DUMP" && grep -q "paddle=50" <<<"$DUMP" \
  || fail "the recording does not hold the mouse's heights: $(grep -m5 paddle= <<<"$DUMP")"
VERIFY=$(timeout "$STEP" "$BIN" replay "$OUT/axis.replay" --verify 2>&1) \
  || fail "the recording did not verify: $VERIFY"
echo "axis window test passed: the left paddle followed the mouse to rows 160 and 560" \
  "($OUT/top.png, $OUT/bottom.png); $(tail -1 <<<"$VERIFY")"
