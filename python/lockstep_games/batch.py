"""A batch of environments in the engine: one native call resets or steps all of them."""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from . import library
from .errors import BadArgumentError, CallOrderError, StateError, not_copyable
from .resource import EngineResource
from .snapshot import Snapshot

AUTORESET_MODES = {"next_step": 0, "same_step": 1, "disabled": 2}


def _whole(name: str, value: Any, low: int, high: int) -> int:
    """`value` as an int within `low...high`, or BadArgumentError/TypeError saying why."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if not low <= int(value) <= high:
        raise BadArgumentError(f"{name} must be {low}...{high}, got {value}")
    return int(value)


def _option(name: str, value: Any, low: int, high: int) -> int:
    """An option's `value` as an int within `low...high`, or one BadArgumentError saying why
    (a bool, a float or a string is refused, not rounded)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise BadArgumentError(f"{name} must be an integer {low}...{high}, got {value!r}")
    if not low <= int(value) <= high:
        raise BadArgumentError(f"{name} must be {low}...{high}, got {value}")
    return int(value)


#: The frame a pixel region lies in: the window's 1280 x 720 pixels.
FRAME_WIDTH, FRAME_HEIGHT = 1280, 720


def check_seed(seed: Any) -> int:
    """`seed` as an int: a reset's seed must be an integer (not a bool)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an integer or None, got {type(seed).__name__}")
    return int(seed)


def check_region(pixel_region: Any) -> tuple[int, int, int, int] | None:
    """`pixel_region` (x, y, width, height) in the 1280 x 720 frame's pixels, inside it, or
    None for the whole frame; one BadArgumentError otherwise."""
    if pixel_region is None:
        return None
    if (
        isinstance(pixel_region, (str, bytes))
        or not isinstance(pixel_region, (tuple, list))
        or len(pixel_region) != 4
    ):
        raise BadArgumentError(
            f"pixel_region must be (x, y, width, height) in the {FRAME_WIDTH} x {FRAME_HEIGHT} "
            f"frame's pixels, got {pixel_region!r}"
        )
    x = _option("pixel_region's x", pixel_region[0], 0, FRAME_WIDTH - 1)
    y = _option("pixel_region's y", pixel_region[1], 0, FRAME_HEIGHT - 1)
    width = _option("pixel_region's width", pixel_region[2], 1, FRAME_WIDTH - x)
    height = _option("pixel_region's height", pixel_region[3], 1, FRAME_HEIGHT - y)
    return (x, y, width, height)


def check_pipeline(
    pixels: bool, pixel_size: Any, frame_stack: Any, max_pool: Any, sticky_actions: Any,
    pixel_region: Any = None,
) -> tuple[tuple[int, int], int, bool, float, tuple[int, int, int, int] | None]:
    """The pixel pipeline's options, checked: `pixel_size` (height, width) 1...1024 each,
    `frame_stack` 1...64, `max_pool` a bool, `sticky_actions` a probability, `pixel_region`
    inside the frame; all but `sticky_actions` only with pixel observations. One
    BadArgumentError for any bad value."""
    if (
        isinstance(pixel_size, (str, bytes))
        or not isinstance(pixel_size, (tuple, list))
        or len(pixel_size) != 2
    ):
        raise BadArgumentError(f"pixel_size must be (height, width), got {pixel_size!r}")
    size = (_option("pixel_size's height", pixel_size[0], 1, 1024),
            _option("pixel_size's width", pixel_size[1], 1, 1024))
    stack = _option("frame_stack", frame_stack, 1, 64)
    if not isinstance(max_pool, (bool, np.bool_)):
        raise BadArgumentError(f"max_pool must be True or False, got {max_pool!r}")
    if (
        isinstance(sticky_actions, (bool, np.bool_))
        or not isinstance(sticky_actions, (int, float, np.integer, np.floating))
        or not 0.0 <= float(sticky_actions) <= 1.0
    ):
        raise BadArgumentError(
            f"sticky_actions must be a probability 0...1, got {sticky_actions!r}"
        )
    region = check_region(pixel_region)
    if not pixels and (size != (84, 84) or stack != 1 or max_pool or region is not None):
        raise BadArgumentError(
            "pixel_size, pixel_region, frame_stack and max_pool shape pixel observations: use "
            "them with observation='pixels'"
        )
    return size, stack, bool(max_pool), float(sticky_actions), region


def check_reward(spec: dict[str, Any], reward: Any, players: int) -> str:
    """The counter `reward` names (the game's default for `players` agents when None), or
    one BadArgumentError listing the game's rewards."""
    if reward is None:
        return str(spec["default_rewards"][str(players)])
    names = [counter["name"] for counter in spec["counters"]]
    if not isinstance(reward, str) or reward not in names:
        raise BadArgumentError(
            f"{spec['id']} has no reward {reward!r}; its rewards are the changes of its "
            f"counters: {', '.join(names)} (default {spec['default_rewards'][str(players)]})"
        )
    return reward


class Batch(EngineResource):
    """`num_envs` environments of one game with `players` agents each (the game's options in
    `settings`, as `GameApp --set` takes them: `{"mode": "sprint"}`), and the numpy buffers
    the engine writes into (`observations [N, players, features]`, `rewards [N, players]`,
    `terminated [N]`, `truncated [N]`, `final_observations` under same-step autoreset, and
    with `pixels=True` each environment drawn small and grey, `pixels [N, 84, 84]` uint8, or
    with `frame_stack=k > 1` its last k frames, `[N, k, H, W]` oldest first; `pixel_size=(H,
    W)` of `pixel_region=(x, y, width, height)` of the 1280 x 720 frame (default all of it),
    `max_pool=True` the maximum of a repeated step's last two ticks, `sticky_actions=p`
    the previous action kept with probability p, drawn by the engine from each reset's seed).
    With `info=True` (the default) the engine also writes each agent's counters,
    `counters [N, players, C]` int64 (`counter_names`: `score`, `lines`...), and for each
    environment whose episode ended in the step its return and length, `episode_returns
    [N, players]` float64 and `episode_lengths [N]` int32 (other rows keep old values), and
    how many ended, `episodes_ended [1]` int64.
    `reward` names the counter whose change is the reward (`None`: the game's default).

    The arrays are the engine's output buffers themselves: each call overwrites them in
    place, so copy what you keep. Nothing is allocated per step, in Python or in Swift.
    """

    def __init__(
        self,
        game: str,
        num_envs: int,
        players: int = 1,
        action_repeat: int = 1,
        time_limit: int | None = None,
        autoreset: str = "next_step",
        keep_history: bool = True,
        workers: int = 1,
        settings: dict[str, Any] | None = None,
        pixels: bool = False,
        axes: bool = False,
        reward: str | None = None,
        info: bool = True,
        pixel_size: tuple[int, int] = (84, 84),
        frame_stack: int = 1,
        max_pool: bool = False,
        sticky_actions: float = 0.0,
        pixel_region: tuple[int, int, int, int] | None = None,
    ) -> None:
        self.handle: int | None = None
        self.spec = library.game(game)
        self.game = game
        self.num_envs = _whole("num_envs", num_envs, 1, 1 << 20)
        self.players = _whole("players", players, 1, 2)
        if self.players not in self.spec["players"]:
            raise BadArgumentError(
                f"{game} is played by {' or '.join(map(str, self.spec['players']))} agents, "
                f"not {players}"
            )
        _whole("action_repeat", action_repeat, 1, 1000)
        limit = 0 if time_limit is None else _whole("time_limit", time_limit, 1, 100_000_000)
        if not isinstance(autoreset, str) or autoreset not in AUTORESET_MODES:
            raise BadArgumentError(
                f"autoreset must be one of {', '.join(AUTORESET_MODES)}, got {autoreset!r}"
            )
        _whole("workers", workers, 1, 1024)
        if settings is not None and not isinstance(settings, Mapping):
            raise TypeError(
                f"settings must be a dict of the game's option names and values, got "
                f"{type(settings).__name__}: each option is set by its name, as "
                f"`GameApp --set mode=sprint` takes it; pass settings={{'mode': 'sprint'}}"
            )
        lines = []
        for name, value in (settings or {}).items():
            text = str(value).lower() if isinstance(value, bool) else str(value)
            if not isinstance(name, str) or not name or any(c in name + text for c in "=\n\0"):
                raise BadArgumentError(f"bad setting {name!r}={value!r}")
            lines.append(f"{name}={text}")
        size, stack, pool, sticky, region = check_pipeline(
            bool(pixels), pixel_size, frame_stack, max_pool, sticky_actions, pixel_region
        )
        self.settings = dict(settings or {})
        self.counter_names: list[str] = [counter["name"] for counter in self.spec["counters"]]
        self.reward = check_reward(self.spec, reward, self.players)
        self.autoreset = autoreset
        self.action_counts = [len(actions) for actions in self.spec["actions"][: self.players]]
        self._call = library.Caller(game)
        handle = ctypes.c_int64()
        self._call(
            "lockstep_create", game.encode(), self.num_envs, self.players, action_repeat, limit,
            AUTORESET_MODES[autoreset], int(bool(keep_history)), workers,
            "\n".join(lines).encode(), self.reward.encode(), ctypes.byref(handle),
        )
        self.handle = handle.value
        features = len(self.spec["features"])
        shape = (self.num_envs, self.players, features)
        self.observations = np.zeros(shape, dtype=np.float32)
        self.rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        self.terminated = np.zeros(self.num_envs, dtype=np.bool_)
        self.truncated = np.zeros(self.num_envs, dtype=np.bool_)
        self.final_observations = (
            np.zeros(shape, dtype=np.float32) if autoreset == "same_step" else None
        )
        self._actions = np.zeros((self.num_envs, self.players), dtype=np.int32)
        self._seeds = np.zeros(self.num_envs, dtype=np.uint64)
        self._hand_over()
        counters = len(self.counter_names)
        self.counters = np.zeros((self.num_envs, self.players, counters), dtype=np.int64)
        self.episode_returns = np.zeros((self.num_envs, self.players), dtype=np.float64)
        self.episode_lengths = np.zeros(self.num_envs, dtype=np.int32)
        self.episodes_ended = np.zeros(1, dtype=np.int64)
        self.info = bool(info)
        if self.info:
            self._call(
                "lockstep_set_info", self.handle,
                self.counters.ctypes.data, self.counters.size,
                self.episode_returns.ctypes.data, self.episode_returns.size,
                self.episode_lengths.ctypes.data, self.episode_lengths.size,
                self.episodes_ended.ctypes.data, self.episodes_ended.size,
            )
        if (size, stack, pool, sticky, region) != ((84, 84), 1, False, 0.0, None):
            self._call(
                "lockstep_set_pixel_pipeline", self.handle, size[0], size[1],
                *(region or (0, 0, 0, 0)), stack, int(pool), sticky,
            )
        frames = (stack,) if stack > 1 else ()
        self.pixels = (
            np.zeros((self.num_envs, *frames, *size), dtype=np.uint8) if pixels else None
        )
        if self.pixels is not None:
            self._call("lockstep_set_pixels", self.handle, self.pixels.ctypes.data, self.pixels.size)
        # Axis values the caller sets every step (`step(actions, axes)`), when asked for.
        self.axes: np.ndarray | None = None
        if axes:
            from .actions import check_kind, slots

            check_kind(self.spec, "multi_discrete", self.players)
            self.axes = np.zeros((self.num_envs, self.players, slots(self.spec, self.players)),
                                 dtype=np.int32)
            self._call("lockstep_set_axes", self.handle, self.axes.ctypes.data, self.axes.size)
        self._actions_pointer = self._actions.ctypes.data
        self._seeds_pointer = self._seeds.ctypes.data
        self._step = self._call.lib.lockstep_step
        # What `step` needs ready-made, since it is the one call made per step: the views of
        # the action buffer each accepted shape writes into, and the native call's arguments
        # as ctypes values (converting five Python values costs more than the copy).
        self._int32 = np.dtype(np.int32)
        self._expected = (self.num_envs,) if self.players == 1 else self._actions.shape
        self._action_views = {
            self._expected: self._actions.reshape(self._expected),
            self._actions.shape: self._actions,
        }
        self._step_arguments = (
            ctypes.c_int64(self.handle), ctypes.c_void_p(self._actions_pointer),
            ctypes.c_int64(self._actions.size), self._call.error,
            ctypes.c_size_t(library.ERROR_CAPACITY),
        )
        self.was_reset = False

    def _open(self) -> int:
        if self.handle is None:
            raise CallOrderError("the environment is closed")
        return self.handle

    def reset(self, seeds: Iterable[int]) -> None:
        """Resets environment `i` from `seeds[i]` (integers 0...2**64-1)."""
        handle = self._open()
        if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
            raise TypeError(
                f"seeds must be a list of {self.num_envs} integers, one an environment, got "
                f"{type(seeds).__name__}; pass reset([seed, ...])"
            )
        values = list(seeds)
        if len(values) != self.num_envs:
            raise BadArgumentError(f"reset needs {self.num_envs} seeds, got {len(values)}")
        for index, seed in enumerate(values):
            self._seeds[index] = _whole("seed", seed, 0, 2**64 - 1)
        self._call("lockstep_reset", handle, self._seeds_pointer, self.num_envs)
        self.was_reset = True

    def step(self, actions: Any, axes: Any = None) -> None:
        """Steps every environment: `actions` holds one integer per agent, shaped `[N]` for
        one agent or `[N, players]` (any integer dtype, any strides). A batch made with
        `axes=True` takes each agent's axis values too, integers within each axis's range,
        shaped `[N, players, slots]` (or `[N, slots]` for one agent): they replace what the
        choices set on those axes."""
        self._open()
        if self.axes is not None:
            values = np.asarray(axes)
            if axes is None or values.dtype.kind not in "iu" or values.size != self.axes.size:
                raise BadArgumentError(
                    f"this batch sets axes: step(actions, axes) needs {self.axes.size} integer "
                    f"axis values shaped {self.axes.shape}, got "
                    f"{'none' if axes is None else f'{values.dtype} {values.shape}'}"
                )
            if values.dtype != np.int32 and (values.min() < -32768 or values.max() > 32767):
                bad = int(values.min() if values.min() < -32768 else values.max())
                raise BadArgumentError(f"axis value {bad} is not a 16-bit integer")
            self.axes[...] = values.reshape(self.axes.shape)
        elif axes is not None:
            raise BadArgumentError("this batch takes no axis values: make it with axes=True")
        array = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        native = array.dtype is self._int32
        if not native and array.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, got an array of {array.dtype}")
        view = self._action_views.get(array.shape)
        if view is None:
            raise BadArgumentError(f"actions must have shape {self._expected}, got {array.shape}")
        if not native and array.dtype != np.int32 and array.size:
            low, high = int(array.min()), int(array.max())
            top = max(self.action_counts) - 1
            if low < 0 or high > top:
                bad = low if low < 0 else high
                raise BadArgumentError(f"action {bad} is out of range: expected 0...{top}")
        view[...] = array  # an unsafe cast, as np.copyto(..., casting="unsafe")
        status = self._step(*self._step_arguments)
        if status != 0:
            from .errors import STATUS_ERRORS, EngineError

            raise STATUS_ERRORS.get(status, EngineError)(self._call.error.value.decode())

    def _hand_over(self) -> None:
        """Gives the engine the arrays it writes each step (lockstep_set_buffers)."""
        finals = self.final_observations
        self._call(
            "lockstep_set_buffers", self._open(),
            self.observations.ctypes.data, self.observations.size,
            self.rewards.ctypes.data, self.rewards.size,
            self.terminated.ctypes.data, self.terminated.size,
            self.truncated.ctypes.data, self.truncated.size,
            None if finals is None else finals.ctypes.data, 0 if finals is None else finals.size,
        )

    def renew_buffers(self, keep: bool) -> None:
        """Hands the engine new `observations`, `rewards`, `terminated` and `truncated`
        arrays; the old ones are the caller's from then on, never written again. What
        `copy=True` costs instead of copying every array every step (Blocks' observations
        are 4.3 MB at 4,096 environments): a step or reset writes every element, so `keep`
        is False before one; a call that writes some environments only (`load_state`,
        `restore`) needs `keep` True, the rest copied over."""
        fresh = np.array if keep else np.empty_like
        self.observations = fresh(self.observations)
        self.rewards = fresh(self.rewards)
        self.terminated = fresh(self.terminated)
        self.truncated = fresh(self.truncated)
        self._hand_over()

    def reset_seeds(
        self, seed: int | None, rng: np.random.Generator, first: int | None = None
    ) -> list[int]:
        """The seeds a reset starts the environments from: `seed + i` for environment `i`
        when a seed is given; else each one's next seed (``next_seeds``) after a first reset;
        else `first + i` when the adapter was made with a seed; else drawn from `rng`."""
        if seed is not None:
            return [int(seed) + index for index in range(self.num_envs)]
        if self.was_reset:
            return self.next_seeds()
        if first is not None:
            return [int(first) + index for index in range(self.num_envs)]
        return [int(value) for value in rng.integers(0, 2**63, self.num_envs)]

    def next_seeds(self) -> list[int]:
        """The seed each environment's next episode starts from when it autoresets (the
        next of the stream its episode's seed began): a reset without seeds uses these."""
        handle = self._open()
        self._call("lockstep_next_seeds", handle, self._seeds_pointer, self.num_envs)
        return [int(seed) for seed in self._seeds]

    def _index(self, index: int) -> int:
        return _whole("index", index, 0, self.num_envs - 1)

    def observe(self, index: int) -> np.ndarray:
        """Environment `index`'s observation now, `[players, features]` (a new array)."""
        out = np.zeros(self.observations.shape[1:], dtype=np.float32)
        self._call("lockstep_observe", self._open(), self._index(index), out.ctypes.data, out.size)
        return out

    def state_hash(self, index: int = 0) -> int:
        """The stable hash of environment `index`'s state: what its replay ends on."""
        value = ctypes.c_uint64()
        self._call("lockstep_state_hash", self._open(), self._index(index), ctypes.byref(value))
        return value.value

    def save_state(self, index: int = 0) -> bytes:
        """Environment `index`'s whole state as bytes (its episode's replay, checksummed)."""
        handle = self._open()
        length = ctypes.c_int64()
        self._call("lockstep_save_state", handle, self._index(index), ctypes.byref(length))
        out = ctypes.create_string_buffer(max(1, length.value))
        self._call("lockstep_take_saved", handle, out, length.value)
        return out.raw[: length.value]

    def load_state(self, state: bytes, index: int = 0) -> None:
        """Restores environment `index` from `save_state` bytes; StateError if they are
        damaged or from another game, rules version, agent count, action repeat or settings."""
        handle = self._open()
        if not isinstance(state, (bytes, bytearray, memoryview)):
            raise TypeError(f"state must be bytes, got {type(state).__name__}")
        data = bytes(state)
        self._call("lockstep_load_state", handle, self._index(index), data, len(data))

    def snapshot(self, index: int = 0) -> Snapshot:
        """Environment `index` copied into a `Snapshot` the engine keeps (microseconds; see
        `Snapshot`)."""
        handle = self._open()
        value = ctypes.c_int64()
        self._call("lockstep_snapshot", handle, self._index(index), ctypes.byref(value))
        return Snapshot(self._call.lib, value.value, self.game)

    def restore(self, snapshot: Snapshot, index: int = 0) -> None:
        """Restores environment `index` from `snapshot`; StateError if it is of another
        game, agent count, action repeat, settings or history setting (nothing changes)."""
        handle = self._open()
        if not isinstance(snapshot, Snapshot):
            raise TypeError(f"snapshot must be a Snapshot, got {type(snapshot).__name__}")
        if snapshot.closed:
            raise CallOrderError("the snapshot is closed")
        if snapshot._lib is not self._call.lib:
            raise StateError(
                f"the snapshot is of {snapshot.game}, from another library; this batch plays "
                f"{self.game}"
            )
        self._call("lockstep_restore", handle, self._index(index), snapshot._id)

    def record(self, path: str | os.PathLike[str], index: int = 0) -> int:
        """Writes environment `index`'s episode so far as a replay file that
        `GameApp replay --verify` checks; returns its final state hash."""
        handle = self._open()
        if not isinstance(path, (str, bytes, os.PathLike)):
            raise TypeError(
                f"path must be a str or os.PathLike naming the replay file, got "
                f"{type(path).__name__}"
            )
        value = ctypes.c_uint64()
        encoded = os.fsencode(os.fspath(path))
        self._call("lockstep_record", handle, self._index(index), encoded, ctypes.byref(value))
        return value.value

    def render(self, index: int = 0) -> np.ndarray:
        """Environment `index` drawn as the window shows it: `uint8 [720, 1280, 3]` RGB."""
        handle = self._open()
        height, width = ctypes.c_int32(), ctypes.c_int32()
        self._call.lib.lockstep_frame_size(ctypes.byref(height), ctypes.byref(width))
        frame = np.zeros((height.value, width.value, 3), dtype=np.uint8)
        self._call("lockstep_render", handle, self._index(index), frame.ctypes.data, frame.size)
        return frame

    def close(self) -> None:
        """Frees the environments; closing twice is fine."""
        if self.handle is not None:
            handle, self.handle = self.handle, None
            self._call("lockstep_close", handle)

    def __reduce__(self) -> Any:
        raise not_copyable(
            "Batch",
            "copy an environment's state instead: batch.snapshot(i) and "
            "other.restore(snapshot, i) in this process, or batch.save_state(i) and "
            "other.load_state(state, i) in any process",
        )
