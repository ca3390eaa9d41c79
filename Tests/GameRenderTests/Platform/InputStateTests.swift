import CSDL2
import GameCore
import Testing

@testable import GameRender

@Suite struct InputStateTests {
  static let bindings = KeyBindings(defaultsFor: TinyGame.buttons)

  func key(_ type: SDL_EventType, _ code: SDL_KeyCode) -> SDL_Event {
    var event = SDL_Event()
    event.type = type.rawValue
    event.key.keysym.sym = SDL_Keycode(code.rawValue)
    return event
  }

  @Test func heldKeysBecomeTheTickInput() {
    var input = InputState(bindings: Self.bindings)
    input.handle(key(SDL_KEYDOWN, SDLK_LEFT))
    input.handle(key(SDL_KEYDOWN, SDLK_RIGHT))
    #expect(input.tickInput() == [.left, .right])
    input.handle(key(SDL_KEYUP, SDLK_LEFT))
    #expect(input.tickInput() == [.right])
  }

  @Test func aTapWithinOneFrameStillCountsForOneTick() {
    var input = InputState(bindings: Self.bindings)
    input.handle(key(SDL_KEYDOWN, SDLK_SPACE))
    input.handle(key(SDL_KEYUP, SDLK_SPACE))
    #expect(input.tickInput() == [.clap])
    #expect(input.tickInput() == [])
  }

  @Test func focusLossPressesPauseForExactlyOneTick() {
    var input = InputState(bindings: Self.bindings)
    input.pauseOnce()
    #expect(input.tickInput() == [.pause])
    #expect(input.tickInput() == [])
  }

  @Test func tapsAndAFocusLossPauseDuringARewindDoNotFireWhenItEnds() {
    var input = InputState(bindings: Self.bindings)
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
    #expect(input.tickInput() == [.left])
  }

  @Test func escapeAndWindowCloseRequestQuit() {
    var input = InputState(bindings: Self.bindings)
    input.handle(key(SDL_KEYDOWN, SDLK_ESCAPE))
    #expect(input.quitRequested)
    var closed = InputState(bindings: Self.bindings)
    var quit = SDL_Event()
    quit.type = SDL_QUIT.rawValue
    closed.handle(quit)
    #expect(closed.quitRequested)
  }

  func controllerButton(_ button: SDL_GameControllerButton, controller: Int32) -> SDL_Event {
    var press = SDL_Event()
    press.type = SDL_CONTROLLERBUTTONDOWN.rawValue
    press.cbutton.which = controller
    press.cbutton.button = UInt8(button.rawValue)
    return press
  }

  @Test func controllerButtonsAndStickMapToTheSameButtons() {
    var input = InputState(bindings: Self.bindings)
    input.handle(controllerButton(SDL_CONTROLLER_BUTTON_START, controller: 0))
    var stick = SDL_Event()
    stick.type = SDL_CONTROLLERAXISMOTION.rawValue
    stick.caxis.which = 0
    stick.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
    stick.caxis.value = 30_000
    input.handle(stick)
    #expect(input.tickInput() == [.pause, .right])
    stick.caxis.value = 5_000
    input.handle(stick)
    #expect(input.tickInput() == [.pause], "a stick near the centre presses nothing")
  }

  @Test func theSecondControllerPlaysTheSecondPlayersButtons() {
    var input = InputState(bindings: Self.bindings)
    // Player 1's pad: its A is nobody's button in this game (clap is player 2's).
    input.handle(controllerButton(SDL_CONTROLLER_BUTTON_A, controller: 7))
    #expect(input.tickInput() == [])
    input.handle(controllerButton(SDL_CONTROLLER_BUTTON_A, controller: 9))
    #expect(input.tickInput() == [.clap])
  }

  @Test func controllerNamesAreSDLsIncludingAxesPushedOneWay() {
    #expect(InputState.ControllerInput("a") == .button(Int32(SDL_CONTROLLER_BUTTON_A.rawValue)))
    #expect(
      InputState.ControllerInput("leftx-")
        == .axis(Int32(SDL_CONTROLLER_AXIS_LEFTX.rawValue), sign: -1, threshold: 12_000))
    #expect(
      InputState.ControllerInput("righttrigger")
        == .axis(Int32(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue), sign: 1, threshold: 8_000))
    #expect(InputState.ControllerInput("no-such-button") == nil)
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
    var input = InputState(bindings: InputStateTests.bindings)
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
    let fire = Int32(SDL_CONTROLLER_BUTTON_START.rawValue)
    let stickX = Int32(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
    #expect(SDL_JoystickSetVirtualButton(joystick, fire, 1) == 0)
    #expect(SDL_JoystickSetVirtualAxis(joystick, stickX, -30_000) == 0)
    pump()
    #expect(input.tickInput() == [TickInput.pause, TickInput.left])
    #expect(SDL_JoystickSetVirtualButton(joystick, fire, 0) == 0)
    #expect(SDL_JoystickSetVirtualAxis(joystick, stickX, 0) == 0)
    pump()
    #expect(input.tickInput() == [])
  }
}
