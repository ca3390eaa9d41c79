import GameCore

/// How rules version 1 hashed Pong's state, by hand: its sections were not its stored
/// properties ("tick" held six of them). Version 2 plays the same and hashes by the state's
/// description; files of version 1 still verify against these.
extension Pong {
  public static let legacyHashing = [
    LegacyHashing<State>(
      versions: 1...1,
      sections: [
        .init("tick", covers: ["tick", "phase", "serveIn", "hits", "held", "cues"]) {
          hash([
            $0.tick, Int($0.phase.rawValue), $0.serveIn, $0.hits, Int($0.held.rawValue), $0.cues,
          ])
        },
        .init("players", covers: ["twoPlayers"]) { hash([$0.twoPlayers ? 2 : 1]) },
        .init("paddles") { hash($0.paddles) },
        .init("ball") { hash($0.ball) },
        .init("points") { hash($0.points) },
        .init("random") { $0.random.stableHash },
      ])
  ]

  /// The stable hash of some numbers, in order.
  private static func hash(_ values: some Sequence<Int>) -> UInt64 {
    values.reduce(into: StableHasher()) { $0.combine($1) }.finalized
  }
}
