"""Many matches of a two-seat game as one PettingZoo `ParallelEnv`, stepped in one native call."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from gymnasium import spaces as gym_spaces
from gymnasium.utils import seeding
from pettingzoo import ParallelEnv

from . import library, spaces
from .actions import AgentActions
from .batch import Batch, check_seed
from .errors import BadArgumentError, CallOrderError, not_copyable
from .one_env import ShownBatch
from .window import RENDER_MODES, render_modes


class SelfPlayEnv(ShownBatch, ParallelEnv):
    """`num_matches` matches of `game`'s versus (`"pong"`, `"blocks"`), both seats of each an
    agent: `match_{m}_player_{s}` (`possible_agents` lists them match by match, seat 0 first).
    One `step` is one call into the engine for every match; each agent sees its match from
    its own seat, as in `parallel_env(game)`, so one policy can play both sides.

    `autoreset=False` (the default, PettingZoo's rule): a match that ends leaves `agents`
    (its agents terminated or truncated together) and idles until `reset()`; when every match
    has ended `agents` is empty. `autoreset=True`, for training: an ended match starts its
    next game on the next step (that step's observation is the new game's first, reward 0,
    its actions ignored), so `agents` always holds everyone, as Gymnasium's NEXT_STEP
    autoreset does. Each agent's `info` holds its counters, and at its match's end its
    `episode` record (`r`, `l`, `t`), unless `info=False`.

    Seeds: `reset(seed=s)` starts match `m` from the engine's game `s + m` (so match `m`
    replays `parallel_env(game).reset(seed=s + m)`); `reset()` after that continues each
    match's seed stream. `render_mode="rgb_array"` (`render()` returns the frame) or `"human"`
    (`reset` and `step` show it in an SDL window, `window_scale` sizing it) draw match 0, as
    `parallel_env(game)` draws its match. `batch` is the engine's `Batch` (`observations [matches, 2,
    features]`, `rewards [matches, 2]`...), for array-level self-play without the dicts.
    """

    def __init__(
        self,
        game: str = "pong",
        num_matches: int = 1,
        autoreset: bool = False,
        workers: int = 1,
        action_repeat: int = 1,
        time_limit: int | None = None,
        settings: dict[str, Any] | None = None,
        reward: str | None = None,
        info: bool = True,
        render_mode: str | None = None,
        window_scale: float = 1.0,
    ) -> None:
        spec = library.game(game)
        if 2 not in spec["players"]:
            raise BadArgumentError(f"{game} has no two-agent mode: self-play needs two seats")
        if not isinstance(autoreset, bool):
            raise TypeError(f"autoreset must be True or False, got {type(autoreset).__name__}")
        self.render_mode = render_mode
        self.batch = Batch(
            game, num_matches, 2, action_repeat, time_limit, autoreset="next_step",
            workers=workers, settings=settings, reward=reward, info=info,
        )
        self._open_window(
            render_mode, spaces.title(spec), spec["tick_rate"] / action_repeat, window_scale
        )
        self.num_matches = num_matches
        self.autoreset = autoreset
        self.possible_agents = [
            f"match_{match}_player_{seat}" for match in range(num_matches) for seat in range(2)
        ]
        self.agents: list[str] = []
        # Agent k is match k // 2, seat k % 2: the row of the batch's arrays seen flat.
        self._rows = {agent: index for index, agent in enumerate(self.possible_agents)}
        observation_space = spaces.observation_space(spec)
        self._observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self._action_spaces: dict[str, gym_spaces.Space] = {
            agent: AgentActions(spec, index % 2, "discrete").space
            for index, agent in enumerate(self.possible_agents)
        }
        self.metadata = {
            "name": f"{game}_self_play_v0",
            "render_modes": render_modes(),
            "is_parallelizable": True,
            "render_fps": spec["tick_rate"] / action_repeat,
        }
        self._actions = np.zeros((num_matches, 2), dtype=np.int32)
        self._flat_actions = self._actions.reshape(-1)
        self._live = np.zeros(num_matches, dtype=np.bool_)
        self._starts = np.zeros(num_matches)
        self._restart: np.ndarray | None = None
        self._np_random, _ = seeding.np_random()

    def observation_space(self, agent: str) -> gym_spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gym_spaces.Space:
        return self._action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._np_random, _ = seeding.np_random(check_seed(seed))
        self.batch.reset(self.batch.reset_seeds(seed, self._np_random))
        self._live[:] = True
        self._starts[:] = time.perf_counter()
        self._restart = None
        self.agents = list(self.possible_agents)
        self._show()
        return self._observations(self.agents), self._infos(self.agents, None)

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        if not self.agents:
            raise CallOrderError(
                "step with no live agents: every match ended (or reset was never called); "
                "call reset()"
            )
        if not isinstance(actions, dict) or len(actions) != len(self.agents) or not all(
            agent in actions for agent in self.agents
        ):
            given = len(actions) if isinstance(actions, dict) else type(actions).__name__
            raise BadArgumentError(
                f"actions must be a dict with one action for each of the {len(self.agents)} "
                f"live agents (env.agents), got {given}"
            )
        # An idle match (ended, no autoreset) plays on unseen with no input until reset().
        self._flat_actions[:] = 0
        rows = self._rows
        for agent, action in actions.items():
            if isinstance(action, np.ndarray) and action.shape == ():
                action = action.item()
            if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
                raise TypeError(f"{agent}'s action must be an integer, got {type(action).__name__}")
            self._flat_actions[rows[agent]] = action
        self.batch.step(self._actions)
        if self._restart is not None:
            self._starts[self._restart] = time.perf_counter()
            self._restart = None
        agents = self.agents
        ended = self.batch.terminated | self.batch.truncated
        observations = self._observations(agents)
        flat_rewards = self.batch.rewards.reshape(-1).tolist()
        rewards = {agent: flat_rewards[rows[agent]] for agent in agents}
        terminated = self.batch.terminated.tolist()
        truncated = self.batch.truncated.tolist()
        terminations = {agent: terminated[rows[agent] // 2] for agent in agents}
        truncations = {agent: truncated[rows[agent] // 2] for agent in agents}
        infos = self._infos(agents, ended)
        if ended.any():
            if self.autoreset:
                self._restart = ended.copy()
            else:
                self._live &= ~ended
                self.agents = [agent for agent in agents if self._live[rows[agent] // 2]]
        self._show()
        return observations, rewards, terminations, truncations, infos

    def _observations(self, agents: list[str]) -> dict[str, np.ndarray]:
        """Each agent's observation: rows of one copy of the batch's observations."""
        observed = self.batch.observations.reshape(2 * self.num_matches, -1).copy()
        return {agent: observed[self._rows[agent]] for agent in agents}

    def _infos(self, agents: list[str], ended: np.ndarray | None) -> dict[str, dict[str, Any]]:
        """Each agent's counters, and where its match ended its episode record (as
        Gymnasium's RecordEpisodeStatistics writes one)."""
        if not self.batch.info:
            return {agent: {} for agent in agents}
        names = self.batch.counter_names
        counters = self.batch.counters.reshape(2 * self.num_matches, -1).tolist()
        infos = {agent: dict(zip(names, counters[self._rows[agent]])) for agent in agents}
        if ended is not None and ended.any():
            now = time.perf_counter()
            for agent in agents:
                row = self._rows[agent]
                match = row // 2
                if ended[match]:
                    infos[agent]["episode"] = {
                        "r": float(self.batch.episode_returns[match, row % 2]),
                        "l": int(self.batch.episode_lengths[match]),
                        "t": round(float(now - self._starts[match]), 6),
                    }
        return infos

    def render(self) -> np.ndarray | None:
        """With `render_mode="rgb_array"`, match 0's frame: `uint8 [720, 1280, 3]`; None
        otherwise (`"human"`: `reset` and `step` have shown it)."""
        return self.batch.render(0) if self.render_mode == "rgb_array" else None

    def state_hash(self, match: int = 0) -> int:
        """The stable hash of match `match`'s state."""
        return self.batch.state_hash(match)

    def __reduce__(self) -> Any:
        raise not_copyable(
            "SelfPlayEnv",
            "copy a match's state instead: env.batch.snapshot(m) and other.batch.restore("
            "snapshot, m) in this process, or env.batch.save_state(m) in any process",
        )
