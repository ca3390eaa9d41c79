import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct ObservationWriterDirectionTests {
  @Test func everyAngleIsWrittenAsTheRatiosOfTrigsCosineAndSine() {
    var expected = [Float](repeating: -7, count: 2 * 65_536)
    var actual = expected
    expected.withUnsafeMutableBufferPointer { buffer in
      var writer = ObservationWriter(buffer.baseAddress!)
      for raw in 0...UInt16.max {
        writer.write(Int(Trig.cos(Angle(raw: raw)).raw), over: 1 << 16)
        writer.write(Int(Trig.sin(Angle(raw: raw)).raw), over: 1 << 16)
      }
    }
    actual.withUnsafeMutableBufferPointer { buffer in
      var writer = ObservationWriter(buffer.baseAddress!)
      for raw in 0...UInt16.max { writer.writeDirection(Angle(raw: raw)) }
      #expect(writer.count == 2 * 65_536)
    }
    #expect(actual.map(\.bitPattern) == expected.map(\.bitPattern))
  }
}
