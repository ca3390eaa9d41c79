"""One environment's state held by the engine: restored in the time of a copy."""

from __future__ import annotations

import ctypes
from typing import Any

from . import library
from .errors import CallOrderError
from .resource import EngineResource


class Snapshot(EngineResource):
    """A copy of one environment (its state, episode, scores and inputs) that the engine's
    library keeps, from `env.snapshot()`, for `env.restore(snapshot)`.

    For planning and search in one process: taking and restoring one cost a copy of the
    state, microseconds however long the episode, where `save_state` / `load_state` replay
    the episode. A snapshot is a number in the library's table, never bytes that are
    decoded, so it cannot leave the process; `bytes(snapshot)` (or `to_bytes()`) gives the
    portable bytes `save_state` would have given when it was taken. It restores into any
    environment of the same game, agent count, action repeat, settings and history setting,
    any number of times. `close()` (or the end of a `with` block, or garbage collection)
    frees it; closing twice is fine.
    """

    def __init__(self, lib: ctypes.CDLL, snapshot_id: int, game: str) -> None:
        self._lib = lib
        self._id: int | None = snapshot_id
        #: The id of the snapshot's game.
        self.game = game

    @property
    def closed(self) -> bool:
        """True once `close()` freed it."""
        return self._id is None

    def _open(self) -> int:
        if self._id is None:
            raise CallOrderError("the snapshot is closed")
        return self._id

    def to_bytes(self) -> bytes:
        """The bytes `save_state` would have given when the snapshot was taken (a replay of
        the episode, so this costs what saving does). CallOrderError for a snapshot of an
        environment that keeps no history."""
        snapshot = self._open()
        error = ctypes.create_string_buffer(library.ERROR_CAPACITY)
        length = ctypes.c_int64()
        status = self._lib.lockstep_snapshot_save(
            snapshot, None, 0, ctypes.byref(length), error, library.ERROR_CAPACITY
        )
        if status == 6:  # buffer too small: the length is known, the bytes made and kept
            out = ctypes.create_string_buffer(max(1, length.value))
            status = self._lib.lockstep_snapshot_save(
                snapshot, out, length.value, ctypes.byref(length), error, library.ERROR_CAPACITY
            )
            if status == 0:
                return out.raw[: length.value]
        from .errors import STATUS_ERRORS, EngineError

        message = error.value.decode("utf-8", "replace") or f"lockstep_snapshot_save failed ({status})"
        raise STATUS_ERRORS.get(status, EngineError)(message)

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    def close(self) -> None:
        """Frees the engine's copy; closing twice is fine."""
        if self._id is not None:
            snapshot, self._id = self._id, None
            self._lib.lockstep_snapshot_free(snapshot, None, 0)

    def __reduce__(self) -> Any:
        raise TypeError(
            "a Snapshot lives in the process that took it and cannot be pickled or copied; "
            "send bytes(snapshot) (or save_state()) to another process"
        )

    def __repr__(self) -> str:
        state = "closed" if self._id is None else f"#{self._id}"
        return f"<Snapshot of {self.game} {state}>"


def alive() -> int:
    """Snapshots the engine's library holds (taken and not freed): a check that a search
    frees what it takes."""
    count = ctypes.c_int64()
    library.Caller()("lockstep_snapshot_count", ctypes.byref(count))
    return count.value
