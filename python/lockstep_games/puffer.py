"""A batch of a game's environments as a PufferLib native environment (`PufferEnv`).

    from lockstep_games.puffer import PufferGameEnv

    env = PufferGameEnv("blocks", num_envs=4096)
    observations, infos = env.reset(seed=0)          # env.observations itself
    env.step(env.actions)                            # env.rewards, env.terminals... in place

The module imports without PufferLib (CI never installs it); where it is installed, each
`PufferGameEnv` is also an instance of its `PufferEnv` (PufferLib 3 or 2), so
`pufferlib.vector.make(..., backend=pufferlib.vector.Native)` and PufferLib's trainer take it
as a native env.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces as gym_spaces
from gymnasium.utils import seeding

from . import library, spaces
from .actions import AgentActions
from .batch import Batch, check_seed
from .errors import BadArgumentError
from .trainer_base import new_adapter

#: The buffers a PufferLib env shares with its trainer, in `buf` and as attributes.
BUFFERS = ("observations", "rewards", "terminals", "truncations", "masks", "actions")


class PufferGameEnv:
    """`num_envs` environments of `game` with `players` agents each (2: both seats of a
    versus, for self-play), as PufferLib's native env: `num_agents = num_envs * players`
    rows, agent `k` being environment `k // players`'s seat `k % players`.

    `reset(seed)` returns `(observations, infos)` and `step(actions)` returns
    `(observations, rewards, terminals, truncations, infos)`; the arrays are the env's
    shared buffers (`observations float32 [num_agents, features]`, `rewards float32`,
    `terminals` and `truncations` bool, `masks` all True, `actions int32 [num_agents]`),
    overwritten in place by each call (PufferLib's `copy=False`). An ended episode resets in
    the same step, as PufferLib's own envs do. `infos` is a list: empty, or when episodes
    ended one dict of their mean `episode_return` (over their agents) and `episode_length`
    and their count, `n`, which PufferLib's trainer logs.

    `buf` (PufferLib's `Serial` and `Multiprocessing` backends pass one: the `BUFFERS` in a
    dict, or in PufferLib 2 a namespace) gives the arrays to write: the engine's output is
    copied into them each step (without `buf` the engine writes the env's arrays itself, the
    fast path). Seeds: `reset(seed=s)` starts environment `i` from the engine's game `s + i`;
    `reset()` after that continues each environment's seed stream, and a first `reset()`
    starts from `seed` (PufferLib's creators pass one; None: drawn at random). Options:
    `action_repeat`, `time_limit`, `settings`, `reward` (as `GameEnv`'s), `workers` (engine
    threads). `async_reset`, `send` and `recv` are PufferLib's vector calls over `reset` and
    `step`, as its `PufferEnv` base class has them.
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> PufferGameEnv:
        # PufferLib 3 exports it from the package, 2.x from `pufferlib.environment`.
        return new_adapter(cls, ("pufferlib", "PufferEnv"), ("pufferlib.environment", "PufferEnv"))

    def __init__(
        self,
        game: str = "pong",
        num_envs: int = 1,
        players: int = 1,
        buf: Any = None,
        seed: int | None = None,
        workers: int = 1,
        action_repeat: int = 1,
        time_limit: int | None = None,
        settings: dict[str, Any] | None = None,
        reward: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None:
            raise BadArgumentError(f"render_mode {render_mode!r} is not supported; use None")
        spec = library.game(game)
        self.batch = Batch(
            game, num_envs, players, action_repeat, time_limit, autoreset="same_step",
            workers=workers, settings=settings, reward=reward,
        )
        self.game, self.num_envs, self.players = game, num_envs, players
        self.num_agents = num_envs * players
        self.render_mode = render_mode
        self.single_observation_space: gym_spaces.Box = spaces.observation_space(spec)
        # Both seats choose from the same buttons (a versus game's agents are alike).
        self.single_action_space: gym_spaces.Discrete = AgentActions(spec, 0, "discrete").space
        features = self.single_observation_space.shape[0]
        self.observation_space = gym_spaces.Box(
            np.broadcast_to(self.single_observation_space.low, (self.num_agents, features)),
            np.broadcast_to(self.single_observation_space.high, (self.num_agents, features)),
            dtype=np.float32,
        )
        self.action_space = gym_spaces.MultiDiscrete(
            np.full(self.num_agents, self.single_action_space.n), dtype=np.int32
        )
        self.agent_ids = np.arange(self.num_agents)
        # The engine's own buffers, seen flat, one row an agent.
        self._engine = {
            "observations": self.batch.observations.reshape(self.num_agents, features),
            "rewards": self.batch.rewards.reshape(self.num_agents),
        }
        self._terminated, self._truncated = self.batch.terminated, self.batch.truncated
        if buf is None:
            self.observations = self._engine["observations"]
            self.rewards = self._engine["rewards"]
            self.terminals = np.zeros(self.num_agents, dtype=np.bool_)
            self.truncations = np.zeros(self.num_agents, dtype=np.bool_)
            self.masks = np.ones(self.num_agents, dtype=np.bool_)
            self.actions = np.zeros(self.num_agents, dtype=np.int32)
        else:
            for name in BUFFERS:
                array = buf.get(name) if isinstance(buf, Mapping) else getattr(buf, name, None)
                if not isinstance(array, np.ndarray) or array.shape[:1] != (self.num_agents,):
                    raise BadArgumentError(
                        f"buf.{name} must be an array of {self.num_agents} rows, one an agent"
                    )
                setattr(self, name, array)
            self.masks[:] = True
        self._copied = buf is not None
        self._ended = np.zeros(num_envs, dtype=np.bool_)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
            raise TypeError(f"seed must be an integer or None, got {type(seed).__name__}")
        self._first_seed = seed
        self._np_random, _ = seeding.np_random()
        self.infos: list[dict[str, Any]] = []

    @property
    def emulated(self) -> bool:
        """False: a native env, nothing emulated (PufferLib reads it)."""
        return False

    @property
    def done(self) -> bool:
        """False: the env resets its own episodes (PufferLib reads it)."""
        return False

    @property
    def driver_env(self) -> PufferGameEnv:
        return self

    @property
    def agents_per_batch(self) -> int:
        """Every agent steps in every call: `num_agents`."""
        return self.num_agents

    agent_per_batch = agents_per_batch

    def async_reset(self, seed: int | None = None) -> None:
        """PufferLib's vector call: `reset(seed)`, its results read by `recv()`."""
        _, self.infos = self.reset(seed)

    def send(self, actions: Any) -> None:
        """PufferLib's vector call: `step(actions)`, its results read by `recv()`."""
        *_, self.infos = self.step(actions)

    def recv(self) -> tuple[Any, ...]:
        """The last call's results as PufferLib's vector envs give them: observations,
        rewards, terminals, truncations, infos, agent ids and masks."""
        return (self.observations, self.rewards, self.terminals, self.truncations, self.infos,
                self.agent_ids, self.masks)

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, list[dict[str, Any]]]:
        """Starts every environment: from the engine's games `seed + i`, or when None the
        next of each one's seed stream (the first time: seeds drawn at random)."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(check_seed(seed))
        self.batch.reset(self.batch.reset_seeds(seed, self._np_random, self._first_seed))
        self._publish()
        return self.observations, []

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Steps every environment with one action an agent (`[num_agents]` integers)."""
        array = np.asarray(actions)
        if array.shape != (self.num_agents,):
            raise BadArgumentError(
                f"actions must have shape ({self.num_agents},), one an agent, got {array.shape}"
            )
        self.batch.step(array.reshape(self.num_envs, self.players) if self.players > 1 else array)
        self._publish()
        infos: list[dict[str, Any]] = []
        if self.batch.episodes_ended[0]:
            infos.append(self._episodes())
        return self.observations, self.rewards, self.terminals, self.truncations, infos

    def _publish(self) -> None:
        """The engine's flags one an agent (and with `buf` its output copied there)."""
        if self.players == 1:
            self.terminals[:] = self._terminated
            self.truncations[:] = self._truncated
        else:
            self.terminals.reshape(self.num_envs, self.players)[:] = self._terminated[:, None]
            self.truncations.reshape(self.num_envs, self.players)[:] = self._truncated[:, None]
        if self._copied:
            self.observations[:] = self._engine["observations"].reshape(self.observations.shape)
            self.rewards[:] = self._engine["rewards"]

    def _episodes(self) -> dict[str, Any]:
        """The means of the episodes that ended in this step, over their agents (the
        counters are left out: the same-step reset has already zeroed them)."""
        ended = np.logical_or(self._terminated, self._truncated, out=self._ended)
        returns = self.batch.episode_returns[ended]
        stats: dict[str, Any] = {
            "episode_return": float(returns.mean()),
            "episode_length": float(self.batch.episode_lengths[ended].mean()),
            "n": int(ended.sum()),
        }
        return stats

    def close(self) -> None:
        self.batch.close()

    def __reduce__(self) -> Any:
        return self.batch.__reduce__()
