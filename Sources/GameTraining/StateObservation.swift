import GameCore
import Synchronization

/// An observation read off a state's description (``StateLayout``): what
/// ``TrainableGame/observe(_:player:into:)`` writes for a game that writes none.
///
/// Every number of the state is a feature, in declaration order, named by its path in
/// lowercase with underscores (`ball.velocityX` is `ball_velocity_x`), with nested
/// ``StateValue`` structs (and ``Vector``'s `x` and `y`) flattened into their fields:
///
/// | stored as | written | bounds |
/// | --- | --- | --- |
/// | `Int`, `Int8`...`UInt64` | its value, as the nearest `Float` (exact up to 2²⁴) | the type's range |
/// | `Bool` | 1 or 0 | 0...1 |
/// | ``Fixed`` | its value (`raw / 65536`) | -32768...32768 |
/// | ``Angle`` | turns (`raw / 65536`) | 0...1 |
/// | an enum with integer raw values | its raw value | the raw type's range |
///
/// The same features for every player; ``Drawn`` properties, the random stream
/// (``SplitMix64``) and remembered inputs (``TickInput``, ``ButtonPresses``) are left out.
/// An `Array` or an `Optional` has no fixed place in an observation (its length changes), and
/// is refused the first time the observation is made, naming the field: such a game writes
/// `observe` itself, with a fixed number of slots (as Asteroids shows its eight nearest
/// rocks). So is any other type the table does not list.
///
/// Unchecked: the leaves' readers capture only metatypes, all immutable.
struct StateObservation: @unchecked Sendable {
  /// One number of the state.
  struct Leaf {
    var name: String
    var meaning: String
    var offset: Int
    var low: Float
    var high: Float
    var read: (UnsafeRawPointer) -> Float
  }

  /// The features, in order.
  let leaves: [Leaf]

  /// The observation of `type`'s values.
  ///
  /// - Throws: a three-part message naming the first field that cannot be a feature.
  init(of type: Any.Type) throws(StateObservationError) {
    var leaves: [Leaf] = []
    try Self.collect(type, path: [], offset: 0, root: "\(type)", into: &leaves)
    self.leaves = leaves
  }

  /// Writes the features of the value at `base`.
  func write(_ base: UnsafeRawPointer, into features: inout ObservationWriter) {
    for leaf in leaves {
      features.value(
        leaf.name, leaf.read(base + leaf.offset), low: leaf.low, high: leaf.high, leaf.meaning)
    }
  }

  /// The observation of `type`, made on first use and kept.
  static func of(_ type: Any.Type) -> StateObservation {
    let key = ObjectIdentifier(type)
    if let known = cache.withLock({ $0.first { $0.key == key }?.observation }) { return known }
    let made: StateObservation
    do { made = try StateObservation(of: type) } catch { preconditionFailure(error.message) }
    cache.withLock { if !$0.contains(where: { $0.key == key }) { $0.append((key, made)) } }
    return made
  }

  private static let cache = Mutex<[(key: ObjectIdentifier, observation: StateObservation)]>([])

  private static func collect(
    _ type: Any.Type, path: [String], offset: Int, root: String, into leaves: inout [Leaf]
  ) throws(StateObservationError) {
    for property in StateLayout.of(type).properties where !property.isDrawn {
      let here = path + [property.name]
      let at = offset + property.offset
      let field = property.type
      if field is SplitMix64.Type || field is TickInput.Type || field is ButtonPresses.Type {
        continue
      }
      if let (read, low, high, unit) = reading(of: field) {
        let dotted = here.joined(separator: ".")
        leaves.append(
          Leaf(
            name: here.map(snakeCase).joined(separator: "_"), meaning: "\(dotted)\(unit)",
            offset: at, low: low, high: high, read: read))
      } else if field is Vector.Type || (field is any StateValue.Type && isStruct(field)) {
        try collect(field, path: here, offset: at, root: root, into: &leaves)
      } else {
        let name = ([root] + here).joined(separator: ".")
        throw StateObservationError(
          message: field is any VariableLength.Type
            ? "\(name) is a \(field), whose length changes, so it has no fixed place in an "
              + "observation derived from the state; write observe(_:player:into:) with a "
              + "fixed number of slots (as Asteroids writes its eight nearest rocks)"
            : "\(name) is a \(field), which is not a number, so an observation derived from "
              + "the state cannot show it; write observe(_:player:into:) for this game")
      }
    }
  }

  /// How a leaf of `type` is read, its bounds and what its meaning adds; nil for a type
  /// that is not a leaf.
  private static func reading(
    of type: Any.Type
  ) -> ((UnsafeRawPointer) -> Float, Float, Float, String)? {
    switch type {
    case is Bool.Type: return ({ $0.load(as: Bool.self) ? 1 : 0 }, 0, 1, "")
    case is Fixed.Type:
      return ({ Float($0.load(as: Int32.self)) / 65_536 }, -32_768, 32_768, " (its value)")
    case is Angle.Type: return ({ Float($0.load(as: UInt16.self)) / 65_536 }, 0, 1, " (turns)")
    case let integer as any FixedWidthInteger.Type: return integerReading(integer)
    case let raw as any RawRepresentable.Type where type is any StateValue.Type:
      return rawReading(raw)
    default: return nil
    }
  }

  private static func integerReading<T: FixedWidthInteger>(
    _ type: T.Type
  ) -> ((UnsafeRawPointer) -> Float, Float, Float, String) {
    ({ Float($0.load(as: T.self)) }, Float(T.min), Float(T.max), "")
  }

  private static func rawReading<T: RawRepresentable>(
    _ type: T.Type
  ) -> ((UnsafeRawPointer) -> Float, Float, Float, String)? {
    guard let raw = T.RawValue.self as? any FixedWidthInteger.Type else { return nil }
    return rawReading(type, raw)
  }

  private static func rawReading<T: RawRepresentable, Raw: FixedWidthInteger>(
    _ type: T.Type, _ raw: Raw.Type
  ) -> ((UnsafeRawPointer) -> Float, Float, Float, String) {
    (
      { Float($0.load(as: T.self).rawValue as! Raw) }, Float(Raw.min), Float(Raw.max),
      " (raw value)"
    )
  }

  /// Whether `type` is a struct: a raw-value enum is not flattened.
  private static func isStruct(_ type: Any.Type) -> Bool { !(type is any RawRepresentable.Type) }

  /// `velocityX` as `velocity_x`; leading underscores dropped.
  static func snakeCase(_ name: String) -> String {
    var out = ""
    var previous: Character?
    for character in name.drop(while: { $0 == "_" }) {
      if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
        out.append("_")
      }
      out += character.lowercased()
      previous = character
    }
    return out
  }
}

/// Why a state's observation cannot be derived.
struct StateObservationError: Error {
  let message: String
}

/// Types whose length changes: no fixed place in a derived observation.
protocol VariableLength {}
extension Array: VariableLength {}
extension Optional: VariableLength {}
extension ContiguousArray: VariableLength {}

extension TrainableGame {
  /// Writes every number of the state (docs/TRAINING-A-GAME.md gives the rules): the observation
  /// of a game that writes none. The same for every player.
  public static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
    let observation = StateObservation.of(State.self)
    withUnsafePointer(to: state) { observation.write(UnsafeRawPointer($0), into: &features) }
  }
}
