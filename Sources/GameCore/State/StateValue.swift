/// A value kept in a game's state, described once by its stored properties: the engine derives
/// its stable hash from them, and lists them by name in desync reports, the inspector and test
/// failures.
///
/// Conform a struct and write nothing else:
///
/// ```swift
/// struct Ball: StateValue {
///   var position: Vector
///   var velocity: Vector
///   var spin: Int16
/// }
/// ```
///
/// Every stored property must itself be a ``StateValue``, a number, `Bool`, ``Fixed``,
/// ``Vector``, ``Angle``, ``TickInput``, ``SplitMix64``, an enum with raw values declared
/// `StateValue`, an `Array` or `Optional` of those, or a ``StableHashable`` type that hashes
/// itself; a property marked ``Drawn`` is left out. A property of any other type (a `String`,
/// a `Dictionary`, a class) stops the program the first time the value is hashed, naming the
/// property: ``StateLayout`` explains the rule.
///
/// The hash reads the values' bytes, little-endian, skipping padding: renaming a property
/// keeps it; reordering, adding or retyping one changes it (and so should change the game's
/// ``Game/version``).
public protocol StateValue: StableHashable {}

extension StateValue {
  /// Feeds the stored properties, in declaration order, by their ``StateLayout``.
  public func stableHash(into hasher: inout StableHasher) {
    let layout = StateLayout.of(Self.self)
    withUnsafePointer(to: self) { layout.hash(UnsafeRawPointer($0), into: &hasher) }
  }
}

extension StateValue where Self: RawRepresentable, RawValue: StableHashable {
  /// Feeds the raw value; inside a described value, an enum is fed as its case's position.
  public func stableHash(into hasher: inout StableHasher) { rawValue.stableHash(into: &hasher) }
}

/// A value stored in the state that only the drawing and the sound read (a screen shake, this
/// tick's sound cues): kept out of the hash, so the rules may write it but never read it.
/// Replays and rewind still draw and play it, since it is part of every state they restore.
///
/// ```swift
/// struct State: GameState {
///   var tick = 0
///   @Drawn var shake = 0
/// }
/// ```
@propertyWrapper
public struct Drawn<Value: Equatable & Sendable>: Equatable, Sendable, CustomReflectable,
  CustomStringConvertible
{
  /// The value.
  public var wrappedValue: Value

  /// A drawn-only value starting at `wrappedValue`.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// The value's own fields: the inspector and test diffs show the value, not its wrapper.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }

  /// The value's description.
  public var description: String { "\(wrappedValue)" }
}

/// What the layout skips.
protocol NotHashed {}
extension Drawn: NotHashed {}

extension GameState {
  /// One section per stored property, named by it, in declaration order (``Drawn`` properties
  /// left out).
  public var hashSections: [(name: String, hash: UInt64)] {
    withUnsafePointer(to: self) { StateLayout.of(Self.self).sections(of: $0) }
  }

  /// The section hashes combined in order: the whole state's hash.
  public func stableHash(into hasher: inout StableHasher) {
    withUnsafePointer(to: self) {
      StateLayout.of(Self.self).combineSections(of: $0, into: &hasher)
    }
  }
}
