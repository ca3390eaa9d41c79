extension Box {
  /// A side of a box: the one a sweep ran into.
  ///
  /// World y points down, so a ball falling onto a paddle hits its ``top``, and one rising into a
  /// brick hits its ``bottom``.
  @frozen
  public enum Side: UInt8, Hashable, Sendable, CaseIterable {
    /// The side facing −x, hit by a mover going right.
    case left
    /// The side facing +x, hit by a mover going left.
    case right
    /// The side facing −y (up the screen), hit by a mover going down.
    case top
    /// The side facing +y (down the screen), hit by a mover going up.
    case bottom

    /// The unit vector pointing out of the box through this side: (−1, 0) for ``left``,
    /// (0, −1) for ``top``.
    @inlinable public var normal: Vector {
      switch self {
      case .left: Vector(-1, 0)
      case .right: Vector(1, 0)
      case .top: Vector(0, -1)
      case .bottom: Vector(0, 1)
      }
    }
  }

  /// The first contact of a moving box or circle with a box: when, where and on which side.
  ///
  /// A sweep answers it instead of a test after the move, so a fast ball cannot pass through a
  /// thin brick between two ticks. The usual use: move to ``position``, then turn the velocity
  /// away from ``side`` with ``Vector/bounced(off:)``.
  ///
  /// ```swift
  /// if let hit = ball.sweep(velocity, against: paddle) {
  ///   ball = Box(origin: hit.position, size: ball.size)   // touching the paddle, not in it
  ///   velocity = velocity.bounced(off: hit.side)
  /// } else {
  ///   ball = ball.moved(by: velocity)
  /// }
  /// ```
  @frozen
  public struct Hit: Hashable, Sendable, CustomStringConvertible {
    /// The fraction of the move done before the contact, 0 ... 1 (`Fixed.one` is the whole
    /// move), rounded down to 1/65536.
    public var time: Fixed
    /// The side of the obstacle that was hit.
    public var side: Side
    /// Where the mover is at the contact: a box's ``Box/origin``, a circle's
    /// ``Circle/center``. It touches the obstacle and never overlaps it.
    public var position: Vector

    /// A hit from its parts.
    @inlinable public init(time: Fixed, side: Side, position: Vector) {
      self.time = time
      self.side = side
      self.position = position
    }

    /// Readable text for logs and test failures.
    public var description: String { "Hit(\(side) at \(time), \(position))" }
  }
}

extension Vector {
  /// This velocity turned away from `side`: its x made negative for ``Box/Side/left``, positive
  /// for ``Box/Side/right``, its y negative for ``Box/Side/top``, positive for
  /// ``Box/Side/bottom``; the other component kept.
  ///
  /// Setting the sign, rather than flipping it, means a second bounce off the same side in the
  /// same tick cannot send the ball back in. The most negative raw value, whose magnitude is out
  /// of range, wraps to itself as ``Fixed/magnitude`` does.
  ///
  /// ```swift
  /// Vector(2, 3).bounced(off: .top) == Vector(2, -3)   // off a paddle's top: back up
  /// ```
  @inlinable public func bounced(off side: Box.Side) -> Vector {
    switch side {
    case .left: Vector(x: -x.magnitude, y: y)
    case .right: Vector(x: x.magnitude, y: y)
    case .top: Vector(x: x, y: -y.magnitude)
    case .bottom: Vector(x: x, y: y.magnitude)
    }
  }
}

extension Box.Side: StableHashable {
  /// Feeds the raw value to the hasher.
  public func stableHash(into hasher: inout StableHasher) { hasher.combine(rawValue) }
}

extension Box.Hit: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) {
    time.stableHash(into: &hasher)
    side.stableHash(into: &hasher)
    position.stableHash(into: &hasher)
  }
}
