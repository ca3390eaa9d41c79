"""The single-agent Gymnasium environments."""

from __future__ import annotations

import subprocess

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import lockstep_games
from conftest import GAMES


@pytest.mark.parametrize("env_id", lockstep_games.env_ids())
def test_gymnasiums_own_checker_passes_with_no_warnings(env_id: str) -> None:
    # pytest turns every warning into an error (pyproject's filterwarnings).
    env = gym.make(env_id)
    check_env(env.unwrapped)
    env.close()


def test_every_game_is_registered_with_its_vector_entry_point() -> None:
    assert lockstep_games.env_ids() == [
        f"Lockstep/{name}-v0" for name in ("Pong", "Asteroids", "Blocks")
    ]
    for env_id in lockstep_games.env_ids():
        assert gym.spec(env_id).vector_entry_point == "lockstep_games.vector_env:GameVectorEnv"


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_and_actions_give_the_same_episode(game: str) -> None:
    def run() -> list:
        env = lockstep_games.GameEnv(game)
        obs, _ = env.reset(seed=7)
        env.action_space.seed(3)
        trace = [obs]
        for _ in range(300):
            obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
            trace += [obs, reward, terminated, truncated]
            if terminated or truncated:
                break
        env.close()
        return trace

    first, second = run(), run()
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_state_continues_exactly_as_the_original(game: str) -> None:
    env = lockstep_games.GameEnv(game)
    env.reset(seed=5)
    for action in [1, 2, 0, 1] * 10:
        env.step(action % env.action_space.n)
    saved = env.save_state()
    later = [env.step(a % env.action_space.n)[:2] for a in range(40)]
    other = lockstep_games.GameEnv(game)
    restored = other.load_state(saved)
    assert restored.shape == env.observation_space.shape
    again = [other.step(a % other.action_space.n)[:2] for a in range(40)]
    assert all(np.array_equal(a[0], b[0]) and a[1] == b[1] for a, b in zip(later, again))
    assert other.state_hash() == env.state_hash()


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_episode_verifies_with_gameapp_to_the_same_hash(game: str, tmp_path, game_app) -> None:
    env = lockstep_games.GameEnv(game, action_repeat=2)
    env.reset(seed=11)
    env.action_space.seed(1)
    for _ in range(200):
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        if terminated or truncated:
            break
    path = tmp_path / f"{game}.replay"
    assert env.record(path) == env.state_hash()
    result = subprocess.run(
        [str(game_app), "replay", "--verify", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert f"{env.state_hash():016x}" in result.stdout + result.stderr


def test_pong_pays_plus_one_for_a_point_won_and_minus_one_for_a_point_lost() -> None:
    env = lockstep_games.GameEnv("pong")
    env.reset(seed=1)
    rewards = []
    for _ in range(5000):
        _, reward, terminated, _, _ = env.step(0)
        if reward:
            rewards.append(reward)
        if terminated:
            break
    # The idle paddle still returns a ball now and then; the computer reaches 11 first.
    assert terminated and set(rewards) <= {-1.0, 1.0} and rewards.count(-1.0) == 11


@pytest.mark.parametrize("env_id", lockstep_games.env_ids())
def test_rgb_array_renders_the_engines_frame_and_passes_the_checker(env_id: str) -> None:
    env = gym.make(env_id, render_mode="rgb_array")
    check_env(env.unwrapped)
    env.reset(seed=2)
    for _ in range(30):
        env.step(1)
    frame = env.render()
    assert frame.shape == (720, 1280, 3) and frame.dtype == np.uint8
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 8  # a drawn game, not a blank
    env.close()


def test_an_unknown_render_mode_is_refused() -> None:
    with pytest.raises(lockstep_games.BadArgumentError, match="render_mode 'ansi'"):
        lockstep_games.GameEnv("pong", render_mode="ansi")
    with pytest.raises(lockstep_games.BadArgumentError, match="render_mode 'ansi'"):
        lockstep_games.parallel_env("pong", render_mode="ansi")


@pytest.mark.parametrize("env_id", lockstep_games.env_ids())
def test_pixel_observations_pass_the_checker_and_show_the_game(env_id: str) -> None:
    env = gym.make(env_id, observation="pixels")
    check_env(env.unwrapped)
    obs, _ = env.reset(seed=1)
    for _ in range(60):
        obs, *_ = env.step(1)
    assert obs.shape == (84, 84) and obs.dtype == np.uint8
    assert 0 < int((obs != obs[0, 0]).sum()) < 84 * 84  # something drawn on a background
    env.close()
