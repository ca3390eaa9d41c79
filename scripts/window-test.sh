#!/usr/bin/env bash
# Opens the real game window (under Xvfb when there is no display), plays it with xdotool key
# presses, checks the game state moved as the keys say and that it pauses when another window
# takes the focus, quits it with a real Escape key, verifies the replay it recorded (which holds
# a rewind) and saves a screenshot; then ends a second game with SIGINT (Ctrl-C).
#
# Nothing waits a fixed time. Each game writes its summary (`play --summary FILE`: the tick,
# the phase, the ticks each button was held, ticks rewound, the initials entry) and rewrites
# it as it plays; every step presses or holds keys and then polls that file (or a window, the
# keyboard focus, a saved file; scripts/lib/xvfb.sh) until it shows what the keys should have
# done. Every wait is bounded (the game session GAME seconds, any other step STEP seconds,
# default 60: ample on a machine twice as slow and busy; the whole run under Xvfb 240 s), so
# CI fails, with a message, instead of hanging when the window never appears, a key never
# reaches the game or the game never quits.
#
#   scripts/window-test.sh                 # uses .build/debug/GameApp; output in .build/window-test
#   BIN=.build/release/GameApp OUT=/tmp/wt scripts/window-test.sh
set -euo pipefail
TEST="window test"
LIMIT=240
source "$(dirname "$(realpath "$0")")/lib/xvfb.sh"
GAME=${GAME:-120}
mkdir -p "$OUT"
# High scores go to the test's own folder, never the user's.
export XDG_DATA_HOME="$OUT/data"
rm -f "$OUT/audio.raw" "$OUT/summary.txt" "$OUT/session.replay" "$OUT/session.replay.part" \
  "$OUT/shot.png"
THIEF=
# Whatever happens, nothing this test started outlives it, and no command fails silently.
trap 'kill $PID $THIEF 2>/dev/null || true' EXIT
trap 'echo "window test FAILED: line $LINENO: $BASH_COMMAND exited with status $?" >&2' ERR

# What a game's summary file says now: a field's value, the ticks a button was held.
value() { sed -n "s/.*\b$2=\([^ ]*\).*/\1/p" "$1" 2>/dev/null; }
ticks_held() { sed -n "s/.*[=,]$2:\([0-9]*\).*/\1/p" "$1" 2>/dev/null; }
# is FILE FIELD VALUE; at_least FILE FIELD N; held_at_least FILE BUTTON N; below FILE FIELD N
is() { [ "$(value "$1" "$2")" = "$3" ]; }
at_least() { local n; n=$(value "$1" "$2"); [ -n "$n" ] && [ "$n" -ge "$3" ]; }
below() { local n; n=$(value "$1" "$2"); [ -n "$n" ] && [ "$n" -lt "$3" ]; }
held_at_least() { local n; n=$(ticks_held "$1" "$2"); [ -n "$n" ] && [ "$n" -ge "$3" ]; }

# Sound goes to SDL's disk driver: a raw file of the samples the game played. No tick limit:
# the game runs until the Escape key at the end (or `timeout` ends it, and the test fails).
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$OUT/audio.raw" \
  timeout -k 5 "$GAME" "$BIN" play --seed 7 --record "$OUT/session.replay" \
  --summary "$OUT/summary.txt" >"$OUT/play.log" 2>&1 &
PID=$!
S="$OUT/summary.txt"
find_window Asteroids
GAME_WINDOW=$WINDOW
focus "$GAME_WINDOW"
xdotool key space                                   # title: fire starts a game
wait_for "game started by fire on the title" is "$S" phase playing
xdotool keydown Left                                # turn left...
wait_for "Left held 20 ticks" held_at_least "$S" rotate-left 20
xdotool keyup Left
xdotool keydown Up                                  # thrust...
wait_for "Up held 20 ticks" held_at_least "$S" thrust 20
xdotool keydown space                               # ...and fire while flying
wait_for "a bullet fired by Space" at_least "$S" bullets 1
timeout "$STEP" "$IMPORT" -window root "$OUT/shot.png"
xdotool keyup space; xdotool keyup Up
# Half a second of drifting, so the rewind (16 ticks, and what it runs on while the test
# sees them) takes back only flight, never the thrust that moved the ship.
DRIFT=$(value "$S" tick)
wait_for "half a second of drift" at_least "$S" tick $((DRIFT + 32))
xdotool keydown BackSpace                           # rewind a little
wait_for "16 ticks rewound by Backspace" at_least "$S" rewound 16
xdotool keyup BackSpace
# Letting go resumes play: the tick moves on from where the rewind left it.
BACK=$(value "$S" tick)
wait_for "play resumed after the rewind" at_least "$S" tick $((BACK + 8))
# Another window takes the keyboard focus: the game must pause itself and stay paused.
/usr/bin/display -title focus-thief -size 64x64 xc:gray &
THIEF=$!
find_window focus-thief
focus "$WINDOW"
wait_for "pause when the focus went to another window" is "$S" phase paused
# Back to the game (getting the focus back does not resume it) and quit with a real Escape.
focus "$GAME_WINDOW"
xdotool key Escape
STATUS=0
wait "$PID" || STATUS=$?
PID=
kill "$THIEF" 2>/dev/null || true
# SDL's disk driver, which this test chose, announces itself as CRITICAL: not a problem here.
grep -v "disk i/o audio driver" "$OUT/play.log" || true
[ "$STATUS" -ne 124 ] && [ "$STATUS" -ne 137 ] || fail "Escape did not quit the game"
[ "$STATUS" -eq 0 ] || fail "the game exited with status $STATUS"
SUMMARY=$(cat "$OUT/summary.txt")
echo "summary: $SUMMARY"

# The summary: tick=N <the game's own summary> rewound=N held=<button>:<ticks>,...
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$SUMMARY"; }
held() { sed -n "s/.*[=,]$1:\([0-9]*\).*/\1/p" <<<"$SUMMARY"; }
[ "$(field games)" -ge 1 ] || fail "fire on the title did not start a game"
[ "$(held rotate-left)" -ge 10 ] || fail "holding Left did not reach the game"
[ "$(field angle)" != 49152 ] || fail "holding Left did not turn the ship"
[ "$(held thrust)" -ge 10 ] || fail "holding Up did not reach the game"
[ "$(field ship)" != 640,360 ] || fail "thrust did not move the ship"
[ "$(held fire)" -ge 1 ] || fail "Space did not fire"
[ "$(field rewound)" -gt 0 ] || fail "holding Backspace did not rewind"
[ "$(field phase)" = paused ] || fail "losing the focus did not pause the game"
[ -s "$OUT/session.replay" ] || fail "no replay written"
[ ! -e "$OUT/session.replay.part" ] || fail "the recording was left as a .part file"
# The recording of a rewound game replays headless and matches every recorded hash.
VERIFY=$(timeout "$STEP" "$BIN" replay "$OUT/session.replay" --verify 2>&1) \
  || fail "the recorded replay did not verify: $VERIFY"
echo "$VERIFY"
[ -s "$OUT/shot.png" ] || fail "no screenshot"
# Shots and the thrust rumble were heard: the raw signed 16-bit samples are not all quiet.
[ -s "$OUT/audio.raw" ] || fail "nothing was played to the audio device"
LOUD=$(od -An -v -t d2 "$OUT/audio.raw" | tr -s ' ' '\n' | awk '$1 > 2000 || $1 < -2000' | wc -l)
[ "$LOUD" -gt 1000 ] || fail "no sound reached the audio device ($LOUD loud samples)"
# Ctrl-C ends a game cleanly too: SIGINT becomes SDL's quit event and the replay is finished.
# Job control, so that the background game does not start with SIGINT ignored, as a script's
# background jobs otherwise do.
set -m
rm -f "$OUT/sigint.replay" "$OUT/sigint.replay.part" "$OUT/sigint.txt"
SDL_AUDIODRIVER=dummy timeout -k 5 "$GAME" "$BIN" play --seed 8 --record "$OUT/sigint.replay" \
  --summary "$OUT/sigint.txt" >"$OUT/sigint.log" 2>&1 &
PID=$!
find_window Asteroids
# A second of ticks before Ctrl-C: the replay holds ticks, not only its header.
wait_for "a second of ticks before Ctrl-C" at_least "$OUT/sigint.txt" tick 64
kill -INT "$PID"
STATUS=0
wait "$PID" || STATUS=$?
PID=
[ "$STATUS" -eq 0 ] || fail "the game did not end cleanly on SIGINT (status $STATUS)"
[ -s "$OUT/sigint.replay" ] && [ ! -e "$OUT/sigint.replay.part" ] \
  || fail "SIGINT did not leave a finished replay"
timeout "$STEP" "$BIN" replay "$OUT/sigint.replay" --verify >/dev/null \
  || fail "the replay of the game ended by SIGINT did not verify"
echo "SIGINT: $(cat "$OUT/sigint.log")"
# Another game in the same window code: Blocks, started from its title with Return, played with
# the arrow keys and Space, rewound, and quit; its recording must verify too.
set +m
rm -f "$OUT/blocks.replay" "$OUT/blocks.txt"
SDL_AUDIODRIVER=dummy timeout -k 5 "$GAME" "$BIN" play --game blocks --seed 3 \
  --record "$OUT/blocks.replay" --summary "$OUT/blocks.txt" >"$OUT/blocks.log" 2>&1 &
PID=$!
B="$OUT/blocks.txt"
find_window Blocks
focus "$WINDOW"
xdotool key Return                                   # title: start a marathon
wait_for "a marathon started by Return" is "$B" phase playing
STARTED=$(value "$B" tick)
# Each key is pressed once and must reach the game (its button held one more tick) before
# the next.
press() {
  local before
  before=$(ticks_held "$B" "$2")
  xdotool key "$1"
  wait_for "$1 reaching Blocks as $2" held_at_least "$B" "$2" $((before + 1))
}
for key in Left:left Left:left Left:left space:hard-drop Right:right Right:right \
  Up:rotate-right space:hard-drop Up:rotate-right Up:rotate-right space:hard-drop; do
  press "${key%%:*}" "${key#*:}"
done
# Two seconds of play at least, so the rewind below has play before the pause to land on.
wait_for "two seconds of play" at_least "$B" tick $((STARTED + 128))
# Pause, play on, then rewind to before the pause: rewind passes over the paused ticks, and
# letting go resumes play (never lands paused).
xdotool key p
wait_for "Blocks paused by P" is "$B" phase paused
PAUSED=$(value "$B" tick)
xdotool key p
wait_for "Blocks resumed by P" is "$B" phase playing
RESUMED=$(value "$B" tick)
wait_for "play after the pause" at_least "$B" tick $((RESUMED + 16))
xdotool keydown BackSpace
wait_for "a rewind to before the pause (tick $PAUSED)" below "$B" tick "$PAUSED"
xdotool keyup BackSpace
# A hard drop after it locks a piece whatever the rewind took back.
press space hard-drop
timeout "$STEP" "$IMPORT" -window root "$OUT/blocks.png"
xdotool key Escape
STATUS=0
wait "$PID" || STATUS=$?
PID=
[ "$STATUS" -eq 0 ] || { cat "$OUT/blocks.log"; fail "Blocks exited with status $STATUS"; }
BLOCKS_SUMMARY=$(cat "$OUT/blocks.txt")
echo "blocks: $BLOCKS_SUMMARY"
bfield() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$BLOCKS_SUMMARY"; }
bheld() { sed -n "s/.*[=,]$1:\([0-9]*\).*/\1/p" <<<"$BLOCKS_SUMMARY"; }
[ "$(bfield phase)" = playing ] \
  || fail "Blocks is not in play at the end (not started, or a rewind into a pause left it paused)"
[ "$(bheld hard-drop)" -ge 3 ] || fail "Space did not reach Blocks"
[ "$(bfield pieces)" -ge 1 ] || fail "hard drops did not lock pieces in Blocks"
[ "$(bfield rewound)" -gt 0 ] || fail "Backspace did not rewind Blocks"
timeout "$STEP" "$BIN" replay "$OUT/blocks.replay" --verify >/dev/null \
  || fail "the Blocks recording did not verify"
# A game that ends asks for initials and keeps them with its replay: hard drops straight down
# top out a marathon, three typed letters and Return enter the table, and `replay --best`
# verifies it.
export XDG_DATA_HOME="$OUT/data"
rm -rf "$XDG_DATA_HOME"
rm -f "$OUT/scores.txt"
SDL_AUDIODRIVER=dummy timeout -k 5 "$GAME" "$BIN" play --game blocks --seed 5 --no-record \
  --summary "$OUT/scores.txt" >"$OUT/scores.log" 2>&1 &
PID=$!
find_window Blocks
focus "$WINDOW"
xdotool key Return
wait_for "a marathon started by Return" is "$OUT/scores.txt" phase playing
# Hard drops, one each poll, until the stack tops out and the entry opens (it shows in the
# summary as `entry=`).
entry_opened() { grep -q " entry=" "$OUT/scores.txt" || { xdotool key space; false; }; }
wait_for "an initials entry after hard drops topped out the marathon" entry_opened
# The entry takes keys half a second after it opens; three letters wait for Return.
wait_for "the initials entry taking keys" grep -q " entry=open" "$OUT/scores.txt"
timeout "$STEP" "$IMPORT" -window root "$OUT/initials.png"
xdotool key w t x Return
# Saved on Return, before quitting (Escape would save the letters typed too).
saved() { grep -qs '"initials" : "WTX"' "$XDG_DATA_HOME/blocks/highscores.json"; }
wait_for "initials saved on Return" saved
xdotool key Escape
STATUS=0
wait "$PID" || STATUS=$?
PID=
[ "$STATUS" -eq 0 ] || { cat "$OUT/scores.log"; fail "Blocks (high score) exited with status $STATUS"; }
grep -q '"initials" : "WTX"' "$XDG_DATA_HOME/blocks/highscores.json" \
  || { cat "$OUT/scores.log"; fail "the initials typed did not reach the high-score table"; }
BEST=$(timeout "$STEP" "$BIN" replay --best --game blocks --verify 2>&1) \
  || fail "the high score's replay did not verify: $BEST"
echo "$(cat "$OUT/scores.log"); $(tail -1 <<<"$BEST")"
COLOURS=$(timeout "$STEP" identify -format %k "$OUT/shot.png")
[ "$COLOURS" -gt 16 ] || fail "screenshot looks blank ($COLOURS colours)"
# A bot at the controls (`play --bot`): in the window it plays exactly the game `simulate`
# plays with the same bot and seed.
rm -f "$OUT/bot.replay"
timeout -k 5 "$STEP" "$BIN" play --game pong --bot coach --seed 5 --quit-after-ticks 400 --mute \
  --record "$OUT/bot.replay" >"$OUT/bot.log" 2>&1 || { cat "$OUT/bot.log"; fail "play --bot failed"; }
WATCHED=$("$BIN" replay "$OUT/bot.replay" --verify --json | sed -n 's/.*"hash": "\([0-9a-f]*\)".*/\1/p')
SIMULATED=$("$BIN" simulate --game pong --bot coach --seed 5 --ticks 400 --json \
  | sed -n 's/.*"hash": "\([0-9a-f]*\)".*/\1/p')
[ -n "$WATCHED" ] && [ "$WATCHED" = "$SIMULATED" ] \
  || fail "the bot in the window played another game than simulate's ($WATCHED, $SIMULATED)"
echo "play --bot: the coach played pong seed 5 in the window to simulate's hash $WATCHED"
echo "window test passed: screenshot $OUT/shot.png ($COLOURS colours), replay $OUT/session.replay (verified), $LOUD loud audio samples"
