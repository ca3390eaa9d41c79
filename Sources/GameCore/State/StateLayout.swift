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
    if let known = cache.withLock({ $0[key] }) { return known }
    var builder = Builder()
    let layout = builder.layout(of: type)
    cache.withLock { $0.merge(builder.built) { old, _ in old } }
    return layout
  }

  private static let cache = Mutex<[ObjectIdentifier: StateLayout]>([:])

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
  /// Unchecked: its closures capture only metatypes and other programs, all immutable.
  struct Program: @unchecked Sendable {
    enum Step {
      /// `count` bytes (1...8) at `offset`, masked: a word of plain fields.
      case word(offset: Int, count: Int, mask: UInt64)
      /// A value at `offset` that feeds itself.
      case call(offset: Int, Feed)
    }
    typealias Feed = (UnsafeRawPointer, inout StableHasher) -> Void

    var steps: [Step]
    /// True when every step is a word: the value is plain bytes.
    var isPlain: Bool {
      steps.allSatisfy {
        if case .word = $0 { true } else { false }
      }
    }

    @inline(__always)
    func run(_ base: UnsafeRawPointer, into hasher: inout StableHasher) {
      for step in steps {
        switch step {
        case .word(let offset, let count, let mask):
          hasher.combine(Self.load(base + offset, count) & mask)
        case .call(let offset, let feed):
          feed(base + offset, &hasher)
        }
      }
    }

    @inline(__always)
    static func load(_ pointer: UnsafeRawPointer, _ count: Int) -> UInt64 {
      switch count {
      case 8: return UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
      case 4: return UInt64(UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)))
      case 2: return UInt64(UInt16(littleEndian: pointer.loadUnaligned(as: UInt16.self)))
      case 1: return UInt64(pointer.load(as: UInt8.self))
      default:
        var word: UInt64 = 0
        for index in 0..<count {
          word |= UInt64(pointer.load(fromByteOffset: index, as: UInt8.self)) << (8 * index)
        }
        return word
      }
    }

    /// The steps for `pieces`: each run of plain byte ranges becomes masked words.
    init(_ pieces: [Piece]) {
      steps = []
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
          if mask != 0 { steps.append(.word(offset: wordStart, count: count, mask: mask)) }
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
          steps.append(.call(offset: offset, feed))
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
