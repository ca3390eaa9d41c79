import GameCore

/// A computer player that produces one tick's input from the game state, for headless runs,
/// attract mode, demo replays and benchmarks.
///
/// - "ace": aims (with lead) at the most reachable rock or the saucer and fires when lined up;
///   dodges rocks it cannot shoot in time by thrusting, and rarely (when a hit is a few ticks
///   away) jumps to hyperspace; starts and restarts games by itself.
/// - "idle": holds nothing, ever.
///
/// Like a person, the ace commits to a plan (turn for n ticks, fire for a while, thrust) and
/// holds its buttons for the whole streak. That keeps run-length-encoded replays of its games
/// small and keeps it from reacting faster than a human could.
///
/// Deterministic: its only randomness is its own seeded stream, never the game's.
public struct Bot: Sendable {
  /// The available bots.
  public enum Style: String, Sendable, CaseIterable {
    /// Aims, fires, dodges: plays well.
    case ace
    /// Presses nothing.
    case idle
  }

  /// The names ``init(name:seed:)`` accepts.
  public static var names: [String] { Style.allCases.map(\.rawValue) }

  /// Which bot this is.
  public let style: Style
  var rng: SplitMix64
  /// The buttons of the current plan.
  var held: TickInput = []
  /// Ticks the current plan still holds them.
  var holdTicks = 0

  /// The bot called `name` ("ace" or "idle"), its choices seeded by `seed`.
  ///
  /// - Throws: ``BotError/unknownName(_:known:)`` for any other name.
  public init(name: String, seed: UInt64) throws(BotError) {
    guard let style = Style(rawValue: name) else {
      throw .unknownName(name, known: Self.names)
    }
    self.style = style
    self.rng = SplitMix64(seed: seed, stream: 0xB07)
  }

  /// The buttons to hold for the next tick of `state`.
  public mutating func input(for state: Asteroids.State) -> TickInput {
    switch style {
    case .idle:
      return []
    case .ace:
      switch state.session.phase {
      case .title, .gameOver:
        // Tap fire: a press, then a release, so every tap is an edge.
        held =
          held.contains(.fire) || state.session.phaseTicks <= Tuning.restartDelay ? [] : [.fire]
        holdTicks = 0
        return held
      case .paused:
        held = held.contains(.pause) ? [] : [.pause]
        return held
      case .playing:
        return play(state)
      }
    }
  }

  mutating func play(_ state: Asteroids.State) -> TickInput {
    guard state.ship.isActive else {
      holdTicks = 0
      held = []
      return held
    }
    if holdTicks > 0 {
      holdTicks -= 1
      return held
    }
    let plan = decide(state)
    held = plan.input
    holdTicks = max(0, plan.ticks - 1)
    return held
  }
}

/// Why a bot could not be made.
public enum BotError: Error, Equatable, Sendable {
  /// No bot has this name; `known` lists the ones that do.
  case unknownName(String, known: [String])
}
