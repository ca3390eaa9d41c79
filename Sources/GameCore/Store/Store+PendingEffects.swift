extension Store {
  /// Timers scheduled by `.after` that have not fired yet, in the order they will fire.
  ///
  /// For tests and tools: a test that ends with timers pending has not seen every effect's
  /// actions.
  public var pendingTimers: [(dueTick: Int, action: Action)] {
    effects.timers.map { ($0.dueTick, $0.action) }
  }

  /// Async work started by `.run` that has not finished yet.
  public var runningEffectCount: Int {
    effects.inbox.withLock { $0.running.count }
  }

  /// Actions async work has produced that wait for the next tick boundary (``step(_:)``,
  /// ``advanceTick()`` or ``drainEffects()``).
  public var undeliveredEffectCount: Int {
    effects.inbox.withLock { $0.delivered.count }
  }

  /// Cancels every pending timer and all running async work; none of their actions, not even
  /// ones already produced, is delivered.
  ///
  /// For ending a scene or a test: in a game, prefer `Effect.cancel(id:)` from the reducer,
  /// which keeps the cancellation in the action log that replays depend on.
  public func cancelAllEffects() {
    effects.cancelAll()
  }
}
