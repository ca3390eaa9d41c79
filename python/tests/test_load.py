"""`lockstep_games.load`: another package's library of games, and the mistakes it names.

The working load (Catch's own library, made from docs/MAKING-A-GAME.md) is run by
scripts/check-making-a-game; these are the refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

import lockstep_games
from lockstep_games import library


def engine_library() -> Path:
    lib = library.library()
    return Path(lib._name)


def test_a_missing_file_is_a_bad_argument(tmp_path: Path) -> None:
    with pytest.raises(lockstep_games.BadArgumentError, match="no library of games at"):
        lockstep_games.load(tmp_path / "libNothing.so")


def test_a_file_that_is_not_a_library_is_an_import_error(tmp_path: Path) -> None:
    path = tmp_path / "libText.so"
    path.write_text("not a library\n")
    with pytest.raises(ImportError, match="cannot be loaded"):
        lockstep_games.load(path)


def test_games_already_served_are_refused_and_nothing_is_registered() -> None:
    before = lockstep_games.env_ids()
    with pytest.raises(lockstep_games.BadArgumentError, match="already served"):
        lockstep_games.load(engine_library(), namespace="Again")
    assert lockstep_games.env_ids() == before
    assert "Again" not in library.namespaces()


def test_a_namespace_must_be_a_name() -> None:
    with pytest.raises(lockstep_games.BadArgumentError, match="is not a name"):
        lockstep_games.load(engine_library(), namespace="no/slash")
