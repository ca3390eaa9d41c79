import GameCore
import GameTraining
import Synchronization

/// The games a dynamic library of environments serves: the one thing each library says.
///
/// `GameTrainingLibrary` holds the whole C ABI over ``TrainingBatch`` (functions `lockstep_*`,
/// see docs/TRAINING.md); a package makes it a library of its own games with a `.dynamic`
/// library product whose target is one line, the function a caller runs first:
///
/// ```swift
/// @c public func lockstep_register() { TrainingLibrary.serve([Catch.self]) }
/// ```
///
/// The Python package calls `lockstep_register` when it loads the library; a C caller calls it
/// once before the other functions. The exports of this module end up in that library.
public enum TrainingLibrary {
  private static let served = Mutex<[any TrainableGame.Type]>([])

  /// Serves `games` (in this order) from now on, in place of any served before.
  public static func serve(_ games: [any TrainableGame.Type]) {
    served.withLock { $0 = games }
  }

  /// The games served, in the order ``serve(_:)`` named them.
  public static var games: [any TrainableGame.Type] { served.withLock { $0 } }

  /// The game called `id`, if the library serves it.
  static func game(_ id: String) -> (any TrainableGame.Type)? {
    for game in games where game.id == id { return game }
    return nil
  }

  /// The ids of the games served.
  static var ids: [String] {
    var ids: [String] = []
    for game in games { ids.append(game.id) }
    return ids
  }
}

@available(*, deprecated, renamed: "TrainingLibrary")
public typealias EnvironmentLibrary = TrainingLibrary
