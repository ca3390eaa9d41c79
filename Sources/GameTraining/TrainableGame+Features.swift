import GameCore

/// ``TrainableGame/observationFeatures`` derived from the names written in
/// ``TrainableGame/observe(_:player:into:)``.
extension TrainableGame {
  /// The features `observe` names as it writes them, listed once per game (then kept) by
  /// running it on the game's first state: with the settings of its largest number of
  /// agents, for each agent, who must all see the same features.
  ///
  /// > Important: every value must be written with its name (``ObservationWriter/unit(_:_:over:_:)``
  /// > and the like), and the same ones whatever the state: a game whose count or names
  /// > depend on the state fails ``trainingProblems(_:players:steps:count:actionRepeat:)``.
  /// > A game that writes unnamed values declares this list itself.
  public static var observationFeatures: [ObservationFeature] {
    listedFeatures.value(for: Self.self) { listFeatures() }
  }

  /// The features `observe` writes for `player` in `state`, in order: nil for a value
  /// written without a name.
  public static func writtenFeatures(of state: State, player: Int) -> [ObservationFeature?] {
    let list = ObservationFeatureList()
    let scratch = UnsafeMutablePointer<Float>.allocate(capacity: ObservationFeatureList.capacity)
    defer { scratch.deallocate() }
    var writer = ObservationWriter(scratch, listingInto: list)
    withExtendedLifetime(list) { observe(state, player: player, into: &writer) }
    return list.written(count: writer.count)
  }

  private static func listFeatures() -> [ObservationFeature] {
    let players = trainingPlayers.max() ?? 1
    let state = initialState(seed: 0, settings: trainingSettings(players: players))
    let first = writtenFeatures(of: state, player: 0)
    if let unnamed = first.firstIndex(of: nil) {
      preconditionFailure(
        "\(id): observe wrote feature \(unnamed) without a name, so its features cannot be "
          + "listed; write it with its name (features.unit(\"ball_x\", x, over: width, "
          + "\"what it means\")), or declare observationFeatures")
    }
    for player in 1..<max(1, players) {
      let other = writtenFeatures(of: state, player: player)
      precondition(
        other == first,
        "\(id): player \(player) sees other features than player 0 (\(other.count) against "
          + "\(first.count), or other names); every agent's observation must have the same "
          + "features: write each player's view with the same calls")
    }
    return first.map { $0! }
  }
}

/// Each game's listed features, in the order listed (never iterated in a hash: a scan).
private let listedFeatures = PerGameCache<[ObservationFeature]>()
