import GameCore

/// A match's state after one confirmed tick as bytes (``StateBytes``), with its hash: what a
/// spectator who comes late starts from, sent in parts of ``NetPacket/snapshotPart`` bytes.
public struct NetplaySnapshot: Equatable, Sendable {
  /// The ticks run before it: the state's own tick.
  public var tick: Int
  /// The state's hash, which the spectator checks the decoded state against.
  public var hash: UInt64
  public var bytes: [UInt8]

  public init(tick: Int, hash: UInt64, bytes: [UInt8]) {
    (self.tick, self.hash, self.bytes) = (tick, hash, bytes)
  }

  /// The state `simulation` is in; nil when the game's state has no byte form or takes more
  /// than ``NetPacket/maxSnapshot`` bytes (the spectator is sent every input instead).
  public init?<G: Game>(of simulation: Simulation<G>) {
    guard let bytes = try? StateBytes.encode(simulation.state), bytes.count <= NetPacket.maxSnapshot
    else { return nil }
    self.init(tick: simulation.tick, hash: simulation.hash, bytes: bytes)
  }

  /// The state these bytes encode, checked: it decodes, it is after ``tick`` ticks, and its
  /// hash is ``hash``.
  public func state<G: Game>(of _: G.Type) throws(NetError) -> G.State {
    let state: G.State
    do {
      state = try StateBytes.decode(G.State.self, from: bytes)
    } catch {
      throw NetError("the host's snapshot of tick \(tick) does not decode: \(error)")
    }
    guard state.tick == tick, state.stableHash == hash else {
      throw NetError("the host's snapshot of tick \(tick) is not the state its hash names")
    }
    return state
  }
}

/// A snapshot's parts as they arrive, in any order, each once.
struct SnapshotParts {
  let tick: Int
  let hash: UInt64
  var bytes: [UInt8]
  var have: [Bool]
  var missing: Int

  init(tick: Int, hash: UInt64, size: Int) {
    (self.tick, self.hash) = (tick, hash)
    bytes = Array(repeating: 0, count: size)
    missing = max(1, (size + NetPacket.snapshotPart - 1) / NetPacket.snapshotPart)
    have = Array(repeating: false, count: missing)
  }

  /// Takes the part at `offset` (a packet's, whose size and bounds ``NetPacket`` checked);
  /// the whole snapshot once the last part is in.
  mutating func take(offset: Int, _ part: [UInt8]) -> NetplaySnapshot? {
    let index = offset / NetPacket.snapshotPart
    guard index < have.count, offset + part.count <= bytes.count else { return nil }
    if !have[index] {
      have[index] = true
      missing -= 1
      bytes.replaceSubrange(offset..<offset + part.count, with: part)
    }
    return missing == 0 ? NetplaySnapshot(tick: tick, hash: hash, bytes: bytes) : nil
  }
}
