import Testing

@testable import GameCore

@Suite struct InputRunModelTests {
  @Test func everyInputAndLengthSurvivesTheRangeCoder() throws {
    var runs: [InputRun] = []
    var previous: UInt8 = 0xFF
    for index in 0..<5000 {
      var value = UInt8(truncatingIfNeeded: index &* 37 ^ index >> 3) & 0x3F
      if value == previous { value ^= 1 }
      previous = value
      let length = [1, 2, 3, 7, 64, 255, 1000, 65536][index % 8]
      runs.append(InputRun(TickInput(rawValue: value), length: length))
    }
    var encoder = RangeEncoder()
    var model = InputRunModel()
    for run in runs { model.encode(run, into: &encoder) }
    let bytes = encoder.finish()
    var decoder = try RangeDecoder(bytes[...], tick: 1)
    var decodingModel = InputRunModel()
    for run in runs { #expect(try decodingModel.decode(from: &decoder) == run) }
  }

  @Test func runsOfIdenticalInputsAreGrouped() {
    let inputs: [TickInput] = [.fire, .fire, [], .thrust, .thrust, .thrust]
    let runs = [InputRun](runsOf: inputs)
    #expect(
      runs == [InputRun(.fire, length: 2), InputRun([], length: 1), InputRun(.thrust, length: 3)])
    #expect(runs.expandedInputs == inputs)
  }

  @Test func readingPastTheCodedBytesThrowsInsteadOfTrapping() throws {
    var decoder = try RangeDecoder([0, 0xFF, 0xFF, 0xFF, 0xFF][...], tick: 5)
    var model = InputRunModel()
    #expect(throws: ReplayError.corruptInputs(atTick: 5)) {
      for _ in 0..<1000 { _ = try model.decode(from: &decoder) }
    }
  }
}
