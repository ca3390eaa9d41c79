import GameCore

/// A game the window can show and play: a `Game` that can also be drawn and heard.
///
/// Drawing is a pure function from a state to a ``Scene``; sound is a list of names per tick.
/// The engine does the rest: the window, keys and controllers (from the game's
/// `ButtonLayout`), audio, interpolation, rewind, recording, frame export and the golden
/// images of tests. No game calls SDL.
public protocol PlayableGame: Game {
  /// What `state` shows. Called once per tick; must not depend on anything but the state.
  static func scene(of state: State) -> Scene

  /// Sounds for the tick that produced `state`: one-shot names and the loops that should be
  /// running. Names are those of ``soundEffects`` and of the WAV files in the game's
  /// `sounds/` folder, without `.wav`. Silence by default.
  static func sounds(of state: State) -> Sounds

  /// Sounds made in code, by name: rendered once when the game loads, so a game needs no
  /// sound files. A WAV file of the same name in `sounds/` replaces one. None by default.
  static var soundEffects: [String: SoundEffect] { get }

  /// The name of the game's folder of assets (`assets/<name>/`): `sprites.bmp` and
  /// `sprites.atlas` (when it draws sprites), `sounds/*.wav`, `demos/*.replay`. The game's id
  /// by default.
  static var assetFolder: String { get }

  /// A file of the package that holds the game's `assets/` folder (pass `#filePath`): the
  /// engine also looks for the assets up from there, so `swift run` and tests find them in
  /// any package. Nil by default.
  static var sourceFile: String? { get }

  /// A line describing `state` for logs and the window test ("score 120, wave 2").
  static func summary(of state: State) -> String

  /// True while play is under way in `state` (not a title, pause or game-over screen). The
  /// engine decides from it, never from the scene: losing the window's focus presses the pause
  /// button only then, rewind passes over the ticks where it is false (a paused span), letting
  /// go of rewind on such a tick presses pause to resume, and the attract mode may cover only
  /// a screen where it is false.
  ///
  /// By default what the scene of `state` passed as the deprecated `isRunning:` (true when it
  /// passed nothing), so that games written before this hook keep their behaviour.
  static func isPlaying(_ state: State) -> Bool

  /// The moments `GameApp screenshots` draws: run the game and take pictures (see
  /// ``PhotoShoot``). By default: the title, thirty seconds of the first bot, and paused.
  static func screenshots(_ shoot: inout PhotoShoot<Self>, seed: UInt64)
}

extension PlayableGame {
  public static var assetFolder: String { id }
  public static var sourceFile: String? { nil }
  public static func sounds(of state: State) -> Sounds { Sounds() }
  public static var soundEffects: [String: SoundEffect] { [:] }
  public static func isPlaying(_ state: State) -> Bool { scene(of: state).runningMark }
  public static func summary(of state: State) -> String {
    metrics(of: state).map { metric in
      switch metric.value {
      case .number(let value): "\(metric.name) \(value)"
      case .text(let value): "\(metric.name) \(value)"
      }
    }.joined(separator: ", ")
  }
}

/// Sounds to play after a tick: what ``PlayableGame/sounds(of:)`` returns.
///
/// A one-shot plays once from the tick that names it (name it on one tick only: a sound named
/// on every tick restarts every tick). A loop plays over and over for as long as the game
/// names it, tick after tick, and stops on the first tick that does not (an engine's hum, a
/// siren); it keeps its place while named, so it never restarts.
///
/// ```swift
/// public static func sounds(of state: State) -> Sounds {
///   Sounds(
///     oneShots: state.caughtThisTick ? ["catch"] : [],
///     loops: state.isOver ? [] : ["hum"])
/// }
/// ```
///
/// Names are those of ``PlayableGame/soundEffects`` or of WAV files in the game's `sounds/`
/// folder: 22,050 Hz, mono, 16-bit signed PCM (anything else is refused with a message naming
/// its format). Unknown names are silent.
public struct Sounds: Equatable, Sendable {
  /// Sounds started by this tick, in order.
  public var oneShots: [String]
  /// Looping sounds that should be playing now (all others stop); in a fixed order.
  public var loops: [String]

  /// Sounds.
  public init(oneShots: [String] = [], loops: [String] = []) {
    self.oneShots = oneShots
    self.loops = loops
  }
}
