"""Gymnasium observation spaces from a game's description (action spaces: `actions`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces


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
