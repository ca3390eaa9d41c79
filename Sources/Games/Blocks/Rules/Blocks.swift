import GameCore

/// A falling-block puzzle with modern rules: the Super Rotation System, 7-bag, hold, a next
/// queue of five, lock delay, delayed auto shift, the guideline's scoring; marathon, sprint
/// and versus for two.
public struct Blocks: ReducerProtocol, Sendable {
  /// The three games.
  public enum Mode: UInt8, CaseIterable, StateValue, Sendable {
    /// To 150 lines (then endless), a level every 10.
    case marathon
    /// 40 lines against the clock.
    case sprint
    /// Two players side by side; cleared lines send garbage to the other.
    case versus

    public var name: String { ["marathon", "sprint", "versus"][Int(rawValue)] }
  }

  /// Which screen is showing.
  public enum Phase: UInt8, StateValue, Sendable { case title, playing, paused, gameOver, results }

  public struct State: Equatable, Sendable {
    public var tick = 0
    public var settings: BlocksSettings
    public var phase: Phase
    /// The mode the title screen has chosen (the setting's, until a player changes it).
    public var mode: Mode
    /// Who plays player 2 in versus, as the title screen has chosen it (Up and Down).
    public var opponent: BlocksSettings.Opponent
    /// One player, or two in versus.
    public var players: [Player] = []
    /// Ticks of play since the game started (paused ticks not counted): sprint's clock.
    public var playTicks = 0
    /// Where garbage's holes go: a stream of its own, so the players' pieces stay the same.
    public var garbageRandom: SplitMix64
    /// The game's seed, for the pieces of the next game.
    public var seed: UInt64
    public var games = 0
    /// The buttons held the tick before (start and pause act on a press).
    public var held: TickInput = []

    /// The winner of a finished versus game (0 or 1); nil for a draw (both topped out in the
    /// same tick) or a game not over.
    public var winner: Int? {
      guard mode == .versus, players.count == 2, phase == .results else { return nil }
      if players[0].toppedOut && players[1].toppedOut { return nil }
      return players[0].toppedOut ? 1 : 0
    }
  }

  public enum Action: Sendable {
    case tick(TickInput)
  }

  public init() {}

  /// The buttons: player 1's seven, player 2's seven, start, pause.
  public static let playerBits = PlayerInput.count
  public static let start = TickInput(bit: 14)
  public static let pause = TickInput(bit: 15)

  /// Player `index`'s buttons in `input`.
  public static func input(of index: Int, in input: TickInput) -> PlayerInput {
    PlayerInput(rawValue: (input.rawValue >> UInt32(index * playerBits)) & 0x7F)
  }

  /// `input` as player `index`'s bits of the game's input.
  public static func tickInput(_ input: PlayerInput, player index: Int) -> TickInput {
    TickInput(rawValue: input.rawValue << UInt32(index * playerBits))
  }

  public static func initialState(seed: UInt64, settings: BlocksSettings) -> State {
    var state = State(
      settings: settings, phase: .title, mode: settings.mode, opponent: settings.opponent,
      garbageRandom: SplitMix64(seed: seed ^ 0x6A4B_1E5D), seed: seed)
    if !settings.startsAtTitle { begin(&state) }
    return state
  }

  /// A new game of the chosen mode: one player, or two with the same pieces.
  static func begin(_ state: inout State) {
    let seed = state.seed &+ UInt64(state.games) &* 0x9E37_79B9_7F4A_7C15
    let level = state.mode == .marathon ? state.settings.startLevel : 1
    state.players = (0..<(state.mode == .versus ? 2 : 1)).map { _ in
      Player(seed: seed, level: level)
    }
    state.phase = .playing
    state.playTicks = 0
    state.games += 1
  }

  public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(var input) = action else { return .none }
    let pressed = input.subtracting(state.held)
    state.held = input
    state.tick += 1
    switch state.phase {
    case .title:
      let choice = Self.input(of: 0, in: pressed)
      let count = UInt8(Mode.allCases.count)
      if choice.contains(.left) {
        state.mode = Mode(rawValue: (state.mode.rawValue + count - 1) % count)!
      }
      if choice.contains(.right) { state.mode = Mode(rawValue: (state.mode.rawValue + 1) % count)! }
      if state.mode == .versus {
        // Up and Down: a person, or the computer at easy, normal or hard.
        let order: [BlocksSettings.Opponent] = [.player, .easy, .normal, .hard]
        let index = order.firstIndex(of: state.opponent) ?? 0
        if choice.contains(.rotateRight) { state.opponent = order[(index + 3) % 4] }
        if choice.contains(.softDrop) { state.opponent = order[(index + 1) % 4] }
      }
      if pressed.contains(Self.start) { Self.begin(&state) }
    case .paused:
      if pressed.contains(Self.pause) { state.phase = .playing }
    case .gameOver, .results:
      if pressed.contains(Self.start) { state.phase = .title }
    case .playing:
      if pressed.contains(Self.pause) {
        state.phase = .paused
        return .none
      }
      if state.mode == .versus && state.opponent != .player {
        input = input.subtracting(Self.tickInput(PlayerInput(rawValue: 0x7F), player: 1))
        let buttons = BlocksPlanner.builtIn(
          &state.players[1], level: state.opponent, tick: state.tick)
        input.formUnion(Self.tickInput(buttons, player: 1))
      }
      Self.play(&state, input)
    }
    return .none
  }

  /// One tick of play: every player, then garbage changes hands, then the end of the game.
  static func play(_ state: inout State, _ input: TickInput) {
    state.playTicks += 1
    let rules = state.settings.rules
    // One uniqueness check of the array for the whole tick, not one a write.
    state.players.withUnsafeMutableBufferPointer { players in
      for index in players.indices {
        players[index].step(Self.input(of: index, in: input), rules: rules)
      }
      if players.count != 2 { players[0].outgoing = 0 }
    }
    if state.players.count == 2 {
      for index in 0..<2 where state.players[index].outgoing > 0 {
        let hole = Int(state.garbageRandom.next() % UInt64(Field.width))
        state.players[1 - index].incoming += [state.players[index].outgoing, hole]
        state.players[index].outgoing = 0
      }
    }
    switch state.mode {
    case .marathon:
      if state.players[0].toppedOut { state.phase = .gameOver }
    case .sprint:
      if state.players[0].toppedOut { state.phase = .gameOver }
      if state.players[0].lines >= BlocksTuning.sprintLines { state.phase = .results }
    case .versus:
      if state.players.contains(where: \.toppedOut) { state.phase = .results }
    }
  }
}
