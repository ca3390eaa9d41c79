"""Snapshots: one environment copied inside the engine and restored in microseconds."""

from __future__ import annotations

import copy
import gc
import pickle

import numpy as np
import pytest

import lockstep_games
from lockstep_games import BadArgumentError, CallOrderError, Snapshot, StateError
from lockstep_games.snapshot import alive
from conftest import GAMES


def _play(env: lockstep_games.GameEnv, steps: int, seed: int = 0) -> None:
    random = np.random.default_rng(seed)
    for _ in range(steps):
        env.step(int(random.integers(0, env.action_space.n)))


def _trace(env: lockstep_games.GameEnv, actions: list[int]) -> list[tuple]:
    """What each step gave, as bits: observation, reward, flags, state hash."""
    out = []
    for action in actions:
        obs, reward, terminated, truncated, _ = env.step(action)
        out.append((obs.tobytes(), np.float32(reward).tobytes(), terminated, truncated,
                    env.state_hash()))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_restored_snapshot_goes_on_bit_for_bit_as_the_original(game: str) -> None:
    env = lockstep_games.GameEnv(game, action_repeat=2)
    env.reset(seed=5)
    _play(env, 60)
    with env.snapshot() as snapshot:
        observation = env.batch.observe(0)[0]
        actions = [int(a) for a in np.random.default_rng(9).integers(0, env.action_space.n, 60)]
        later = _trace(env, actions)
        assert np.array_equal(env.restore(snapshot), observation)
        assert _trace(env, actions) == later
        other = lockstep_games.GameEnv(game, action_repeat=2)
        assert np.array_equal(other.restore(snapshot), observation)
        assert _trace(other, actions) == later


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshots_bytes_are_what_save_state_gave_then(game: str) -> None:
    env = lockstep_games.GameEnv(game)
    env.reset(seed=2)
    _play(env, 40)
    snapshot, saved, hashed = env.snapshot(), env.save_state(), env.state_hash()
    _play(env, 10, seed=1)
    assert bytes(snapshot) == saved and snapshot.to_bytes() == saved
    other = lockstep_games.GameEnv(game)
    other.load_state(bytes(snapshot))
    assert other.state_hash() == hashed
    snapshot.close()


def _search(env: lockstep_games.GameEnv, depth: int, keep, back) -> tuple[float, list, list[int]]:
    """Depth-limited search over every action sequence: the best return (rewards, then how
    near the paddle is to the ball at the leaf), its actions, and every leaf's state hash in
    the order visited. `keep()` stores the state, `back(kept)` restores it."""
    leaves: list[int] = []

    def value(level: int) -> tuple[float, list]:
        if level == 0:
            leaves.append(env.state_hash())
            obs = env.batch.observe(0)[0]
            return -abs(float(obs[1]) - float(obs[4])), []
        kept = keep()
        best: tuple[float, list] = (-np.inf, [])
        for action in range(env.action_space.n):
            back(kept)
            _, reward, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                total, plan = reward, []
            else:
                rest, plan = value(level - 1)
                total = reward + rest
            if total > best[0]:
                best = (total, [action, *plan])
        back(kept)
        return best

    total, plan = value(depth)
    return total, plan, leaves


def test_a_search_with_snapshots_finds_what_a_search_with_saved_states_finds() -> None:
    env = lockstep_games.GameEnv("pong", action_repeat=4)
    env.reset(seed=8)
    _play(env, 30)
    start, before = env.state_hash(), alive()
    taken: list[Snapshot] = []

    def keep() -> Snapshot:
        taken.append(env.snapshot())
        return taken[-1]

    fast = _search(env, 4, keep, env.restore)
    assert env.state_hash() == start
    slow = _search(env, 4, env.save_state, env.load_state)
    assert env.state_hash() == start
    assert fast == slow and len(fast[2]) == env.action_space.n**4
    assert len(set(fast[2])) > 1 and len(fast[1]) == 4
    assert alive() == before + len(taken)
    for snapshot in taken:
        snapshot.close()
    assert alive() == before


def test_the_vector_env_snapshots_and_restores_by_index() -> None:
    env = lockstep_games.GameVectorEnv("blocks", num_envs=3)
    env.reset(seed=1)
    for step in range(25):
        env.step(np.array([step % 8, (step * 3) % 8, 0]))
    snapshot, hashed = env.snapshot(1), env.state_hash(1)
    observation = env.batch.observe(1)[0]
    assert np.array_equal(env.restore(0, snapshot), observation)
    assert env.state_hash(0) == hashed
    with pytest.raises(BadArgumentError, match="index must be 0...2, got 3"):
        env.snapshot(3)
    with pytest.raises(BadArgumentError):
        env.restore(-1, snapshot)
    snapshot.close()
    env.close()


def test_a_versus_snapshot_restores_both_agents() -> None:
    env = lockstep_games.parallel_env("pong")
    env.reset(seed=4)
    for step in range(30):
        env.step({"player_0": step % 3, "player_1": (step * 2) % 3})
    snapshot, hashed = env.snapshot(), env.state_hash()
    later = [env.step({"player_0": 1, "player_1": 2})[1] for _ in range(20)]
    obs = env.restore(snapshot)
    assert env.state_hash() == hashed and set(obs) == {"player_0", "player_1"}
    assert [env.step({"player_0": 1, "player_1": 2})[1] for _ in range(20)] == later


def test_a_snapshot_of_another_game_or_shape_is_a_state_error_and_changes_nothing() -> None:
    pong = lockstep_games.GameEnv("pong")
    pong.reset(seed=1)
    blocks = lockstep_games.GameEnv("blocks")
    blocks.reset(seed=1)
    hashed = pong.state_hash()
    with blocks.snapshot() as snapshot:
        with pytest.raises(StateError, match="the snapshot is of blocks; this batch plays pong"):
            pong.restore(snapshot)
    repeated = lockstep_games.GameEnv("pong", action_repeat=4)
    repeated.reset(seed=1)
    with repeated.snapshot() as snapshot:
        with pytest.raises(StateError, match="action repeat 4; this batch has 1"):
            pong.restore(snapshot)
    assert pong.state_hash() == hashed


def test_bad_use_of_a_snapshot_raises_the_packages_exceptions() -> None:
    env = lockstep_games.GameEnv("pong")
    with pytest.raises(CallOrderError, match="snapshot before reset: "):
        env.snapshot()
    env.reset(seed=3)
    with pytest.raises(TypeError, match="snapshot must be a Snapshot, got bytes"):
        env.restore(env.save_state())
    snapshot = env.snapshot()
    snapshot.close()
    snapshot.close()
    assert snapshot.closed and "closed" in repr(snapshot)
    with pytest.raises(CallOrderError, match="the snapshot is closed"):
        env.restore(snapshot)
    with pytest.raises(CallOrderError, match="the snapshot is closed"):
        bytes(snapshot)
    kept, hashed = env.snapshot(), env.state_hash()
    with pytest.raises(TypeError, match="cannot be pickled or copied; send bytes"):
        pickle.dumps(kept)
    with pytest.raises(TypeError, match="cannot be pickled or copied"):
        copy.copy(kept)
    env.close()
    with pytest.raises(CallOrderError, match="closed"):
        env.snapshot()
    with pytest.raises(CallOrderError, match="closed"):
        env.restore(kept)
    # A snapshot outlives its environment: another one restores it and is where it was.
    other = lockstep_games.GameEnv("pong")
    other.reset(seed=9)
    assert other.state_hash() != hashed
    other.restore(kept)
    assert other.state_hash() == hashed
    kept.close()


def test_snapshots_are_freed_when_closed_or_collected() -> None:
    env = lockstep_games.GameEnv("asteroids")
    env.reset(seed=6)
    before = alive()
    with env.snapshot():
        assert alive() == before + 1
    assert alive() == before
    for _ in range(1_000):
        env.snapshot()  # dropped at once: freed by __del__
    gc.collect()
    assert alive() == before
    snapshots = [env.snapshot() for _ in range(10)]
    assert alive() == before + 10
    del snapshots
    assert alive() == before
