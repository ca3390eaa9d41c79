"""Every mistake is a Python exception with a clear message, never a crash."""

from __future__ import annotations

import copy
import os
import pickle

import gymnasium as gym
import numpy as np
import pytest

import lockstep_games
from lockstep_games import BadArgumentError, CallOrderError, StateError


def pong(**kwargs) -> lockstep_games.GameVectorEnv:
    return lockstep_games.GameVectorEnv("pong", num_envs=4, **kwargs)


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(BadArgumentError, match="unknown game 'tetris'; environments: pong"):
        lockstep_games.GameEnv("tetris")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"action_repeat": 0}, "action_repeat must be 1...1000"),
        ({"time_limit": -5}, "time_limit must be"),
        ({"workers": 0}, "workers must be 1...1024"),
        ({"autoreset_mode": "sometimes"}, "unknown autoreset mode"),
    ],
)
def test_bad_settings_are_refused(kwargs, message) -> None:
    with pytest.raises(BadArgumentError, match=message):
        pong(**kwargs)


def test_unknown_settings_are_refused() -> None:
    with pytest.raises(TypeError, match="colour"):
        lockstep_games.GameEnv("pong", colour="red")
    with pytest.raises(BadArgumentError, match="asteroids has no two-agent mode"):
        lockstep_games.parallel_env("asteroids")


def test_wrong_action_shapes_dtypes_and_values_are_refused() -> None:
    envs = pong()
    envs.reset(seed=1)
    with pytest.raises(BadArgumentError, match=r"shape \(4,\), got \(3,\)"):
        envs.step([0, 0, 0])
    with pytest.raises(TypeError, match="integers, got an array of float64"):
        envs.step(np.zeros(4))
    with pytest.raises(BadArgumentError, match="action 3 is out of range: expected 0...2"):
        envs.step(np.array([0, 3, 0, 0]))
    with pytest.raises(BadArgumentError, match="action -1 is out of range"):
        envs.step(np.array([0, 0, -1, 0], dtype=np.int64))
    with pytest.raises(BadArgumentError, match="action 7 of environment 2, player 0, is out of range"):
        envs.step(np.array([0, 0, 7, 0], dtype=np.int32))
    with pytest.raises(BadArgumentError, match="out of range"):
        envs.step(np.array([0, 0, 2**40, 0]))
    env = lockstep_games.GameEnv("pong")
    env.reset(seed=1)
    with pytest.raises(TypeError):
        env.step(1.5)
    with pytest.raises(BadArgumentError):
        env.step(3)


def test_a_non_contiguous_action_array_is_read_correctly() -> None:
    envs, same = pong(), pong()
    envs.reset(seed=1)
    same.reset(seed=1)
    strided = np.array([[1, 9], [2, 9], [0, 9], [1, 9]])[:, 0]
    assert not strided.flags["C_CONTIGUOUS"]
    for _ in range(30):
        a = envs.step(strided)[0]
        b = same.step(np.ascontiguousarray(strided))[0]
    assert np.array_equal(a, b)


def test_steps_before_reset_after_the_end_or_after_close_are_refused() -> None:
    envs = pong()
    with pytest.raises(CallOrderError, match="step before reset"):
        envs.step([0, 0, 0, 0])
    env = lockstep_games.GameEnv("pong", time_limit=1)
    env.reset(seed=1)
    env.step(0)
    with pytest.raises(CallOrderError, match="after its episode ended: reset it first"):
        env.step(0)
    env.close()
    with pytest.raises(CallOrderError, match="closed"):
        env.step(0)
    env.close()  # closing twice is fine
    with pytest.raises(CallOrderError, match="closed"):
        env.save_state()


def test_state_bytes_from_another_game_or_damaged_are_refused() -> None:
    blocks = lockstep_games.GameEnv("blocks")
    blocks.reset(seed=1)
    saved = blocks.save_state()
    env = lockstep_games.GameEnv("pong")
    env.reset(seed=1)
    before = env.state_hash()
    with pytest.raises(StateError, match="another game than the one asked|blocks"):
        env.load_state(saved)
    with pytest.raises(StateError, match="damaged"):
        env.load_state(saved[:-1] + bytes([saved[-1] ^ 1]))
    with pytest.raises(StateError):
        env.load_state(b"")
    with pytest.raises(StateError):
        env.load_state(os.urandom(300))
    with pytest.raises(TypeError, match="state must be bytes"):
        env.load_state("not bytes")
    repeated = lockstep_games.GameEnv("pong", action_repeat=4)
    with pytest.raises(StateError, match="action repeat"):
        repeated.load_state(env.save_state())
    assert env.state_hash() == before


def test_more_workers_than_cores_plays_what_one_worker_plays() -> None:
    def play(workers: int) -> tuple[np.ndarray, np.ndarray, list[int]]:
        envs = lockstep_games.GameVectorEnv("asteroids", num_envs=64, workers=workers)
        envs.reset(seed=1)
        rewards = np.zeros(64)
        for step in range(20):
            observations, reward, _, _, _ = envs.step(np.full(64, step % 4, dtype=np.int64))
            rewards += reward
        hashes = [envs.state_hash(index) for index in range(64)]
        envs.close()
        return observations, rewards, hashes

    many = play((os.cpu_count() or 1) * 4)
    one = play(1)
    assert np.array_equal(many[0], one[0]) and np.array_equal(many[1], one[1])
    assert many[2] == one[2] and len(set(many[2])) == 64


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_closing_a_batch_ends_its_worker_threads() -> None:
    def threads() -> int:
        return len(os.listdir("/proc/self/task"))

    before = threads()
    for index in range(8):
        envs = lockstep_games.GameVectorEnv("pong", num_envs=16, workers=3)
        if index % 2:
            envs.reset(seed=index)
            envs.step(np.zeros(16, dtype=np.int64))
        envs.close()
    # close() joins the workers before it returns: no waiting, nothing left behind (each of
    # the eight used to leave a thread).
    assert threads() <= before
    open_envs = lockstep_games.GameVectorEnv("pong", num_envs=16, workers=3)
    # While a three-worker batch is open, its two threads are there to be counted.
    assert threads() >= before + 2
    open_envs.close()
    assert threads() <= before


def test_game_settings_apply_and_unknown_or_bad_ones_are_refused() -> None:
    # `level` is marathon's first level (the observation's "level" feature is level / 20); a
    # sprint is played from level 1 whatever it says.
    marathon_3 = lockstep_games.GameEnv("blocks", settings={"level": 3})
    level = [feature["name"] for feature in marathon_3.batch.spec["features"]].index("level")
    assert marathon_3.reset(seed=1)[0][level] == pytest.approx(3 / 20)
    assert marathon_3.step(4)[0][level] == pytest.approx(3 / 20)
    sprint = lockstep_games.GameEnv("blocks", settings={"mode": "sprint", "level": 3})
    assert sprint.reset(seed=1)[0][level] == pytest.approx(1 / 20)
    sprint.step(4)
    with pytest.raises(BadArgumentError, match="unknown setting 'speed'; this game has no settings"):
        lockstep_games.GameEnv("pong", settings={"speed": 2})
    with pytest.raises(BadArgumentError, match="bad value '99' for setting 'level'"):
        lockstep_games.GameVectorEnv("blocks", num_envs=2, settings={"level": 99})
    with pytest.raises(BadArgumentError, match="bad setting"):
        lockstep_games.GameEnv("blocks", settings={"mode=x": "sprint"})
    marathon = lockstep_games.GameEnv("blocks")
    marathon.reset(seed=1)
    with pytest.raises(StateError, match="other settings"):
        marathon.load_state(sprint.save_state())


SETTINGS_MESSAGE = (
    "settings must be a dict of the game's option names and values, got list: each option is "
    "set by its name, as `GameApp --set mode=sprint` takes it; pass settings={'mode': 'sprint'}"
)


@pytest.mark.parametrize(
    "make",
    [
        lambda settings: lockstep_games.GameEnv("blocks", settings=settings),
        lambda settings: lockstep_games.GameVectorEnv("blocks", num_envs=2, settings=settings),
        lambda settings: lockstep_games.parallel_env("blocks", settings=settings),
        lambda settings: lockstep_games.Batch("blocks", 2, settings=settings),
    ],
    ids=["GameEnv", "GameVectorEnv", "GameParallelEnv", "Batch"],
)
def test_settings_that_are_not_a_dict_are_a_type_error_naming_settings(make) -> None:
    with pytest.raises(TypeError) as raised:
        make(["mode=sprint"])
    assert str(raised.value) == SETTINGS_MESSAGE
    with pytest.raises(TypeError, match="settings must be a dict .*, got str"):
        make("mode=sprint")
    make({"mode": "sprint"}).close()


def test_seeds_autoreset_and_paths_of_the_wrong_type_name_the_argument() -> None:
    batch = lockstep_games.Batch("pong", 2)
    with pytest.raises(TypeError, match=r"seeds must be a list of 2 integers, one an "
                                        r"environment, got int; pass reset\(\[seed, ...\]\)"):
        batch.reset(7)
    with pytest.raises(TypeError, match=r"seed must be an integer, a list of 4 integers \(or "
                                        r"None\), or None, got str; pass reset\(seed=7\)"):
        pong().reset(seed="7")
    with pytest.raises(BadArgumentError, match=r"autoreset must be one of next_step, "
                                               r"same_step, disabled, got \['next_step'\]"):
        lockstep_games.Batch("pong", 2, autoreset=["next_step"])
    env = lockstep_games.GameEnv("pong")
    env.reset(seed=1)
    with pytest.raises(TypeError, match="path must be a str or os.PathLike naming the replay "
                                        "file, got int"):
        env.record(3)


@pytest.mark.parametrize("call", ["record", "save_state", "state_hash", "snapshot"])
def test_a_call_before_reset_is_named_in_its_message(call: str, tmp_path) -> None:
    env = lockstep_games.GameEnv("pong")
    arguments = [str(tmp_path / "early.replay")] if call == "record" else []
    with pytest.raises(CallOrderError) as raised:
        getattr(env, call)(*arguments)
    assert str(raised.value) == (
        f"{call} before reset: the environments have no state until their first reset; "
        "reset them first"
    )


COPY_FIXES = {
    "GameEnv": "copy its state instead: env.snapshot() and other.restore(snapshot) in this "
    "process, or env.save_state() and other.load_state(state) in any process",
    "GameVectorEnv": "copy an environment's state instead: envs.snapshot(i) and "
    "other.restore(i, snapshot) in this process, or envs.save_state(i) and "
    "other.load_state(i, state) in any process",
    "GameParallelEnv": "copy its state instead: env.snapshot() and other.restore(snapshot) in "
    "this process, or env.save_state() and other.load_state(state) in any process",
    "Batch": "copy an environment's state instead: batch.snapshot(i) and "
    "other.restore(snapshot, i) in this process, or batch.save_state(i) and "
    "other.load_state(state, i) in any process",
}


@pytest.mark.parametrize(
    "make",
    [
        lambda: lockstep_games.GameEnv("pong"),
        lambda: lockstep_games.GameVectorEnv("pong", num_envs=2),
        lambda: lockstep_games.parallel_env("pong"),
        lambda: lockstep_games.Batch("pong", 2),
    ],
    ids=list(COPY_FIXES),
)
@pytest.mark.parametrize("duplicate", [copy.copy, copy.deepcopy, pickle.dumps])
def test_copying_or_pickling_an_env_is_refused_and_points_to_its_state(make, duplicate) -> None:
    env = make()
    kind = type(env).__name__
    with pytest.raises(TypeError) as raised:
        duplicate(env)
    assert str(raised.value) == (
        f"a {kind} cannot be copied or pickled: it holds its environments in the engine by "
        f"handle, so a copy would share them (closing one would close both); {COPY_FIXES[kind]}"
    )
    # The original is whole: nothing was shared, nothing closed.
    if isinstance(env, lockstep_games.Batch):
        env.reset([1, 1])
    else:
        env.reset(seed=1)
    env.close()


def test_a_deep_copy_of_a_made_env_is_refused_too() -> None:
    env = gym.make("Lockstep/Pong-v0")
    with pytest.raises(TypeError, match="a GameEnv cannot be copied or pickled"):
        copy.deepcopy(env)
    env.close()
