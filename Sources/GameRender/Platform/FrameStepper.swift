import CSDL2
import GameCore
import GameScene

/// What the window loop decides each frame, apart from SDL's clock, window and audio: which
/// events become input, which ticks run on the session, and when the loop is done.
///
/// ``WindowLoop`` feeds it the events it polls and the ticks its clock says are due; tests feed
/// it events built by hand and a stand-in ``PlaySession``, with no window at all.
struct FrameStepper {
  var input: InputState
  /// Ticks undone per tick due while the rewind key is held: rewinding runs at twice real speed.
  var rewindSpeed = 2
  /// Stop after this many ticks run forward (tests); nil runs until quit.
  var tickLimit: Int?
  private(set) var ticksRun = 0
  /// The rewind key's state, run by ``RewindReducer``; this stepper carries out its requests.
  let rewind = Store(initialState: RewindState(), reducer: RewindReducer(), environment: ())
  /// True while the rewind key is held, as of the latest frame's ``run(_:on:ticked:)``.
  var rewinding: Bool { rewind.state.isRewinding }
  /// Every key and controller button down now, whatever it is bound to: the initials entry
  /// takes only presses that begin while it is open.
  private(set) var down = KeysDown()
  /// Keys that ended a demo and are still down: the game never sees them.
  private var spentKeys: Set<SDL_Keycode> = []

  /// A bot's input for the next tick (`play --bot`), or nil when the player plays. The keys
  /// held are added to its buttons, so the player can still pause (or take a seat the bot
  /// leaves); its axes are the bot's.
  var autopilot: (() -> TickInput)?

  init(bindings: KeyBindings) { input = InputState(bindings: bindings) }

  /// True once the tick limit is reached.
  var limitReached: Bool { tickLimit.map { ticksRun >= $0 } ?? false }

  /// True once Escape, a window close, SIGINT or the tick limit ended the loop.
  var isFinished: Bool { input.quitRequested || limitReached }

  /// Feeds one polled event, with whether play is under way on screen.
  ///
  /// Losing the window's focus presses the game's pause button for one tick, only while play
  /// is under way (``PlaySession/isPlaying``): on a title or game-over screen there is nothing to
  /// pause, and on the paused screen a press would resume the game the player walked away from.
  mutating func handle(_ event: SDL_Event, isPlaying: Bool) {
    input.handle(event)
    if SDL_EventType(event.type) == SDL_WINDOWEVENT,
      event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue), isPlaying
    {
      input.pauseOnce()
    }
  }

  /// Feeds one polled event for `session`: while it waits for initials, the keys (and
  /// controller buttons) that enter them go there instead of to the game.
  ///
  /// Only a press counts, not a hold: a key already down when the entry opened (a game key
  /// held as the game ended) and the repeats of a held key enter nothing until it is let go
  /// and pressed again.
  ///
  /// Every key, button or click also wakes the session (``PlaySession/wake()``): the attract
  /// mode's idle wait starts over. One that ends a demo is used up by it, Escape included, so
  /// the screen comes back as it was; a key that did is ignored, repeats and all, until it is
  /// let go.
  mutating func handle(_ event: SDL_Event, on session: some PlaySession) {
    let isPress = down.update(event)
    if Self.wakes(event), session.wake() {
      if SDL_EventType(event.type) == SDL_KEYDOWN { spentKeys.insert(event.key.keysym.sym) }
      return
    }
    if isSpent(event) { return }
    if session.isEnteringInitials, let key = Self.entryKey(event) {
      if isPress { session.enter(key) }
      return
    }
    // A demo on screen is not the player's game, nor is a networked match one player's to
    // stop: losing the focus pauses nothing.
    handle(
      event, isPlaying: session.isPlaying && !session.isShowingDemo && !session.isSharedMatch)
  }

  /// True for an event of a person at the machine: a key, controller button or mouse button
  /// pressed, a wheel turned, a screen touched. Moving the mouse is not one.
  ///
  /// Not SDL's joystick button event: an opened controller sends one alongside its controller
  /// button event for the same press, and the second would let the press through.
  static func wakes(_ event: SDL_Event) -> Bool {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN, SDL_CONTROLLERBUTTONDOWN, SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL,
      SDL_FINGERDOWN:
      true
    default:
      false
    }
  }

  /// True for the repeats and the release of a key that ended a demo; the release forgets it.
  private mutating func isSpent(_ event: SDL_Event) -> Bool {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN: spentKeys.contains(event.key.keysym.sym)
    case SDL_KEYUP: spentKeys.remove(event.key.keysym.sym) != nil
    default: false
    }
  }

  /// The initials-entry key an event presses: letters and digits type, the arrows (or a
  /// controller's pad) pick, Return (Start) confirms, Backspace (B) goes back, A moves on.
  static func entryKey(_ event: SDL_Event) -> InitialsEntry.Key? {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN:
      let sym = event.key.keysym.sym
      switch sym {
      case SDL_Keycode(SDLK_a.rawValue)...SDL_Keycode(SDLK_z.rawValue),
        SDL_Keycode(SDLK_0.rawValue)...SDL_Keycode(SDLK_9.rawValue):
        return .character(Character(UnicodeScalar(UInt8(sym))))
      case SDL_Keycode(SDLK_UP.rawValue): return .up
      case SDL_Keycode(SDLK_DOWN.rawValue): return .down
      case SDL_Keycode(SDLK_LEFT.rawValue): return .left
      case SDL_Keycode(SDLK_RIGHT.rawValue): return .right
      case SDL_Keycode(SDLK_BACKSPACE.rawValue): return .back
      case SDL_Keycode(SDLK_RETURN.rawValue), SDL_Keycode(SDLK_KP_ENTER.rawValue): return .confirm
      default: return nil
      }
    case SDL_CONTROLLERBUTTONDOWN:
      switch SDL_GameControllerButton(Int32(event.cbutton.button)) {
      case SDL_CONTROLLER_BUTTON_DPAD_UP: return .up
      case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return .down
      case SDL_CONTROLLER_BUTTON_DPAD_LEFT, SDL_CONTROLLER_BUTTON_B: return .left
      case SDL_CONTROLLER_BUTTON_DPAD_RIGHT, SDL_CONTROLLER_BUTTON_A: return .right
      case SDL_CONTROLLER_BUTTON_START: return .confirm
      default: return nil
      }
    default:
      return nil
    }
  }

  /// Runs the `ticks` due this frame on `session`; call once per frame, even with no tick due.
  ///
  /// While the rewind key is held every tick due steps back ``rewindSpeed`` ticks (as far as
  /// the session's history goes) and none runs forward. `ticked` is called after each tick
  /// run (`forward` true) or undone (`forward` false). Stops at the tick limit.
  mutating func run(
    _ ticks: Int, on session: some PlaySession, ticked: (_ forward: Bool) -> Void
  ) {
    // A networked match never goes back: the rewind key does nothing there.
    let held = input.pollRewind() && !session.isSharedMatch
    rewind.send(
      .polled(
        held: held, isEnteringInitials: session.isEnteringInitials,
        isPlaying: session.isPlaying))
    if rewind.state.requests.contains(.pressPauseOnce) { input.pauseOnce() }
    for _ in 0..<ticks {
      if limitReached { return }
      if rewinding {
        for _ in 0..<rewindSpeed {
          guard session.stepBack() else { break }
          ticked(false)
        }
      } else {
        // While initials are entered the game runs on with nothing pressed.
        var held = input.tickInput(world: FrameMapping(scene: session.scene))
        if let autopilot { held = autopilot().union(held) }
        session.step(session.isEnteringInitials ? [] : held)
        ticksRun += 1
        ticked(true)
      }
    }
  }
}
