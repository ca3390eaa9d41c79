"""What saving and restoring a state costs as an episode grows (Pong, one environment).

    .venv/bin/python python/benchmarks/save_state.py

A saved state is the episode's replay (docs/TRAINING.md, "State"), so both costs grow with
the steps taken: this plays one long Pong episode with a paddle that follows the ball and
times `save_state` and `load_state` (the best of five) at a few points of it.
"""

from __future__ import annotations

import time

import gymnasium as gym

import swift_games  # noqa: F401  (registers the environments)


def main() -> None:
    env = gym.make("SwiftGames/Pong-v0", max_episode_steps=None).unwrapped
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


if __name__ == "__main__":
    main()
