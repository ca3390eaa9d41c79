"""A trainer's base class joined to an adapter's class when that trainer is installed.

The adapters (`sb3.SB3VecEnv`, `puffer.PufferGameEnv`) work without their trainer: CI never
installs stable-baselines3, PyTorch or PufferLib. Where the trainer is installed, an adapter
must also be an instance of the trainer's own base class, since the trainer checks
(`isinstance(env, VecEnv)`, `isinstance(env, PufferEnv)`). Importing the trainer at the
package's import would cost seconds (SB3 imports PyTorch), so it happens when an adapter is
made, once; the joined class is made once per adapter class.
"""

from __future__ import annotations

import importlib
from typing import Any, TypeVar

Adapter = TypeVar("Adapter")

_joined: dict[tuple[type, type], type] = {}


def trainer_base(module: str, name: str) -> type | None:
    """`module.name` (`"stable_baselines3.common.vec_env", "VecEnv"`), or None when the
    module is not installed."""
    try:
        found = importlib.import_module(module)
    except ImportError:
        return None
    base = getattr(found, name, None)
    return base if isinstance(base, type) else None


def new_adapter(cls: type[Adapter], *places: tuple[str, str]) -> Adapter:
    """A new, uninitialised instance of `cls`, of a subclass joining `cls` and the trainer's
    base class when it is installed (the first of `places`, `(module, name)` pairs, found:
    trainers move their classes between versions); of `cls` itself otherwise. The adapter's
    methods come first, so they override the trainer's abstract ones."""
    base = next(filter(None, (trainer_base(module, name) for module, name in places)), None)
    if base is None or issubclass(cls, base):
        return object.__new__(cls)
    joined = _joined.get((cls, base))
    if joined is None:
        namespace: dict[str, Any] = {"__module__": cls.__module__, "__doc__": cls.__doc__}
        joined = type(cls.__name__, (cls, base), namespace)
        _joined[(cls, base)] = joined
    return object.__new__(joined)
