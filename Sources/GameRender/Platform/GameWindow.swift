import CSDL2

/// The SDL window and its renderer: 1280 × 720 logical pixels, resizable, vsync.
///
/// The renderer's logical size is fixed at the frame size the scene renderer lays out, so a
/// resized or fullscreen window shows the same picture scaled, letterboxed if need be.
package final class GameWindow {
  let window: OpaquePointer
  package let renderer: OpaquePointer
  /// False when the renderer could not sync to the display: the loop then sleeps itself.
  let hasVSync: Bool

  /// Starts SDL video and game controllers and opens the window.
  ///
  /// - Parameters:
  ///   - scale: Window size as a multiple of 1280 × 720.
  ///   - fullscreen: Fullscreen at the desktop's resolution.
  package init(title: String, scale: Double, fullscreen: Bool) throws {
    Display.preferX11IfNoWayland()
    let systems = SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS
    guard SDL_InitSubSystem(systems) == 0 else { throw SDLError("SDL_Init(video)") }
    var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
    if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
    let width = Int32((Double(SceneRenderer.frameWidth) * scale).rounded())
    let height = Int32((Double(SceneRenderer.frameHeight) * scale).rounded())
    guard
      let window = SDL_CreateWindow(
        title, CSDL2_WindowPosCentered(), CSDL2_WindowPosCentered(), max(320, width),
        max(180, height), flags)
    else { throw SDLError("SDL_CreateWindow") }
    let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
    guard
      let renderer = SDL_CreateRenderer(window, -1, accelerated)
        ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    else {
      SDL_DestroyWindow(window)
      throw SDLError("SDL_CreateRenderer")
    }
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    SDL_RenderSetLogicalSize(renderer, SceneRenderer.frameWidth, SceneRenderer.frameHeight)
    self.window = window
    self.renderer = renderer
    for index in 0..<SDL_NumJoysticks() where SDL_IsGameController(index) == SDL_TRUE {
      SDL_GameControllerOpen(index)
    }
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS)
  }
}
