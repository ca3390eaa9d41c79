import GameCore
import Testing

@Suite struct CasePathTests {
  enum Leaf: Equatable, Sendable {
    case fired(Int)
    case reloaded
  }

  enum Ship: Equatable, Sendable {
    case gun(Leaf)
    case hull
  }

  enum App: Equatable, Sendable {
    case ship(Ship)
    case menu
  }

  static let ship = CasePath<App, Ship>(
    embed: App.ship, extract: { if case .ship(let ship) = $0 { ship } else { nil } })
  static let gun = CasePath<Ship, Leaf>(
    embed: Ship.gun, extract: { if case .gun(let gun) = $0 { gun } else { nil } })
  static let fired = CasePath<Leaf, Int>(
    embed: Leaf.fired, extract: { if case .fired(let n) = $0 { n } else { nil } })

  @Test func extractReturnsThePayloadOfItsCaseAndNilForOthers() {
    #expect(Self.ship.embed(.hull) == .ship(.hull))
    #expect(Self.ship.extract(.ship(.hull)) == .hull)
    #expect(Self.ship.extract(.menu) == nil)
  }

  @Test func appendingFocusesThroughEveryLevel() {
    let path = Self.ship.appending(path: Self.gun).appending(path: Self.fired)
    #expect(path.embed(3) == .ship(.gun(.fired(3))))
    #expect(path.extract(.ship(.gun(.fired(3)))) == 3)
    // A miss at any level is nil.
    #expect(path.extract(.ship(.gun(.reloaded))) == nil)
    #expect(path.extract(.ship(.hull)) == nil)
    #expect(path.extract(.menu) == nil)
  }

  @Test func appendingIsAssociative() {
    let left = Self.ship.appending(path: Self.gun).appending(path: Self.fired)
    let right = Self.ship.appending(path: Self.gun.appending(path: Self.fired))
    for action: App in [.ship(.gun(.fired(9))), .ship(.gun(.reloaded)), .ship(.hull), .menu] {
      #expect(left.extract(action) == right.extract(action))
    }
    #expect(left.embed(9) == right.embed(9))
  }

  @Test func selfFocusesOnTheWholeValue() {
    // Spelled with backticks after a type: a bare `.self` there is the metatype.
    let whole = CasePath<App, App>.`self`
    #expect(whole.embed(.menu) == .menu)
    #expect(whole.extract(.ship(.hull)) == .ship(.hull))
  }

  @Test func selfIsAnIdentityForAppendingOnBothSides() {
    let before = CasePath<App, App>.`self`.appending(path: Self.ship)
    let after = Self.ship.appending(path: .self)
    for action: App in [.ship(.hull), .ship(.gun(.reloaded)), .menu] {
      #expect(before.extract(action) == Self.ship.extract(action))
      #expect(after.extract(action) == Self.ship.extract(action))
    }
    #expect(before.embed(.hull) == .ship(.hull))
    #expect(after.embed(.hull) == .ship(.hull))
  }
}
