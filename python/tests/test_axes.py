"""The opt-in action spaces of games with analog axes (`action_space="multi_discrete"` and
`"box"`): the rounding, the refusals, and on Pong (once its paddles are axes) Gymnasium's
checker, seeding and the values reaching the game."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env

import lockstep_games
from lockstep_games import library
from lockstep_games.actions import AgentActions, quantise
from conftest import GAMES

WITHOUT_AXES = [game for game in GAMES if not any(library.game(game)["axes"])]
PONG_HAS_AXES = bool(library.game("pong")["axes"][0])
#: Pong's axes come from branch `pong-analog`: until it is merged these tests are reported as
#: skipped with this reason (scripts/check-python lists skips), never passed silently.
needs_pong_axes = pytest.mark.skipif(
    not PONG_HAS_AXES,
    reason="WAITING FOR pong-analog: Pong declares no axes in this library yet",
)
KINDS = ["multi_discrete", "box"]


def test_box_values_round_half_to_even_within_the_range_and_nan_is_refused() -> None:
    paddle = (np.array([-127]), np.array([127]))
    x = np.array([[-1.0], [1.0], [0.0], [0.5], [-0.5], [2.0], [-7.0], [1e-30]], dtype=np.float32)
    # (0.5 + 1) * 254 / 2 = 190.5, to even: 190, so -127 + 190 = 63; -0.5: 63.5 -> 64, -63.
    assert quantise(x, *paddle).ravel().tolist() == [-127, 127, 0, 63, -63, 127, -127, 0]
    pointer = (np.array([0]), np.array([159]))
    assert quantise(np.array([[0.0], [-1.0], [1.0]]), *pointer).ravel().tolist() == [80, 0, 159]
    with pytest.raises(lockstep_games.BadArgumentError, match="NaN"):
        quantise(np.array([[np.nan]]), *paddle)


def spec_with_axes() -> dict:
    """A description as the library writes it for a game with axes (PaddleGame's)."""
    return {
        "id": "paddle", "actions": [["noop", "up", "down", "click"]],
        "axes": [[
            {"name": "paddle", "index": 0, "low": -127, "high": 127},
            {"name": "pointer-x", "index": 1, "low": 0, "high": 159},
        ]],
    }


def test_multi_discrete_components_set_each_axis_exactly() -> None:
    actions = AgentActions(spec_with_axes(), 0, "multi_discrete")
    assert actions.space == spaces.MultiDiscrete([4, 255, 160])
    choices, values = actions.split(np.array([[3, 0, 159], [0, 254, 0]]), (2,))
    assert choices.tolist() == [3, 0] and values.tolist() == [[-127, 159], [127, 0]]
    with pytest.raises(lockstep_games.BadArgumentError, match="pointer-x's component is 160"):
        actions.split(np.array([0, 0, 160]), ())
    with pytest.raises(lockstep_games.BadArgumentError, match="choice 4 is out of range"):
        actions.split(np.array([4, 0, 0]), ())


def test_a_box_action_is_a_choice_and_scaled_axes() -> None:
    actions = AgentActions(spec_with_axes(), 0, "box")
    assert isinstance(actions.space, spaces.Dict)
    assert actions.space["axes"] == spaces.Box(-1, 1, (2,), np.float32)
    choices, values = actions.split({"choice": 2, "axes": np.array([1.0, -1.0])}, ())
    assert int(choices) == 2 and values.tolist() == [127, 0]
    with pytest.raises(lockstep_games.BadArgumentError, match="a box action is a dict"):
        actions.split([2, 0.5, 0.5], ())


@pytest.mark.parametrize("game", WITHOUT_AXES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_game_without_axes_refuses_the_option_in_every_environment(game: str, kind: str) -> None:
    message = f"{game} has no analog axes: action_space='{kind}' is only for games with axes"
    with pytest.raises(lockstep_games.BadArgumentError, match=message):
        lockstep_games.GameEnv(game, action_space=kind)
    with pytest.raises(lockstep_games.BadArgumentError, match=message):
        lockstep_games.GameVectorEnv(game, num_envs=2, action_space=kind)
    if 2 in library.game(game)["players"]:
        with pytest.raises(lockstep_games.BadArgumentError, match=message):
            lockstep_games.parallel_env(game, action_space=kind)


def test_an_unknown_space_is_refused_and_discrete_is_the_default() -> None:
    with pytest.raises(lockstep_games.BadArgumentError, match="action_space must be one of"):
        lockstep_games.GameEnv("pong", action_space="continuous")
    env = gym.make("Lockstep/Pong-v0")
    assert env.action_space == spaces.Discrete(3)  # issue 33: Pong stays Discrete
    env.close()


def test_the_description_lists_each_agents_axes() -> None:
    for game in GAMES:
        spec = library.game(game)
        assert len(spec["axes"]) == max(spec["players"])
        for axes in spec["axes"]:
            for axis in axes:
                assert set(axis) == {"name", "index", "low", "high"}
                assert axis["low"] <= 0 <= axis["high"]


@needs_pong_axes
@pytest.mark.parametrize("kind", KINDS)
def test_pong_with_axes_passes_gymnasiums_checker(kind: str) -> None:
    env = gym.make("Lockstep/Pong-v0", action_space=kind)
    check_env(env.unwrapped)
    env.close()


@needs_pong_axes
@pytest.mark.parametrize("kind", KINDS)
def test_pong_with_axes_is_the_same_episode_for_the_same_seed_and_actions(kind: str) -> None:
    def run() -> tuple[list, int]:
        env = lockstep_games.GameEnv("pong", action_space=kind)
        observation, _ = env.reset(seed=11)
        env.action_space.seed(5)
        trace = [observation]
        for _ in range(200):
            observation, reward, terminated, truncated, _ = env.step(env.action_space.sample())
            trace += [observation, reward]
            if terminated or truncated:
                break
        digest = env.state_hash()
        env.close()
        return trace, digest

    first, second = run(), run()
    assert first[1] == second[1]
    assert all(np.array_equal(a, b) for a, b in zip(first[0], second[0]))


@needs_pong_axes
@pytest.mark.parametrize("kind", KINDS)
def test_pongs_axis_values_move_the_paddle_and_are_recorded(kind: str, tmp_path, game_app) -> None:
    import subprocess

    paddle_y = [f["name"] for f in library.game("pong")["features"]].index("paddle_y")
    count = len(library.game("pong")["axes"][0])

    def held(end: int) -> tuple[float, int, str]:
        env = lockstep_games.GameEnv("pong", action_space=kind)
        env.reset(seed=3)
        if kind == "multi_discrete":
            top = env.action_space.nvec[1:] - 1
            action = np.array([0, *(top if end > 0 else np.zeros_like(top))])
        else:
            action = {"choice": 0, "axes": np.full(count, float(end), dtype=np.float32)}
        for _ in range(64):
            observation, *_ = env.step(action)
        path = tmp_path / f"{kind}{end}.replay"
        digest = env.record(path)
        env.close()
        return float(observation[paddle_y]), digest, str(path)

    low, high = held(-1), held(1)
    assert low[0] != high[0], "the axis values did not reach Pong's paddle"
    for _, digest, path in (low, high):
        out = subprocess.run([str(game_app), "replay", path, "--verify"], capture_output=True,
                             text=True)
        assert out.returncode == 0, out.stdout + out.stderr


@needs_pong_axes
@pytest.mark.parametrize("kind", KINDS)
def test_the_vector_and_parallel_envs_take_the_same_spaces(kind: str) -> None:
    envs = gym.make_vec("Lockstep/Pong-v0", num_envs=3, action_space=kind)
    envs.reset(seed=1)
    envs.action_space.seed(2)
    for _ in range(20):
        envs.step(envs.action_space.sample())
    envs.close()
    versus = lockstep_games.parallel_env("pong", action_space=kind)
    versus.reset(seed=4)
    for agent in versus.possible_agents:
        versus.action_space(agent).seed(9)
    for _ in range(20):
        versus.step({agent: versus.action_space(agent).sample() for agent in versus.agents})
    versus.close()
