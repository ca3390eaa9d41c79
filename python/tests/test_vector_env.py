"""The batched vector environment: one native call steps them all."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import lockstep_games
from conftest import GAMES


def test_make_vec_returns_the_batched_env_with_next_step_autoreset() -> None:
    envs = gym.make_vec("Lockstep/Pong-v0", num_envs=16)
    assert isinstance(envs, lockstep_games.GameVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, _ = envs.reset(seed=1)
    assert obs.shape == (16, 9) and obs.dtype == np.float32
    assert envs.observation_space.contains(obs)
    obs, rewards, terminated, truncated, infos = envs.step(envs.action_space.sample())
    assert rewards.shape == (16,) and terminated.dtype == np.bool_
    assert set(infos) == {"score", "points", "opponent_points", "hits", "_score", "_points",
                          "_opponent_points", "_hits"}
    envs.close()


@pytest.mark.parametrize("game", GAMES)
def test_results_do_not_depend_on_the_number_of_workers(game: str) -> None:
    def run(workers: int) -> list[np.ndarray]:
        envs = lockstep_games.GameVectorEnv(game, num_envs=37, workers=workers)
        trace = [envs.reset(seed=3)[0]]
        random = np.random.default_rng(0)
        for _ in range(150):
            actions = random.integers(0, envs.single_action_space.n, 37)
            trace += list(envs.step(actions)[:4])
        envs.close()
        return trace

    one = run(1)
    for workers in (2, 5):
        assert all(np.array_equal(a, b) for a, b in zip(one, run(workers), strict=True))


def test_next_step_autoreset_reports_the_end_then_the_new_episodes_first_observation() -> None:
    envs = lockstep_games.GameVectorEnv("pong", num_envs=2, time_limit=3)
    first, _ = envs.reset(seed=4)
    for _ in range(2):
        _, _, terminated, truncated, _ = envs.step([0, 0])
        assert not truncated.any()
    _, _, _, truncated, _ = envs.step([0, 0])
    assert truncated.all()
    obs, rewards, terminated, truncated, _ = envs.step([1, 2])
    assert not (terminated.any() or truncated.any()) and not rewards.any()
    assert obs[:, 6].tolist() == first[:, 6].tolist()  # the serve clock starts again


def test_same_step_autoreset_returns_the_final_observation_in_infos() -> None:
    envs = gym.make_vec("Lockstep/Pong-v0", num_envs=3, time_limit=2,
                        autoreset_mode=AutoresetMode.SAME_STEP)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    first, _ = envs.reset(seed=9)
    envs.step([1, 1, 1])
    obs, _, _, truncated, infos = envs.step([1, 1, 1])
    assert truncated.all() and infos["_final_obs"].all()
    final = np.stack(infos["final_obs"])
    assert final.shape == (3, 9) and not np.array_equal(final, obs)
    assert obs[:, 6].tolist() == first[:, 6].tolist()


def test_copy_false_returns_the_engines_own_buffers() -> None:
    envs = lockstep_games.GameVectorEnv("pong", num_envs=4, copy=False)
    obs, _ = envs.reset(seed=1)
    again, *_ = envs.step([1, 1, 1, 1])
    assert again is obs and np.shares_memory(obs, envs.batch.observations)


def test_one_environment_of_the_batch_saves_restores_and_records(tmp_path) -> None:
    envs = lockstep_games.GameVectorEnv("blocks", num_envs=4)
    envs.reset(seed=2)
    for step in range(50):
        envs.step(np.full(4, step % 8))
    saved = envs.save_state(2)
    hash_before = envs.state_hash(2)
    envs.step(np.full(4, 4))
    obs = envs.load_state(2, saved)
    assert envs.state_hash(2) == hash_before and obs.shape == (260,)
    assert envs.record(2, str(tmp_path / "b.replay")) == hash_before


def test_pixel_observations_come_for_the_whole_batch_and_need_next_step_autoreset() -> None:
    envs = lockstep_games.GameVectorEnv("pong", num_envs=8, observation="pixels", workers=2)
    obs, _ = envs.reset(seed=1)
    assert obs.shape == (8, 84, 84) and obs.dtype == np.uint8
    assert envs.observation_space.contains(obs)
    for _ in range(80):
        obs, *_ = envs.step(np.ones(8, dtype=np.int64))
    assert not np.array_equal(obs[0], obs[1])  # each environment its own frame
    with pytest.raises(lockstep_games.BadArgumentError, match="need next-step autoreset"):
        lockstep_games.GameVectorEnv("pong", num_envs=2, observation="pixels",
                                  autoreset_mode=AutoresetMode.SAME_STEP)
    with pytest.raises(lockstep_games.BadArgumentError, match="'features' or 'pixels'"):
        lockstep_games.GameVectorEnv("pong", num_envs=2, observation="rgb")


@pytest.mark.parametrize("observation", ["features", "pixels"])
def test_a_restore_or_load_on_a_copy_false_env_updates_the_arrays_step_returned(
    observation: str,
) -> None:
    envs = lockstep_games.GameVectorEnv(
        "pong", num_envs=3, time_limit=6, copy=False, observation=observation
    )
    obs, _ = envs.reset(seed=4)
    envs.step([1, 1, 1])
    snapshot, saved = envs.snapshot(1), envs.save_state(1)
    kept = obs[1].copy()
    for _ in range(5):
        obs, rewards, terminated, truncated, _ = envs.step([2, 2, 2])
    assert truncated.all() and not np.array_equal(obs[1], kept)
    rewards[1] = 5.0  # as a scoring step would leave it
    restored = envs.restore(1, snapshot)
    assert np.array_equal(restored, kept) and np.array_equal(obs[1], kept)
    assert rewards[1] == 0 and not truncated[1] and not terminated[1]
    assert truncated[0] and truncated[2]  # the others are as the step left them
    envs.step([2, 0, 2])  # env 1 steps on from the restored state; 0 and 2 start anew
    assert np.array_equal(envs.load_state(1, saved), kept) and np.array_equal(obs[1], kept)
    assert not truncated[1]
    snapshot.close()
    envs.close()


def test_a_restore_before_the_first_reset_of_a_batch_of_many_names_the_call() -> None:
    envs = lockstep_games.GameVectorEnv("pong", num_envs=2)
    single = lockstep_games.GameVectorEnv("pong", num_envs=1)
    single.reset(seed=1)
    saved, snapshot = single.save_state(0), single.snapshot(0)
    message = (
        "{} before reset: the other environments of the batch have no state until the first "
        "reset; call reset() first"
    )
    with pytest.raises(lockstep_games.CallOrderError) as raised:
        envs.restore(0, snapshot)
    assert str(raised.value) == message.format("restore")
    with pytest.raises(lockstep_games.CallOrderError) as raised:
        envs.load_state(0, saved)
    assert str(raised.value) == message.format("load_state")
    fresh = lockstep_games.GameVectorEnv("pong", num_envs=1)
    assert np.array_equal(fresh.restore(0, snapshot), single.reset(seed=1)[0][0])
    snapshot.close()


@pytest.mark.parametrize("game", ["pong", "blocks"])
@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_copy_true_steps_into_new_arrays_that_stay_the_callers(game, mode, monkeypatch):
    """copy=True hands the engine new arrays each step instead of copying its own (see
    Batch.renew_buffers): the arrays returned stay as they were, and every element of the new
    ones is written. The new arrays are filled with NaN and True here, so an element the
    engine skipped would show, and each step matches a copy=False batch with the same seeds."""
    import lockstep_games.batch as batch_module

    poisoned = lambda array: np.full_like(array, np.nan if array.dtype.kind == "f" else 1)  # noqa: E731
    monkeypatch.setattr(batch_module.np, "empty_like", poisoned)
    monkeypatch.setattr(lockstep_games.vector_env, "RENEW_BYTES", 0)  # 8 environments renew too
    autoreset = gym.vector.AutoresetMode.SAME_STEP if mode == "same_step" else gym.vector.AutoresetMode.NEXT_STEP
    renewed = lockstep_games.GameVectorEnv(game, 8, autoreset_mode=autoreset, copy=True, time_limit=40)
    plain = lockstep_games.GameVectorEnv(game, 8, autoreset_mode=autoreset, copy=False, time_limit=40)
    assert renewed._renews and not plain._renews
    first, _ = renewed.reset(seed=5)
    expected, _ = plain.reset(seed=5)
    assert np.array_equal(first, expected)
    kept, before = [], []
    actions = np.random.default_rng(1).integers(0, renewed.single_action_space.n, (120, 8))
    for row in actions:
        got = renewed.step(row)
        want = plain.step(row)
        for mine, theirs in zip(got[:4], want[:4]):
            assert np.array_equal(mine, theirs), "a step's arrays differ from copy=False's"
        kept.append(got[:4])
        before.append(tuple(array.copy() for array in got[:4]))
    snapshot, at_snapshot = renewed.snapshot(3), kept[-1][0][3].copy()
    got = renewed.step(actions[0])
    kept.append(got[:4])
    before.append(tuple(array.copy() for array in got[:4]))
    assert np.array_equal(renewed.restore(3, snapshot), at_snapshot)
    for arrays, copies in zip(kept, before):
        for array, copy in zip(arrays, copies):
            assert np.array_equal(array, copy), "an array returned earlier was written again"
    renewed.close()
    plain.close()
