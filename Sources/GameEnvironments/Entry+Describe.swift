import GameCore

// What the library serves, as JSON the caller builds its spaces from.

/// Writes a JSON description of every game into `json` (`capacity` bytes, NUL-terminated)
/// and stores its length (without the NUL) in `lengthOut`; answers `bufferTooSmall` with the
/// length needed when it does not fit.
///
/// `{"abi": 4, "games": [{"id", "title", "version", "players": [1, 2], "time_limit",
/// "tick_rate", "features": [{"name", "low", "high", "meaning"}], "actions": [[names of
/// player 1], [player 2]], "axes": [[{"name", "index", "low", "high"} of player 1],
/// [player 2]]}]}`: an agent's axes are its player's; `index` is the one `input[axis:]` takes.
@c public func sgenv_describe(
  _ json: UnsafeMutablePointer<CChar>?, _ capacity: Int64, _ lengthOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  let text = describeGames()
  let bytes = Array(text.utf8)
  lengthOut?.pointee = Int64(bytes.count)
  guard let json, capacity > Int64(bytes.count) else {
    return fail(.bufferTooSmall, "the description needs \(bytes.count + 1) bytes", errorOut, errorCapacity)
  }
  for (index, byte) in bytes.enumerated() { json[index] = CChar(bitPattern: byte) }
  json[bytes.count] = 0
  return Status.ok.rawValue
}

func describeGames() -> String {
  func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default:
        if scalar.value < 0x20 {
          out += "\\u00" + String(scalar.value, radix: 16).leftPadded(2)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
  // Whole bounds print as integers; a bound past Int's range (a derived feature of an `Int`
  // field: ±9.2e18) as the float it is.
  func number(_ value: Float) -> String { Int(exactly: value).map { "\($0)" } ?? "\(value)" }
  var games: [String] = []
  for game in EnvironmentLibrary.games {
    let features = game.observationFeatures.map {
      "{\"name\": \(quoted($0.name)), \"low\": \(number($0.low)), \"high\": \(number($0.high)), "
        + "\"meaning\": \(quoted($0.meaning))}"
    }
    let players = game.environmentPlayers.max() ?? 1
    let actions = (0..<players).map { player in
      "[" + game.actions(forPlayer: player).map { quoted($0.name) }.joined(separator: ", ") + "]"
    }
    let layout = game.buttons.axes
    let axes = (0..<players).map { player in
      let owned = layout.indices.filter { layout[$0].player == player + 1 }.map { index in
        "{\"name\": \(quoted(layout[index].name)), \"index\": \(index), "
          + "\"low\": \(layout[index].range.lowerBound), \"high\": \(layout[index].range.upperBound)}"
      }
      return "[" + owned.joined(separator: ", ") + "]"
    }
    games.append(
      "{\"id\": \(quoted(game.id)), \"title\": \(quoted(game.title)), "
        + "\"version\": \(game.version), "
        + "\"players\": [\(game.environmentPlayers.map(String.init).joined(separator: ", "))], "
        + "\"time_limit\": \(game.timeLimit), \"tick_rate\": 64, "
        + "\"features\": [\(features.joined(separator: ", "))], "
        + "\"actions\": [\(actions.joined(separator: ", "))], "
        + "\"axes\": [\(axes.joined(separator: ", "))]}")
  }
  return "{\"abi\": \(abiVersion), \"games\": [\(games.joined(separator: ", "))]}"
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
