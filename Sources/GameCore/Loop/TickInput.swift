/// Everything the players do in one tick: the held buttons as a bit set.
///
/// Like DOOM's ticcmd, one small value per tick is the whole of the players' input, so a game
/// is its seed plus a stream of these. The engine gives the bits no meaning: bit `i` is the
/// `i`-th button of the game's ``ButtonLayout``, and several players are several groups of
/// bits. A game names its buttons as constants of its own:
///
/// ```swift
/// extension TickInput {
///   static let up = TickInput(bit: 0)
///   static let down = TickInput(bit: 1)
/// }
/// ```
public struct TickInput: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// The buttons, bit `i` for button `i`.
  public var rawValue: UInt32

  /// The input with exactly these bits held.
  @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The input with only button `bit` (0...31) held.
  @inlinable public init(bit: Int) {
    precondition((0..<32).contains(bit), "a tick input has 32 buttons, 0...31")
    self.rawValue = 1 << UInt32(bit)
  }

  /// Most buttons a game may have, over all its players.
  public static let maxButtons = 32

  /// The bits as hex, "-" for nothing held; ``ButtonLayout/describe(_:)`` names them.
  public var description: String {
    rawValue == 0 ? "-" : "0x" + String(rawValue, radix: 16)
  }
}
