import GameCore

/// The game's ticks alone, as a batch of environments runs them: the yardstick for what the
/// environment adds (observations, rewards, flags, bookkeeping) on top of the game.
///
/// ``Game/benchmark(name:settings:bot:seed:ticks:timer:)`` ticks one game with its bot's
/// inputs: one state that stays in the nearest cache, inputs that change rarely. A batch
/// ticks thousands of states in turn, each with an agent's random action: the states come
/// from farther away and the branches guess worse. This measures that tick, and only it.
extension TrainableGame {
  @inlinable
  public static func benchmarkBatchTicks(
    count: Int, steps: Int, seed: UInt64, timer: (() -> Void) -> Int
  ) -> BatchTickResult {
    precondition(count > 0 && steps > 0, "a batch benchmark needs environments and steps")
    let settings = trainingSettings(players: 1)
    let inputs = actions(forPlayer: 0).map(\.input)
    let start = startInputs(players: 1)
    let game = Self()
    var seeds = SplitMix64(seed: seed)
    func begin(_ state: inout State) {
      state = initialState(seed: seeds.next(), settings: settings)
      for input in start { _ = game.reduce(into: &state, action: .tick(input), environment: ()) }
    }
    // 64 rows of random actions drawn beforehand and cycled, as the Python benchmark does.
    var draws = SplitMix64(seed: seed ^ 0xAC71_0115)
    let rows = 64
    let table = (0..<rows * count).map { _ in inputs[Int(draws.next() % UInt64(inputs.count))] }
    let states = UnsafeMutablePointer<State>.allocate(capacity: count)
    states.initialize(repeating: initialState(seed: 0, settings: settings), count: count)
    defer { states.deinitialize(count: count).deallocate() }
    for index in 0..<count { begin(&states[index]) }
    var episodes = 0
    let nanoseconds = table.withUnsafeBufferPointer { table in
      timer {
        for step in 0..<steps {
          let row = table.baseAddress! + (step % rows) &* count
          for index in 0..<count {
            _ = game.reduce(into: &states[index], action: .tick(row[index]), environment: ())
            if isTerminated(states[index]) {
              begin(&states[index])
              episodes += 1
            }
          }
        }
      }
    }
    var hash: UInt64 = 0
    for index in 0..<count { hash = hash &* 31 &+ states[index].stableHash }
    return BatchTickResult(
      count: count, ticks: count * steps, nanoseconds: nanoseconds, episodes: episodes,
      hash: hash)
  }
}

/// What ``TrainableGame/benchmarkBatchTicks(count:steps:seed:timer:)`` measured.
public struct BatchTickResult: Sendable {
  /// Environments ticked in turn.
  public var count: Int
  /// Ticks run in all.
  public var ticks: Int
  /// Nanoseconds they took.
  public var nanoseconds: Int
  /// Episodes that ended (and began again) on the way.
  public var episodes: Int
  /// A hash of the final states: the same for the same arguments.
  public var hash: UInt64

  /// A result.
  public init(count: Int, ticks: Int, nanoseconds: Int, episodes: Int, hash: UInt64) {
    self.count = count
    self.ticks = ticks
    self.nanoseconds = nanoseconds
    self.episodes = episodes
    self.hash = hash
  }

  /// Ticks per second.
  public var ticksPerSecond: Double { Double(ticks) * 1e9 / Double(max(1, nanoseconds)) }
}
