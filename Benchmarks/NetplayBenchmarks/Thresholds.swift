import Benchmark

/// What `swift package benchmark baseline check` fails on: a median (p50) wall clock more than
/// 10 % slower than the baseline's. (Kept in each target: a target is a module of its own.)
var regressionThresholds: [BenchmarkMetric: BenchmarkThresholds] {
  [.wallClock: BenchmarkThresholds(relative: [.p50: 10.0])]
}
