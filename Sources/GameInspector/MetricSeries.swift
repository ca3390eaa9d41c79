import GameCore

/// A game's numeric metrics (score, level, lines…) sampled over a whole replay: the
/// inspector's chart.
///
/// At most about ``maxSamples`` samples, evenly spaced, plus the last tick, so an hour-long
/// replay charts in a few kilobytes.
public struct MetricSeries: Equatable, Sendable {
  /// Samples per series at most (plus the last tick).
  public static let maxSamples = 2_000

  /// The metrics' names, in the game's order (score first); text metrics are left out.
  public var names: [String]
  /// The ticks sampled, in order.
  public var ticks: [Int]
  /// `values[i][j]`: metric `names[i]` at `ticks[j]`.
  public var values: [[Int]]

  /// An empty series.
  public init(names: [String] = [], ticks: [Int] = [], values: [[Int]] = []) {
    self.names = names
    self.ticks = ticks
    self.values = values
  }
}

/// Builds a ``MetricSeries`` while a replay plays.
struct MetricSampler<G: Game> {
  let every: Int
  private(set) var series = MetricSeries()

  init(ticks: Int) {
    every = max(1, (ticks + MetricSeries.maxSamples - 1) / MetricSeries.maxSamples)
  }

  /// Takes a sample when `tick` is due (or `last` forces one).
  mutating func observe(tick: Int, state: G.State, last: Bool) {
    guard tick % every == 0 || last else { return }
    var numbers: [(String, Int)] = []
    for metric in G.metrics(of: state) {
      if case .number(let value) = metric.value { numbers.append((metric.name, value)) }
    }
    for (name, _) in numbers where !series.names.contains(name) {
      series.names.append(name)
      // A metric first seen late was absent before: 0 there.
      series.values.append(Array(repeating: 0, count: series.ticks.count))
    }
    series.ticks.append(tick)
    for (index, name) in series.names.enumerated() {
      let value = numbers.first { $0.0 == name }?.1 ?? series.values[index].last ?? 0
      series.values[index].append(value)
    }
  }
}
