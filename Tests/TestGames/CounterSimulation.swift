import GameCore

/// A tiny stand-in game for the replay tests: a few sections that the inputs move in
/// different ways, a seeded RNG, and external actions that add to a total.
public struct CounterSimulation: ReplayableSimulation {
  public struct State: ReplayHashable, Equatable {
    public var position: Int = 0
    public var heading: Int = 0
    public var shots: [Int] = []
    public var total: Int = 0
    public var rng: UInt64

    public func stableHash(into hasher: inout StableHasher) {
      for section in hashSections { hasher.combine(section.hash) }
    }

    public var hashSections: [(name: String, hash: UInt64)] {
      [
        ("position", position.stableHashValue), ("heading", heading.stableHashValue),
        ("shots", shots.stableHashValue), ("total", total.stableHashValue),
        ("rng", rng.stableHashValue),
      ]
    }
  }

  public static let gameID = "counter"
  public static let gameVersion: UInt16 = 7
  public static let inputBits = 6

  public var state: State

  public init(seed: UInt64) {
    state = State(rng: seed | 1)
  }

  public init(replaying header: ReplayHeader) throws(ReplayError) {
    guard header.settings == [1, 2, 3] else { throw .badSettings(reason: "expected [1, 2, 3]") }
    self.init(seed: header.seed)
  }

  public mutating func deliver(_ action: ExternalAction) throws(ReplayError) {
    guard let first = action.payload.first else {
      throw .unsupportedExternalAction(atTick: action.tick)
    }
    state.total += Int(first)
  }

  public mutating func step(_ input: TickInput) {
    state.rng ^= state.rng << 13
    state.rng ^= state.rng >> 7
    state.rng ^= state.rng << 17
    if input.contains(.thrust) { state.position += 3 }
    if input.contains(.rotateLeft) { state.heading -= 1 }
    if input.contains(.rotateRight) { state.heading += 1 }
    if input.contains(.fire) { state.shots.append(Int(state.rng % 100)) }
    if state.shots.count > 4 { state.shots.removeFirst() }
  }

  public static let header = ReplayHeader(
    gameID: gameID, gameVersion: gameVersion, inputBits: UInt8(inputBits), tickRate: 64,
    seed: 42, settings: [1, 2, 3])
}

/// Human-like input: turns held for a while, thrust in bursts, fire taps; deterministic.
public struct SyntheticPlayer {
  public var rng: UInt64

  public init(rng: UInt64) { self.rng = rng }

  public mutating func next() -> UInt64 {
    rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return rng >> 33
  }

  /// `ticks` inputs of play.
  public mutating func inputs(_ ticks: Int) -> [TickInput] {
    var result: [TickInput] = []
    var turn: TickInput = []
    var turnLeft = 0
    var thrustLeft = 0
    var fireLeft = 0
    var fireGap = 10
    while result.count < ticks {
      if turnLeft == 0 {
        turnLeft = Int(next() % 40) + 5
        turn = [[], .rotateLeft, .rotateRight][Int(next() % 3)]
      }
      if thrustLeft == 0 { thrustLeft = Int(next() % 60) + 10 }
      var input = turn
      if thrustLeft > 30 { input.insert(.thrust) }
      if fireGap == 0 {
        fireLeft = 3
        fireGap = Int(next() % 30) + 8
      }
      if fireLeft > 0 {
        input.insert(.fire)
        fireLeft -= 1
      } else {
        fireGap -= 1
      }
      turnLeft -= 1
      thrustLeft -= 1
      result.append(input)
    }
    return result
  }
}

/// Records `inputs` through a `CounterSimulation` into memory.
public func recordCounterReplay(
  _ inputs: [TickInput], externals: [Int: [UInt8]] = [:], chunkTicks: Int = 1024
) throws -> (bytes: [UInt8], simulation: CounterSimulation) {
  let sink = MemoryReplaySink()
  let recorder = try ReplayRecorder(
    header: CounterSimulation.header, sink: sink, chunkTicks: chunkTicks)
  var simulation = try CounterSimulation(replaying: CounterSimulation.header)
  for (index, input) in inputs.enumerated() {
    if let payload = externals[index + 1] {
      recorder.recordExternal(payload)
      try simulation.deliver(ExternalAction(tick: index + 1, payload: payload))
    }
    simulation.step(input)
    try recorder.record(input, after: simulation.state)
  }
  try recorder.finish(state: simulation.state)
  return (sink.bytes, simulation)
}

/// The counter's buttons (bits 0-5, as the six-button games before format 2 had them).
extension TickInput {
  public static let rotateLeft = TickInput(bit: 0)
  public static let rotateRight = TickInput(bit: 1)
  public static let thrust = TickInput(bit: 2)
  public static let fire = TickInput(bit: 3)
  public static let hyperspace = TickInput(bit: 4)
  public static let pause = TickInput(bit: 5)
}
