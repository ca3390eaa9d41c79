"""A batch of a game's environments as stable-baselines3's `VecEnv`.

    from stable_baselines3 import PPO
    from lockstep_games.sb3 import SB3VecEnv

    PPO("MlpPolicy", SB3VecEnv("pong", num_envs=16, action_repeat=4)).learn(1_000_000)

The module imports without stable-baselines3 (CI never installs it, nor PyTorch); where SB3 is
installed, each `SB3VecEnv` is also an instance of its `VecEnv` (`trainer_base`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Union

import numpy as np
from gymnasium import spaces as gym_spaces
from gymnasium.vector import AutoresetMode

from .errors import BadArgumentError
from .trainer_base import new_adapter
from .vector_env import GameVectorEnv

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .spaces import Options

#: Which environments a call means, as SB3 gives them: all (None), one, or several.
Indices = Union[None, int, Iterable[int]]

#: The methods of `GameVectorEnv` that take an environment's index first: what `env_method`
#: calls for each index asked (`env_method("state_hash", indices=[0, 1])`).
INDEXED_METHODS = ("save_state", "load_state", "snapshot", "restore", "state_hash", "record")


class SB3VecEnv:
    """`num_envs` environments of `game` stepped in one native call, with SB3's `VecEnv`
    interface: `reset()` returns the observations, `step(actions)` returns observations,
    rewards (`float32`), dones and one info dict an environment.

    The engine resets an ended episode in the same step (SB3's convention): the observation
    returned is the new episode's first, the last one is in `infos[i]["terminal_observation"]`,
    with `infos[i]["TimeLimit.truncated"]` and `infos[i]["episode"]` = `{"r", "l", "t"}` as
    SB3's `Monitor` writes it (return rounded to 6 places, length, seconds since this env was
    made). So nothing needs a `Monitor` (`env_is_wrapped(Monitor)` answers True: its records
    are here already). The game's counters are in `reset_infos` after `reset()`; a step's
    infos leave them out (after a same-step reset they would be the new episode's).

    Seeds: `seed(s)` (as SB3's `VecEnv.seed`) makes the next `reset()` start environment `i`
    from the engine's game `s + i`, the package's one seeding rule; a `reset()` with no seed
    set continues each environment's seed stream. The keyword options are `GameEnv`'s
    (`action_repeat`, `time_limit`, `settings`, `reward`, `action_space`, ...); pixel
    observations are refused (the engine's same-step autoreset would lose final frames).
    `env_method` calls `GameVectorEnv`'s per-environment methods (`INDEXED_METHODS`).
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> SB3VecEnv:
        return new_adapter(cls, ("stable_baselines3.common.vec_env", "VecEnv"))

    def __init__(
        self, game: str = "pong", num_envs: int = 8, workers: int = 1,
        **options: Unpack[Options],
    ) -> None:
        if options.get("observation", "features") != "features":
            raise BadArgumentError(
                "SB3VecEnv takes feature observations only: SB3 resets an ended episode in "
                "the same step, which would lose pixel observations' final frames; use "
                "gymnasium.make_vec(..., observation='pixels') with NEXT_STEP autoreset"
            )
        self.envs = GameVectorEnv(
            game, num_envs, autoreset_mode=AutoresetMode.SAME_STEP, workers=workers, copy=True,
            **options,
        )
        self.num_envs = num_envs
        self.observation_space: gym_spaces.Space = self.envs.single_observation_space
        self.action_space: gym_spaces.Space = self.envs.single_action_space
        self.render_mode: str | None = None
        self.metadata: dict[str, Any] = {"render_modes": []}
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self._seeds: list[int | None] = [None] * num_envs
        self._options: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self._actions: np.ndarray | None = None
        self._started = time.time()

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Seeds the next `reset()`: environment `i` plays the engine's game `seed + i`
        (None: each continues its stream). Returns the seeds, as SB3's `VecEnv.seed` does."""
        if seed is None:
            self._seeds = [None] * self.num_envs
        else:
            self._seeds = [int(seed) + index for index in range(self.num_envs)]
        return list(self._seeds)

    def set_options(self, options: list[dict] | dict | None = None) -> None:
        """SB3's reset options; the engine's envs take none, so any given must be empty."""
        given = options if isinstance(options, list) else [options or {}] * self.num_envs
        if any(given):
            raise BadArgumentError(
                f"the engine's environments take no reset options, got {options}"
            )
        self._options = [{} for _ in range(self.num_envs)]

    def reset(self) -> np.ndarray:
        """Starts every environment (from the seeds `seed` set, once) and returns the
        observations, `float32 [num_envs, features]`; `reset_infos` holds the counters."""
        seeds = self._seeds
        self._seeds = [None] * self.num_envs
        observations, infos = self.envs.reset(seed=None if seeds[0] is None else seeds)
        self.reset_infos = self._split(infos)
        return observations

    def _split(self, infos: dict[str, Any]) -> list[dict[str, Any]]:
        """Gymnasium's vector infos (one array a name) as one dict an environment."""
        names = [name for name in self.envs.batch.counter_names if name in infos]
        if not names:
            return [{} for _ in range(self.num_envs)]
        columns = [infos[name].tolist() for name in names]
        return [dict(zip(names, values)) for values in zip(*columns)]

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        if self._actions is None:
            raise BadArgumentError("step_wait without step_async: call step(actions)")
        actions, self._actions = self._actions, None
        observations, rewards, terminated, truncated, info = self.envs.step(actions)
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if dones.any():
            finals = info["final_obs"]
            now = round(time.time() - self._started, 6)
            episode = info.get("episode")
            for index in np.flatnonzero(dones):
                record = infos[index]
                record["terminal_observation"] = finals[index]
                record["TimeLimit.truncated"] = bool(truncated[index] and not terminated[index])
                if episode is not None:
                    record["episode"] = {
                        "r": round(float(episode["r"][index]), 6),
                        "l": int(episode["l"][index]),
                        "t": now,
                    }
        return observations, rewards.astype(np.float32, copy=False), dones, infos

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Steps every environment: `step_async` then `step_wait`, as SB3's `VecEnv.step`."""
        self.step_async(actions)
        return self.step_wait()

    def close(self) -> None:
        self.envs.close()

    def _indices(self, indices: Indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, (int, np.integer)):
            return [int(indices)]
        return [int(index) for index in indices]

    def has_attr(self, attr_name: str) -> bool:
        return hasattr(self.envs, attr_name)

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        """The vector env's attribute `attr_name`, once for each index (the environments of a
        batch share their attributes: `render_mode`, `spec`, `action_meanings`...)."""
        if attr_name == "render_mode":
            return [self.render_mode for _ in self._indices(indices)]
        value = getattr(self.envs, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        """Sets `attr_name` on the vector env, which every index shares."""
        setattr(self.envs, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Indices = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """`GameVectorEnv`'s per-environment method (`INDEXED_METHODS`) called for each index:
        `env_method("save_state", indices=[2])` is `[envs.save_state(2)]`."""
        if method_name not in INDEXED_METHODS:
            raise AttributeError(
                f"SB3VecEnv has no per-environment method {method_name!r}: its environments "
                f"are one batch in the engine; env_method calls {', '.join(INDEXED_METHODS)}"
            )
        method = getattr(self.envs, method_name)
        return [method(index, *method_args, **method_kwargs) for index in self._indices(indices)]

    def env_is_wrapped(self, wrapper_class: type, indices: Indices = None) -> list[bool]:
        """True only for SB3's `Monitor`, whose episode records every step already holds."""
        monitor = wrapper_class.__name__ == "Monitor" and wrapper_class.__module__.startswith(
            "stable_baselines3"
        )
        return [monitor for _ in self._indices(indices)]

    def __reduce__(self) -> Any:
        return self.envs.__reduce__()
