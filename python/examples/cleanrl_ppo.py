"""CleanRL-style PPO in one file, on the engine's batched vector env (discrete actions).

Needs PyTorch, kept out of the test dependencies (docs/TRAINING.md, "Learning"):

    scripts/python-train-env
    .venv-train/bin/python python/examples/cleanrl_ppo.py --env-id Lockstep/Pong-v0

The algorithm is CleanRL's `ppo.py` (Huang et al., "The 37 implementation details of PPO"):
GAE, clipped surrogate and value losses, advantage normalisation, entropy bonus, learning
rate annealing, orthogonal initialisation. The environments are one `gymnasium.make_vec`
batch (`vectorization_mode="vector_entry_point"`: one native call steps all of them, into
shared buffers with `copy=False`); episode returns come from `infos["episode"]`, which the
engine fills, so no wrapper is needed. Gymnasium's NEXT_STEP autoreset: the step after an
episode's last returns the next episode's first observation and its action is ignored, so
that transition is masked out of the loss.
"""

from __future__ import annotations

import argparse
import random
import time

import gymnasium as gym
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.distributions.categorical import Categorical

import lockstep_games  # noqa: F401  (registers Lockstep/<Game>-v0)
from lockstep_games import GameVectorEnv


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-id", default="Lockstep/Pong-v0")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--total-timesteps", type=int, default=5_000_000)
    parser.add_argument("--num-envs", type=int, default=64)
    parser.add_argument("--num-steps", type=int, default=128, help="steps per rollout")
    parser.add_argument("--action-repeat", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1, help="engine threads")
    parser.add_argument("--reward", default=None, help="the counter that pays (game default)")
    parser.add_argument("--learning-rate", type=float, default=2.5e-4)
    parser.add_argument("--anneal-lr", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--num-minibatches", type=int, default=4)
    parser.add_argument("--update-epochs", type=int, default=4)
    parser.add_argument("--clip-coef", type=float, default=0.2)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--vf-coef", type=float, default=0.5)
    parser.add_argument("--max-grad-norm", type=float, default=0.5)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    args = parser.parse_args(argv)
    args.batch_size = args.num_envs * args.num_steps
    args.minibatch_size = args.batch_size // args.num_minibatches
    args.num_iterations = max(1, args.total_timesteps // args.batch_size)
    return args


def layer_init(layer: nn.Linear, std: float = np.sqrt(2), bias: float = 0.0) -> nn.Linear:
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias)
    return layer


class Agent(nn.Module):
    """Separate actor and critic MLPs (two hidden layers of 64, tanh), as CleanRL's."""

    def __init__(self, features: int, actions: int) -> None:
        super().__init__()
        self.critic = nn.Sequential(
            layer_init(nn.Linear(features, 64)), nn.Tanh(),
            layer_init(nn.Linear(64, 64)), nn.Tanh(),
            layer_init(nn.Linear(64, 1), std=1.0),
        )
        self.actor = nn.Sequential(
            layer_init(nn.Linear(features, 64)), nn.Tanh(),
            layer_init(nn.Linear(64, 64)), nn.Tanh(),
            layer_init(nn.Linear(64, actions), std=0.01),
        )

    def get_value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(x)

    def get_action_and_value(self, x: torch.Tensor, action: torch.Tensor | None = None):
        distribution = Categorical(logits=self.actor(x))
        if action is None:
            action = distribution.sample()
        return action, distribution.log_prob(action), distribution.entropy(), self.critic(x)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)

    envs = gym.make_vec(
        args.env_id, num_envs=args.num_envs, vectorization_mode="vector_entry_point",
        copy=False, workers=args.workers, action_repeat=args.action_repeat, reward=args.reward,
    )
    assert isinstance(envs.unwrapped, GameVectorEnv), "the engine's native vector env"
    assert isinstance(envs.single_action_space, gym.spaces.Discrete), "discrete actions only"
    features = int(np.prod(envs.single_observation_space.shape))
    agent = Agent(features, int(envs.single_action_space.n))
    optimizer = optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)

    shape = (args.num_steps, args.num_envs)
    obs = torch.zeros(shape + (features,))
    actions = torch.zeros(shape, dtype=torch.long)
    logprobs, rewards, values = torch.zeros(shape), torch.zeros(shape), torch.zeros(shape)
    dones = torch.zeros(shape)        # the observation at t ended an episode (t-1's step)
    valid = torch.ones(shape)         # 0 where t's action was the ignored autoreset step

    next_obs_array, _ = envs.reset(seed=args.seed)
    next_obs = torch.tensor(next_obs_array.reshape(args.num_envs, -1))
    next_done = torch.zeros(args.num_envs)
    returns: list[float] = []
    global_step, started = 0, time.time()

    for iteration in range(1, args.num_iterations + 1):
        if args.anneal_lr:
            fraction = 1.0 - (iteration - 1.0) / args.num_iterations
            optimizer.param_groups[0]["lr"] = fraction * args.learning_rate
        for step in range(args.num_steps):
            global_step += args.num_envs
            obs[step], dones[step] = next_obs, next_done
            valid[step] = 1.0 - next_done  # NEXT_STEP: this step only resets those envs
            with torch.no_grad():
                action, logprob, _, value = agent.get_action_and_value(next_obs)
            actions[step], logprobs[step], values[step] = action, logprob, value.flatten()
            next_obs_array, reward, terminated, truncated, infos = envs.step(action.numpy())
            rewards[step] = torch.tensor(reward) * valid[step]
            next_obs = torch.tensor(next_obs_array.reshape(args.num_envs, -1))  # copies
            next_done = torch.tensor(np.logical_or(terminated, truncated), dtype=torch.float32)
            if "_episode" in infos:
                returns += infos["episode"]["r"][infos["_episode"]].tolist()

        with torch.no_grad():
            next_value = agent.get_value(next_obs).reshape(1, -1)
            advantages = torch.zeros_like(rewards)
            last = torch.zeros(args.num_envs)
            for t in reversed(range(args.num_steps)):
                following = next_value if t == args.num_steps - 1 else values[t + 1]
                ends = next_done if t == args.num_steps - 1 else dones[t + 1]
                delta = rewards[t] + args.gamma * following * (1.0 - ends) - values[t]
                last = delta + args.gamma * args.gae_lambda * (1.0 - ends) * last
                advantages[t] = last * valid[t]
            targets = advantages + values

        flat = valid.reshape(-1).bool()
        b_obs, b_actions = obs.reshape(-1, features)[flat], actions.reshape(-1)[flat]
        b_logprobs, b_advantages = logprobs.reshape(-1)[flat], advantages.reshape(-1)[flat]
        b_targets, b_values = targets.reshape(-1)[flat], values.reshape(-1)[flat]
        count = len(b_obs)
        for _ in range(args.update_epochs):
            order = torch.randperm(count)
            for start in range(0, count, args.minibatch_size):
                index = order[start:start + args.minibatch_size]
                _, newlogprob, entropy, newvalue = agent.get_action_and_value(
                    b_obs[index], b_actions[index])
                ratio = (newlogprob - b_logprobs[index]).exp()
                advantage = b_advantages[index]
                advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
                policy_loss = torch.max(
                    -advantage * ratio,
                    -advantage * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef),
                ).mean()
                newvalue = newvalue.view(-1)
                clipped = b_values[index] + torch.clamp(
                    newvalue - b_values[index], -args.clip_coef, args.clip_coef)
                value_loss = 0.5 * torch.max(
                    (newvalue - b_targets[index]) ** 2, (clipped - b_targets[index]) ** 2
                ).mean()
                loss = policy_loss - args.ent_coef * entropy.mean() + args.vf_coef * value_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()

        recent = returns[-100:]
        mean = f"{np.mean(recent):+8.2f}" if recent else "     n/a"
        print(f"step {global_step:>10,}  episodes {len(returns):>6,}  return (last 100) {mean}  "
              f"{global_step / (time.time() - started):,.0f} steps/s", flush=True)
    envs.close()


if __name__ == "__main__":
    main()
