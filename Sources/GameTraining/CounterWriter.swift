import GameCore

/// Writes one agent's counters into the caller's buffer, counter after counter, each with
/// its name.
///
/// A game's ``TrainableGame/counters(of:player:into:)`` gets one positioned at the agent's
/// first counter:
///
/// ```swift
/// counters.total("score", player.score, "the game's score, drops included")
/// counters.total("lines", player.lines, "lines cleared")
/// ```
///
/// The names are autoclosures, read only while the engine lists the counters (once per
/// game): in a batch's step a write is one store, of a 64-bit integer.
public struct CounterWriter {
  @usableFromInline let base: UnsafeMutablePointer<Int64>
  @usableFromInline var index = 0
  /// Where the writes record their counters while the engine lists them; nil in a step.
  @usableFromInline let list: Unmanaged<TrainingCounterList>?
  /// Counters written so far.
  @inlinable public var written: Int { index }

  /// A writer at `base`.
  @inlinable public init(_ base: UnsafeMutablePointer<Int64>) {
    self.base = base
    list = nil
  }

  /// A writer at `base` that records each counter in `list` (kept alive by the caller).
  init(_ base: UnsafeMutablePointer<Int64>, listingInto list: TrainingCounterList) {
    self.base = base
    self.list = Unmanaged.passUnretained(list)
  }

  /// Writes `value`, the counter named `name`.
  @inlinable @inline(__always)
  public mutating func total(
    _ name: @autoclosure () -> String, _ value: Int, _ meaning: @autoclosure () -> String = ""
  ) {
    if let list { list.takeUnretainedValue().add(TrainingCounter(name(), meaning()), at: index) }
    base[index] = Int64(value)
    index &+= 1
  }
}

/// The counters a writer is listing, in the order written.
@usableFromInline
final class TrainingCounterList {
  /// The most counters a game may report: the listing's scratch buffer's length.
  static let capacity = 256
  private(set) var counters: [TrainingCounter] = []

  @usableFromInline
  func add(_ counter: TrainingCounter, at index: Int) {
    precondition(
      index < Self.capacity, "a game may report at most \(Self.capacity) training counters")
    counters.append(counter)
  }
}
