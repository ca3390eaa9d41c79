/// The game as a replayable simulation: how ``ReplayPlayer`` drives ``Simulation``.
///
/// The replay code knows nothing else about the game. The header's settings blob is
/// ``GameSettings/encoded``; the game takes no external actions yet, so a replay that holds
/// one is refused rather than silently skipped.
extension Simulation: ReplayableSimulation {
  /// ``Game/version``.
  public static var gameVersion: UInt16 { Game.version }

  /// The game at tick 0 for the header's seed and settings.
  public convenience init(replaying header: ReplayHeader) throws(ReplayError) {
    let settings: GameSettings
    do {
      settings = try GameSettings(encoded: header.settings)
    } catch {
      throw .badSettings(reason: "\(error)")
    }
    self.init(seed: header.seed, settings: settings)
  }

  /// Refuses: the game has no external actions (every input is the tick's buttons).
  public func deliver(_ action: ExternalAction) throws(ReplayError) {
    throw .unsupportedExternalAction(atTick: action.tick)
  }
}

extension Game.State: ReplayHashable {}

extension ReplayHeader {
  /// The header of a recording of ``Game`` at this build's version.
  public init(seed: UInt64, settings: GameSettings, tickRate: UInt16) {
    self.init(
      gameVersion: Game.version, tickRate: tickRate, seed: seed, settings: settings.encoded)
  }
}
