"""The names before 0.2 keep working, each with a DeprecationWarning: the ids
`SwiftGames/<Game>-v0`, `import swift_games`, `$SWIFT_GAMES_LIBRARY`; and a library built
before the C functions were renamed is named as such."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import lockstep_games
from lockstep_games import library


def _episode(env: gym.Env) -> list[np.ndarray]:
    observation, _ = env.reset(seed=7)
    seen = [observation]
    for step in range(40):
        observation, *_ = env.step(step % env.action_space.n)
        seen.append(observation)
    env.close()
    return seen


def test_an_old_id_makes_the_same_environment_and_names_the_new_one() -> None:
    with pytest.deprecated_call(match="SwiftGames/Pong-v0 is deprecated: use Lockstep/Pong-v0"):
        old = gym.make("SwiftGames/Pong-v0")
    assert isinstance(old.unwrapped, lockstep_games.GameEnv)
    new = gym.make("Lockstep/Pong-v0")
    for before, after in zip(_episode(old), _episode(new), strict=True):
        np.testing.assert_array_equal(before, after)


def test_an_old_id_makes_the_batched_vector_env_too() -> None:
    with pytest.deprecated_call(match="use Lockstep/Blocks-v0"):
        envs = gym.make_vec("SwiftGames/Blocks-v0", num_envs=3)
    assert isinstance(envs, lockstep_games.GameVectorEnv)
    assert envs.batch.game == "blocks"
    envs.close()


def test_the_old_ids_are_registered_but_not_listed() -> None:
    old = [f"SwiftGames/{name}-v0" for name in ("Pong", "Asteroids", "Blocks")]
    assert all(env_id in gym.registry for env_id in old)
    assert not set(old) & set(lockstep_games.env_ids())


def test_import_swift_games_is_lockstep_games_with_one_warning() -> None:
    script = """
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import swift_games
    from swift_games.actions import quantise
    import swift_games.library
import lockstep_games, lockstep_games.actions
assert [w.category for w in caught] == [DeprecationWarning], caught
assert "import lockstep_games" in str(caught[0].message), caught[0].message
assert caught[0].filename == "<string>", caught[0].filename
assert swift_games.GameEnv is lockstep_games.GameEnv
assert swift_games.library is lockstep_games.library
assert quantise is lockstep_games.actions.quantise
assert sorted(swift_games.__all__) == sorted(lockstep_games.__all__)
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


def test_the_old_library_variable_is_read_when_the_new_one_is_not_set(monkeypatch) -> None:
    monkeypatch.delenv("LOCKSTEP_LIBRARY", raising=False)
    monkeypatch.setenv("SWIFT_GAMES_LIBRARY", "/old/libLockstepGames.so")
    assert library._candidates()[0] == Path("/old/libLockstepGames.so")
    monkeypatch.setenv("LOCKSTEP_LIBRARY", "/new/libLockstepGames.so")
    assert library._candidates()[0] == Path("/new/libLockstepGames.so")
    assert Path("/old/libLockstepGames.so") not in library._candidates()


def _compiled(tmp_path: Path, source: str) -> Path:
    compiler = shutil.which("cc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler (cc or clang) to build a stand-in library")
    (tmp_path / "stand_in.c").write_text(source)
    out = tmp_path / "libStandIn.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(out), str(tmp_path / "stand_in.c")],
                   check=True)
    return out


def test_a_library_of_the_old_c_names_is_told_to_be_rebuilt(tmp_path: Path) -> None:
    path = _compiled(tmp_path, "int sgenv_abi_version(void) { return 4; }\n")
    with pytest.raises(ImportError, match="older engine .*sgenv_.*lockstep_.*rebuild it"):
        library._open(path)


def test_a_library_of_neither_name_is_not_a_library_of_games(tmp_path: Path) -> None:
    path = _compiled(tmp_path, "int something_else(void) { return 4; }\n")
    with pytest.raises(ImportError, match="not a library of game environments"):
        library._open(path)
