import GameCore

/// How rules version 1 hashed the state, by hand: one section per stored property (as today),
/// each fed field by field, rocks and particles packing their small fields into one word.
/// Version 2 hashed by the state's description but for the settings, fed as their layout-1
/// bytes; version 3 hashes the settings as their declared bytes. All three play the same, and
/// files of versions 1 and 2 still verify against these.
extension Asteroids {
  public static let legacyHashing = [
    LegacyHashing<State>(
      versions: 1...1,
      sections: [
        .init("tick") { section { $0.combine(UInt64(bitPattern: Int64($1.tick))) }($0) },
        .init("settings") { $0.settings.legacyHash },
        .init("session") { section(Session.State.legacyHash)($0.session) },
        .init("ship") { section(Ship.State.legacyHash)($0.ship) },
        .init("rocks") {
          section { hasher, rocks in legacyArray(rocks.items, Rock.legacyHash, &hasher) }(
            $0.rocks)
        },
        .init("bullets") {
          section { hasher, bullets in
            legacyArray(bullets.items, Bullets.Bullet.legacyHash, &hasher)
          }($0.bullets)
        },
        .init("saucer") { section(Saucer.State.legacyHash)($0.saucer) },
        .init("score") { section(Score.State.legacyHash)($0.score) },
        .init("particles") { section(Particles.State.legacyHash)($0.particles) },
        .init("rng") { $0.rng.stableHash },
        .init("cues") {
          section { hasher, cues in
            legacyArray(cues, { cue in { $0.combine(cue.rawValue) } }, &hasher)
          }($0.cues)
        },
      ]),
    .derived(versions: 2...2, replacing: [.init("settings") { $0.settings.legacyHash }]),
  ]

  /// The finalized hash of what `feed` feeds for a value.
  private static func section<Value>(_ feed: @escaping (inout StableHasher, Value) -> Void)
    -> (Value) -> UInt64
  {
    { value in
      var hasher = StableHasher()
      feed(&hasher, value)
      return hasher.finalized
    }
  }

  private static func section<Value>(_ feed: @escaping (Value) -> (inout StableHasher) -> Void)
    -> (Value) -> UInt64
  {
    section { hasher, value in feed(value)(&hasher) }
  }

  /// An array as version 1 fed it: the count, then each element.
  private static func legacyArray<Element>(
    _ items: [Element], _ feed: (Element) -> (inout StableHasher) -> Void,
    _ hasher: inout StableHasher
  ) {
    hasher.combine(items.count)
    for item in items { feed(item)(&hasher) }
  }
}

extension Session.State {
  func legacyHash(into hasher: inout StableHasher) {
    hasher.combine(phase.rawValue)
    hasher.combine(phaseTicks)
    hasher.combine(held)
    hasher.combine(gamesStarted)
  }
}

extension Ship.State {
  func legacyHash(into hasher: inout StableHasher) {
    hasher.combine(position)
    hasher.combine(velocity)
    hasher.combine(angle)
    hasher.combine(isAlive)
    hasher.combine(isThrusting)
    hasher.combine(fireCooldown)
    hasher.combine(hyperspaceTicks)
    hasher.combine(hyperspaceFails)
    hasher.combine(respawnTicks)
    hasher.combine(invulnerableTicks)
  }
}

extension Rock {
  func legacyHash(into hasher: inout StableHasher) {
    hasher.combine(position)
    hasher.combine(velocity)
    hasher.combine(
      UInt64(angle.raw) | UInt64(UInt16(bitPattern: spin)) << 16
        | UInt64(size.rawValue) << 32 | UInt64(shape) << 40)
  }
}

extension Bullets.Bullet {
  func legacyHash(into hasher: inout StableHasher) {
    hasher.combine(position)
    hasher.combine(velocity)
    hasher.combine(ticksLeft)
    hasher.combine(owner.rawValue)
  }
}

extension Saucer.State {
  func legacyHash(into hasher: inout StableHasher) {
    hasher.combine(isActive)
    hasher.combine(isSmall)
    hasher.combine(position)
    hasher.combine(velocity)
    hasher.combine(spawnTicks)
    hasher.combine(interval)
    hasher.combine(fireTicks)
    hasher.combine(turnTicks)
  }
}

extension Score.State {
  func legacyHash(into hasher: inout StableHasher) {
    hasher.combine(score)
    hasher.combine(lives)
    hasher.combine(wave)
    hasher.combine(nextExtraLife)
    hasher.combine(highScore)
    hasher.combine(clearedTicks)
    hasher.combine(beatTicks)
    hasher.combine(beats)
  }
}

extension Particles.State {
  func legacyHash(into hasher: inout StableHasher) {
    hasher.combine(items.count)
    for particle in items {
      hasher.combine(particle.position)
      hasher.combine(particle.velocity)
      hasher.combine(
        UInt32(UInt16(bitPattern: particle.ticksLeft)) | UInt32(particle.kind.rawValue) << 16)
    }
    hasher.combine(rng)
  }
}
