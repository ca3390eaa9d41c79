# Sourced by the checks that build a package of their own against the engine, as a game of
# yours would be built (scripts/check-making-a-game, scripts/check-examples,
# scripts/check-benchmarks). It gives:
#
#   BENCHMARKS_COPY  .build-outside/Benchmarks: a copy of Benchmarks/ (its manifest and targets;
#                    named Benchmarks too, as package-benchmark's plugin writes a target's `main`
#                    only in a folder of that name);
#   ENGINE_COPY      .build-outside/Benchmarks/engine: a copy of this repository's manifest,
#                    sources, tests, assets and example games (Examples/<Name>/, whose ../.. is
#                    then this copy), in a folder named otherwise than the package (Lockstep), as
#                    a clone may be. It is where the benchmark package's `engine` (in the
#                    repository a link to `..`) is, so that every package names the engine by
#                    the same path: SwiftPM does not resolve links, and the same sources by
#                    another path are compiled again;
#   OUTSIDE_SCRATCH  .build-outside/build: the one scratch path (--scratch-path) of every package
#                    built against that copy, so that the engine and swift-argument-parser are
#                    compiled once for all of them, not once a package;
#   sync_engine_copy brings both copies in step with the working tree.
#
# Each package is still its own root package, so its own files and manifest are what is
# checked; only the compiled dependencies are shared, and SwiftPM reuses them only when their
# sources and flags are the same. Two builds must not use OUTSIDE_SCRATCH at once (scripts/test
# runs the checks one after another). Everything is kept (and ignored by Git, as `.build-*/`),
# so a second run compiles only what changed: the copies are synced file by file, times kept.
#   ROOT=$(pwd); source scripts/lib/engine-copy.sh; sync_engine_copy
BENCHMARKS_COPY="$ROOT/.build-outside/Benchmarks"
ENGINE_COPY="$BENCHMARKS_COPY/engine"
OUTSIDE_SCRATCH="$ROOT/.build-outside/build"

# sync_tree SOURCE DESTINATION: DESTINATION becomes a copy of SOURCE, a file or a folder; files
# already there and not older are left alone (their times are the source's), so an unchanged
# file is not compiled again; what SOURCE no longer has is removed.
sync_tree() {
  local source=$1 destination=$2
  if [ -d "$source" ]; then
    mkdir -p "$destination"
    comm -13 <(cd "$source" && find . | sort) <(cd "$destination" && find . | sort) \
      | (cd "$destination" && xargs -r -d '\n' rm -rf --)
    cp -Rpu "$source/." "$destination/"
  else
    cp -pu "$source" "$destination"
  fi
}

# sync_entries SOURCE DESTINATION [SKIPPED...]: each visible entry of the folder SOURCE (not
# .build, nor the SKIPPED names) synced into DESTINATION, and DESTINATION's other visible
# entries (but SKIPPED) removed.
sync_entries() {
  local source=$1 destination=$2 entry name
  shift 2
  mkdir -p "$destination"
  for entry in "$destination"/*; do
    name=$(basename "$entry")
    [ -e "$source/$name" ] || [[ " $* " == *" $name "* ]] || rm -rf "$entry"
  done
  for entry in "$source"/*; do
    name=$(basename "$entry")
    [[ " $* " == *" $name "* ]] || sync_tree "$entry" "$destination/$name"
  done
}

sync_engine_copy() {
  local entry example
  mkdir -p "$ENGINE_COPY/Examples" "$OUTSIDE_SCRATCH"
  sync_entries "$ROOT/Benchmarks" "$BENCHMARKS_COPY" engine
  [ -d "$ENGINE_COPY" ] && [ ! -L "$ENGINE_COPY" ] || {
    echo "$ENGINE_COPY: not a folder" >&2
    return 1
  }
  for entry in Package.swift Sources Tests assets; do
    sync_tree "$ROOT/$entry" "$ENGINE_COPY/$entry"
  done
  for example in "$ROOT"/Examples/*/; do
    example=$(basename "$example")
    sync_entries "$ROOT/Examples/$example" "$ENGINE_COPY/Examples/$example"
  done
}
