import GameCore

/// The rules of the engine's interface around a game: when a finished game claims a place on
/// the high-score table, how the initials are entered, what is saved and when, and when the
/// attract mode asks for a demo (``reduce(_:attract:)``).
///
/// Pure: the date and the table come from ``SessionDependencies``, and the work outside the
/// state (building the claim's replay, writing the book) is asked for in
/// ``SessionState/requests`` and carried out by the driver (``GameSession``), which sends back
/// what came of it.
///
/// ```swift
/// let store = Store(
///   initialState: SessionState(seed: 9, buttons: 2, entryDelay: 32),
///   reducer: SessionReducer(), environment: .live(book: book))
/// store.send(.ticked(input, GameGlance(tick: 64, isOver: true, ranking: ranking, text: "40")))
/// // store.state.requests == [.buildReplay]: the driver builds it, sends .replayBuilt(bytes)
/// ```
package struct SessionReducer: ReducerProtocol {
  package init() {}

  package func reduce(
    into state: inout SessionState, action: SessionAction, environment: SessionDependencies
  ) -> Effect<SessionAction> {
    state.requests = []
    switch action {
    case .ticked(let input, let game):
      for bit in state.held.indices where input.contains(TickInput(bit: bit)) {
        state.held[bit] += 1
      }
      state.claim?.ticksOpen += 1
      if game.isOver, !state.wasOver, state.claim == nil {
        claimPlace(&state, for: game, environment: environment)
      }
      state.wasOver = game.isOver
    case .rewound(let game):
      state.wasOver = game.isOver
      state.rewoundTicks += 1
    case .key(let key):
      guard var claim = state.claim, claim.ticksOpen >= state.entryDelay else { break }
      claim.initials.press(key)
      state.claim = claim
      if claim.initials.isDone {
        save(claim, initials: claim.initials.initials, into: &state, environment: environment)
      }
    case .replayBuilt(let replay):
      state.claim?.replay = replay
    case .saved(let table, let place):
      if let place { state.entered = SessionState.Entered(table: table, place: place) }
    case .saveFailed(let failure):
      state.scoreFailure = failure
    case .recordingFailed(let failure):
      state.recordingFailure = failure
    case .attract(let action):
      reduce(&state, attract: action)
    case .quit:
      // A player who quits while entering keeps the place, with the initials typed so far.
      if let claim = state.claim {
        save(claim, initials: claim.initials.finalInitials, into: &state, environment: environment)
      }
    }
    return .none
  }

  /// Offers a place on the table to the game that just ended, if it made one.
  private func claimPlace(
    _ state: inout SessionState, for game: GameGlance, environment: SessionDependencies
  ) {
    guard let ranking = game.ranking, let place = environment.place(ranking),
      state.lastClaim.map({ $0.tick != game.tick || $0.value != ranking.value }) ?? true
    else { return }
    state.lastClaim = SessionState.LastClaim(tick: game.tick, value: ranking.value)
    state.claim = SessionState.Claim(
      ranking: ranking, text: game.text, place: place, tick: game.tick)
    state.requests.append(.buildReplay)
  }

  /// Closes the claim and asks for its entry to be saved, dated by the environment's day.
  private func save(
    _ claim: SessionState.Claim, initials: String, into state: inout SessionState,
    environment: SessionDependencies
  ) {
    state.claim = nil
    let day = environment.today()
    let ranking = claim.ranking
    let entry = HighScoreEntry(
      initials: initials, value: ranking.value, text: claim.text, date: day, replay: nil)
    let table = ranking.table.isEmpty ? "" : ranking.table + "-"
    let stamp = day.replacingOccurrences(of: "-", with: "")
    let name = "\(table)\(stamp)-\(initials)-\(ranking.value)-\(state.seed)-\(claim.tick).replay"
    state.requests.append(
      .save(HighScoreSave(entry: entry, ranking: ranking, replay: claim.replay, replayName: name)))
  }
}
