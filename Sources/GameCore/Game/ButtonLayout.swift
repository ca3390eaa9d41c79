/// One button of a game: its name, its letter in replay dumps, and the keys and controller
/// buttons that press it by default.
///
/// Key names are SDL's (`SDL_GetKeyName`: `Left`, `Space`, `Left Shift`, `A`); controller names
/// are SDL's game-controller names (`a`, `b`, `x`, `y`, `start`, `back`, `dpup`, `dpdown`,
/// `dpleft`, `dpright`, `leftshoulder`, `rightshoulder`), or an axis pushed one way
/// (`leftx-`, `leftx+`, `lefty-`, `lefty+`, `righttrigger`, `lefttrigger`).
public struct Button: Equatable, Sendable {
  /// The button's name, as key-binding files and `GameApp games` spell it: `rotate-left`.
  public var name: String
  /// One letter for `replay --dump` (`L`); unique within a game.
  public var symbol: Character
  /// SDL key names that press it by default.
  public var keys: [String]
  /// Game-controller buttons or axes that press it by default.
  public var controller: [String]
  /// The player it belongs to, from 1; the window gives player 1 the first controller.
  public var player: Int
  /// True for the button that pauses: the window presses it for one tick when it loses focus
  /// while the frame it shows says the game is running.
  public var pauses: Bool

  /// A button.
  public init(
    _ name: String, symbol: Character, keys: [String], controller: [String] = [],
    player: Int = 1, pauses: Bool = false
  ) {
    self.name = name
    self.symbol = symbol
    self.keys = keys
    self.controller = controller
    self.player = player
    self.pauses = pauses
  }
}

/// A game's buttons, in bit order: bit `i` of a ``TickInput`` is `buttons[i]`.
public struct ButtonLayout: Equatable, Sendable {
  /// The buttons; at most ``TickInput/maxButtons``.
  public let buttons: [Button]

  /// A layout of these buttons, bit 0 first.
  public init(_ buttons: [Button]) {
    precondition(
      (1...TickInput.maxButtons).contains(buttons.count), "a game has 1 to 32 buttons")
    self.buttons = buttons
  }

  /// How many bits a tick input of this game uses: what a replay header records.
  public var bitCount: Int { buttons.count }

  /// Every bit a button uses.
  public var allBits: TickInput {
    TickInput(rawValue: bitCount == 32 ? .max : (1 << UInt32(bitCount)) - 1)
  }

  /// The bit of the button called `name`, or nil.
  public func input(named name: String) -> TickInput? {
    buttons.firstIndex { $0.name == name }.map { TickInput(bit: $0) }
  }

  /// The pause button's bit; empty when the game has none.
  public var pause: TickInput {
    buttons.firstIndex(where: \.pauses).map { TickInput(bit: $0) } ?? []
  }

  /// The held buttons' symbols in bit order ("LTF"), "-" for nothing held; a bit no button
  /// uses shows as `?`.
  public func describe(_ input: TickInput) -> String {
    guard input.rawValue != 0 else { return "-" }
    var text = ""
    for bit in 0..<32 where input.rawValue & (1 << UInt32(bit)) != 0 {
      text.append(bit < buttons.count ? buttons[bit].symbol : "?")
    }
    return text
  }
}
