import GameCore

/// Records a session that can be rewound, so the file always describes the timeline the
/// player ended up on.
///
/// Inputs stay in memory while they can still be rewound (the last ``window`` ticks); older
/// ones are final and go to the sink, paired with the state they produced, which a shadow
/// simulation a window behind the live game computes. Rewinding drops inputs from the
/// memory end, so the file never holds a future that was undone, and it is still written
/// incrementally: a crash loses at most the window.
package final class RewindableRecording<G: Game> {

  /// Ticks that can be rewound; the store's history must reach at least this far back.
  let window: Int
  private let sink: any RecordingSink<G.State>
  private var pending: [TickInput] = []
  private var pendingHead = 0
  private let shadow: Store<G>
  /// Ticks recorded so far on the current timeline.
  var tick: Int { committed + pending.count - pendingHead }
  private(set) var committed = 0

  init(seed: UInt64, settings: G.Settings, window: Int, sink: any RecordingSink<G.State>) {
    self.window = max(1, window)
    self.sink = sink
    shadow = Store(
      initialState: G.initialState(seed: seed, settings: settings), reducer: G(),
      environment: ())
  }

  /// True when there is a recorded tick that may still be taken back.
  var canRewind: Bool { pending.count > pendingHead }

  /// Appends the input of the tick just run; the oldest pending input becomes final once the
  /// window is full.
  func append(_ input: TickInput) throws {
    pending.append(input)
    if pending.count - pendingHead > window { try commitOldest() }
  }

  /// Takes back the newest tick (the game was rewound by one).
  func rewindOne() {
    precondition(canRewind, "rewound past the recording window")
    pending.removeLast()
  }

  /// Writes what is pending and finishes the file; `live` is checked against the shadow.
  ///
  /// - Throws: ``RecordingError/diverged(atTick:)`` when the recorded inputs do not lead to
  ///   `live` (the file is then left unfinished, as a `.part`); the sink's errors.
  func finish(live: G.State) throws -> String {
    while canRewind { try commitOldest() }
    guard shadow.state == live else { throw RecordingError.diverged(atTick: committed) }
    return try sink.finish(state: shadow.state)
  }

  private func commitOldest() throws {
    let input = pending[pendingHead]
    pendingHead += 1
    shadow.step(.tick(input))
    committed += 1
    try sink.record(input, after: shadow.state)
    if pendingHead > 1_024 && pendingHead * 2 > pending.count {
      pending.removeFirst(pendingHead)
      pendingHead = 0
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
