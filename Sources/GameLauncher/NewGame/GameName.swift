/// The name of a new game package, checked: the game's id, the folder's name, and the Swift
/// names made from it (`space-race`: `SpaceRace`, `SpaceRaceGame`, `SpaceRaceApp`).
///
/// Only names that are safe everywhere they go pass: in a path (no `/`, no `..`, no leading
/// `-` or `.`), in a replay header (a valid ``Game/id``), and in Swift (a type name that hides
/// nothing the template's code uses, and targets that no module of the engine's package has).
struct GameName: Equatable {
  /// The id and folder: `space-race`.
  let id: String
  /// The type: `SpaceRace`.
  let type: String
  /// What players see: `Space Race`.
  let title: String

  /// Why a name was refused, in one line.
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  /// Modules of the engine's package and of the toolchain a new package's targets must not
  /// repeat or hide, and types a game grown from the guide uses beyond the template's
  /// (its maths, shapes and screenshots, and the standard library's).
  static let taken: Set<String> = [
    "GameCore", "GameScene", "GameTesting", "CSDL2", "GameRender", "GameLauncher", "GameApp",
    "GameFiles", "GameTraining", "GameInspector", "GameTrainingLibrary", "LocalHTTP",
    "AsteroidsGame", "PongGame", "BlocksGame", "Swift", "Foundation", "Glibc", "Darwin",
    "Testing", "XCTest", "PackageDescription", "ArgumentParser", "Self", "Type", "Protocol",
    "Any", "AnyObject", "Never", "Void",
    "Fixed", "Vector", "Angle", "Trig", "Sprite", "Rect", "Image", "Particle", "Emitter",
    "PhotoShoot", "Store", "StoreOf", "Optional", "Result", "Error", "Array", "Dictionary",
    "Set", "Double", "Character", "Range", "Hashable", "Comparable", "Codable", "Task",
  ]

  /// What a name must be, as refusals say it.
  static let rule = "1 to 16 of a-z, 0-9 and -, starting with a letter (rocket, space-race)"

  /// Checks `name`; throws a ``Refusal`` saying what is wrong and what would do.
  init(_ name: String) throws(Refusal) {
    let rule = Self.rule
    let allowed = { (c: Unicode.Scalar) in
      ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "-"
    }
    guard !name.isEmpty, name.count <= 16, name.unicodeScalars.allSatisfy(allowed),
      let first = name.unicodeScalars.first, ("a"..."z").contains(first)
    else { throw Refusal(description: "'\(Self.printable(name))' is not a game name: \(rule)") }
    guard !name.hasSuffix("-"), !name.contains("--") else {
      throw Refusal(
        description: "'\(name)' is not a game name: no '-' at the end or twice in a row")
    }
    let words = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
    id = name
    type = words.joined()
    title = words.joined(separator: " ")
    for taken in [type, type + "Game", type + "App", type + "GameTests"]
    where Self.taken.contains(taken) || GameTemplate.identifiers.contains(taken) {
      throw Refusal(
        description: "'\(name)' would make a Swift name the engine or the template already "
          + "uses (\(taken)); choose another name")
    }
  }

  /// `name` with anything unprintable escaped, so a refusal can never write control
  /// characters to the terminal.
  static func printable(_ name: String) -> String {
    let shown = name.prefix(40).unicodeScalars.map { scalar in
      scalar.isASCII && scalar.value >= 32 && scalar.value < 127
        ? String(scalar) : scalar.escaped(asASCII: true)
    }.joined()
    return name.count > 40 ? shown + "..." : shown
  }
}

extension GameTemplate {
  /// Every capitalised identifier of the template's code (`Scene`, `String`, `Text`): a game
  /// type of the same name would hide it.
  static let identifiers: Set<String> = {
    var names = Set<String>()
    for (_, contents) in files + [game] {
      var word = ""
      for character in contents + " " {
        if character.isLetter || character.isNumber || character == "_" {
          word.append(character)
        } else {
          if let first = word.first, first.isUppercase { names.insert(word) }
          word = ""
        }
      }
    }
    return names
  }()
}
