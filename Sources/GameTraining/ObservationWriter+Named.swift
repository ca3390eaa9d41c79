import GameCore

/// Features written with their names: what ``TrainableGame/observationFeatures`` is derived
/// from.
///
/// Each call names the feature it writes, says what it means and, by its form, its bounds:
/// ``unit(_:_:over:_:)`` `[0, 1]`, ``signed(_:_:over:_:)`` `[-1, 1]`. The value is written
/// exactly as the unnamed ``write(_:over:)`` writes it (a single-precision division,
/// clamped to `[-1, 1]`), so the same state gives the same bits.
///
/// ```swift
/// features.unit("ball_y", max(0, ball.y), over: height, "ball's height / court height")
/// features.signed("ball_vy", ball.vy, over: 3 * unit, "ball's vertical speed / 3 units a tick")
/// features.unit("serving", phase == .serve, "1 while a serve is due")
/// ```
///
/// The name and the meaning are autoclosures, read only while the engine lists the features
/// (once per game, from its first state): in a batch's step the writer holds no list, the
/// strings are never made, and a write costs what an unnamed one does.
extension ObservationWriter {
  /// Writes `numerator / denominator` (clamped), a feature named `name` within `[0, 1]`.
  @inlinable @inline(__always)
  public mutating func unit(
    _ name: @autoclosure () -> String, _ numerator: Int, over denominator: Int,
    _ meaning: @autoclosure () -> String = ""
  ) {
    if let list { list.takeUnretainedValue().add(.unit(name(), meaning()), at: index) }
    write(numerator, over: denominator)
  }

  /// Writes 1 for true, 0 for false: a feature named `name` within `[0, 1]`.
  @inlinable @inline(__always)
  public mutating func unit(
    _ name: @autoclosure () -> String, _ flag: Bool, _ meaning: @autoclosure () -> String = ""
  ) {
    if let list { list.takeUnretainedValue().add(.unit(name(), meaning()), at: index) }
    write(flag)
  }

  /// Writes `numerator / denominator` (clamped), a feature named `name` within `[-1, 1]`.
  @inlinable @inline(__always)
  public mutating func signed(
    _ name: @autoclosure () -> String, _ numerator: Int, over denominator: Int,
    _ meaning: @autoclosure () -> String = ""
  ) {
    if let list { list.takeUnretainedValue().add(.init(name(), meaning()), at: index) }
    write(numerator, over: denominator)
  }

  /// Writes `value` as it is, a feature named `name` within `low...high`.
  @inlinable @inline(__always)
  public mutating func value(
    _ name: @autoclosure () -> String, _ value: Float, low: Float, high: Float,
    _ meaning: @autoclosure () -> String = ""
  ) {
    if let list {
      list.takeUnretainedValue().add(.init(name(), low: low, high: high, meaning()), at: index)
    }
    write(value)
  }

  /// Writes the cosine and then the sine of `angle` as ``writeDirection(_:)`` does: features
  /// `<name>_cos` and `<name>_sin` within `[-1, 1]`, meaning "cosine of `meaning`" and "sine
  /// of `meaning` (y down)".
  @inlinable @inline(__always)
  public mutating func direction(
    _ name: @autoclosure () -> String, _ angle: Angle, _ meaning: @autoclosure () -> String = ""
  ) {
    if let list {
      let (name, meaning) = (name(), meaning())
      list.takeUnretainedValue().add(.init(name + "_cos", "cosine of " + meaning), at: index)
      list.takeUnretainedValue().add(
        .init(name + "_sin", "sine of " + meaning + " (y down)"), at: index + 1)
    }
    writeDirection(angle)
  }

  /// Writes the low `count` bits of `bits` as flags, as ``writeFlags(_:count:)`` does:
  /// features within `[0, 1]`, flag `i` named and explained by `describe(i)`.
  @inlinable @inline(__always)
  public mutating func flags(
    _ bits: UInt64, count: Int, _ describe: (Int) -> (name: String, meaning: String)
  ) {
    if let list { list.takeUnretainedValue().addFlags(count, at: index, describe) }
    writeFlags(bits, count: count)
  }

  /// Writes `count` rows of `width` flags as ``writeFlags(rows:count:width:shift:)`` does:
  /// features within `[0, 1]`, the flag of column `x` in row `y` named and explained by
  /// `describe(x, y)`.
  @inlinable @inline(__always)
  public mutating func flags(
    rows: UnsafePointer<UInt16>, count: Int, width: Int, shift: Int,
    _ describe: (_ x: Int, _ y: Int) -> (name: String, meaning: String)
  ) {
    if let list {
      list.takeUnretainedValue().addFlags(count * width, at: index) {
        describe($0 % width, $0 / width)
      }
    }
    writeFlags(rows: rows, count: count, width: width, shift: shift)
  }
}

/// The features a writer is listing, by the index each was written at: nil for a value
/// written without a name.
@usableFromInline
final class ObservationFeatureList {
  /// The most features a listing run may write: its scratch buffer's length.
  static let capacity = 1 << 20
  private(set) var features: [ObservationFeature?] = []

  @usableFromInline
  func add(_ feature: ObservationFeature, at index: Int) {
    precondition(
      index < Self.capacity,
      "an observation of more than \(Self.capacity) features cannot be listed")
    while features.count < index { features.append(nil) }
    features.append(feature)
  }

  @usableFromInline
  func addFlags(_ count: Int, at index: Int, _ describe: (Int) -> (name: String, meaning: String)) {
    for flag in 0..<count {
      let (name, meaning) = describe(flag)
      add(.unit(name, meaning), at: index + flag)
    }
  }

  /// Features up to `count`, nil for those written without a name.
  func written(count: Int) -> [ObservationFeature?] {
    features.prefix(count) + Array(repeating: nil, count: max(0, count - features.count))
  }
}
