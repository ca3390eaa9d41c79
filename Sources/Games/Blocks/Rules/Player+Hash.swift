import GameCore

/// A player's part of the replay hash.
extension Player {
  /// Hashes everything that decides what happens next.
  func hash(into hasher: inout StableHasher) {
    field.hash(into: &hasher)
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
    // Only games against the rules' bot have a plan: every other game hashes as it did.
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
