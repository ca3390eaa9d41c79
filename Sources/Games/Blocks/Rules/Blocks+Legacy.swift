import GameCore

/// How rules versions 1 and 2 hashed the state, by hand: a "game" section of the scalars and
/// one section a player, leaving out the drawn last clear and hashing the drawn shake. Version
/// 3 plays the same and hashes by the state's description; older files verify against these.
extension Blocks {
  public static let legacyHashing = [
    LegacyHashing<State>(
      versions: 1...2,
      sections: [
        .init(
          "game",
          covers: [
            "tick", "phase", "mode", "opponent", "playTicks", "games", "held", "garbageRandom",
            "seed", "settings",
          ]
        ) { state in
          var hasher = StableHasher()
          for value in [
            state.tick, Int(state.phase.rawValue), Int(state.mode.rawValue),
            Int(state.opponent.rawValue), state.playTicks, state.games,
          ] {
            hasher.combine(value)
          }
          hasher.combine(state.held)
          hasher.combine(state.garbageRandom)
          hasher.combine(state.seed)
          for byte in state.settings.encoded { hasher.combine(byte) }
          return hasher.finalized
        },
        .init("player1", covers: ["players"]) { legacyHash(of: $0.players, at: 0) },
        .init("player2", covers: ["players"]) { legacyHash(of: $0.players, at: 1) },
      ])
  ]

  /// A player's hash; nil for a player the game does not have (one section a player).
  private static func legacyHash(of players: [Player], at index: Int) -> UInt64? {
    guard index < players.count else { return nil }
    var hasher = StableHasher()
    players[index].legacyHash(into: &hasher)
    return hasher.finalized
  }
}

extension Player {
  /// Everything that decides what happens next, as versions 1 and 2 hashed it.
  func legacyHash(into hasher: inout StableHasher) {
    for row in field.rows { hasher.combine(row) }
    for cell in field.cells { hasher.combine(cell) }
    if let active {
      for value in [Int(active.piece.rawValue), active.rotation, active.x, active.y] {
        hasher.combine(value)
      }
    } else {
      hasher.combine(-1)
    }
    hasher.combine(hold.map { Int($0.rawValue) } ?? -1)
    hasher.combine(holdUsed)
    for piece in queue { hasher.combine(piece.rawValue) }
    hasher.combine(random)
    for value in [
      Int(fall), lockTicks, lockResets, lowestY, rotated ? 1 : 0, lastKick, shift, shiftTicks,
      Int(held.rawValue), delay, score, lines, level, startLevel, combo, backToBack ? 1 : 0, pieces,
      toppedOut ? 1 : 0, outgoing, attack, fours, tSpins, backToBacks, perfectClears,
      Int(cues.rawValue), shake,
    ] {
      hasher.combine(value)
    }
    for value in clearing + incoming { hasher.combine(value) }
    // Only games against the rules' bot have a plan: every other game hashed as it did.
    if let botPlan {
      for value in [
        botPlan.pieces, Int(botPlan.piece.rawValue), botPlan.target.rotation, botPlan.target.x,
        botPlan.target.useHold ? 1 : 0, botPlan.target.turn,
      ] {
        hasher.combine(value)
      }
    }
  }
}
