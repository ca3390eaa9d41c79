"""What the engine holds for Python by number (a batch, a snapshot), freed by `close()`."""

from __future__ import annotations

from typing import Any, TypeVar

Held = TypeVar("Held", bound="EngineResource")


class EngineResource:
    """Something the engine's library keeps for this process until `close()` frees it:
    closing twice is fine, the end of a `with` block closes it, and so does garbage
    collection (an error then is dropped: the interpreter may be shutting down)."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self: Held) -> Held:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass
