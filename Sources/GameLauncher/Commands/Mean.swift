/// The mean of whole numbers, kept exact as a total and a count and written with its fraction:
/// the mean of 2, 2, 3 and 3 is `2.500`, never `2`.
///
/// Written with integers alone (no floating point), so the same games give the same text on
/// every machine, which `merge-sweeps` relies on to rebuild a shard's summary byte for byte.
struct Mean: Equatable, CustomStringConvertible {
  /// Decimal places written.
  static let places = 3

  var total: Int128
  var count: Int

  /// The mean of `values` (a count of zero writes as 0.000).
  init<Values: Sequence<Int>>(of values: Values) {
    total = 0
    count = 0
    for value in values {
      total += Int128(value)
      count += 1
    }
  }

  init(total: Int128, count: Int) {
    self.total = total
    self.count = count
  }

  /// `total / count` rounded to ``places`` decimals, halves away from zero: `2.530`, `-0.250`.
  var description: String {
    guard count > 0 else { return "0." + String(repeating: "0", count: Self.places) }
    var scale: Int128 = 1
    for _ in 0..<Self.places { scale *= 10 }
    // A total of Ints over a count of them: every intermediate fits in 128 bits.
    let scaled = (total.magnitude * UInt128(scale) * 2 + UInt128(count)) / (UInt128(count) * 2)
    let whole = scaled / UInt128(scale)
    let fraction = String(scaled % UInt128(scale))
    let sign = total < 0 && scaled != 0 ? "-" : ""
    return sign + "\(whole)." + String(repeating: "0", count: Self.places - fraction.count)
      + fraction
  }
}
