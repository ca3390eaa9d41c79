"""The `human` render mode's window: SDL2, loaded with ctypes when an env first asks for it.

Neither the wheel nor `import lockstep_games` needs SDL (the library draws frames without
it); `Window` opens SDL2 where it is installed and raises `SDLNotInstalledError`, naming the
package to install, where it is not. `$LOCKSTEP_SDL_LIBRARY` names the library to load (a
path or a file name) instead of the usual names.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import time
from functools import lru_cache

import numpy as np

from .errors import BadArgumentError, SDLNotInstalledError, WindowError

#: The variable naming the SDL2 library to load instead of searching for it.
LIBRARY_VARIABLE = "LOCKSTEP_SDL_LIBRARY"
#: The frame the library draws, and the window's size at scale 1.
WIDTH, HEIGHT = 1280, 720

_INIT_VIDEO = 0x20
_WINDOWPOS_UNDEFINED = 0x1FFF0000
_WINDOW_RESIZABLE = 0x20
_RENDERER_SOFTWARE, _RENDERER_ACCELERATED = 0x1, 0x2
_PIXELFORMAT_RGB24 = 0x17101803
_TEXTUREACCESS_STREAMING = 1
_QUIT, _WINDOWEVENT, _WINDOWEVENT_CLOSE = 0x100, 0x200, 14
#: SDL's video drivers that draw to no screen.
_UNSEEN_DRIVERS = ("dummy", "offscreen")
#: Any of these set means a display (or a driver) was asked for.
_DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
#: `SDL_Event` is a 56-byte union; its first 4 bytes are the type, a window event's
#: window id is at byte 8 and its kind at byte 12.
EVENT_SIZE = 56

_p, _int, _u32, _str = ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32, ctypes.c_char_p
_SIGNATURES: dict[str, tuple[list[type], type | None]] = {
    "SDL_SetHint": ([_str, _str], _int),
    "SDL_InitSubSystem": ([_u32], _int),
    "SDL_QuitSubSystem": ([_u32], None),
    "SDL_GetError": ([], _str),
    "SDL_GetCurrentVideoDriver": ([], _str),
    "SDL_CreateWindow": ([_str, _int, _int, _int, _int, _u32], _p),
    "SDL_GetWindowID": ([_p], _u32),
    "SDL_DestroyWindow": ([_p], None),
    "SDL_CreateRenderer": ([_p, _int, _u32], _p),
    "SDL_DestroyRenderer": ([_p], None),
    "SDL_RenderSetLogicalSize": ([_p, _int, _int], _int),
    "SDL_CreateTexture": ([_p, _u32, _int, _int, _int], _p),
    "SDL_DestroyTexture": ([_p], None),
    "SDL_UpdateTexture": ([_p, _p, _p, _int], _int),
    "SDL_RenderClear": ([_p], _int),
    "SDL_RenderCopy": ([_p, _p, _p, _p], _int),
    "SDL_RenderPresent": ([_p], None),
    "SDL_PollEvent": ([_p], _int),
    "SDL_PushEvent": ([_p], _int),
}


def _candidates() -> list[str]:
    """The SDL2 libraries to try first: $LOCKSTEP_SDL_LIBRARY alone when set, else the
    platform's usual file names (`sdl` then asks `ctypes.util.find_library`)."""
    named = os.environ.get(LIBRARY_VARIABLE)
    if named:
        return [named]
    if sys.platform == "darwin":
        names = ["libSDL2-2.0.0.dylib", "libSDL2.dylib", "/opt/homebrew/lib/libSDL2.dylib",
                 "/usr/local/lib/libSDL2.dylib"]
    elif sys.platform == "win32":
        names = ["SDL2.dll"]
    else:
        names = ["libSDL2-2.0.so.0"]
    return names


@lru_cache(maxsize=1)
def sdl() -> ctypes.CDLL:
    """SDL2, its functions typed; `SDLNotInstalledError` naming the package to install when
    no library loads. Cached: SDL is loaded once a process."""
    candidates = _candidates()
    tried = list(candidates)
    lib = None
    for name in candidates:
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError:
            continue
    if lib is None and not os.environ.get(LIBRARY_VARIABLE):
        # find_library runs ldconfig or a compiler: only once the usual names failed.
        for name in ("SDL2-2.0", "SDL2"):
            found = ctypes.util.find_library(name)
            if found is None:
                continue
            tried.append(found)
            try:
                lib = ctypes.CDLL(found)
                break
            except OSError:
                continue
    if lib is None:
        raise SDLNotInstalledError(
            f"render_mode='human' needs SDL2, which is not installed here (tried: "
            f"{', '.join(tried)}): the window is drawn through it, and the wheel leaves it out "
            "so that training needs none. Install it (Debian, Ubuntu: `apt install "
            "libsdl2-2.0-0`; Fedora: `dnf install SDL2`; macOS: `brew install sdl2`), point "
            f"${LIBRARY_VARIABLE} at it, or use render_mode='rgb_array', which needs no SDL"
        )
    for function, (argtypes, restype) in _SIGNATURES.items():
        getattr(lib, function).argtypes = argtypes
        getattr(lib, function).restype = restype
    return lib


def _error(lib: ctypes.CDLL) -> str:
    """SDL's last error message."""
    return (lib.SDL_GetError() or b"").decode("utf-8", "replace")


#: Windows closed by their user, by SDL window id: any window's poll reads every window's
#: events (SDL has one queue a process), so each looks here for its own.
_closed_ids: set[int] = set()


def _poll(lib: ctypes.CDLL) -> bool:
    """Reads every pending event; returns True when SDL asked to quit (the last window
    closed), recording each window closed in `_closed_ids`."""
    event = (ctypes.c_uint8 * EVENT_SIZE)()
    quit_asked = False
    while lib.SDL_PollEvent(ctypes.byref(event)):
        kind = int.from_bytes(bytes(event[0:4]), sys.byteorder)
        if kind == _QUIT:
            quit_asked = True
        elif kind == _WINDOWEVENT and event[12] == _WINDOWEVENT_CLOSE:
            _closed_ids.add(int.from_bytes(bytes(event[8:12]), sys.byteorder))
    return quit_asked


class Window:
    """One SDL window showing an env's frames at the env's pace: `uint8 [720, 1280, 3]` RGB
    frames, scaled to the window (resizable, letterboxed).

    Made at `make(..., render_mode="human")`: SDL is loaded and its video started then, so a
    missing SDL (`SDLNotInstalledError`) is reported before any episode runs; the window itself
    opens on the first frame. With no display, SDL draws to no screen (`shows_nothing`), as
    pygame's envs do, so `check_env` passes on a server. `show` paces frames at `fps`,
    sleeping in the viewer only (the simulation reads no clock). When its user closes the
    window, it goes and later frames are dropped (`closed_by_user`): a run being watched
    carries on unwatched. `close` frees it all; closing twice is fine.

    > Important: use an env's window from the thread that made the env (SDL's rule).
    """

    def __init__(self, title: str, fps: float, scale: float = 1.0) -> None:
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale <= 8:
            raise BadArgumentError(f"window_scale must be a number in (0, 8], got {scale!r}")
        self._lib = sdl()
        self.title, self.fps, self.scale = title, float(fps), float(scale)
        self._window: int | None = None
        self._renderer: int | None = None
        self._texture: int | None = None
        self._id = 0
        self._deadline: float | None = None
        self.closed_by_user = False
        self._video = False
        # Ctrl-C must stay Python's KeyboardInterrupt, not an SDL quit event.
        self._lib.SDL_SetHint(b"SDL_NO_SIGNAL_HANDLERS", b"1")
        if not any(os.environ.get(name) for name in _DISPLAY_VARIABLES):
            # No display: the driver SDL would fall back to, named at once, so that it does not
            # probe Wayland first and print "XDG_RUNTIME_DIR is invalid" on stderr.
            self._lib.SDL_SetHint(b"SDL_VIDEODRIVER", b"offscreen")
        if self._lib.SDL_InitSubSystem(_INIT_VIDEO) != 0:
            raise WindowError(self._no_display(_error(self._lib)))
        self._video = True
        # With no display, SDL 2.26 falls back to a driver that shows nothing (`offscreen`),
        # as pygame's envs do: Gymnasium's check_env makes every declared render mode, so a
        # human env must be made, and play, on a server or in CI too. `shows_nothing` says so.

    @staticmethod
    def _no_display(reason: str) -> str:
        """The message for SDL's video failing to start: why, and the ways out."""
        unset = not any(os.environ.get(name) for name in _DISPLAY_VARIABLES)
        why = (
            "no display: DISPLAY, WAYLAND_DISPLAY and SDL_VIDEODRIVER are unset" if unset
            else "the display refused it"
        )
        return (
            f"render_mode='human' cannot open a window: {why} "
            f"(SDL: {reason or 'no reason given'}). "
            "Run where a display is, under `xvfb-run`, or with SDL_VIDEODRIVER=dummy (a window "
            "on no screen); render_mode='rgb_array' draws frames with no display"
        )

    @property
    def video_driver(self) -> str:
        """SDL's video driver: `x11`, `wayland`, `cocoa`, `dummy`..."""
        return (self._lib.SDL_GetCurrentVideoDriver() or b"").decode()

    @property
    def shows_nothing(self) -> bool:
        """True when SDL drew to no screen (no display: its `offscreen` or `dummy` driver)."""
        return self.video_driver in _UNSEEN_DRIVERS

    @property
    def wants_frames(self) -> bool:
        """False once the window's user closed it or `close` ran: the env draws no more."""
        return self._video and not self.closed_by_user

    @property
    def is_open(self) -> bool:
        """True while a window is on screen (after the first frame, until closed)."""
        return self._window is not None

    def _open(self) -> None:
        """The window, its renderer (accelerated, else software) and a streaming texture."""
        lib = self._lib
        width, height = round(WIDTH * self.scale), round(HEIGHT * self.scale)
        window = lib.SDL_CreateWindow(
            self.title.encode(), _WINDOWPOS_UNDEFINED, _WINDOWPOS_UNDEFINED, width, height,
            _WINDOW_RESIZABLE,
        )
        if not window:
            raise WindowError(self._no_display(_error(lib)))
        self._window, self._id = window, lib.SDL_GetWindowID(window)
        renderer = lib.SDL_CreateRenderer(window, -1, _RENDERER_ACCELERATED)
        renderer = renderer or lib.SDL_CreateRenderer(window, -1, _RENDERER_SOFTWARE)
        if not renderer:
            message = _error(lib)
            self._destroy()
            raise WindowError(
                f"render_mode='human': SDL made no renderer for the window ({message})"
            )
        self._renderer = renderer
        lib.SDL_RenderSetLogicalSize(renderer, WIDTH, HEIGHT)
        texture = lib.SDL_CreateTexture(
            renderer, _PIXELFORMAT_RGB24, _TEXTUREACCESS_STREAMING, WIDTH, HEIGHT
        )
        if not texture:
            message = _error(lib)
            self._destroy()
            raise WindowError(f"render_mode='human': SDL made no texture ({message})")
        self._texture = texture

    def show(self, frame: np.ndarray) -> None:
        """Shows `frame` (`uint8 [720, 1280, 3]`) once its time has come (`1 / fps` after
        the last one's), then reads the window's events."""
        if not self.wants_frames:
            return
        if self._window is None:
            self._open()
        lib = self._lib
        if frame.shape != (HEIGHT, WIDTH, 3) or frame.dtype != np.uint8:
            raise ValueError(
                f"a frame is uint8 [{HEIGHT}, {WIDTH}, 3], got {frame.dtype} {frame.shape}"
            )
        frame = np.ascontiguousarray(frame)
        lib.SDL_UpdateTexture(self._texture, None, frame.ctypes.data, WIDTH * 3)
        lib.SDL_RenderClear(self._renderer)
        lib.SDL_RenderCopy(self._renderer, self._texture, None, None)
        self._pace()
        lib.SDL_RenderPresent(self._renderer)
        if _poll(lib) or self._id in _closed_ids:
            _closed_ids.discard(self._id)
            self.closed_by_user = True
            self._destroy()

    def _pace(self) -> None:
        """Sleeps until this frame is due; a frame more than one period late restarts the
        count, so a slow stretch is not made up for by a burst."""
        now = time.perf_counter()
        period = 1.0 / self.fps
        if self._deadline is None or now - self._deadline > period:
            self._deadline = now + period
            return
        if self._deadline > now:
            time.sleep(self._deadline - now)
        self._deadline += period

    def _destroy(self) -> None:
        """Frees the texture, renderer and window, keeping SDL's video running."""
        lib = getattr(self, "_lib", None)
        if lib is None:
            return
        if self._texture:
            lib.SDL_DestroyTexture(self._texture)
        if self._renderer:
            lib.SDL_DestroyRenderer(self._renderer)
        if self._window:
            lib.SDL_DestroyWindow(self._window)
        self._texture = self._renderer = self._window = None

    def close(self) -> None:
        """Destroys the window and stops SDL's video (when no other window uses it)."""
        self._destroy()
        if getattr(self, "_video", False):
            self._video = False
            self._lib.SDL_QuitSubSystem(_INIT_VIDEO)

    def __del__(self) -> None:
        # An env dropped without close() (PettingZoo's render_test makes one) takes its
        # window with it.
        try:
            self.close()
        except Exception:
            pass


#: The render modes of the envs that draw: the frame as an array, or shown in a window.
RENDER_MODES = ["rgb_array", "human"]


@lru_cache(maxsize=1)
def render_modes() -> list[str]:
    """The modes an env declares in its `metadata`: `human` only where SDL2 is installed (found,
    not loaded), so that Gymnasium's check_env, which makes every declared mode, passes on a
    machine without it; `make(..., render_mode="human")` there still says what to install."""
    named = os.environ.get(LIBRARY_VARIABLE)
    if named:
        found = os.path.exists(named) or ctypes.util.find_library(named) is not None
    else:
        found = any(ctypes.util.find_library(name) for name in ("SDL2-2.0", "SDL2"))
    return list(RENDER_MODES) if found else ["rgb_array"]


def for_render_mode(render_mode: str | None, title: str, fps: float, scale: float) -> Window | None:
    """The window of an env made with `render_mode` (None unless `"human"`), titled
    `Lockstep - <title>`; BadArgumentError for a mode no env draws."""
    if render_mode not in (None, *RENDER_MODES):
        raise BadArgumentError(
            f"render_mode {render_mode!r} is not supported; use None, 'rgb_array' or 'human'"
        )
    return Window(f"Lockstep - {title}", fps, scale) if render_mode == "human" else None
