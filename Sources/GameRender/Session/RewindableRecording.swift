import GameCore

/// Records a session whose timeline can be rewound, so the file always describes the timeline
/// the player ended up on.
///
/// The inputs are the timeline's own (``TickTimeline`` keeps every tick's): the ticks it may
/// still take back (the last ``window``) stay out of the file; older ones are final and go to
/// the sink, paired with the state they produced, which a shadow simulation a window behind
/// the live game computes. A rewind forgets ticks only at the timeline's end, so the file
/// never holds a future that was undone, and it is still written incrementally: a crash loses
/// at most the window.
package final class RewindableRecording<G: Game> {

  /// Ticks that can be rewound: the recording stays this far behind the timeline's end.
  let window: Int
  private let sink: any RecordingSink<G.State>
  private let shadow: Simulation<G>
  /// Ticks written so far: final, so a rewind must not go before them.
  private(set) var committed = 0

  init(seed: UInt64, settings: G.Settings, window: Int, sink: any RecordingSink<G.State>) {
    self.window = max(1, window)
    self.sink = sink
    shadow = Simulation(state: G.initialState(seed: seed, settings: settings))
  }

  /// Writes the ticks of `timeline` that are now more than ``window`` behind its end.
  func follow(_ timeline: TickTimeline<G>) throws {
    try commit(timeline, through: timeline.end - window)
  }

  /// Writes the rest of `timeline` and finishes the file; the timeline's state is checked
  /// against the shadow.
  ///
  /// - Throws: ``RecordingError/diverged(atTick:)`` when the recorded inputs do not lead to
  ///   the timeline's state (the file is then left unfinished, as a `.part`); the sink's errors.
  func finish(_ timeline: TickTimeline<G>) throws -> String {
    try commit(timeline, through: timeline.end)
    guard shadow.state == timeline.state else { throw RecordingError.diverged(atTick: committed) }
    return try sink.finish(state: shadow.state)
  }

  private func commit(_ timeline: TickTimeline<G>, through last: Int) throws {
    guard last > committed else { return }
    try timeline.forEachInput(from: committed + 1, through: last) { input in
      shadow.step(input)
      committed += 1
      try sink.record(input, after: shadow.state)
    }
  }
}

/// Where a ``RewindableRecording``'s final inputs go: the replay recorder (or a stand-in in
/// tests).
package protocol RecordingSink<State>: AnyObject {
  associatedtype State
  /// The input of the next tick and the state the tick produced.
  func record(_ input: TickInput, after state: State) throws
  /// No more input; the final state. Returns a line describing what was written.
  func finish(state: State) throws -> String
}

/// Why a rewindable recording could not be finished.
package enum RecordingError: Error, Equatable, CustomStringConvertible {
  /// The game ended in another state than the recorded inputs lead to, after `atTick` ticks:
  /// the file would not verify, so it is not finished.
  case diverged(atTick: Int)

  package var description: String {
    switch self {
    case .diverged(let tick):
      "the recording diverged from the game it records (\(tick) ticks recorded); "
        + "the replay was left unfinished because it would not verify"
    }
  }
}
