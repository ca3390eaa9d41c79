/// Everything a player can do in one tick: the held buttons as a bit set.
///
/// Like DOOM's ticcmd, one small value per tick is the whole of the player's input, so a game
/// is its seed plus a stream of these (a byte each before run-length encoding).
public struct TickInput: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let rotateLeft = TickInput(rawValue: 1 << 0)
  public static let rotateRight = TickInput(rawValue: 1 << 1)
  public static let thrust = TickInput(rawValue: 1 << 2)
  public static let fire = TickInput(rawValue: 1 << 3)
  public static let hyperspace = TickInput(rawValue: 1 << 4)
  public static let pause = TickInput(rawValue: 1 << 5)

  /// Bits no button uses; a replay holding them is corrupt.
  public static let unusedBits: UInt8 = 0b1100_0000

  /// The buttons in a fixed order, with the short names `replay --dump` prints.
  public static let named: [(TickInput, String)] = [
    (.rotateLeft, "L"), (.rotateRight, "R"), (.thrust, "T"), (.fire, "F"),
    (.hyperspace, "H"), (.pause, "P"),
  ]

  /// "LTF" for left+thrust+fire, "-" for nothing held.
  public var description: String {
    let held = Self.named.filter { contains($0.0) }.map(\.1).joined()
    return held.isEmpty ? "-" : held
  }
}
