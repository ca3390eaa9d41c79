import GameCore
import TestGames
import Testing

@Suite struct StableHasherTests {
  /// The algorithm as docs/REPLAY-FORMAT.md#state-hash states it, written out again here so
  /// that a change to `StableHasher` cannot also change what the test expects.
  static func reference(_ words: [UInt64]) -> UInt64 {
    var h: UInt64 = 14_695_981_039_346_656_037  // FNV-1a 64-bit offset basis
    for word in words {
      h ^= word
      h = h &* 1_099_511_628_211  // FNV 64-bit prime, 2^40 + 2^8 + 0xb3
    }
    // MurmurHash3 fmix64.
    h ^= h >> 33
    h = h &* 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    h = h &* 0xc4ce_b9fe_1a85_ec53
    h ^= h >> 33
    return h
  }

  static func hash(_ words: [UInt64]) -> UInt64 {
    var hasher = StableHasher()
    for word in words { hasher.combine(word) }
    return hasher.finalized
  }

  /// A value that feeds one word, for the array overload.
  struct Word: StableHashable {
    var value: UInt64
    func stableHash(into hasher: inout StableHasher) { hasher.combine(value) }
  }

  /// Word sequences and their hashes, computed once with the reference algorithm. Replays
  /// store these hashes: if any changes, every recorded replay stops verifying.
  static let vectors: [(words: [UInt64], hash: UInt64)] = [
    ([], 0xefd0_1f60_ba99_2926),
    ([0], 0xb903_4ad3_7056_f5fb),
    ([1, 2, 3], 0xfd97_a838_d02d_3759),
    ([UInt64.max], 0x3ec1_c4d4_7df1_c5e6),
    ([0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210], 0x443b_e532_b2e1_cebc),
    ([2, 7, 3, 9, 11], 0x4db0_ecf8_e8b3_772c),
  ]

  @Test func fixedWordSequencesHashToTheirPinnedValues() {
    for (words, pinned) in Self.vectors {
      #expect(Self.reference(words) == pinned, "reference, words \(words)")
      #expect(Self.hash(words) == pinned, "StableHasher, words \(words)")
    }
  }

  @Test func theHashMatchesTheDocumentedAlgorithmForArbitraryWords() {
    var random = TestRandom(state: 77)
    for length in 0..<40 {
      let words = (0..<length).map { _ in random.next() }
      #expect(Self.hash(words) == Self.reference(words), "words \(words)")
    }
  }

  @Test func theOrderOfTheWordsChangesTheHash() {
    #expect(Self.hash([1, 2]) != Self.hash([2, 1]))
    #expect(Self.hash([1, 2, 3]) != Self.hash([3, 2, 1]))
    #expect(Self.hash([0, 5]) != Self.hash([5, 0]))
  }

  @Test func aZeroWordStillChangesTheHash() {
    // FNV-1a multiplies after every word, so zeros are counted rather than skipped.
    #expect(Self.hash([]) != Self.hash([0]))
    #expect(Self.hash([0]) != Self.hash([0, 0]))
  }

  @Test func neighbouringInputsGiveUnrelatedHashes() {
    // fmix64 spreads a one-bit change in the input over about half of the output bits.
    let bits = (0..<64 as Range<UInt64>).map {
      (Self.hash([1 << $0]) ^ Self.hash([0])).nonzeroBitCount
    }
    #expect(bits.allSatisfy { (16...48).contains($0) }, "changed bits: \(bits)")
  }

  @Test func arraysAreHashedWithTheirCountFirst() {
    var array = StableHasher()
    array.combine([Word(value: 8), Word(value: 9)])
    #expect(array.finalized == Self.reference([2, 8, 9]))

    var empty = StableHasher()
    empty.combine([Word]())
    #expect(empty.finalized == Self.reference([0]))
  }

  @Test func splittingTheSameElementsDifferentlyBetweenArraysChangesTheHash() {
    let a = Word(value: 1)
    let b = Word(value: 2)
    let c = Word(value: 3)
    var oneThenTwo = StableHasher()
    oneThenTwo.combine([a])
    oneThenTwo.combine([b, c])
    var twoThenOne = StableHasher()
    twoThenOne.combine([a, b])
    twoThenOne.combine([c])
    #expect(oneThenTwo.finalized != twoThenOne.finalized)
    #expect(oneThenTwo.finalized == Self.reference([1, 1, 2, 2, 3]))
    #expect(twoThenOne.finalized == Self.reference([2, 1, 2, 1, 3]))
  }

  @Test func integersAreFedAsTheirBitPatternsInOneWord() {
    func hash(_ feed: (inout StableHasher) -> Void) -> UInt64 {
      var hasher = StableHasher()
      feed(&hasher)
      return hasher.finalized
    }
    #expect(hash { $0.combine(-1 as Int) } == Self.reference([UInt64.max]))
    #expect(hash { $0.combine(Int.min) } == Self.reference([1 << 63]))
    #expect(hash { $0.combine(7 as Int) } == Self.reference([7]))
    #expect(hash { $0.combine(0xFF as UInt8) } == Self.reference([0xFF]))
    #expect(hash { $0.combine(0xFFFF as UInt16) } == Self.reference([0xFFFF]))
    #expect(hash { $0.combine(0xFFFF_FFFF as UInt32) } == Self.reference([0xFFFF_FFFF]))
    #expect(hash { $0.combine(true) } == Self.reference([1]))
    #expect(hash { $0.combine(false) } == Self.reference([0]))
  }

  @Test func anInt32IsFedAsItsThirtyTwoBitPatternZeroExtended() {
    // Every Fixed (positions, velocities) goes through this overload, so the pinned replay
    // hashes depend on it: -1 is 0x0000_0000_FFFF_FFFF, not sign-extended to 64 bits.
    var hasher = StableHasher()
    hasher.combine(-1 as Int32)
    #expect(hasher.finalized == Self.reference([0xFFFF_FFFF]))
    #expect(hasher.finalized != Self.reference([UInt64.max]))
    #expect(Fixed(raw: -2).stableHash == Self.reference([0xFFFF_FFFE]))
  }

  @Test func aHashableValueFeedsItsOwnFieldsAndNothingElse() {
    var hasher = StableHasher()
    hasher.combine(Vector(x: Fixed(raw: 3), y: Fixed(raw: 4)))
    #expect(hasher.finalized == Self.reference([3, 4]))
    #expect(Vector(x: Fixed(raw: 3), y: Fixed(raw: 4)).stableHash == Self.reference([3, 4]))
    #expect(SplitMix64(rawState: 99).stableHash == Self.reference([99]))
    #expect(TickInput([.fire, .thrust]).stableHash == Self.reference([0b1100]))
  }

  @Test func readingTheHashDoesNotEndIt() {
    var hasher = StableHasher()
    hasher.combine(5 as UInt64)
    let first = hasher.finalized
    #expect(hasher.finalized == first)
    hasher.combine(6 as UInt64)
    #expect(hasher.finalized == Self.reference([5, 6]))
  }
}
