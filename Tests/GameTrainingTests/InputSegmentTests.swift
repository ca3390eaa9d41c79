import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct InputSegmentTests {
  func inputs(_ range: Range<UInt32>) -> [TickInput] { range.map { TickInput(rawValue: $0) } }

  @Test func aChainReadsItsParentsInputsThenItsOwn() {
    let first = InputSegment(parent: nil, own: inputs(0..<3))
    let second = InputSegment(parent: first, own: inputs(3..<5))
    let third = InputSegment(parent: second, own: [])
    #expect(third.inputs == inputs(0..<5) && third.count == 5 && third.depth == 2)
    #expect(first.inputs == inputs(0..<3) && first.depth == 0)
  }

  @Test func aChainPastItsMostLinksIsCopiedFlat() {
    var segment = InputSegment(parent: nil, own: inputs(0..<1))
    for value in 1..<UInt32(3 * InputSegment.maxDepth) {
      segment = InputSegment(parent: segment, own: inputs(value..<value + 1))
      #expect(segment.depth <= InputSegment.maxDepth)
    }
    #expect(segment.inputs == inputs(0..<UInt32(3 * InputSegment.maxDepth)))
    #expect(segment.count == 3 * InputSegment.maxDepth)
  }

  @Test func aLogRestoredFromASegmentAppendsAfterIt() {
    var log = InputLog()
    defer { log.free() }
    log.append(TickInput(rawValue: 9))
    log.restore(InputSegment(parent: nil, own: inputs(0..<4)))
    #expect(log.inputs == inputs(0..<4) && log.count == 0)
    log.append(TickInput(rawValue: 4))
    #expect(log.inputs == inputs(0..<5))
    #expect(log.segment?.inputs == inputs(0..<5) && log.segment?.depth == 1)
    log.removeAll()
    #expect(log.inputs == [] && log.segment == nil)
  }

  @Test func aLogKeepsAxesFromTheFirstInputThatHasThemAndAcrossGrowth() {
    var log = InputLog()
    defer { log.free() }
    for value in 0..<300 { log.append(TickInput(rawValue: UInt32(value))) }
    #expect(log.axes == nil)
    log.append(TickInput(.init(rawValue: 7), axes: [-5, 0, 3]))
    for value in 0..<300 { log.append(TickInput(rawValue: 1, axisLanes: UInt64(value))) }
    let inputs = log.inputs
    #expect(inputs.count == 601 && inputs[299] == TickInput(rawValue: 299))
    #expect(inputs[300] == TickInput(.init(rawValue: 7), axes: [-5, 0, 3]))
    #expect(inputs[600] == TickInput(rawValue: 1, axisLanes: 299))
    log.replace(with: [TickInput(axes: [4])])
    #expect(log.inputs == [TickInput(axes: [4])])
  }
}
