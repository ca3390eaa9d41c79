"""Steps per second from Python through the vector env, per game, batch size and workers,
beside the game's raw Swift tick rate from `GameApp bench`, and beside the same ticks run as
a batch runs them (`GameApp bench --batch N`: N games ticked in turn, random actions, no
observation).

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

import lockstep_games
from lockstep_games import library


def measure(
    game: str, num_envs: int, workers: int, seconds: float, observation: str = "features",
    copy: bool = False,
) -> tuple[float, float]:
    """Steps per second of wall-clock time, and per second of this process's CPU time (all
    its threads): on a machine others share, the second is the steadier figure. `copy` is the
    vector env's: False hands back the engine's own buffers, True a fresh copy each step
    (Gymnasium's default)."""
    envs = lockstep_games.GameVectorEnv(
        game, num_envs=num_envs, workers=workers, copy=copy, observation=observation
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


def bench_rates(game_app: str, game: str, batches: list[int]) -> dict[str, float]:
    """Ticks per second from `GameApp bench --typical-only --json`: the game's reducer
    called raw ("typical": one game, its bot's inputs) and, for each batch size, the same
    reducer ticking that many environments in turn with random actions and no observation
    ("batch N": what a training batch's ticks alone cost)."""
    rates: dict[str, float] = {}
    for batch in [None, *batches]:
        command = [game_app, "bench", "--game", game, "--typical-only", "--json"]
        if batch is not None:
            command += ["--batch", str(batch), "--ticks", str(max(100_000, 250 * batch))]
        try:
            out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            continue
        for line in out.splitlines():
            if not line.startswith("{"):
                continue
            row = json.loads(line)
            name = row.get("workload")
            if "raw_ticks_per_second" in row:
                rates[name] = float(row["raw_ticks_per_second"])
            elif "raw_ns_per_tick" in row and name not in rates:
                rates[name] = 1e9 / max(1e-9, float(row["raw_ns_per_tick"]))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--batches", type=int, nargs="+", default=[1024, 4096])
    parser.add_argument("--game", nargs="+", default=list(library.games()))
    parser.add_argument("--game-app", default=os.environ.get("LOCKSTEP_GAMEAPP", ""))
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"machine: {platform.machine()}, {cores} cores, {platform.platform()}, "
          f"python {platform.python_version()}, numpy {np.__version__}")
    print(f"{'game':<10} {'batch':>6} {'workers':>7} {'steps/s':>12} {'per CPU s':>12} "
          f"{'raw ticks/s':>12} {'of raw':>7} {'batch ticks/s':>13} {'of batch':>8} "
          f"{'scaling':>8}")
    for game in args.game:
        rates = bench_rates(args.game_app, game, args.batches) if args.game_app else {}
        raw = rates.get("typical")
        for batch in args.batches:
            ticks = rates.get(f"batch {batch}")
            single, _ = measure(game, batch, 1, args.seconds)
            rows = [(1, (single, _))]
            if cores > 1:
                rows.append((cores, measure(game, batch, cores, args.seconds)))
            for workers, (rate, per_cpu) in rows:
                share = f"{rate / raw:6.0%}" if raw else "     -"
                batch_share = f"{rate / ticks:6.0%}" if ticks else "     -"
                scale = f"{rate / single:7.2f}x"
                raw_text = f"{raw:12,.0f}" if raw else f"{'-':>12}"
                ticks_text = f"{ticks:13,.0f}" if ticks else f"{'-':>13}"
                print(f"{game:<10} {batch:>6} {workers:>7} {rate:12,.0f} {per_cpu:12,.0f} "
                      f"{raw_text} {share:>7} {ticks_text} {batch_share:>8} {scale:>8}",
                      flush=True)
    print("pixel observations (84 x 84 grayscale), batch 1,024, one worker:")
    for game in args.game:
        rate, per_cpu = measure(game, 1024, 1, args.seconds, observation="pixels")
        print(f"{game:<10} frames/s {rate:12,.0f}   per CPU s {per_cpu:12,.0f}", flush=True)


if __name__ == "__main__":
    main()
