import GameCore
import GameNetplay

/// Messages between peers with seeded faults, counted in frames rather than time: each
/// message is delayed, maybe lost, duplicated or overtaken, as a relay would do to packets.
struct TestNetwork {
  struct Faults {
    var delay = 0...0
    var loss = 0
    var duplicate = 0
    /// Percent chances.
    static let none = Faults()
  }

  var faults: Faults
  var random: SplitMix64
  var inFlight: [(due: Int, to: Int, message: InputMessage)] = []
  var now = 0

  init(faults: Faults, seed: UInt64) {
    self.faults = faults
    random = SplitMix64(seed: seed)
  }

  mutating func chance(_ percent: Int) -> Bool { Int(random.next() % 100) < percent }

  mutating func send(_ message: InputMessage, to seat: Int) {
    if chance(faults.loss) { return }
    let copies = chance(faults.duplicate) ? 2 : 1
    for _ in 0..<copies {
      let span = UInt64(faults.delay.count)
      let delay = faults.delay.lowerBound + Int(random.next() % span)
      inFlight.append((now + delay, seat, message))
    }
  }

  /// The messages due now, in the order they fall due (so a shorter delay overtakes).
  mutating func deliver() -> [(to: Int, message: InputMessage)] {
    let due = inFlight.enumerated().filter { $0.element.due <= now }
      .sorted { ($0.element.due, $0.offset) < ($1.element.due, $1.offset) }
    inFlight.removeAll { $0.due <= now }
    return due.map { ($0.element.to, $0.element.message) }
  }
}

/// A whole match between `count` peers over `network`: every frame, each peer takes its
/// player's input, runs a tick if it may, and sends each other peer a message.
struct Match {
  var peers: [RollbackSession<FourSeats>]
  var players: [FourSeats.Player]
  var network: TestNetwork

  init(count: Int, seed: UInt64, options: NetplayOptions, faults: TestNetwork.Faults) {
    let seats = Seats(FourSeats.buttons, count: count)
    peers = (0..<count).map {
      RollbackSession<FourSeats>(
        seed: seed, settings: NoSettings(), seats: seats, localSeat: $0, options: options)
    }
    players = (0..<count).map { FourSeats.Player(seat: $0, seed: seed) }
    network = TestNetwork(faults: faults, seed: seed ^ 0xFACE)
  }

  /// Runs until every peer has confirmed `ticks` ticks, or `frames` frames pass.
  mutating func run(ticks: Int, frames: Int = 100_000) {
    var frame = 0
    while peers.contains(where: { $0.confirmedFrame < ticks || $0.frame < ticks }),
      frame < frames
    {
      frame += 1
      network.now = frame
      for (seat, message) in network.deliver() { peers[seat].receive(message) }
      for seat in peers.indices {
        if peers[seat].frame < ticks {
          peers[seat].advance(localInput: players[seat].input())
        } else {
          peers[seat].settle()
        }
      }
      for from in peers.indices {
        for to in peers.indices where to != from {
          network.send(peers[from].message(to: to), to: to)
        }
      }
    }
  }

  /// The hash after the first `ticks` confirmed inputs, replayed alone by a new simulation:
  /// what the match's replay verifies to.
  func replayHash(seed: UInt64, ticks: Int) -> UInt64 {
    let simulation = Simulation<FourSeats>(seed: seed)
    for tick in 0..<ticks { simulation.step(peers[0].confirmedInput(at: tick)) }
    return simulation.hash
  }
}
