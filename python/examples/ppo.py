"""stable-baselines3 PPO on Pong's nine features, against a random player on the same seeds.

Needs PyTorch and stable-baselines3, kept out of the test dependencies (see docs/TRAINING.md,
"Learning"):

    scripts/python-train-env                                    # makes .venv-train/
    .venv-train/bin/python python/examples/ppo.py --plot docs/learning-curve-ppo-pong.png

Training runs on the engine's batched vector env (`gymnasium.make_vec`, one call into the
engine steps every environment) through the package's `lockstep_games.sb3.SB3VecEnv`, an
SB3 `VecEnv` writing Monitor's `episode` records. Every `--eval-every` steps the deterministic
policy and a uniformly random player each play the same `--eval-envs` seeded games for
`--eval-steps` steps; the score is points won minus lost in that window, averaged over the games.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import gymnasium
import numpy as np
import torch
from stable_baselines3 import PPO
from stable_baselines3.common.callbacks import BaseCallback

import lockstep_games  # noqa: F401  (registers Lockstep/<Game>-v0)
from lockstep_games.sb3 import SB3VecEnv

GAME = "Lockstep/Pong-v0"


def score(policy, games: int, steps: int, seed: int, action_repeat: int) -> float:
    """Mean points won minus lost over `steps` steps of `games` games seeded `seed ...`."""
    envs = gymnasium.make_vec(GAME, num_envs=games, action_repeat=action_repeat)
    observations, _ = envs.reset(seed=seed)
    total = 0.0
    for _ in range(steps):
        observations, rewards, _, _, _ = envs.step(policy(observations))
        total += float(rewards.sum())
    envs.close()
    return total / games


class Evaluation(BaseCallback):
    """Every `every` environment steps, scores the policy and a random player (same seeds)."""

    def __init__(self, every: int, games: int, steps: int, seed: int, action_repeat: int) -> None:
        super().__init__()
        self.every, self.games, self.steps = every, games, steps
        self.seed, self.action_repeat = seed, action_repeat
        self.curve: list[tuple[int, float, float]] = []
        self.started = time.monotonic()

    def _evaluate(self) -> None:
        learned = score(lambda obs: self.model.predict(obs, deterministic=True)[0],
                        self.games, self.steps, self.seed, self.action_repeat)
        rng = np.random.default_rng(self.seed + len(self.curve))
        random = score(lambda obs: rng.integers(0, 3, len(obs)),
                       self.games, self.steps, self.seed, self.action_repeat)
        self.curve.append((self.num_timesteps, learned, random))
        print(f"{self.num_timesteps:>9,} steps  {time.monotonic() - self.started:6.0f} s  "
              f"PPO {learned:+6.2f}  random {random:+6.2f}", flush=True)

    def _on_training_start(self) -> None:
        self._evaluate()

    def _on_step(self) -> bool:
        if self.num_timesteps // self.every > (self.num_timesteps - self.training_env.num_envs) // self.every:
            self._evaluate()
        return True


def plot(curve: list[tuple[int, float, float]], path: str, args: argparse.Namespace,
         seconds: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps, learned, random = (np.array(column) for column in zip(*curve))
    figure, axes = plt.subplots(figsize=(7, 4), dpi=110)
    steps = steps / 1e6
    axes.plot(steps, learned, marker="o", markersize=3, label="PPO (deterministic policy)")
    axes.plot(steps, random, marker="o", markersize=3, color="grey", label="random player")
    axes.axhline(0, color="black", linewidth=0.5)
    axes.set_xlabel(f"million environment steps (action repeat {args.action_repeat}: "
                    f"{args.action_repeat} ticks a step)")
    axes.set_ylabel(f"points won - lost in {args.eval_steps * args.action_repeat:,} ticks")
    axes.set_title(f"stable-baselines3 PPO on Pong's features, seed {args.seed} "
                   f"({seconds / 60:.0f} min on 2 shared cores)")
    axes.legend(loc="center right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    temporary = f"{path}.{os.getpid()}.tmp.png"
    try:
        figure.savefig(temporary)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timesteps", type=int, default=15_000_000)
    parser.add_argument("--envs", type=int, default=16, help="training environments")
    parser.add_argument("--action-repeat", type=int, default=4)
    parser.add_argument("--eval-every", type=int, default=500_000)
    parser.add_argument("--eval-envs", type=int, default=16, help="games per evaluation")
    parser.add_argument("--eval-steps", type=int, default=500, help="steps per evaluation game")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    parser.add_argument("--plot", metavar="PNG", help="save the learning curve there")
    args = parser.parse_args(argv)
    for name in ("timesteps", "envs", "action_repeat", "eval_every", "eval_envs", "eval_steps",
                 "threads"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.plot and not os.path.isdir(os.path.dirname(os.path.abspath(args.plot))):
        parser.error(f"--plot {args.plot}: no such directory")

    torch.set_num_threads(args.threads)
    env = SB3VecEnv("pong", num_envs=args.envs, action_repeat=args.action_repeat)
    model = PPO("MlpPolicy", env, n_steps=256, batch_size=1024, n_epochs=4, learning_rate=3e-4,
                gamma=0.99, gae_lambda=0.95, ent_coef=0.01, seed=args.seed, device="cpu",
                policy_kwargs={"net_arch": [64, 64]}, verbose=0)
    # PPO seeds its env with --seed; training plays other games than the evaluation's.
    env.seed(1_000_000 * (args.seed + 1))
    evaluation = Evaluation(args.eval_every, args.eval_envs, args.eval_steps, seed=args.seed,
                            action_repeat=args.action_repeat)
    started = time.monotonic()
    model.learn(total_timesteps=args.timesteps, callback=evaluation)
    seconds = time.monotonic() - started
    if evaluation.curve[-1][0] != model.num_timesteps:
        evaluation._evaluate()
    env.close()
    print(f"{model.num_timesteps:,} steps in {seconds:.0f} s "
          f"({model.num_timesteps / seconds:,.0f} steps/s with evaluations)")
    if args.plot:
        plot(evaluation.curve, args.plot, args, seconds)
        print(f"saved {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
