import CSDL2
import Foundation

/// Whether a window can be shown here, decided without SDL printing anything.
package enum Display {
  /// True when a display server is reachable and SDL's video subsystem starts on it.
  ///
  /// No `DISPLAY`/`WAYLAND_DISPLAY` (a server, a container, CI) answers false before SDL is
  /// touched, so SDL never prints its probing errors; the offscreen and dummy drivers count as
  /// no display, since nobody would see the window. The app calls this to choose between the
  /// window and the headless attract mode.
  ///
  /// When it answers true, SDL's video subsystem stays started for the window that follows
  /// (`GameWindow` starts it again, counted, and its end stops one): closing the probe's
  /// connection first would leave a bare X server (Xvfb, no window manager) with no client for
  /// an instant, and such a server resets itself, refusing the window's connection that comes
  /// next.
  package static func isAvailable(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    if let driver = environment["SDL_VIDEODRIVER"], ["offscreen", "dummy"].contains(driver) {
      return false
    }
    let x11 = !(environment["DISPLAY"] ?? "").isEmpty
    let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    guard x11 || wayland else { return false }
    preferX11IfNoWayland()
    return SDL_InitSubSystem(SDL_INIT_VIDEO) == 0
  }

  /// With only X11 around, SDL's Wayland probe prints an XDG_RUNTIME_DIR error: skip it.
  static func preferX11IfNoWayland() {
    let environment = ProcessInfo.processInfo.environment
    if environment["SDL_VIDEODRIVER"] == nil && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
      setenv("SDL_VIDEODRIVER", "x11", 1)
    }
  }
}
