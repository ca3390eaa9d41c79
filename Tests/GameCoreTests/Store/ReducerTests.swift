import Testing

@testable import GameCore

@Suite struct ReducerTests {
  enum Op: Equatable, Sendable {
    case add(Int)
    case double
    case negate
  }

  /// Three reducers. `double` and `negate` do not commute with each other, so their order
  /// shows in the result; `add` commutes with both (it adds, and they only add or subtract on
  /// `.add`), so order tests use a log instead.
  static let add = Reducer<Int, Op, Void> { state, op, _ in
    if case .add(let n) = op { state += n }
    return .none
  }
  static let double = Reducer<Int, Op, Void> { state, op, _ in
    if case .double = op { state *= 2 } else { state += 1 }
    return .none
  }
  static let negate = Reducer<Int, Op, Void> { state, op, _ in
    if case .negate = op { state = -state } else { state -= 3 }
    return .none
  }

  static func randomOps(seed: UInt64, count: Int) -> [Op] {
    var random = TestRandom(state: seed)
    return (0..<count).map { _ in
      switch random.below(3) {
      case 0: .add(random.below(7) - 3)
      case 1: .double
      default: .negate
      }
    }
  }

  static func run(_ reducer: Reducer<Int, Op, Void>, _ ops: [Op]) -> Int {
    var state = 1
    for op in ops { _ = reducer.reduce(into: &state, action: op, environment: ()) }
    return state
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func emptyIsAnIdentityOnBothSides(seed: UInt64) {
    let ops = Self.randomOps(seed: seed, count: 50)
    let expected = Self.run(Self.double, ops)
    #expect(Self.run(.empty <> Self.double, ops) == expected)
    #expect(Self.run(Self.double <> .empty, ops) == expected)
    #expect(Self.run(.combine([.empty, Self.double, .empty]), ops) == expected)
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func combineIsAssociative(seed: UInt64) {
    let ops = Self.randomOps(seed: seed, count: 50)
    let left = (Self.add <> Self.double) <> Self.negate
    let right = Self.add <> (Self.double <> Self.negate)
    #expect(Self.run(left, ops) == Self.run(right, ops))
    #expect(Self.run(left, ops) == Self.run(.combine(Self.add, Self.double, Self.negate), ops))
  }

  /// Appends its name to the log: order shows directly.
  static func tag(_ name: String) -> Reducer<[String], Op, Void> {
    Reducer { log, _, _ in
      log.append(name)
      return .none
    }
  }

  @Test func combineRunsReducersInOrder() {
    var log: [String] = []
    _ = (Self.tag("a") <> Self.tag("b")).reduce(into: &log, action: .double, environment: ())
    _ = (Self.tag("b") <> Self.tag("a")).reduce(into: &log, action: .double, environment: ())
    _ = Reducer.combine(Self.tag("c"), Self.tag("a"), Self.tag("b"))
      .reduce(into: &log, action: .double, environment: ())
    #expect(log == ["a", "b", "b", "a", "c", "a", "b"])
    #expect(Self.run(Self.negate <> Self.double, [.double]) == -4)  // (1 - 3) * 2
    #expect(Self.run(Self.double <> Self.negate, [.double]) == -1)  // 1 * 2 - 3
    #expect(Self.run(Self.negate <> Self.double, [.negate]) == 0)  // -1 + 1
    #expect(Self.run(Self.double <> Self.negate, [.negate]) == -2)  // -(1 + 1)
  }

  /// However it is grouped, a combination holds its reducers' closures side by side, one
  /// level deep (`parts`), never a closure calling a closure per pair; the identity adds none.
  @Test func combiningFlattensInsteadOfNesting() {
    let nested = ((Self.add <> Self.double) <> Self.negate) <> Self.add
    let right = Self.add <> (Self.double <> (Self.negate <> Self.add))
    let flat = Reducer.combine(Self.add, Self.double, Self.negate, Self.add)
    let grouped = Reducer.combine([Self.add <> Self.double, Reducer.combine(Self.negate, Self.add)])
    for reducer in [nested, right, flat, grouped] {
      #expect(reducer.parts.count == 4)
      #expect(
        Self.run(reducer, [.add(1), .double, .negate])
          == Self.run(flat, [.add(1), .double, .negate]))
    }
    #expect((Self.add <> .empty <> Self.double).parts.count == 2)
    #expect(Reducer<Int, Op, Void>.empty.parts.isEmpty)
  }

  @Test func combineMergesEffectsInOrder() {
    let first = Reducer<[String], String, Void> { log, action, _ in
      log.append("first:\(action)")
      return action == "go" ? .send("a") : .none
    }
    let second = Reducer<[String], String, Void> { log, action, _ in
      log.append("second:\(action)")
      return action == "go" ? .send("b") : .none
    }
    let store = Store(initialState: [], reducer: first <> second, environment: ())
    store.send("go")
    #expect(store.state == ["first:go", "second:go", "first:a", "second:a", "first:b", "second:b"])
  }

  @Test func aConcreteReducerWrapsIntoTheClosureForm() {
    struct Increment: ReducerProtocol, Sendable {
      func reduce(into state: inout Int, action: Op, environment: Void) -> Effect<Op> {
        state += 10
        return .none
      }
    }
    #expect(Self.run(Reducer(Increment()) <> Self.double, [.double]) == 22)
  }
}
