"""`swift_games`, the package's name before 0.2: importing it imports `lockstep_games`, whose
names it re-exports, with one DeprecationWarning. `swift_games.<module>` is the same module
as `lockstep_games.<module>`."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

from lockstep_games import *  # noqa: F401,F403
from lockstep_games import __all__  # noqa: F401

# stacklevel 2 is the `import swift_games` line: the import machinery's frames are skipped.
warnings.warn(
    "the package swift_games is now lockstep_games: import lockstep_games",
    DeprecationWarning, stacklevel=2,
)


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `swift_games.<module>` as the module `lockstep_games.<module>` itself."""

    def find_spec(self, name, path, target=None):
        if not name.startswith(__name__ + "."):
            return None
        return importlib.util.spec_from_loader(name, self)

    def create_module(self, spec):
        return importlib.import_module("lockstep_games" + spec.name[len(__name__):])

    def exec_module(self, module) -> None:
        pass


sys.meta_path.insert(0, _Alias())
