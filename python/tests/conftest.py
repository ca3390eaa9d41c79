"""Shared fixtures: the games, and where GameApp is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The `human` render mode's windows (Gymnasium's check_env opens one for every declared mode)
# go to SDL's dummy driver: no display is needed and none pops up. Tests of a real display or
# of none run in a subprocess with their own environment (test_window.py).
os.environ["SDL_VIDEODRIVER"] = "dummy"

import lockstep_games  # noqa: E402
from lockstep_games import library  # noqa: E402

GAMES = sorted(library.games())
VERSUS = sorted(g for g, spec in library.games().items() if 2 in spec["players"])
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def game_app() -> Path:
    """The GameApp binary: $LOCKSTEP_GAMEAPP, or the repository's build."""
    candidates = [os.environ.get("LOCKSTEP_GAMEAPP", "")]
    candidates += [str(ROOT / ".build" / kind / "GameApp") for kind in ("debug", "release")]
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            return Path(candidate)
    raise AssertionError(
        "GameApp not found: build it with `swift build` or set LOCKSTEP_GAMEAPP"
    )


__all__ = ["GAMES", "VERSUS", "lockstep_games"]
