import GameCore

/// One environment's inputs of the episode so far, one per step, in memory the batch owns
/// (after those of a shared ``InputSegment``, when the environment was restored from a
/// snapshot).
///
/// A plain growable buffer rather than an `Array`: appending is a compare and a store, with
/// no uniqueness check (an array's costs about 10 ns a step, as much as a tick of Pong). It
/// doubles when full and keeps its capacity from one episode to the next, so a step
/// allocates only while an episode is longer than every one before it.
///
/// The buttons and the axes are kept apart, and the axes only once an input has an axis
/// value: a ``TickInput`` takes 16 bytes in memory, its buttons 4, and a game without axes
/// (or an episode that never moved one) keeps 4 bytes a step, as before inputs had axes.
@usableFromInline
struct InputLog {
  /// Input `i`'s buttons (`rawValue`).
  @usableFromInline var base: UnsafeMutablePointer<UInt32>?
  /// Input `i`'s ``TickInput/axisLanes``; nil while every input's are 0.
  @usableFromInline var axes: UnsafeMutablePointer<UInt64>?
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
    store(input, at: count)
    count += 1
  }

  /// Writes `input` at `index` (< ``capacity``).
  @inlinable
  mutating func store(_ input: TickInput, at index: Int) {
    base.unsafelyUnwrapped[index] = input.rawValue
    if let axes {
      axes[index] = input.axisLanes
    } else if input.hasAxisValues {
      keepAxes()
      axes.unsafelyUnwrapped[index] = input.axisLanes
    }
  }

  /// Input `index` (< ``count``).
  @inlinable
  func input(at index: Int) -> TickInput {
    TickInput(rawValue: base.unsafelyUnwrapped[index], axisLanes: axes?[index] ?? 0)
  }

  /// Makes room for `extra` more inputs.
  @inlinable
  mutating func reserve(_ extra: Int) {
    while count + extra > capacity { grow() }
  }

  @usableFromInline
  mutating func grow() {
    let larger = max(256, capacity * 2)
    let fresh = UnsafeMutablePointer<UInt32>.allocate(capacity: larger)
    if let base {
      fresh.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = fresh
    if let axes {
      let freshAxes = UnsafeMutablePointer<UInt64>.allocate(capacity: larger)
      freshAxes.moveInitialize(from: axes, count: count)
      axes.deallocate()
      self.axes = freshAxes
    }
    capacity = larger
  }

  /// Starts keeping axes: every input so far had all of them at 0.
  @usableFromInline
  mutating func keepAxes() {
    let fresh = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    fresh.initialize(repeating: 0, count: capacity)
    axes = fresh
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
    return first + (0..<count).map(input(at:))
  }

  /// The inputs as a segment for a snapshot: the shared ones as they are, the log's own
  /// copied after them; nil when there are none.
  var segment: InputSegment? {
    guard count > 0 else { return shared }
    return InputSegment(parent: shared, own: (0..<count).map(input(at:)))
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
    for (index, input) in inputs.enumerated() { store(input, at: index) }
    count = inputs.count
  }

  /// Frees the memory; the log is empty afterwards.
  mutating func free() {
    base?.deallocate()
    axes?.deallocate()
    (base, axes) = (nil, nil)
    (count, capacity) = (0, 0)
    shared = nil
  }
}
