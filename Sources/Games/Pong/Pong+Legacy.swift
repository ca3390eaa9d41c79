import GameCore

/// How older rules versions hashed Pong's state. Version 1 hashed it by hand: its sections
/// were not its stored properties ("tick" held six of them). Version 2 hashed by the state's
/// description, before version 3 added `aiming` (a paddle following its axis, which files of
/// version 2 never move). Both play as version 3 does; their files verify against these.
extension Pong {
  public static let legacyHashing = [
    LegacyHashing<State>.derived(versions: 2...2, without: ["aiming"]),
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
      ]),
  ]

  /// The stable hash of some numbers, in order.
  private static func hash(_ values: some Sequence<Int>) -> UInt64 {
    values.reduce(into: StableHasher()) { $0.combine($1) }.finalized
  }
}
