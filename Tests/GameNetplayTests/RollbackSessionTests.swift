import GameCore
import GameNetplay
import Testing

@Suite struct RollbackSessionTests {
  static let ticks = 600

  /// Every peer ends on the state a lone replay of the confirmed inputs reaches.
  func expectAgreement(
    _ match: Match, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let replayed = match.replayHash(seed: seed, ticks: Self.ticks)
    for peer in match.peers {
      #expect(peer.frame == Self.ticks, sourceLocation: sourceLocation)
      #expect(peer.confirmedFrame >= Self.ticks, sourceLocation: sourceLocation)
      #expect(peer.simulation.hash == replayed, sourceLocation: sourceLocation)
      #expect(peer.desyncTick == nil, sourceLocation: sourceLocation)
    }
  }

  @Test func aPerfectNetworkNeedsNoRollback() {
    var match = Match(count: 2, seed: 1, options: NetplayOptions(), faults: .none)
    match.run(ticks: Self.ticks)
    expectAgreement(match, seed: 1)
    #expect(match.peers.allSatisfy { $0.statistics.rollbacks == 0 })
  }

  @Test(arguments: [2, 3, 4])
  func peersAgreeUnderDelayLossDuplicationAndReordering(count: Int) {
    let faults = TestNetwork.Faults(delay: 1...6, loss: 20, duplicate: 10)
    var match = Match(count: count, seed: 7, options: NetplayOptions(), faults: faults)
    match.run(ticks: Self.ticks)
    expectAgreement(match, seed: 7)
    // The faults were felt: predictions failed and were corrected.
    #expect(match.peers.contains { $0.statistics.rollbacks > 0 })
    #expect(match.peers.allSatisfy { $0.statistics.deepestRollback <= 8 })
    #expect(match.peers.contains { $0.statistics.ignoredMessages > 0 })
  }

  @Test func lockstepRunsOnlyOnRealInputs() {
    let options = NetplayOptions(inputDelay: 2, predictionWindow: 0)
    var match = Match(count: 2, seed: 3, options: options, faults: .init(delay: 1...4, loss: 10))
    match.run(ticks: Self.ticks)
    expectAgreement(match, seed: 3)
    #expect(match.peers.allSatisfy { $0.statistics.rollbacks == 0 && $0.statistics.waits > 0 })
  }

  @Test func aLongSilenceFillsTheWindowAndTheGameWaits() {
    var match = Match(count: 2, seed: 5, options: NetplayOptions(), faults: .init(loss: 100))
    match.run(ticks: Self.ticks, frames: 200)
    for peer in match.peers {
      #expect(peer.frame == 2 + 8, "the inputs before the delay, then the window's ticks")
      #expect(peer.statistics.waits > 100)
    }
  }

  @Test func aDifferentStateIsReportedAtTheFirstHashThatDiffers() {
    // The peers start from different seeds: the first compared hash differs.
    let seats = Seats(FourSeats.buttons, count: 2)
    let options = NetplayOptions(hashInterval: 16)
    let peers = [
      RollbackSession<FourSeats>(
        seed: 1, settings: NoSettings(), seats: seats, localSeat: 0, options: options),
      RollbackSession<FourSeats>(
        seed: 2, settings: NoSettings(), seats: seats, localSeat: 1, options: options),
    ]
    for _ in 0..<100 {
      for peer in peers { peer.advance(localInput: []) }
      peers[1].receive(peers[0].message(to: 1))
      peers[0].receive(peers[1].message(to: 0))
    }
    #expect(peers[0].desyncTick == 16 && peers[1].desyncTick == 16)
  }

  @Test func hostileMessagesChangeNothing() {
    let seats = Seats(FourSeats.buttons, count: 2)
    let peer = RollbackSession<FourSeats>(
      seed: 1, settings: NoSettings(), seats: seats, localSeat: 0)
    let hostile = [
      InputMessage(seat: 0, firstTick: 0, inputs: [.init(bit: 1)], received: 0, frame: 0),  // our seat
      InputMessage(seat: 9, firstTick: 0, inputs: [], received: 0, frame: 0),
      InputMessage(seat: -1, firstTick: 0, inputs: [], received: 0, frame: 0),
      InputMessage(seat: 1, firstTick: -5, inputs: [.init(bit: 2)], received: 0, frame: 0),
      InputMessage(seat: 1, firstTick: 1 << 40, inputs: [.init(bit: 2)], received: 0, frame: .max),
      InputMessage(
        seat: 1, firstTick: 0, inputs: .init(repeating: [], count: 129), received: 0, frame: 0),
      InputMessage(
        seat: 1, firstTick: 0, inputs: [], received: .max, frame: .min, hashTick: .max, hash: 1),
    ]
    for message in hostile { peer.receive(message) }
    #expect(peer.confirmedFrame == 2, "only the delay's empty inputs are known")
    #expect(peer.statistics.ignoredMessages == hostile.count)
    // Bits a peer does not own are dropped: seat 1 cannot press seat 0's buttons (bit 0).
    peer.receive(
      InputMessage(
        seat: 1, firstTick: 2, inputs: [TickInput(rawValue: 0b1001)], received: 0, frame: 3))
    peer.advance(localInput: [])
    #expect(peer.confirmedInput(at: 2) == TickInput(bit: 3))
    // The forged acknowledgement was capped at the inputs we had (the delay's two).
    #expect(peer.message(to: 1).firstTick == 2 && peer.message(to: 1).inputs.count == 1)
  }
}
