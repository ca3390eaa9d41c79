import CSDL2
import GameCore
import Testing

@testable import GameRender

@Suite struct InputStateTests {
  func key(_ type: SDL_EventType, _ code: SDL_KeyCode) -> SDL_Event {
    var event = SDL_Event()
    event.type = type.rawValue
    event.key.keysym.sym = SDL_Keycode(code.rawValue)
    return event
  }

  @Test func heldKeysBecomeTheTickInput() {
    var input = InputState(bindings: .defaults)
    input.handle(key(SDL_KEYDOWN, SDLK_LEFT))
    input.handle(key(SDL_KEYDOWN, SDLK_UP))
    #expect(input.tickInput() == [.rotateLeft, .thrust])
    input.handle(key(SDL_KEYUP, SDLK_LEFT))
    #expect(input.tickInput() == [.thrust])
  }

  @Test func aTapWithinOneFrameStillCountsForOneTick() {
    var input = InputState(bindings: .defaults)
    input.handle(key(SDL_KEYDOWN, SDLK_SPACE))
    input.handle(key(SDL_KEYUP, SDLK_SPACE))
    #expect(input.tickInput() == [.fire])
    #expect(input.tickInput() == [])
  }

  @Test func focusLossPressesPauseForExactlyOneTick() {
    var input = InputState(bindings: .defaults)
    input.pauseOnce()
    #expect(input.tickInput() == [.pause])
    #expect(input.tickInput() == [])
  }

  @Test func escapeAndWindowCloseRequestQuit() {
    var input = InputState(bindings: .defaults)
    input.handle(key(SDL_KEYDOWN, SDLK_ESCAPE))
    #expect(input.quitRequested)
    var closed = InputState(bindings: .defaults)
    var quit = SDL_Event()
    quit.type = SDL_QUIT.rawValue
    closed.handle(quit)
    #expect(closed.quitRequested)
  }

  @Test func controllerButtonsAndStickMapToTheSameButtons() {
    var input = InputState(bindings: .defaults)
    var press = SDL_Event()
    press.type = SDL_CONTROLLERBUTTONDOWN.rawValue
    press.cbutton.button = UInt8(SDL_CONTROLLER_BUTTON_A.rawValue)
    input.handle(press)
    var stick = SDL_Event()
    stick.type = SDL_CONTROLLERAXISMOTION.rawValue
    stick.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
    stick.caxis.value = 30_000
    input.handle(stick)
    #expect(input.tickInput() == [.fire, .rotateRight])
  }
}
