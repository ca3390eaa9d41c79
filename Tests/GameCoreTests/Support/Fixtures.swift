import GameCore

/// A small deterministic generator for property tests (SplitMix64).
struct TestRandom {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The counter of the seed articles.
enum CounterAction: Equatable, Sendable {
  case incrementTapped
  case decrementTapped
}

let counterReducer = Reducer<Int, CounterAction, Void> { count, action, _ in
  switch action {
  case .incrementTapped: count += 1
  case .decrementTapped: count -= 1
  }
  return .none
}

/// Records every action it sees into a log held in the state, for ordering tests.
struct LogState: Equatable {
  var log: [String] = []
}

enum LogAction: Equatable, Sendable {
  case start
  case followUp(String)
  case note(String)
  case timer(String)
}

/// A child feature for the lifting tests: counts hits, now or one tick later.
struct HitCounter: Equatable, Identifiable, Sendable {
  var id: Int
  var hits = 0
}

enum HitCounterAction: Equatable, Sendable {
  case hit
  case hitLater
}

let hitCounterReducer = Reducer<HitCounter, HitCounterAction, Void> { child, action, _ in
  switch action {
  case .hit: child.hits += 1
  case .hitLater: return .after(ticks: 1, .hit)
  }
  return .none
}
