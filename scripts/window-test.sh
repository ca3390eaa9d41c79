#!/usr/bin/env bash
# Opens the real game window (under Xvfb when there is no display), plays it with xdotool key
# presses, checks the game state moved as the keys say and that it pauses when another window
# takes the focus, and saves a screenshot.
#
#   scripts/window-test.sh                 # uses .build/debug/GameApp; output in .build/window-test
#   BIN=.build/release/GameApp OUT=/tmp/wt scripts/window-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" "$@"
fi
BIN=${BIN:-.build/debug/GameApp}
OUT=${OUT:-.build/window-test}
mkdir -p "$OUT"
rm -f "$OUT/audio.raw" "$OUT/summary.txt" "$OUT/session.replay" "$OUT/shot.png"
IMPORT=/usr/bin/import   # ImageMagick's, not another `import` on PATH

# Sound goes to SDL's disk driver: a raw file of the samples the game played.
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$OUT/audio.raw" \
  "$BIN" play --seed 7 --record "$OUT/session.replay" --quit-after-ticks 900 \
  --summary "$OUT/summary.txt" >"$OUT/play.log" 2>&1 &
PID=$!
WINDOW=$(xdotool search --sync --name Asteroids | head -1)
xdotool windowfocus --sync "$WINDOW" 2>/dev/null || true
sleep 0.5
xdotool key space                                   # title: fire starts a game
sleep 0.5
xdotool keydown Left; sleep 0.6; xdotool keyup Left # turn left ~38 ticks
xdotool keydown Up; sleep 0.8                       # thrust...
xdotool keydown space; sleep 0.4                    # ...and fire while flying
"$IMPORT" -window root "$OUT/shot.png"
xdotool keyup space; xdotool keyup Up
sleep 0.5
xdotool keydown BackSpace; sleep 0.5; xdotool keyup BackSpace  # rewind a little
sleep 0.3
# Another window takes the keyboard focus: the game must pause itself and stay paused.
/usr/bin/display -title focus-thief -size 64x64 xc:gray &
THIEF=$!
THIEF_WINDOW=$(xdotool search --sync --name focus-thief | head -1)
xdotool windowfocus --sync "$THIEF_WINDOW" 2>/dev/null || xdotool windowfocus "$THIEF_WINDOW"
wait "$PID"
kill "$THIEF" 2>/dev/null || true
cat "$OUT/play.log"
SUMMARY=$(cat "$OUT/summary.txt")
echo "summary: $SUMMARY"

fail() { echo "window test FAILED: $*" >&2; exit 1; }
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$SUMMARY"; }
[ "$(field games)" -ge 1 ] || fail "fire on the title did not start a game"
[ "$(field turned)" -ge 10 ] || fail "holding Left did not turn the ship"
[ "$(field moved)" -ge 10 ] || fail "thrust did not move the ship"
[ "$(field shots)" -ge 1 ] || fail "Space did not fire"
[ "$(field rewound)" -gt 0 ] || fail "holding Backspace did not rewind"
[ "$(field phase)" = paused ] || fail "losing the focus did not pause the game"
[ -s "$OUT/session.replay" ] || fail "no replay written"
[ -s "$OUT/shot.png" ] || fail "no screenshot"
# Shots and the thrust rumble were heard: the raw signed 16-bit samples are not all quiet.
[ -s "$OUT/audio.raw" ] || fail "nothing was played to the audio device"
LOUD=$(od -An -v -t d2 "$OUT/audio.raw" | tr -s ' ' '\n' | awk '$1 > 2000 || $1 < -2000' | wc -l)
[ "$LOUD" -gt 1000 ] || fail "no sound reached the audio device ($LOUD loud samples)"
COLOURS=$(identify -format %k "$OUT/shot.png")
[ "$COLOURS" -gt 16 ] || fail "screenshot looks blank ($COLOURS colours)"
echo "window test passed: screenshot $OUT/shot.png ($COLOURS colours), replay $OUT/session.replay, $LOUD loud audio samples"
