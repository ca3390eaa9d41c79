"""The `human` render mode: frames shown in an SDL window (SDL's dummy driver here, set by
conftest; a real X server under xvfb-run where it is installed), and the errors where SDL or a
display is missing."""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
import textwrap
import time

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test
from pettingzoo.utils.conversions import parallel_to_aec

import lockstep_games
from conftest import VERSUS
from lockstep_games import window as windows


def run_python(code: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    """`code` in a fresh interpreter with exactly `env` as its environment."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
        timeout=timeout,
    )


def without_display() -> dict[str, str]:
    """This process's environment with no display and no SDL video driver named."""
    names = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    return {key: value for key, value in os.environ.items() if key not in names}


@pytest.mark.parametrize("env_id", lockstep_games.env_ids())
def test_human_mode_passes_the_checker_and_shows_every_step_in_a_window(env_id: str) -> None:
    env = gym.make(env_id, render_mode="human")
    assert env.metadata["render_modes"] == ["rgb_array", "human"]
    check_env(env.unwrapped)
    env.reset(seed=3)
    window = env.unwrapped.window
    assert window.is_open and window.video_driver == "dummy"
    for _ in range(5):
        env.step(env.action_space.sample())
    assert env.render() is None
    env.close()
    assert not window.is_open
    env.close()


@pytest.mark.parametrize("game", VERSUS)
def test_pettingzoos_render_test_passes_on_the_parallel_env(game: str) -> None:
    def make(render_mode: str | None = None):
        return parallel_to_aec(lockstep_games.parallel_env(game, render_mode=render_mode))

    render_test(make)


@pytest.mark.parametrize("game", VERSUS)
def test_pettingzoos_render_test_passes_on_the_self_play_env(game: str) -> None:
    def make(render_mode: str | None = None):
        return parallel_to_aec(lockstep_games.self_play_env(game, 1, render_mode=render_mode))

    render_test(make)


def test_self_play_draws_match_0_as_its_parallel_env_does() -> None:
    matches = lockstep_games.self_play_env("pong", 3, render_mode="rgb_array")
    alone = lockstep_games.parallel_env("pong", render_mode="rgb_array")
    matches.reset(seed=5)
    alone.reset(seed=5)
    for step in range(40):
        mine, theirs = step % 3, (step * 2) % 3
        matches.step({agent: mine if agent.endswith("0") else theirs for agent in matches.agents})
        alone.step({"player_0": mine, "player_1": theirs})
    assert (matches.render() == alone.render()).all()
    shown = lockstep_games.self_play_env("pong", 3, render_mode="human")
    shown.reset(seed=5)
    assert shown.window.is_open and shown.render() is None
    shown.close()
    assert not shown.window.is_open
    matches.close()
    alone.close()


def test_a_human_parallel_env_shows_reset_and_steps_and_closes_its_window() -> None:
    env = lockstep_games.parallel_env("pong", render_mode="human", window_scale=0.5)
    assert env.window is not None and not env.window.is_open
    env.reset(seed=1)
    assert env.window.is_open and env.render() is None
    env.step({"player_0": 1, "player_1": 2})
    env.close()
    assert not env.window.is_open


def test_frames_are_paced_at_render_fps() -> None:
    # 16 frames a second (64 ticks, 4 a step): the reset's frame then 4 steps' take at
    # least 4 periods. Only a lower bound: a busy machine can only make it slower.
    env = lockstep_games.GameEnv("pong", render_mode="human", action_repeat=4)
    assert env.metadata["render_fps"] == 16
    env.reset(seed=1)
    started = time.perf_counter()
    for _ in range(4):
        env.step(0)
    assert time.perf_counter() - started >= 4 / 16 - 0.01
    env.close()


def push_event(window: windows.Window, kind: int, close_event: bool) -> None:
    """Puts an SDL event in the queue as a user's click on the close button would."""
    event = (ctypes.c_uint8 * windows.EVENT_SIZE)()
    event[0:4] = list(kind.to_bytes(4, sys.byteorder))
    if close_event:
        event[8:12] = list(window._id.to_bytes(4, sys.byteorder))
        event[12] = 14  # SDL_WINDOWEVENT_CLOSE
    assert window._lib.SDL_PushEvent(ctypes.byref(event)) == 1


@pytest.mark.parametrize(
    "kind, close_event", [(0x200, True), (0x100, False)], ids=["close", "quit"]
)
def test_a_window_closed_by_its_user_goes_and_the_env_plays_on(
    kind: int, close_event: bool
) -> None:
    env = lockstep_games.GameEnv("pong", render_mode="human")
    env.reset(seed=2)
    window = env.window
    assert window is not None and window.is_open and not window.closed_by_user
    push_event(window, kind, close_event)
    env.step(1)
    assert window.closed_by_user and not window.is_open
    drawn = []
    render = env.batch.render
    env.batch.render = lambda index=0: drawn.append(index) or render(index)
    for _ in range(64):
        env.step(1)  # a run carries on unwatched: no frame drawn, none waited for
    assert drawn == [] and not window.wants_frames
    env.close()


def test_a_bad_window_scale_is_refused() -> None:
    for scale in (0, -1, "big", True):
        with pytest.raises(lockstep_games.BadArgumentError, match="window_scale"):
            lockstep_games.GameEnv("pong", render_mode="human", window_scale=scale)


def test_import_and_the_other_render_modes_load_no_sdl() -> None:
    result = run_python(
        """
        import lockstep_games
        env = lockstep_games.GameEnv("pong", render_mode="rgb_array")
        env.reset(seed=1)
        env.step(1)
        assert env.render().shape == (720, 1280, 3)
        maps = open("/proc/self/maps").read()
        assert "libSDL2" not in maps, [l for l in maps.splitlines() if "SDL" in l]
        print("no SDL")
        """,
        without_display(),
    )
    assert result.returncode == 0 and "no SDL" in result.stdout, result.stderr


def test_without_sdl_a_human_env_names_the_package_to_install() -> None:
    # $LOCKSTEP_SDL_LIBRARY names the library to load: a name that is nowhere is SDL missing.
    result = run_python(
        """
        import gymnasium as gym
        import lockstep_games
        try:
            gym.make("Lockstep/Pong-v0", render_mode="human")
        except gym.error.DependencyNotInstalled as error:
            assert isinstance(error, lockstep_games.SDLNotInstalledError)
            print(error)
        env = gym.make("Lockstep/Pong-v0", render_mode="rgb_array")  # still fine
        env.reset(seed=1)
        # Without SDL no env declares the human mode, so the checker passes.
        from gymnasium.utils.env_checker import check_env
        assert env.unwrapped.metadata["render_modes"] == ["rgb_array"]
        check_env(env.unwrapped)
        """,
        {**os.environ, windows.LIBRARY_VARIABLE: "libNoSuchSDL2-2.0.so.0"},
    )
    assert result.returncode == 0, result.stderr
    message = result.stdout
    assert "needs SDL2, which is not installed" in message and "libNoSuchSDL2" in message
    for install in ("apt install libsdl2-2.0-0", "dnf install SDL2", "brew install sdl2"):
        assert install in message


def test_without_a_display_a_human_env_plays_on_no_screen_and_passes_the_checker() -> None:
    # A server, a cluster or CI: Gymnasium's check_env makes every declared render mode, as
    # the guide's try_catch.py does; SDL draws to its offscreen driver, as pygame's envs do.
    result = run_python(
        """
        import gymnasium as gym
        from gymnasium.utils.env_checker import check_env
        import lockstep_games
        env = gym.make("Lockstep/Pong-v0")
        assert "human" in env.unwrapped.metadata["render_modes"]
        check_env(env.unwrapped)
        human = lockstep_games.parallel_env("pong", render_mode="human")
        human.reset(seed=1)
        human.step({agent: 0 for agent in human.agents})
        assert human.window.shows_nothing, human.window.video_driver
        driver = human.window.video_driver
        human.close()
        print("played on", driver)
        """,
        without_display(),
    )
    assert result.returncode == 0, result.stderr
    assert "played on offscreen" in result.stdout, result.stdout
    # The driver is named before SDL starts, so it probes no Wayland and prints nothing.
    assert "XDG_RUNTIME_DIR" not in result.stderr, result.stderr


@pytest.mark.skipif(
    shutil.which("xvfb-run") is None or shutil.which("xdotool") is None,
    reason="xvfb-run and xdotool (scripts/install-deps) show a real window",
)
def test_under_xvfb_a_real_window_appears() -> None:
    # The env steps (each frame paced) until X lists a visible window of this process, or a
    # deadline; then X gives its title and size. (xdotool's --name misses SDL's UTF-8 title.)
    script = """
        import os, subprocess, time
        import lockstep_games

        def xdotool(*args):
            return subprocess.run(["xdotool", *args], capture_output=True, text=True).stdout

        env = lockstep_games.GameEnv("pong", render_mode="human", window_scale=0.5)
        env.reset(seed=1)
        assert env.window.video_driver == "x11", env.window.video_driver
        deadline = time.monotonic() + 60
        found = []
        while not found and time.monotonic() < deadline:
            env.step(1)
            found = xdotool("search", "--onlyvisible", "--pid", str(os.getpid())).split()
        assert found, "no window within 60 s"
        print(xdotool("getwindowname", found[0]).strip())
        print(xdotool("getwindowgeometry", found[0]).split("Geometry:")[1].strip())
        env.close()
        """
    command = [
        "xvfb-run", "--auto-servernum", "--server-args=-screen 0 1280x800x24 -noreset",
        sys.executable, "-c", textwrap.dedent(script),
    ]
    result = subprocess.run(
        command, env=without_display(), capture_output=True, text=True, timeout=180
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.split("\n")[:2] == ["Lockstep - Pong", "640x360"], result.stdout
