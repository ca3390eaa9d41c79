"""Gymnasium observation spaces from a game's description (action spaces: `actions`), and the
options every one-agent env takes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

import numpy as np
from gymnasium import spaces

from . import library
from .actions import AgentActions, check_kind
from .batch import Batch, check_pipeline, check_reward
from .errors import BadArgumentError


def observation_space(spec: dict[str, Any]) -> spaces.Box:
    """One agent's observation: a float32 vector within each feature's bounds."""
    low = np.array([feature["low"] for feature in spec["features"]], dtype=np.float32)
    high = np.array([feature["high"] for feature in spec["features"]], dtype=np.float32)
    return spaces.Box(low=low, high=high, dtype=np.float32)


def pixel_space(size: tuple[int, int] = (84, 84), stack: int = 1) -> spaces.Box:
    """One frame drawn small and grey, `size` (height, width) bytes, 84 x 84 by default; with
    `stack > 1` the last `stack` frames, oldest first."""
    shape = (stack, *size) if stack > 1 else tuple(size)
    return spaces.Box(low=0, high=255, shape=shape, dtype=np.uint8)


def title(spec: dict[str, Any]) -> str:
    """The id's name part: `Pong`, `Asteroids`, `Blocks`."""
    return "".join(part.capitalize() for part in spec["id"].split("-"))


class Options(TypedDict, total=False):
    """The keyword arguments every one-agent env takes (`GameEnv`, `GameVectorEnv`), with
    their defaults in `DEFAULTS`."""

    #: Ticks each action is held for (frame skip).
    action_repeat: int
    #: Steps after which an episode is truncated; the game's own limit when None.
    time_limit: int | None
    #: The game's own options (`{"mode": "sprint"}`), as `--set NAME=VALUE` takes them.
    settings: dict[str, Any] | None
    #: `"features"` (float32 vectors) or `"pixels"` (the frame drawn small and grey).
    observation: str
    #: `"discrete"`, or for a game with analog axes `"multi_discrete"` or `"box"`.
    action_space: str
    #: The counter whose change is the reward (`"lines"`); None: the game's default.
    reward: str | None
    #: True: `info` holds the counters every step and `episode` at an episode's end.
    info: bool
    #: Pixels: each frame's (height, width), 84 x 84 by default.
    pixel_size: tuple[int, int]
    #: Pixels: the part of the 1280 x 720 frame drawn, (x, y, width, height); None: all.
    pixel_region: tuple[int, int, int, int] | None
    #: Pixels: the last k frames, `[k, H, W]` oldest first; a reset fills them with its frame.
    frame_stack: int
    #: Pixels: each frame the maximum of a repeated step's last two ticks (Atari's max-pool).
    max_pool: bool
    #: The probability that an agent's previous action is applied again (Machado et al.).
    sticky_actions: float


DEFAULTS: Options = {
    "action_repeat": 1, "time_limit": None, "settings": None, "observation": "features",
    "action_space": "discrete", "reward": None, "info": True, "pixel_size": (84, 84),
    "frame_stack": 1, "max_pool": False, "sticky_actions": 0.0, "pixel_region": None,
}


@dataclass(frozen=True)
class OneAgent:
    """What a one-agent env serves: the game's description, its agent's actions, its
    observation space, and the options it was made with."""

    game: str
    spec: dict[str, Any]
    actions: AgentActions
    observation_space: spaces.Box
    options: Options

    def batch(self, count: int, autoreset: str, workers: int = 1) -> Batch:
        """A batch of `count` environments of the game with these options."""
        options = self.options
        return Batch(
            self.game, count, 1, options["action_repeat"], options["time_limit"],
            autoreset=autoreset, workers=workers, settings=options["settings"],
            pixels=options["observation"] == "pixels", axes=self.actions.kind != "discrete",
            reward=options["reward"], info=options["info"], pixel_size=options["pixel_size"],
            frame_stack=options["frame_stack"], max_pool=options["max_pool"],
            sticky_actions=options["sticky_actions"], pixel_region=options["pixel_region"],
        )

    @property
    def render_fps(self) -> float:
        """Steps a second of play: the game's tick rate over the action repeat."""
        return self.spec["tick_rate"] / self.options["action_repeat"]


def one_agent(kind: str, game: str, given: dict[str, Any]) -> OneAgent:
    """The game and options of a one-agent env of class `kind` (`GameEnv`, `GameVectorEnv`).
    TypeError for an option it does not take (as Python's own for any other argument);
    BadArgumentError for an unknown game, action space or kind of observation."""
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        raise TypeError(f"{kind}() got an unexpected keyword argument {unknown[0]!r}")
    options: Options = {**DEFAULTS, **given}  # type: ignore[typeddict-item]
    spec = library.game(game)
    kind_of_actions = check_kind(spec, options["action_space"], 1)
    observation = options["observation"]
    if observation not in ("features", "pixels"):
        raise BadArgumentError(f"observation must be 'features' or 'pixels', got {observation!r}")
    if not isinstance(options["info"], bool):
        raise TypeError(f"info must be True or False, got {type(options['info']).__name__}")
    check_reward(spec, options["reward"], 1)
    size, stack, *_ = check_pipeline(
        observation == "pixels", options["pixel_size"], options["frame_stack"],
        options["max_pool"], options["sticky_actions"], options["pixel_region"],
    )
    space = pixel_space(size, stack) if observation == "pixels" else observation_space(spec)
    return OneAgent(game, spec, AgentActions(spec, 0, kind_of_actions), space, options)
