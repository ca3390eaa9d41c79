import GameCore

/// Which buttons and axes each seat of a networked match owns.
///
/// Every player's input travels alone, and each peer merges all of them into the one
/// ``TickInput`` a tick of the game reads. Seat `s` owns the buttons and axes of player `s + 1`
/// in the game's ``ButtonLayout``; the first seat (the host) also owns those of players beyond
/// the last seat, so that start and pause, which belong to player 1, stay the host's.
public struct Seats: Equatable, Sendable {
  /// How many players the match has.
  public let count: Int
  @usableFromInline let buttonMasks: [UInt32]
  @usableFromInline let axisMasks: [UInt64]

  /// For each seat, where player 1's buttons and axes go when a bot written for player 1
  /// plays that seat: the `k`-th button (axis) of player 1 becomes the `k`-th of the seat's
  /// player, or nothing if that player has fewer.
  @usableFromInline let buttonMoves: [[(from: UInt32, to: UInt32)]]
  @usableFromInline let axisMoves: [[(from: Int, to: Int)]]

  /// The seats of `count` players (1...4) over `layout`.
  public init(_ layout: ButtonLayout, count: Int) {
    precondition((1...Self.maxCount).contains(count), "a match has 1 to \(Self.maxCount) seats")
    self.count = count
    var buttons = [UInt32](repeating: 0, count: count)
    var axes = [UInt64](repeating: 0, count: count)
    for (bit, button) in layout.buttons.enumerated() {
      buttons[Self.seat(ofPlayer: button.player, count)] |= 1 << UInt32(bit)
    }
    for (index, axis) in layout.axes.enumerated() {
      axes[Self.seat(ofPlayer: axis.player, count)] |= 0xFFFF << UInt64(16 * index)
    }
    buttonMasks = buttons
    axisMasks = axes
    func bits(of player: Int) -> [UInt32] {
      layout.buttons.indices.filter { layout.buttons[$0].player == player }.map { 1 << UInt32($0) }
    }
    func axisIndices(of player: Int) -> [Int] {
      layout.axes.indices.filter { layout.axes[$0].player == player }
    }
    buttonMoves = (0..<count).map { Array(zip(bits(of: 1), bits(of: $0 + 1))) }
    axisMoves = (0..<count).map { Array(zip(axisIndices(of: 1), axisIndices(of: $0 + 1))) }
  }

  /// A bot's input, written for player 1, moved to `seat`: what that seat's player would press.
  public func moved(_ input: TickInput, toSeat seat: Int) -> TickInput {
    guard seat > 0 else { return owned(input, by: 0) }
    var result = TickInput()
    for (from, to) in buttonMoves[seat] where input.rawValue & from != 0 {
      result.rawValue |= to
    }
    for (from, to) in axisMoves[seat] { result[axis: to] = input[axis: from] }
    return result
  }

  public static func == (a: Seats, b: Seats) -> Bool {
    a.count == b.count && a.buttonMasks == b.buttonMasks && a.axisMasks == b.axisMasks
  }

  /// Most seats a match has.
  public static let maxCount = 4

  static func seat(ofPlayer player: Int, _ count: Int) -> Int {
    (1...count).contains(player) ? player - 1 : 0
  }

  /// `input` with only what `seat` owns.
  @inlinable public func owned(_ input: TickInput, by seat: Int) -> TickInput {
    TickInput(
      rawValue: input.rawValue & buttonMasks[seat], axisLanes: input.axisLanes & axisMasks[seat])
  }

  /// One tick's input from every seat's own (`inputs[s]` is seat `s`'s).
  @inlinable public func merged(_ inputs: some Collection<TickInput>) -> TickInput {
    var buttons: UInt32 = 0
    var axes: UInt64 = 0
    for (seat, input) in zip(0..<count, inputs) {
      buttons |= input.rawValue & buttonMasks[seat]
      axes |= input.axisLanes & axisMasks[seat]
    }
    return TickInput(rawValue: buttons, axisLanes: axes)
  }
}
