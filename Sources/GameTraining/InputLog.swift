import GameCore

/// One environment's inputs of the episode so far, one per step, in memory the batch owns
/// (after those of a shared ``InputSegment``, when the environment was restored from a
/// snapshot).
///
/// A plain growable buffer rather than an `Array`: appending is a compare and a store, with
/// no uniqueness check (an array's costs about 10 ns a step, as much as a tick of Pong). It
/// doubles when full and keeps its capacity from one episode to the next, so a step
/// allocates only while an episode is longer than every one before it.
@usableFromInline
struct InputLog {
  @usableFromInline var base: UnsafeMutablePointer<TickInput>?
  @usableFromInline var count = 0
  @usableFromInline var capacity = 0
  /// The episode's first inputs, shared with the snapshot it was restored from; `base`
  /// holds the inputs after them.
  @usableFromInline var shared: InputSegment?

  @usableFromInline init() {}

  /// Adds a step's input.
  @inlinable
  mutating func append(_ input: TickInput) {
    if count == capacity { grow() }
    base.unsafelyUnwrapped[count] = input
    count += 1
  }

  /// Makes room for `extra` more inputs.
  @inlinable
  mutating func reserve(_ extra: Int) {
    while count + extra > capacity { grow() }
  }

  @usableFromInline
  mutating func grow() {
    let larger = max(256, capacity * 2)
    let fresh = UnsafeMutablePointer<TickInput>.allocate(capacity: larger)
    if let base {
      fresh.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = fresh
    capacity = larger
  }

  /// Forgets the inputs, keeping the memory.
  @inlinable
  mutating func removeAll() {
    count = 0
    shared = nil
  }

  /// The inputs, as an array: the shared ones, then the log's own.
  var inputs: [TickInput] {
    let first = shared?.inputs ?? []
    guard let base else { return first }
    return first + UnsafeBufferPointer(start: base, count: count)
  }

  /// The inputs as a segment for a snapshot: the shared ones as they are, the log's own
  /// copied after them; nil when there are none.
  var segment: InputSegment? {
    guard count > 0, let base else { return shared }
    return InputSegment(parent: shared, own: Array(UnsafeBufferPointer(start: base, count: count)))
  }

  /// Makes the inputs `segment`'s, shared, keeping the memory for those that follow.
  mutating func restore(_ segment: InputSegment?) {
    removeAll()
    shared = segment
  }

  /// Replaces the inputs with `inputs`.
  mutating func replace(with inputs: [TickInput]) {
    removeAll()
    reserve(inputs.count)
    inputs.withUnsafeBufferPointer { source in
      guard let start = source.baseAddress else { return }
      base.unsafelyUnwrapped.update(from: start, count: source.count)
    }
    count = inputs.count
  }

  /// Frees the memory; the log is empty afterwards.
  mutating func free() {
    base?.deallocate()
    base = nil
    (count, capacity) = (0, 0)
    shared = nil
  }
}
