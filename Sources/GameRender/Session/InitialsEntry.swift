/// Three initials entered as arcades do: type them, or pick each letter with up and down and
/// move on with right; back takes the last one back, and only confirm saves them.
///
/// > Important: Filling the third place never finishes the entry: a player mashing a game's
/// > keys as it ends (right, right, right) must not save `AAA` before reading the panel.
package struct InitialsEntry: Equatable, Sendable {
  /// What can be pressed while entering.
  package enum Key: Equatable, Sendable {
    /// A letter or digit typed.
    case character(Character)
    /// The letter under the cursor one up (`A` → `B`) or down the alphabet.
    case up, down
    /// Keep the letter under the cursor and move on (not past the third); back one place.
    case right, left
    /// Delete the letter before the cursor.
    case back
    /// Done: keep what is entered (the letter under the cursor included), `A`s after it.
    case confirm
  }

  /// The characters initials are made of, in the order up and down step through.
  package static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  /// The letters entered (the one under the cursor included).
  package private(set) var letters: [Character] = ["A"]
  /// Where the next letter goes: 0 to 2.
  package var cursor: Int { letters.count - 1 }
  /// True once the letters are confirmed.
  package private(set) var isDone = false

  package init() {}

  /// The initials: three characters, those not entered yet shown as `-`.
  package var initials: String {
    String(letters) + String(repeating: "-", count: 3 - letters.count)
  }

  /// What the table keeps if the player leaves before confirming: the letters entered, then
  /// `A`s.
  package var finalInitials: String {
    String(letters) + String(repeating: "A", count: 3 - letters.count)
  }

  /// True for three characters of ``alphabet``.
  package static func isValid(_ initials: String) -> Bool {
    initials.count == 3 && initials.allSatisfy(alphabet.contains)
  }

  /// True when all three places hold a letter: the panel asks for confirm.
  package var isFull: Bool { letters.count == 3 }

  /// Applies one key press.
  package mutating func press(_ key: Key) {
    guard !isDone else { return }
    switch key {
    case .character(let character):
      let upper = Character(character.uppercased())
      guard Self.alphabet.contains(upper) else { return }
      letters[cursor] = upper
      advance()
    case .up, .down:
      let index = Self.alphabet.firstIndex(of: letters[cursor]) ?? 0
      let step = key == .up ? 1 : Self.alphabet.count - 1
      letters[cursor] = Self.alphabet[(index + step) % Self.alphabet.count]
    case .right:
      advance()
    case .confirm:
      letters += Array(repeating: "A", count: 3 - letters.count)
      isDone = true
    case .left, .back:
      if letters.count > 1 { letters.removeLast() }
    }
  }

  /// Moves to the next place, starting it from the letter before; at the third place the
  /// cursor stays, and a letter typed there replaces the last.
  private mutating func advance() {
    if !isFull { letters.append(letters[cursor]) }
  }
}
