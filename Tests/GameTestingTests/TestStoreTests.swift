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
    case incrementSoon
    case incrementAfterAWhile
    case incrementSoonAsync
    case rename(String)
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .increment: state.count += 1
    case .incrementTwiceLater: return .merge(.send(.increment), .after(ticks: 2, .increment))
    case .incrementSoon: return .send(.increment)
    case .incrementSoonAsync: return .run { send in send(.increment) }
    case .incrementAfterAWhile:
      return .run { send in
        // Stands for slow work; the test store cancels it when the test ends.
        try? await Task.sleep(for: .seconds(60))
        send(.increment)
      }
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
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("State after send(increment) differs from the expected mutation")
        && text.contains("−   count: 0") && text.contains("+   count: 1")
    }
  }

  @Test func unassertedReceivedActionsFail() {
    withKnownIssue {
      let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
      store.send(.incrementSoon)
      store.finish()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("1 received action(s) were not asserted: increment.")
        && text.contains("Assert each with receive(_:_:) before the test ends.")
    }
  }

  @Test func receivingTheWrongActionFails() {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    store.send(.incrementTwiceLater)
    withKnownIssue {
      store.receive(.rename("x"))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == "Received .increment, expected .rename(\"x\")."
    }
    store.skipPendingEffects()
  }

  /// A state whose `==` ignores a cache the rendering shows.
  struct Cached: Equatable {
    var value = 0
    var lookups = 0
    static func == (lhs: Cached, rhs: Cached) -> Bool { lhs.value == rhs.value }
  }

  /// A value whose rendering hides what `==` compares.
  struct Sealed: Equatable, CustomReflectable {
    var secret = 0
    var customMirror: Mirror { Mirror(self, children: [:]) }
  }

  @Test func equalityNotTheRenderingDecidesThatAStepPasses() {
    let reducer = Reducer<Cached, Action, Void> { state, _, _ in
      state.lookups += 1
      return .none
    }
    let store = TestStore(initialState: Cached(), reducer: reducer, environment: ())
    store.send(.increment)
  }

  @Test func statesThatRenderTheSameButAreNotEqualFail() {
    let reducer = Reducer<Sealed, Action, Void> { state, _, _ in
      state.secret += 1
      return .none
    }
    let store = TestStore(initialState: Sealed(), reducer: reducer, environment: ())
    withKnownIssue {
      store.send(.increment)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("no difference shows in the rendering")
    }
  }

  @Test func timersStillPendingWhenTheTestEndsFail() {
    withKnownIssue {
      let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
      store.send(.incrementTwiceLater)
      store.receive(.increment) { $0.count = 1 }
      store.advance(ticks: 1)
      store.finish()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains(
        "The test ended with effects still pending: 1 timer(s): increment due at tick 2.")
        && text.contains("what they do to the state goes unchecked")
        && text.contains("call skipPendingEffects() if this test is not about them")
    }
  }

  @Test func asyncWorkStillRunningWhenTheStoreIsReleasedFails() {
    withKnownIssue {
      let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
      store.send(.incrementAfterAWhile)
      // No finish(): releasing the store ends the test just the same.
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "The test ended with effects still pending: 1 async work still running.")
    }
  }

  @Test func asyncResultsNotYetDeliveredWhenTheTestEndsFail() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    store.send(.incrementSoonAsync)
    while store.store.runningEffectCount > 0 { await Task.yield() }
    withKnownIssue {
      store.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "The test ended with effects still pending: 1 async result(s) not yet delivered.")
    }
  }

  @Test func skippedPendingEffectsDoNotFailAndNeverDeliver() {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    store.send(.incrementTwiceLater)
    store.receive(.increment) { $0.count = 1 }
    store.send(.incrementAfterAWhile)
    store.skipPendingEffects()
    store.advance(ticks: 5)
    #expect(store.state.count == 1)
    store.finish()
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
