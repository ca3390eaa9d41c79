import Testing

@testable import GameCore

/// The state described once: the hash, its sections and their names come from the stored
/// properties, every property counts (and only the hashed ones), padding never does.
@Suite struct StateLayoutTests {
  enum Mood: UInt8, StateValue { case calm, angry, asleep }

  struct Rock: StateValue, Equatable {
    var position = Vector(3, 4)
    var mood = Mood.angry
    var angle = Angle(raw: 7)
    var spin: Int16 = -2
    var shape: UInt8 = 5
  }

  struct Node: StateValue, Equatable {
    var value = 1
    var children: [Node] = []
  }

  struct Table: GameState {
    var tick = 0
    var flag = true
    var rocks = [Rock(), Rock(spin: 9)]
    var best: Int32? = 12
    var tree = Node(children: [Node(value: 2)])
    var random = SplitMix64(seed: 1)
    @Drawn var shake = 3
    var mood = Mood.calm
  }

  @Test func sectionsAreTheHashedStoredPropertiesInOrder() {
    #expect(
      Table().hashSections.map(\.name)
        == ["tick", "flag", "rocks", "best", "tree", "random", "mood"])
    #expect(StateLayout.of(Table.self).properties.map(\.name).contains("shake"))
  }

  @Test func theWholeHashCombinesTheSections() {
    let table = Table()
    var hasher = StableHasher()
    for section in table.hashSections { hasher.combine(section.hash) }
    #expect(table.stableHash == hasher.finalized)
  }

  /// Each change of a leaf changes the hash and only its own section.
  @Test func everyLeafCounts() {
    let base = Table()
    let changes: [(String, (inout Table) -> Void)] = [
      ("tick", { $0.tick = 1 }),
      ("flag", { $0.flag = false }),
      ("rocks", { $0.rocks[1].position.x = Fixed(raw: 1) }),
      ("rocks", { $0.rocks[0].angle = Angle(raw: 8) }),
      ("rocks", { $0.rocks[0].spin = 2 }),
      ("rocks", { $0.rocks[1].mood = .asleep }),
      ("rocks", { $0.rocks[1].shape = 0 }),
      ("rocks", { $0.rocks.append(Rock()) }),
      ("best", { $0.best = nil }),
      ("best", { $0.best = 13 }),
      ("tree", { $0.tree.children[0].value = 3 }),
      ("tree", { $0.tree.children[0].children.append(Node()) }),
      ("random", { _ = $0.random.next() }),
      ("mood", { $0.mood = .angry }),
    ]
    for (section, change) in changes {
      var changed = base
      change(&changed)
      #expect(changed.stableHash != base.stableHash, "\(section)")
      let differing = zip(base.hashSections, changed.hashSections).filter { $0.hash != $1.hash }
      #expect(differing.map(\.0.name) == [section])
    }
  }

  @Test func drawnValuesAreLeftOut() {
    var table = Table()
    let before = table.stableHash
    table.shake = 99
    #expect(table.stableHash == before)
    #expect(table != Table())
  }

  /// Padding bytes hold whatever memory held: the hash must not read them.
  @Test func paddingIsNeverRead() {
    func rock(filledWith byte: UInt8) -> Rock {
      let memory = UnsafeMutableRawPointer.allocate(
        byteCount: MemoryLayout<Rock>.size, alignment: MemoryLayout<Rock>.alignment)
      defer { memory.deallocate() }
      memory.initializeMemory(as: UInt8.self, repeating: byte, count: MemoryLayout<Rock>.size)
      let typed = memory.bindMemory(to: Rock.self, capacity: 1)
      typed.pointee.position = Vector(3, 4)
      typed.pointee.angle = Angle(raw: 7)
      typed.pointee.spin = -2
      typed.pointee.mood = .angry
      typed.pointee.shape = 5
      return typed.pointee
    }
    #expect(MemoryLayout<Rock>.size == 15, "the rock has a byte of padding after its mood")
    #expect(rock(filledWith: 0).stableHash == rock(filledWith: 0xAB).stableHash)
    #expect(rock(filledWith: 0).stableHash == Rock().stableHash)
  }

  /// The count comes first, so elements cannot slide between neighbouring arrays.
  @Test func arraysHashTheirCount() {
    struct Two: StateValue {
      var a: [Int]
      var b: [Int]
    }
    #expect(Two(a: [1], b: [2, 3]).stableHash != Two(a: [1, 2], b: [3]).stableHash)
    #expect(Two(a: [], b: [0]).stableHash != Two(a: [0], b: []).stableHash)
  }

  /// An array of plain values with no padding is one run of bytes: five 16-bit rows are two
  /// words after the count, not five.
  @Test func denseArraysArePackedAcrossElements() {
    struct Rows: StateValue { var rows: [UInt16] = [1, 2, 3, 4, 5] }
    var hasher = StableHasher()
    hasher.combine(5)
    hasher.combine(0x0004_0003_0002_0001 as UInt64)
    hasher.combine(0x0005 as UInt64)
    #expect(Rows().stableHash == hasher.finalized)
  }

  /// Plain fields are packed into words: a rock of five fields is two words.
  @Test func plainFieldsArePacked() {
    let program = StateLayout.of(Rock.self).program
    #expect(program.isPlain)
    #expect(program.steps.count == 2)
  }

  /// The words a rock is fed as, worked out by hand: its position's two 16.16 numbers, then
  /// its mood's case (1), a padding byte (masked), the angle, the spin and the shape,
  /// little-endian. A change to the layout rules shows here before it reaches a replay.
  @Test func hashesAreTheDocumentedWords() {
    var hasher = StableHasher()
    hasher.combine(0x0004_0000_0003_0000 as UInt64)
    hasher.combine(0x0005_FFFE_0007_0001 as UInt64)
    #expect(Rock().stableHash == hasher.finalized)
    #expect(Table().stableHash == 0x636B_35C5_6CBD_DB22)
  }

  @Test func legacyVersionsAreFound() {
    let old = LegacyHashing<Table>(
      versions: 1...2,
      sections: [.init("everything", covers: ["tick", "flag"]) { UInt64($0.tick) }])
    #expect(StateHashing.forVersion(3, current: 3, legacy: [old])?.legacy == nil)
    #expect(StateHashing.forVersion(2, current: 3, legacy: [old])?.legacy?.versions == 1...2)
    #expect(StateHashing.forVersion(4, current: 3, legacy: [old]) == nil)
    let hashing = StateHashing(legacy: old)
    var table = Table()
    table.tick = 5
    #expect(hashing.sections(table).map(\.name) == ["everything"])
    #expect(hashing.covers("everything") == ["tick", "flag"])
    var hasher = StableHasher()
    hasher.combine(5 as UInt64)
    #expect(hashing.hash(table) == hasher.finalized)
  }

  @Test func aDerivedLegacySchemeIsTodaysWithTheReplacedSectionsHashedTheOldWay() {
    var table = Table()
    table.tick = 7
    let same = StateHashing(legacy: LegacyHashing<Table>.derived(versions: 1...1, replacing: []))
    #expect(same.sections(table).map(\.name) == table.hashSections.map(\.name))
    #expect(same.sections(table).map(\.hash) == table.hashSections.map(\.hash))
    #expect(same.hash(table) == table.stableHash)

    let old = StateHashing(
      legacy: LegacyHashing<Table>.derived(
        versions: 1...1, replacing: [.init("flag") { $0.flag ? 11 : 10 }]))
    let today = table.hashSections
    let then = old.sections(table)
    #expect(then.map(\.name) == today.map(\.name))
    for (before, now) in zip(then, today) {
      #expect((before.hash == now.hash) == (before.name != "flag"), "\(before.name)")
    }
    #expect(then.first { $0.name == "flag" }?.hash == 11)
    #expect(old.hash(table) != table.stableHash)
  }

  /// A table before a rules version added `aiming` (and after: the same, with it).
  struct Before: GameState {
    var tick = 4
    var paddles: Numbers<(Int, Int)> = [7, 9]
    var held: TickInput = []
  }
  struct After: GameState {
    var tick = 4
    var paddles: Numbers<(Int, Int)> = [7, 9]
    var aiming: Numbers<(Int, Int)> = [0, 1]
    var held: TickInput = []
  }

  @Test func todaysHashingWithoutAnAddedPropertyIsTheHashBeforeItWasAdded() {
    let old = LegacyHashing<After>.derived(versions: 2...2, without: ["aiming"])
    #expect(old.versions == 2...2)
    let hashing = StateHashing(legacy: old)
    #expect(hashing.hash(After()) == Before().stableHash)
    #expect(hashing.sections(After()).map(\.name) == ["tick", "paddles", "held"])
    #expect(hashing.sections(After()).map(\.hash) == Before().hashSections.map(\.hash))
    var moved = After()
    moved.paddles[1] = 10
    #expect(hashing.hash(moved) != Before().stableHash, "the other sections still count")
    #expect(After().stableHash != Before().stableHash, "today's hash has the added section")
  }
}
