"""The state calls of an env over one environment of its own batch (GameEnv, GameParallelEnv)."""

from __future__ import annotations

import os
from typing import Any, Generic, TypeVar

from .batch import Batch
from .errors import not_copyable
from .snapshot import Snapshot
from .window import Window, for_render_mode

Observed = TypeVar("Observed")


class ShownBatch:
    """A batch with the `human` render mode's window over its environment 0: opening the
    window, showing a frame each step, closing both (GameEnv, GameParallelEnv, SelfPlayEnv)."""

    batch: Batch
    #: The `human` render mode's window (None in the other modes): `window.closed_by_user`
    #: tells a loop that its viewer closed it.
    window: Window | None = None

    def _open_window(self, render_mode: str | None, title: str, fps: float, scale: float) -> None:
        """Checks `render_mode` and, for `"human"`, makes the window (`for_render_mode`),
        after the batch (which checks the options first); on failure frees the batch."""
        try:
            self.window = for_render_mode(render_mode, title, fps, scale)
        except BaseException:
            self.batch.close()
            raise

    def _show(self) -> None:
        """In the `human` render mode, shows environment 0's frame, paced at `render_fps`."""
        if self.window is not None and self.window.wants_frames:
            self.window.show(self.batch.render(0))

    def close(self) -> None:
        """Destroys the window, if any, and frees the batch; closing twice is fine."""
        if self.window is not None:
            self.window.close()
        self.batch.close()


class OneEnvironment(ShownBatch, Generic[Observed]):
    """Saving and loading bytes, snapshots, the hash and the replay of environment 0 of
    `self.batch`, with its window (`ShownBatch`); copying or pickling is refused. A subclass
    says what a restore returns (`_restored`, `Observed`): what its caller reads after a
    reset."""

    def _restored(self) -> Observed:
        raise NotImplementedError

    def save_state(self) -> bytes:
        """The whole state as bytes, for `load_state` here or in another process."""
        return self.batch.save_state(0)

    def load_state(self, state: bytes) -> Observed:
        """Restores a saved state and returns the observation as after a reset (a
        parallel env's agents all playing on)."""
        self.batch.load_state(state, 0)
        return self._restored()

    def snapshot(self) -> Snapshot:
        """The state copied into a `Snapshot` the engine keeps, for `restore` in this
        process: microseconds however long the episode (`save_state` for bytes)."""
        return self.batch.snapshot(0)

    def restore(self, snapshot: Snapshot) -> Observed:
        """Restores a snapshot and returns its observation, as `load_state` does."""
        self.batch.restore(snapshot, 0)
        return self._restored()

    def state_hash(self) -> int:
        """The stable hash of the state: what `record`'s replay verifies to."""
        return self.batch.state_hash(0)

    def record(self, path: str | os.PathLike[str]) -> int:
        """Writes the episode so far as a replay file; returns its final state hash."""
        return self.batch.record(path, 0)

    def __reduce__(self) -> Any:
        raise not_copyable(
            type(self).__name__,
            "copy its state instead: env.snapshot() and other.restore(snapshot) in this "
            "process, or env.save_state() and other.load_state(state) in any process",
        )
