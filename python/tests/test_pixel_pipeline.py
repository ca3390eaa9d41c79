"""The pixel pipeline inside the engine: frame stacks, max-pooling, frame sizes and sticky
actions, as options of the single env and of `make_vec`'s fast path."""

from __future__ import annotations

import subprocess

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import lockstep_games
from lockstep_games.errors import BadArgumentError

OPTIONS = {"frame_stack": 4, "max_pool": True, "pixel_size": (64, 96), "sticky_actions": 0.25}


@pytest.mark.parametrize("env_id", lockstep_games.env_ids())
def test_the_checker_passes_on_a_single_env_with_every_option(env_id: str) -> None:
    env = gym.make(env_id, observation="pixels", action_repeat=4, **OPTIONS)
    check_env(env.unwrapped)
    assert env.observation_space.shape == (4, 64, 96)
    obs, _ = env.reset(seed=3)
    assert obs.shape == (4, 64, 96) and obs.dtype == np.uint8
    assert all((obs[k] == obs[0]).all() for k in range(4))  # a reset fills the stack
    env.close()


def test_the_vector_fast_path_serves_stacked_frames_with_the_right_spaces() -> None:
    envs = gym.make_vec(
        "Lockstep/Blocks-v0", 6, vectorization_mode="vector_entry_point",
        observation="pixels", frame_stack=3, pixel_size=(84, 84),
    )
    assert envs.single_observation_space.shape == (3, 84, 84)
    assert envs.observation_space.shape == (6, 3, 84, 84)
    obs, _ = envs.reset(seed=1)
    assert obs.shape == (6, 3, 84, 84) and obs in envs.observation_space
    frames = [obs[:, -1].copy()]
    for step in range(5):
        obs, *_ = envs.step(np.full(6, step % 3))
        frames.append(obs[:, -1].copy())
        # Oldest first, newest last: the stack is the last three frames.
        np.testing.assert_array_equal(obs[:, 0], frames[max(0, len(frames) - 3)])
        np.testing.assert_array_equal(obs[:, 1], frames[max(0, len(frames) - 2)])
    envs.close()


def test_sticky_runs_are_the_same_for_the_same_seed_and_differ_from_plain_ones() -> None:
    def run(sticky: float) -> list[int]:
        envs = gym.make_vec("Lockstep/Asteroids-v0", 4, vectorization_mode="vector_entry_point",
                            sticky_actions=sticky)
        envs.reset(seed=9)
        for step in range(150):
            envs.step(np.array([step % 13, step % 5, step % 7, 4]))
        hashes = [envs.unwrapped.state_hash(i) for i in range(4)]
        envs.close()
        return hashes

    assert run(0.5) == run(0.5)
    assert run(0.5) != run(0.0)


def test_a_sticky_episode_records_the_actions_applied_and_verifies(tmp_path, game_app) -> None:
    env = lockstep_games.GameEnv("asteroids", sticky_actions=0.4, action_repeat=2)
    env.reset(seed=5)
    for step in range(200):
        env.step(step % 13)
    path = tmp_path / "sticky.replay"
    assert env.record(path) == env.state_hash()
    result = subprocess.run(
        [str(game_app), "replay", "--verify", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "options",
    [
        {"frame_stack": 0}, {"frame_stack": 65}, {"frame_stack": 2.0}, {"frame_stack": "4"},
        {"pixel_size": (0, 84)}, {"pixel_size": (84, 5000)}, {"pixel_size": 84},
        {"pixel_size": (84.5, 84)}, {"max_pool": 1}, {"sticky_actions": -0.1},
        {"sticky_actions": 1.5}, {"sticky_actions": float("nan")}, {"sticky_actions": "0.25"},
        {"sticky_actions": True}, {"pixel_region": (0, 0, 1281, 720)},
        {"pixel_region": (-1, 0, 10, 10)}, {"pixel_region": (1200, 0, 100, 10)},
        {"pixel_region": (0, 0, 0, 10)}, {"pixel_region": (0, 0, 10)}, {"pixel_region": "all"},
    ],
)
def test_a_bad_option_is_one_bad_argument_error(options: dict) -> None:
    with pytest.raises(BadArgumentError):
        lockstep_games.GameEnv("pong", observation="pixels", **options)
    with pytest.raises(BadArgumentError):
        gym.make_vec("Lockstep/Pong-v0", 2, vectorization_mode="vector_entry_point",
                     observation="pixels", **options)


def test_a_region_fills_the_frame_with_that_part_of_the_screen() -> None:
    whole = lockstep_games.GameEnv("blocks", observation="pixels")
    field = lockstep_games.GameEnv("blocks", observation="pixels", pixel_region=(480, 50, 320, 620))
    first, _ = whole.reset(seed=2)
    zoomed, _ = field.reset(seed=2)
    assert zoomed.shape == (84, 84)
    # The field's cells show at several times the whole frame's size: more pixels differ
    # from the background.
    assert (zoomed != zoomed[0, 0]).sum() > (first != first[0, 0]).sum()


def test_pixel_options_without_pixel_observations_are_refused() -> None:
    with pytest.raises(BadArgumentError, match="observation='pixels'"):
        lockstep_games.GameEnv("pong", frame_stack=4)
