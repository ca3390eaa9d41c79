import GameCore
import Testing

@testable import GameTraining

/// A game written against the names before issue 29: it declares `environmentPlayers` and
/// `environmentSettings(players:)`, as a game of another package may. It must compile (this
/// file is the proof) and train with its own players and settings.
struct OldNamesGame: Game {
  struct State: GameState {
    var tick = 0
    var total = 0
    var step = 1
  }

  enum Action: TickAction, Equatable {
    case tick(TickInput)
  }

  struct Settings: GameSettings {
    var step = 1
    static var headless: Settings { Settings() }
    static var declared: [Setting<Settings>] {
      [Setting("step", \.step, 1...9, help: "what a press adds")]
    }
  }

  static let id = "old-names"
  static let version: UInt16 = 1
  static let buttons = ButtonLayout([Button("add", symbol: "A", keys: ["Space"])])

  static func initialState(seed: UInt64, settings: Settings) -> State {
    State(step: settings.step)
  }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    state.tick += 1
    if input.contains(TickInput(bit: 0)) { state.total += state.step }
    return .none
  }
}

extension OldNamesGame: TrainableGame {
  static func actions(forPlayer player: Int) -> [TrainingAction] {
    [TrainingAction("noop", []), TrainingAction("add", TickInput(bit: 0))]
  }
  static func score(of state: State, player: Int) -> Int { state.total }
  static var environmentPlayers: [Int] { [1, 2] }
  static func environmentSettings(players: Int) -> Settings {
    var settings = Settings()
    settings.step = players == 2 ? 7 : 3
    return settings
  }
}

@Suite struct TrainableGameOldNamesTests {
  @Test func theOldRequirementsAnswerTheNewNames() {
    #expect(OldNamesGame.trainingPlayers == [1, 2])
    #expect(OldNamesGame.trainingSettings(players: 1).step == 3)
    #expect(OldNamesGame.trainingSettings(players: 2).step == 7)
  }

  @Test func aBatchOfTheOldGameTakesItsPlayersAndSettings() throws {
    let versus = try TrainingBatch<OldNamesGame>(count: 1, configuration: .init(players: 2))
    #expect(versus.settings.step == 7)
    #expect(throws: TrainingError.self) {
      try TrainingBatch<OldNamesGame>(count: 1, configuration: .init(players: 3))
    }
  }

  @Test func aGameWithNeitherNameHasTheEngineDefaults() {
    #expect(BeadGame.trainingPlayers == [1])
    #expect(BeadGame.trainingSettings(players: 1) == NoSettings.headless)
  }
}
