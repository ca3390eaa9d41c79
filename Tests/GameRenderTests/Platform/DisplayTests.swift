import Testing

@testable import GameRender

@Suite struct DisplayTests {
  @Test func noDisplayServerMeansNoDisplayWithoutTouchingSDL() {
    #expect(!Display.isAvailable(environment: ["HOME": "/root"]))
    #expect(!Display.isAvailable(environment: ["DISPLAY": ""]))
  }

  @Test func offscreenAndDummyDriversCountAsNoDisplay() {
    #expect(!Display.isAvailable(environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "offscreen"]))
    #expect(!Display.isAvailable(environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"]))
  }
}
