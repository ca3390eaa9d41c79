import GameCore

/// Counters (``TrainableGame/counters(of:player:into:)``): their defaults, the list derived
/// from the names written, and the reward chosen among them.
extension TrainableGame {
  /// One counter, `score`: ``score(of:player:)``, the reward's running total.
  public static func counters(of state: State, player: Int, into counters: inout CounterWriter) {
    counters.total("score", score(of: state, player: player), "the reward's running total")
  }

  /// `score`.
  public static func defaultReward(players: Int) -> String { "score" }

  /// The counters `counters(of:player:into:)` names as it writes them, listed once per game
  /// (then kept) by running it on the game's first state with the settings of its largest
  /// number of agents, for each agent, who must all report the same counters.
  public static var trainingCounters: [TrainingCounter] {
    listedCounters.value(for: Self.self) { listCounters() }
  }

  /// The counters `counters(of:player:into:)` writes for `player` in `state`, with their
  /// values, in order.
  public static func writtenCounters(
    of state: State, player: Int
  ) -> [(counter: TrainingCounter, value: Int64)] {
    let list = TrainingCounterList()
    let scratch = UnsafeMutablePointer<Int64>.allocate(capacity: TrainingCounterList.capacity)
    defer { scratch.deallocate() }
    var writer = CounterWriter(scratch, listingInto: list)
    withExtendedLifetime(list) { counters(of: state, player: player, into: &writer) }
    precondition(
      list.counters.count == writer.written,
      "\(id): every counter is written with its name (counters.total(\"lines\", lines))")
    return list.counters.enumerated().map { ($0.element, scratch[$0.offset]) }
  }

  /// The index of the counter named `reward` among ``trainingCounters``, or a
  /// `badConfiguration` error naming the choices.
  public static func rewardCounter(named reward: String) throws(TrainingError) -> Int {
    let counters = trainingCounters
    guard let index = counters.firstIndex(where: { $0.name == reward }) else {
      throw .badConfiguration(
        "\(id) has no reward '\(reward)'; its rewards are the changes of its counters: "
          + counters.map(\.name).joined(separator: ", "))
    }
    return index
  }

  private static func listCounters() -> [TrainingCounter] {
    let players = trainingPlayers.max() ?? 1
    let state = initialState(seed: 0, settings: trainingSettings(players: players))
    let first = writtenCounters(of: state, player: 0).map(\.counter)
    precondition(!first.isEmpty, "\(id): counters(of:player:into:) wrote no counter")
    precondition(
      Set(first.map(\.name)).count == first.count, "\(id): two counters have the same name")
    for player in 1..<max(1, players) {
      let other = writtenCounters(of: state, player: player).map(\.counter)
      precondition(
        other == first,
        "\(id): player \(player) reports other counters than player 0; every agent must "
          + "report the same counters, in the same order")
    }
    for count in trainingPlayers {
      let reward = defaultReward(players: count)
      precondition(
        first.contains { $0.name == reward },
        "\(id): the default reward '\(reward)' for \(count) agents is not a counter")
    }
    return first
  }
}

/// Each game's listed counters, in the order listed (a scan, never a hash's order).
private let listedCounters = PerGameCache<[TrainingCounter]>()
