#!/bin/sh
# Prints the ace bot's 5-minute figures (the table in docs/GAME.md). Run from the repository root.
# GameCore and Asteroids' rules are compiled into the report's own module with -O, which is
# quicker than a package build (their `import GameCore` lines are then self-imports, ignored).
set -e
out="${TMPDIR:-/tmp}/bot-report"
swiftc -O -wmo -module-name GameCore -package-name Lockstep -suppress-warnings \
  $(find Sources/GameCore Sources/Games/Asteroids -name '*.swift' -not -path '*/Drawing/*') \
  scripts/bot-report/main.swift -o "$out"
"$out"
