import GameCore

/// Writes one agent's observation into the caller's buffer, feature after feature.
///
/// A game's ``TrainableGame/observe(_:player:into:)`` gets one, positioned at the agent's
/// first feature. Ratios are clamped to `[-1, 1]`, so a value a little outside its expected
/// range still lies inside the documented bounds.
///
/// A game names each feature where it writes it (``unit(_:_:over:_:)``,
/// ``signed(_:_:over:_:)``, ``flags(_:count:_:)``...): the engine derives
/// ``TrainableGame/observationFeatures`` from those calls. The unnamed writes below write the
/// same values, for a game that declares its features itself.
public struct ObservationWriter {
  @usableFromInline let base: UnsafeMutablePointer<Float>
  @usableFromInline var index = 0
  /// ``flagOctets``, read once here: a global's first read is a call the compiler cannot see
  /// into, and inside a game's observation such a call makes it retain and release every
  /// array the game is reading in place.
  @usableFromInline let octets: UnsafePointer<Float>
  /// Where the named writes (``unit(_:_:over:_:)``, ...) record their features while the
  /// engine lists them; nil in a batch's steps, where the names are never made. Unmanaged,
  /// so the writer stays plain bytes and copying one retains nothing.
  @usableFromInline let list: Unmanaged<ObservationFeatureList>?
  /// Features written so far.
  @inlinable public var count: Int { index }

  /// A writer at `base`.
  @inlinable public init(_ base: UnsafeMutablePointer<Float>) {
    self.init(base, octets: flagOctets)
  }

  /// A writer at `base` with the table already read (a batch reads it once).
  @inlinable init(_ base: UnsafeMutablePointer<Float>, octets: UnsafePointer<Float>) {
    self.base = base
    self.octets = octets
    list = nil
  }

  /// A writer at `base` that records each named feature in `list` (kept alive by the caller).
  init(_ base: UnsafeMutablePointer<Float>, listingInto list: ObservationFeatureList) {
    self.base = base
    octets = flagOctets
    self.list = Unmanaged.passUnretained(list)
  }

  /// Writes `value` as it is.
  @inlinable
  public mutating func write(_ value: Float) {
    base[index] = value
    // Wrapping: a count of features cannot overflow, and an overflow check between two
    // writes keeps the compiler from writing neighbouring features together.
    index &+= 1
  }

  /// Writes `numerator / denominator`, clamped to `[-1, 1]`.
  ///
  /// A single-precision division, correctly rounded: the same bits on every machine. Where
  /// a game writes several in a row, the compiler divides four at once (one `divps`, as
  /// exact as four `divss`), which is why writing a value counts without an overflow
  /// check.
  @inlinable
  public mutating func write(_ numerator: Int, over denominator: Int) {
    write(max(-1, min(1, Float(numerator) / Float(denominator))))
  }

  /// Writes 1 for true, 0 for false.
  @inlinable
  public mutating func write(_ flag: Bool) { write(flag ? 1 : 0) }

  /// Writes `count` features, 1 at `index` and 0 elsewhere (all 0 for nil): one fill and
  /// one store, not a compare and a store per slot.
  @inlinable
  public mutating func oneHot(_ index: Int?, count: Int) {
    guard count > 0 else { return }
    (base + self.index).update(repeating: 0, count: count)
    if let index, (0..<count).contains(index) { base[self.index + index] = 1 }
    self.index += count
  }
}
