/// A run of identical tick inputs: `input` held for `length` consecutive ticks.
///
/// The unit the replay stores inputs in: a player holds buttons for many ticks at a time, so
/// an hour of play at 64 Hz (230,400 ticks) is typically a few tens of thousands of runs.
public struct InputRun: Equatable, Hashable, Sendable {
  /// The buttons held during the run.
  public var input: TickInput
  /// How many ticks the run lasts; at least 1.
  public var length: Int

  /// A run of `length` ticks of `input`.
  public init(_ input: TickInput, length: Int) {
    self.input = input
    self.length = length
  }
}

extension Array where Element == InputRun {
  /// Splits a list of per-tick inputs into runs.
  public init(runsOf inputs: some Sequence<TickInput>) {
    self = []
    for input in inputs {
      if let last = self.last, last.input == input {
        self[self.count - 1].length += 1
      } else {
        self.append(InputRun(input, length: 1))
      }
    }
  }

  /// The per-tick inputs the runs stand for.
  public var expandedInputs: [TickInput] {
    flatMap { repeatElement($0.input, count: $0.length) }
  }
}
