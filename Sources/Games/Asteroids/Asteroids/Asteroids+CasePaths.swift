import GameCore

extension Asteroids {
  // One case path per child, as structs so that each child's pullback inlines into a check of
  // the action's tag (see `CasePathProtocol`): no closure is called per child action.

  /// `Action.session` and its payload: lifts ``Session``.
  struct SessionCase: CasePathProtocol {
    func embedValue(_ value: Session.Action) -> Action { .session(value) }
    func extractValue(from root: Action) -> Session.Action? {
      if case .session(let action) = root { action } else { nil }
    }
  }

  /// `Action.ship` and its payload: lifts ``Ship``.
  struct ShipCase: CasePathProtocol {
    func embedValue(_ value: Ship.Action) -> Action { .ship(value) }
    func extractValue(from root: Action) -> Ship.Action? {
      if case .ship(let action) = root { action } else { nil }
    }
  }

  /// `Action.rocks` and its payload: lifts ``Rocks``.
  struct RocksCase: CasePathProtocol {
    func embedValue(_ value: Rocks.Action) -> Action { .rocks(value) }
    func extractValue(from root: Action) -> Rocks.Action? {
      if case .rocks(let action) = root { action } else { nil }
    }
  }

  /// `Action.bullets` and its payload: lifts ``Bullets``.
  struct BulletsCase: CasePathProtocol {
    func embedValue(_ value: Bullets.Action) -> Action { .bullets(value) }
    func extractValue(from root: Action) -> Bullets.Action? {
      if case .bullets(let action) = root { action } else { nil }
    }
  }

  /// `Action.saucer` and its payload: lifts ``Saucer``.
  struct SaucerCase: CasePathProtocol {
    func embedValue(_ value: Saucer.Action) -> Action { .saucer(value) }
    func extractValue(from root: Action) -> Saucer.Action? {
      if case .saucer(let action) = root { action } else { nil }
    }
  }

  /// `Action.score` and its payload: lifts ``Score``.
  struct ScoreCase: CasePathProtocol {
    func embedValue(_ value: Score.Action) -> Action { .score(value) }
    func extractValue(from root: Action) -> Score.Action? {
      if case .score(let action) = root { action } else { nil }
    }
  }

  /// `Action.particles` and its payload: lifts ``Particles``.
  struct ParticlesCase: CasePathProtocol {
    func embedValue(_ value: Particles.Action) -> Action { .particles(value) }
    func extractValue(from root: Action) -> Particles.Action? {
      if case .particles(let action) = root { action } else { nil }
    }
  }
}
