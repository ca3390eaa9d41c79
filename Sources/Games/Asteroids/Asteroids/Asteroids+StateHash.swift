import GameCore

/// The state hash of the game: one section per stored property, in declaration order.
///
/// Replays store ``StableHashable/stableHash`` every 64 ticks; when one disagrees, comparing
/// ``Asteroids/State/hashSections`` names the part of the state that diverged.
extension Asteroids.State: StableHashable {
  /// One `(name, hash)` per stored property of the state, in declaration order; names are the
  /// property names.
  public var hashSections: [(name: String, hash: UInt64)] {
    [
      ("tick", Self.hash(UInt64(bitPattern: Int64(tick)))),
      ("settings", settings.stableHash),
      ("session", session.stableHash),
      ("ship", ship.stableHash),
      ("rocks", rocks.stableHash),
      ("bullets", bullets.stableHash),
      ("saucer", saucer.stableHash),
      ("score", score.stableHash),
      ("particles", particles.stableHash),
      ("rng", rng.stableHash),
      ("cues", Self.hash(cues)),
    ]
  }

  /// Combines the section hashes, in order: the whole state's hash.
  public func stableHash(into hasher: inout StableHasher) {
    for section in hashSections { hasher.combine(section.hash) }
  }

  static func hash(_ word: UInt64) -> UInt64 {
    var hasher = StableHasher()
    hasher.combine(word)
    return hasher.finalized
  }

  static func hash(_ cues: [SoundCue]) -> UInt64 {
    var hasher = StableHasher()
    hasher.combine(cues)
    return hasher.finalized
  }
}
