@_spi(Reflection) import Swift
import Synchronization

/// A game's state as bytes and back, derived from its stored properties as its hash is: the
/// snapshot a spectator who comes late starts from.
///
/// Every stored property is written in declaration order, ``Drawn`` ones too (a snapshot
/// draws what the original drew): numbers as their little-endian bytes, a `Bool` as 0 or 1, a
/// raw-value enum as its case's position, an `Optional` as 0 or 1 and then its value, an
/// `Array` as its count (four bytes) and then its elements, and any other struct, or a tuple,
/// as its own stored properties. A type holding anything else (a `String`, a `Dictionary`, a
/// class, an enum with payloads) has no byte form: ``encode(_:)`` throws, naming the property.
///
/// ```swift
/// let bytes = try StateBytes.encode(simulation.state)
/// let state = try StateBytes.decode(Pong.State.self, from: bytes)
/// ```
///
/// ``decode(_:from:)`` treats the bytes as hostile: it checks every `Bool` and enum byte and
/// every count against the bytes left before it writes anything, so that no bytes can make an
/// invalid value, trap, nest deeper than ``maxDepth`` or allocate more elements than there are
/// bytes. The bytes are this machine's layout (little-endian, as every platform Swift runs
/// games on): a snapshot is for another peer of the same build, as the rules version says.
public enum StateBytes {
  /// Most arrays and optionals nested inside one another that decoding follows.
  public static let maxDepth = 32
  /// Most bytes the arrays of one decoded value take in memory (64 MiB): an element may be
  /// larger in memory than in bytes (an optional is one byte when nil).
  public static let maxArrayBytes = 64 << 20

  /// `value` as bytes.
  ///
  /// - Throws: ``StateBytesError`` when a stored property has no byte form.
  public static func encode<T>(_ value: T) throws(StateBytesError) -> [UInt8] {
    let codec = try codec(of: T.self)
    var bytes: [UInt8] = []
    withUnsafePointer(to: value) { codec.write(UnsafeRawPointer($0), into: &bytes) }
    return bytes
  }

  /// The value `bytes` encode, checked in full before any of it is made.
  ///
  /// - Throws: ``StateBytesError`` naming what is wrong, for bytes ``encode(_:)`` would not
  ///   write, or when `type` has no byte form.
  public static func decode<T>(_ type: T.Type, from bytes: [UInt8]) throws(StateBytesError) -> T {
    let codec = try codec(of: T.self)
    let problem = bytes.withUnsafeBytes { raw -> StateBytesError? in
      var reader = Reader(raw)
      do throws(StateBytesError) {
        try codec.check(&reader)
      } catch {
        return error
      }
      return reader.remaining == 0 ? nil : StateBytesError("\(reader.remaining) bytes left after a \(T.self)")
    }
    if let problem { throw problem }
    return bytes.withUnsafeBytes { raw in
      var reader = Reader(raw)
      return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { value in
        codec.read(&reader, into: UnsafeMutableRawPointer(value.baseAddress!))
        return value.baseAddress!.move()
      }
    }
  }

  /// Throws when `type` has no byte form, naming the first property that stops it.
  public static func check(_ type: Any.Type) throws(StateBytesError) { _ = try codec(of: type) }

  /// The codec of `type`, built on first use by reflection and kept, as ``StateLayout`` is.
  static func codec(of type: Any.Type) throws(StateBytesError) -> Codec {
    let key = ObjectIdentifier(type)
    let known = cache.withLock { cache in cache.first { $0.key == key }?.codec }
    if let known { return try known.get() }
    var builder = Builder()
    let built = Result { () throws(StateBytesError) in try builder.codec(of: type, path: "\(type)") }
    cache.withLock { cache in
      if !cache.contains(where: { $0.key == key }) { cache.append((key, built)) }
    }
    return try built.get()
  }

  private static let cache = Mutex<[(key: ObjectIdentifier, codec: Result<Codec, StateBytesError>)]>(
    [])
}

/// Why a value has no byte form, or why bytes are not a value's.
public struct StateBytesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One sentence.
  public let description: String

  init(_ description: String) { self.description = description }
}

extension StateBytes {
  /// Bytes read in order; every read checks what is left first.
  struct Reader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    var depth = 0
    var allocated = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    /// The next `count` bytes, or a throw when fewer are left.
    mutating func take(_ count: Int, for what: String) throws(StateBytesError) -> UnsafeRawPointer {
      guard count <= remaining else {
        throw StateBytesError("the bytes end at \(bytes.count) inside \(what)")
      }
      defer { offset += count }
      return bytes.baseAddress.map { UnsafeRawPointer($0) + offset } ?? UnsafeRawPointer(bitPattern: 1)!
    }

    /// The next `count` bytes, already checked.
    mutating func next(_ count: Int) -> UnsafeRawPointer {
      precondition(count <= remaining, "decoding reads only what checking passed")
      defer { offset += count }
      return bytes.baseAddress.map { UnsafeRawPointer($0) + offset } ?? UnsafeRawPointer(bitPattern: 1)!
    }

    /// A little-endian number `size` (0...8) bytes long at `pointer`.
    static func number(_ pointer: UnsafeRawPointer, _ size: Int) -> UInt64 {
      var value: UInt64 = 0
      for index in 0..<size { value |= UInt64(pointer.load(fromByteOffset: index, as: UInt8.self)) << (8 * index) }
      return value
    }

    /// Counts `bytes` more of arrays, or throws past ``StateBytes/maxArrayBytes``.
    mutating func allocate(_ bytes: Int, for what: String) throws(StateBytesError) {
      allocated += bytes
      guard allocated <= StateBytes.maxArrayBytes else {
        throw StateBytesError("\(what) would take its value past \(StateBytes.maxArrayBytes) bytes of memory")
      }
    }

    /// One more container level, or a throw past ``StateBytes/maxDepth``.
    mutating func enter(_ what: String) throws(StateBytesError) {
      depth += 1
      guard depth <= StateBytes.maxDepth else {
        throw StateBytesError("\(what) nests deeper than \(StateBytes.maxDepth) levels")
      }
    }
  }

  /// How one type is written, checked and read: steps at offsets in its memory.
  final class Codec: @unchecked Sendable {
    /// A run of plain bytes, a `Bool`, an enum's case, or a container's own code.
    enum Step {
      case raw(offset: Int, count: Int)
      case bool(offset: Int)
      case choice(offset: Int, size: Int, cases: Int)
      case call(offset: Int, Call)
    }

    /// A container's code (``StateBytesContainer``), or a type inside itself, looked up when run.
    struct Call {
      var minimum: Int
      var write: (UnsafeRawPointer, inout [UInt8]) -> Void
      var check: (inout Reader) throws(StateBytesError) -> Void
      var read: (inout Reader, UnsafeMutableRawPointer) -> Void
    }

    let name: String
    let steps: [Step]
    /// The fewest bytes a value takes (every array empty, every optional nil).
    let minimum: Int
    /// The value is one run of plain bytes `size` long: arrays of it are copied whole.
    let plainSize: Int?

    init(name: String, steps: [Step], size: Int) {
      self.name = name
      self.steps = steps
      minimum = steps.reduce(0) { total, step in
        switch step {
        case .raw(_, let count): total + count
        case .bool: total + 1
        case .choice(_, let size, _): total + size
        case .call(_, let call): total + call.minimum
        }
      }
      if case .raw(0, size)? = steps.first, steps.count == 1 {
        plainSize = size
      } else {
        plainSize = size == 0 && steps.isEmpty ? 0 : nil
      }
    }

    func write(_ base: UnsafeRawPointer, into bytes: inout [UInt8]) {
      for step in steps {
        switch step {
        case .raw(let offset, let count):
          bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: count))
        case .bool(let offset):
          bytes.append(base.load(fromByteOffset: offset, as: Bool.self) ? 1 : 0)
        case .choice(let offset, let size, _):
          bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: size))
        case .call(let offset, let call):
          call.write(base + offset, &bytes)
        }
      }
    }

    func check(_ reader: inout Reader) throws(StateBytesError) {
      for step in steps {
        switch step {
        case .raw(_, let count):
          _ = try reader.take(count, for: "a \(name)")
        case .bool:
          let byte = try reader.take(1, for: "a \(name)").load(as: UInt8.self)
          guard byte <= 1 else {
            throw StateBytesError("byte \(reader.offset - 1) is \(byte), not a Bool, in a \(name)")
          }
        case .choice(_, let size, let cases):
          let value = Reader.number(try reader.take(size, for: "a \(name)"), size)
          guard value < cases else {
            throw StateBytesError(
              "case \(value) at byte \(reader.offset - size) of an enum of \(cases) in a \(name)")
          }
        case .call(_, let call):
          try call.check(&reader)
        }
      }
    }

    /// Initializes the value at `base` from bytes ``check(_:)`` passed.
    func read(_ reader: inout Reader, into base: UnsafeMutableRawPointer) {
      for step in steps {
        switch step {
        case .raw(let offset, let count):
          (base + offset).copyMemory(from: reader.next(count), byteCount: count)
        case .bool(let offset):
          base.storeBytes(of: reader.next(1).load(as: UInt8.self) != 0, toByteOffset: offset, as: Bool.self)
        case .choice(let offset, let size, _):
          (base + offset).copyMemory(from: reader.next(size), byteCount: size)
        case .call(let offset, let call):
          call.read(&reader, base + offset)
        }
      }
    }
  }
}
