import GameCore
import GameTesting
import Testing

@Suite struct TestStoreTests {
  struct State: Equatable {
    var count = 0
    var name = "ship"
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementTwiceLater
    case rename(String)
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .increment: state.count += 1
    case .incrementTwiceLater: return .merge(.send(.increment), .after(ticks: 2, .increment))
    case .rename(let name): state.name = name
    }
    return .none
  }

  @Test func aCorrectScriptPasses() {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    store.send(.incrementTwiceLater)
    store.receive(.increment) { $0.count = 1 }
    store.advance(ticks: 2)
    store.receive(.increment) { $0.count = 2 }
    store.send(.rename("saucer")) { $0.name = "saucer" }
  }

  @Test func aWrongMutationFailsWithADiffOfTheDifferingField() {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    withKnownIssue {
      store.send(.rename("rock")) { $0.name = "rocks" }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      // Only the differing field is marked; the unchanged one is context.
      return text.contains("−   name: \"rocks\"") && text.contains("+   name: \"rock\"")
        && text.contains("    count: 0") && !text.contains("−   count")
    }
  }

  @Test func aMissingMutationFails() {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    withKnownIssue {
      store.send(.increment)
    }
  }

  @Test func unassertedReceivedActionsFail() {
    withKnownIssue {
      let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
      store.send(.incrementTwiceLater)
      store.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("were not asserted")
    }
  }

  @Test func receivingTheWrongActionFails() {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    store.send(.incrementTwiceLater)
    withKnownIssue {
      store.receive(.rename("x"))
    }
  }

  @Test func theDiffShowsOnlyChangedLinesWithContext() {
    let diff = StateDiff.diff(
      expected: State(count: 1, name: "a"), actual: State(count: 2, name: "a"))
    #expect(diff == "  State(\n− count: 1\n+ count: 2\n    name: \"a\"\n  )".replacingIndent())
  }
}

extension String {
  /// The renderer indents nested fields by two spaces after the marker column.
  fileprivate func replacingIndent() -> String {
    self.replacing("− count", with: "−   count").replacing("+ count", with: "+   count")
  }
}
