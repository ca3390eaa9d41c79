import GameCore

/// The batch's last few steps of inputs, one row a step with one input per environment,
/// moved into each environment's ``InputLog`` a few rows at a time.
///
/// Why: appending to each environment's own log every step stores into a different line of
/// memory per environment, and past a few thousand environments those lines have left the
/// cache by the next step, so every append missed (about a quarter of a Pong step). A row
/// is written in order instead, and every ``rowCapacity`` steps each environment's inputs
/// move to its log in one short copy. An environment's history is its log followed by its
/// journal entries from its first row on; ``TrainingBatch/inputs(_:)`` and everything
/// that reads a history flush that environment first.
@usableFromInline
struct InputJournal {
  /// Rows kept before they move to the logs.
  @usableFromInline static let rowCapacity = 16
  /// Row `r`'s input of environment `i` is `base[r * count + i]` (its buttons) and
  /// `axes[r * count + i]` (its ``TickInput/axisLanes``).
  @usableFromInline let base: UnsafeMutablePointer<UInt32>
  /// The axes, once the batch's inputs may have axis values; nil while none may (4 bytes a
  /// step rather than a `TickInput`'s 16: a row of 4,096 environments stays in the cache).
  @usableFromInline private(set) var axes: UnsafeMutablePointer<UInt64>?
  let capacity: Int
  /// Each environment's first row of its current episode: rows before it belong to no log.
  @usableFromInline let firstRows: UnsafeMutablePointer<Int>
  @usableFromInline let count: Int
  /// Rows in use: a step writes row `rows - 1`.
  @usableFromInline var rows = 0

  /// A journal for `count` environments; `axes` when some input may have an axis value.
  @usableFromInline init(count: Int, keepsHistory: Bool, axes: Bool) {
    self.count = count
    capacity = keepsHistory ? Self.rowCapacity * count : 1
    base = .allocate(capacity: capacity)
    base.initialize(repeating: 0, count: capacity)
    firstRows = .allocate(capacity: count)
    firstRows.initialize(repeating: 0, count: count)
    if axes { keepAxes() }
  }

  /// Keeps axes from now on (the rows so far had every axis at 0).
  mutating func keepAxes() {
    guard axes == nil else { return }
    let lanes = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    lanes.initialize(repeating: 0, count: capacity)
    axes = lanes
  }

  /// Environment `index` starts an episode: the rows so far are none of its business.
  @inlinable
  func begin(_ index: Int) { firstRows[index] = rows }

  /// Moves environment `index`'s pending inputs to `log` (its rows then count as moved).
  ///
  /// Without axes on either side (most games: buttons only) the rows' buttons are copied
  /// as they are, one load and one store an input; ``InputLog/store(_:at:)``'s checks for
  /// axes cost about 30 instructions an input, which every environment pays once a step.
  @usableFromInline
  func flush(_ index: Int, into log: inout InputLog) {
    let first = firstRows[index]
    guard first < rows else { return }
    let moved = rows &- first
    log.reserve(moved)
    if axes == nil && log.axes == nil {
      let target = log.base.unsafelyUnwrapped + log.count
      var slot = first &* count &+ index
      for row in 0..<moved {
        target[row] = base[slot]
        slot &+= count
      }
    } else {
      for row in first..<rows {
        let slot = row * count + index
        log.store(
          TickInput(rawValue: base[slot], axisLanes: axes?[slot] ?? 0),
          at: log.count + row - first)
      }
    }
    log.count += moved
    firstRows[index] = rows
  }

  /// Where a step writes environment `i`'s buttons (`row[i]`) and axes (`axes[i]`, nil
  /// while the journal keeps none): the row being written, read once a step rather than
  /// once an environment.
  @inlinable
  var currentRow: (buttons: UnsafeMutablePointer<UInt32>, axes: UnsafeMutablePointer<UInt64>?) {
    let start = (rows - 1) &* count
    return (base + start, axes.map { $0 + start })
  }

  /// Frees the memory.
  func free() {
    base.deallocate()
    axes?.deallocate()
    firstRows.deallocate()
  }
}
