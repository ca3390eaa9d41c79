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
  /// True while the rewind key is held, as of the latest frame's ``run(_:on:ticked:)``.
  private(set) var rewinding = false

  init(bindings: KeyBindings) { input = InputState(bindings: bindings) }

  /// True once the tick limit is reached.
  var limitReached: Bool { tickLimit.map { ticksRun >= $0 } ?? false }

  /// True once Escape, a window close, SIGINT or the tick limit ended the loop.
  var isFinished: Bool { input.quitRequested || limitReached }

  /// Feeds one polled event, with whether the scene on screen shows play under way.
  ///
  /// Losing the window's focus presses the game's pause button for one tick, only while play
  /// is under way (``Scene/isRunning``): on a title or game-over screen there is nothing to
  /// pause, and on the paused screen a press would resume the game the player walked away from.
  mutating func handle(_ event: SDL_Event, isRunning: Bool) {
    input.handle(event)
    if SDL_EventType(event.type) == SDL_WINDOWEVENT,
      event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue), isRunning
    {
      input.pauseOnce()
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
    let wasRewinding = rewinding
    rewinding = input.pollRewind()
    // Letting go of rewind always resumes play: if it stopped on a paused (or any still)
    // screen, the game's pause button is pressed for one tick.
    if wasRewinding && !rewinding && !session.scene.isRunning { input.pauseOnce() }
    for _ in 0..<ticks {
      if limitReached { return }
      if rewinding {
        for _ in 0..<rewindSpeed {
          guard session.stepBack() else { break }
          ticked(false)
        }
      } else {
        session.step(input.tickInput())
        ticksRun += 1
        ticked(true)
      }
    }
  }
}
