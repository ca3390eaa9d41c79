import Synchronization

/// A value worked out once per game type and kept: what the engine lists by running a game's
/// own code (the features its `observe` names, the counters it writes).
///
/// A scan of a short array, in the order stored, never a hash's order. Two threads asking at
/// once may both make the value; the first one stored is the one kept, and each returns its
/// own (they are equal: the making is deterministic).
final class PerGameCache<Value: Sendable>: Sendable {
  private let entries = Mutex<[(key: ObjectIdentifier, value: Value)]>([])

  /// The value kept for `game`, made by `make` on first use.
  func value(for game: Any.Type, make: () -> Value) -> Value {
    let key = ObjectIdentifier(game)
    if let known = entries.withLock({ $0.first { $0.key == key }?.value }) { return known }
    let made = make()
    entries.withLock { if !$0.contains(where: { $0.key == key }) { $0.append((key, made)) } }
    return made
  }
}
