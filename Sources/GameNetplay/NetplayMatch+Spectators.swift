import GameCore

extension NetplayMatch {
  /// Sends each spectator what it lacks, up to four packets a frame: one who comes more than
  /// ``snapshotAfter`` ticks into the match first gets a snapshot of the confirmed state
  /// (when the game's state has a byte form), then the confirmed inputs since; the others
  /// every confirmed input from the first tick, 400 ticks a frame. A recording spectator
  /// who started from a snapshot also gets the inputs before it, two packets a frame.
  /// Drops one silent for ``timeout``.
  func sendSpectators(now: Double) {
    for index in link.spectators.indices.reversed()
    where now - link.spectators[index].heard > timeout {
      link.drop(spectator: index)
    }
    for index in link.spectators.indices {
      let spectator = link.spectators[index]
      if spectator.snapshot == nil, spectator.received == 0, confirmed.tick > snapshotAfter,
        let snapshot = NetplaySnapshot(of: confirmed)
      {
        link.give(snapshot, toSpectator: index)
      }
      guard let snapshot = link.spectators[index].snapshot else {
        sendConfirmed(from: spectator.received, to: confirmed.tick, packets: 4, spectator: index)
        continue
      }
      if spectator.received < snapshot.tick {
        link.sendSnapshot(toSpectator: index, parts: 4)
        continue
      }
      sendConfirmed(from: spectator.received, to: confirmed.tick, packets: 4, spectator: index)
      if spectator.before < snapshot.tick {
        sendConfirmed(from: spectator.before, to: snapshot.tick, packets: 2, spectator: index)
      }
    }
  }

  /// Sends spectator `index` the confirmed inputs from `first` toward `end`, in at most
  /// `packets` packets (one, empty, when it holds them all: the host's frame and hash).
  func sendConfirmed(from first: Int, to end: Int, packets: Int, spectator index: Int) {
    let latest = rollback.ourHashes.last
    var first = min(first, end)
    for _ in 0..<packets {
      let last = min(end, first + InputMessage.maxInputs)
      link.send(
        .confirmed(
          InputMessage(
            seat: 0, firstTick: first, inputs: (first..<last).map(rollback.confirmedInput),
            received: 0, frame: confirmed.tick, hashTick: latest?.tick ?? 0,
            hash: latest?.hash ?? 0)),
        toSpectator: index)
      first = last
      if first == end { break }
    }
  }
}
