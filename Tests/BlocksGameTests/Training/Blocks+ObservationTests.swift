import GameCore
import GameTraining
import Testing

@testable import BlocksGame

/// The observation, written the fast way (the board in one loop, one-hots packed as bits),
/// against the feature table written the plain way from the public state, feature by
/// feature, on played games.
@Suite struct BlocksObservationTests {
  /// The features as the table in `observationFeatures` describes them, one at a time.
  static func plainFeatures(_ state: Blocks.State, player: Int) -> [Float] {
    guard player < state.players.count else {
      return [Float](repeating: 0, count: Blocks.featureCount)
    }
    var features: [Float] = []
    func oneHot(_ index: Int?, _ count: Int) {
      for slot in 0..<count { features.append(slot == index ? 1 : 0) }
    }
    func ratio(_ numerator: Int, _ denominator: Int) {
      features.append(max(-1, min(1, Float(numerator) / Float(denominator))))
    }
    func garbage(_ player: Player) -> Int {
      stride(from: 0, to: player.incoming.count, by: 2).map { max(0, player.incoming[$0]) }
        .reduce(0, +)
    }
    let me = state.players[player]
    for y in 0..<Field.visibleHeight {
      for x in 0..<Field.width { features.append(me.field.cell(x, y) != 0 ? 1 : 0) }
    }
    oneHot(me.active.map { Int($0.piece.rawValue) }, 7)
    oneHot(me.active.map { $0.rotation & 3 }, 4)
    ratio(max(0, (me.active?.x ?? 0) + 2), 12)
    ratio(max(0, me.active?.y ?? 0), Field.height)
    oneHot(me.hold.map { Int($0.rawValue) }, 7)
    features.append(me.holdUsed ? 1 : 0)
    for slot in 0..<5 { oneHot(slot < me.queue.count ? Int(me.queue[slot].rawValue) : nil, 7) }
    ratio(garbage(me), 20)
    ratio(max(0, me.level), 20)
    if state.players.count == 2 {
      let other = state.players[1 - player]
      ratio(other.field.heights.max() ?? 0, 20)
      ratio(garbage(other), 20)
    } else {
      features += [0, 0]
    }
    return features
  }

  func observed(_ state: Blocks.State, player: Int) -> [Float] {
    var buffer = [Float](repeating: .nan, count: Blocks.featureCount)
    buffer.withUnsafeMutableBufferPointer { buffer in
      var writer = ObservationWriter(buffer.baseAddress!)
      Blocks.observe(state, player: player, into: &writer)
      #expect(writer.count == Blocks.featureCount)
    }
    return buffer
  }

  /// Plays `ticks` ticks of random agent actions (a new game after each top-out), comparing
  /// every agent's observation after every tick; returns the first few ticks whose
  /// observations differ.
  func mismatches(players: Int, seed: UInt64, ticks: Int) -> [Int] {
    let settings = Blocks.trainingSettings(players: players)
    let actions = (0..<players).map { Blocks.actions(forPlayer: $0).map(\.input) }
    var random = SplitMix64(seed: seed)
    var state = Blocks.initialState(seed: seed, settings: settings)
    var bad: [Int] = []
    for tick in 0..<ticks {
      if Blocks.isTerminated(state) {
        state = Blocks.initialState(seed: random.next(), settings: settings)
      }
      var input = TickInput()
      for player in 0..<players {
        input.formUnion(actions[player][Int(random.next() % UInt64(actions[player].count))])
      }
      _ = Blocks().reduce(into: &state, action: .tick(input), environment: ())
      for player in 0..<players
      where observed(state, player: player) != Self.plainFeatures(state, player: player) {
        bad.append(tick)
      }
      if bad.count >= 5 { break }
    }
    return bad
  }

  @Test func marathonObservationsAreTheFeatureTableBitForBit() {
    for seed: UInt64 in [1, 2, 3] {
      #expect(mismatches(players: 1, seed: seed, ticks: 4_000) == [])
    }
  }

  @Test func versusObservationsAreTheFeatureTableBitForBit() {
    for seed: UInt64 in [4, 5] { #expect(mismatches(players: 2, seed: seed, ticks: 4_000) == []) }
  }
}
