"""The PufferLib native-env adapter, tested without PufferLib (CI never installs it)."""

from __future__ import annotations

import sys
import types

import gymnasium as gym
import numpy as np
import pytest

import lockstep_games
from lockstep_games.puffer import BUFFERS, PufferGameEnv


def test_with_pufferlib_installed_the_env_is_a_puffer_env(monkeypatch) -> None:
    class PufferEnv:
        pass

    module = types.ModuleType("pufferlib")
    module.PufferEnv = PufferEnv  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pufferlib", module)
    env = PufferGameEnv("pong", num_envs=2)
    assert isinstance(env, PufferEnv) and isinstance(env, PufferGameEnv)
    env.close()
    monkeypatch.setitem(sys.modules, "pufferlib", None)
    assert type(PufferGameEnv("pong")) is PufferGameEnv


def test_pufferlib_2s_puffer_env_is_found_where_it_kept_it(monkeypatch) -> None:
    class PufferEnv:
        pass

    package = types.ModuleType("pufferlib")
    environment = types.ModuleType("pufferlib.environment")
    environment.PufferEnv = PufferEnv  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pufferlib", package)
    monkeypatch.setitem(sys.modules, "pufferlib.environment", environment)
    assert isinstance(PufferGameEnv("pong"), PufferEnv)


def test_the_env_has_pufferlibs_attributes_spaces_and_buffers() -> None:
    env = PufferGameEnv("blocks", num_envs=5)
    assert env.num_agents == 5 and not env.emulated and not env.done and env.driver_env is env
    assert env.single_observation_space.shape == (260,) and env.single_action_space.n == 8
    assert env.observation_space.shape == (5, 260)
    assert env.action_space.shape == (5,) and env.action_space.dtype == np.int32
    expected = {"observations": ((5, 260), np.float32), "rewards": ((5,), np.float32),
                "terminals": ((5,), np.bool_), "truncations": ((5,), np.bool_),
                "masks": ((5,), np.bool_), "actions": ((5,), np.int32)}
    for name in BUFFERS:
        array = getattr(env, name)
        assert (array.shape, array.dtype) == expected[name], name
    assert env.masks.all()
    np.testing.assert_array_equal(env.agent_ids, np.arange(5))
    env.close()


def test_reset_and_step_return_the_shared_buffers_written_in_place() -> None:
    env = PufferGameEnv("pong", num_envs=4)
    observations, infos = env.reset(seed=3)
    assert observations is env.observations and infos == []
    first = observations.copy()
    env.actions[:] = [1, 2, 0, 1]
    result = env.step(env.actions)
    assert result[0] is env.observations and result[1] is env.rewards
    assert result[2] is env.terminals and result[3] is env.truncations
    assert result[4] == [] and not np.array_equal(first, env.observations)
    env.close()


def test_seeds_follow_the_packages_rule() -> None:
    env = PufferGameEnv("blocks", num_envs=3)
    observations, _ = env.reset(seed=40)
    envs = gym.make_vec("Lockstep/Blocks-v0", num_envs=3)
    expected, _ = envs.reset(seed=40)
    np.testing.assert_array_equal(observations, expected)
    actions = np.array([3, 4, 5])
    np.testing.assert_array_equal(env.step(actions)[0], envs.step(actions)[0])
    env.close()
    envs.close()


def test_two_seats_are_two_agents_an_environment_row_by_row() -> None:
    env = PufferGameEnv("pong", num_envs=2, players=2, action_repeat=4)
    observations, _ = env.reset(seed=9)
    assert env.num_agents == 4 and observations.shape == (4, 9)
    versus = lockstep_games.parallel_env("pong", action_repeat=4)
    for match in range(2):
        expected, _ = versus.reset(seed=9 + match)
        np.testing.assert_array_equal(observations[2 * match], expected["player_0"])
        np.testing.assert_array_equal(observations[2 * match + 1], expected["player_1"])
    actions = np.array([1, 2, 2, 0])
    env.step(actions)
    expected, rewards, *_ = versus.step({"player_0": 2, "player_1": 0})
    np.testing.assert_array_equal(env.observations[3], expected["player_1"])
    with pytest.raises(lockstep_games.BadArgumentError, match=r"shape \(4,\), one an agent"):
        env.step(np.zeros(2, dtype=np.int32))
    env.close()


def test_ended_episodes_reset_in_the_same_step_and_report_their_means() -> None:
    env = PufferGameEnv("pong", num_envs=3, players=2, action_repeat=8)
    env.reset(seed=2)
    random = np.random.default_rng(2)
    returns = np.zeros(6)
    for step in range(100_000):
        _, rewards, terminals, truncations, infos = env.step(random.integers(0, 3, 6))
        returns += rewards
        if terminals.any():
            break
    else:
        raise AssertionError("no episode ended")
    ended = terminals.reshape(3, 2)
    assert (ended[:, 0] == ended[:, 1]).all(), "both seats end together"
    assert not truncations.any() and len(infos) == 1
    stats = infos[0]
    assert stats["n"] == int(ended[:, 0].sum())
    assert stats["episode_return"] == pytest.approx(returns[terminals].mean())
    assert stats["episode_length"] == step + 1
    # The same step began the next game: its first observation, the serve still to come.
    for match in np.flatnonzero(ended[:, 0]):
        assert env.observations[2 * match, 7] == 0 and env.observations[2 * match, 8] == 0
    env.close()


def buffers(agents: int, features: int) -> dict[str, np.ndarray]:
    """The arrays PufferLib's backends hand an env, as PufferLib 3 passes them (a dict)."""
    return {
        "observations": np.zeros((agents, features), dtype=np.float32),
        "rewards": np.zeros(agents, dtype=np.float32),
        "terminals": np.zeros(agents, dtype=np.bool_),
        "truncations": np.zeros(agents, dtype=np.bool_),
        "masks": np.zeros(agents, dtype=np.bool_), "actions": np.zeros(agents, dtype=np.int32),
    }


@pytest.mark.parametrize("kind", ["dict", "namespace"])
def test_pufferlibs_shared_buffers_receive_each_step(kind: str) -> None:
    arrays = buffers(2, 9)
    buf = arrays if kind == "dict" else types.SimpleNamespace(**arrays)
    env = PufferGameEnv("pong", num_envs=2, buf=buf)
    plain = PufferGameEnv("pong", num_envs=2)
    observations, _ = env.reset(seed=1)
    assert observations is arrays["observations"] and arrays["masks"].all()
    np.testing.assert_array_equal(arrays["observations"], plain.reset(seed=1)[0])
    arrays["actions"][:] = [1, 2]
    env.step(arrays["actions"])
    np.testing.assert_array_equal(arrays["observations"], plain.step(np.array([1, 2]))[0])
    with pytest.raises(lockstep_games.BadArgumentError, match="buf.observations must be an array"):
        PufferGameEnv("pong", num_envs=3, buf=buf)
    env.close()
    plain.close()


def test_pufferlibs_vector_calls_and_its_creators_seed() -> None:
    # PufferLib's backends make an env with buf= and seed=, then async_reset, send and recv.
    env = PufferGameEnv("blocks", num_envs=2, buf=buffers(2, 260), seed=30)
    env.async_reset()
    observations, rewards, terminals, truncations, infos, ids, masks = env.recv()
    expected, _ = PufferGameEnv("blocks", num_envs=2).reset(seed=30)
    np.testing.assert_array_equal(observations, expected)
    assert infos == [] and masks.all() and list(ids) == [0, 1] and env.agents_per_batch == 2
    env.send(np.array([4, 4]))
    assert env.recv()[0] is observations and not np.array_equal(observations, expected)
    env.close()
