#!/usr/bin/env bash
# Rollback matches in real windows (under Xvfb when there is no display):
#
# 1. A host window waits for player 2, says so on screen (screenshot waiting.png), and quits
#    cleanly on Escape while the handshake still waits.
# 2. Two Pong windows, side by side at half size, a bot at each one's controls, play a match of
#    TICKS ticks through the seeded relay (30 ms each way, 10 ms of jitter: rollbacks happen);
#    both show the match's figures (screenshot match.png); P in the host's window pauses both
#    and the joiner shows "paused by player 1" (paused.png); a joiner stopped with SIGSTOP
#    makes the host wait and say "waiting for player 2" (stalled.png); both end by themselves
#    with status 0 and the same final hash, and their replays verify to that hash and are
#    byte for byte the same. A third window watches (`--spectate`) and records the same file.
# 3. A Blocks versus window hosts a headless `netplay --join` peer: the same hash on both.
# 4. The joiner's window closes mid-match: the host says "player 2 left" (left.png) and closes
#    on Escape; both replays verify.
#
# Nothing waits a fixed time: every step polls for its condition (a line in a log, lit pixels
# in a screenshot, a process gone) up to a deadline of STEP seconds (default 60: ample on a
# machine twice as slow and busy), the matches TICKS / 64 + STEP seconds, the whole run under
# Xvfb 300 s; each failure prints one `netplay window test FAILED` line.
#
#   scripts/netplay-window-test.sh     # uses .build/debug/GameApp; output in .build/netplay-window-test
set -euo pipefail
TEST="netplay window test"
LIMIT=300
source "$(dirname "$(realpath "$0")")/lib/xvfb.sh"
TICKS=${TICKS:-1920}
mkdir -p "$OUT"
rm -f "$OUT"/*.png "$OUT"/*.replay "$OUT"/*.part "$OUT"/*.log "$OUT"/*.out
# Default recordings, if any, go to the test's folder, never the user's.
export XDG_STATE_HOME="$OUT/state"
export SDL_AUDIODRIVER=dummy
STARTED=()
trap 'for pid in "${STARTED[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done' EXIT

# start NAME COMMAND...: runs COMMAND in the background, its output in $OUT/NAME.out and .log;
# sets LAST to its process id.
start() {
  local name=$1
  shift
  timeout -k 5 $((LIMIT - 10)) "$@" >"$OUT/$name.out" 2>"$OUT/$name.log" &
  LAST=$!
  STARTED+=("$LAST")
}
has_line() { grep -qE "$2" "$1" 2>/dev/null; }
gone() { ! kill -0 "$1" 2>/dev/null; }
# finished NAME PID: waits for PID to end by itself (its match run) and fails unless status 0.
finished() {
  local saved=$STEP status=0
  STEP=$((TICKS / 64 + STEP))
  PID= wait_for "the end of $1's match" gone "$2"
  STEP=$saved
  wait "$2" || status=$?
  [ "$status" -eq 0 ] || { FAIL_LOG="$OUT/$1.log" fail "$1 exited with status $status: $(cat "$OUT/$1.out")"; }
}
hash_of() { sed -nE 's/.* ticks, hash ([0-9a-f]+);.*/\1/p' "$OUT/$1.out" | head -1; }

# grab: the whole screen in $OUT/probe.png (a window's own picture is undefined where another
# covered it, and asking for one that is closing can hang), bounded at 10 s.
grab() { timeout 10 "$IMPORT" -window root "$OUT/probe.png" 2>/dev/null; }
# lit FILE GEOMETRY MIN_RED MIN_GREEN MIN_BLUE MAX_BLUE: how many pixels of FILE's GEOMETRY
# (WxH+X+Y) have at least the red, green and blue given and at most MAX_BLUE blue.
lit() {
  "$CONVERT" "$1" -crop "$2" +repage -depth 8 txt:- 2>/dev/null | awk -F'[()]' \
    -v r="$3" -v g="$4" -v b="$5" -v mb="$6" \
    'NR > 1 { split($2, c, ","); if (c[1] >= r && c[2] >= g && c[3] >= b && c[3] <= mb) n++ }
     END { print n + 0 }'
}
# The message in the middle ("waiting for player 2") is amber on a dark panel; the figures at
# the top, in the middle ("ping 23 ms", "rollback 2 (deepest 7)"), are pale cyan.
message_shown() {
  grab || return 1
  [ "$(lit "$OUT/probe.png" "$1" 220 170 0 150)" -ge 50 ]
}
figures_on() {
  grab || return 1
  [ "$(lit "$OUT/probe.png" 300x48+490+0 110 200 220 255)" -ge 30 ]
}
figures_shown() {
  grab || return 1
  [ "$(lit "$OUT/probe.png" 150x24+245+0 110 200 220 255)" -ge 20 ] \
    && [ "$(lit "$OUT/probe.png" 150x24+885+0 110 200 220 255)" -ge 20 ]
}

# 1. Waiting for player 2, then Escape during the handshake.
start escape "$BIN" play --game pong --host 0 --no-record --timeout 120
PID=$LAST
ESCAPE=$LAST
FAIL_LOG="$OUT/escape.log"
find_window "Pong - host"
wait_for "the host's port in its log" has_line "$OUT/escape.log" '^hosting pong on 127\.0\.0\.1:[0-9]+$'
wait_for "\"waiting for player 2\" on the host's screen" message_shown 1280x80+0+300
cp "$OUT/probe.png" "$OUT/waiting.png"
focus "$WINDOW"
xdotool key --window "$WINDOW" Escape
PID=
wait_for "the host to quit on Escape during the handshake" gone "$ESCAPE"
STATUS=0
wait "$ESCAPE" || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "Escape during the handshake exited with status $STATUS"
grep -q "no match played" "$OUT/escape.out" || fail "no 'no match played' line: $(cat "$OUT/escape.out")"

# 2. Two windows through the relay.
start host "$BIN" play --game pong --host 0 --bot coach --ticks "$TICKS" --scale 0.5 \
  --record "$OUT/host.replay" --timeout 120
HOST=$LAST
PID=$HOST
FAIL_LOG="$OUT/host.log"
wait_for "the host's port in its log" has_line "$OUT/host.log" '^hosting pong on '
PORT=$(sed -nE 's/^hosting pong on 127\.0\.0\.1:([0-9]+)$/\1/p' "$OUT/host.log")
start relay "$BIN" relay --listen 0 --to "127.0.0.1:$PORT" --delay 30 --jitter 10 --seed 7
RELAY=$LAST
wait_for "the relay's port in its log" has_line "$OUT/relay.log" '^relaying port '
RELAYED=$(awk '/^relaying port / { print $3; exit }' "$OUT/relay.log")
start join "$BIN" play --game pong --join "127.0.0.1:$RELAYED" --bot coach --ticks "$TICKS" \
  --scale 0.5 --record "$OUT/join.replay" --timeout 120
JOIN=$LAST
# A spectator window, straight to the host, under the two.
start watch "$BIN" play --game pong --spectate "127.0.0.1:$PORT" --ticks "$TICKS" --scale 0.5 \
  --record "$OUT/watch.replay" --timeout 120
WATCH=$LAST
find_window "Pong - host"
HOST_WINDOW=$WINDOW
PID=$JOIN
find_window "Pong - joining"
JOIN_WINDOW=$WINDOW
PID=$WATCH
find_window "Pong - watching"
WATCH_WINDOW=$WINDOW
# Side by side: the host on the left, the joiner on the right, each 640 x 360; the spectator
# below the host.
xdotool windowmove "$HOST_WINDOW" 0 0 windowmove "$JOIN_WINDOW" 640 0 \
  windowmove "$WATCH_WINDOW" 0 360
PID=$HOST
wait_for "the host's match to start" has_line "$OUT/host.log" '^match started: seat 1 of 2'
PID=$JOIN
wait_for "the joiner's match to start" has_line "$OUT/join.log" '^match started: seat 2 of 2'
# Both windows show the figures once a ping is measured.
PID=$HOST
wait_for "the figures on both windows" figures_shown
# Pause is the host's: P in the host's window pauses both games, and the joiner says who did.
focus "$HOST_WINDOW"
# P again if the host's own screen does not say so soon (a press the window missed while it
# took the focus); the joiner's then says so too.
pause_host() { message_shown 640x40+0+150 || { xdotool key --window "$HOST_WINDOW" p; false; }; }
wait_for "\"paused by player 1\" on the host's screen" pause_host
wait_for "\"paused by player 1\" on the joiner's screen" message_shown 640x40+640+150
cp "$OUT/probe.png" "$OUT/paused.png"
xdotool key --window "$HOST_WINDOW" p
not_shown() { ! message_shown "$@"; }
wait_for "the joiner's game to resume" not_shown 640x40+640+150
# The joiner stops (SIGSTOP): the host runs its prediction window out, then waits and says
# whom for; the joiner goes on (SIGCONT) and catches up.
# (JOIN is `timeout`'s process; the game is its child.)
JOIN_GAME=$(pgrep -P "$JOIN" | head -1)
[ -n "$JOIN_GAME" ] || fail "no joining game under process $JOIN"
kill -STOP "$JOIN_GAME"
wait_for "\"waiting for player 2\" on the host's screen" message_shown 640x40+0+150
cp "$OUT/probe.png" "$OUT/stalled.png"
kill -CONT "$JOIN_GAME"
wait_for "the host to play on" not_shown 640x40+0+150
# The last picture of both windows before the match ends: rollbacks made, a score or two.
while ! gone "$HOST" && ! gone "$JOIN"; do
  if figures_shown; then cp "$OUT/probe.png" "$OUT/match.png"; fi
done
[ -f "$OUT/match.png" ] || fail "no picture of both windows in the match"
finished host "$HOST"
finished join "$JOIN"
finished watch "$WATCH"
kill -TERM "$RELAY" 2>/dev/null || true
wait "$RELAY" 2>/dev/null || true
A=$(hash_of host)
B=$(hash_of join)
[ -n "$A" ] && [ "$A" = "$B" ] || fail "the host ended on '$A', the joiner on '$B'"
grep -q "^pong, seat 1 of 2: $TICKS ticks" "$OUT/host.out" \
  || fail "the host did not play $TICKS ticks: $(cat "$OUT/host.out")"
for side in host join; do
  VERIFY=$(timeout "$STEP" "$BIN" replay "$OUT/$side.replay" --verify 2>&1) \
    || fail "the $side's replay did not verify: $VERIFY"
  grep -q "$A" <<<"$VERIFY" || fail "the $side's replay does not end on $A: $VERIFY"
done
cmp -s "$OUT/host.replay" "$OUT/join.replay" || fail "the two windows' replays differ"
grep -q "^pong, watched: $TICKS ticks, hash $A" "$OUT/watch.out" \
  || fail "the spectator did not watch $TICKS ticks to $A: $(cat "$OUT/watch.out")"
cmp -s "$OUT/host.replay" "$OUT/watch.replay" || fail "the spectator's replay differs"
ROLLBACKS=$(sed -nE 's/.*; ([0-9]+) rollbacks \(deepest ([0-9]+).*/\1 rollbacks, deepest \2/p' "$OUT/join.out")

# 3. A Blocks versus window hosts a headless peer.
VERSUS=(--game blocks --set mode=versus --set title=no --ticks 320 --timeout 120)
start versus-host "$BIN" play "${VERSUS[@]}" --host 0 --bot strong --record "$OUT/versus-host.replay"
VHOST=$LAST
PID=$VHOST
FAIL_LOG="$OUT/versus-host.log"
wait_for "the Blocks host's port in its log" has_line "$OUT/versus-host.log" '^hosting blocks on '
VPORT=$(sed -nE 's/^hosting blocks on 127\.0\.0\.1:([0-9]+)$/\1/p' "$OUT/versus-host.log")
start versus-peer "$BIN" netplay "${VERSUS[@]}" --join "127.0.0.1:$VPORT" --json \
  --record "$OUT/versus-peer.replay"
VPEER=$LAST
find_window "Blocks - host"
wait_for "the Blocks match to start" has_line "$OUT/versus-host.log" '^match started'
while ! gone "$VHOST"; do
  grab && ! gone "$VHOST" && cp "$OUT/probe.png" "$OUT/versus.png"
done
finished versus-host "$VHOST"
finished versus-peer "$VPEER"
C=$(hash_of versus-host)
D=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).read().splitlines()[-1])["hash"])' \
  "$OUT/versus-peer.out")
[ -n "$C" ] && [ "$C" = "$D" ] || fail "the Blocks window ended on '$C', the headless peer on '$D'"
cmp -s "$OUT/versus-host.replay" "$OUT/versus-peer.replay" \
  || fail "the Blocks window's replay and the headless peer's differ"

# 4. A player who leaves mid-match: the joiner's window is closed (SIGTERM, which SDL turns into
# a quit: it says goodbye); the host says "player 2 left" and stays until Escape; both replays
# verify.
start left-host "$BIN" play --game pong --host 0 --bot coach --record "$OUT/left-host.replay" \
  --timeout 120
LHOST=$LAST
PID=$LHOST
FAIL_LOG="$OUT/left-host.log"
wait_for "the host's port in its log" has_line "$OUT/left-host.log" '^hosting pong on '
LPORT=$(sed -nE 's/^hosting pong on 127\.0\.0\.1:([0-9]+)$/\1/p' "$OUT/left-host.log")
start left-join "$BIN" play --game pong --join "127.0.0.1:$LPORT" --bot coach --scale 0.5 \
  --record "$OUT/left-join.replay" --timeout 120
LJOIN=$LAST
# A spectator window, straight to the host, under the two.
start watch "$BIN" play --game pong --spectate "127.0.0.1:$PORT" --ticks "$TICKS" --scale 0.5 \
  --record "$OUT/watch.replay" --timeout 120
WATCH=$LAST
find_window "Pong - host"
LEFT_WINDOW=$WINDOW
wait_for "the match to start" has_line "$OUT/left-host.log" '^match started'
wait_for "a ping on the host's screen" figures_on
kill -TERM "$LJOIN"
PID= wait_for "the joiner to leave" gone "$LJOIN"
wait "$LJOIN" || fail "the joiner closed with status $?: $(cat "$OUT/left-join.log")"
wait_for "\"player 2 left\" on the host's screen" message_shown 1280x80+0+300
cp "$OUT/probe.png" "$OUT/left.png"
focus "$LEFT_WINDOW"
xdotool key --window "$LEFT_WINDOW" Escape
PID= wait_for "the host to close on Escape" gone "$LHOST"
wait "$LHOST" || fail "the host closed with status $?: $(cat "$OUT/left-host.log")"
grep -q "the match ended: player 2 left" "$OUT/left-host.out" \
  || fail "the host did not say player 2 left: $(cat "$OUT/left-host.out")"
for side in left-host left-join; do
  VERIFY=$(timeout "$STEP" "$BIN" replay "$OUT/$side.replay" --verify 2>&1) \
    || fail "the $side replay did not verify: $VERIFY"
done

echo "netplay window test passed: waiting and Escape ($OUT/waiting.png); two Pong windows" \
  "through the relay and a spectator window, paused by the host ($OUT/paused.png), the host waiting for a stopped" \
  "joiner ($OUT/stalled.png), $TICKS ticks, hash $A on both, $ROLLBACKS ($OUT/match.png); a Blocks" \
  "window and a headless peer, hash $C on both ($OUT/versus.png); player 2 leaving" \
  "($OUT/left.png)"
