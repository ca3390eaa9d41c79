"""The engine's games as training environments.

`import lockstep_games` registers `Lockstep/<Game>-v0` for every game the engine library
serves (`gymnasium.make`, and `gymnasium.make_vec` through the batched vector env), and
`lockstep_games.parallel_env(game)` makes a game's two-agent PettingZoo environment and
`self_play_env(game, n)` one of n such matches in one batch; `lockstep_games.sb3` and
`lockstep_games.puffer` adapt the batch to stable-baselines3's and PufferLib's vector envs.
`lockstep_games.load(path)` (or $LOCKSTEP_LOAD, paths separated by `os.pathsep`) adds
another package's library of games: `<Namespace>/<Game>-v0`. The names before 0.2
(`swift_games`, `SwiftGames/<Game>-v0`, `$SWIFT_GAMES_LIBRARY`) keep working, deprecated
(`old_names`).
"""

from __future__ import annotations

import os
from typing import Any

import gymnasium

from . import library, old_names
from .batch import Batch
from .env import GameEnv
from .errors import (
    BadArgumentError,
    CallOrderError,
    EngineError,
    RecordError,
    SDLNotInstalledError,
    StateError,
    WindowError,
)
from .snapshot import Snapshot
from .spaces import title
from .vector_env import GameVectorEnv

NAMESPACE = "Lockstep"

__all__ = [
    "NAMESPACE", "Batch", "load", "GameEnv", "GameVectorEnv", "parallel_env", "self_play_env",
    "env_ids", "Snapshot",
    "EngineError", "BadArgumentError", "CallOrderError", "StateError", "RecordError",
    "WindowError", "SDLNotInstalledError",
]


def env_ids() -> list[str]:
    """The registered ids: `Lockstep/Pong-v0`, ..., then those of loaded libraries."""
    ids = [f"{NAMESPACE}/{title(spec)}-v0" for spec in library.games().values()
           if not any(spec["id"] in served for served in library.namespaces().values())]
    for namespace, served in library.namespaces().items():
        ids += [f"{namespace}/{title(library.game(game))}-v0" for game in served]
    return ids


def _register(
    namespace: str, games: list[str], entry: str = "lockstep_games.env:GameEnv",
    vector_entry: str = "lockstep_games.vector_env:GameVectorEnv",
) -> list[str]:
    """Registers `namespace/<Game>-v0` for each of `games` with gymnasium; returns the ids."""
    ids = []
    for game in games:
        env_id = f"{namespace}/{title(library.game(game))}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=entry,
                vector_entry_point=vector_entry,
                # The engine truncates there itself; Gymnasium's TimeLimit (gym.make) and
                # make_vec's max_episode_steps agree with it.
                max_episode_steps=library.game(game)["time_limit"],
                kwargs={"game": game},
            )
        ids.append(env_id)
    return ids


def load(path: str | os.PathLike[str], namespace: str | None = None) -> list[str]:
    """Loads another package's library of games (docs/TRAINING-A-GAME.md, "Games from
    another package") and registers them with gymnasium as `<namespace>/<Game>-v0` (the namespace is
    by default the file's name: `libCatchEnv.so` gives `CatchEnv/Catch-v0`); returns the ids."""
    return _register(*library.load(path, namespace))


def parallel_env(game: str, **kwargs: Any):
    """The two-agent PettingZoo `ParallelEnv` of `game` (`"pong"`, `"blocks"`)."""
    from .parallel import GameParallelEnv

    return GameParallelEnv(game, **kwargs)


def self_play_env(game: str, num_matches: int, **kwargs: Any):
    """`num_matches` matches of `game`'s versus, both seats of each an agent, stepped in one
    native call: a PettingZoo `ParallelEnv` (`lockstep_games.self_play.SelfPlayEnv`)."""
    from .self_play import SelfPlayEnv

    return SelfPlayEnv(game, num_matches, **kwargs)


_register(NAMESPACE, list(library.games()))
_register(
    old_names.NAMESPACE, list(library.games()), "lockstep_games.old_names:make_env",
    "lockstep_games.old_names:make_vector_env",
)
for _path in filter(None, old_names.variable("LOCKSTEP_LOAD").split(os.pathsep)):
    load(_path)
