/// The adaptive model of one analog axis in the input runs of a format-4 replay: each run codes
/// the axis's change since the run before, through the same ``RangeEncoder`` as the buttons.
///
/// A change is coded as yes/no decisions with their own adaptive probabilities:
/// - *changed*: whether the value differs from the previous run's, in the context of whether it
///   changed at the previous run (a mouse that moves keeps moving; a paddle at rest stays);
/// - *sign*: down or up, in the context of the previous change's direction;
/// - *magnitude*: its bit width minus one (0...31), as a five-bit tree of 31 probabilities,
///   then the bits below the leading one, high to low, each with a probability chosen by the
///   width and the bit's position (as the run lengths are coded).
///
/// An axis that does not move costs a few hundredths of a bit a run; a mouse drifting by a few
/// units a tick, a few bits.
struct AxisDeltaModel {
  /// The values the axis takes (from the replay header): a decoded value outside it is damage.
  let range: ClosedRange<Int>
  private var changed = [UInt16](repeating: RangeEncoder.initialProbability, count: 2)
  private var sign = [UInt16](repeating: RangeEncoder.initialProbability, count: 3)
  private var widthTree = [UInt16](repeating: RangeEncoder.initialProbability, count: 32)
  private var lowBits = [UInt16](repeating: RangeEncoder.initialProbability, count: 32 * 32)
  /// Whether the axis changed at the previous run: the context of the next *changed* bit.
  private var lastChanged = 0
  /// The previous change's direction (0 none yet, 1 down, 2 up): the context of the next sign.
  private var lastSign = 0

  init(range: ClosedRange<Int>) { self.range = range }

  /// Codes the change from `old` to `new`, two values within ``range``.
  mutating func encode(from old: Int, to new: Int, into coder: inout RangeEncoder) {
    let moved = new != old
    coder.encode(moved, probability: &changed[lastChanged])
    lastChanged = moved ? 1 : 0
    guard moved else { return }
    let down = new < old
    coder.encode(down, probability: &sign[lastSign])
    lastSign = down ? 1 : 2
    let magnitude = UInt64(down ? old - new : new - old)
    let width = 63 - magnitude.leadingZeroBitCount
    var node = 1
    for shift in stride(from: 4, through: 0, by: -1) {
      let bit = (width >> shift) & 1 == 1
      coder.encode(bit, probability: &widthTree[node])
      node = node * 2 + (bit ? 1 : 0)
    }
    for position in stride(from: width - 1, through: 0, by: -1) {
      let bit = (magnitude >> UInt64(position)) & 1 == 1
      coder.encode(bit, probability: &lowBits[width * 32 + position])
    }
  }

  /// Decodes the next value after `old`; nil when it falls outside ``range`` (damage).
  mutating func decode(from old: Int, coder: inout RangeDecoder) throws(ReplayError) -> Int? {
    let moved = try coder.decode(probability: &changed[lastChanged])
    lastChanged = moved ? 1 : 0
    guard moved else { return old }
    let down = try coder.decode(probability: &sign[lastSign])
    lastSign = down ? 1 : 2
    var node = 1
    for _ in 0..<5 {
      node = node * 2 + (try coder.decode(probability: &widthTree[node]) ? 1 : 0)
    }
    let width = node - 32
    var magnitude = 1
    for position in stride(from: width - 1, through: 0, by: -1) {
      magnitude =
        magnitude << 1 | (try coder.decode(probability: &lowBits[width * 32 + position]) ? 1 : 0)
    }
    let value = down ? old - magnitude : old + magnitude
    return range.contains(value) ? value : nil
  }
}
