"""A batch of environments of a game, as a Gymnasium `VectorEnv` stepped in one native call."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import numpy as np
import gymnasium as gym
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from . import spaces
from .errors import BadArgumentError, CallOrderError, not_copyable
from .snapshot import Snapshot

if TYPE_CHECKING:
    from typing_extensions import Unpack

#: From this many bytes of observations, `copy=True` hands the engine new arrays each step
#: rather than copying (see `GameVectorEnv`).
RENEW_BYTES = 1 << 19

_MODES = {AutoresetMode.NEXT_STEP: "next_step", AutoresetMode.SAME_STEP: "same_step"}


class GameVectorEnv(gym.vector.VectorEnv):
    """`num_envs` environments of one game: `gymnasium.make_vec("Lockstep/Pong-v0", 1024)`.

    One `step` is one call into the engine, which steps every environment (split across
    `workers` threads; the results do not depend on how many) and writes observations,
    rewards and flags into shared numpy buffers. With `copy=False` the arrays returned are
    those buffers themselves, overwritten by the next call (the fastest way; copy what you
    keep). With `copy=True` (Gymnasium's default) they are yours: copied, or, for feature
    observations of `RENEW_BYTES` or more (Blocks' 4.3 MB at 4,096), new arrays the engine
    wrote into, with no copy. `autoreset_mode` is NEXT_STEP (Gymnasium's default) or
    SAME_STEP, whose final observations come in `infos["final_obs"]`. The keyword options
    are `GameEnv`'s (`spaces.Options`: `action_repeat`, `time_limit`, `settings`, `observation`, `action_space`,
    `reward`, `info`, and for pixels `pixel_size`, `pixel_region`, `frame_stack`, `max_pool`,
    with `sticky_actions` for any observation: all done in the engine, so this fast path needs
    no `wrappers=`); `max_episode_steps` (which `gymnasium.make_vec` passes from the spec) is
    the time limit unless `time_limit` is given.

    `infos` follows Gymnasium's vector convention: each counter `infos[name]` (an array, one
    value an environment, mask `infos["_" + name]` all True), and when episodes end
    `infos["episode"]` (`r`, `l`, `t` arrays, 0 where none ended) with mask
    `infos["_episode"]`, as `gymnasium.wrappers.vector.RecordEpisodeStatistics` writes them.
    Seeds: `reset(seed=s)` starts environment `i` from the engine's game `s + i`, as
    `make_vec(..., vectorization_mode="sync")` and `"async"` do; `reset()` after that
    continues each environment's seed stream, as autoreset does.
    """

    def __init__(
        self,
        game: str = "pong",
        num_envs: int = 1,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        workers: int = 1,
        copy: bool = True,
        render_mode: str | None = None,
        max_episode_steps: int | None = None,
        **options: Unpack[spaces.Options],
    ) -> None:
        given = dict(options)
        if given.get("time_limit") is None and max_episode_steps is not None:
            given["time_limit"] = max_episode_steps
        served = spaces.one_agent("GameVectorEnv", game, given)
        spec, self._actions = served.spec, served.actions
        self.single_observation_space = served.observation_space
        if render_mode is not None:
            raise BadArgumentError(f"render_mode {render_mode!r} is not supported yet; use None")
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            raise BadArgumentError(f"unknown autoreset mode {autoreset_mode!r}") from None
        if mode not in _MODES:
            raise BadArgumentError(f"autoreset mode {mode} is not supported; use NEXT_STEP or SAME_STEP")
        self.batch = served.batch(num_envs, autoreset=_MODES[mode], workers=workers)
        self.num_envs = num_envs
        self.copy = copy
        self.render_mode = render_mode
        self.single_action_space = self._actions.space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.action_meanings: list[str] = list(spec["actions"][0])
        self.metadata = {
            "autoreset_mode": mode,
            "render_modes": [],
            "render_fps": served.render_fps,
        }
        self._features = len(spec["features"])
        # copy=True with large feature observations: the engine writes each step into new
        # arrays (Batch.renew_buffers), returned as they are. Below half a megabyte (Pong's
        # 147 KB at 4,096) copying costs less than four new arrays and the hand-over; pixels
        # are always copied (a frame stack reads the frames before).
        self._renews = (
            copy and self.batch.pixels is None and self.batch.observations.nbytes >= RENEW_BYTES
        )
        self._views()
        self._finals = (
            None
            if self.batch.final_observations is None
            else self.batch.final_observations.reshape(num_envs, self._features)
        )
        # The counters' views (one column each) and their all-True masks, made once.
        everyone = np.ones(num_envs, dtype=np.bool_)
        everyone.flags.writeable = False
        self._counter_views = {
            name: self.batch.counters[:, 0, index]
            for index, name in enumerate(self.batch.counter_names)
        } if self.batch.info else {}
        self._masks = {f"_{name}": everyone for name in self._counter_views}
        # What copy=False returns each step: a new dict of the same views (one dict copy).
        self._views_and_masks = {**self._counter_views, **self._masks}
        self._ended = self.batch.episodes_ended
        self._same_step = mode == AutoresetMode.SAME_STEP
        self._starts = np.full(num_envs, time.perf_counter())
        self._restart: np.ndarray | None = None

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        # Continuing: an environment given no seed takes the next of its seed stream.
        following = self.batch.next_seeds() if self.batch.was_reset else None
        if isinstance(seed, (list, tuple)):
            if len(seed) != self.num_envs:
                raise BadArgumentError(f"reset needs {self.num_envs} seeds, got {len(seed)}")
            super().reset(seed=None)
            seeds = [
                (int(self.np_random.integers(0, 2**63)) if following is None else following[i])
                if value is None else value
                for i, value in enumerate(seed)
            ]
        else:
            if seed is not None and (
                isinstance(seed, bool) or not isinstance(seed, (int, np.integer))
            ):
                raise TypeError(
                    f"seed must be an integer, a list of {self.num_envs} integers (or None), or "
                    f"None, got {type(seed).__name__}; pass reset(seed=7)"
                )
            super().reset(seed=seed)
            if seed is not None:
                seeds = [int(seed) + index for index in range(self.num_envs)]
            elif following is not None:
                seeds = following
            else:
                seeds = [int(value) for value in self.np_random.integers(0, 2**63, self.num_envs)]
        self._renew(keep=False)
        self.batch.reset(seeds)
        self._starts[:] = time.perf_counter()
        self._restart = None
        return self._out(self._observations), self._counters()

    def _counters(self) -> dict[str, Any]:
        """Each counter (copied unless `copy=False`) with its all-True mask."""
        if not self.copy:
            return dict(self._views_and_masks)
        # One copy of the counters' block, then a view of it a counter (cheaper than a copy
        # of each strided column).
        block = self.batch.counters[:, 0, :].copy()
        infos = {name: block[:, index] for index, name in enumerate(self._counter_views)}
        infos.update(self._masks)
        return infos

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        self._renew(keep=False)
        if self.batch.axes is None:
            self.batch.step(actions)
        else:
            self.batch.step(*self._actions.split(actions, (self.num_envs,)))
        infos = self._counters()
        if self._restart is not None:
            # Next-step autoreset: these environments began new episodes in this step.
            self._starts[self._restart] = time.perf_counter()
            self._restart = None
        # The engine counts the episodes that ended: one number read on the fast path.
        if self.batch.info:
            ended = bool(self._ended[0])
        elif self._finals is not None:
            ended = bool(np.logical_or(self.batch.terminated, self.batch.truncated).any())
        else:
            ended = False
        if ended:
            # A new array each step: it is also `infos["_episode"]`, handed over uncopied.
            done = np.logical_or(self.batch.terminated, self.batch.truncated)
            if self.batch.info:
                self._add_episodes(infos, done)
            if self._finals is not None:
                finals = np.full(self.num_envs, None, dtype=object)
                for index in np.flatnonzero(done):
                    finals[index] = self._finals[index].copy()
                infos.update({
                    "final_obs": finals,
                    "_final_obs": done.copy(),
                    "final_info": {},
                    "_final_info": done.copy(),
                })
        return (
            self._out(self._observations),
            self._out(self._rewards),
            self._out(self.batch.terminated),
            self._out(self.batch.truncated),
            infos,
        )

    def _add_episodes(self, infos: dict[str, Any], done: np.ndarray) -> None:
        """`infos["episode"]` and its mask, as Gymnasium's vector RecordEpisodeStatistics
        writes them: returns, lengths and seconds where an episode ended, 0 elsewhere.

        Written at the few environments that ended (`np.flatnonzero` once) into zeroed
        arrays: with 4,096 Pong environments one or two end in most steps, and three
        `np.where` over the whole batch, a rounding and two copies of the mask took 25 µs a
        step (nearly a tenth of Pong's), this 12 µs (Intel Xeon, 2026-12-02)."""
        now = time.perf_counter()
        ended = np.flatnonzero(done)
        returns = np.zeros(self.num_envs)
        lengths = np.zeros(self.num_envs, dtype=np.int64)
        seconds = np.zeros(self.num_envs)
        returns[ended] = self.batch.episode_returns[ended, 0]
        lengths[ended] = self.batch.episode_lengths[ended]
        seconds[ended] = np.round(now - self._starts[ended], 6)
        infos["episode"] = {"r": returns, "l": lengths, "t": seconds}
        infos["_episode"] = done
        if self._same_step:
            self._starts[ended] = now
        else:
            self._restart = ended

    def _views(self) -> None:
        """The returned arrays' shapes over the batch's current arrays."""
        self._observations = (
            self.batch.pixels
            if self.batch.pixels is not None
            else self.batch.observations.reshape(self.num_envs, self._features)
        )
        self._rewards = self.batch.rewards.reshape(self.num_envs)

    def _renew(self, keep: bool) -> None:
        """With `copy=True` and features: new arrays for the engine to write (see
        `Batch.renew_buffers`), so that those returned before stay the caller's."""
        if self._renews:
            self.batch.renew_buffers(keep)
            self._views()

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy and not self._renews else array

    def save_state(self, index: int) -> bytes:
        """Environment `index`'s whole state as bytes."""
        return self.batch.save_state(index)

    def load_state(self, index: int, state: bytes) -> np.ndarray:
        """Restores environment `index` and returns its observation; the batch's arrays (with
        `copy=False`, those `step` returned) then hold it, a reward of 0 and its episode's
        flags, as after a reset of that environment."""
        self._check_reset("load_state")
        self._renew(keep=True)
        self.batch.load_state(state, index)
        return self._observations[index].copy()

    def snapshot(self, index: int) -> Snapshot:
        """Environment `index` copied into a `Snapshot` the engine keeps."""
        return self.batch.snapshot(index)

    def restore(self, index: int, snapshot: Snapshot) -> np.ndarray:
        """Restores environment `index` from a snapshot and returns its observation; the
        batch's arrays then hold it, as after `load_state`."""
        self._check_reset("restore")
        self._renew(keep=True)
        self.batch.restore(snapshot, index)
        return self._observations[index].copy()

    def _check_reset(self, call: str) -> None:
        # One environment of many restored before the first reset would leave the others
        # with no state at all; a batch of one is whole after a restore.
        if self.num_envs > 1 and not self.batch.was_reset and self.batch.handle is not None:
            raise CallOrderError(
                f"{call} before reset: the other environments of the batch have no state "
                f"until the first reset; call reset() first"
            )

    def state_hash(self, index: int) -> int:
        """The stable hash of environment `index`'s state."""
        return self.batch.state_hash(index)

    def record(self, index: int, path: str) -> int:
        """Writes environment `index`'s episode so far as a replay file; returns its hash."""
        return self.batch.record(path, index)

    def close_extras(self, **kwargs: Any) -> None:
        self.batch.close()

    def __reduce__(self) -> Any:
        raise not_copyable(
            "GameVectorEnv",
            "copy an environment's state instead: envs.snapshot(i) and "
            "other.restore(i, snapshot) in this process, or envs.save_state(i) and "
            "other.load_state(i, state) in any process",
        )
