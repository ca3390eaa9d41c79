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

  @Test func tapsAndAFocusLossPauseDuringARewindDoNotFireWhenItEnds() {
    var input = InputState(bindings: .defaults)
    input.handle(key(SDL_KEYDOWN, SDLK_BACKSPACE))
    var rewinding = input.pollRewind()
    #expect(rewinding)
    input.handle(key(SDL_KEYDOWN, SDLK_SPACE))
    input.handle(key(SDL_KEYUP, SDLK_SPACE))
    input.handle(key(SDL_KEYDOWN, SDLK_p))
    input.handle(key(SDL_KEYUP, SDLK_p))
    input.pauseOnce()
    rewinding = input.pollRewind()
    #expect(rewinding)
    input.handle(key(SDL_KEYDOWN, SDLK_LEFT))
    input.handle(key(SDL_KEYUP, SDLK_BACKSPACE))
    rewinding = input.pollRewind()
    #expect(!rewinding)
    #expect(input.tickInput() == [.rotateLeft])
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

/// A controller SDL really drives: a virtual game controller (SDL's own virtual joystick
/// driver), whose events come through `SDL_PollEvent` like a plugged-in pad's.
@Suite(.serialized) struct VirtualControllerTests {
  @Test func aPluggedInControllerIsOpenedAndItsButtonsAndStickReachTheTickInput() throws {
    try #require(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0)
    defer { SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) }
    let index = SDL_JoystickAttachVirtual(
      SDL_JOYSTICK_TYPE_GAMECONTROLLER, Int32(SDL_CONTROLLER_AXIS_MAX.rawValue),
      Int32(SDL_CONTROLLER_BUTTON_MAX.rawValue), 0)
    try #require(index >= 0, "SDL_JoystickAttachVirtual: \(String(cString: SDL_GetError()))")
    defer { SDL_JoystickDetachVirtual(index) }
    var input = InputState(bindings: .defaults)
    func pump() {
      SDL_JoystickUpdate()
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 { input.handle(event) }
    }
    pump()  // the device-added event: the input opens the controller
    // Open only if the input opened it: SDL hands out the controller's joystick from then on.
    let joystick = try #require(
      SDL_JoystickFromInstanceID(SDL_JoystickGetDeviceInstanceID(index)),
      "the input did not open the controller it was told about")
    let fire = Int32(SDL_CONTROLLER_BUTTON_A.rawValue)
    let stickX = Int32(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
    #expect(SDL_JoystickSetVirtualButton(joystick, fire, 1) == 0)
    #expect(SDL_JoystickSetVirtualAxis(joystick, stickX, -30_000) == 0)
    pump()
    #expect(input.tickInput() == [.fire, .rotateLeft])
    #expect(SDL_JoystickSetVirtualButton(joystick, fire, 0) == 0)
    #expect(SDL_JoystickSetVirtualAxis(joystick, stickX, 0) == 0)
    pump()
    #expect(input.tickInput() == [])
  }
}
