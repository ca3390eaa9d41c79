import CSDL2
import Foundation
import GameCore
import GameScene

/// The real-time loop: events to input, a fixed-step clock to ticks, one drawn frame per
/// display refresh, sounds from each tick's cues.
///
/// Timing: elapsed time comes from `SDL_GetPerformanceCounter`; the clock turns it into whole
/// ticks to run plus the fraction of the next tick already elapsed, and the frame is drawn that
/// far between the last two ticks, so motion is smooth at any refresh rate.
package final class WindowLoop {
  /// Converts elapsed nanoseconds into (ticks to run, interpolation fraction 0..<1).
  package typealias Clock = (Int64) -> (ticks: Int, fraction: Float)

  let window: GameWindow
  let scenes: SceneRenderer
  let audio: Audio?
  /// Input, rewinding and the tick limit: the per-frame decisions, tested without a window.
  var frame: FrameStepper
  /// A bot's input for the next tick (`play --bot`); the player's keys are added to it.
  package var autopilot: (() -> TickInput)? {
    get { frame.autopilot }
    set { frame.autopilot = newValue }
  }
  /// Called after every frame is shown (`play --summary` keeps its file up to date from here).
  package var afterFrame: (() -> Void)?
  /// Stop after this many ticks (tests); nil runs until quit.
  package var tickLimit: Int? {
    get { frame.tickLimit }
    set { frame.tickLimit = newValue }
  }

  package init(window: GameWindow, scenes: SceneRenderer, audio: Audio?, bindings: KeyBindings) {
    self.window = window
    self.scenes = scenes
    self.audio = audio
    self.frame = FrameStepper(bindings: bindings)
  }

  /// Runs until the window closes, Escape, SIGINT (SDL turns it into SDL_QUIT) or the limit.
  package func run(_ session: PlaySession, clock advance: Clock) {
    let frequency = Double(SDL_GetPerformanceFrequency())
    var last = SDL_GetPerformanceCounter()
    scenes.observe(tick: session.scene)
    var showingDemo = session.isShowingDemo
    // A demo starting or ending swaps one game's scenes for another's: the emitters' particles
    // and the sounds of the one left behind go with it.
    func noteSwap() {
      guard session.isShowingDemo != showingDemo else { return }
      showingDemo = session.isShowingDemo
      scenes.forgetTicks()
      audio?.stopAll()
    }
    while !frame.isFinished && !session.hasEnded {
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 {
        frame.handle(event, on: session)
      }
      noteSwap()
      let now = SDL_GetPerformanceCounter()
      let elapsed = Int64(Double(now &- last) * 1e9 / frequency)
      last = now
      let (ticks, fraction) = advance(elapsed)
      frame.run(ticks, on: session) { forward in
        noteSwap()
        scenes.observe(tick: session.scene)
        guard forward else { return }
        let sounds = session.sounds
        for name in sounds.oneShots { audio?.play(name) }
        audio?.setLoops(sounds.loops)
      }
      if frame.limitReached { return }
      let rewinding = frame.rewinding
      if rewinding { audio?.stopAll() }
      audio?.pump()
      scenes.draw(
        session.scene, previous: rewinding ? nil : session.previousScene, fraction: fraction,
        rewinding: rewinding, notice: session.notice,
        board: session.boardOverlay + session.statusOverlay)
      SDL_RenderPresent(window.renderer)
      afterFrame?()
      if !window.hasVSync { SDL_Delay(8) }
    }
  }
}
