import GameCore

/// One peer's match over a ``NetplayLink``: the ``RollbackSession`` driven frame by frame,
/// packets in and out, round trips, time sync, the confirmed ticks handed on in order (for
/// the replay), and how the match ends.
///
/// A driver calls ``frame(localInput:now:)`` once a frame: it takes every packet that
/// arrived, runs a tick (or waits, when the prediction window is full, or skips one when this
/// peer is ahead of the others: the peer ahead slows down rather than the one behind
/// stalling), and sends every peer its unacknowledged inputs. ``run(ticks:fast:input:)``
/// is that loop for a headless match.
public final class NetplayMatch<G: Game> {
  public let link: NetplayLink
  public let rollback: RollbackSession<G>
  /// The game stepped on confirmed inputs only: every peer's ends on the same state.
  public let confirmed: Simulation<G>
  /// Called with each confirmed tick's merged input and the state after it, in order.
  public var onConfirmed: (TickInput, G.State) throws -> Void = { _, _ in }
  /// Seconds without a packet from a peer before it is taken to have gone.
  public var timeout = 5.0
  /// Whether a desync ends the match (the default) or is only reported.
  public var stopsOnDesync = true

  /// Round trips measured (seconds, summed) and how many.
  public private(set) var roundTrips = (total: 0.0, count: 0)
  /// Frames skipped because this peer ran ahead of the others.
  public private(set) var timeSyncSkips = 0
  /// Buttons given on frames whose input the match did not take (the time sync skipped the
  /// frame, or the prediction window was full and this tick's input was already in): held
  /// into the next frame that takes one, so that a tap is never lost. Axes are not carried:
  /// the latest position stands.
  public private(set) var carried = TickInput()
  /// Seats that said goodbye.
  public private(set) var left: Set<Int> = []
  var lastHeard: [Double]
  /// Per seat coming back: how much of the match so far it holds.
  var catchUp: [Int: Int] = [:]
  /// A spectator who comes more ticks than this into the match starts from a snapshot of the
  /// state rather than from every input since the first tick.
  public var snapshotAfter = 400
  /// Per seat coming back: the other players whose copy of its inputs the host has had
  /// since (``relayAfter``); it starts once every player still here has sent one.
  var relayed: [Int: Set<Int>] = [:]
  /// Seconds of silence from a seat after which every other peer sends every other player
  /// the latest inputs of it that it holds, every frame: with three or four seats, a player
  /// that went away may have reached one peer with inputs the others never got, and a player
  /// coming back must be sent them (or it would play those ticks again differently), and
  /// every peer must reach the tick after them (or the host would wait for it forever).
  public var relayAfter = 0.25
  /// Seconds of silence after which the host gives a seat to a player coming back.
  public var comeBackAfter = 1.0
  /// Told of what a player would want to know mid-match ("player 2 is back").
  public var onEvent: (String) -> Void = { _ in }
  var nextPing = 0.0
  let start: Double
  /// This peer's desync report: built when another peer's section hashes of a differing
  /// tick arrive, or, when they never do, as the match ends (naming the tick only).
  public internal(set) var desyncReport: NetplayDesyncReport?
  /// The hashed tick whose section hashes this peer sends after a desync: its own first
  /// differing tick, or an earlier one another peer sent.
  var reportTick: Int?
  /// Section hashes of a tick this peer had not hashed yet when they came (one per seat: the
  /// sender may have left by the time this peer gets there), taken once it has.
  var pendingSections: [(seat: Int, tick: Int, hashes: [UInt64], answer: Bool)] = []

  /// A match over `link` (its terms give the seed, seats and options), the game's
  /// `settings` being those the terms' settings bytes encode.
  public init(link: NetplayLink, settings: G.Settings, now: Double = monotonicSeconds()) {
    self.link = link
    let terms = link.terms
    rollback = RollbackSession(
      seed: terms.seed, settings: settings, seats: Seats(G.buttons, count: terms.seats),
      localSeat: link.seat, options: terms.options)
    confirmed = Simulation(seed: terms.seed, settings: settings)
    lastHeard = Array(repeating: now, count: terms.seats)
    start = now
    if !link.matchSoFar.isEmpty { rollback.resume(from: link.matchSoFar) }
  }

  /// The mean round trip in milliseconds, or nil before the first.
  public var pingMilliseconds: Double? {
    roundTrips.count == 0 ? nil : roundTrips.total / Double(roundTrips.count) * 1_000
  }

  /// Takes the packets that arrived (waiting up to `milliseconds` for the first): at most
  /// ``NetplayLink/maxReadsPerCall`` a peer's worth a frame, so a flood cannot stall it.
  public func receive(waiting milliseconds: Int = 0) {
    var wait = milliseconds
    var taken = 0
    while taken < NetplayLink.maxReadsPerCall * link.terms.seats,
      let (seat, body) = link.receive(waiting: wait)
    {
      wait = 0
      taken += 1
      lastHeard[seat] = monotonicSeconds()
      takeChangedSeats()
      switch body {
      case .inputs(let message) where message.seat == seat:
        rollback.receive(message)
      case .inputs(let message) where isRelayable(message.seat, from: seat):
        // Another player's copy of a silent seat's inputs: what it got and this peer may not.
        rollback.receive(message)
        if link.seat == 0 { relayed[message.seat, default: []].insert(seat) }
      case .ping(let stamp):
        link.send(.pong(stamp: stamp), to: seat)
      case .pong(let stamp):
        let sent = Double(stamp) / 1e6
        let trip = monotonicSeconds() - start - sent
        if trip >= 0, trip < 10 { roundTrips = (roundTrips.total + trip, roundTrips.count + 1) }
      case .bye:
        left.insert(seat)
      case .watching(let received, _) where catchUp[seat] != nil:
        catchUp[seat] = max(catchUp[seat]!, received)
      case .sections(let tick, let complete, let hashes):
        takeSections(tick: tick, hashes: hashes, from: seat, answer: !complete)
      default:
        break
      }
    }
  }

  /// One frame: packets in, a tick (unless the window is full, this peer is ahead, or the
  /// match has run `ticks`), packets out, confirmed ticks handed on. The local input goes in
  /// with the buttons ``carried`` from frames that took none. Returns whether a tick ran.
  @discardableResult
  public func frame(
    localInput: TickInput, ticks: Int = .max, sync: Bool = true,
    now: Double = monotonicSeconds()
  ) throws -> Bool {
    receive()
    takeChangedSeats()
    welcomeBack(now: now)
    var ran = false
    let local = localInput.union(carried)
    let held = rollback.known[link.seat].count
    if rollback.frame >= ticks {
      rollback.settle()
    } else if sync, isAhead {
      timeSyncSkips += 1
      rollback.settle()
    } else {
      ran = rollback.advance(localInput: local)
    }
    carried =
      rollback.known[link.seat].count > held || rollback.frame >= ticks
      ? [] : TickInput(rawValue: local.rawValue)
    sendInputs(now: now)
    try handOnConfirmed(upTo: ticks)
    return ran
  }

  /// Sends every peer the inputs it has not acknowledged, and a ping twice a second.
  public func sendInputs(now: Double = monotonicSeconds()) {
    let ping = now >= nextPing
    if ping { nextPing = now + 0.5 }
    for seat in link.otherSeats where !left.contains(seat) {
      link.send(.inputs(rollback.message(to: seat)), to: seat)
      if ping { link.send(.ping(stamp: UInt64((now - start) * 1e6)), to: seat) }
    }
    for silent in link.otherSeats
    where silent != 0 && (left.contains(silent) || now - lastHeard[silent] > relayAfter) {
      // This peer's copy of a silent seat's latest inputs, to every other player: what the
      // seat reached this peer with may not have reached them.
      let inputs = rollback.known[silent]
      let first = max(0, inputs.count - InputMessage.maxInputs)
      let copy = InputMessage(
        seat: silent, firstTick: first, inputs: Array(inputs[first...]), received: 0, frame: 0)
      for peer in link.otherSeats where peer != silent && !left.contains(peer) {
        link.send(.inputs(copy), to: peer)
      }
    }
    sendSpectators(now: now)
    takePendingSections()
    if desyncReport == nil { sendSections() }
  }

  /// The host gives a seat that has gone (silent for ``comeBackAfter`` seconds, or said
  /// goodbye) to a player asking to join: a player coming back, from a new address. It is sent
  /// the match so far (four packets of 100 inputs a frame) and, once it holds it all, the
  /// start; the other seats learn its address.
  func welcomeBack(now: Double) {
    guard link.seat == 0 else { return }
    for seat in catchUp.keys.sorted() {
      let (held, end) = (catchUp[seat]!, rollback.confirmedFrame)
      let unheard = link.otherSeats.filter { other in
        other != seat && !left.contains(other) && now - lastHeard[other] <= comeBackAfter
          && !(relayed[seat]?.contains(other) ?? false)
      }
      // It starts once it holds the match so far and every input of its own seat anyone held
      // is in it (confirmed here), so that it plays on after them, not over them.
      if held >= end, unheard.isEmpty, end >= rollback.known[seat].count {
        catchUp[seat] = nil
        link.catchingUp.remove(seat)
        link.sendStart()
        continue
      }
      var first = held
      for _ in 0..<4 where first < end {
        let last = min(end, first + InputMessage.maxInputs)
        link.send(
          .confirmed(
            InputMessage(
              seat: 0, firstTick: first, inputs: (first..<last).map(rollback.confirmedInput),
              received: 0, frame: end)),
          to: seat)
        first = last
      }
    }
    guard let endpoint = link.comingBack.first,
      let seat = link.otherSeats.first(where: {
        catchUp[$0] == nil && (left.contains($0) || now - lastHeard[$0] > comeBackAfter)
      })
    else { return }
    link.rebind(seat: seat, to: endpoint)
    onEvent("player \(seat + 1) is back (\(endpoint)) at tick \(confirmed.tick)")
    left.remove(seat)
    lastHeard[seat] = now
    rollback.acknowledged[seat] = min(rollback.acknowledged[seat], rollback.confirmedFrame)
    catchUp[seat] = 0
    relayed[seat] = []
  }

  /// Seats whose player came back from another address (the host's `start` said): what it
  /// holds of this peer's inputs is what it says from now on, not what it said before.
  func takeChangedSeats() {
    for changed in link.changedSeats {
      rollback.acknowledged[changed] = 0
      lastHeard[changed] = monotonicSeconds()
    }
    link.changedSeats.removeAll()
  }

  /// Whether this peer takes `seat`'s inputs from the player at `sender`: a seat of another
  /// player that has gone silent, or is coming back.
  func isRelayable(_ seat: Int, from sender: Int) -> Bool {
    seat != 0 && seat != sender && seat != link.seat && seat < link.terms.seats
      && (catchUp[seat] != nil || left.contains(seat)
        || monotonicSeconds() - lastHeard[seat] > relayAfter)
  }

  /// The seat whose inputs this peer waits for: of the other seats still in the match, the
  /// one it holds the fewest inputs of (that seat bounds the confirmed ticks), on a tie the
  /// one that said it has run the fewest ticks; nil with no other seat left.
  public var awaitedSeat: Int? {
    link.otherSeats.filter { !left.contains($0) }.min { a, b in
      (rollback.known[a].count, rollback.peerFrames[a], a)
        < (rollback.known[b].count, rollback.peerFrames[b], b)
    }
  }

  /// Whether this peer has run two ticks or more past where the slowest other peer is now
  /// (its last reported frame plus half a round trip).
  var isAhead: Bool {
    let halfTrip = (pingMilliseconds ?? 0) / 2 / (1_000 / 64)
    let others = link.otherSeats.filter { !left.contains($0) }
    guard let slowest = others.map({ rollback.peerFrames[$0] }).min() else { return false }
    return Double(rollback.frame) >= Double(slowest) + halfTrip + 2
  }

  func handOnConfirmed(upTo ticks: Int) throws {
    while confirmed.tick < min(rollback.confirmedFrame, ticks) {
      let input = rollback.confirmedInput(at: confirmed.tick)
      confirmed.step(input)
      try onConfirmed(input, confirmed.state)
    }
  }

  /// The seats not heard from for ``timeout`` seconds.
  public func silentSeats(now: Double = monotonicSeconds()) -> [Int] {
    link.otherSeats.filter { !left.contains($0) && now - lastHeard[$0] > timeout }
  }

  /// The seats gone before the match could end: one that left while this peer still lacks
  /// its inputs up to `ticks`, or one silent for ``timeout`` while either still lacks the
  /// other's. (A peer that has all it needs leaves, and may say goodbye before the others
  /// are done with each other.)
  public func goneSeats(ticks: Int, now: Double = monotonicSeconds()) -> [Int] {
    let lacking = { (seat: Int) in self.rollback.known[seat].count < ticks }
    return left.sorted().filter(lacking)
      + silentSeats(now: now).filter { lacking($0) || rollback.acknowledged[$0] < ticks }
  }

  /// True once every tick up to `ticks` is confirmed here and every peer has all of this
  /// peer's inputs it needs (or has left): nothing more to send.
  public func isFinished(ticks: Int) -> Bool {
    confirmed.tick >= ticks
      && link.otherSeats.allSatisfy { left.contains($0) || rollback.acknowledged[$0] >= ticks }
      && link.spectators.allSatisfy { $0.received >= ticks && $0.before >= ($0.snapshot?.tick ?? 0) }
  }

  /// Says goodbye to every peer (three times: one may be lost).
  public func leave() {
    for _ in 0..<3 {
      for seat in link.otherSeats where !left.contains(seat) { link.send(.bye, to: seat) }
      for index in link.spectators.indices { link.send(.bye, toSpectator: index) }
    }
  }
}

/// How a headless match ended.
public enum MatchEnd: Equatable, Sendable {
  /// Every tick ran and was confirmed on every peer.
  case finished
  /// The peers' state hashes differed at this tick.
  case desync(tick: Int)
  /// A peer left or went silent before the end, at this confirmed tick.
  case peerGone(seat: Int, tick: Int, said: Bool)
  /// The driver asked to stop (a signal), at this confirmed tick; the peers were told.
  case stopped(tick: Int)
}

extension NetplayMatch {
  /// Plays `ticks` ticks, the local seat's input from `input` each frame: at the game's
  /// 64 ticks a second, or with `fast` as fast as the peers' packets allow, until the match
  /// ends or `shouldStop` (asked every frame) says so. Returns how the match ended; the
  /// confirmed ticks went to ``onConfirmed``.
  public func run(
    ticks: Int, fast: Bool = false, shouldStop: () -> Bool = { false },
    input: (G.State) -> TickInput
  ) throws -> MatchEnd {
    let frameSeconds = 1.0 / 64
    var nextFrame = monotonicSeconds()
    while true {
      let now = monotonicSeconds()
      try handOnConfirmed(upTo: ticks)
      if desyncTick != nil, stopsOnDesync {
        finishDesyncReport(within: timeout)
        return .desync(tick: desyncTick!)
      }
      if isFinished(ticks: ticks) { break }
      if shouldStop() {
        leave()
        return .stopped(tick: confirmed.tick)
      }
      if let gone = goneSeats(ticks: ticks, now: now).first {
        return .peerGone(seat: gone, tick: confirmed.tick, said: left.contains(gone))
      }
      if !fast, now < nextFrame {
        receive(waiting: max(1, Int((nextFrame - now) * 1_000)))
        continue
      }
      nextFrame = max(nextFrame + frameSeconds, now - 4 * frameSeconds)
      let ran = try frame(
        localInput: rollback.frame < ticks ? input(rollback.simulation.state) : TickInput(),
        ticks: ticks, sync: !fast, now: now)
      if fast, !ran { receive(waiting: 2) }
    }
    if desyncTick != nil { finishDesyncReport(within: timeout) }
    leave()
    return .finished
  }
}
