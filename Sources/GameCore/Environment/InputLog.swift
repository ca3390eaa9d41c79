/// One environment's inputs of the episode so far, one per step, in memory the batch owns.
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
  mutating func removeAll() { count = 0 }

  /// The inputs, as an array.
  var inputs: [TickInput] {
    guard let base else { return [] }
    return Array(UnsafeBufferPointer(start: base, count: count))
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
  }
}
