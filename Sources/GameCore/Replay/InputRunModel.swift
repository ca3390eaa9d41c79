/// The adaptive probability model that codes input runs: run-length encoding whose runs are
/// then entropy coded by the ``RangeEncoder``.
///
/// A run is coded as two things, each as bits with their own adaptive probabilities:
/// - the *change mask*: the XOR of the run's input with the previous run's input, six bits
///   (high to low, as a binary tree of 63 probabilities) in the context of the previous input,
///   so "after left+fire comes left" is learnt and costs a fraction of a bit;
/// - the *length*: its bit width minus one (0...31, a five-bit tree of 31 probabilities in the
///   context of the run's input, since fire taps and turns have different typical lengths),
///   then the bits below the leading one, high to low, each with a probability chosen by the
///   width and the bit's position.
///
/// The model is carried from chunk to chunk (the decoder reads chunks in order anyway), so it
/// learns once per file; only the coder is flushed per chunk.
struct InputRunModel {
  private var mask = [UInt16](repeating: RangeEncoder.initialProbability, count: 64 * 64)
  private var widthTree = [UInt16](repeating: RangeEncoder.initialProbability, count: 64 * 32)
  private var lowBits = [UInt16](repeating: RangeEncoder.initialProbability, count: 32 * 32)
  /// The input of the last run coded: the context of the next change mask.
  private(set) var previous: UInt8 = 0

  mutating func encode(_ run: InputRun, into coder: inout RangeEncoder) {
    let value = run.input.rawValue & 0x3F
    let changed = value ^ previous
    let maskBase = Int(previous) * 64
    var node = 1
    for shift in stride(from: 5, through: 0, by: -1) {
      let bit = (changed >> UInt8(shift)) & 1 == 1
      coder.encode(bit, probability: &mask[maskBase + node])
      node = node * 2 + (bit ? 1 : 0)
    }
    let length = UInt64(run.length)
    let width = 63 - length.leadingZeroBitCount
    let widthBase = Int(value) * 32
    node = 1
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
  }

  /// Decodes one run; the caller checks its length against the ticks left in the chunk.
  mutating func decode(from coder: inout RangeDecoder) throws(ReplayError) -> InputRun {
    let maskBase = Int(previous) * 64
    var node = 1
    for _ in 0..<6 {
      node = node * 2 + (try coder.decode(probability: &mask[maskBase + node]) ? 1 : 0)
    }
    let value = previous ^ UInt8(node - 64)
    let widthBase = Int(value) * 32
    node = 1
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
    return InputRun(TickInput(rawValue: value), length: Int(length))
  }
}
