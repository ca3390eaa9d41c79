import CSDL2
import GameCore
import GameScene
import Testing

@testable import GameRender

/// The window loop's per-frame decisions, driven with hand-built events and a stand-in session:
/// no window, no clock, no SDL_Init.
@Suite struct FrameStepperTests {
  /// A session that records what the loop asked of it; `depth` ticks of history can be undone.
  final class StandIn: PlaySession {
    enum Call: Equatable {
      case step(TickInput)
      case back
    }

    var scene = Scene(tick: 0)
    var previousScene = Scene(tick: 0)
    var sounds = Sounds()
    var isPlaying: Bool
    var depth: Int
    private(set) var calls: [Call] = []
    /// True while the stand-in shows a demo: the next ``wake()`` ends it.
    var isShowingDemo = false
    /// True while the stand-in plays a networked match: no rewind, no pause on a lost focus.
    var isSharedMatch = false
    /// Times ``wake()`` was called.
    private(set) var wakes = 0

    init(isPlaying: Bool = true, depth: Int = 0) {
      self.isPlaying = isPlaying
      self.depth = depth
    }

    func step(_ input: TickInput) {
      calls.append(.step(input))
      depth += 1
    }

    func stepBack() -> Bool {
      guard depth > 0 else { return false }
      depth -= 1
      calls.append(.back)
      return true
    }

    func finish() throws -> [String] { [] }

    func wake() -> Bool {
      wakes += 1
      defer { isShowingDemo = false }
      return isShowingDemo
    }

    /// The calls made since the last time this was asked.
    func takeCalls() -> [Call] {
      defer { calls.removeAll() }
      return calls
    }
  }

  static func key(_ type: SDL_EventType, _ code: SDL_KeyCode) -> SDL_Event {
    var event = SDL_Event()
    event.type = type.rawValue
    event.key.keysym.sym = SDL_Keycode(code.rawValue)
    return event
  }

  static var focusLost: SDL_Event {
    var event = SDL_Event()
    event.type = SDL_WINDOWEVENT.rawValue
    event.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
    return event
  }

  /// Runs one frame with `ticks` due; returns the `forward` flags `ticked` was called with.
  static func frame(
    _ stepper: inout FrameStepper, _ ticks: Int, _ session: StandIn
  ) -> [Bool] {
    var ticked: [Bool] = []
    stepper.run(ticks, on: session) { ticked.append($0) }
    return ticked
  }

  @Test func ticksDueRunForwardWithTheHeldInput() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn()
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_RIGHT), isPlaying: true)
    #expect(Self.frame(&stepper, 3, session) == [true, true, true])
    #expect(session.takeCalls() == Array(repeating: .step(.right), count: 3))
    #expect(stepper.ticksRun == 3)
    #expect(!stepper.rewinding)
  }

  @Test func aBotAtTheControlsPlaysEachTickAndTheKeysHeldAreAddedToItsInput() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn()
    var asked = 0
    stepper.autopilot = {
      asked += 1
      return asked % 2 == 1 ? .right : []
    }
    #expect(Self.frame(&stepper, 3, session) == [true, true, true])
    #expect(session.takeCalls() == [.step(.right), .step([]), .step(.right)])
    // A key held (the player pausing, or taking a button the bot leaves) joins the bot's.
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_LEFT), isPlaying: true)
    #expect(Self.frame(&stepper, 2, session) == [true, true])
    #expect(session.takeCalls() == [.step([.left]), .step([.left, .right])])
    #expect(asked == 5)
  }

  @Test func holdingRewindStepsBackTwoTicksPerTickDueAndRunsNoneForward() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(depth: 50)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_RIGHT), isPlaying: true)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), isPlaying: true)
    #expect(Self.frame(&stepper, 3, session) == Array(repeating: false, count: 6))
    #expect(session.takeCalls() == Array(repeating: .back, count: 6))
    #expect(stepper.rewinding)
    // A frame with no tick due undoes nothing, and still counts as rewinding (the HUD says so).
    #expect(Self.frame(&stepper, 0, session) == [])
    #expect(stepper.rewinding)
    #expect(Self.frame(&stepper, 1, session) == [false, false])
    #expect(session.takeCalls() == [.back, .back])
    #expect(session.depth == 42)
    #expect(stepper.ticksRun == 0)
  }

  @Test func rewindingStopsAtTheOldestTickInHistoryWithoutRunningForward() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(depth: 3)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), isPlaying: true)
    #expect(Self.frame(&stepper, 4, session) == [false, false, false])
    #expect(session.takeCalls() == [.back, .back, .back])
    #expect(Self.frame(&stepper, 2, session) == [])
    #expect(session.takeCalls() == [])
    #expect(stepper.ticksRun == 0)
  }

  @Test func releasingRewindResumesWithTheKeysStillHeld() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(depth: 10)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), isPlaying: true)
    _ = Self.frame(&stepper, 2, session)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_LEFT), isPlaying: true)
    stepper.handle(Self.key(SDL_KEYUP, SDLK_BACKSPACE), isPlaying: true)
    _ = session.takeCalls()
    #expect(Self.frame(&stepper, 2, session) == [true, true])
    #expect(session.takeCalls() == [.step(.left), .step(.left)])
    #expect(!stepper.rewinding)
    #expect(session.depth == 8)
  }

  @Test func aFocusLossWhilePlayingPressesPauseForOneTick() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: true)
    // Two focus losses before the next tick (the window flickers) are still one press.
    stepper.handle(Self.focusLost, isPlaying: true)
    stepper.handle(Self.focusLost, isPlaying: true)
    _ = Self.frame(&stepper, 2, session)
    #expect(session.takeCalls() == [.step(.pause), .step([])])
  }

  @Test func aFocusLossOffThePlayingScreenPressesNothing() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: false)
    stepper.handle(Self.focusLost, isPlaying: false)
    _ = Self.frame(&stepper, 2, session)
    #expect(session.takeCalls() == [.step([]), .step([])])
  }

  @Test func aFocusLossWaitsForTheNextTickWhenNoneIsDueThisFrame() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: true)
    stepper.handle(Self.focusLost, isPlaying: true)
    _ = Self.frame(&stepper, 0, session)
    _ = Self.frame(&stepper, 1, session)
    #expect(session.takeCalls() == [.step(.pause)])
  }

  @Test func theTickLimitStopsTheLoopMidFrame() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    stepper.tickLimit = 5
    let session = StandIn()
    _ = Self.frame(&stepper, 3, session)
    #expect(!stepper.isFinished)
    #expect(Self.frame(&stepper, 4, session) == [true, true])
    #expect(stepper.ticksRun == 5)
    #expect(stepper.limitReached)
    #expect(stepper.isFinished)
    #expect(Self.frame(&stepper, 4, session) == [])
    #expect(session.takeCalls().count == 5)
  }

  @Test func ticksUndoneDoNotCountTowardTheTickLimit() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    stepper.tickLimit = 2
    let session = StandIn(depth: 20)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), isPlaying: true)
    _ = Self.frame(&stepper, 5, session)
    #expect(!stepper.isFinished)
    stepper.handle(Self.key(SDL_KEYUP, SDLK_BACKSPACE), isPlaying: true)
    _ = Self.frame(&stepper, 5, session)
    #expect(stepper.ticksRun == 2)
    #expect(stepper.isFinished)
  }

  @Test func lettingGoOfRewindOnAStillScreenPressesPauseToResume() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: false, depth: 10)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), isPlaying: false)
    _ = Self.frame(&stepper, 1, session)
    stepper.handle(Self.key(SDL_KEYUP, SDLK_BACKSPACE), isPlaying: false)
    _ = session.takeCalls()
    _ = Self.frame(&stepper, 2, session)
    #expect(session.takeCalls() == [.step(.pause), .step([])])
    // On a running screen, letting go presses nothing.
    var running = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let playing = StandIn(isPlaying: true, depth: 10)
    running.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), isPlaying: true)
    _ = Self.frame(&running, 1, playing)
    running.handle(Self.key(SDL_KEYUP, SDLK_BACKSPACE), isPlaying: true)
    _ = playing.takeCalls()
    _ = Self.frame(&running, 1, playing)
    #expect(playing.takeCalls() == [.step([])])
  }

  @Test func escapeFinishesTheLoopWithNoLimitSet() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    #expect(!stepper.isFinished)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_ESCAPE), isPlaying: true)
    #expect(stepper.isFinished)
  }

  static func repeated(_ code: SDL_KeyCode) -> SDL_Event {
    var event = key(SDL_KEYDOWN, code)
    event.key.repeat = 1
    return event
  }

  @Test func aKeyThatEndsADemoNeverReachesTheGameRepeatsAndAll() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: false)
    session.isShowingDemo = true
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_RIGHT), on: session)
    #expect(!session.isShowingDemo, "the key ended the demo")
    stepper.handle(Self.repeated(SDLK_RIGHT), on: session)
    _ = Self.frame(&stepper, 2, session)
    #expect(session.takeCalls() == [.step([]), .step([])], "neither the press nor its repeats")
    stepper.handle(Self.key(SDL_KEYUP, SDLK_RIGHT), on: session)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_RIGHT), on: session)
    _ = Self.frame(&stepper, 1, session)
    #expect(session.takeCalls() == [.step(.right)], "pressed again, it plays")
  }

  @Test func escapeEndsADemoWithoutQuittingAndQuitsOnTheTitle() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: false)
    session.isShowingDemo = true
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_ESCAPE), on: session)
    #expect(!stepper.isFinished)
    stepper.handle(Self.key(SDL_KEYUP, SDLK_ESCAPE), on: session)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_ESCAPE), on: session)
    #expect(stepper.isFinished)
  }

  @Test func everyKeyButtonAndClickWakesTheSessionButMovingTheMouseDoesNot() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: false)
    var click = SDL_Event()
    click.type = SDL_MOUSEBUTTONDOWN.rawValue
    var button = SDL_Event()
    button.type = SDL_CONTROLLERBUTTONDOWN.rawValue
    var motion = SDL_Event()
    motion.type = SDL_MOUSEMOTION.rawValue
    // A controller's press comes as a joystick event too: only the controller event counts.
    var joystick = SDL_Event()
    joystick.type = SDL_JOYBUTTONDOWN.rawValue
    stepper.handle(joystick, on: session)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_q), on: session)  // bound to nothing
    stepper.handle(click, on: session)
    stepper.handle(button, on: session)
    stepper.handle(motion, on: session)
    stepper.handle(Self.key(SDL_KEYUP, SDLK_q), on: session)
    #expect(session.wakes == 3)
    session.isShowingDemo = true
    stepper.handle(click, on: session)
    #expect(!session.isShowingDemo, "a click ends a demo")
  }

  @Test func aFocusLossDuringADemoPausesNothing() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: true)
    session.isShowingDemo = true
    stepper.handle(Self.focusLost, on: session)
    _ = Self.frame(&stepper, 1, session)
    #expect(session.takeCalls() == [.step([])])
  }

  @Test func aNetworkedMatchNeitherRewindsNorPausesOnALostFocus() {
    var stepper = FrameStepper(bindings: KeyBindings(defaultsFor: TinyGame.buttons))
    let session = StandIn(isPlaying: true, depth: 50)
    session.isSharedMatch = true
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_RIGHT), on: session)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), on: session)
    stepper.handle(Self.focusLost, on: session)
    #expect(Self.frame(&stepper, 2, session) == [true, true])
    #expect(session.takeCalls() == [.step(.right), .step(.right)], "forward, and no pause pressed")
    #expect(!stepper.rewinding)
    #expect(session.depth == 52)
  }
}
