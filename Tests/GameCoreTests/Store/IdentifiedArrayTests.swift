import GameCore
import Testing

@Suite struct IdentifiedArrayTests {
  struct Child: Equatable, Identifiable, Sendable {
    var id: Int
    var hits = 0
  }

  /// Every element must be found by its own id, at its own position.
  static func expectLookupsMatchPositions(
    _ array: IdentifiedArray<Child>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (position, element) in array.enumerated() {
      #expect(array[position] == element, sourceLocation: sourceLocation)
      #expect(array[id: element.id] == element, "id \(element.id)", sourceLocation: sourceLocation)
    }
  }

  @Test func identifiedArrayKeepsOrderAndLooksUpByID() {
    var array: IdentifiedArray<Child> = [Child(id: 5), Child(id: 1), Child(id: 9)]
    array[id: 1]?.hits = 4
    array.updateOrAppend(Child(id: 7))
    array.remove(id: 5)
    #expect(array.ids == [1, 9, 7])
    #expect(array[id: 1]?.hits == 4)
    array.removeAll { $0.id == 9 }
    #expect(array.ids == [1, 7])
    #expect(array[id: 7]?.id == 7)
    #expect(array[id: 9] == nil)
  }

  @Test func elementsKeepTheOrderTheyWereGivenIn() {
    let array = IdentifiedArray([Child(id: 30), Child(id: 10), Child(id: 20)])
    #expect(array.ids == [30, 10, 20])
    #expect(array.map(\.id) == [30, 10, 20])
    #expect(array.count == 3)
    #expect(array.first?.id == 30 && array.last?.id == 20)
    Self.expectLookupsMatchPositions(array)
    #expect(array[id: 40] == nil)
    #expect(IdentifiedArray<Child>().isEmpty)
  }

  @Test func aLaterDuplicateReplacesTheEarlierWhereItStands() {
    let array = IdentifiedArray([Child(id: 1), Child(id: 2), Child(id: 1, hits: 5)])
    #expect(array.ids == [1, 2])
    #expect(array[id: 1]?.hits == 5)
    #expect(array[0] == Child(id: 1, hits: 5))
  }

  @Test func updateOrAppendReplacesInPlaceOrAddsAtTheEnd() {
    var array: IdentifiedArray<Child> = [Child(id: 1), Child(id: 2), Child(id: 3)]
    array.updateOrAppend(Child(id: 2, hits: 8))
    #expect(array.ids == [1, 2, 3])
    #expect(array[1] == Child(id: 2, hits: 8))
    array.updateOrAppend(Child(id: 0))
    #expect(array.ids == [1, 2, 3, 0])
    Self.expectLookupsMatchPositions(array)
  }

  @Test func assigningThroughTheIDSubscriptUpdatesAppendsOrRemoves() {
    var array: IdentifiedArray<Child> = [Child(id: 1), Child(id: 2), Child(id: 3)]
    array[id: 2] = Child(id: 2, hits: 3)
    #expect(array.ids == [1, 2, 3])
    #expect(array[1].hits == 3)
    array[id: 4] = Child(id: 4)
    #expect(array.ids == [1, 2, 3, 4])
    array[id: 1] = nil
    #expect(array.ids == [2, 3, 4])
    array[id: 99] = nil
    #expect(array.ids == [2, 3, 4])
    Self.expectLookupsMatchPositions(array)
  }

  @Test func removingFromTheMiddleKeepsEveryLaterElementFindable() {
    var array = IdentifiedArray((0..<6).map { Child(id: $0 * 10) })
    #expect(array.remove(id: 20) == Child(id: 20))
    #expect(array.ids == [0, 10, 30, 40, 50])
    Self.expectLookupsMatchPositions(array)
    #expect(array.remove(id: 20) == nil)
    #expect(array.remove(id: 0) == Child(id: 0))
    #expect(array.remove(id: 50) == Child(id: 50))
    #expect(array.ids == [10, 30, 40])
    Self.expectLookupsMatchPositions(array)
    // A removed id can come back; it goes to the end.
    array.updateOrAppend(Child(id: 20))
    #expect(array.ids == [10, 30, 40, 20])
    Self.expectLookupsMatchPositions(array)
  }

  @Test func removeAllWhereKeepsTheRestInOrderAndFindable() {
    var array = IdentifiedArray((1...8).map { Child(id: $0, hits: $0 % 3) })
    array.removeAll { $0.hits == 0 }
    #expect(array.ids == [1, 2, 4, 5, 7, 8])
    #expect(array[id: 3] == nil && array[id: 6] == nil)
    Self.expectLookupsMatchPositions(array)
    array.removeAll { _ in true }
    #expect(array.isEmpty)
    #expect(array[id: 1] == nil)
  }

  @Test func modifyChangesOnlyAnElementThatExistsAndReturnsTheBodysResult() {
    var array: IdentifiedArray<Child> = [Child(id: 1), Child(id: 2)]
    let result = array.modify(id: 2) { child -> Int in
      child.hits += 6
      return child.hits * 10
    }
    #expect(result == 60)
    #expect(array[id: 2]?.hits == 6)
    var ran = false
    let missing: Void? = array.modify(id: 3) { _ in ran = true }
    #expect(missing == nil)
    #expect(!ran)
    #expect(array == [Child(id: 1), Child(id: 2, hits: 6)])
  }

  @Test func equalityComparesTheElementsInOrder() {
    let array: IdentifiedArray<Child> = [Child(id: 1), Child(id: 2)]
    #expect(array == [Child(id: 1), Child(id: 2)])
    #expect(array != [Child(id: 2), Child(id: 1)])
    #expect(array != [Child(id: 1), Child(id: 2, hits: 1)])
    #expect(array != [Child(id: 1)])
  }

  @Test func storingAnElementUnderAnIDNotYetPresentStillStopsOnAMismatch() async {
    // StoreMisuseTests covers the mismatch on an existing element; an absent key must not
    // slip through as an append under the element's own id either.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      struct Rock: Identifiable { var id: Int }
      var rocks: IdentifiedArray<Rock> = [Rock(id: 1)]
      rocks[id: 5] = Rock(id: 6)
    }
    StoreMisuseTests.expect(
      result, printed: StoreMisuse.identifiedElementIDMismatch(key: 5, elementID: 6),
      phrases: ["IdentifiedArray[id: 5] was assigned an element whose id is 6"])
  }
}
