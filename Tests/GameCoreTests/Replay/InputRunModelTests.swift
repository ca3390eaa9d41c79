import TestGames
import Testing

@testable import GameCore

@Suite struct InputRunModelTests {
  /// Runs of inputs of `bits` bits with varied lengths, no two neighbours equal.
  static func runs(bits: Int, count: Int = 5000) -> [InputRun] {
    var random = TestRandom(state: UInt64(bits))
    var runs: [InputRun] = []
    var previous: UInt32 = .max
    let mask: UInt32 = bits == 32 ? .max : (1 << UInt32(bits)) - 1
    for index in 0..<count {
      // Mostly few bits changing, as players do; sometimes anything.
      var value =
        index % 7 == 0
        ? UInt32(truncatingIfNeeded: random.next()) & mask
        : (previous == .max ? 0 : previous) ^ (1 << UInt32(random.below(bits)))
      if value == previous { value ^= 1 }
      previous = value
      let length = [1, 2, 3, 7, 64, 255, 1000, 65536][index % 8]
      runs.append(InputRun(TickInput(rawValue: value), length: length))
    }
    return runs
  }

  @Test(arguments: [1, 6, 8, 9, 16, 20, 32])
  func everyInputAndLengthSurvivesTheRangeCoder(bits: Int) throws {
    let runs = Self.runs(bits: bits)
    var encoder = RangeEncoder()
    var model = InputRunModel(bits: bits)
    for run in runs { model.encode(run, into: &encoder) }
    let bytes = encoder.finish()
    var decoder = try RangeDecoder(bytes[...], tick: 1)
    var decodingModel = InputRunModel(bits: bits)
    for run in runs { #expect(try decodingModel.decode(from: &decoder) == run) }
  }

  @Test func sixBitInputsCodeToThePinnedBytesOfFormatOne() throws {
    // Format 1 coded six-bit inputs with one 63-node tree per previous input; the grouped
    // model must give exactly the same bytes for six bits, or old replays would not read.
    var encoder = RangeEncoder()
    var model = InputRunModel(bits: 6)
    let runs: [InputRun] = [
      InputRun(TickInput(rawValue: 0b001000), length: 3), InputRun([], length: 40),
      InputRun(TickInput(rawValue: 0b000101), length: 7), InputRun(TickInput(rawValue: 0b100000), length: 1),
      InputRun(TickInput(rawValue: 0b000100), length: 1000),
    ]
    for run in runs { model.encode(run, into: &encoder) }
    #expect(encoder.finish() == Self.formatOneBytes)
  }

  /// What format 1's encoder (commit b9fb7b2) wrote for those runs.
  static let formatOneBytes: [UInt8] = [0, 32, 50, 6, 129, 79, 162, 230, 218, 66, 70, 0, 0]

  @Test func runsOfIdenticalInputsAreGrouped() {
    let inputs: [TickInput] = [.fire, .fire, [], .thrust, .thrust, .thrust]
    let runs = [InputRun](runsOf: inputs)
    #expect(
      runs == [InputRun(.fire, length: 2), InputRun([], length: 1), InputRun(.thrust, length: 3)])
    #expect(runs.expandedInputs == inputs)
  }

  @Test func readingPastTheCodedBytesThrowsInsteadOfTrapping() throws {
    var decoder = try RangeDecoder([0, 0xFF, 0xFF, 0xFF, 0xFF][...], tick: 5)
    var model = InputRunModel(bits: 6)
    #expect(throws: ReplayError.corruptInputs(atTick: 5)) {
      for _ in 0..<1000 { _ = try model.decode(from: &decoder) }
    }
  }
}
