#!/usr/bin/env bash
# The attract mode in a real window (under Xvfb when there is no display): Pong left on its
# title for three seconds shows a demo of its first bot, drawn with the DEMO banner (a
# screenshot is kept); a real key ends it and the title comes back; a second demo comes by
# itself and Escape ends it without quitting; SIGTERM then ends the game. The player's
# recording must hold only the player's own ticks and verify, and no high score may be written.
#
# Nothing waits a fixed time: every step polls for its condition (a line in the game's log, a
# colour on screen) up to a deadline of STEP seconds (default 60: ample on a machine twice as
# slow), the whole run under Xvfb is bounded at 180 s, and each failure prints one
# `attract test FAILED` line.
#
#   scripts/attract-test.sh            # uses .build/debug/GameApp; output in .build/attract-test
set -euo pipefail
TEST="attract test"
LIMIT=180
source "$(dirname "$(realpath "$0")")/lib/xvfb.sh"
FAIL_LOG="$OUT/play.log"
mkdir -p "$OUT"
rm -rf "$OUT/data"
rm -f "$OUT"/*.png "$OUT/player.replay" "$OUT/summary.txt" "$OUT/play.log"
# High scores go to the test's own folder, never the user's.
export XDG_DATA_HOME="$OUT/data"

trap 'kill $PID 2>/dev/null || true' EXIT

logged() { grep -q "$1" "$OUT/play.log"; }
# A screenshot kept as $OUT/$1.png; whether it shows the banner's gold (255,214,90).
shot() { "$IMPORT" -window root "$OUT/$1.png" 2>/dev/null; }
has_banner() { "$CONVERT" "$OUT/$1.png" -format %c histogram:info:- | grep -q "(255,214,90"; }
banner_on_screen() { shot "$1" && has_banner "$1"; }
banner_gone() { shot "$1" && ! has_banner "$1"; }

SDL_AUDIODRIVER=dummy timeout -k 5 $((STEP * 3)) "$BIN" play --game pong --seed 11 \
  --attract 3 --record "$OUT/player.replay" --summary "$OUT/summary.txt" >"$OUT/play.log" 2>&1 &
PID=$!
find_window Pong
focus "$WINDOW"

wait_for "first demo" logged "attract: demo 1, the coach bot"
wait_for "DEMO banner on screen" banner_on_screen demo
cp "$OUT/demo.png" "$OUT/shot.png"
xdotool key x
wait_for "end of the first demo by a key" logged "attract: demo 1 ended after .* a key was pressed"
wait_for "title back without the banner" banner_gone title

wait_for "second demo" logged "attract: demo 2, the coach bot"
xdotool key Escape
wait_for "end of the second demo by Escape" \
  logged "attract: demo 2 ended after .* a key was pressed"
kill -0 "$PID" 2>/dev/null || fail "Escape during a demo quit the game instead of ending the demo"
kill -TERM "$PID"
STATUS=0
wait "$PID" || STATUS=$?
PID=
[ "$STATUS" -eq 0 ] || fail "the game did not end cleanly on SIGTERM (status $STATUS)"

SUMMARY=$(cat "$OUT/summary.txt")
echo "summary: $SUMMARY"
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$SUMMARY"; }
grep -q "phase title" <<<"$SUMMARY" || fail "the player's game is not on its title"
grep -q "score 0, opponent 0, hits 0" <<<"$SUMMARY" \
  || fail "the demos' play reached the player's game"
[ "$(field demos)" -ge 2 ] || fail "fewer than two demos were counted"
# The recording holds the player's ticks only (the title's), and verifies.
VERIFY=$(timeout "$STEP" "$BIN" replay "$OUT/player.replay" --verify --json 2>&1) \
  || fail "the player's recording did not verify: $VERIFY"
TICKS=$(sed -n 's/.*"ticks": \([0-9]*\).*/\1/p' <<<"$VERIFY" | tail -1)
[ "$TICKS" = "$(field tick)" ] \
  || fail "the recording holds $TICKS ticks, the player's game $(field tick): demo ticks leaked"
[ ! -e "$XDG_DATA_HOME/pong/highscores.json" ] || fail "a demo wrote a high score"
COLOURS=$(identify -format %k "$OUT/shot.png")
[ "$COLOURS" -gt 4 ] || fail "the demo screenshot looks blank ($COLOURS colours)"
echo "attract test passed: $(grep -c 'attract: demo' "$OUT/play.log") demo lines, \
recording of $TICKS title ticks verified, screenshot $OUT/shot.png ($COLOURS colours)"
