/// The messages a store stops with when it is misused: what happened, why it is wrong, how to fix.
///
/// Kept in one place so tests can assert the exact text.
public enum StoreMisuse {
  /// `state` was read from inside the reducer while it was mutating that state.
  public static let stateReadWhileReducing = """
    Store.state was read while the reducer was running. The reducer receives the state as \
    `inout` and is changing it; a read through the store would see a half-updated value (and is \
    an exclusivity violation). Read the `state` parameter inside the reducer, or read the store \
    from a subscriber, which runs after the action has been reduced.
    """

  /// `restore(to:)` was asked for a point the bounded history no longer holds.
  public static func revisionNotInHistory(_ revision: Int, oldest: Int?, newest: Int) -> String {
    let range = oldest.map { "\($0)...\(newest)" } ?? "nothing (history is empty)"
    return """
      History cannot restore revision \(revision): it holds \(range). History is bounded and \
      drops the oldest snapshots first. Restore a revision within that range, or raise the \
      history's capacity.
      """
  }

  /// History was used on a store made without it.
  public static let historyDisabled = """
    undo()/restore(to:) was called on a store created without history. A store records \
    snapshots only when asked to, since they cost a state copy per action. Pass \
    `history: HistoryPolicy(capacity: n)` to the store's initialiser.
    """

  /// An effect's async work expected a different environment than the store has.
  public static func environmentMismatch(expected: Any.Type, found: Any) -> String {
    """
    An Effect.run closure expected an environment of type \(expected) but the store provided \
    \(type(of: found)). Effects of a child reducer must be lifted into the parent with \
    pullback(state:action:environment:), which converts the environment. Check that the child \
    reducer is composed through pullback and that the closure's environment type is the child's.
    """
  }

  /// `IdentifiedArray[id:]` was assigned an element with another id.
  public static func identifiedElementIDMismatch(key: Any, elementID: Any) -> String {
    """
    IdentifiedArray[id: \(key)] was assigned an element whose id is \(elementID). The array \
    finds each element by its own id, so storing it under another key would make lookups by \
    either id return the wrong element. Assign an element whose id equals the subscript's id, \
    or call updateOrAppend(_:) to store the element under its own id.
    """
  }
}

extension StoreMisuse {
  /// Subscribers kept sending actions that changed what they watch, round after round.
  public static func subscribersNeverSettle(rounds: Int) -> String {
    """
    Subscribers sent actions in \(rounds) notification rounds in a row within one batch. Each \
    round reports what the previous round's actions changed, so a subscriber that sends an \
    action on every change it hears of keeps the batch from ever ending. Send only when the \
    watched value reaches a state that needs an action, or send from the loop that drives the \
    store.
    """
  }

  /// `step` was called from inside a reducer, subscriber or middleware.
  public static let stepWhileProcessing = """
    Store.step(_:) was called while the store was handling an action. A tick is a batch of its \
    own and cannot nest inside another. Call step from the loop that drives the store, not from \
    a reducer, subscriber or middleware; send an action instead.
    """
}
