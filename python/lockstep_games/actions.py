"""Action spaces: the default `Discrete` of a game's choices, and for a game with analog axes
the opt-in `MultiDiscrete` and `Box` spaces that set each axis too.

- `"discrete"` (every game, the default): `Discrete(n)`, the game's choices.
- `"multi_discrete"`: `MultiDiscrete([n, high_0 - low_0 + 1, ...])`: the choice, then one
  component a step of each of the agent's axes: `v` sets the axis to `low + v`, exactly.
- `"box"`: `Dict({"choice": Discrete(n), "axes": Box(-1, 1, (k,), float32)})`: the choice,
  and each axis scaled to [-1, 1]. `x` (taken as float32, clipped to [-1, 1]; NaN is refused)
  sets the axis to `low + round((x + 1) * (high - low) / 2)`, rounded half to even: -1 is
  `low`, 1 is `high`, 0 the middle. Each operation is one IEEE float64 operation (numpy,
  nothing fused), so the same `x` gives the same value on every machine.

The axis values replace whatever the choice sets on the agent's axes, and a replay records
them like any input. An agent's axes are its player's (agent 0 is player 1), in the game's
order, as the description's `axes` lists them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from .errors import BadArgumentError

#: The `action_space` values every environment takes.
ACTION_SPACES = ("discrete", "multi_discrete", "box")


def check_kind(spec: dict[str, Any], kind: Any, players: int) -> str:
    """`kind` when the game offers it with `players` agents; BadArgumentError otherwise."""
    if not isinstance(kind, str) or kind not in ACTION_SPACES:
        raise BadArgumentError(
            f"action_space must be one of {', '.join(map(repr, ACTION_SPACES))}, got {kind!r}"
        )
    if kind != "discrete" and not any(spec["axes"][player] for player in range(players)):
        raise BadArgumentError(
            f"{spec['id']} has no analog axes: action_space={kind!r} is only for games with "
            f"axes; use the default 'discrete'"
        )
    return kind


def slots(spec: dict[str, Any], players: int) -> int:
    """Axis values per agent in the engine's axes buffer: the most axes an agent has."""
    return max(len(spec["axes"][player]) for player in range(players))


class AgentActions:
    """One agent's action space of `kind` and how its actions become a choice and axis
    values (the integers the engine takes)."""

    def __init__(self, spec: dict[str, Any], player: int, kind: str) -> None:
        self.kind = kind
        self.choices = len(spec["actions"][player])
        self.axes = list(spec["axes"][player])
        self.low = np.array([axis["low"] for axis in self.axes], dtype=np.int64)
        self.high = np.array([axis["high"] for axis in self.axes], dtype=np.int64)
        count = len(self.axes)
        if kind == "discrete":
            self.space: spaces.Space[Any] = spaces.Discrete(self.choices)
        elif kind == "multi_discrete":
            self.space = spaces.MultiDiscrete(
                np.array([self.choices, *(self.high - self.low + 1)], dtype=np.int64)
            )
        else:
            self.space = spaces.Dict({
                "choice": spaces.Discrete(self.choices),
                "axes": spaces.Box(-1.0, 1.0, shape=(count,), dtype=np.float32),
            })

    def split(self, action: Any, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        """The choices (int64, `shape`) and axis values (int32, `shape + (axes,)`) of an
        action of this space, or of `shape` of them stacked (a vector env's batch)."""
        count = len(self.axes)
        if self.kind == "multi_discrete":
            array = np.asarray(action)
            if array.dtype.kind not in "iu" or array.shape != (*shape, 1 + count):
                raise BadArgumentError(
                    f"a multi_discrete action is {1 + count} integers (the choice, then each "
                    f"axis) shaped {(*shape, 1 + count)}, got {array.dtype} {array.shape}"
                )
            choices = array[..., 0].astype(np.int64)
            steps = array[..., 1:].astype(np.int64)
            bad = (steps < 0) | (steps > self.high - self.low)
            if bad.any():
                at = np.argwhere(bad)[0]
                axis = self.axes[at[-1]]
                raise BadArgumentError(
                    f"axis {axis['name']}'s component is {int(steps[tuple(at)])}: expected "
                    f"0...{axis['high'] - axis['low']}"
                )
            values = self.low + steps
        else:
            if not isinstance(action, dict) or set(action) != {"choice", "axes"}:
                raise BadArgumentError(
                    f"a box action is a dict {{'choice': int, 'axes': {count} floats in "
                    f"[-1, 1]}}, got {type(action).__name__}"
                )
            choices = np.asarray(action["choice"])
            if choices.dtype.kind not in "iu" or choices.shape != shape:
                raise BadArgumentError(
                    f"a box action's choice is an integer shaped {shape}, got "
                    f"{choices.dtype} {choices.shape}"
                )
            scaled = np.asarray(action["axes"])
            if scaled.dtype.kind not in "fiu" or scaled.shape != (*shape, count):
                raise BadArgumentError(
                    f"a box action's axes are {count} floats shaped {(*shape, count)}, got "
                    f"{scaled.dtype} {scaled.shape}"
                )
            values = quantise(scaled, self.low, self.high)
        if ((choices < 0) | (choices >= self.choices)).any():
            bad = int(choices[(choices < 0) | (choices >= self.choices)].flat[0])
            raise BadArgumentError(
                f"choice {bad} is out of range: expected 0...{self.choices - 1}"
            )
        return choices, values.astype(np.int32)


def quantise(scaled: np.ndarray, low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """Axis values from `scaled` in [-1, 1] (the module's rounding): float32, clipped, then
    `low + round((x + 1) * (high - low) / 2)`, half to even, in float64."""
    x = np.asarray(scaled, dtype=np.float32).astype(np.float64)
    if np.isnan(x).any():
        raise BadArgumentError("a box action's axes must not be NaN")
    x = np.clip(x, -1.0, 1.0)
    return low + np.rint((x + 1.0) * (high - low) / 2.0).astype(np.int64)
