"""Gymnasium observation spaces from a game's description (action spaces: `actions`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from . import library
from .actions import AgentActions, check_kind
from .errors import BadArgumentError


def observation_space(spec: dict[str, Any]) -> spaces.Box:
    """One agent's observation: a float32 vector within each feature's bounds."""
    low = np.array([feature["low"] for feature in spec["features"]], dtype=np.float32)
    high = np.array([feature["high"] for feature in spec["features"]], dtype=np.float32)
    return spaces.Box(low=low, high=high, dtype=np.float32)


def pixel_space() -> spaces.Box:
    """One frame drawn small and grey: 84 x 84 bytes."""
    side = 84
    return spaces.Box(low=0, high=255, shape=(side, side), dtype=np.uint8)


def title(spec: dict[str, Any]) -> str:
    """The id's name part: `Pong`, `Asteroids`, `Blocks`."""
    return "".join(part.capitalize() for part in spec["id"].split("-"))



def one_agent(
    game: str, observation: str, action_space: str
) -> tuple[dict[str, Any], AgentActions, spaces.Box]:
    """What a one-agent env (`GameEnv`, `GameVectorEnv`) serves: the game's description, its
    agent's actions of kind `action_space`, and its observation space (`features` or
    `pixels`). BadArgumentError for an unknown game, action space or kind of observation."""
    spec = library.game(game)
    kind = check_kind(spec, action_space, 1)
    if observation not in ("features", "pixels"):
        raise BadArgumentError(f"observation must be 'features' or 'pixels', got {observation!r}")
    space = pixel_space() if observation == "pixels" else observation_space(spec)
    return spec, AgentActions(spec, 0, kind), space
