/// A game's simulation as a replayable one: how ``ReplayPlayer`` drives any ``Game``.
///
/// The replay code knows nothing else about the game. The header's settings blob is the
/// game's ``GameSettings/encoded``; the engine's games take no external actions yet, so a
/// replay that holds one is refused rather than silently skipped.
extension Simulation: ReplayableSimulation {
  /// ``Game/id``.
  @inlinable public static var gameID: String { G.id }

  /// ``Game/version``.
  @inlinable public static var gameVersion: UInt16 { G.version }
  /// ``Game/legacyHashing``.
  public static var legacyHashing: [LegacyHashing<G.State>] { G.legacyHashing }

  /// The number of buttons of the game.
  @inlinable public static var inputBits: Int { G.buttons.bitCount }

  /// The game at tick 0 for the header's seed and settings.
  ///
  /// - Throws: ``ReplayError/axesMismatch(found:expected:)`` when the header's axes are not
  ///   the game's (``playsAxes(of:)``), ``ReplayError/badSettings(reason:)`` when its settings
  ///   do not decode.
  @inlinable
  public convenience init(replaying header: ReplayHeader) throws(ReplayError) {
    guard Self.playsAxes(of: header) else {
      throw .axesMismatch(found: header.axisRanges, expected: G.buttons.axisRanges)
    }
    let settings: G.Settings
    do {
      settings = try G.Settings(encoded: header.settings)
    } catch {
      throw .badSettings(reason: "\(error)")
    }
    self.init(seed: header.seed, settings: settings)
  }

  /// True when a file with the axes of `header` replays in this game: the game's own axes, or
  /// none at all in a file of an older rules version. A game gains axes with a new rules
  /// version whose rules play an axis nobody moved (0) as the older rules played, so those
  /// files replay with every axis at 0 (every file of formats 1 to 3 has none).
  @inlinable
  public static func playsAxes(of header: ReplayHeader) -> Bool {
    header.axisRanges == G.buttons.axisRanges
      || (header.axisRanges.isEmpty && header.gameVersion < G.version)
  }

  /// ``Game/replayWork(of:)`` of the header's settings (1 when they do not decode: the
  /// player refuses such a file anyway).
  @inlinable
  public static func workPerTick(for header: ReplayHeader) -> Int {
    guard let settings = try? G.Settings(encoded: header.settings) else { return 1 }
    return max(1, G.replayWork(of: settings))
  }

  /// Refuses: the game has no external actions (every input is the tick's buttons).
  @inlinable
  public func deliver(_ action: ExternalAction) throws(ReplayError) {
    throw .unsupportedExternalAction(atTick: action.tick)
  }
}

extension ReplayHeader {
  /// The header of a recording of game `G` at this build's rules version.
  public init<G: Game>(
    game: G.Type, seed: UInt64, settings: G.Settings, tickRate: UInt16 = 64
  ) {
    self.init(
      gameID: G.id, gameVersion: G.version, inputBits: UInt8(G.buttons.bitCount),
      tickRate: tickRate, seed: seed, settings: settings.encoded,
      axisRanges: G.buttons.axisRanges)
  }
}
