"""The package's PEP 517 build backend: setuptools, with the engine's library built and bundled.

`pip install ./python` and `pip wheel ./python` run `swift build -c release --product
LockstepGames` in the repository this folder sits in (or take the library `$LOCKSTEP_LIBRARY`
names), then stage a copy of the Python sources with:

- `lockstep_games/lib/`: `libLockstepGames.so` and every library of the Swift runtime it loads
  (found by `ldd` outside the system's folders), each with its RUNPATH cut to `$ORIGIN`, so the
  installed package finds its libraries beside it and never a toolchain's;
- `lockstep_games/assets/`: the engine's fonts and each game's sprite sheet (what the pixel
  observations and `render()` draw from).

The wheel is tagged for this platform (`py3-none-manylinux_2_NN_<machine>`, NN the glibc it was
built against: ctypes, not CPython's ABI, so one wheel serves every Python 3). The library
needs no SDL and no Foundation. docs/TRAINING.md, "Install", says how to use it.
"""

from __future__ import annotations

import base64
import hashlib
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from setuptools import build_meta as _setuptools

# Everything but build_wheel is setuptools' own.
get_requires_for_build_wheel = _setuptools.get_requires_for_build_wheel
get_requires_for_build_sdist = _setuptools.get_requires_for_build_sdist
prepare_metadata_for_build_wheel = _setuptools.prepare_metadata_for_build_wheel
build_sdist = _setuptools.build_sdist

PYTHON = Path(__file__).resolve().parent.parent
LIBRARY = "libLockstepGames.so"
#: What the rasters draw from: the engine's fonts and the games' sprite sheets (not demos,
#: sounds or the inspector's page).
ASSET_FILES = ("font.bmp", "font-glow.bmp", "sprites.bmp", "sprites.atlas")
SYSTEM_FOLDERS = ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/local/lib/")


class BuildError(Exception):
    """One sentence on why the wheel cannot be built."""


def _say(message: str) -> None:
    print(f"lockstep-games build: {message}", file=sys.stderr, flush=True)


def _repository() -> Path:
    root = PYTHON.parent
    if not (root / "Package.swift").is_file():
        raise BuildError(
            f"the engine's Swift package is not beside {PYTHON} (no Package.swift in {root}): "
            "build from a clone of the repository, or set LOCKSTEP_LIBRARY to a built "
            f"{LIBRARY} and GAME_ASSETS to its assets folder"
        )
    return root


def _library() -> Path:
    """The library to bundle: $LOCKSTEP_LIBRARY's, or one built now in release."""
    named = os.environ.get("LOCKSTEP_LIBRARY")
    if named:
        path = Path(named)
        if not path.is_file():
            raise BuildError(f"LOCKSTEP_LIBRARY names {path}, which is not a file")
        return path
    root = _repository()
    swift = shutil.which("swift")
    if swift is None:
        raise BuildError("`swift` is not on PATH: the engine's library is built with SwiftPM")
    command = [swift, "build", "-c", "release", "--product", "LockstepGames"]
    _say(f"{' '.join(command)} (in {root})")
    # SwiftPM's progress goes to stderr, which pip shows with -v.
    result = subprocess.run(command, cwd=root, stdout=sys.stderr, stderr=sys.stderr)
    if result.returncode != 0:
        raise BuildError(f"`{' '.join(command)}` failed with status {result.returncode}")
    path = root / ".build" / "release" / LIBRARY
    if not path.is_file():
        raise BuildError(f"the build made no {path}")
    return path


def _assets() -> Path:
    named = os.environ.get("GAME_ASSETS")
    folder = Path(named) if named else _repository() / "assets"
    if not (folder / "engine" / "font.bmp").is_file():
        raise BuildError(f"no engine/font.bmp in {folder}: set GAME_ASSETS to the assets folder")
    return folder


def _runtime(library: Path) -> list[Path]:
    """The libraries `library` loads from outside the system's folders (the Swift runtime), as
    `ldd` resolves them."""
    try:
        result = subprocess.run(["ldd", str(library)], capture_output=True, text=True)
    except OSError as error:
        raise BuildError(f"`ldd` cannot run ({error}): it lists the libraries to bundle") from None
    if result.returncode != 0:
        said = " ".join((result.stdout + result.stderr).split())
        raise BuildError(f"{library} is not a shared library `ldd` can read ({said})")
    listing = result.stdout
    found = []
    for line in listing.splitlines():
        match = re.match(r"\s*(\S+) => (\S+)", line)
        if not match:
            continue
        name, path = match.groups()
        if path == "not":
            raise BuildError(f"{library} needs {name}, which is not found")
        if not path.startswith(SYSTEM_FOLDERS):
            found.append(Path(path))
    return found


def _runpath_strings(data: bytes | bytearray, path: Path):
    """Where each RUNPATH and RPATH string of the ELF file `data` (read from `path`) lies: a
    `(start, end)` pair of offsets into `data` per string, its terminating NUL at `end`."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise BuildError(f"{path} is not a 64-bit little-endian ELF file")
    section_offset = struct.unpack_from("<Q", data, 0x28)[0]
    entry_size, count = struct.unpack_from("<HH", data, 0x3A)
    # name, type, flags, address, offset, size, link, info, alignment, entry size
    sections = [
        struct.unpack_from("<IIQQQQIIQQ", data, section_offset + index * entry_size)
        for index in range(count)
    ]
    for section in sections:
        if section[1] != 6:  # SHT_DYNAMIC
            continue
        strings = sections[section[6]][4]
        for offset in range(section[4], section[4] + section[5], 16):
            tag, value = struct.unpack_from("<qQ", data, offset)
            if tag == 0:
                break
            if tag in (15, 29):  # DT_RPATH, DT_RUNPATH
                start = strings + value
                yield start, data.index(0, start)


def set_runpath_to_origin(path: Path) -> None:
    """Cuts `path`'s RUNPATH (or RPATH) to `$ORIGIN` in place, padding the old string with NULs
    (the string can only shrink: that needs no new section). A file with none is left alone."""
    data = bytearray(path.read_bytes())
    origin = b"$ORIGIN"
    for start, end in list(_runpath_strings(data, path)):
        if end - start < len(origin):
            raise BuildError(f"{path}'s RUNPATH is shorter than $ORIGIN")
        data[start:end] = origin + bytes(end - start - len(origin))
    path.write_bytes(bytes(data))


def runpaths(path: Path) -> list[str]:
    """`path`'s RUNPATH and RPATH strings (for the tests)."""
    data = path.read_bytes()
    return [data[start:end].decode() for start, end in _runpath_strings(data, path)]


def _stage(folder: Path) -> None:
    """A copy of the Python sources in `folder` with the library, its runtime and the assets."""
    shutil.copytree(
        PYTHON,
        folder,
        ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "lib", "dist"),
    )
    library = _library()
    lib = folder / "lockstep_games" / "lib"
    lib.mkdir()
    runtime = _runtime(library)
    for source in [library, *runtime]:
        target = lib / source.name
        shutil.copyfile(source, target)
        set_runpath_to_origin(target)
    _say(f"bundled {library.name} and {len(runtime)} runtime libraries: "
         + ", ".join(sorted(path.name for path in runtime)))
    assets = _assets()
    for source in sorted(assets.rglob("*")):
        if source.name in ASSET_FILES and source.is_file():
            target = folder / "lockstep_games" / "assets" / source.relative_to(assets)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)


def platform_tag() -> str:
    """`manylinux_2_NN_<machine>` for the glibc this Python runs on; `linux_<machine>` without
    one."""
    machine = platform.machine()
    libc, version = platform.libc_ver()
    if libc == "glibc" and version:
        major, minor = version.split(".")[:2]
        return f"manylinux_{major}_{minor}_{machine}"
    return f"linux_{machine}"


def _retag(wheel: Path, tag: str) -> Path:
    """`wheel` (setuptools', `py3-none-any`) made a platform wheel: its WHEEL file names `tag`
    and is not purelib, its RECORD rewritten, its name changed."""
    name = wheel.name.replace("-py3-none-any.whl", f"-py3-none-{tag}.whl")
    if name == wheel.name:
        raise BuildError(f"setuptools made {wheel.name}, not a py3-none-any wheel")
    target = wheel.with_name(name)
    with zipfile.ZipFile(wheel) as source:
        entries = {info.filename: source.read(info) for info in source.infolist()}
        modes = {info.filename: info.external_attr for info in source.infolist()}
    record = next(path for path in entries if path.endswith(".dist-info/RECORD"))
    wheel_file = next(path for path in entries if path.endswith(".dist-info/WHEEL"))
    text = entries[wheel_file].decode()
    text = text.replace("Root-Is-Purelib: true", "Root-Is-Purelib: false")
    text = re.sub(r"^Tag: .*$", f"Tag: py3-none-{tag}", text, flags=re.M)
    entries[wheel_file] = text.encode()
    lines = []
    for path, content in entries.items():
        if path == record:
            continue
        digest = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=")
        lines.append(f"{path},sha256={digest.decode()},{len(content)}")
    lines.append(f"{record},,")
    entries[record] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(target, "x", zipfile.ZIP_DEFLATED) as out:
        for path, content in entries.items():
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = modes[path]
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, content)
    wheel.unlink()
    return target


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    try:
        with tempfile.TemporaryDirectory(prefix="lockstep-build-") as scratch:
            staged = Path(scratch) / "python"
            _stage(staged)
            built = Path(scratch) / "dist"
            built.mkdir()
            here = os.getcwd()
            os.chdir(staged)
            try:
                name = _setuptools.build_wheel(str(built), config_settings, None)
            finally:
                os.chdir(here)
            wheel = _retag(built / name, platform_tag())
            destination = Path(wheel_directory) / wheel.name
            shutil.move(str(wheel), destination)
            _say(f"made {destination.name}")
            return destination.name
    except BuildError as error:
        raise SystemExit(f"lockstep-games build: {error}") from None
