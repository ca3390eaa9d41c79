import GameCore
import GameScene

/// The engine's own test game: a box that walks along a wrapping strip, with a pause button
/// and a second player's button, drawn from its own little sheet
/// (`Tests/GameRenderTests/assets/tiny/`). No real game is needed to test the renderer, the
/// window loop, rewind or recording.
struct TinyGame: PlayableGame {
  struct State: GameState {
    var tick = 0
    /// The box's centre on a 320-unit strip that wraps.
    var x: Int
    var isPaused = false
    /// Player 2's presses.
    var claps = 0
    /// True on a tick the box moved: a "blip".
    var moved = false

    func stableHash(into hasher: inout StableHasher) {
      for section in hashSections { hasher.combine(section.hash) }
    }

    var hashSections: [(name: String, hash: UInt64)] {
      [
        ("tick", Self.hash(tick)), ("x", Self.hash(x)), ("paused", Self.hash(isPaused ? 1 : 0)),
        ("claps", Self.hash(claps)),
      ]
    }

    static func hash(_ value: Int) -> UInt64 {
      var hasher = StableHasher()
      hasher.combine(value)
      return hasher.finalized
    }
  }

  enum Action: TickAction, Equatable {
    case tick(TickInput)
  }

  /// Walks right, or stands when "idle".
  struct Bot: GameBot {
    var idle: Bool
    func input(for state: State) -> TickInput { idle ? [] : .right }
  }

  static let id = "tiny"
  static let version: UInt16 = 1
  static let buttons = ButtonLayout([
    Button("left", symbol: "L", keys: ["Left"], controller: ["dpleft", "leftx-"]),
    Button("right", symbol: "R", keys: ["Right"], controller: ["dpright", "leftx+"]),
    Button("pause", symbol: "P", keys: ["P"], controller: ["start"], pauses: true),
    Button("clap", symbol: "C", keys: ["Space"], controller: ["a"], player: 2),
  ])
  static let sourceFile: String? = #filePath
  static let botNames = ["walker", "idle"]

  static func initialState(seed: UInt64, settings: NoSettings) -> State {
    State(x: Int(seed % 320))
  }

  static func bot(named name: String, seed: UInt64) -> Bot? {
    botNames.contains(name) ? Bot(idle: name == "idle") : nil
  }

  static func metrics(of state: State) -> [Metric] { [Metric("x", state.x)] }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    state.tick += 1
    state.moved = false
    if input.contains(.pause) { state.isPaused.toggle() }
    guard !state.isPaused else { return .none }
    let step = (input.contains(.right) ? 2 : 0) - (input.contains(.left) ? 2 : 0)
    state.x = (state.x + step + 320) % 320
    state.moved = step != 0
    if input.contains(.clap) { state.claps += 1 }
    return .none
  }

  static func isPlaying(_ state: State) -> Bool { !state.isPaused }

  /// The box (tracked), a dot trailing it, the strip's floor, and "TINY <x>" in the overlay.
  static func scene(of state: State) -> Scene {
    var scene = Scene(
      tick: state.tick, worldWidth: 320, worldHeight: 180, wraps: true)
    scene.world.append(.rect(Rect(x: 0, y: 150, width: 320, height: 4, color: Color(0, 120, 0))))
    scene.world.append(
      .sprite(Sprite(id: 1, image: "box", x: Float(state.x), y: 100, motion: .tracked)))
    scene.particles.append(
      Particle(image: "dot", x: Float(state.x) - 20, y: 100, vx: 0, vy: 0, life: 1))
    scene.overlay.append(.text(Text("TINY \(state.x)", x: 20, y: 20)))
    if state.isPaused {
      scene.overlay.append(
        .rect(Rect(x: 0, y: 0, width: 1280, height: 720, color: Color(0, 0, 0, alpha: 150))))
    }
    return scene
  }

  static func sounds(of state: State) -> Sounds {
    Sounds(oneShots: state.moved ? ["blip"] : [], loops: state.isPaused ? [] : ["hum"])
  }
}

extension TickInput {
  static let left = TickInput(bit: 0)
  static let right = TickInput(bit: 1)
  static let pause = TickInput(bit: 2)
  static let clap = TickInput(bit: 3)
}
