import GameCore

/// What the peers of a match agree in their handshake, beside the game, its settings and seed.
public struct NetplayOptions: Equatable, Sendable {
  /// Ticks between a player pressing and the game seeing it (0...16): the more, the fewer
  /// rollbacks, at that many 15.6 ms ticks of latency.
  public var inputDelay: Int
  /// Ticks a peer may run on predicted inputs before it waits (0...32); 0 is plain lockstep.
  public var predictionWindow: Int
  /// Ticks between the state hashes the peers compare (1...65,536).
  public var hashInterval: Int

  /// Input delay 2, prediction window 8, a hash every 64 ticks (one second).
  public init(inputDelay: Int = 2, predictionWindow: Int = 8, hashInterval: Int = 64) {
    self.inputDelay = inputDelay
    self.predictionWindow = predictionWindow
    self.hashInterval = hashInterval
  }

  /// What is wrong with these options, or nil.
  public var problem: String? {
    if !(0...16).contains(inputDelay) { return "the input delay is 0 to 16 ticks" }
    if !(0...32).contains(predictionWindow) { return "the prediction window is 0 to 32 ticks" }
    if !(1...65_536).contains(hashInterval) { return "the hash interval is 1 to 65536 ticks" }
    return nil
  }
}

/// What one peer tells another: its seat's inputs from the first the other lacks, what it has
/// received of the other's, and a state hash to compare.
///
/// Every message repeats every input not yet acknowledged, so a lost message costs nothing
/// once a later one arrives; a message that arrives late, twice or out of order adds nothing
/// new and changes nothing.
public struct InputMessage: Equatable, Sendable {
  /// The sender's seat.
  public var seat: Int
  /// The tick of `inputs[0]`.
  public var firstTick: Int
  /// The sender's inputs for ticks `firstTick ..< firstTick + inputs.count`.
  public var inputs: [TickInput]
  /// The sender holds every input of the receiver's seat before this tick.
  public var received: Int
  /// Ticks the sender has run (for time sync: the peer ahead slows down).
  public var frame: Int
  /// A tick whose state the sender has confirmed, and that state's hash; tick 0 means none.
  public var hashTick: Int
  public var hash: UInt64

  public init(
    seat: Int, firstTick: Int, inputs: [TickInput], received: Int, frame: Int,
    hashTick: Int = 0, hash: UInt64 = 0
  ) {
    (self.seat, self.firstTick, self.inputs) = (seat, firstTick, inputs)
    (self.received, self.frame, self.hashTick, self.hash) = (received, frame, hashTick, hash)
  }

  /// Most inputs one message carries: the oldest unacknowledged ones first.
  public static let maxInputs = 100
}

/// Counts a match reports.
public struct RollbackStatistics: Equatable, Sendable {
  /// Times the game went back to correct a prediction.
  public var rollbacks = 0
  /// The most ticks one rollback went back.
  public var deepestRollback = 0
  /// The ticks the latest rollback went back (0 before the first).
  public var lastRollback = 0
  /// Ticks run again after rollbacks.
  public var resimulatedTicks = 0
  /// Calls to ``RollbackSession/advance(localInput:)`` that ran no tick: the prediction
  /// window was full, waiting for a peer.
  public var waits = 0
  /// How many rollbacks went back each depth (index 1 is one tick back; index 0 unused).
  public var depths = [Int](repeating: 0, count: 34)
  /// Messages that added nothing (late, duplicated or out of order) or were refused.
  public var ignoredMessages = 0

  public init() {}
}

/// One peer's view of a rollback match: the game run ahead on predicted inputs, and run again
/// from a snapshot when a peer's real input differs from what was predicted.
///
/// It knows no sockets and no clock: a driver feeds it the local player's input once a frame
/// (``advance(localInput:)``), the messages that arrived (``receive(_:)``), and sends what
/// ``message(to:)`` says. So it is tested, and fuzzed, without a network: given the same
/// messages, it does the same thing.
///
/// Tick `t` runs on every seat's input for `t`: the local player's input sampled
/// ``NetplayOptions/inputDelay`` ticks earlier, and each peer's, or, until it arrives, the
/// last one that peer sent (a player mostly holds what they held). A snapshot is kept of
/// every tick the prediction window spans, and a correction rolls the game back to the first
/// tick it changes. The ticks, their inputs and snapshots are a ``TickTimeline``, the engine's
/// one way to go back and run again.
public final class RollbackSession<G: Game> {
  /// The game, at tick ``frame``.
  public var simulation: Simulation<G> { timeline.simulation }
  public let seats: Seats
  public let localSeat: Int
  public let options: NetplayOptions
  /// Ticks run (the game's state is the state after this many ticks).
  public var frame: Int { timeline.tick }
  public private(set) var statistics = RollbackStatistics()
  /// The first tick whose state hash differs from a peer's, if any.
  public private(set) var desyncTick: Int?

  /// Each seat's inputs known for certain, from tick 0 with no gap.
  var known: [[TickInput]]
  /// Per seat: how many of the local seat's inputs it acknowledged.
  var acknowledged: [Int]
  /// Per seat: the most ticks it said it had run.
  public private(set) var peerFrames: [Int]
  /// Every tick run, the merged input it ran on, and a snapshot of each tick the prediction
  /// window spans.
  let timeline: TickTimeline<G>
  /// The first tick whose prediction proved wrong, to roll back to.
  var rollbackTo: Int?
  /// Hashes of confirmed ticks, ours (the latest few) and the peers' not yet compared.
  var ourHashes: [(tick: Int, hash: UInt64)] = []
  var theirHashes: [(tick: Int, hash: UInt64)] = []
  /// The states of the hashed ticks in ``ourHashes``: a desync report describes one.
  var hashedStates: [(tick: Int, state: G.State)] = []
  var nextHashTick: Int

  /// A match of `seats` from `seed` and `settings`, this peer playing `localSeat`.
  public init(
    seed: UInt64, settings: G.Settings, seats: Seats, localSeat: Int,
    options: NetplayOptions = NetplayOptions()
  ) {
    precondition((0..<seats.count).contains(localSeat), "seat \(localSeat) of \(seats.count)")
    precondition(options.problem == nil, options.problem ?? "")
    timeline = TickTimeline(
      start: G.initialState(seed: seed, settings: settings), interval: 1,
      capacity: options.predictionWindow + 2)
    self.seats = seats
    self.localSeat = localSeat
    self.options = options
    known = Array(repeating: [], count: seats.count)
    // The first ticks, before any input could arrive, hold nothing on every seat.
    for seat in 0..<seats.count {
      known[seat] = Array(repeating: TickInput(), count: options.inputDelay)
    }
    acknowledged = Array(repeating: 0, count: seats.count)
    peerFrames = Array(repeating: 0, count: seats.count)
    nextHashTick = options.hashInterval
  }

  /// Starts this peer again from the match so far (every seat's confirmed inputs, merged,
  /// from the first tick): a player coming back to a match under way. Runs to the input
  /// delay short of its end, so the next local input is the one ``advance(localInput:)``
  /// takes for the tick after it.
  public func resume(from matchSoFar: [TickInput]) {
    precondition(frame == 0, "a peer resumes before it has run a tick")
    guard matchSoFar.count > options.inputDelay else { return }
    for seat in 0..<seats.count { known[seat] = matchSoFar.map { seats.owned($0, by: seat) } }
    while frame < matchSoFar.count - options.inputDelay { step() }
    nextHashTick = (frame / options.hashInterval + 1) * options.hashInterval
  }

  /// Every tick before this one has every seat's real input.
  public var confirmedFrame: Int { known.lazy.map(\.count).min() ?? 0 }

  /// Seat `seat`'s input for tick `tick`, known or predicted.
  func input(of seat: Int, at tick: Int) -> TickInput {
    let inputs = known[seat]
    return tick < inputs.count ? inputs[tick] : inputs.last ?? TickInput()
  }

  /// Tick `tick`'s confirmed input, every seat merged: what the match's replay records.
  public func confirmedInput(at tick: Int) -> TickInput {
    precondition(tick < confirmedFrame, "tick \(tick) is not confirmed")
    return seats.merged((0..<seats.count).lazy.map { self.known[$0][tick] })
  }

  /// Takes the local player's input (for tick ``frame`` plus the input delay), corrects any
  /// prediction that proved wrong, then runs one tick unless the prediction window is full.
  /// Returns whether a tick ran.
  @discardableResult
  public func advance(localInput: TickInput) -> Bool {
    if known[localSeat].count == frame + options.inputDelay {
      known[localSeat].append(seats.owned(localInput, by: localSeat))
    }
    rollBackIfNeeded()
    guard frame < confirmedFrame + options.predictionWindow else {
      statistics.waits += 1
      checkHashes()
      return false
    }
    step()
    checkHashes()
    return true
  }

  /// Makes any correction that messages since made due, and compares hashes, without
  /// running a tick: for a peer that has run every tick of its match and waits for the rest
  /// to be confirmed.
  public func settle() {
    rollBackIfNeeded()
    checkHashes()
  }

  /// Runs tick ``frame`` on the best inputs known (the timeline keeps the input and the
  /// state after it).
  func step() {
    let frame = self.frame
    timeline.step(seats.merged((0..<seats.count).lazy.map { self.input(of: $0, at: frame) }))
  }

  /// The merged input tick `tick` ran on.
  func ranOn(_ tick: Int) -> TickInput { timeline.input(at: tick + 1) }

  func rollBackIfNeeded() {
    guard let tick = rollbackTo else { return }
    precondition(tick >= timeline.oldest, "a correction beyond the prediction window")
    rollbackTo = nil
    let end = frame
    timeline.seek(to: tick)
    while frame < end { step() }
    let depth = end - tick
    statistics.rollbacks += 1
    statistics.deepestRollback = max(statistics.deepestRollback, depth)
    statistics.lastRollback = depth
    statistics.resimulatedTicks += depth
    statistics.depths[min(depth, statistics.depths.count - 1)] += 1
  }

  /// Takes a peer's message: new inputs (a rollback is due if one differs from the
  /// prediction a tick ran on), what it received of ours, and its hash.
  public func receive(_ message: InputMessage) {
    let seat = message.seat
    guard seat != localSeat, (0..<seats.count).contains(seat), message.firstTick >= 0,
      message.inputs.count <= InputMessage.maxInputs, message.received >= 0
    else {
      statistics.ignoredMessages += 1
      return
    }
    let have = known[seat].count
    peerFrames[seat] = max(peerFrames[seat], min(message.frame, have + InputMessage.maxInputs))
    acknowledged[seat] = max(acknowledged[seat], min(message.received, known[localSeat].count))
    if message.hashTick > 0, message.hashTick <= frame + InputMessage.maxInputs {
      compare(message.hashTick, message.hash)
    }
    // Only inputs that extend what is known, with no gap: a later message repeats the rest.
    guard message.firstTick <= have, message.firstTick + message.inputs.count > have else {
      statistics.ignoredMessages += 1
      return
    }
    for tick in have..<(message.firstTick + message.inputs.count) {
      let real = seats.owned(message.inputs[tick - message.firstTick], by: seat)
      if tick < frame, seats.owned(ranOn(tick), by: seat) != real {
        rollbackTo = min(rollbackTo ?? tick, tick)
      }
      known[seat].append(real)
    }
  }

  /// What to send seat `seat` now: our inputs it has not acknowledged, and our latest hash.
  public func message(to seat: Int) -> InputMessage {
    let first = acknowledged[seat]
    let end = min(known[localSeat].count, first + InputMessage.maxInputs)
    let latest = ourHashes.last
    return InputMessage(
      seat: localSeat, firstTick: first, inputs: Array(known[localSeat][first..<end]),
      received: known[seat].count, frame: frame, hashTick: latest?.tick ?? 0,
      hash: latest?.hash ?? 0)
  }

  /// Records the hash of each confirmed tick on the interval (its state is final: every
  /// input before it is real and every correction made) and compares it with the peers'.
  func checkHashes() {
    while nextHashTick <= min(confirmedFrame, frame), rollbackTo == nil {
      let tick = nextHashTick
      let state: G.State
      if tick == frame {
        state = simulation.state
      } else if let snapshot = timeline.snapshot(at: tick) {
        state = snapshot
      } else {
        break  // cannot happen: a tick is confirmed within the window it ran in
      }
      let hash = state.stableHash
      ourHashes.append((tick, hash))
      hashedStates.append((tick, state))
      if ourHashes.count > 8 {
        ourHashes.removeFirst()
        hashedStates.removeFirst()
      }
      nextHashTick += options.hashInterval
      theirHashes.removeAll { theirs in
        guard theirs.tick == tick else { return theirs.tick < tick - 8 * options.hashInterval }
        if theirs.hash != hash, desyncTick == nil { desyncTick = tick }
        return true
      }
    }
  }

  /// The state of a recently hashed tick (the last eight), for a desync report.
  public func hashedState(at tick: Int) -> G.State? {
    hashedStates.last { $0.tick == tick }?.state
  }

  func compare(_ tick: Int, _ hash: UInt64) {
    if let ours = ourHashes.first(where: { $0.tick == tick }) {
      if ours.hash != hash, desyncTick == nil { desyncTick = tick }
    } else if tick >= nextHashTick,
      !theirHashes.contains(where: { $0.tick == tick && $0.hash == hash })
    {
      theirHashes.append((tick, hash))
      if theirHashes.count > 64 { theirHashes.removeFirst() }
    }
  }
}
