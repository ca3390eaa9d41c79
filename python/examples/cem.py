"""The cross-entropy method on a linear policy, numpy only: learns Pong from its nine features.

    .venv/bin/python python/examples/cem.py                       # prints the learning curve
    .venv/bin/pip install matplotlib
    .venv/bin/python python/examples/cem.py --plot docs/learning-curve-pong.png

Each generation samples a population of weight matrices (3 actions x 9 features + a bias)
around a Gaussian, plays every candidate on `episodes` games of `steps` steps (all candidates
in one batch of the engine), keeps the best quarter and refits the Gaussian to it.
"""

from __future__ import annotations

import argparse

import numpy as np

import lockstep_games


def evaluate(envs: lockstep_games.GameVectorEnv, weights: np.ndarray, episodes: int, steps: int,
             seed: int) -> np.ndarray:
    """Each candidate's mean points won minus lost over `steps` steps of `episodes` games:
    candidate `c` plays environments `c * episodes ...`, all stepped in one call."""
    obs, _ = envs.reset(seed=seed)
    candidates = np.repeat(np.arange(len(weights)), episodes)
    totals = np.zeros(len(candidates))
    features = np.ones((len(candidates), obs.shape[1] + 1), dtype=np.float32)
    chosen = weights[candidates]
    for _ in range(steps):
        features[:, :-1] = obs
        obs, rewards, _, _, _ = envs.step(np.einsum("nf,naf->na", features, chosen).argmax(axis=1))
        totals += rewards
    return totals.reshape(len(weights), episodes).mean(axis=1)


def random_policy(episodes: int, steps: int, seed: int) -> float:
    """A uniformly random player's mean points won minus lost, for comparison."""
    envs = lockstep_games.GameVectorEnv("pong", num_envs=episodes, copy=False)
    envs.reset(seed=seed)
    actions = np.random.default_rng(seed).integers(0, 3, (steps, episodes))
    total = sum(envs.step(actions[step])[1].sum() for step in range(steps))
    envs.close()
    return float(total) / episodes


def train(seed: int, generations: int = 60, population: int = 64, episodes: int = 4,
          steps: int = 2000) -> tuple[np.ndarray, list[float], list[float]]:
    """The learned mean weights, and per generation the population's mean return and the
    mean policy's return on held-out seeds."""
    random = np.random.default_rng(seed)
    envs = lockstep_games.GameVectorEnv("pong", num_envs=population * episodes, copy=False)
    held_out = lockstep_games.GameVectorEnv("pong", num_envs=episodes, copy=False)
    mean, std = np.zeros((3, 10)), np.ones((3, 10))
    population_curve, policy_curve = [], []
    for generation in range(generations):
        weights = mean + std * random.standard_normal((population, 3, 10))
        returns = evaluate(envs, weights, episodes, steps, seed=1000 * seed + generation)
        elite = weights[np.argsort(returns)[-population // 4:]]
        mean, std = elite.mean(axis=0), elite.std(axis=0) + 0.05
        population_curve.append(float(returns.mean()))
        policy_curve.append(float(evaluate(held_out, mean[None], episodes, steps, seed=999)[0]))
    envs.close()
    held_out.close()
    return mean, population_curve, policy_curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--generations", type=int, default=60)
    parser.add_argument("--plot", help="save the learning curve as this PNG (needs matplotlib)")
    args = parser.parse_args()
    _, population, policy = train(args.seed, args.generations)
    baseline = random_policy(4, 2000, seed=999)
    for generation, (mean, learned) in enumerate(zip(population, policy)):
        print(f"generation {generation:3d}  population {mean:+6.2f}  policy {learned:+6.2f}")
    print(f"random policy {baseline:+.2f} points per 2,000 steps")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(7, 4), dpi=120)
        steps = [(g + 1) * 64 * 4 * 2000 / 1e6 for g in range(len(policy))]
        axes.plot(steps, policy, label="learned policy (held-out seeds)", color="#2a9d8f")
        axes.plot(steps, population, label="population mean", color="#8ab17d", alpha=0.7)
        axes.axhline(baseline, label="random policy", color="#e76f51", linestyle="--")
        axes.set_xlabel("environment steps (millions)")
        axes.set_ylabel("points won - lost per 2,000 steps")
        axes.set_title("Pong from features: cross-entropy method, linear policy, numpy only")
        axes.grid(alpha=0.3)
        axes.legend(loc="upper left")
        figure.tight_layout()
        figure.savefig(args.plot)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
