"""Many versus matches in one batch, as one PettingZoo env (self-play)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import lockstep_games
from conftest import VERSUS


@pytest.mark.parametrize("game", VERSUS)
@pytest.mark.parametrize("matches", [1, 3])
def test_pettingzoos_api_test_passes(game: str, matches: int) -> None:
    parallel_api_test(lockstep_games.self_play_env(game, matches, action_repeat=8), num_cycles=600)


def test_pettingzoos_seed_test_passes() -> None:
    parallel_seed_test(lambda: lockstep_games.self_play_env("pong", 2))


def test_agents_are_named_by_match_and_seat() -> None:
    env = lockstep_games.self_play_env("blocks", 2)
    assert env.possible_agents == [
        "match_0_player_0", "match_0_player_1", "match_1_player_0", "match_1_player_1",
    ]
    observations, infos = env.reset(seed=0)
    assert set(observations) == set(infos) == set(env.possible_agents) == set(env.agents)
    assert observations["match_1_player_1"].shape == (260,)
    assert infos["match_0_player_1"]["lines"] == 0
    env.close()


def test_match_m_plays_the_versus_seeded_s_plus_m() -> None:
    env = lockstep_games.self_play_env("blocks", 3)
    observations, _ = env.reset(seed=20)
    versus = lockstep_games.parallel_env("blocks")
    expected, _ = versus.reset(seed=22)
    np.testing.assert_array_equal(observations["match_2_player_0"], expected["player_0"])
    for step in range(40):
        moves = {"player_0": step % 8, "player_1": (step * 5) % 8}
        actions = {agent: moves[agent[-8:]] for agent in env.agents}
        observations, *_ = env.step(actions)
        expected, *_ = versus.step(moves)
    np.testing.assert_array_equal(observations["match_2_player_1"], expected["player_1"])
    assert env.state_hash(2) == versus.state_hash()
    assert env.state_hash(0) != versus.state_hash()
    env.close()


def play_until_a_match_ends(env, seed: int):
    """Random actions until some match ends; returns the step's results and the returns."""
    env.reset(seed=seed)
    random = np.random.default_rng(seed)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for _ in range(100_000):
        actions = {agent: int(random.integers(0, 3)) for agent in env.agents}
        results = env.step(actions)
        for agent, reward in results[1].items():
            returns[agent] += reward
        if any(results[2].values()) or any(results[3].values()):
            return results, returns
    raise AssertionError("no match ended")


def test_an_ended_match_leaves_agents_with_its_episode_records() -> None:
    env = lockstep_games.self_play_env("pong", 3, action_repeat=8)
    (_, rewards, terminations, _, infos), returns = play_until_a_match_ends(env, seed=4)
    assert all(rewards[f"match_{m}_player_0"] == -rewards[f"match_{m}_player_1"] for m in range(3))
    ended = [agent for agent, done in terminations.items() if done]
    assert ended and len(ended) % 2 == 0
    assert set(env.agents) == set(env.possible_agents) - set(ended)
    for agent in ended:
        episode = infos[agent]["episode"]
        assert episode["r"] == pytest.approx(returns[agent]) and episode["l"] > 0
        assert isinstance(episode["t"], float)
    assert not any("episode" in infos[agent] for agent in env.agents)
    with pytest.raises(lockstep_games.BadArgumentError, match="one action for each of the"):
        env.step({agent: 0 for agent in env.possible_agents})
    env.close()


def test_with_autoreset_an_ended_match_starts_again_on_the_next_step() -> None:
    env = lockstep_games.self_play_env("pong", 2, autoreset=True, action_repeat=8)
    (_, _, terminations, _, _), _ = play_until_a_match_ends(env, seed=6)
    assert env.agents == env.possible_agents
    ended = [agent for agent, done in terminations.items() if done]
    observations, rewards, terminations, _, infos = env.step(dict.fromkeys(env.agents, 0))
    for agent in ended:
        assert rewards[agent] == 0 and not terminations[agent]
        assert observations[agent][7] == 0 and observations[agent][8] == 0  # no points yet
        assert infos[agent]["points"] == 0 and "episode" not in infos[agent]
    env.close()


def test_step_after_every_match_ended_is_a_call_order_error() -> None:
    env = lockstep_games.self_play_env("blocks", 2, time_limit=3)
    env.reset(seed=1)
    for _ in range(3):
        env.step(dict.fromkeys(env.agents, 0))
    assert env.agents == []
    with pytest.raises(lockstep_games.CallOrderError, match="call reset"):
        env.step({})


def test_a_game_without_two_seats_and_bad_actions_are_refused() -> None:
    with pytest.raises(lockstep_games.BadArgumentError, match="self-play needs two seats"):
        lockstep_games.self_play_env("asteroids", 2)
    env = lockstep_games.self_play_env("pong", 1)
    env.reset(seed=0)
    with pytest.raises(TypeError, match="match_0_player_1's action must be an integer"):
        env.step({"match_0_player_0": 0, "match_0_player_1": 1.5})
    with pytest.raises(lockstep_games.BadArgumentError):
        env.step({"match_0_player_0": 0, "match_0_player_1": 7})
    env.close()
