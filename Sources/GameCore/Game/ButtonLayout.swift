/// One button of a game: its name, its letter in replay dumps, and the keys and controller
/// buttons that press it by default.
///
/// Key names are SDL's (`SDL_GetKeyName`: `Left`, `Space`, `Left Shift`, `A`); controller names
/// are SDL's game-controller names (`a`, `b`, `x`, `y`, `start`, `back`, `dpup`, `dpdown`,
/// `dpleft`, `dpright`, `leftshoulder`, `rightshoulder`), or an axis pushed one way
/// (`leftx-`, `leftx+`, `lefty-`, `lefty+`, `righttrigger`, `lefttrigger`). Mouse buttons are
/// `left`, `middle`, `right`, `x1` and `x2`.
public struct Button: Equatable, Sendable {
  /// The button's name, as key-binding files and `GameApp games` spell it: `rotate-left`.
  public var name: String
  /// One letter for `replay --dump` (`L`); unique within a game.
  public var symbol: Character
  /// SDL key names that press it by default.
  public var keys: [String]
  /// Game-controller buttons or axes that press it by default.
  public var controller: [String]
  /// Mouse buttons that press it by default (a pointer's buttons).
  public var mouse: [String]
  /// The player it belongs to, from 1; the window gives player 1 the first controller.
  public var player: Int
  /// True for the button that pauses: the window presses it for one tick when it loses focus
  /// while the frame it shows says the game is running.
  public var pauses: Bool

  /// A button.
  public init(
    _ name: String, symbol: Character, keys: [String], controller: [String] = [],
    mouse: [String] = [], player: Int = 1, pauses: Bool = false
  ) {
    self.name = name
    self.symbol = symbol
    self.keys = keys
    self.controller = controller
    self.mouse = mouse
    self.player = player
    self.pauses = pauses
  }
}

/// A game's inputs: its buttons, in bit order (bit `i` of a ``TickInput`` is `buttons[i]`),
/// and its analog axes, if any (axis `i` is `input[axis: i]`).
///
/// ```swift
/// static let buttons = ButtonLayout(
///   [Button("serve", symbol: "S", keys: ["Space"], mouse: ["left"])],
///   axes: [Axis("paddle", range: -127...127, controller: ["lefty"], mouse: .y)],
///   pointer: Pointer(width: 160, height: 90))   // axes 1 and 2: x and y in world units
/// ```
public struct ButtonLayout: Equatable, Sendable {
  /// The buttons; at most ``TickInput/maxButtons``.
  public let buttons: [Button]
  /// The axes, the pointer's two last; at most ``TickInput/maxAxes``. Empty for a game of
  /// buttons only, whose replays stay in format 3.
  public let axes: [Axis]
  /// The index of the pointer's x axis (its y is the next one), or nil without a pointer.
  public let pointerAxis: Int?

  /// A layout of these buttons, bit 0 first, these axes, axis 0 first, and a pointer whose
  /// x and y are the two axes after them.
  public init(_ buttons: [Button], axes: [Axis] = [], pointer: Pointer? = nil) {
    precondition(
      (1...TickInput.maxButtons).contains(buttons.count), "a game has 1 to 32 buttons")
    let all = axes + (pointer?.axes ?? [])
    precondition(all.count <= TickInput.maxAxes, "a game has at most 4 axes (a pointer is 2)")
    self.buttons = buttons
    self.axes = all
    self.pointerAxis = pointer == nil ? nil : axes.count
  }

  /// The most players the buttons and axes name, 1 to 4: the seats of a match, unless the
  /// game's settings give fewer (``Game/seats(for:)``).
  public var players: Int {
    min(4, max(1, (buttons.map(\.player) + axes.map(\.player)).max() ?? 1))
  }

  /// `input`, written for player 1, moved to `player` (1...4): the `k`-th button (axis) of
  /// player 1 becomes the `k`-th of `player`'s, or nothing if `player` has fewer. What a bot
  /// written for player 1 presses for another player (``Game/input(of:for:seat:)``).
  public func moved(_ input: TickInput, toPlayer player: Int) -> TickInput {
    guard player != 1 else { return input }
    var result = TickInput()
    let from = buttons.indices.filter { buttons[$0].player == 1 }
    let to = buttons.indices.filter { buttons[$0].player == player }
    for (source, target) in zip(from, to) where input.contains(TickInput(bit: source)) {
      result.formUnion(TickInput(bit: target))
    }
    let axesFrom = axes.indices.filter { axes[$0].player == 1 }
    let axesTo = axes.indices.filter { axes[$0].player == player }
    for (source, target) in zip(axesFrom, axesTo) { result[axis: target] = input[axis: source] }
    return result
  }

  /// Each axis's range, in axis order: what a replay header records.
  public var axisRanges: [ClosedRange<Int>] { axes.map(\.range) }

  /// The index of the axis called `name`, or nil.
  public func axis(named name: String) -> Int? {
    axes.firstIndex { $0.name == name }
  }

  /// True when `input` uses only this layout's buttons and axes, each axis within its range.
  public func accepts(_ input: TickInput) -> Bool {
    guard UInt64(input.rawValue) >> UInt64(bitCount) == 0 else { return false }
    for index in 0..<TickInput.maxAxes {
      let value = input[axis: index]
      if index < axes.count ? !axes[index].range.contains(value) : value != 0 { return false }
    }
    return true
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
  /// uses shows as `?`. A layout with axes adds their values: `F paddle=12 pointer-x=40 ...`.
  public func describe(_ input: TickInput) -> String {
    var text = ""
    for bit in 0..<32 where input.rawValue & (1 << UInt32(bit)) != 0 {
      text.append(bit < buttons.count ? buttons[bit].symbol : "?")
    }
    if text.isEmpty { text = "-" }
    for (index, axis) in axes.enumerated() { text += " \(axis.name)=\(input[axis: index])" }
    return text
  }
}
