/// One watched key path: its subscribers, its place in the reporting order, and the change
/// found by the last scan, waiting to be reported.
@usableFromInline
class AnyKeyPathObservation {
  /// Changed key paths are reported in increasing order of this number: first subscribed,
  /// first told.
  @exclusivity(unchecked) @usableFromInline final var sequence: Int
  /// Subscribers not cancelled; at 0 the next sweep removes the observation.
  @exclusivity(unchecked) @usableFromInline final var liveCount = 0
  /// Position in its watch list; changes only in a sweep.
  @exclusivity(unchecked) @usableFromInline final var slot = 0
  /// Reports the staged change to the subscribers; made in specialised code, so that copying
  /// and passing the values needs no metadata lookups. Takes the observation itself, so that
  /// it captures nothing.
  @usableFromInline let fire: (AnyKeyPathObservation) -> Void

  @inlinable
  init(sequence: Int, fire: @escaping (AnyKeyPathObservation) -> Void) {
    self.sequence = sequence
    self.fire = fire
  }
}

/// The subscribers of one key path.
@usableFromInline
final class KeyPathObservation<State, Value: Equatable>: AnyKeyPathObservation {
  @usableFromInline let keyPath: KeyPath<State, Value>
  @exclusivity(unchecked) @usableFromInline var subscribers:
    [SubscriberBox<(Value, Value) -> Void>] = []
  /// The change the last scan found, until it is reported.
  @exclusivity(unchecked) @usableFromInline var staged: (old: Value, new: Value)?

  @inlinable
  init(keyPath: KeyPath<State, Value>, sequence: Int) {
    self.keyPath = keyPath
    super.init(
      sequence: sequence,
      fire: { unsafeDowncast($0, to: KeyPathObservation<State, Value>.self).fireStaged() })
  }

  @inlinable
  func fireStaged() {
    guard let (old, new) = staged else { return }
    staged = nil
    // By index, up to the count now: a callback may subscribe to this key path, which
    // appends, and a newcomer starts from `new`. Cancelled subscribers (callback released) are
    // skipped; nothing is removed during a round, so the indices hold.
    let count = subscribers.count
    var index = 0
    while index < count {
      let box = subscribers[index]
      if let callback = box.callback { callback(old, new) }
      index += 1
    }
  }

  /// Drops cancelled subscribers, keeping the order of the others.
  @usableFromInline
  func removeCancelled() {
    if subscribers.count != liveCount { subscribers.removeAll { !$0.isActive } }
  }
}

/// The watched key paths whose value is a `Value`, with the last value seen of each.
///
/// Kept in one array of (offset, last value) pairs so that a notification round checks them
/// in one typed loop: a load and a comparison per key path when it names stored properties
/// (its byte offset is known), no reference counting, no indirect call. Projecting a `KeyPath`
/// through the runtime costs several hundred instructions (it looks up generic metadata every
/// time), so it is used only for key paths without an offset (computed properties, subscripts).
@usableFromInline
final class WatchList<State, Value: Equatable> {
  @usableFromInline
  struct Watch {
    /// Byte offset of the value in the state, or -1 when the key path must be projected.
    @usableFromInline var offset: Int
    @usableFromInline var last: Value

    @inlinable init(offset: Int, last: Value) {
      self.offset = offset
      self.last = last
    }
  }

  @exclusivity(unchecked) @usableFromInline var watches: [Watch] = []
  /// Parallel to `watches`.
  @exclusivity(unchecked) @usableFromInline var observations: [KeyPathObservation<State, Value>] =
    []

  @inlinable init() {}

  @inlinable
  func append(_ observation: KeyPathObservation<State, Value>, current: Value) {
    observation.slot = watches.count
    let offset = MemoryLayout<State>.offset(of: observation.keyPath) ?? -1
    watches.append(Watch(offset: offset, last: current))
    observations.append(observation)
  }

  /// Compares every watched value with the last one seen; stages the changes of key paths
  /// someone watches and appends their observations to `changed`.
  @inlinable
  func scan(_ state: UnsafePointer<State>, into changed: inout [AnyKeyPathObservation]) {
    let base = UnsafeRawPointer(state)
    watches.withUnsafeMutableBufferPointer { watches in
      for slot in watches.indices {
        let offset = watches[slot].offset
        let new: Value
        if _fastPath(offset >= 0) {
          let value = base.advanced(by: offset).assumingMemoryBound(to: Value.self)
          if _fastPath(value.pointee == watches[slot].last) { continue }
          new = value.pointee
        } else {
          new = state.pointee[keyPath: observations[slot].keyPath]
          if new == watches[slot].last { continue }
        }
        let old = watches[slot].last
        watches[slot].last = new
        let observation = observations[slot]
        if observation.liveCount > 0 {
          observation.staged = (old, new)
          changed.append(observation)
        }
      }
    }
  }

  /// Appends a ``QuickWatch`` for every watch, when every one can have one: the value is plain
  /// data (no references) of 0, 1, 2, 4, 8 or 16 bytes, at a byte offset. Returns false (and
  /// appends nothing) otherwise.
  @inlinable
  func appendQuickWatches(to quick: inout [QuickWatch]) -> Bool {
    let size = MemoryLayout<Value>.size
    guard _isPOD(Value.self), QuickWatch.sizes.contains(size) else { return watches.isEmpty }
    guard !watches.contains(where: { $0.offset < 0 }) else { return false }
    for watch in watches {
      var last = watch.last
      let (low, high) = withUnsafeBytes(of: &last) { QuickWatch.bits($0.baseAddress!, size: size) }
      quick.append(QuickWatch(offset: watch.offset, size: size, low: low, high: high))
    }
    return true
  }

  /// Drops cancelled subscribers and unwatched key paths, keeping order; returns the key paths
  /// it dropped.
  @usableFromInline
  func sweep() -> [AnyKeyPath] {
    var dropped: [AnyKeyPath] = []
    var kept = 0
    for slot in observations.indices {
      let observation = observations[slot]
      guard observation.liveCount > 0 else {
        dropped.append(observation.keyPath)
        continue
      }
      observation.removeCancelled()
      observation.slot = kept
      watches[kept] = watches[slot]
      observations[kept] = observation
      kept += 1
    }
    watches.removeLast(watches.count - kept)
    observations.removeLast(observations.count - kept)
    return dropped
  }
}

/// A watched value the store checks itself, inline, before any notification machinery: plain
/// data at a byte offset, compared as the bits it had when last seen. Equal bits mean an
/// unchanged value; different bits send the round down the typed path, which compares with
/// `==` (so a value whose padding or sign of zero changed is still reported only if `==` says
/// so).
@usableFromInline
struct QuickWatch {
  /// The sizes a quick watch reads in one or two loads.
  @usableFromInline static let sizes: Set<Int> = [0, 1, 2, 4, 8, 16]

  @usableFromInline var offset: Int
  @usableFromInline var size: Int
  @usableFromInline var low: UInt64
  @usableFromInline var high: UInt64

  @inlinable
  init(offset: Int, size: Int, low: UInt64, high: UInt64) {
    self.offset = offset
    self.size = size
    self.low = low
    self.high = high
  }

  /// The `size` bytes at `pointer` as two words, zero-extended.
  @inlinable @inline(__always)
  static func bits(_ pointer: UnsafeRawPointer, size: Int) -> (UInt64, UInt64) {
    switch size {
    case 8: (pointer.loadUnaligned(as: UInt64.self), 0)
    case 1: (UInt64(pointer.load(as: UInt8.self)), 0)
    case 4: (UInt64(pointer.loadUnaligned(as: UInt32.self)), 0)
    case 2: (UInt64(pointer.loadUnaligned(as: UInt16.self)), 0)
    case 16:
      (
        pointer.loadUnaligned(as: UInt64.self),
        pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      )
    default: (0, 0)
    }
  }
}

/// An 8-byte quick watch: where the word is and the bits it had.
@usableFromInline
struct QuickWord {
  @usableFromInline var offset: Int
  @usableFromInline var bits: UInt64

  @inlinable
  init(offset: Int, bits: UInt64) {
    self.offset = offset
    self.bits = bits
  }
}
