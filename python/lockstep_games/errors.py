"""The exceptions the package raises: one per kind of mistake the engine reports."""

from gymnasium.error import DependencyNotInstalled


class EngineError(Exception):
    """Something the engine refused; the message is its one line."""


class BadArgumentError(EngineError, ValueError):
    """An argument is wrong: an unknown game or setting, a buffer, an action out of range."""


class CallOrderError(EngineError, RuntimeError):
    """A call at the wrong time: a step before reset, after the episode ended, after close."""


class StateError(EngineError, ValueError):
    """State bytes that cannot be restored: damaged, from another game, rules or settings."""


class RecordError(EngineError, OSError):
    """A replay file could not be written."""


#: The engine's status codes (`Status` in Sources/GameTrainingLibrary) and the exception for each.
STATUS_ERRORS = {
    1: BadArgumentError,
    2: CallOrderError,
    3: StateError,
    4: RecordError,
    5: CallOrderError,
    6: BadArgumentError,
}


def not_copyable(kind: str, fix: str) -> TypeError:
    """The error for copying or pickling a `kind` (`GameEnv`, ...): it holds environments in
    the engine by handle, so a copy would share them; `fix` says how to copy the state."""
    return TypeError(
        f"a {kind} cannot be copied or pickled: it holds its environments in the engine by "
        f"handle, so a copy would share them (closing one would close both); {fix}"
    )


class WindowError(EngineError, RuntimeError):
    """The `human` render mode's window cannot open: no display, or SDL refused it."""


class SDLNotInstalledError(WindowError, DependencyNotInstalled):
    """The `human` render mode needs SDL2 and it is not installed; the message says how to
    install it. Also Gymnasium's `DependencyNotInstalled`, as its own envs raise for pygame."""
