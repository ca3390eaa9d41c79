"""One environment of a game, as a Gymnasium `Env`."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import numpy as np
import gymnasium as gym

from . import spaces
from .errors import BadArgumentError
from .one_env import OneEnvironment
from .window import RENDER_MODES, render_modes

if TYPE_CHECKING:
    from typing_extensions import Unpack


class GameEnv(OneEnvironment[np.ndarray], gym.Env):
    """A game of the engine for one agent: `gymnasium.make("Lockstep/Pong-v0")`.

    Observations are float32 feature vectors (docs/TRAINING.md lists them per game),
    actions a `Discrete` of the game's button combinations (`action_meanings`), the reward
    the change of one of the game's counters (`reward="lines"`; the game's default when
    None). `info` holds every counter after each reset and step, and at an episode's end
    `episode` (`r` return, `l` length, `t` seconds), as `RecordEpisodeStatistics` writes it
    (`info=False`: `{}`). Episodes end when the game does (terminated) or at the time
    limit (truncated). `action_repeat` holds each action for that many ticks.
    `reset(seed=s)` starts the engine's game `s`; `reset()` after that the next episode of
    its seed stream, as the vector env's autoreset does.

    `action_space="multi_discrete"` or `"box"` (games with analog axes only): the choice plus
    each axis's value (`lockstep_games.actions` has the spaces and the rounding).
    `render_mode="rgb_array"`: `render()` returns the frame the window would show.
    `render_mode="human"`: `reset` and `step` show it in an SDL window, paced at
    `metadata["render_fps"]` (`window_scale` sizes it; `lockstep_games.window.Window`).
    `observation="pixels"`: observations are the frame drawn small and grey, `uint8 [84, 84]`;
    `pixel_size=(H, W)`, `pixel_region=(x, y, w, h)` of the 1280 x 720 frame, `frame_stack=k`
    (`[k, H, W]`, oldest first, a reset fills it), `max_pool=True` (the maximum of a repeated
    step's last two ticks); `sticky_actions=p` keeps the previous action with probability p.
    Beyond Gymnasium: `save_state()` / `load_state(bytes)`, `snapshot()` / `restore(snapshot)`
    (the same in memory, in microseconds), `state_hash()`, and
    `record(path)`, a replay of the episode so far that `GameApp replay --verify` checks.
    The keyword options (`action_repeat`, `time_limit`, `settings`, `observation`,
    `action_space`) are `spaces.Options`, shared with `GameVectorEnv`.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 64}

    def __init__(
        self,
        game: str = "pong",
        render_mode: str | None = None,
        window_scale: float = 1.0,
        **options: Unpack[spaces.Options],
    ) -> None:
        served = spaces.one_agent("GameEnv", game, dict(options))
        self._actions, self.observation_space = served.actions, served.observation_space
        self.observation = served.options["observation"]
        self.render_mode = render_mode
        self.batch = served.batch(1, autoreset="disabled")
        self._open_window(render_mode, spaces.title(served.spec), served.render_fps, window_scale)
        self.action_space = self._actions.space
        self.action_meanings: list[str] = list(served.spec["actions"][0])
        self.metadata = {"render_modes": render_modes(), "render_fps": served.render_fps}
        self._counter_names = self.batch.counter_names
        self._started = time.perf_counter()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.batch.reset(self.batch.reset_seeds(seed, self.np_random))
        self._started = time.perf_counter()
        self._show()
        return self._observation(), self._info(False)

    def _info(self, ended: bool) -> dict[str, Any]:
        """The counters, and at an episode's end its record, as RecordEpisodeStatistics
        writes it: the return (a float), the length and the seconds it took."""
        if not self.batch.info:
            return {}
        info: dict[str, Any] = dict(zip(self._counter_names, self.batch.counters[0, 0].tolist()))
        if ended:
            info["episode"] = {
                "r": float(self.batch.episode_returns[0, 0]),
                "l": int(self.batch.episode_lengths[0]),
                "t": round(time.perf_counter() - self._started, 6),
            }
        return info

    def _observation(self) -> np.ndarray:
        if self.batch.pixels is not None:
            return self.batch.pixels[0].copy()
        return self.batch.observations[0, 0].copy()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.batch.axes is not None:
            choices, values = self._actions.split(action, ())
            self.batch.step(choices.reshape(1), values.reshape(1, -1))
            return self._result()
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"the action must be an integer, got {type(action).__name__}")
        if not 0 <= int(action) < self.action_space.n:
            raise BadArgumentError(
                f"action {action} is out of range: expected 0...{self.action_space.n - 1}"
            )
        self.batch.step(np.array([action], dtype=np.int32))
        return self._result()

    def _result(self) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        terminated, truncated = bool(self.batch.terminated[0]), bool(self.batch.truncated[0])
        self._show()
        return (
            self._observation(),
            float(self.batch.rewards[0, 0]),
            terminated,
            truncated,
            self._info(terminated or truncated),
        )

    def render(self) -> np.ndarray | None:
        """With `render_mode="rgb_array"`, the frame as the window draws it: `uint8
        [720, 1280, 3]`, from the engine's offscreen renderer; None otherwise (`"human"`:
        `reset` and `step` have shown it, as Gymnasium's convention has it)."""
        if self.render_mode != "rgb_array":
            return None
        return self.batch.render(0)

    def _restored(self) -> np.ndarray:
        self.batch.was_reset = True
        self._show()
        return self._observation() if self.batch.pixels is not None else self.batch.observe(0)[0]
