import GameCore
import Testing

@Suite struct StatePrimitiveTests {
  /// The hash of one word, as `StableHasher` documents it.
  func word(_ word: UInt64) -> UInt64 {
    var hasher = StableHasher()
    hasher.combine(word)
    return hasher.finalized
  }

  /// Each number on its own (an array's element, an optional's value) is one word: its bits,
  /// widened with zeros, so a negative number of a narrow type is not sign-extended.
  @Test func numbersAreTheirBitsInOneWord() {
    #expect(Int(-2).stableHash == word(0xFFFF_FFFF_FFFF_FFFE))
    #expect(Int64(-2).stableHash == word(0xFFFF_FFFF_FFFF_FFFE))
    #expect(UInt64.max.stableHash == word(.max))
    #expect(Int32(-2).stableHash == word(0xFFFF_FFFE))
    #expect(UInt32(7).stableHash == word(7))
    #expect(Int16(-2).stableHash == word(0xFFFE))
    #expect(UInt16(0xABCD).stableHash == word(0xABCD))
    #expect(Int8(-2).stableHash == word(0xFE))
    #expect(UInt8(9).stableHash == word(9))
    #expect(true.stableHash == word(1))
    #expect(false.stableHash == word(0))
  }

  /// An array of numbers outside a described state: the count, then one word per element.
  @Test func anArrayOfNarrowNumbersIsAWordEach() {
    var hasher = StableHasher()
    hasher.combine(2 as UInt64)
    hasher.combine(0xFFFF as UInt64)
    hasher.combine(1 as UInt64)
    #expect([Int16(-1), 1].stableHash == hasher.finalized)
  }
}
