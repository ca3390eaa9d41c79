import CSDL2
import Foundation
import GameCore

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
  var input: InputState
  /// Ticks undone per tick while the rewind key is held: rewinding runs at twice real speed.
  var rewindSpeed = 2
  /// Stop after this many ticks (tests); nil runs until quit.
  package var tickLimit: Int?
  private(set) var ticksRun = 0

  package init(window: GameWindow, scenes: SceneRenderer, audio: Audio?, bindings: KeyBindings) {
    self.window = window
    self.scenes = scenes
    self.audio = audio
    self.input = InputState(bindings: bindings)
  }

  /// Runs until the window closes, Escape, SIGINT (SDL turns it into SDL_QUIT) or the limit.
  package func run(_ session: PlaySession, clock advance: Clock) {
    let frequency = Double(SDL_GetPerformanceFrequency())
    var last = SDL_GetPerformanceCounter()
    var rewinding = false
    scenes.observe(tick: session.scene)
    while !input.quitRequested {
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 {
        input.handle(event)
        if SDL_EventType(event.type) == SDL_WINDOWEVENT,
          event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue),
          session.scene.phase == .playing
        {
          input.pauseOnce()
        }
      }
      let now = SDL_GetPerformanceCounter()
      let elapsed = Int64(Double(now &- last) * 1e9 / frequency)
      last = now
      let (ticks, fraction) = advance(elapsed)
      rewinding = input.pollRewind()
      for _ in 0..<ticks {
        if rewinding {
          for _ in 0..<rewindSpeed where session.stepBack() { scenes.observe(tick: session.scene) }
          audio?.stopAll()
        } else {
          session.step(input.tickInput())
          ticksRun += 1
          scenes.observe(tick: session.scene)
          let sounds = session.sounds
          for name in sounds.oneShots { audio?.play(name) }
          for name in ["thrust", "saucer-large", "saucer-small"] {
            audio?.setLoop(name, sounds.loops.contains(name))
          }
        }
        if let tickLimit, ticksRun >= tickLimit { return }
      }
      audio?.pump()
      var scene = session.scene
      scene.rewinding = rewinding
      scenes.draw(scene, previous: rewinding ? nil : session.previousScene, fraction: fraction)
      SDL_RenderPresent(window.renderer)
      if !window.hasVSync { SDL_Delay(8) }
    }
  }
}
