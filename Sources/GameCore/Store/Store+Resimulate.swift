extension Store {
  /// Starts over from `state` and runs `ticks` tick actions from it as one batch: what a
  /// rewind, a seek or a rollback does after restoring a snapshot.
  ///
  /// Subscribers hear once, at the end, as after any batch, not once per tick re-run;
  /// middleware, history and async work are off while the ticks run (their results would be
  /// repeats of a timeline already seen). Timers, async work and queued actions of the
  /// abandoned future end, as in ``Simulation/restore(_:)``; history is forgotten.
  @inlinable
  public func resimulate(from state: State, ticks: some Sequence<Action>) {
    reset(to: state)
    let (history, observed, subscribed) = (self.history, flags[.observed], flags[.subscribed])
    self.history = nil
    flags[.observed] = false
    flags[.subscribed] = false
    isReplayingHistory = true
    // With nothing watching and nothing queued, each tick takes `step`'s fast path.
    for action in ticks { step(action) }
    isReplayingHistory = false
    self.history = history
    flags[.observed] = observed
    flags[.subscribed] = subscribed
    flags[.processing] = true
    if subscribed { notifySubscribers() }
    flags[.processing] = false
  }
}
