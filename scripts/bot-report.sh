#!/bin/sh
# Prints the ace bot's 5-minute figures (the table in docs/GAME.md). Run from the repository root.
# GameCore is compiled into the report's own module with -O, which is quicker than a package build.
set -e
out="${TMPDIR:-/tmp}/bot-report"
swiftc -O -wmo -module-name GameCore $(find Sources/GameCore -name '*.swift') \
  scripts/bot-report/main.swift -o "$out"
"$out"
