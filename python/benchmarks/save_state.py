"""What saving and restoring a state costs as an episode grows (Pong, one environment), as
bytes and as a snapshot.

    .venv/bin/python python/benchmarks/save_state.py

A saved state is the episode's replay (docs/TRAINING.md, "State"), so both costs grow with
the steps taken; a snapshot is a copy of the state (and of the episode's inputs, 4 bytes a
step) kept by the engine. This plays one long Pong episode with a paddle that follows the
ball and, at a few points of it, times `save_state` and `load_state` (the best of five) and
`snapshot`, `restore` and `Snapshot.close` (each the median of five rounds of 1,000 calls,
from Python: the ctypes call is part of it), and the first snapshot at that point, which
copies the episode's inputs so far (4 bytes a step) once.
"""

from __future__ import annotations

import statistics
import time

import gymnasium as gym

import lockstep_games  # noqa: F401  (registers the environments)


def main() -> None:
    env = gym.make("Lockstep/Pong-v0", max_episode_steps=None).unwrapped
    obs, _ = env.reset(seed=3)
    steps = 0
    for target in (1_000, 10_000, 25_000):
        while steps < target:
            # Features 1 and 4: the ball's height and my paddle's.
            action = 1 if obs[1] < obs[4] - 0.01 else 2 if obs[1] > obs[4] + 0.01 else 0
            obs, _, terminated, truncated, _ = env.step(action)
            steps += 1
            if terminated or truncated:
                print(f"the episode ended at step {steps}")
                return
        saves, loads = [], []
        for _ in range(5):
            start = time.perf_counter()
            state = env.save_state()
            saves.append(time.perf_counter() - start)
            start = time.perf_counter()
            env.load_state(state)
            loads.append(time.perf_counter() - start)
        print(f"step {steps:>6}: save {min(saves) * 1e3:6.2f} ms, load {min(loads) * 1e3:6.2f} ms,"
              f" {len(state):,} bytes", flush=True)
        # The first snapshot at a point copies the inputs since the last one (all of them
        # here); those after it share them.
        start = time.perf_counter()
        env.snapshot().close()
        first = time.perf_counter() - start
        takes, restores, frees = [], [], []
        for _ in range(5):
            start = time.perf_counter()
            snapshots = [env.snapshot() for _ in range(1_000)]
            takes.append((time.perf_counter() - start) / 1_000)
            start = time.perf_counter()
            for snapshot in snapshots:
                env.restore(snapshot)
            restores.append((time.perf_counter() - start) / 1_000)
            start = time.perf_counter()
            for snapshot in snapshots:
                snapshot.close()
            frees.append((time.perf_counter() - start) / 1_000)
        print(f"{'':>12} snapshot {statistics.median(takes) * 1e6:6.2f} µs,"
              f" restore {statistics.median(restores) * 1e6:6.2f} µs,"
              f" close {statistics.median(frees) * 1e6:6.2f} µs"
              f" (the first snapshot here {first * 1e6:.1f} µs)", flush=True)


if __name__ == "__main__":
    main()
