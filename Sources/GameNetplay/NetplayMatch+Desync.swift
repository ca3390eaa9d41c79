import GameCore

/// After a desync: the peers trade their section hashes of the differing tick, and each
/// builds its ``NetplayDesyncReport``.
extension NetplayMatch {
  /// The first tick whose state differs between this peer and another: the tick of the
  /// desync report once there is one (both peers' name the same), else the first hashed
  /// tick that differed here.
  public var desyncTick: Int? { desyncReport?.tick ?? reportTick ?? rollback.desyncTick }

  /// Sends every peer the section hashes of this peer's state at the desync's tick.
  func sendSections(to seats: [Int]? = nil) {
    guard let tick = reportTick ?? rollback.desyncTick, let state = rollback.hashedState(at: tick)
    else { return }
    let hashes = state.hashSections.map(\.hash)
    let complete = desyncReport?.sectionsArrived == true
    for seat in seats ?? link.otherSeats where !left.contains(seat) {
      link.send(.sections(tick: tick, complete: complete, hashes: hashes), to: seat)
    }
  }

  /// Another peer's section hashes at `tick`: when this peer's state of that tick differs
  /// from it, the report names that tick (the earliest such), and a sender that lacks its
  /// report (`answer`) gets this peer's hashes of the same tick, so that both reports name
  /// one tick and the same sections.
  func takeSections(tick: Int, hashes: [UInt64], from seat: Int, answer: Bool) {
    guard let state = rollback.hashedState(at: tick) else {
      if tick > (rollback.ourHashes.last?.tick ?? 0) {
        pendingSections.removeAll { $0.seat == seat }
        pendingSections.append((seat, tick, hashes, answer))
      }
      return
    }
    let report = NetplayDesyncReport.compare(
      state, tick: tick, seat: link.seat, with: hashes, of: seat)
    // A peer that agrees with this one at that tick: the desync is between others.
    guard !report.sections.isEmpty else { return }
    if (desyncReport.map { tick < $0.tick } ?? true) || desyncReport?.sectionsArrived == false {
      desyncReport = report
      reportTick = tick
    }
    if answer { sendSections(to: [seat]) }
  }

  /// Takes the pending section hashes whose tick this peer has hashed since (and forgets
  /// those it has passed without hashing: it hashes only the ticks on the interval).
  func takePendingSections() {
    guard !pendingSections.isEmpty else { return }
    let hashed = rollback.ourHashes.last?.tick ?? 0
    let due = pendingSections.filter { $0.tick <= hashed }
    pendingSections.removeAll { $0.tick <= hashed }
    for (seat, tick, hashes, answer) in due {
      takeSections(tick: tick, hashes: hashes, from: seat, answer: answer)
    }
  }

  /// After a desync, one frame of a driver that runs no more ticks (a window showing the
  /// end): this peer's inputs (a peer behind may still need them to reach the tick) and,
  /// while it lacks its report, its section hashes out; packets in (waiting up to
  /// `milliseconds` for the first).
  public func exchangeSections(waiting milliseconds: Int = 0) {
    sendInputs()
    receive(waiting: milliseconds)
  }

  /// After a desync: exchanges section hashes until this peer's report is built, every other
  /// peer has left, or `seconds` pass (then the report names the tick only), and sends this
  /// peer's hashes a last few times for a peer still waiting for them.
  public func finishDesyncReport(within seconds: Double) {
    guard let tick = desyncTick else { return }
    takePendingSections()
    let deadline = monotonicSeconds() + seconds
    while desyncReport == nil, monotonicSeconds() < deadline,
      !link.otherSeats.allSatisfy(left.contains)
    {
      exchangeSections(waiting: 10)
    }
    if desyncReport == nil {
      desyncReport = .without(
        rollback.hashedState(at: tick), tick: tick, seat: link.seat,
        otherSeat: link.otherSeats.first ?? 0)
    }
    for _ in 0..<3 { sendSections() }
  }
}
