"""Rewards: the change of the counter `reward=` names, the game's default when None."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import lockstep_games
from conftest import GAMES
from lockstep_games import BadArgumentError, library


@pytest.mark.parametrize("game", GAMES)
def test_each_reward_is_the_change_of_the_counter_it_names(game: str) -> None:
    for counter in library.game(game)["counters"]:
        name = counter["name"]
        env = lockstep_games.GameEnv(game, reward=name)
        _, info = env.reset(seed=9)
        start, total = info[name], 0.0
        env.action_space.seed(4)
        for _ in range(400):
            _, reward, terminated, truncated, info = env.step(env.action_space.sample())
            total += reward
            if terminated or truncated:
                break
        assert total == info[name] - start, name
        env.close()


def test_blocks_rewards_lines_by_default_so_soft_drops_earn_nothing() -> None:
    lines = lockstep_games.GameEnv("blocks")
    score = lockstep_games.GameEnv("blocks", reward="score")
    lines.reset(seed=2)
    score.reset(seed=2)
    soft_drop = lines.action_meanings.index("soft-drop")
    earned = {"lines": 0.0, "score": 0.0}
    for _ in range(200):
        earned["lines"] += lines.step(soft_drop)[1]
        _, reward, *_, info = score.step(soft_drop)
        earned["score"] += reward
    assert earned["score"] > 0 and earned["lines"] == info["lines"] == 0


def test_pong_points_rewards_points_won_and_nothing_for_points_lost() -> None:
    env = lockstep_games.GameEnv("pong", reward="points")
    env.reset(seed=1)
    rewards, ended = [], False
    while not ended:
        _, reward, terminated, truncated, info = env.step(1 if len(rewards) % 90 < 45 else 2)
        rewards.append(reward)
        ended = terminated or truncated
    assert min(rewards) == 0 and sum(rewards) == info["points"] > 0
    assert info["opponent_points"] == 11


def test_the_default_rewards_are_the_ones_the_docs_name() -> None:
    assert library.game("pong")["default_rewards"] == {"1": "score", "2": "score"}
    assert library.game("asteroids")["default_rewards"] == {"1": "score"}
    assert library.game("blocks")["default_rewards"] == {"1": "lines", "2": "outcome"}


@pytest.mark.parametrize(
    "make",
    [
        lambda reward: lockstep_games.GameEnv("blocks", reward=reward),
        lambda reward: lockstep_games.GameVectorEnv("blocks", num_envs=2, reward=reward),
        lambda reward: lockstep_games.parallel_env("blocks", reward=reward),
        lambda reward: gym.make("lockstep_games:Lockstep/Blocks-v0", reward=reward),
        lambda reward: gym.make_vec("lockstep_games:Lockstep/Blocks-v0", 2, reward=reward),
    ],
)
@pytest.mark.parametrize("reward", ["points", "Lines", 3])
def test_an_unknown_reward_is_one_error_naming_the_games_rewards(make, reward) -> None:
    with pytest.raises(BadArgumentError) as error:
        make(reward)
    assert str(error.value) == (
        f"blocks has no reward {reward!r}; its rewards are the changes of its counters: "
        "score, lines, attack, level, pieces, outcome (default lines)"
    ) or "(default outcome)" in str(error.value)


def test_a_vector_env_with_a_chosen_reward_sums_to_its_counter() -> None:
    envs = lockstep_games.GameVectorEnv("pong", num_envs=4, reward="opponent_points")
    _, infos = envs.reset(seed=3)
    total = np.zeros(4)
    for _ in range(2000):
        _, rewards, *_, infos = envs.step(np.zeros(4, dtype=np.int32))
        total += rewards
    assert total.tolist() == infos["opponent_points"].tolist() and total.sum() > 0
