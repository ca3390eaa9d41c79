"""A game's versus as a PettingZoo `ParallelEnv`: both agents act every step."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from gymnasium.utils import seeding
from pettingzoo import ParallelEnv

from . import library, spaces
from .actions import AgentActions, check_kind
from .batch import Batch
from .errors import BadArgumentError, CallOrderError
from .one_env import OneEnvironment
from .window import RENDER_MODES, render_modes


class GameParallelEnv(OneEnvironment[dict[str, np.ndarray]], ParallelEnv):
    """Two agents, `player_0` and `player_1`: `lockstep_games.parallel_env("pong")` (two
    paddles) or `("blocks")` (versus). Each sees the game from its own side; rewards are
    each agent's score change (Pong: +1 a point won, -1 a point lost; Blocks versus: +1 to
    the winner, -1 to the loser). Both agents end together. `action_space="multi_discrete"`
    or `"box"` (games with analog axes only) gives each agent its choice plus its own axes
    (`lockstep_games.actions`). `reward` names the counter whose change rewards each agent
    (the game's default when None); each agent's `info` holds its counters, and at the end its
    `episode` record (`r`, `l`, `t`), unless `info=False`. `reset(seed=s)` starts the engine's
    game `s`; `reset()` after that the next of its seed stream. `render_mode="rgb_array"`:
    `render()` returns the frame; `"human"`: `reset` and `step` show it in an SDL window
    (`window_scale` sizes it), as in `GameEnv`.
    """

    metadata: dict[str, Any] = {
        "render_modes": list(RENDER_MODES), "is_parallelizable": True, "render_fps": 64
    }

    def __init__(
        self,
        game: str = "pong",
        action_repeat: int = 1,
        time_limit: int | None = None,
        render_mode: str | None = None,
        settings: dict[str, Any] | None = None,
        action_space: str = "discrete",
        reward: str | None = None,
        info: bool = True,
        window_scale: float = 1.0,
    ) -> None:
        spec = library.game(game)
        if 2 not in spec["players"]:
            raise BadArgumentError(f"{game} has no two-agent mode")
        kind = check_kind(spec, action_space, 2)
        self.render_mode = render_mode
        self.batch = Batch(
            game, 1, 2, action_repeat, time_limit, autoreset="disabled", settings=settings,
            axes=kind != "discrete", reward=reward, info=info,
        )
        self._open_window(
            render_mode, spaces.title(spec), spec["tick_rate"] / action_repeat, window_scale
        )
        self._started = time.perf_counter()
        self._actions = [AgentActions(spec, index, kind) for index in range(2)]
        self.possible_agents = ["player_0", "player_1"]
        self.agents: list[str] = []
        self._observation_spaces = {a: spaces.observation_space(spec) for a in self.possible_agents}
        self._action_spaces = {
            agent: self._actions[index].space for index, agent in enumerate(self.possible_agents)
        }
        self.metadata = {
            "name": f"{game}_v0",
            "render_modes": render_modes(),
            "is_parallelizable": True,
            "render_fps": spec["tick_rate"] / action_repeat,
        }
        self._np_random, _ = seeding.np_random()

    def observation_space(self, agent: str):
        return self._observation_spaces[agent]

    def action_space(self, agent: str):
        return self._action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.batch.reset(self.batch.reset_seeds(seed, self._np_random))
        self._started = time.perf_counter()
        self.agents = list(self.possible_agents)
        self._show()
        return self._observations(), self._infos(self.agents, False)

    def _infos(self, agents: list[str], ended: bool) -> dict[str, dict[str, Any]]:
        """Each agent's counters, and at the end its episode record (as Gymnasium's
        RecordEpisodeStatistics writes one)."""
        if not self.batch.info:
            return {agent: {} for agent in agents}
        names = self.batch.counter_names
        infos = {}
        for index, agent in enumerate(self.possible_agents):
            if agent not in agents:
                continue
            info: dict[str, Any] = dict(zip(names, self.batch.counters[0, index].tolist()))
            if ended:
                info["episode"] = {
                    "r": float(self.batch.episode_returns[0, index]),
                    "l": int(self.batch.episode_lengths[0]),
                    "t": round(time.perf_counter() - self._started, 6),
                }
            infos[agent] = info
        return infos

    def _observations(self) -> dict[str, np.ndarray]:
        return {agent: self.batch.observations[0, i].copy() for i, agent in enumerate(self.possible_agents)}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        if not self.agents:
            raise CallOrderError("step after the episode ended (or before reset): call reset()")
        if not isinstance(actions, dict) or set(actions) != set(self.agents):
            raise BadArgumentError(f"actions must be a dict with one action for each of {self.agents}")
        if self.batch.axes is not None:
            self._step_with_axes(actions)
            return self._result()
        values = []
        for agent in self.possible_agents:
            action = actions[agent]
            if isinstance(action, np.ndarray) and action.shape == ():
                action = action.item()
            if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
                raise TypeError(f"{agent}'s action must be an integer, got {type(action).__name__}")
            values.append(int(action))
        self.batch.step(np.array([values], dtype=np.int64))
        return self._result()

    def _step_with_axes(self, actions: dict[str, Any]) -> None:
        """Each agent's choice and axis values, the axes padded to the batch's slots."""
        choices = np.zeros((1, 2), dtype=np.int64)
        axes = np.zeros(self.batch.axes.shape, dtype=np.int32)
        for index, agent in enumerate(self.possible_agents):
            choice, values = self._actions[index].split(actions[agent], ())
            choices[0, index] = choice
            axes[0, index, : values.size] = values
        self.batch.step(choices, axes)

    def _result(self) -> tuple[dict, dict, dict, dict, dict]:
        ended = bool(self.batch.terminated[0])
        cut = bool(self.batch.truncated[0])
        agents = self.agents
        observations = self._observations()
        rewards = {a: float(self.batch.rewards[0, i]) for i, a in enumerate(self.possible_agents)}
        terminations = {agent: ended for agent in agents}
        truncations = {agent: cut for agent in agents}
        infos = self._infos(agents, ended or cut)
        if ended or cut:
            self.agents = []
        self._show()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> np.ndarray | None:
        """With `render_mode="rgb_array"`, the frame: `uint8 [720, 1280, 3]`; None otherwise
        (`"human"`: `reset` and `step` have shown it)."""
        return self.batch.render(0) if self.render_mode == "rgb_array" else None

    def _restored(self) -> dict[str, np.ndarray]:
        self.agents = list(self.possible_agents)
        self._show()
        observed = self.batch.observe(0)
        return {agent: observed[i] for i, agent in enumerate(self.possible_agents)}
