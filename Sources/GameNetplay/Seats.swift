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
