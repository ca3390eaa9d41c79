"""Rollouts of a game on a Ray cluster: the seeds split into tasks, each task one batch in
the engine, the results gathered. The same seeds give the same results as one machine,
however they are split, because each seed's episode and actions depend on that seed alone.

    .venv/bin/pip install ray
    .venv/bin/python python/examples/ray_rollouts.py --game blocks --seeds 64 --tasks 8
    .venv/bin/python python/examples/ray_rollouts.py --address auto ...   # an existing cluster
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

import lockstep_games


def rollouts(game: str, seeds: list[int], steps: int) -> list[tuple[int, float, int]]:
    """Plays `steps` steps of `game` from each seed in one batch, each seed's actions drawn
    from its own generator: `(seed, total reward, final state hash)` per seed."""
    envs = lockstep_games.GameVectorEnv(game, num_envs=len(seeds), copy=False)
    count = envs.single_action_space.n
    actions = np.stack([np.random.default_rng(seed).integers(0, count, steps) for seed in seeds])
    envs.reset(seed=list(seeds))
    totals = np.zeros(len(seeds))
    for step in range(steps):
        _, rewards, _, _, _ = envs.step(actions[:, step])
        totals += rewards
    results = [(seed, float(totals[i]), envs.state_hash(i)) for i, seed in enumerate(seeds)]
    envs.close()
    return results


def on_ray(game: str, seeds: list[int], steps: int, tasks: int) -> list[tuple[int, float, int]]:
    """The same rollouts as Ray tasks, `tasks` blocks of seeds, gathered in seed order."""
    import ray

    remote = ray.remote(rollouts)
    blocks = [list(block) for block in np.array_split(seeds, tasks) if len(block)]
    futures = [remote.remote(game, [int(s) for s in block], steps) for block in blocks]
    return sorted((row for result in ray.get(futures) for row in result), key=lambda r: r[0])


def start_local_cluster(num_cpus: int) -> None:
    """A local Ray cluster whose workers import this module (its folder on PYTHONPATH)."""
    import ray

    here = os.path.dirname(os.path.abspath(__file__))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))
    ray.init(num_cpus=num_cpus, include_dashboard=False, logging_level="ERROR")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pong")
    parser.add_argument("--seeds", type=int, default=32)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--tasks", type=int, default=4)
    parser.add_argument("--address", help="an existing cluster (default: start a local one)")
    args = parser.parse_args()
    import ray

    if args.address:
        ray.init(address=args.address)
    else:
        start_local_cluster(os.cpu_count() or 2)
    seeds = list(range(args.seeds))
    distributed = on_ray(args.game, seeds, args.steps, args.tasks)
    local = rollouts(args.game, seeds, args.steps)
    for seed, total, state in distributed:
        print(f"seed {seed:4d}  reward {total:+9.1f}  hash {state:016x}")
    same = distributed == local
    print(f"{len(seeds)} seeds in {args.tasks} tasks: {'the same' if same else 'NOT the same'} as one machine")
    ray.shutdown()
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
