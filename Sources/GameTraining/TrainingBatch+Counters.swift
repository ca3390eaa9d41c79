import GameCore

/// Counters read outside a step: after a restore, and for a caller that asks.
extension TrainingBatch {
  /// Writes environment `index`'s counters (`[players][c]`) at `buffer`.
  public func counters(_ index: Int, into buffer: UnsafeMutablePointer<Int64>)
    throws(TrainingError)
  {
    try check(index)
    for player in 0..<players {
      var writer = CounterWriter(buffer + player * counterCount)
      G.counters(of: states[index], player: player, into: &writer)
    }
  }

  /// After a restore: environment `index`'s counters and reward counter from its state, and
  /// the reward counter its episode started from (its return counts from there), from the
  /// episode's first state.
  func recount(_ index: Int) {
    count(index, into: counterRows)
    var first = G.initialState(seed: episodes[index].seed, settings: settings)
    for input in startInputs {
      _ = game.reduce(into: &first, action: .tick(input), environment: ())
    }
    let row = UnsafeMutablePointer<Int64>.allocate(capacity: counterCount)
    defer { row.deallocate() }
    for player in 0..<players {
      var writer = CounterWriter(row)
      G.counters(of: first, player: player, into: &writer)
      startScores[index * players + player] = Int(row[rewardCounter])
    }
  }
}
