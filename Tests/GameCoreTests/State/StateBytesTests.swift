import Testing

@testable import GameCore

/// A state's bytes decode to the same state, and hostile bytes to a thrown sentence, never a
/// trap or an invalid value.
@Suite struct StateBytesTests {
  enum Mood: UInt8, Equatable, CaseIterable { case calm, busy, late }
  enum Lone: Int, Equatable { case only }
  enum Payload: Equatable { case some(Int), none }

  struct Item: Equatable {
    var id: Int16
    var alive: Bool
    var mood: Mood
    var position: Vector
  }

  struct Fixture: Equatable {
    var tick = 7
    var small: Int8 = -3
    var wide: UInt64 = .max
    var flag = true
    var mood = Mood.late
    var lone = Lone.only
    var items = [
      Item(id: 1, alive: true, mood: .busy, position: Vector(x: Fixed(3), y: Fixed(-4))),
      Item(id: -2, alive: false, mood: .calm, position: .zero),
    ]
    var rows: [[UInt16]] = [[1, 2, 3], [], [0xFFFF]]
    var maybe: Item? = Item(id: 9, alive: true, mood: .late, position: .zero)
    var nothing: Int? = nil
    var pair: (Int32, Bool) = (-5, true)
    var random = SplitMix64(seed: 42)
    @Drawn var cues: [Mood] = [.busy, .late]

    static func == (a: Fixture, b: Fixture) -> Bool {
      (a.tick, a.small, a.wide, a.flag, a.mood, a.lone) == (b.tick, b.small, b.wide, b.flag, b.mood, b.lone)
        && (a.items, a.rows, a.maybe, a.nothing) == (b.items, b.rows, b.maybe, b.nothing)
        && a.pair == b.pair && a.random == b.random && a.cues == b.cues
    }
  }

  struct Tree: Equatable {
    var value: UInt8
    var children: [Tree]
  }

  @Test func aValueDecodesToItselfAndEncodesToTheSameBytes() throws {
    var fixture = Fixture()
    _ = fixture.random.next()
    let bytes = try StateBytes.encode(fixture)
    let decoded = try StateBytes.decode(Fixture.self, from: bytes)
    #expect(decoded == fixture)
    #expect(try StateBytes.encode(decoded) == bytes)
  }

  @Test func aBoolIsOneByteAndAnEnumItsCasesPosition() throws {
    struct Small: Equatable { var flag: Bool; var mood: Mood; var lone: Lone }
    #expect(try StateBytes.encode(Small(flag: true, mood: .late, lone: .only)) == [1, 2])
    #expect(try StateBytes.decode(Small.self, from: [0, 1]) == Small(flag: false, mood: .busy, lone: .only))
  }

  @Test func theCasesOfAnEnumAreReadFromItsDescriptor() {
    #expect(StateBytes.Builder.cases(of: Mood.self) == Mood.allCases.count)
    #expect(StateBytes.Builder.cases(of: Lone.self) == 1)
    #expect(StateBytes.Builder.cases(of: Payload.self) == nil)
  }

  @Test func aBoolOtherThanZeroOrOneIsRefused() {
    struct Small { var flag: Bool }
    #expect(throws: StateBytesError("byte 0 is 2, not a Bool, in a Small")) {
      try StateBytes.decode(Small.self, from: [2])
    }
  }

  @Test func aCasePastTheEnumsLastIsRefused() throws {
    struct Small { var mood: Mood }
    _ = try StateBytes.decode(Small.self, from: [2])
    #expect(throws: StateBytesError("case 3 at byte 0 of an enum of 3 in a Small")) {
      try StateBytes.decode(Small.self, from: [3])
    }
  }

  @Test func everyShorterPrefixAndAnyTrailingByteIsRefused() throws {
    let bytes = try StateBytes.encode(Fixture())
    for count in 0..<bytes.count {
      #expect(throws: StateBytesError.self) { try StateBytes.decode(Fixture.self, from: Array(bytes[..<count])) }
    }
    #expect(throws: StateBytesError("1 bytes left after a Fixture")) {
      try StateBytes.decode(Fixture.self, from: bytes + [0])
    }
  }

  @Test func aCountLargerThanTheBytesLeftIsRefusedBeforeAnythingIsMade() {
    struct Many { var numbers: [Int] }
    #expect(throws: StateBytesError("an array of Int of 4294967295 elements, more than the 0 bytes left hold")) {
      try StateBytes.decode(Many.self, from: [0xFF, 0xFF, 0xFF, 0xFF])
    }
  }

  @Test func anOptionalsTagIsZeroOrOne() {
    struct Maybe { var value: Int8? }
    #expect((try? StateBytes.decode(Maybe.self, from: [1, 5]))?.value == 5)
    #expect(throws: StateBytesError("byte 0 is 2, not 0 or 1 before an optional Int8")) {
      try StateBytes.decode(Maybe.self, from: [2, 5])
    }
  }

  /// Every single byte changed to every value: either refused, or a value whose bytes are the
  /// ones decoded (so no invalid pattern was written into it).
  @Test func everyByteFlipEitherDecodesToThoseBytesOrThrows() throws {
    let bytes = try StateBytes.encode(Fixture())
    var decoded = 0
    for index in bytes.indices {
      for value in [0, 1, 2, 3, 0x7F, 0x80, 0xFF] as [UInt8] {
        var flipped = bytes
        flipped[index] = value
        guard let fixture = try? StateBytes.decode(Fixture.self, from: flipped) else { continue }
        decoded += 1
        #expect(try StateBytes.encode(fixture) == flipped)
      }
    }
    #expect(decoded > bytes.count)
  }

  @Test func aTypeInsideItselfRoundTripsAndNestsNoDeeperThanTheLimit() throws {
    let tree = Tree(value: 1, children: [Tree(value: 2, children: [Tree(value: 3, children: [])])])
    #expect(try StateBytes.decode(Tree.self, from: StateBytes.encode(tree)) == tree)
    var deep = Tree(value: 0, children: [])
    for level in 1...StateBytes.maxDepth { deep = Tree(value: UInt8(level), children: [deep]) }
    #expect(throws: StateBytesError("an array of Tree nests deeper than 32 levels")) {
      try StateBytes.decode(Tree.self, from: StateBytes.encode(deep))
    }
  }

  /// An array's elements may take more memory than bytes (nil optionals of a large value):
  /// what they would take is counted, and refused past ``StateBytes/maxArrayBytes``.
  @Test func arraysLargerInMemoryThanInBytesAreBounded() throws {
    struct Large { var words: (Int, Int, Int, Int, Int, Int, Int, Int) }
    struct Sparse { var slots: [Large?] }
    let bytes: [UInt8] = [0x00, 0x00, 0x10, 0x00] + Array(repeating: 0, count: 1 << 20)
    #expect(throws: StateBytesError("an array of Optional<Large> would take its value past 67108864 bytes of memory")) {
      try StateBytes.decode(Sparse.self, from: bytes)
    }
    let few = try StateBytes.decode(Sparse.self, from: [3, 0, 0, 0, 0, 0, 0])
    #expect(few.slots.count == 3 && few.slots.allSatisfy { $0 == nil })
  }

  @Test func anEnumWithoutCasesIsNoValue() {
    enum Empty {}
    struct Holder { var maybe: Empty? }
    #expect(throws: StateBytesError("Holder.maybe?: Empty has no cases, so no value")) {
      try StateBytes.check(Holder.self)
    }
  }

  @Test func aTypeWithoutAByteFormIsNamedByItsPath() {
    final class Handle {}
    struct Named { var name: String }
    struct Held { var handle: Handle }
    struct Looked { var table: [Int: Int] }
    struct Paid { var payload: Payload }
    struct Outer { var inner: [Named] }
    #expect(throws: StateBytesError.self) { try StateBytes.check(Named.self) }
    #expect(throws: StateBytesError("Held.handle: a Handle has no byte form (a class, a function or an existential)")) {
      try StateBytes.check(Held.self)
    }
    #expect(throws: StateBytesError.self) { try StateBytes.check(Looked.self) }
    #expect(throws: StateBytesError("Paid.payload: Payload is an enum with payloads, which has no byte form")) {
      try StateBytes.check(Paid.self)
    }
    #expect(throws: StateBytesError.self) { try StateBytes.encode(Outer(inner: [])) }
  }
}
