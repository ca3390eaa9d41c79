"""The two-agent PettingZoo environments."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import lockstep_games
from conftest import VERSUS


def test_pong_and_blocks_have_a_versus() -> None:
    assert VERSUS == ["blocks", "pong"]


@pytest.mark.parametrize("game", VERSUS)
def test_pettingzoos_api_test_passes(game: str) -> None:
    parallel_api_test(lockstep_games.parallel_env(game), num_cycles=1000)


@pytest.mark.parametrize("game", VERSUS)
def test_pettingzoos_seed_test_passes(game: str) -> None:
    parallel_seed_test(lambda: lockstep_games.parallel_env(game))


def test_each_paddle_sees_the_court_from_its_own_side() -> None:
    env = lockstep_games.parallel_env("pong")
    obs, _ = env.reset(seed=3)
    for _ in range(80):
        obs, *_ = env.step({"player_0": 0, "player_1": 0})
    left, right = obs["player_0"], obs["player_1"]
    assert left[0] == pytest.approx(1 - right[0]) and left[2] == -right[2]
    assert left[4] == right[5] and left[5] == right[4]


def test_pong_rewards_are_zero_sum_and_both_agents_end_together() -> None:
    env = lockstep_games.parallel_env("pong")
    env.reset(seed=1)
    random = np.random.default_rng(1)
    while env.agents:
        actions = {agent: int(random.integers(0, 3)) for agent in env.agents}
        _, rewards, terminations, truncations, _ = env.step(actions)
        assert rewards["player_0"] == -rewards["player_1"]
        assert terminations["player_0"] == terminations["player_1"]
    assert env.state_hash() != 0


def test_a_versus_state_saves_and_restores() -> None:
    env = lockstep_games.parallel_env("blocks")
    env.reset(seed=4)
    for step in range(30):
        env.step({"player_0": step % 8, "player_1": (step * 3) % 8})
    saved, hashed = env.save_state(), env.state_hash()
    other = lockstep_games.parallel_env("blocks")
    obs = other.load_state(saved)
    assert other.state_hash() == hashed and set(obs) == {"player_0", "player_1"}
    other.step({"player_0": 0, "player_1": 0})


@pytest.mark.parametrize("game", VERSUS)
def test_a_recorded_versus_verifies_with_gameapp(game: str, tmp_path, game_app) -> None:
    import subprocess

    env = lockstep_games.parallel_env(game, action_repeat=3)
    env.reset(seed=3)
    for step in range(150):
        if not env.agents:
            break
        env.step({"player_0": step % 3, "player_1": (step * 5) % 3})
    path = tmp_path / f"{game}-versus.replay"
    state = env.record(path)
    result = subprocess.run([str(game_app), "replay", "--verify", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert f"hash {state:016x}" in result.stdout
