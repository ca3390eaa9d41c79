"""The names of the package before 0.2, when it was `swift-games` (issue 29): they keep
working, each with a DeprecationWarning naming the new one. The Gymnasium ids
`SwiftGames/<Game>-v0` make the same environments as `Lockstep/<Game>-v0`; `import swift_games`
is `import lockstep_games` (the shim package `swift_games`); `$SWIFT_GAMES_LIBRARY` and
`$SWIFT_GAMES_LOAD` are read when `$LOCKSTEP_LIBRARY` and `$LOCKSTEP_LOAD` are not set."""

from __future__ import annotations

import os
import sys
import warnings
from typing import Any

#: The Gymnasium namespace before 0.2.
NAMESPACE = "SwiftGames"
#: Each variable the package reads, and its name before 0.2.
VARIABLES = {"LOCKSTEP_LIBRARY": "SWIFT_GAMES_LIBRARY", "LOCKSTEP_LOAD": "SWIFT_GAMES_LOAD"}
_OURS = ("lockstep_games", "swift_games", "gymnasium")


def variable(name: str) -> str:
    """The value of the variable `name`, or of its old name when `name` is not set ("" when
    neither is)."""
    return os.environ.get(name) or os.environ.get(VARIABLES[name], "")


def warn(message: str) -> None:
    """A DeprecationWarning attributed to the first caller outside this package and gymnasium,
    so that Python's default filters show it when that caller is a script's own code."""
    level, frame = 2, sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] in _OURS:
        level, frame = level + 1, frame.f_back
    warnings.warn(message, DeprecationWarning, stacklevel=level)


def _renamed(game: str) -> str:
    from . import library
    from .spaces import title

    new = title(library.game(game))
    return f"{NAMESPACE}/{new}-v0 is deprecated: use Lockstep/{new}-v0"


def make_env(**kwargs: Any):
    """The entry point of `SwiftGames/<Game>-v0`: a `GameEnv`, after the warning."""
    from .env import GameEnv

    warn(_renamed(kwargs.get("game", "pong")))
    return GameEnv(**kwargs)


def make_vector_env(**kwargs: Any):
    """The vector entry point of `SwiftGames/<Game>-v0`: a `GameVectorEnv`, after the warning."""
    from .vector_env import GameVectorEnv

    warn(_renamed(kwargs.get("game", "pong")))
    return GameVectorEnv(**kwargs)
