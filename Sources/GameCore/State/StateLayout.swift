@_spi(Reflection) import Swift
import Synchronization

/// The stored properties of a described type (``StateValue``, ``GameState``), read once by
/// reflection and kept: their names, offsets and how each is hashed.
///
/// Runs of plain bytes (numbers, `Bool`, ``Fixed``, raw-value enums, structs of these) are
/// hashed as 64-bit little-endian words with their padding masked out, so a rock of six small
/// fields costs three multiplications, not six; an `Array` feeds its count and then each
/// element the same way, an `Optional` 0 or 1 and then its value, and any other
/// ``StableHashable`` its own ``StableHashable/stableHash(into:)``.
///
/// The layout is built the first time a type is hashed (about a microsecond a property) and
/// looked up once per hash after that. A property the layout cannot hash stops the program
/// there with its type and name: the rules may not keep a `String`, a `Dictionary`, a `Set`
/// or a class in their state.
public final class StateLayout: Sendable {
  /// One stored property.
  public struct Property: Sendable {
    /// Its name, as declared.
    public let name: String
    /// Its byte offset in the value.
    public let offset: Int
    /// Kept out of the hash (``Drawn``).
    public let isDrawn: Bool
    /// Its type, as declared (``Drawn`` for a drawn one).
    public let type: Any.Type
    let program: Program
  }

  /// The stored properties in declaration order, ``Drawn`` ones included.
  public let properties: [Property]
  /// The hashed properties' names: the sections of a ``GameState``.
  public let sectionNames: [String]
  let program: Program
  let hashed: [Int]

  init(properties: [Property], program: Program) {
    self.properties = properties
    self.program = program
    hashed = properties.indices.filter { !properties[$0].isDrawn }
    sectionNames = hashed.map { properties[$0].name }
  }

  /// The layout of `type`, built on first use.
  public static func of(_ type: Any.Type) -> StateLayout {
    let key = ObjectIdentifier(type)
    let known = cache.withLock { cache in
      cache.withUnsafeBufferPointer { $0.first { $0.key == key }?.layout }
    }
    if let known { return known }
    var builder = Builder()
    let layout = builder.layout(of: type)
    cache.withLock { cache in
      // In the order built, never iterated in a hash: a few dozen types at most, so a scan
      // beats hashing the key.
      for (key, built) in builder.built.sorted(by: { $0.key < $1.key })
      where !cache.contains(where: { $0.key == key }) {
        cache.append((key, built))
      }
    }
    return layout
  }

  private static let cache = Mutex<[(key: ObjectIdentifier, layout: StateLayout)]>([])

  /// Feeds a whole value at `base`.
  @inline(__always)
  func hash(_ base: UnsafeRawPointer, into hasher: inout StableHasher) {
    program.run(base, into: &hasher)
  }

  /// The finalized hash of each hashed property of the value at `base`.
  func sections(of base: UnsafeRawPointer) -> [(name: String, hash: UInt64)] {
    hashed.map { index in
      var hasher = StableHasher()
      properties[index].program.run(base, into: &hasher)
      return (properties[index].name, hasher.finalized)
    }
  }

  /// Combines the sections' hashes into `hasher`, without naming them.
  func combineSections(of base: UnsafeRawPointer, into hasher: inout StableHasher) {
    for index in hashed {
      var section = StableHasher()
      properties[index].program.run(base, into: &section)
      hasher.combine(section.finalized)
    }
  }

  /// The hash of the property called `name` of the value at `base`; nil for no such property.
  func sectionHash(_ name: String, of base: UnsafeRawPointer) -> UInt64? {
    guard let property = properties.first(where: { $0.name == name && !$0.isDrawn }) else {
      return nil
    }
    var hasher = StableHasher()
    property.program.run(base, into: &hasher)
    return hasher.finalized
  }
}

extension StateLayout {
  /// How a value is fed to a hasher: words of plain bytes and calls, in declaration order.
  ///
  /// The steps are plain structs, so running a program retains nothing; a call's closure is
  /// looked up by index only when it runs. Unchecked: the closures capture only metatypes and
  /// other programs, all immutable.
  struct Program: @unchecked Sendable {
    /// A word of plain bytes (`count` 1...8 at `offset`, masked), or a call (`count` 0).
    struct Step {
      var offset: Int
      var count: Int
      var mask: UInt64
      var call: Int
    }
    typealias Feed = (UnsafeRawPointer, inout StableHasher) -> Void

    private(set) var steps: [Step] = []
    private(set) var feeds: [Feed] = []
    /// True when every step is a word: the value is plain bytes.
    var isPlain: Bool { feeds.isEmpty }
    /// The number of bytes the words cover (padding not counted).
    private(set) var plainBytes = 0

    @inline(__always)
    func run(_ base: UnsafeRawPointer, into hasher: inout StableHasher) {
      steps.withUnsafeBufferPointer { steps in
        for step in steps {
          if step.count > 0 {
            hasher.combine(Self.load(base + step.offset, step.count) & step.mask)
          } else {
            feeds[step.call](base + step.offset, &hasher)
          }
        }
      }
    }

    /// This program with each word read as a whole 8 bytes where that stays inside an element
    /// `stride` bytes long (an array's slot): the mask still keeps only the value's bytes, so
    /// the words, and the hash, are the same; only the reads are fewer.
    func widened(toStride stride: Int) -> Program {
      var wide = self
      for index in wide.steps.indices where wide.steps[index].count > 0 {
        if wide.steps[index].offset + 8 <= stride { wide.steps[index].count = 8 }
      }
      return wide
    }

    /// Feeds `count` values of this plain program `stride` bytes apart from `base`: an array's
    /// elements, with the words read once for all of them.
    @inline(__always)
    func feedPlain(
      _ base: UnsafeRawPointer, count: Int, stride: Int, into hasher: inout StableHasher
    ) {
      steps.withUnsafeBufferPointer { words in
        var element = base
        for _ in 0..<count {
          for word in words {
            hasher.combine(Self.load(element + word.offset, word.count) & word.mask)
          }
          element += stride
        }
      }
    }

    /// `count` (1...8) bytes at `pointer`, little-endian, as the low bytes of a word.
    @inline(__always)
    static func load(_ pointer: UnsafeRawPointer, _ count: Int) -> UInt64 {
      if count == 8 { return UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)) }
      var word: UInt64 = 0
      var offset = 0
      if count & 4 != 0 {
        word = UInt64(UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)))
        offset = 4
      }
      if count & 2 != 0 {
        let half = UInt16(
          littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
        word |= UInt64(half) << (8 * UInt64(offset))
        offset += 2
      }
      if count & 1 != 0 {
        word |= UInt64(pointer.load(fromByteOffset: offset, as: UInt8.self)) << (8 * UInt64(offset))
      }
      return word
    }

    /// Feeds `count` bytes at `base` as words of 8, the last one shorter: an array of plain
    /// values without padding, in one run.
    @inline(__always)
    static func feedBytes(_ base: UnsafeRawPointer, _ count: Int, into hasher: inout StableHasher) {
      var offset = 0
      while offset + 8 <= count {
        hasher.combine(load(base + offset, 8))
        offset += 8
      }
      if offset < count { hasher.combine(load(base + offset, count - offset)) }
    }

    /// The steps for `pieces`: each run of plain byte ranges becomes masked words.
    init(_ pieces: [Piece]) {
      var run: [(offset: Int, count: Int)] = []
      func flush() {
        guard let first = run.first, let last = run.last else { return }
        let start = first.offset
        let end = last.offset + last.count
        var wordStart = start
        while wordStart < end {
          let count = min(8, end - wordStart)
          var mask: UInt64 = 0
          for range in run {
            let from = max(range.offset, wordStart)
            let to = min(range.offset + range.count, wordStart + count)
            for byte in stride(from: from, to: to, by: 1) {
              mask |= 0xFF << (8 * UInt64(byte - wordStart))
            }
          }
          if mask != 0 {
            steps.append(Step(offset: wordStart, count: count, mask: mask, call: 0))
            plainBytes += mask.nonzeroBitCount / 8
          }
          wordStart += count
        }
        run.removeAll()
      }
      for piece in pieces {
        switch piece {
        case .bytes(let offset, let count) where count > 0:
          run.append((offset, count))
        case .bytes:
          break
        case .call(let offset, let feed):
          flush()
          steps.append(Step(offset: offset, count: 0, mask: 0, call: feeds.count))
          feeds.append(feed)
        }
      }
      flush()
    }
  }

  /// A property's part of a program before words are formed.
  enum Piece {
    case bytes(offset: Int, count: Int)
    case call(offset: Int, Program.Feed)

    func shifted(by delta: Int) -> Piece {
      switch self {
      case .bytes(let offset, let count): .bytes(offset: offset + delta, count: count)
      case .call(let offset, let feed): .call(offset: offset + delta, feed)
      }
    }
  }
}
