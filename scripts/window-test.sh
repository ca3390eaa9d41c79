#!/usr/bin/env bash
# Opens the real game window (under Xvfb when there is no display), plays it with xdotool key
# presses, checks the game state moved as the keys say and that it pauses when another window
# takes the focus, quits it with a real Escape key, verifies the replay it recorded (which holds
# a rewind) and saves a screenshot; then ends a second game with SIGINT (Ctrl-C).
#
# Every wait is bounded (the game session GAME seconds, any other step STEP seconds, the whole
# run under Xvfb 240 s), so CI fails, with a message, instead of hanging when the window never
# appears or the game never quits. What the test can see it polls for (a window, the keyboard
# focus, a file; scripts/lib/xvfb.sh); the sleeps left are the player's timing (how long a key
# is held, the gaps between presses) and the second the game gets to pause itself, which shows
# nowhere outside it until its summary.
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

# Sound goes to SDL's disk driver: a raw file of the samples the game played. No tick limit:
# the game runs until the Escape key at the end (or `timeout` ends it, and the test fails).
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$OUT/audio.raw" \
  timeout -k 5 "$GAME" "$BIN" play --seed 7 --record "$OUT/session.replay" \
  --summary "$OUT/summary.txt" >"$OUT/play.log" 2>&1 &
PID=$!
find_window Asteroids
GAME_WINDOW=$WINDOW
focus "$GAME_WINDOW"
xdotool key space                                   # title: fire starts a game
sleep 0.5
xdotool keydown Left; sleep 0.6; xdotool keyup Left # turn left ~38 ticks
xdotool keydown Up; sleep 0.8                       # thrust...
xdotool keydown space; sleep 0.4                    # ...and fire while flying
timeout "$STEP" "$IMPORT" -window root "$OUT/shot.png"
xdotool keyup space; xdotool keyup Up
sleep 0.5
xdotool keydown BackSpace; sleep 0.5; xdotool keyup BackSpace  # rewind a little
sleep 0.3
# Another window takes the keyboard focus: the game must pause itself and stay paused.
/usr/bin/display -title focus-thief -size 64x64 xc:gray &
THIEF=$!
find_window focus-thief
focus "$WINDOW"
# The game sees the focus go and pauses at its next tick; nothing outside it shows when it
# has, so it gets a second (60 ticks) before the focus comes back.
sleep 1
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
rm -f "$OUT/sigint.replay" "$OUT/sigint.replay.part"
SDL_AUDIODRIVER=dummy timeout -k 5 "$GAME" "$BIN" play --seed 8 --record "$OUT/sigint.replay" \
  >"$OUT/sigint.log" 2>&1 &
PID=$!
find_window Asteroids
sleep 1 # a second of play before Ctrl-C: the replay holds ticks, not only its header
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
find_window Blocks
focus "$WINDOW"
xdotool key Return; sleep 0.4                        # title: start a marathon
for key in Left Left Left space Right Right Up space Up Up space; do
  xdotool key "$key"; sleep 0.25
done
# Pause for a second, play on briefly, then rewind far enough to reach back past the pause:
# rewind passes over the paused ticks, and letting go resumes play (never lands paused).
xdotool key p; sleep 1; xdotool key p; sleep 0.3
# Rewind runs at twice real speed, so 0.6 s takes back about 77 ticks of play: well past the
# 0.3 s after the pause, not back to the title. A hard drop after it locks a piece whatever
# the rewind took back.
xdotool keydown BackSpace; sleep 0.6; xdotool keyup BackSpace
sleep 0.3
xdotool key space; sleep 0.3
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
SDL_AUDIODRIVER=dummy timeout -k 5 "$GAME" "$BIN" play --game blocks --seed 5 --no-record \
  >"$OUT/scores.log" 2>&1 &
PID=$!
find_window Blocks
focus "$WINDOW"
xdotool key Return; sleep 0.4
for _ in $(seq 1 40); do xdotool key space; sleep 0.08; done
sleep 0.5
timeout "$STEP" "$IMPORT" -window root "$OUT/initials.png"
# The entry listens half a second after it opens; three letters wait for Return.
sleep 0.5
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
