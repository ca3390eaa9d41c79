import GameCore
import Testing

/// Every misuse message, triggered for real in a child process (an exit test): the store must
/// stop, and its standard error must carry the whole message, what happened, why it is wrong
/// and how to fix it. The messages go through `fatalError`, which keeps them in optimised
/// builds too (a `precondition` message would be dropped there).
@Suite struct StoreMisuseTests {
  /// Checks that a child process printed `message` whole, and each of `phrases` literally, so
  /// that the test also pins the wording and not only the constant.
  static func expect(
    _ result: ExitTest.Result?, printed message: String, phrases: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let result else { return }
    let text = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(text.contains(message), "stderr: \(text)", sourceLocation: sourceLocation)
    for phrase in phrases {
      #expect(text.contains(phrase), "missing: \(phrase)", sourceLocation: sourceLocation)
    }
  }

  @Test func steppingFromASubscriberStopsWithAnExplanation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = Store(initialState: 0, reducer: counterReducer, environment: ())
      let subscription = store.subscribe { _ in store.step(nil) }
      store.send(.incrementTapped)
      subscription.cancel()
    }
    Self.expect(
      result, printed: StoreMisuse.stepWhileProcessing,
      phrases: [
        "Store.step(_:) was called while the store was handling an action",
        "cannot nest inside another",
        "Call step from the loop that drives the store",
      ])
  }

  @Test func subscribersThatNeverStopSendingStopWithAnExplanation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = Store(initialState: 0, reducer: counterReducer, environment: ())
      let subscription = store.subscribe { _ in store.send(.incrementTapped) }
      store.send(.incrementTapped)
      subscription.cancel()
    }
    Self.expect(
      result, printed: StoreMisuse.subscribersNeverSettle(rounds: 1_000),
      phrases: [
        "Subscribers sent actions in 1000 notification rounds in a row",
        "keeps the batch from ever ending",
        "Send only when the watched value reaches a state that needs an action",
      ])
  }

  @Test func undoFromASubscriberStopsWithItsOwnExplanation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = Store(
        initialState: 0, reducer: counterReducer, environment: (),
        history: HistoryPolicy(capacity: 4))
      store.send(.incrementTapped)
      let subscription = store.subscribe { _ in store.undo() }
      store.send(.incrementTapped)
      subscription.cancel()
    }
    Self.expect(
      result, printed: StoreMisuse.restoreWhileProcessing,
      phrases: [
        "Store.undo()/restore(to:) was called while the store was handling an action",
        "a timeline that no longer exists",
        "Call undo or restore from the code that drives the store, between batches",
      ])
  }

  @Test func restoreFromMiddlewareStopsWithItsOwnExplanation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = Store(
        initialState: 0, reducer: counterReducer, environment: (),
        history: HistoryPolicy(capacity: 4))
      store.send(.incrementTapped)
      store.use(Middleware(willReduce: { _, _, _ in store.restore(to: 0) }))
      store.send(.incrementTapped)
    }
    Self.expect(
      result, printed: StoreMisuse.restoreWhileProcessing,
      phrases: ["Store.undo()/restore(to:) was called while the store was handling an action"])
  }

  @Test func undoWithoutHistoryStopsWithAnExplanation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = Store(initialState: 0, reducer: counterReducer, environment: ())
      store.send(.incrementTapped)
      store.undo()
    }
    Self.expect(
      result, printed: StoreMisuse.historyDisabled,
      phrases: [
        "undo()/restore(to:) was called on a store created without history",
        "they cost a state copy per action",
        "Pass `history: HistoryPolicy(capacity: n)` to the store's initialiser",
      ])
  }

  @Test func restoringARevisionTheBoundDroppedStopsWithTheRangeItHolds() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = Store(
        initialState: 0, reducer: counterReducer, environment: (),
        history: HistoryPolicy(capacity: 2))
      for _ in 0..<10 { store.send(.incrementTapped) }
      store.restore(to: 3)
    }
    Self.expect(
      result, printed: StoreMisuse.revisionNotInHistory(3, oldest: 8, newest: 10),
      phrases: [
        "History cannot restore revision 3: it holds 8...10",
        "drops the oldest snapshots first",
        "raise the history's capacity",
      ])
  }

  @Test func restoringBeforeAnyBatchStopsSayingHistoryIsEmpty() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = Store(
        initialState: 0, reducer: counterReducer, environment: (),
        history: HistoryPolicy(capacity: 2))
      store.restore(to: 0)
    }
    Self.expect(
      result, printed: StoreMisuse.revisionNotInHistory(0, oldest: nil, newest: 0),
      phrases: ["History cannot restore revision 0: it holds nothing (history is empty)"])
  }

  @Test func asyncWorkExpectingAnotherEnvironmentStopsWithAnExplanation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let reducer = Reducer<Int, CounterAction, Void> { _, _, _ in
        .run { (environment: String, send) in send(.incrementTapped) }
      }
      let store = Store(initialState: 0, reducer: reducer, environment: ())
      store.send(.incrementTapped)
      await store.settle()
    }
    Self.expect(
      result, printed: StoreMisuse.environmentMismatch(expected: String.self, found: ()),
      phrases: [
        "An Effect.run closure expected an environment of type String but the store provided ()",
        "must be lifted into the parent with pullback(state:action:environment:)",
        "Check that the child reducer is composed through pullback",
      ])
  }

  @Test func storingAnElementUnderAnotherIDStopsWithAnExplanation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      struct Rock: Identifiable { var id: Int }
      var rocks: IdentifiedArray<Rock> = [Rock(id: 1)]
      rocks[id: 1] = Rock(id: 2)
    }
    Self.expect(
      result, printed: StoreMisuse.identifiedElementIDMismatch(key: 1, elementID: 2),
      phrases: [
        "IdentifiedArray[id: 1] was assigned an element whose id is 2",
        "lookups by either id return the wrong element",
        "or call updateOrAppend(_:) to store the element under its own id",
      ])
  }
}
