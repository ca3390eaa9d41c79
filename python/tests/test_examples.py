"""The examples that need PyTorch (not installed in CI): they compile, and what they take from
the package exists."""

from __future__ import annotations

import ast
import py_compile
from pathlib import Path

import gymnasium as gym
import pytest

import lockstep_games
from conftest import ROOT

EXAMPLES = ROOT / "python" / "examples"
TORCH_EXAMPLES = ["cleanrl_ppo.py", "ppo.py"]


def imported_from_package(path: Path) -> list[tuple[str, str | None]]:
    """Each `lockstep_games` module and name the file imports (`None`: the module itself)."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names
                      if alias.name.split(".")[0] == "lockstep_games"]
        elif isinstance(node, ast.ImportFrom) and (
            (node.module or "").split(".")[0] == "lockstep_games"
        ):
            found += [(node.module, alias.name) for alias in node.names]
    return found


@pytest.mark.parametrize("name", TORCH_EXAMPLES)
def test_the_example_byte_compiles(name: str, tmp_path: Path) -> None:
    py_compile.compile(str(EXAMPLES / name), cfile=str(tmp_path / "example.pyc"), doraise=True)


@pytest.mark.parametrize("name", TORCH_EXAMPLES)
def test_everything_the_example_imports_from_the_package_exists(name: str) -> None:
    import importlib
    import importlib.util

    imports = imported_from_package(EXAMPLES / name)
    assert imports, f"{name} imports nothing from lockstep_games"
    for module, attribute in imports:
        loaded = importlib.import_module(module)
        if attribute is not None:
            assert hasattr(loaded, attribute) or importlib.util.find_spec(
                f"{module}.{attribute}"
            ), f"{name}: from {module} import {attribute}"


def test_cleanrl_examples_default_env_is_registered_and_native() -> None:
    tree = ast.parse((EXAMPLES / "cleanrl_ppo.py").read_text())
    defaults = [
        node.keywords for node in ast.walk(tree)
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == "--env-id"
    ]
    env_id = next(k.value.value for k in defaults[0] if k.arg == "default")
    envs = gym.make_vec(env_id, num_envs=2, vectorization_mode="vector_entry_point", copy=False,
                        workers=1, action_repeat=4, reward=None)
    assert isinstance(envs.unwrapped, lockstep_games.GameVectorEnv)
    envs.close()
