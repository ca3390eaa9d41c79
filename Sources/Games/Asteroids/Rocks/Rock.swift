import GameCore

/// One rock: where it is, how it moves, its size and its look.
///
/// Kept small (24 bytes) and stored in a plain array, so 10,000 rocks move in one linear pass
/// over 240 KB with no pointers to chase.
@frozen
public struct Rock: Equatable, StateValue, Sendable {
  /// Centre, in world units.
  public var position: Vector
  /// Units per tick.
  public var velocity: Vector
  /// Visual rotation; rocks spin for looks only (collisions are circles).
  public var angle: Angle
  /// Visual spin per tick.
  public var spin: Int16
  /// Large, medium or small.
  public var size: RockSize
  /// Which of the renderer's outlines to draw (0..<8); chosen at birth, never changes.
  public var shape: UInt8

  /// Creates a rock.
  @inlinable
  public init(
    position: Vector, velocity: Vector, size: RockSize, angle: Angle = .zero, spin: Int16 = 0,
    shape: UInt8 = 0
  ) {
    self.position = position
    self.velocity = velocity
    self.angle = angle
    self.spin = spin
    self.size = size
    self.shape = shape
  }

  /// Collision radius in whole units.
  @inlinable public var radius: Int32 { size.radius }
}

/// A rock's size; each hit splits a rock into two of the next size down, and small rocks
/// vanish.
@frozen
public enum RockSize: UInt8, Equatable, StateValue, Sendable, CaseIterable {
  /// The size waves start with.
  case large
  /// What a large rock splits into.
  case medium
  /// What a medium rock splits into; destroyed outright when hit.
  case small

  /// Collision radius in whole units (see ``Tuning``).
  @inlinable
  public var radius: Int32 {
    switch self {
    case .large: Tuning.largeRockRadius
    case .medium: Tuning.mediumRockRadius
    case .small: Tuning.smallRockRadius
    }
  }

  /// Points for destroying a rock of this size.
  public var points: Int { Tuning.rockPoints[Int(rawValue)] }

  /// The size a hit leaves, or `nil` when the rock is gone.
  public var smaller: RockSize? { RockSize(rawValue: rawValue + 1) }
}
