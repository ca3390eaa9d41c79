import GameCore

/// A heading as two features: its cosine and its sine.
extension ObservationWriter {
  /// Writes the cosine and then the sine of `angle`, each as a ratio of one:
  /// `Trig.cos(angle).raw / 65536`, then `Trig.sin(angle).raw / 65536`.
  ///
  /// The same features as writing the two ratios from ``Trig/cos(_:)`` and ``Trig/sin(_:)``,
  /// with the sine table looked up once for both: two calls to `Trig.sin` each found the table
  /// through its lazy global's accessor, about 45 instructions each, where an observation
  /// has few more than 700 in all.
  ///
  /// ```swift
  /// features.writeDirection(ship.angle)  // ship_cos, ship_sin
  /// ```
  @inlinable
  public mutating func writeDirection(_ angle: Angle) {
    let (cosine, sine) = TrigTables.quarterSine.withUnsafeBufferPointer { table in
      (Self.sine(angle.raw &+ 16_384, table), Self.sine(angle.raw, table))
    }
    write(Int(cosine), over: 1 << 16)
    write(Int(sine), over: 1 << 16)
  }

  /// ``Trig/sin(_:)`` from its table, without the checks its indices never need.
  @inlinable @inline(__always)
  static func sine(_ angle: UInt16, _ table: UnsafeBufferPointer<Int32>) -> Int32 {
    var raw = angle
    let negative = raw >= 32_768
    if negative { raw &-= 32_768 }
    if raw > 16_384 { raw = 32_768 &- raw }  // now 0...16384: a quarter wave
    let index = Int(raw >> 6)  // 256 steps per quarter
    let fraction = Int32(raw & 63)
    let low = table[index]
    let high = index < 256 ? table[index &+ 1] : low
    let value = low &+ ((high &- low) &* fraction) >> 6
    return negative ? 0 &- value : value
  }
}
