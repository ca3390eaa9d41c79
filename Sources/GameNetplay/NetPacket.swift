import GameCore

/// One UDP datagram of a match, as it goes on the wire, and back.
///
/// Every packet starts with the magic `LSNP`, the format version and the match's random
/// session id, so that anything else arriving on the port is dropped unread. Integers are
/// little-endian. ``decode(_:)`` treats every datagram as hostile: any bytes give a packet or
/// a ``NetPacketError``, never a trap, and no count can make it allocate more than the
/// datagram's own size.
public struct NetPacket: Equatable, Sendable {
  /// What a packet says.
  public enum Body: Equatable, Sendable {
    /// A peer's inputs, acknowledgement, frame and hash (``InputMessage``).
    case inputs(InputMessage)
    /// Asks to join: the game, its rules version, its settings' bytes, the seed and the
    /// options the joiner expects.
    case hello(Terms)
    /// The host agrees, and gives the joiner its seat.
    case welcome(seat: Int, Terms)
    /// The host refuses, with one sentence naming what differs.
    case refuse(String)
    /// A round-trip probe, and its echo; `stamp` is the sender's, echoed unchanged.
    case ping(stamp: UInt64)
    case pong(stamp: UInt64)
    /// The sender leaves the match.
    case bye
    /// Every seat is taken: the host gives each peer every seat's address, the host's own
    /// as 0.0.0.0:0 (the address the peer reached it at), and the match starts.
    case start([Endpoint])
    /// Asks the host to watch: the terms the spectator expects.
    case watch(Terms)
    /// The host's confirmed inputs for a spectator: every seat's merged, from `firstTick`;
    /// `frame` is the host's confirmed tick count and `hashTick`/`hash` its latest hash.
    case confirmed(InputMessage)
    /// A spectator holds every confirmed input before tick `received`, from the first tick,
    /// or from a snapshot's when it started from one; and from the first tick every one
    /// before `before` (the snapshot's tick when it wants none of them: it records no replay).
    case watching(received: Int, before: Int)
    /// A part of the host's snapshot for a spectator who came late: the state after `tick`
    /// ticks (``StateBytes``), `size` bytes in all, whose hash is `hash`; these are its
    /// bytes from `offset`, at most ``NetPacket/snapshotPart``.
    case snapshot(tick: Int, hash: UInt64, size: Int, offset: Int, bytes: [UInt8])
    /// After a desync: the 64-bit hash of each section of the sender's state at `tick` (a
    /// hashed tick), in order, at most ``NetPacket/maxSections``, so that each peer names the
    /// sections that differ and writes its own values of them. `complete`: the sender has
    /// its report already (a peer answers only a packet whose sender lacks it).
    case sections(tick: Int, complete: Bool, hashes: [UInt64])
  }

  /// What the peers of a match must agree on.
  public struct Terms: Equatable, Sendable {
    public var game: String
    public var version: UInt16
    public var settings: [UInt8]
    public var seed: UInt64
    public var seats: Int
    public var options: NetplayOptions

    public init(
      game: String, version: UInt16, settings: [UInt8], seed: UInt64, seats: Int,
      options: NetplayOptions
    ) {
      (self.game, self.version, self.settings, self.seed) = (game, version, settings, seed)
      (self.seats, self.options) = (seats, options)
    }

    /// One sentence naming the first thing `other` differs in, or nil when they agree.
    public func difference(from other: Terms) -> String? {
      if game != other.game { return "the host plays \(game), not \(other.game)" }
      if version != other.version {
        return "the host has \(game) rules version \(version), this peer \(other.version)"
      }
      if settings != other.settings { return "the host's settings of \(game) differ" }
      if seed != other.seed { return "the host's seed is \(seed), not \(other.seed)" }
      if seats != other.seats { return "the host's match has \(seats) seats, not \(other.seats)" }
      if options.inputDelay != other.options.inputDelay {
        return
          "the host's input delay is \(options.inputDelay) ticks, not \(other.options.inputDelay)"
      }
      if options.predictionWindow != other.options.predictionWindow {
        return
          "the host's prediction window is \(options.predictionWindow) ticks, not \(other.options.predictionWindow)"
      }
      if options.hashInterval != other.options.hashInterval {
        return
          "the host compares hashes every \(options.hashInterval) ticks, not \(other.options.hashInterval)"
      }
      return nil
    }
  }

  public var session: UInt64
  /// The sender's count of packets it sent the receiver before this one: gaps are losses,
  /// repeats duplicates.
  public var sequence: UInt32
  public var body: Body

  public init(session: UInt64, sequence: UInt32 = 0, _ body: Body) {
    self.session = session
    self.sequence = sequence
    self.body = body
  }

  static let magic: [UInt8] = Array("LSNP".utf8)
  /// The format version; a packet of another is refused. 2: snapshots for spectators.
  public static let version: UInt8 = 2
  /// Largest datagram sent or read: well under a typical path MTU of 1,500 bytes.
  public static let maxSize = 1_400
  static let maxText = 200
  /// Most section hashes a `sections` packet carries (1,280 bytes of them).
  public static let maxSections = 160
  /// Most bytes of a snapshot one packet carries.
  public static let snapshotPart = 1_200
  /// Largest snapshot sent or taken (larger states are sent as their inputs from the first
  /// tick).
  public static let maxSnapshot = 1 << 20

  /// The datagram.
  public func encoded() -> [UInt8] {
    var out = ByteWriter()
    out.append(Self.magic)
    out.u8(Self.version)
    out.u64(session)
    out.u32(sequence)
    switch body {
    case .inputs(let message):
      out.u8(1)
      Self.write(message, to: &out)
    case .hello(let terms):
      out.u8(2)
      Self.write(terms, to: &out)
    case .welcome(let seat, let terms):
      out.u8(3)
      out.u8(UInt8(clamping: seat))
      Self.write(terms, to: &out)
    case .refuse(let sentence):
      out.u8(4)
      Self.write(text: sentence, to: &out)
    case .ping(let stamp):
      out.u8(5)
      out.u64(stamp)
    case .pong(let stamp):
      out.u8(6)
      out.u64(stamp)
    case .bye:
      out.u8(7)
    case .start(let peers):
      out.u8(8)
      out.u8(UInt8(clamping: peers.count))
      for peer in peers.prefix(Seats.maxCount) {
        out.u32(peer.address)
        out.u16(peer.port)
      }
    case .watch(let terms):
      out.u8(9)
      Self.write(terms, to: &out)
    case .confirmed(let message):
      out.u8(10)
      Self.write(message, to: &out)
    case .watching(let received, let before):
      out.u8(11)
      out.u32(UInt32(clamping: received))
      out.u32(UInt32(clamping: before))
    case .sections(let tick, let complete, let hashes):
      out.u8(12)
      out.u32(UInt32(clamping: tick))
      out.u8(complete ? 1 : 0)
      out.u8(UInt8(min(hashes.count, Self.maxSections)))
      for hash in hashes.prefix(Self.maxSections) { out.u64(hash) }
    case .snapshot(let tick, let hash, let size, let offset, let bytes):
      out.u8(13)
      out.u32(UInt32(clamping: tick))
      out.u64(hash)
      out.u32(UInt32(clamping: size))
      out.u32(UInt32(clamping: offset))
      out.u16(UInt16(clamping: bytes.count))
      out.append(Array(bytes.prefix(Self.snapshotPart)))
    }
    return out.bytes
  }

  /// The packet in `datagram`, or why it is not one.
  public static func decode(_ datagram: [UInt8]) throws(NetPacketError) -> NetPacket {
    guard datagram.count <= maxSize else { throw .tooLarge(datagram.count) }
    var reader = ByteReader(datagram)
    do {
      guard Array(try reader.take(4)) == magic else { throw NetPacketError.notOurs }
      let version = try reader.u8()
      guard version == Self.version else { throw NetPacketError.version(version) }
      let session = try reader.u64()
      let sequence = try reader.u32()
      let kind = try reader.u8()
      let body: Body
      switch kind {
      case 1: body = .inputs(try readMessage(&reader))
      case 2: body = .hello(try readTerms(&reader))
      case 3:
        let seat = Int(try reader.u8())
        body = .welcome(seat: seat, try readTerms(&reader))
      case 4: body = .refuse(try readText(&reader))
      case 5: body = .ping(stamp: try reader.u64())
      case 6: body = .pong(stamp: try reader.u64())
      case 7: body = .bye
      case 8:
        let count = Int(try reader.u8())
        guard (1...Seats.maxCount).contains(count) else {
          throw NetPacketError.malformed("a match of \(count) seats")
        }
        var peers: [Endpoint] = []
        for _ in 0..<count {
          peers.append(Endpoint(address: try reader.u32(), port: try reader.u16()))
        }
        body = .start(peers)
      case 9: body = .watch(try readTerms(&reader))
      case 10: body = .confirmed(try readMessage(&reader))
      case 11: body = .watching(received: Int(try reader.u32()), before: Int(try reader.u32()))
      case 12:
        let tick = Int(try reader.u32())
        let flags = try reader.u8()
        guard flags <= 1 else { throw NetPacketError.malformed("unknown flags (\(flags))") }
        let count = Int(try reader.u8())
        guard count <= maxSections else {
          throw NetPacketError.malformed("\(count) section hashes, over \(maxSections)")
        }
        var hashes: [UInt64] = []
        for _ in 0..<count { hashes.append(try reader.u64()) }
        body = .sections(tick: tick, complete: flags == 1, hashes: hashes)
      case 13:
        let (tick, hash) = (Int(try reader.u32()), try reader.u64())
        let (size, offset) = (Int(try reader.u32()), Int(try reader.u32()))
        let count = Int(try reader.u16())
        guard size <= maxSnapshot, count <= snapshotPart, offset % snapshotPart == 0,
          offset + count <= size, count == min(snapshotPart, size - offset)
        else {
          throw NetPacketError.malformed("a snapshot's part of \(count) bytes at \(offset) of \(size)")
        }
        body = .snapshot(
          tick: tick, hash: hash, size: size, offset: offset, bytes: Array(try reader.take(count)))
      default: throw NetPacketError.malformed("an unknown kind of packet (\(kind))")
      }
      guard reader.isAtEnd else { throw NetPacketError.malformed("bytes after the packet's end") }
      return NetPacket(session: session, sequence: sequence, body)
    } catch let error as NetPacketError {
      throw error
    } catch {
      throw .malformed("cut short")
    }
  }

  static func write(_ message: InputMessage, to out: inout ByteWriter) {
    let withAxes = message.inputs.contains { $0.hasAxisValues }
    out.u8(UInt8(clamping: message.seat))
    out.u32(UInt32(clamping: message.firstTick))
    out.u32(UInt32(clamping: message.received))
    out.u32(UInt32(clamping: message.frame))
    out.u32(UInt32(clamping: message.hashTick))
    out.u64(message.hash)
    out.u8(UInt8(clamping: message.inputs.count) | (withAxes ? 0x80 : 0))
    for input in message.inputs {
      out.u32(input.rawValue)
      if withAxes { out.u64(input.axisLanes) }
    }
  }

  static func readMessage(_ reader: inout ByteReader) throws(NetPacketError) -> InputMessage {
    do {
      let seat = Int(try reader.u8())
      let firstTick = Int(try reader.u32())
      let received = Int(try reader.u32())
      let frame = Int(try reader.u32())
      let hashTick = Int(try reader.u32())
      let hash = try reader.u64()
      let countByte = try reader.u8()
      let (count, withAxes) = (Int(countByte & 0x7F), countByte & 0x80 != 0)
      guard count <= InputMessage.maxInputs else {
        throw NetPacketError.malformed("too many inputs")
      }
      var inputs: [TickInput] = []
      inputs.reserveCapacity(min(count, reader.remaining / 4))
      for _ in 0..<count {
        let buttons = try reader.u32()
        let axes = withAxes ? try reader.u64() : 0
        inputs.append(TickInput(rawValue: buttons, axisLanes: axes))
      }
      return InputMessage(
        seat: seat, firstTick: firstTick, inputs: inputs, received: received, frame: frame,
        hashTick: hashTick, hash: hash)
    } catch let error as NetPacketError {
      throw error
    } catch {
      throw .malformed("cut short")
    }
  }

  static func write(_ terms: Terms, to out: inout ByteWriter) {
    write(text: terms.game, to: &out)
    out.u16(terms.version)
    out.u16(UInt16(clamping: terms.settings.count))
    out.append(Array(terms.settings.prefix(Int(UInt16.max))))
    out.u64(terms.seed)
    out.u8(UInt8(clamping: terms.seats))
    out.u8(UInt8(clamping: terms.options.inputDelay))
    out.u8(UInt8(clamping: terms.options.predictionWindow))
    out.u32(UInt32(clamping: terms.options.hashInterval))
  }

  static func readTerms(_ reader: inout ByteReader) throws(NetPacketError) -> Terms {
    do {
      let game = try readText(&reader)
      let version = try reader.u16()
      let settings = Array(try reader.take(Int(try reader.u16())))
      let seed = try reader.u64()
      let seats = Int(try reader.u8())
      let options = NetplayOptions(
        inputDelay: Int(try reader.u8()), predictionWindow: Int(try reader.u8()),
        hashInterval: Int(try reader.u32()))
      guard (1...Seats.maxCount).contains(seats) else {
        throw NetPacketError.malformed("a match of \(seats) seats")
      }
      if let problem = options.problem { throw NetPacketError.malformed(problem) }
      return Terms(
        game: game, version: version, settings: settings, seed: seed, seats: seats,
        options: options)
    } catch let error as NetPacketError {
      throw error
    } catch {
      throw .malformed("cut short")
    }
  }

  static func write(text: String, to out: inout ByteWriter) {
    let bytes = Array(text.utf8.prefix(maxText))
    out.u8(UInt8(bytes.count))
    out.append(bytes)
  }

  static func readText(_ reader: inout ByteReader) throws(NetPacketError) -> String {
    do {
      let bytes = Array(try reader.take(Int(try reader.u8())))
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw NetPacketError.malformed("text that is not UTF-8")
      }
      return text
    } catch let error as NetPacketError {
      throw error
    } catch {
      throw .malformed("cut short")
    }
  }
}

/// Why a datagram is not a packet of ours; the receiver drops it and counts it.
public enum NetPacketError: Error, Equatable, CustomStringConvertible {
  case notOurs
  case version(UInt8)
  case tooLarge(Int)
  case malformed(String)

  public var description: String {
    switch self {
    case .notOurs: "not a netplay packet"
    case .version(let found): "a packet of netplay format \(found), not \(NetPacket.version)"
    case .tooLarge(let size): "a datagram of \(size) bytes, over \(NetPacket.maxSize)"
    case .malformed(let what): "a malformed packet: \(what)"
    }
  }
}
