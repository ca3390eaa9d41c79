"""The stable-baselines3 adapter, tested without stable-baselines3 (CI never installs it)."""

from __future__ import annotations

import sys
import types
from abc import ABC, abstractmethod

import gymnasium as gym
import numpy as np
import pytest

import lockstep_games
from lockstep_games.sb3 import SB3VecEnv


def fake_sb3(monkeypatch: pytest.MonkeyPatch) -> type:
    """A stand-in `stable_baselines3.common.vec_env` whose `VecEnv` has SB3's abstract methods."""

    class VecEnv(ABC):
        @abstractmethod
        def reset(self): ...
        @abstractmethod
        def step_async(self, actions): ...
        @abstractmethod
        def step_wait(self): ...
        @abstractmethod
        def close(self): ...
        @abstractmethod
        def get_attr(self, attr_name, indices=None): ...
        @abstractmethod
        def set_attr(self, attr_name, value, indices=None): ...
        @abstractmethod
        def env_method(self, method_name, *method_args, indices=None, **method_kwargs): ...
        @abstractmethod
        def env_is_wrapped(self, wrapper_class, indices=None): ...

    module = types.ModuleType("stable_baselines3.common.vec_env")
    module.VecEnv = VecEnv  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "stable_baselines3.common.vec_env", module)
    return VecEnv


def test_with_sb3_installed_the_adapter_is_an_instance_of_its_vecenv(monkeypatch) -> None:
    vec_env = fake_sb3(monkeypatch)
    env = SB3VecEnv("pong", num_envs=2)
    assert isinstance(env, vec_env) and isinstance(env, SB3VecEnv)
    assert type(env).__name__ == "SB3VecEnv"
    env.seed(1)
    assert env.reset().shape == (2, 9)
    env.close()


def test_without_sb3_the_adapter_stands_alone(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "stable_baselines3", None)
    monkeypatch.setitem(sys.modules, "stable_baselines3.common.vec_env", None)
    env = SB3VecEnv("pong", num_envs=2)
    assert type(env) is SB3VecEnv
    env.close()


def test_reset_and_step_give_sb3s_shapes_and_dtypes() -> None:
    env = SB3VecEnv("blocks", num_envs=3)
    env.seed(5)
    observations = env.reset()
    assert observations.shape == (3, 260) and observations.dtype == np.float32
    assert env.observation_space.shape == (260,) and env.action_space.n == 8
    assert env.reset_infos[1]["lines"] == 0
    observations, rewards, dones, infos = env.step(np.array([0, 3, 4]))
    assert observations.shape == (3, 260) and observations.dtype == np.float32
    assert rewards.shape == (3,) and rewards.dtype == np.float32
    assert dones.shape == (3,) and dones.dtype == np.bool_
    assert isinstance(infos, list) and len(infos) == 3 and infos == [{}, {}, {}]
    env.close()


def test_seed_starts_the_games_the_packages_seeding_rule_names() -> None:
    env = SB3VecEnv("blocks", num_envs=4)
    assert env.seed(100) == [100, 101, 102, 103]
    observations = env.reset()
    envs = gym.make_vec("Lockstep/Blocks-v0", num_envs=4)
    expected, _ = envs.reset(seed=100)
    np.testing.assert_array_equal(observations, expected)
    # The seeds are used once: a second reset continues each stream (new games).
    assert not np.array_equal(env.reset(), expected)
    env.close()
    envs.close()


def run_until_an_episode_ends(env: SB3VecEnv, seed: int) -> tuple[int, list, list]:
    """Steps random actions until one episode ends; returns the step and the history."""
    env.seed(seed)
    env.reset()
    random = np.random.default_rng(seed)
    rewards, actions = [], []
    for step in range(100_000):
        action = random.integers(0, 3, env.num_envs)
        _, reward, dones, infos = env.step(action)
        rewards.append(reward.copy())
        actions.append(action)
        if dones.any():
            return step, rewards, [infos, dones]
    raise AssertionError("no episode ended")


def test_an_ended_episode_reports_monitors_episode_and_its_terminal_observation() -> None:
    env = SB3VecEnv("pong", num_envs=4, action_repeat=8)
    step, rewards, (infos, dones) = run_until_an_episode_ends(env, seed=7)
    index = int(np.flatnonzero(dones)[0])
    info = infos[index]
    assert info["episode"]["r"] == pytest.approx(sum(r[index] for r in rewards))
    assert info["episode"]["l"] == step + 1
    assert isinstance(info["episode"]["t"], float) and info["episode"]["t"] >= 0
    assert info["TimeLimit.truncated"] is False
    assert set(info) == {"episode", "terminal_observation", "TimeLimit.truncated"}
    # The final observation is the one a next-step autoreset env shows at the end.
    other = gym.make_vec("Lockstep/Pong-v0", num_envs=4, action_repeat=8)
    other.reset(seed=7)
    random = np.random.default_rng(7)
    for _ in range(step + 1):
        final, *_ = other.step(random.integers(0, 3, 4))
    np.testing.assert_array_equal(info["terminal_observation"], final[index])
    assert not any(infos[i] for i in range(4) if not dones[i])
    env.close()
    other.close()


def test_a_time_limit_is_reported_as_a_truncation() -> None:
    env = SB3VecEnv("blocks", num_envs=2, time_limit=5)
    env.seed(0)
    env.reset()
    for _ in range(4):
        assert not env.step(np.zeros(2, dtype=np.int64))[2].any()
    _, _, dones, infos = env.step(np.zeros(2, dtype=np.int64))
    assert dones.all() and infos[0]["TimeLimit.truncated"] is True
    assert infos[1]["episode"]["l"] == 5


def test_attributes_and_per_environment_methods() -> None:
    env = SB3VecEnv("pong", num_envs=3)
    env.seed(2)
    env.reset()
    assert env.get_attr("render_mode") == [None, None, None]
    assert env.get_attr("action_meanings", indices=[1]) == [["noop", "up", "down"]]
    hashes = env.env_method("state_hash")
    assert len(set(hashes)) == 3 and env.env_method("state_hash", indices=2) == hashes[2:]
    with pytest.raises(AttributeError, match="per-environment method 'render'"):
        env.env_method("render")

    class Monitor:
        pass

    Monitor.__module__ = "stable_baselines3.common.monitor"
    assert env.env_is_wrapped(Monitor) == [True] * 3
    assert env.env_is_wrapped(gym.Wrapper) == [False] * 3
    env.close()


def test_pixels_and_reset_options_are_refused() -> None:
    with pytest.raises(lockstep_games.BadArgumentError, match="feature observations only"):
        SB3VecEnv("pong", observation="pixels")
    env = SB3VecEnv("pong", num_envs=2)
    env.set_options({})
    with pytest.raises(lockstep_games.BadArgumentError, match="no reset options"):
        env.set_options({"level": 3})
    env.close()
