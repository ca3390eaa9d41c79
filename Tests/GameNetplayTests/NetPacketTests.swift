import GameCore
import GameNetplay
import Testing

@Suite struct NetPacketTests {
  static let terms = NetPacket.Terms(
    game: "pong", version: 3, settings: [1, 2, 3], seed: 42, seats: 2, options: NetplayOptions())

  static let packets: [NetPacket] = [
    NetPacket(
      session: 0xDEAD_BEEF,
      .inputs(
        InputMessage(
          seat: 1, firstTick: 70, inputs: [[], TickInput(bit: 3), TickInput(bit: 3)],
          received: 68, frame: 71, hashTick: 64, hash: 0x1234_5678_9ABC_DEF0))),
    NetPacket(
      session: 1,
      .inputs(
        InputMessage(
          seat: 0, firstTick: 0,
          inputs: [TickInput(TickInput(bit: 1), axes: [-90, 89]), TickInput(axes: [0, 5])],
          received: 0, frame: 0))),
    NetPacket(
      session: 1,
      .inputs(
        InputMessage(
          seat: 3, firstTick: 9,
          inputs: Array(repeating: TickInput(TickInput(bit: 31), axes: [1, 2, 3, 4]), count: 100),
          received: 0, frame: 0))),
    NetPacket(session: 2, .hello(terms)),
    NetPacket(session: 2, .welcome(seat: 1, terms)),
    NetPacket(session: 2, .refuse("the host plays pong, not blocks")),
    NetPacket(session: .max, .ping(stamp: 99)),
    NetPacket(session: 0, .pong(stamp: .max)),
    NetPacket(session: 5, .bye),
    NetPacket(session: 8, .watch(terms)),
    NetPacket(
      session: 8, sequence: 3,
      .confirmed(
        InputMessage(seat: 0, firstTick: 640, inputs: [TickInput(bit: 5)], received: 0, frame: 641))
    ),
    NetPacket(session: 8, .watching(received: 99, before: 40)),
    NetPacket(
      session: 8,
      .snapshot(tick: 900, hash: 7, size: 1_300, offset: 1_200, bytes: Array(repeating: 5, count: 100))),
    NetPacket(
      session: 8, sequence: 9,
      .snapshot(
        tick: 900, hash: .max, size: NetPacket.maxSnapshot, offset: 0,
        bytes: Array(repeating: 0xFF, count: NetPacket.snapshotPart))),
    NetPacket(session: 9, .sections(tick: 128, complete: false, hashes: [1, .max, 0])),
    NetPacket(
      session: 9, sequence: 4,
      .sections(
        tick: 64, complete: true,
        hashes: Array(repeating: 0x0123_4567_89AB_CDEF, count: NetPacket.maxSections))),
    NetPacket(session: 9, .sections(tick: 0, complete: false, hashes: [])),
    NetPacket(session: 6, sequence: 7, .start([Endpoint(address: 0, port: 0), .loopback(4_000)])),
    NetPacket(
      session: 6, sequence: .max,
      .start([
        .loopback(1), .loopback(2), Endpoint(address: 0xC0A8_0001, port: 65_535), .loopback(4),
      ])),
  ]

  @Test(arguments: packets)
  func everyPacketComesBackAsItWent(packet: NetPacket) throws {
    let bytes = packet.encoded()
    #expect(bytes.count <= NetPacket.maxSize)
    #expect(try NetPacket.decode(bytes) == packet)
  }

  @Test func everyCutAndEveryExtraByteIsRefused() {
    for packet in Self.packets {
      let bytes = packet.encoded()
      for length in 0..<bytes.count {
        #expect(throws: NetPacketError.self) { try NetPacket.decode(Array(bytes[..<length])) }
      }
      #expect(throws: NetPacketError.self) { try NetPacket.decode(bytes + [0]) }
    }
  }

  /// A snapshot's part must be where the parts fall, as long as they are, inside the
  /// snapshot, and the snapshot no larger than the largest sent.
  @Test func aSnapshotPartOutOfPlaceIsRefused() {
    let part = [UInt8](repeating: 1, count: 100)
    for (size, offset, bytes) in [
      (1_300, 1_100, part),  // not on a part's boundary
      (1_300, 1_200, part + [1]),  // longer than what is left
      (1_400, 1_200, part),  // shorter than what is left
      (NetPacket.maxSnapshot + 100, NetPacket.maxSnapshot, part),  // too large a snapshot
      (1_300, 2_400, part),  // past the end
    ] {
      let bytes = NetPacket(
        session: 1, .snapshot(tick: 5, hash: 0, size: size, offset: offset, bytes: bytes)
      ).encoded()
      #expect(throws: NetPacketError.self, "\(size) \(offset)") { try NetPacket.decode(bytes) }
    }
  }

  @Test func strangersAreNamed() {
    #expect(throws: NetPacketError.notOurs) { try NetPacket.decode(Array("GET / HTTP/1.1".utf8)) }
    var other = NetPacket(session: 1, .bye).encoded()
    other[4] = 1
    #expect(throws: NetPacketError.version(1)) { try NetPacket.decode(other) }
    #expect(throws: NetPacketError.tooLarge(2_000)) {
      try NetPacket.decode([UInt8](repeating: 0, count: 2_000))
    }
  }

  @Test func randomBytesNeverTrap() {
    var random = SplitMix64(seed: 11)
    var decoded = 0
    for packet in Self.packets {
      let original = packet.encoded()
      for _ in 0..<2_000 {
        var bytes = original
        // Flip a few bytes past the magic and version, so the decoder reads deep.
        for _ in 0...Int(random.next() % 4) {
          let index = 5 + Int(random.next() % UInt64(bytes.count - 5))
          bytes[index] = UInt8(truncatingIfNeeded: random.next())
        }
        if (try? NetPacket.decode(bytes)) != nil { decoded += 1 }
      }
    }
    #expect(decoded > 0, "some mutations still decode (a session id, a stamp)")
  }

  @Test func aStartOfNoSeatOrMoreThanFourIsRefused() {
    for count: UInt8 in [0, 5, 255] {
      var bytes = NetPacket(session: 1, .start([.loopback(1)])).encoded()
      bytes[bytes.count - 7] = count
      #expect(throws: NetPacketError.malformed("a match of \(count) seats")) {
        try NetPacket.decode(bytes)
      }
    }
  }

  @Test func sectionsOverTheLimitOrWithUnknownFlagsAreRefused() {
    var bytes = NetPacket(session: 1, .sections(tick: 64, complete: false, hashes: [])).encoded()
    bytes[bytes.count - 1] = UInt8(NetPacket.maxSections + 1)
    bytes += [UInt8](repeating: 0, count: 8 * (NetPacket.maxSections + 1))
    #expect(throws: NetPacketError.malformed("161 section hashes, over 160")) {
      try NetPacket.decode(bytes)
    }
    var flagged = NetPacket(session: 1, .sections(tick: 64, complete: true, hashes: [])).encoded()
    flagged[flagged.count - 2] = 2
    #expect(throws: NetPacketError.malformed("unknown flags (2)")) { try NetPacket.decode(flagged) }
  }

  @Test func termsNameWhatDiffers() {
    var other = Self.terms
    #expect(Self.terms.difference(from: other) == nil)
    other.options.inputDelay = 4
    #expect(Self.terms.difference(from: other) == "the host's input delay is 2 ticks, not 4")
    other.game = "blocks"
    #expect(Self.terms.difference(from: other) == "the host plays pong, not blocks")
  }
}
