import GameCore
import GameScene

/// A test game that ends: each game lasts 64 ticks and scores a point per tick "right" is
/// held; "start" begins the next game. Ranked by score, so it tests the high-score tables.
struct RaceGame: PlayableGame {
  struct State: GameState {
    var tick = 0
    var score = 0
    var ticksLeft = 64
    var isOver = false

    func stableHash(into hasher: inout StableHasher) {
      for value in [tick, score, ticksLeft, isOver ? 1 : 0] { hasher.combine(value) }
    }

    var hashSections: [(name: String, hash: UInt64)] {
      var hasher = StableHasher()
      stableHash(into: &hasher)
      return [("all", hasher.finalized)]
    }
  }

  enum Action: TickAction, Equatable {
    case tick(TickInput)
  }

  static let id = "race"
  static let version: UInt16 = 1
  static let buttons = ButtonLayout([
    Button("right", symbol: "R", keys: ["Right"]),
    Button("start", symbol: "S", keys: ["Return"]),
  ])

  static func initialState(seed: UInt64, settings: NoSettings) -> State { State() }

  static func isGameOver(_ state: State) -> Bool { state.isOver }
  static func isPlaying(_ state: State) -> Bool { !state.isOver }

  static func ranking(of state: State) -> Ranking? {
    state.isOver ? Ranking(value: state.score) : nil
  }

  static func rankingText(_ value: Int, table: String) -> String { "\(value) PTS" }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    state.tick += 1
    if state.isOver {
      if input.contains(TickInput(bit: 1)) { state = State(tick: state.tick) }
      return .none
    }
    if input.contains(TickInput(bit: 0)) { state.score += 1 }
    state.ticksLeft -= 1
    state.isOver = state.ticksLeft == 0
    return .none
  }

  static func scene(of state: State) -> Scene {
    var scene = Scene(tick: state.tick)
    scene.overlay.append(.text(Text("SCORE \(state.score)", x: 20, y: 20)))
    scene.highScores = HighScoreBoard(
      list: state.isOver ? Text("BEST", x: 640, y: 300, alignment: .center) : nil,
      best: Text("HI \(state.score)", x: 640, y: 20), bestPrefix: "HI ", current: state.score)
    return scene
  }
}
