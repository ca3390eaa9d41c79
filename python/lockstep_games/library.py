"""Loads the engine's C library (`libLockstepGames`), and any other package's library of games
(`load`), and declares their functions for ctypes."""

from __future__ import annotations

import ctypes
import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import old_names
from .errors import STATUS_ERRORS, EngineError

ABI_VERSION = 6
_SUFFIX = ".dylib" if sys.platform == "darwin" else ".so"
_NAME = "libLockstepGames" + _SUFFIX
ERROR_CAPACITY = 1024
#: The side of a pixel observation (84 x 84 grayscale bytes).
PIXEL_SIDE = 84

_i32, _i64, _u64, _size = ctypes.c_int32, ctypes.c_int64, ctypes.c_uint64, ctypes.c_size_t
_ptr, _str = ctypes.c_void_p, ctypes.c_char_p
_err = (ctypes.c_char_p, _size)

_SIGNATURES = {
    "lockstep_abi_version": [],
    "lockstep_register": [],
    "lockstep_describe": [_ptr, _i64, ctypes.POINTER(_i64), *_err],
    "lockstep_create": [
        _str, _i64, _i32, _i32, _i64, _i32, _i32, _i32, _str, _str, ctypes.POINTER(_i64), *_err
    ],
    "lockstep_close": [_i64, *_err],
    "lockstep_set_buffers": [_i64, _ptr, _i64, _ptr, _i64, _ptr, _i64, _ptr, _i64, _ptr, _i64, *_err],
    "lockstep_reset": [_i64, _ptr, _i64, *_err],
    "lockstep_step": [_i64, _ptr, _i64, *_err],
    "lockstep_set_axes": [_i64, _ptr, _i64, *_err],
    "lockstep_set_info": [_i64, _ptr, _i64, _ptr, _i64, _ptr, _i64, _ptr, _i64, *_err],
    "lockstep_next_seeds": [_i64, _ptr, _i64, *_err],
    "lockstep_observe": [_i64, _i64, _ptr, _i64, *_err],
    "lockstep_state_hash": [_i64, _i64, ctypes.POINTER(_u64), *_err],
    "lockstep_save_state": [_i64, _i64, ctypes.POINTER(_i64), *_err],
    "lockstep_take_saved": [_i64, _ptr, _i64, *_err],
    "lockstep_load_state": [_i64, _i64, _ptr, _i64, *_err],
    "lockstep_record": [_i64, _i64, _str, ctypes.POINTER(_u64), *_err],
    "lockstep_frame_size": [ctypes.POINTER(_i32), ctypes.POINTER(_i32)],
    "lockstep_render": [_i64, _i64, _ptr, _i64, *_err],
    "lockstep_set_pixels": [_i64, _ptr, _i64, *_err],
    "lockstep_set_pixel_pipeline": [
        _i64, _i32, _i32, _i32, _i32, _i32, _i32, _i32, _i32, ctypes.c_double, *_err
    ],
    "lockstep_snapshot": [_i64, _i64, ctypes.POINTER(_i64), *_err],
    "lockstep_restore": [_i64, _i64, _i64, *_err],
    "lockstep_snapshot_free": [_i64, *_err],
    "lockstep_snapshot_save": [_i64, _ptr, _i64, ctypes.POINTER(_i64), *_err],
    "lockstep_snapshot_count": [ctypes.POINTER(_i64), *_err],
}


def _candidates() -> list[Path]:
    """Where the library may be: $LOCKSTEP_LIBRARY (or the deprecated $SWIFT_GAMES_LIBRARY),
    next to this package, the repository's release then debug build."""
    here = Path(__file__).resolve().parent
    found = []
    named = old_names.variable("LOCKSTEP_LIBRARY")
    if named:
        found.append(Path(named))
    found.append(here / "lib" / _NAME)
    for parent in here.parents:
        if (parent / "Package.swift").exists():
            found += [parent / ".build" / "release" / _NAME, parent / ".build" / "debug" / _NAME]
            break
    return found


def _open(path: Path) -> ctypes.CDLL:
    """Opens the library at `path`, types its functions and runs its `lockstep_register`."""
    try:
        lib = ctypes.CDLL(str(path))
    except OSError as error:
        raise ImportError(f"{path} cannot be loaded: {error}") from None
    # The version first: a library of another version may lack functions this one types.
    try:
        lib.lockstep_abi_version.argtypes = []
        lib.lockstep_abi_version.restype = _i32
    except AttributeError:
        if hasattr(lib, "sgenv_abi_version"):
            raise ImportError(
                f"{path} is a library of an older engine (its functions are sgenv_*, now "
                "lockstep_*): rebuild it against this engine"
            ) from None
        raise ImportError(
            f"{path} is not a library of game environments (it has no lockstep_abi_version; see "
            "docs/TRAINING-A-GAME.md, \"Games from another package\")"
        ) from None
    version = lib.lockstep_abi_version()
    if version != ABI_VERSION:
        raise ImportError(f"{path} speaks ABI version {version}; this package needs {ABI_VERSION}")
    for name, argtypes in _SIGNATURES.items():
        try:
            function = getattr(lib, name)
        except AttributeError:
            raise ImportError(
                f"{path} is not a library of game environments (it has no {name}; see "
                "docs/TRAINING-A-GAME.md, \"Games from another package\")"
            ) from None
        function.argtypes = argtypes
        function.restype = _i32 if name != "lockstep_register" else None
    lib.lockstep_register()
    return lib


@lru_cache(maxsize=1)
def library() -> ctypes.CDLL:
    """The engine's library, its functions typed; raises ImportError naming where it looked."""
    candidates = _candidates()
    path = next((p for p in candidates if p.exists()), None)
    if path is None:
        looked = ", ".join(str(p) for p in candidates)
        raise ImportError(
            f"the engine library {_NAME} was not found (looked in: {looked}); build it with "
            "`swift build -c release --product LockstepGames` or run scripts/python-env"
        )
    return _open(path)


#: The libraries `load` opened, by namespace, and the games each serves.
_loaded: dict[str, tuple[Path, ctypes.CDLL, dict[str, dict[str, Any]]]] = {}


def load(path: str | os.PathLike[str], namespace: str | None = None) -> tuple[str, list[str]]:
    """Opens another package's library of games (a `.dynamic` product over
    `GameTrainingLibrary`) and returns its namespace (by default the file's name without `lib`
    and the suffix: `libCatchEnv.so` is `CatchEnv`) and the ids of its games. Loading the
    same file again under the same namespace is a no-op; a game id already served, or a
    namespace taken by another file, is a BadArgumentError."""
    from .errors import BadArgumentError

    path = Path(path).resolve()
    if not path.is_file():
        raise BadArgumentError(f"no library of games at {path}")
    if namespace is None:
        namespace = path.name.split(".")[0].removeprefix("lib")
    if not namespace.isidentifier():
        raise BadArgumentError(f"namespace {namespace!r} is not a name (letters, digits, _)")
    if namespace in _loaded:
        if _loaded[namespace][0] == path:
            return namespace, list(_loaded[namespace][2])
        raise BadArgumentError(f"namespace {namespace} is already {_loaded[namespace][0]}")
    lib = _open(path)
    served = _describe(lib)
    taken = sorted(set(served) & set(games()))
    if taken:
        raise BadArgumentError(f"{path} serves {', '.join(taken)}, already served")
    _loaded[namespace] = (path, lib, served)
    games.cache_clear()
    return namespace, list(served)


def namespaces() -> dict[str, list[str]]:
    """The game ids of each library `load` opened, by namespace."""
    return {namespace: list(served) for namespace, (_, _, served) in _loaded.items()}


def _library_of(game_id: str) -> ctypes.CDLL:
    """The library serving `game_id` (the engine's, unless a loaded library serves it)."""
    for _, lib, served in _loaded.values():
        if game_id in served:
            return lib
    return library()


class Caller:
    """Calls library functions with one reusable error buffer, raising on failure."""

    def __init__(self, game_id: str | None = None) -> None:
        self.lib = library() if game_id is None else _library_of(game_id)
        self.error = ctypes.create_string_buffer(ERROR_CAPACITY)

    def __call__(self, name: str, *args: Any) -> None:
        status = getattr(self.lib, name)(*args, self.error, ERROR_CAPACITY)
        if status != 0:
            message = self.error.value.decode("utf-8", "replace") or f"{name} failed ({status})"
            raise STATUS_ERRORS.get(status, EngineError)(message)


def _describe(lib: ctypes.CDLL) -> dict[str, dict[str, Any]]:
    """Every game `lib` serves, by id: features, actions, players, time limit."""
    length = _i64()
    capacity = 1 << 16
    while True:
        buffer = ctypes.create_string_buffer(capacity)
        status = lib.lockstep_describe(buffer, capacity, ctypes.byref(length), None, 0)
        if status == 0:
            break
        if status != 6 or length.value + 1 <= capacity:
            raise EngineError(f"lockstep_describe failed ({status})")
        capacity = length.value + 1
    description = json.loads(buffer.value.decode("utf-8"))
    return {game["id"]: game for game in description["games"]}


@lru_cache(maxsize=1)
def games() -> dict[str, dict[str, Any]]:
    """Every game served, by id: the engine library's, then those of each loaded library."""
    found = dict(_describe(library()))
    for _, _, served in _loaded.values():
        found.update(served)
    return found


def game(game_id: str) -> dict[str, Any]:
    """The description of `game_id`; BadArgumentError naming the games for an unknown one."""
    from .errors import BadArgumentError

    if not isinstance(game_id, str) or game_id not in games():
        raise BadArgumentError(f"unknown game {game_id!r}; environments: {', '.join(games())}")
    return games()[game_id]
