/// The adaptive probability model that codes input runs: run-length encoding whose runs are
/// then entropy coded by the ``RangeEncoder``.
///
/// A run is coded as two things, each as bits with their own adaptive probabilities:
/// - the *change mask*: the XOR of the run's input with the previous run's input, in groups of
///   up to eight bits (bits 0-7, 8-15, ...; one group for a game of up to eight buttons). Each
///   group is coded high bit to low as a binary tree of probabilities in the context of that
///   group's previous value, so "after left+fire comes left" is learnt and costs a fraction of
///   a bit;
/// - the *length*: its bit width minus one (0...31, a five-bit tree of 31 probabilities in the
///   context of the run's input folded to a byte, since fire taps and turns have different
///   typical lengths), then the bits below the leading one, high to low, each with a
///   probability chosen by the width and the bit's position.
///
/// With six input bits (every version-1 file) this is exactly the version-1 model. A format-4
/// file (a game with analog axes) codes each axis's change between the mask and the length,
/// one ``AxisDeltaModel`` per axis; with no axes the coding is format 3's, bit for bit.
///
/// The model is carried from chunk to chunk (the decoder reads chunks in order anyway), so it
/// learns once per file; only the coder is flushed per chunk.
struct InputRunModel {
  /// Bits per input, 1...32.
  let bits: Int
  /// Width of each group of bits, and where its probabilities start in ``mask``.
  private let groups: [(shift: UInt32, width: Int, base: Int)]
  private var mask: [UInt16]
  private var widthTree = [UInt16](repeating: RangeEncoder.initialProbability, count: 256 * 32)
  private var lowBits = [UInt16](repeating: RangeEncoder.initialProbability, count: 32 * 32)
  /// The input of the last run coded: the context of the next change mask.
  private(set) var previous: UInt32 = 0
  /// One model per axis, in axis order.
  private var axes: [AxisDeltaModel]
  /// The axis values of the last run coded (its buttons are ``previous``).
  private var previousAxes = TickInput()

  /// A fresh model for inputs of `bits` bits and axes of these ranges.
  init(bits: Int, axes: [ClosedRange<Int>] = []) {
    precondition((1...32).contains(bits), "input bits must be 1...32")
    precondition(axes.count <= TickInput.maxAxes, "at most 4 axes")
    self.bits = bits
    self.axes = axes.map(AxisDeltaModel.init(range:))
    var groups: [(shift: UInt32, width: Int, base: Int)] = []
    var base = 0
    for shift in stride(from: 0, to: bits, by: 8) {
      let width = min(8, bits - shift)
      groups.append((UInt32(shift), width, base))
      base += (1 << width) * (1 << width)
    }
    self.groups = groups
    mask = [UInt16](repeating: RangeEncoder.initialProbability, count: base)
  }

  /// The context of a run's length: its input folded to one byte.
  private static func fold(_ value: UInt32) -> Int {
    Int((value ^ value >> 8 ^ value >> 16 ^ value >> 24) & 0xFF)
  }

  mutating func encode(_ run: InputRun, into coder: inout RangeEncoder) {
    let value = run.input.rawValue
    let changed = value ^ previous
    for group in groups {
      let groupMask = UInt32(1 << group.width - 1)
      let context = Int(previous >> group.shift & groupMask)
      let part = Int(changed >> group.shift & groupMask)
      let maskBase = group.base + context << group.width
      var node = 1
      for shift in stride(from: group.width - 1, through: 0, by: -1) {
        let bit = (part >> shift) & 1 == 1
        coder.encode(bit, probability: &mask[maskBase + node])
        node = node * 2 + (bit ? 1 : 0)
      }
    }
    for index in axes.indices {
      axes[index].encode(
        from: previousAxes[axis: index], to: run.input[axis: index], into: &coder)
    }
    let length = UInt64(run.length)
    let width = 63 - length.leadingZeroBitCount
    let widthBase = Self.fold(value) * 32
    var node = 1
    for shift in stride(from: 4, through: 0, by: -1) {
      let bit = (width >> shift) & 1 == 1
      coder.encode(bit, probability: &widthTree[widthBase + node])
      node = node * 2 + (bit ? 1 : 0)
    }
    for position in stride(from: width - 1, through: 0, by: -1) {
      let bit = (length >> UInt64(position)) & 1 == 1
      coder.encode(bit, probability: &lowBits[width * 32 + position])
    }
    previous = value
    previousAxes = run.input
  }

  /// Decodes one run; the caller checks its length against the ticks left in the chunk.
  mutating func decode(from coder: inout RangeDecoder) throws(ReplayError) -> InputRun {
    var changed: UInt32 = 0
    for group in groups {
      let groupMask = UInt32(1 << group.width - 1)
      let context = Int(previous >> group.shift & groupMask)
      let maskBase = group.base + context << group.width
      var node = 1
      for _ in 0..<group.width {
        node = node * 2 + (try coder.decode(probability: &mask[maskBase + node]) ? 1 : 0)
      }
      changed |= UInt32(node - 1 << group.width) << group.shift
    }
    let value = previous ^ changed
    var input = TickInput(rawValue: value)
    for index in axes.indices {
      guard let next = try axes[index].decode(from: previousAxes[axis: index], coder: &coder)
      else { throw .corruptInputs(atTick: coder.tick) }
      input[axis: index] = next
    }
    let widthBase = Self.fold(value) * 32
    var node = 1
    for _ in 0..<5 {
      node = node * 2 + (try coder.decode(probability: &widthTree[widthBase + node]) ? 1 : 0)
    }
    let width = node - 32
    var length: UInt64 = 1
    for position in stride(from: width - 1, through: 0, by: -1) {
      length =
        length << 1 | (try coder.decode(probability: &lowBits[width * 32 + position]) ? 1 : 0)
    }
    previous = value
    previousAxes = input
    return InputRun(input, length: Int(length))
  }
}
