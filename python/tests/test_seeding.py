"""One seeding rule in every mode: `reset(seed=s)` starts environment i from the engine's
game s + i (a single env: game s), whether the batch is the engine's own or Gymnasium's sync
or async vector env over single envs; `reset()` after that continues each one's seed stream,
as autoreset does."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import lockstep_games


def trace(envs: gym.vector.VectorEnv, steps: int) -> list:
    obs, _ = envs.reset(seed=123)
    rng = np.random.default_rng(0)
    out = [np.array(obs)]
    for _ in range(steps):
        obs, rewards, terminated, truncated, _ = envs.step(
            rng.integers(0, envs.single_action_space.n, envs.num_envs))
        out += [np.array(obs), np.array(rewards), np.array(terminated), np.array(truncated)]
    envs.close()
    return out


@pytest.mark.parametrize("env_id", ["Lockstep/Pong-v0", "Lockstep/Blocks-v0"])
def test_every_vectorization_mode_plays_the_same_games(env_id: str) -> None:
    # time_limit=40: several autoresets, each from the seed stream.
    native = trace(gym.make_vec(env_id, 8, time_limit=40), 130)
    sync = trace(gym.make_vec(env_id, 8, vectorization_mode="sync", time_limit=40), 130)
    assert all(np.array_equal(a, b) for a, b in zip(native, sync, strict=True))
    asynchronous = trace(gym.make_vec(env_id, 8, vectorization_mode="async", time_limit=40), 130)
    assert all(np.array_equal(a, b) for a, b in zip(native, asynchronous, strict=True))


def test_a_single_env_seeded_s_plays_what_vector_env_i_plays_from_s_minus_i() -> None:
    single = lockstep_games.GameEnv("blocks")
    envs = lockstep_games.GameVectorEnv("blocks", num_envs=4)
    obs, _ = envs.reset(seed=100)
    assert np.array_equal(single.reset(seed=103)[0], obs[3])


def test_reset_without_a_seed_continues_the_seed_stream_as_autoreset_does() -> None:
    single = lockstep_games.GameEnv("pong")
    single.reset(seed=5)
    again, _ = single.reset()
    envs = lockstep_games.GameVectorEnv("pong", num_envs=1, time_limit=2)
    envs.reset(seed=5)
    for _ in range(3):  # two steps, then the autoreset
        obs, *_ = envs.step(np.zeros(1, dtype=np.int32))
    assert np.array_equal(obs[0], again)
    envs.reset(seed=5)
    assert np.array_equal(envs.reset()[0][0], again)


def test_the_first_reset_without_a_seed_draws_one() -> None:
    first, second = lockstep_games.GameEnv("blocks"), lockstep_games.GameEnv("blocks")
    assert not np.array_equal(first.reset()[0], second.reset()[0])


def test_the_spec_gives_the_engines_time_limit() -> None:
    for env_id in lockstep_games.env_ids():
        assert gym.spec(env_id).max_episode_steps == 27_000
    assert gym.make("lockstep_games:Lockstep/Pong-v0").spec.max_episode_steps == 27_000
    envs = gym.make_vec("lockstep_games:Lockstep/Pong-v0", 2)
    assert envs.spec.max_episode_steps == 27_000
    short = gym.make_vec("Lockstep/Pong-v0", 2, max_episode_steps=3)
    short.reset(seed=1)
    truncated = [short.step(np.zeros(2, dtype=np.int32))[3].all() for _ in range(3)]
    assert truncated == [False, False, True]
