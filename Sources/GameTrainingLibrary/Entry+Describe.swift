import GameCore
import GameFiles

// What the library serves, as JSON the caller builds its spaces from.

/// Writes a JSON description of every game into `json` (`capacity` bytes, NUL-terminated)
/// and stores its length (without the NUL) in `lengthOut`; answers `bufferTooSmall` with the
/// length needed when it does not fit.
///
/// `{"abi": 6, "games": [{"id", "title", "version", "players": [1, 2], "time_limit",
/// "tick_rate", "features": [{"name", "low", "high", "meaning"}], "actions": [[names of
/// player 1], [player 2]], "axes": [[{"name", "index", "low", "high"} of player 1],
/// [player 2]], "counters": [{"name", "meaning"}], "default_rewards": {"1": counter name, "2":
/// ...}}]}`: an agent's axes are its player's; `index` is the one `input[axis:]` takes; each
/// agent count's default reward is the change of the counter named.
@c public func lockstep_describe(
  _ json: UnsafeMutablePointer<CChar>?, _ capacity: Int64,
  _ lengthOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  let text = describeGames()
  let bytes = Array(text.utf8)
  lengthOut?.pointee = Int64(bytes.count)
  guard let json, capacity > Int64(bytes.count) else {
    return fail(
      .bufferTooSmall, "the description needs \(bytes.count + 1) bytes", errorOut, errorCapacity)
  }
  for (index, byte) in bytes.enumerated() { json[index] = CChar(bitPattern: byte) }
  json[bytes.count] = 0
  return Status.ok.rawValue
}

func describeGames() -> String {
  // Whole bounds print as integers; a bound past Int's range (a derived feature of an `Int`
  // field: ±9.2e18) as the float it is.
  func number(_ value: Float) -> JSON { .number(Int(exactly: value).map { "\($0)" } ?? "\(value)") }
  let games = TrainingLibrary.games.map { game -> JSON in
    let features = game.observationFeatures.map { feature -> JSON in
      .object([
        ("name", .string(feature.name)), ("low", number(feature.low)),
        ("high", number(feature.high)), ("meaning", .string(feature.meaning)),
      ])
    }
    let players = game.trainingPlayers.max() ?? 1
    let actions = (0..<players).map { player -> JSON in
      .array(game.actions(forPlayer: player).map { .string($0.name) })
    }
    let layout = game.buttons.axes
    let axes = (0..<players).map { player -> JSON in
      .array(
        layout.indices.filter { layout[$0].player == player + 1 }.map { index in
          .object([
            ("name", .string(layout[index].name)), ("index", .int(index)),
            ("low", .int(layout[index].range.lowerBound)),
            ("high", .int(layout[index].range.upperBound)),
          ])
        })
    }
    let counters = game.trainingCounters.map { counter -> JSON in
      .object([("name", .string(counter.name)), ("meaning", .string(counter.meaning))])
    }
    let rewards = game.trainingPlayers.map { count -> (String, JSON) in
      ("\(count)", .string(game.defaultReward(players: count)))
    }
    return .object([
      ("id", .string(game.id)), ("title", .string(game.title)), ("version", .int(game.version)),
      ("players", .array(game.trainingPlayers.map { .int($0) })),
      ("time_limit", .int(game.timeLimit)), ("tick_rate", .int(64)),
      ("features", .array(features)), ("actions", .array(actions)), ("axes", .array(axes)),
      ("counters", .array(counters)), ("default_rewards", .object(rewards)),
    ])
  }
  return JSON.object([("abi", .int(abiVersion)), ("games", .array(games))]).text()
}
