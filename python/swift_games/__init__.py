"""The engine's games as training environments.

`import swift_games` registers `SwiftGames/<Game>-v0` for every game the engine library
serves (`gymnasium.make`, and `gymnasium.make_vec` through the batched vector env), and
`swift_games.parallel_env(game)` makes a game's two-agent PettingZoo environment.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from . import library
from .batch import Batch
from .env import GameEnv
from .errors import (
    BadArgumentError,
    CallOrderError,
    EngineError,
    RecordError,
    StateError,
)
from .spaces import title
from .vector_env import GameVectorEnv

NAMESPACE = "SwiftGames"

__all__ = [
    "NAMESPACE", "Batch", "GameEnv", "GameVectorEnv", "parallel_env", "env_ids",
    "EngineError", "BadArgumentError", "CallOrderError", "StateError", "RecordError",
]


def env_ids() -> list[str]:
    """The registered ids: `SwiftGames/Pong-v0`, ..."""
    return [f"{NAMESPACE}/{title(spec)}-v0" for spec in library.games().values()]


def parallel_env(game: str, **kwargs: Any):
    """The two-agent PettingZoo `ParallelEnv` of `game` (`"pong"`, `"blocks"`)."""
    from .parallel import GameParallelEnv

    return GameParallelEnv(game, **kwargs)


for _spec in library.games().values():
    _id = f"{NAMESPACE}/{title(_spec)}-v0"
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point="swift_games.env:GameEnv",
            vector_entry_point="swift_games.vector_env:GameVectorEnv",
            kwargs={"game": _spec["id"]},
        )
