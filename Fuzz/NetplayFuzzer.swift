// libFuzzer harness for what a netplay peer does with datagrams from anyone (compiled into
// Fuzz/build-fuzzer's Pong binary with GameNetplay's sources, run by Fuzz/fuzz-netplay). Any
// trap, sanitizer report or leak is a bug: every datagram must decode or be refused with a
// NetPacketError, decode back from its own encoding to the same packet, and, given to a
// peer's RollbackSession mid-match as the other seat's (whatever seat it claims), change at
// most the session's counters, its known inputs and its rollbacks, never trap; and a
// `sections` packet's hashes, whatever they are, must give a desync report of the peer's state;
// a `snapshot` packet's part is assembled and, when whole, decoded and checked as a spectator
// does; and every datagram, read as the bytes of a Pong state (StateBytes), must be refused or
// give a state that encodes back to the same bytes (no invalid Bool or enum made).
//
// The input is split into datagrams at each 0xFF 0xFE pair; the first byte of each picks
// whether it is taken raw or behind a valid header (magic, version, the match's session id),
// so that random bytes reach deep into the body decoders.

#if FUZZ_NETPLAY
  let netplaySession: UInt64 = 0x5EED_0000_0000_0001

  func fuzzNetplay(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let peer = RollbackSession<Pong>(
      seed: 3, settings: .headless, seats: Seats(Pong.buttons, count: 2), localSeat: 0,
      options: NetplayOptions(inputDelay: 1, predictionWindow: 4, hashInterval: 8))
    var datagrams: [[UInt8]] = [[]]
    var index = 0
    while index < bytes.count {
      if index + 1 < bytes.count, bytes[index] == 0xFF, bytes[index + 1] == 0xFE {
        datagrams.append([])
        index += 2
      } else {
        datagrams[datagrams.count - 1].append(bytes[index])
        index += 1
      }
    }
    for (turn, datagram) in datagrams.enumerated() {
      if let state = try? StateBytes.decode(Pong.State.self, from: datagram),
        (try? StateBytes.encode(state)) != datagram
      {
        fatalError("a decoded state does not encode back to its bytes: \(datagram)")
      }
      var wire = datagram
      if let first = datagram.first, first & 1 == 1 {
        wire =
          Array(NetPacket(session: netplaySession, .bye).encoded().prefix(17))
          + datagram.dropFirst()
      }
      guard let packet = try? NetPacket.decode(wire) else { continue }
      guard (try? NetPacket.decode(packet.encoded())) == packet else {
        fatalError("a decoded packet does not come back from its own encoding: \(packet)")
      }
      if case .inputs(let message) = packet.body {
        var claimed = message
        claimed.seat = 1
        peer.receive(message)
        peer.receive(claimed)
      }
      if case .sections(let tick, _, let hashes) = packet.body {
        let report = NetplayDesyncReport.compare(
          peer.simulation.state, tick: tick, seat: 0, with: hashes, of: 1)
        _ = report.description
      }
      if case .snapshot(let tick, let hash, let size, let offset, let part) = packet.body {
        var parts = SnapshotParts(tick: tick, hash: hash, size: size)
        if let snapshot = parts.take(offset: offset, part) { _ = try? snapshot.state(of: Pong.self) }
      }
      peer.advance(localInput: TickInput(rawValue: UInt32(turn % 4)))
    }
    for _ in 0..<8 { peer.settle() }
    return 0
  }
#endif
