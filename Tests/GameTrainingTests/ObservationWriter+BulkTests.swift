import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct ObservationWriterBulkTests {
  /// What `body` writes into a buffer of `count` floats (primed with a value no writer
  /// writes), and how far the writer moved.
  func written(_ count: Int, _ body: (inout ObservationWriter) -> Void) -> ([Float], Int) {
    var buffer = [Float](repeating: -7, count: count)
    let moved = buffer.withUnsafeMutableBufferPointer { buffer in
      var writer = ObservationWriter(buffer.baseAddress!)
      body(&writer)
      return writer.count
    }
    return (buffer, moved)
  }

  @Test func bitsAreWrittenLowestFirstAsTheSameFlagsAsOneAtATime() {
    var random = SplitMix64(seed: 17)
    for count in [0, 1, 3, 4, 5, 7, 8, 11, 35, 60, 63, 64] {
      for _ in 0..<20 {
        let bits = random.next()
        let expected = written(66) { writer in
          writer.write(Float(2))
          for bit in 0..<count { writer.write(bits >> UInt64(bit) & 1 == 1) }
        }
        let actual = written(66) { writer in
          writer.write(Float(2))
          writer.writeFlags(bits, count: count)
        }
        #expect(actual.0 == expected.0, "count \(count), bits \(bits)")
        #expect(actual.1 == count + 1)
      }
    }
  }

  @Test func bitsAboveTheCountAreNotWritten() {
    let (buffer, moved) = written(8) { $0.writeFlags(.max, count: 3) }
    #expect(buffer == [1, 1, 1, -7, -7, -7, -7, -7] && moved == 3)
  }

  @Test func nonzeroBytesAreOnesAndZeroBytesZeros() {
    var random = SplitMix64(seed: 3)
    for count in [0, 1, 7, 8, 9, 16, 200, 203] {
      let bytes = (0..<count).map { _ in UInt8(random.next() % 3 == 0 ? 0 : random.next() % 256) }
      let actual = written(count + 2) { writer in
        writer.write(Float(5))
        bytes.withUnsafeBufferPointer { writer.writeFlags(nonzero: $0.baseAddress!, count: count) }
      }
      let expected = [5] + bytes.map { Float($0 == 0 ? 0 : 1) } + [-7]
      #expect(actual.0 == expected && actual.1 == count + 1, "count \(count)")
    }
  }

  @Test func rowMasksAreTheSameFlagsAsEachRowsBitsInTurn() {
    var random = SplitMix64(seed: 29)
    for (width, shift) in [(0, 0), (1, 0), (3, 5), (7, 1), (8, 0), (10, 3), (13, 2), (16, 0)] {
      for count in [0, 1, 2, 5, 20] {
        let rows = (0..<count).map { _ in UInt16(truncatingIfNeeded: random.next()) }
        let expected = written(count * width + 2) { writer in
          writer.write(Float(4))
          for row in rows { writer.writeFlags(UInt64(row >> UInt16(shift)), count: width) }
        }
        let actual = written(count * width + 2) { writer in
          writer.write(Float(4))
          rows.withUnsafeBufferPointer {
            writer.writeFlags(rows: $0.baseAddress!, count: count, width: width, shift: shift)
          }
        }
        #expect(actual.0 == expected.0, "width \(width), shift \(shift), \(count) rows")
        #expect(actual.1 == count * width + 1 && actual.0.last == -7)
      }
    }
  }
}

