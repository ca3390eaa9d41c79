"""`info`: every game's counters at each reset and step, and the episode record at an
episode's end, as Gymnasium's RecordEpisodeStatistics writes it."""

from __future__ import annotations

import time

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers import RecordEpisodeStatistics
from gymnasium.wrappers.vector import RecordEpisodeStatistics as VectorRecordEpisodeStatistics

import lockstep_games
from conftest import GAMES
from lockstep_games import library


def counter_names(game: str) -> list[str]:
    return [counter["name"] for counter in library.game(game)["counters"]]


def test_each_game_names_its_counters_in_the_engine() -> None:
    assert counter_names("pong") == ["score", "points", "opponent_points", "hits"]
    assert counter_names("asteroids") == ["score", "lives", "wave"]
    assert counter_names("blocks") == ["score", "lines", "attack", "level", "pieces", "outcome"]


@pytest.mark.parametrize("game", GAMES)
def test_every_reset_and_step_reports_the_games_counters(game: str) -> None:
    env = lockstep_games.GameEnv(game)
    _, info = env.reset(seed=3)
    assert list(info) == counter_names(game)
    assert all(type(value) is int for value in info.values())
    env.action_space.seed(1)
    for _ in range(50):
        *_, info = env.step(env.action_space.sample())
        assert list(info) == counter_names(game)
    env.close()


def play(env: gym.Env, seed: int, steps: int) -> list[tuple]:
    """(reward, terminated, truncated, the episode record or None) of each step, resetting
    after each episode (`reset()`, the seed stream)."""
    env.reset(seed=seed)
    actions = np.random.default_rng(seed).integers(0, env.action_space.n, steps)
    trace = []
    for action in actions:
        _, reward, terminated, truncated, info = env.step(int(action))
        episode = info.get("episode")
        trace.append((reward, terminated, truncated,
                      None if episode is None else (episode["r"], episode["l"])))
        if terminated or truncated:
            env.reset()
    return trace


@pytest.mark.parametrize("game", GAMES)
def test_an_ended_episode_reports_what_record_episode_statistics_would(game: str) -> None:
    ours = play(lockstep_games.GameEnv(game, time_limit=120), 5, 400)
    theirs = play(RecordEpisodeStatistics(lockstep_games.GameEnv(game, time_limit=120, info=False)), 5, 400)
    assert ours == theirs
    assert sum(record is not None for *_, record in ours) >= 3


def test_the_episode_record_has_gymnasiums_keys_and_types() -> None:
    env = gym.make("lockstep_games:Lockstep/Pong-v0", time_limit=4)
    env.reset(seed=1)
    for _ in range(3):
        *_, info = env.step(0)
        assert "episode" not in info
    *_, truncated, info = env.step(0)
    assert truncated and set(info["episode"]) == {"r", "l", "t"}
    assert type(info["episode"]["r"]) is float and info["episode"]["l"] == 4
    assert isinstance(info["episode"]["t"], float) and info["episode"]["t"] >= 0


def test_info_false_gives_empty_infos() -> None:
    env = lockstep_games.GameEnv("pong", info=False, time_limit=2)
    assert env.reset(seed=1)[1] == {}
    assert env.step(0)[4] == {} and env.step(0)[4] == {}
    envs = lockstep_games.GameVectorEnv("pong", num_envs=2, info=False, time_limit=1)
    assert envs.reset(seed=1)[1] == {} and envs.step(np.zeros(2, dtype=np.int32))[4] == {}


def vector_trace(envs: gym.vector.VectorEnv, steps: int) -> list:
    envs.reset(seed=11)
    rng = np.random.default_rng(2)
    trace = []
    for _ in range(steps):
        _, rewards, terminated, truncated, infos = envs.step(
            rng.integers(0, envs.single_action_space.n, envs.num_envs))
        record = None
        if "episode" in infos:
            record = (infos["_episode"].tolist(), infos["episode"]["r"].tolist(),
                      infos["episode"]["l"].tolist())
        trace.append((rewards.tolist(), terminated.tolist(), truncated.tolist(), record))
    return trace


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize("game", ["blocks", "pong"])
def test_the_vector_env_reports_episodes_as_the_vector_wrapper_does(
    game: str, mode: AutoresetMode
) -> None:
    def make(info: bool) -> lockstep_games.GameVectorEnv:
        return lockstep_games.GameVectorEnv(
            game, num_envs=6, autoreset_mode=mode, time_limit=150, info=info)

    ours = vector_trace(make(True), 500)
    theirs = vector_trace(VectorRecordEpisodeStatistics(make(False)), 500)
    assert ours == theirs
    assert sum(record is not None for *_, record in ours) >= 3


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_the_vector_env_times_each_episode_from_its_own_start(mode: AutoresetMode) -> None:
    envs = lockstep_games.GameVectorEnv(
        "blocks", num_envs=8, autoreset_mode=mode, time_limit=150, copy=False)
    rng = np.random.default_rng(3)
    envs.reset(seed=5)
    starts = np.full(8, time.perf_counter())
    restart = np.zeros(8, dtype=np.bool_)
    seen = 0
    for _ in range(400):
        before = time.perf_counter()
        starts[restart] = before  # next-step autoreset: those episodes began in this step
        *_, infos = envs.step(rng.integers(0, envs.single_action_space.n, 8))
        after = time.perf_counter()
        restart[:] = False
        if "episode" not in infos:
            continue
        done, record = infos["_episode"], infos["episode"]
        assert record["r"].dtype == np.float64 and record["t"].dtype == np.float64
        assert record["l"].dtype == np.int64
        assert not record["r"][~done].any() and not record["l"][~done].any()
        assert not record["t"][~done].any()
        # Each ended episode's seconds: since its own start, not the batch's first reset.
        assert (record["t"][done] <= after - starts[done] + 1e-5).all()
        assert (record["t"][done] >= 0).all() and (record["l"][done] > 0).all()
        if mode == AutoresetMode.SAME_STEP:
            starts[done] = before  # the engine's clock restarted within this step
        else:
            restart |= done
        seen += int(done.sum())
    assert seen >= 8


def test_the_vector_env_reports_each_counter_with_an_all_true_mask() -> None:
    envs = lockstep_games.GameVectorEnv("blocks", num_envs=3)
    _, infos = envs.reset(seed=1)
    for name in counter_names("blocks"):
        assert infos[name].shape == (3,) and infos[f"_{name}"].all()
    assert infos["level"].tolist() == [1, 1, 1]


def test_copied_counters_are_not_overwritten_by_the_next_step() -> None:
    envs = lockstep_games.GameVectorEnv("blocks", num_envs=2)
    envs.reset(seed=1)
    kept = envs.step(np.array([4, 4]))[4]["pieces"]
    before = kept.tolist()
    for _ in range(30):
        envs.step(np.array([4, 0]))
        envs.step(np.array([0, 0]))
    assert kept.tolist() == before


def test_each_parallel_agent_reports_its_own_counters_and_episode() -> None:
    env = lockstep_games.parallel_env("pong", time_limit=3)
    _, infos = env.reset(seed=4)
    assert infos["player_0"] == {"score": 0, "points": 0, "opponent_points": 0, "hits": 0}
    for _ in range(3):
        *_, infos = env.step({"player_0": 0, "player_1": 0})
    assert infos["player_0"]["episode"]["l"] == 3 and infos["player_1"]["episode"]["r"] == 0.0
