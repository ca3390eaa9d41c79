import GameCore
import TestGames

@testable import GameTraining

/// The tally as an environment: each agent adds (player 1) or subtracts (player 2); the
/// episode ends when the total leaves -20...20.
extension TallyGame: TrainableGame {
  public static let observationFeatures = [
    ObservationFeature("total", "total / 20"), .unit("presses", "presses / 1000"),
  ]
  public static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
    features.write(player == 0 ? state.total : -state.total, over: 20)
    features.write(min(state.presses, 1000), over: 1000)
  }
  public static func actions(forPlayer player: Int) -> [TrainingAction] {
    player == 0
      ? [TrainingAction("noop", []), TrainingAction("add", .add)]
      : [TrainingAction("noop", []), TrainingAction("subtract", .subtract)]
  }
  public static func score(of state: State, player: Int) -> Int {
    player == 0 ? state.total : -state.total
  }
  public static func isTerminated(_ state: State) -> Bool { abs(state.total) > 20 }
  public static var timeLimit: Int { 50 }
  public static var trainingPlayers: [Int] { [1, 2] }
}

/// Buffers for a batch, owned by the test.
final class TallyBuffers {
  var observations: [Float]
  var rewards: [Float]
  var terminated: [UInt8]
  var truncated: [UInt8]
  var finals: [Float]
  /// Axis values for every step (``TrainingBuffers/axes``); empty: none.
  var axisValues: [Int32] = []
  /// Each agent's counters, and the returns and lengths of episodes that ended.
  var counters: [Int64]
  var returns: [Double]
  var lengths: [Int32]
  var ended: [Int64] = [-9]

  init(count: Int, players: Int = 1) {
    let features = TallyGame.featureCount
    observations = Array(repeating: -9, count: count * players * features)
    rewards = Array(repeating: -9, count: count * players)
    terminated = Array(repeating: 9, count: count)
    truncated = Array(repeating: 9, count: count)
    finals = Array(repeating: -9, count: count * players * features)
    counters = Array(repeating: -9, count: count * players * TallyGame.trainingCounters.count)
    returns = Array(repeating: -9, count: count * players)
    lengths = Array(repeating: -9, count: count)
  }

  /// Runs `body` with the buffers' addresses.
  func with<R>(_ body: (TrainingBuffers) throws -> R) rethrows -> R {
    try observations.withUnsafeMutableBufferPointer { o in
      try rewards.withUnsafeMutableBufferPointer { r in
        try terminated.withUnsafeMutableBufferPointer { te in
          try truncated.withUnsafeMutableBufferPointer { tr in
            try finals.withUnsafeMutableBufferPointer { f in
              try axisValues.withUnsafeBufferPointer { x in
                try withInfo { c, re, l, e in
                  try body(
                    TrainingBuffers(
                      observations: o.baseAddress!, rewards: r.baseAddress!,
                      terminated: te.baseAddress!, truncated: tr.baseAddress!,
                      finalObservations: f.baseAddress!, axes: x.isEmpty ? nil : x.baseAddress,
                      counters: c, episodeReturns: re, episodeLengths: l, episodesEnded: e))
                }
              }
            }
          }
        }
      }
    }
  }

  /// Runs `body` with the info buffers' addresses.
  private func withInfo<R>(
    _ body: (
      UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Int32>,
      UnsafeMutablePointer<Int64>
    ) throws -> R
  ) rethrows -> R {
    try counters.withUnsafeMutableBufferPointer { c in
      try returns.withUnsafeMutableBufferPointer { r in
        try lengths.withUnsafeMutableBufferPointer { l in
          try ended.withUnsafeMutableBufferPointer { e in
            try body(c.baseAddress!, r.baseAddress!, l.baseAddress!, e.baseAddress!)
          }
        }
      }
    }
  }

  /// Everything the last call wrote, for comparisons.
  var snapshot: [String] {
    [
      "\(observations)", "\(rewards)", "\(terminated)", "\(truncated)", "\(finals)",
      "\(counters)", "\(returns)", "\(lengths)", "\(ended)",
    ]
  }
}

extension TrainingBatch {
  func reset(seeds: [UInt64], _ buffers: TallyBuffers, workers: TrainingWorkers? = nil) {
    buffers.with { b in
      seeds.withUnsafeBufferPointer { reset(seeds: $0.baseAddress!, buffers: b, workers: workers) }
    }
  }

  func step(_ actions: [Int32], _ buffers: TallyBuffers, workers: TrainingWorkers? = nil)
    throws(TrainingError)
  {
    let result: Result<Void, TrainingError> = buffers.with { b in
      actions.withUnsafeBufferPointer { a in
        Result { () throws(TrainingError) in
          try step(actions: a.baseAddress!, buffers: b, workers: workers)
        }
      }
    }
    try result.get()
  }
}
