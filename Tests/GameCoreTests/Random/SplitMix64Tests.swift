import Testing

@testable import GameCore

@Suite struct SplitMix64Tests {
  @Test func matchesTheReferenceSequence() {
    // Reference values of SplitMix64 seeded with state 0 (Vigna's splitmix64.c).
    var rng = SplitMix64(rawState: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(rng.next() == 0x06C4_5D18_8009_454F)
  }

  @Test func theSameSeedGivesTheSameNumbers() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    for _ in 0..<1_000 { #expect(a.next() == b.next()) }
  }

  @Test func seedsAndStreamsGiveDifferentNumbers() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 43)
    var c = SplitMix64(seed: 42, stream: 1)
    let first = a.next()
    #expect(first != b.next())
    #expect(first != c.next())
  }

  @Test func acopyIsASnapshotOfTheGenerator() {
    var rng = SplitMix64(seed: 7)
    _ = rng.next()
    var copy = rng
    #expect(rng.next() == copy.next())
  }

  @Test func boundedDrawsStayInRange() {
    var rng = SplitMix64(seed: 1)
    var seen = [Bool](repeating: false, count: 6)
    for _ in 0..<1_000 {
      let value = rng.next(below: 6)
      #expect(value < 6)
      seen[Int(value)] = true
      let ranged = rng.next(in: -3...3)
      #expect((-3...3).contains(ranged))
    }
    #expect(seen.allSatisfy { $0 })
    #expect(rng.next(below: 0) == 0)
  }

  @Test func wholeNumberRangesIncludeBothEndsAndNothingOutside() {
    var random = SplitMix64(seed: 9)
    var seen = Set<Int>()
    for _ in 0..<2_000 { seen.insert(random.next(in: -2...3)) }
    #expect(seen == Set(-2...3))
    #expect(random.next(in: 7...7) == 7)
    _ = random.next(in: Int.min...Int.max)
  }
}
