"""Loads the engine's C library (`libGameEnv`) and declares its functions for ctypes."""

from __future__ import annotations

import ctypes
import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import STATUS_ERRORS, EngineError

ABI_VERSION = 1
_SUFFIX = ".dylib" if sys.platform == "darwin" else ".so"
_NAME = "libGameEnv" + _SUFFIX
ERROR_CAPACITY = 1024
#: The side of a pixel observation (84 x 84 grayscale bytes).
PIXEL_SIDE = 84

_i32, _i64, _u64, _size = ctypes.c_int32, ctypes.c_int64, ctypes.c_uint64, ctypes.c_size_t
_ptr, _str = ctypes.c_void_p, ctypes.c_char_p
_err = (ctypes.c_char_p, _size)

_SIGNATURES = {
    "sgenv_abi_version": [],
    "sgenv_describe": [_ptr, _i64, ctypes.POINTER(_i64), *_err],
    "sgenv_create": [
        _str, _i64, _i32, _i32, _i64, _i32, _i32, _i32, _str, ctypes.POINTER(_i64), *_err
    ],
    "sgenv_close": [_i64, *_err],
    "sgenv_set_buffers": [_i64, _ptr, _i64, _ptr, _i64, _ptr, _i64, _ptr, _i64, _ptr, _i64, *_err],
    "sgenv_reset": [_i64, _ptr, _i64, *_err],
    "sgenv_step": [_i64, _ptr, _i64, *_err],
    "sgenv_observe": [_i64, _i64, _ptr, _i64, *_err],
    "sgenv_state_hash": [_i64, _i64, ctypes.POINTER(_u64), *_err],
    "sgenv_save_state": [_i64, _i64, ctypes.POINTER(_i64), *_err],
    "sgenv_take_saved": [_i64, _ptr, _i64, *_err],
    "sgenv_load_state": [_i64, _i64, _ptr, _i64, *_err],
    "sgenv_record": [_i64, _i64, _str, ctypes.POINTER(_u64), *_err],
    "sgenv_frame_size": [ctypes.POINTER(_i32), ctypes.POINTER(_i32)],
    "sgenv_render": [_i64, _i64, _ptr, _i64, *_err],
    "sgenv_set_pixels": [_i64, _ptr, _i64, *_err],
}


def _candidates() -> list[Path]:
    """Where the library may be: $SWIFT_GAMES_LIBRARY, next to this package, the repository's
    release then debug build."""
    here = Path(__file__).resolve().parent
    found = []
    if os.environ.get("SWIFT_GAMES_LIBRARY"):
        found.append(Path(os.environ["SWIFT_GAMES_LIBRARY"]))
    found.append(here / "lib" / _NAME)
    for parent in here.parents:
        if (parent / "Package.swift").exists():
            found += [parent / ".build" / "release" / _NAME, parent / ".build" / "debug" / _NAME]
            break
    return found


@lru_cache(maxsize=1)
def library() -> ctypes.CDLL:
    """The loaded library, its functions typed; raises ImportError naming where it looked."""
    candidates = _candidates()
    path = next((p for p in candidates if p.exists()), None)
    if path is None:
        looked = ", ".join(str(p) for p in candidates)
        raise ImportError(
            f"the engine library {_NAME} was not found (looked in: {looked}); build it with "
            "`swift build -c release --product GameEnv` or run scripts/python-env"
        )
    lib = ctypes.CDLL(str(path))
    for name, argtypes in _SIGNATURES.items():
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = _i32
    version = lib.sgenv_abi_version()
    if version != ABI_VERSION:
        raise ImportError(f"{path} speaks ABI version {version}; this package needs {ABI_VERSION}")
    return lib


class Caller:
    """Calls library functions with one reusable error buffer, raising on failure."""

    def __init__(self) -> None:
        self.lib = library()
        self.error = ctypes.create_string_buffer(ERROR_CAPACITY)

    def __call__(self, name: str, *args: Any) -> None:
        status = getattr(self.lib, name)(*args, self.error, ERROR_CAPACITY)
        if status != 0:
            message = self.error.value.decode("utf-8", "replace") or f"{name} failed ({status})"
            raise STATUS_ERRORS.get(status, EngineError)(message)


@lru_cache(maxsize=1)
def games() -> dict[str, dict[str, Any]]:
    """Every game the library serves, by id: features, actions, players, time limit."""
    caller = Caller()
    length = _i64()
    capacity = 1 << 16
    while True:
        buffer = ctypes.create_string_buffer(capacity)
        status = caller.lib.sgenv_describe(buffer, capacity, ctypes.byref(length), None, 0)
        if status == 0:
            break
        if status != 6 or length.value + 1 <= capacity:
            raise EngineError(f"sgenv_describe failed ({status})")
        capacity = length.value + 1
    description = json.loads(buffer.value.decode("utf-8"))
    return {game["id"]: game for game in description["games"]}


def game(game_id: str) -> dict[str, Any]:
    """The description of `game_id`; BadArgumentError naming the games for an unknown one."""
    from .errors import BadArgumentError

    if not isinstance(game_id, str) or game_id not in games():
        raise BadArgumentError(f"unknown game {game_id!r}; environments: {', '.join(games())}")
    return games()[game_id]
