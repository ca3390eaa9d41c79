import CSDL2
import GameCore
import GameScene
import Testing

@testable import GameRender

/// The mouse and the sticks as analog axes and a pointer, from hand-built SDL events: no window.
@Suite struct AnalogStateTests {
  /// A paddle on the left stick's y and the mouse's height, and a pointer over 160 × 90.
  static let layout = ButtonLayout(
    [Button("click", symbol: "C", keys: ["Space"], mouse: ["left"])],
    axes: [Axis("paddle", range: -127...127, controller: ["lefty"], mouse: .y)],
    pointer: Pointer(width: 160, height: 90))
  /// A 160 × 90 world fills the 1280 × 720 frame: eight pixels a unit.
  static let world = FrameMapping(scene: Scene(tick: 0, worldWidth: 160, worldHeight: 90))

  static func mouse(x: Int32, y: Int32) -> SDL_Event {
    var event = SDL_Event()
    event.type = SDL_MOUSEMOTION.rawValue
    event.motion.x = x
    event.motion.y = y
    return event
  }

  static func mouseButton(_ type: SDL_EventType, _ button: Int32) -> SDL_Event {
    var event = SDL_Event()
    event.type = type.rawValue
    event.button.button = UInt8(button)
    event.button.x = 8
    event.button.y = 8
    return event
  }

  static func stick(_ value: Int16, controller: SDL_JoystickID = 7) -> SDL_Event {
    var event = SDL_Event()
    event.type = SDL_CONTROLLERAXISMOTION.rawValue
    event.caxis.which = controller
    event.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_LEFTY.rawValue)
    event.caxis.value = value
    return event
  }

  @Test func theMousePointsInWorldUnitsAndMovesTheAxesThatFollowIt() {
    var input = InputState(bindings: KeyBindings(defaultsFor: Self.layout))
    #expect(input.tickInput(world: Self.world) == [])
    input.handle(Self.mouse(x: 404, y: 300))
    // 404 / 8 = 50.5 and 300 / 8 = 37.5 world units; the paddle's 255 values span the height.
    #expect(input.tickInput(world: Self.world) == TickInput(axes: [-21, 50, 37]))
    input.handle(Self.mouse(x: 5_000, y: -20))
    #expect(input.tickInput(world: Self.world) == TickInput(axes: [-127, 159, 0]))
  }

  @Test func aStickTakesTheAxisWhenItLeavesItsDeadZoneAndTheMouseTakesItBack() {
    var input = InputState(bindings: KeyBindings(defaultsFor: Self.layout))
    input.handle(Self.stick(300))
    #expect(input.tickInput(world: Self.world) == [], "a stick at rest takes nothing")
    input.handle(Self.stick(32_767))
    #expect(input.tickInput(world: Self.world)[axis: 0] == 127)
    input.handle(Self.stick(-32_768))
    #expect(input.tickInput(world: Self.world)[axis: 0] == -127)
    input.handle(Self.stick(200))
    #expect(input.tickInput(world: Self.world)[axis: 0] == 0, "let go: the centre")
    input.handle(Self.mouse(x: 0, y: 719))
    #expect(input.tickInput(world: Self.world)[axis: 0] == 127)
    input.handle(Self.stick(-900))
    #expect(input.tickInput(world: Self.world)[axis: 0] == 127, "jitter keeps the mouse's")
  }

  @Test func aMouseButtonPressesTheButtonsThatListItEvenForATap() {
    var input = InputState(bindings: KeyBindings(defaultsFor: Self.layout))
    input.handle(Self.mouseButton(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT))
    #expect(input.tickInput(world: Self.world).contains(TickInput(bit: 0)))
    #expect(input.tickInput(world: Self.world).contains(TickInput(bit: 0)), "held")
    input.handle(Self.mouseButton(SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT))
    #expect(input.tickInput(world: Self.world).isEmpty)
    input.handle(Self.mouseButton(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT))
    input.handle(Self.mouseButton(SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT))
    #expect(input.tickInput(world: Self.world).contains(TickInput(bit: 0)), "a tap")
    input.handle(Self.mouseButton(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT))
    #expect(input.tickInput(world: Self.world).isEmpty)
  }

  @Test func aGameWithoutAxesGetsNoneFromTheMouse() {
    var input = InputState(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    input.handle(Self.mouse(x: 400, y: 300))
    input.handle(Self.stick(32_767))
    #expect(input.tickInput(world: Self.world) == [])
  }

  @Test func aBotsAxesReachTheGameWithThePlayersKeysAdded() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: Self.layout))
    let session = FrameStepperTests.StandIn()
    stepper.autopilot = { TickInput(axes: [12, 3, 4]) }
    stepper.handle(FrameStepperTests.key(SDL_KEYDOWN, SDLK_SPACE), isPlaying: true)
    stepper.handle(Self.mouse(x: 404, y: 300), isPlaying: true)
    stepper.run(1, on: session) { _ in }
    #expect(session.takeCalls() == [.step(TickInput(.init(bit: 0), axes: [12, 3, 4]))])
  }
}
