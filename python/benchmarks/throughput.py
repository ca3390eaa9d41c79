"""Steps per second from Python through the vector env, per game, batch size and workers,
beside the game's raw Swift tick rate from `GameApp bench`.

    scripts/bench-python [--seconds 2] [--batches 1024 4096] [--game pong ...]

Each measurement resets a GameVectorEnv (feature observations, action repeat 1, copy=False:
the engine's own buffers, as a training loop that reads them in place would), then steps it
with random actions for about `--seconds`, timing only the `step` calls. The actions are
drawn beforehand (a pool of 64 action arrays, cycled), so numpy's generator is not timed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import time

import numpy as np

import swift_games
from swift_games import library


def measure(
    game: str, num_envs: int, workers: int, seconds: float, observation: str = "features"
) -> tuple[float, float]:
    """Steps per second of wall-clock time, and per second of this process's CPU time (all
    its threads): on a machine others share, the second is the steadier figure."""
    envs = swift_games.GameVectorEnv(
        game, num_envs=num_envs, workers=workers, copy=False, observation=observation
    )
    envs.reset(seed=1)
    pool = np.random.default_rng(0).integers(
        0, envs.single_action_space.n, (64, num_envs), dtype=np.int32
    )
    steps = 0
    for index in range(20):  # warm up: caches, pages, threads
        envs.step(pool[index % 64])
    start = time.perf_counter()
    cpu = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for index in range(16):
            envs.step(pool[(steps + index) % 64])
        steps += 16
        elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    envs.close()
    return steps * num_envs / elapsed, steps * num_envs / cpu


def raw_tick_rate(game_app: str, game: str) -> float | None:
    """Ticks per second of the game's reducer called raw (`GameApp bench --typical-only`)."""
    try:
        out = subprocess.run(
            [game_app, "bench", "--game", game, "--typical-only", "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    for line in out.splitlines():
        if line.startswith("{") and '"typical"' in line:
            row = json.loads(line)
            for key in ("raw_ticks_per_second", "rawTicksPerSecond"):
                if key in row:
                    return float(row[key])
            if "raw_ns_per_tick" in row:
                return 1e9 / float(row["raw_ns_per_tick"])
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--batches", type=int, nargs="+", default=[1024, 4096])
    parser.add_argument("--game", nargs="+", default=list(library.games()))
    parser.add_argument("--game-app", default=os.environ.get("SWIFT_GAMES_GAMEAPP", ""))
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"machine: {platform.machine()}, {cores} cores, {platform.platform()}, "
          f"python {platform.python_version()}, numpy {np.__version__}")
    print(f"{'game':<10} {'batch':>6} {'workers':>7} {'steps/s':>12} {'per CPU s':>12} "
          f"{'raw ticks/s':>12} {'of raw':>7} {'scaling':>8}")
    for game in args.game:
        raw = raw_tick_rate(args.game_app, game) if args.game_app else None
        for batch in args.batches:
            single, _ = measure(game, batch, 1, args.seconds)
            rows = [(1, (single, _))]
            if cores > 1:
                rows.append((cores, measure(game, batch, cores, args.seconds)))
            for workers, (rate, per_cpu) in rows:
                share = f"{rate / raw:6.0%}" if raw else "     -"
                scale = f"{rate / single:7.2f}x"
                raw_text = f"{raw:12,.0f}" if raw else f"{'-':>12}"
                print(f"{game:<10} {batch:>6} {workers:>7} {rate:12,.0f} {per_cpu:12,.0f} "
                      f"{raw_text} {share:>7} {scale:>8}", flush=True)
    print("pixel observations (84 x 84 grayscale), batch 1,024, one worker:")
    for game in args.game:
        rate, per_cpu = measure(game, 1024, 1, args.seconds, observation="pixels")
        print(f"{game:<10} frames/s {rate:12,.0f}   per CPU s {per_cpu:12,.0f}", flush=True)


if __name__ == "__main__":
    main()
