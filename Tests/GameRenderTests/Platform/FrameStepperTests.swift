import CSDL2
import GameCore
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

    var scene = Scene()
    var previousScene = Scene()
    var sounds = SoundEvents()
    var depth: Int
    private(set) var calls: [Call] = []

    init(phase: Scene.Phase = .playing, depth: Int = 0) {
      scene.phase = phase
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
    var stepper = FrameStepper(bindings: .defaults)
    let session = StandIn()
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_UP), phase: .playing)
    #expect(Self.frame(&stepper, 3, session) == [true, true, true])
    #expect(session.takeCalls() == Array(repeating: .step(.thrust), count: 3))
    #expect(stepper.ticksRun == 3)
    #expect(!stepper.rewinding)
  }

  @Test func holdingRewindStepsBackTwoTicksPerTickDueAndRunsNoneForward() {
    var stepper = FrameStepper(bindings: .defaults)
    let session = StandIn(depth: 50)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_UP), phase: .playing)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), phase: .playing)
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
    var stepper = FrameStepper(bindings: .defaults)
    let session = StandIn(depth: 3)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), phase: .playing)
    #expect(Self.frame(&stepper, 4, session) == [false, false, false])
    #expect(session.takeCalls() == [.back, .back, .back])
    #expect(Self.frame(&stepper, 2, session) == [])
    #expect(session.takeCalls() == [])
    #expect(stepper.ticksRun == 0)
  }

  @Test func releasingRewindResumesWithTheKeysStillHeld() {
    var stepper = FrameStepper(bindings: .defaults)
    let session = StandIn(depth: 10)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), phase: .playing)
    _ = Self.frame(&stepper, 2, session)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_LEFT), phase: .playing)
    stepper.handle(Self.key(SDL_KEYUP, SDLK_BACKSPACE), phase: .playing)
    _ = session.takeCalls()
    #expect(Self.frame(&stepper, 2, session) == [true, true])
    #expect(session.takeCalls() == [.step(.rotateLeft), .step(.rotateLeft)])
    #expect(!stepper.rewinding)
    #expect(session.depth == 8)
  }

  @Test func aFocusLossWhilePlayingPressesPauseForOneTick() {
    var stepper = FrameStepper(bindings: .defaults)
    let session = StandIn(phase: .playing)
    // Two focus losses before the next tick (the window flickers) are still one press.
    stepper.handle(Self.focusLost, phase: .playing)
    stepper.handle(Self.focusLost, phase: .playing)
    _ = Self.frame(&stepper, 2, session)
    #expect(session.takeCalls() == [.step(.pause), .step([])])
  }

  @Test(arguments: [Scene.Phase.title, .paused, .gameOver])
  func aFocusLossOffThePlayingScreenPressesNothing(phase: Scene.Phase) {
    var stepper = FrameStepper(bindings: .defaults)
    let session = StandIn(phase: phase)
    stepper.handle(Self.focusLost, phase: phase)
    _ = Self.frame(&stepper, 2, session)
    #expect(session.takeCalls() == [.step([]), .step([])])
  }

  @Test func aFocusLossWaitsForTheNextTickWhenNoneIsDueThisFrame() {
    var stepper = FrameStepper(bindings: .defaults)
    let session = StandIn(phase: .playing)
    stepper.handle(Self.focusLost, phase: .playing)
    _ = Self.frame(&stepper, 0, session)
    _ = Self.frame(&stepper, 1, session)
    #expect(session.takeCalls() == [.step(.pause)])
  }

  @Test func theTickLimitStopsTheLoopMidFrame() {
    var stepper = FrameStepper(bindings: .defaults)
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
    var stepper = FrameStepper(bindings: .defaults)
    stepper.tickLimit = 2
    let session = StandIn(depth: 20)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_BACKSPACE), phase: .playing)
    _ = Self.frame(&stepper, 5, session)
    #expect(!stepper.isFinished)
    stepper.handle(Self.key(SDL_KEYUP, SDLK_BACKSPACE), phase: .playing)
    _ = Self.frame(&stepper, 5, session)
    #expect(stepper.ticksRun == 2)
    #expect(stepper.isFinished)
  }

  @Test func escapeFinishesTheLoopWithNoLimitSet() {
    var stepper = FrameStepper(bindings: .defaults)
    #expect(!stepper.isFinished)
    stepper.handle(Self.key(SDL_KEYDOWN, SDLK_ESCAPE), phase: .playing)
    #expect(stepper.isFinished)
  }
}
