/// Delivers the actions async work produces; they reach the store at the next tick boundary.
///
/// Calling it after the work was cancelled, or after the work returned (a `Send` that escaped
/// it), does nothing. Async work exists only for `Sendable` actions (`Effect.run(id:_:)`), so
/// what crosses threads is checked by the compiler.
public struct Send<Action>: Sendable {
  @usableFromInline let deliver: @Sendable (Action) -> Void

  init(_ deliver: @escaping @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Delivers one action.
  public func callAsFunction(_ action: Action) {
    deliver(action)
  }

  /// A handle for a child whose actions are wrapped into the parent's.
  public func map<Child>(_ embed: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let deliver = self.deliver
    return Send<Child> { deliver(embed($0)) }
  }
}
