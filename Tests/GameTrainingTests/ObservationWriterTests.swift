import Testing

@testable import GameCore
@testable import GameTraining

/// What a game's observation writes: ratios exactly as a single-precision division gives
/// them (to the bit, however the compiler groups the divisions), clamped; raw values,
/// flags and one-hots as they are.
@Suite struct ObservationWriterTests {
  /// The bits `write(numerator, over: denominator)` writes.
  func written(_ numerator: Int, over denominator: Int) -> UInt32 {
    var value: Float = 0
    withUnsafeMutablePointer(to: &value) { pointer in
      var writer = ObservationWriter(pointer)
      writer.write(numerator, over: denominator)
    }
    return value.bitPattern
  }

  /// The bits of the division itself, clamped as the writer clamps.
  func divided(_ numerator: Int, over denominator: Int) -> UInt32 {
    max(-1, min(1, Float(numerator) / Float(denominator))).bitPattern
  }

  @Test func ratiosAreTheDivisionsBitsForTheGamesDenominators() {
    // Pong's, Asteroids' and Blocks' denominators, and small ones; numerators around the
    // range each is used for, where every quotient is inside [-1, 1] and not clamped away.
    for denominator in [40_960, 23_040, 768, 64, 20, 12, 11, 10, 3, 7, 1 << 16, 1 << 18] {
      for numerator in -2 * denominator...2 * denominator
      where numerator % max(1, denominator / 4_000) == 0 {
        #expect(
          written(numerator, over: denominator) == divided(numerator, over: denominator),
          "\(numerator) / \(denominator)")
      }
    }
  }

  @Test func ratiosAreTheDivisionsBitsForRandomIntegersOfEverySize() {
    var random = SplitMix64(seed: 17)
    var mismatches: [String] = []
    for _ in 0..<200_000 {
      // Shifted right by a random amount: magnitudes from 1 to 2⁶³, where `Float(n)` rounds.
      let numerator = Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64)
      let denominator = Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64)
      let unclamped = Float(numerator) / Float(denominator)
      var value: Float = 0
      withUnsafeMutablePointer(to: &value) { pointer in
        var writer = ObservationWriter(pointer)
        writer.write(numerator, over: denominator)
      }
      if value.bitPattern != max(-1, min(1, unclamped)).bitPattern {
        mismatches.append("\(numerator) / \(denominator)")
      }
    }
    #expect(mismatches == [])
  }

  @Test func zeroDenominatorsAndTheSignOfZeroComeOutAsFromADivision() {
    for (numerator, denominator) in [(5, 0), (-5, 0), (0, 0), (0, 7), (0, -7), (-3, 7)] {
      #expect(written(numerator, over: denominator) == divided(numerator, over: denominator))
    }
    #expect(written(0, over: -7) == (-0.0 as Float).bitPattern)
    #expect(written(9, over: 4) == (1 as Float).bitPattern, "clamped")
    #expect(written(-9, over: 4) == (-1 as Float).bitPattern, "clamped")
  }

  @Test func rawValuesFlagsAndOneHotsAreWrittenInOrder() {
    var values = [Float](repeating: 9, count: 7)
    values.withUnsafeMutableBufferPointer { buffer in
      var writer = ObservationWriter(buffer.baseAddress!)
      writer.write(Float(2.5))
      writer.write(true)
      writer.oneHot(1, count: 3)
      writer.write(1, over: 4)
      #expect(writer.count == 6)
    }
    #expect(values == [2.5, 1, 0, 1, 0, 0.25, 9])
  }
}
