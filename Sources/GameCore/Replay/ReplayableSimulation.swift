/// A simulation a replay can drive: built from a header, fed inputs and external actions,
/// fingerprinted through its state.
///
/// The replay code knows the game only through this protocol, which keeps the format, the
/// player and the desync report testable with a small stand-in simulation, and keeps the
/// game free of replay details (its conformance is one short extension).
public protocol ReplayableSimulation {
  /// The state whose hashes the replay checks.
  associatedtype State: ReplayHashable

  /// The game's short id, as replay headers name it (``Game/id``).
  static var gameID: String { get }

  /// The version of the simulation rules (``Game/version``): a replay recorded under other
  /// rules cannot be expected to verify.
  static var gameVersion: UInt16 { get }

  /// How older rules versions hashed the state (``Game/legacyHashing``): their files still
  /// verify. None by default.
  static var legacyHashing: [LegacyHashing<State>] { get }

  /// How many bits of a tick input the game uses (its number of buttons).
  static var inputBits: Int { get }

  /// The simulation at tick 0 for this header's seed and settings.
  ///
  /// - Throws: ``ReplayError/badSettings(reason:)`` when the settings blob is not valid.
  init(replaying header: ReplayHeader) throws(ReplayError)

  /// The current state.
  var state: State { get }

  /// Delivers an external action recorded at the upcoming tick.
  mutating func deliver(_ action: ExternalAction) throws(ReplayError)

  /// Runs one tick with this input.
  mutating func step(_ input: TickInput)
  /// The work of one tick under this header's settings, 1 for normal play: what
  /// ``ReplayLimits/maxTicks`` counts. 1 by default.
  static func workPerTick(for header: ReplayHeader) -> Int
}

extension ReplayableSimulation {
  public static func workPerTick(for header: ReplayHeader) -> Int { 1 }
  public static var legacyHashing: [LegacyHashing<State>] { [] }

  /// The hashes a file of rules `version` checks; nil when these rules cannot replay it.
  public static func hashing(version: UInt16) -> StateHashing<State>? {
    StateHashing.forVersion(version, current: gameVersion, legacy: legacyHashing)
  }
}
