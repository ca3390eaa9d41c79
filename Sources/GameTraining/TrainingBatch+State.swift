import GameCore
import GameFiles

/// One environment's whole state as bytes, and its episode as a replay file.
///
/// The bytes are the episode's replay (the engine's replay format: seed, settings, every
/// input, hashes) inside a small envelope with what the batch adds to the game (steps taken,
/// the seeds of later episodes), all under a CRC-32. Restoring replays the episode and
/// checks every hash, so the restored state is the saved one bit for bit; saving and
/// restoring cost one replay of the episode so far, at the game's raw tick rate.
///
/// Envelope, version 1 (integers little-endian, varints LEB128): `SENV`, u16 version, u8
/// players, u16 action repeat, varint steps, varint ticks of the last step, u8 ended, u64
/// seed stream, varint replay length, the replay, u32 CRC-32 of everything before it.
extension TrainingBatch {
  /// The envelope's magic and version.
  public static var stateMagic: [UInt8] { Array("SENV".utf8) }
  public static var stateVersion: UInt16 { 1 }

  /// Environment `index`'s state as bytes that ``loadState(_:from:)`` restores.
  public func saveState(_ index: Int) throws(TrainingError) -> [UInt8] {
    let replay = MemoryReplaySink()
    _ = try record(index, to: replay)
    return Self.stateBytes(
      episode: episodes[index], players: players, actionRepeat: actionRepeat,
      replay: replay.bytes)
  }

  /// The envelope around an episode's `replay`.
  static func stateBytes(
    episode: TrainingEpisode, players: Int, actionRepeat: Int, replay: [UInt8]
  ) -> [UInt8] {
    var writer = ByteWriter()
    writer.append(stateMagic)
    writer.u16(stateVersion)
    writer.u8(UInt8(players))
    writer.u16(UInt16(actionRepeat))
    writer.varint(episode.steps)
    writer.varint(episode.lastTicks)
    writer.u8(episode.hasEnded ? 1 : 0)
    writer.u64(episode.seeds.state)
    writer.varint(replay.count)
    writer.append(replay)
    writer.u32(CRC32.checksum(writer.bytes[...]))
    return writer.bytes
  }

  /// Writes environment `index`'s episode so far as a replay file at `path` through
  /// ``OutputFile`` (an exclusive temporary renamed when complete; a device or pipe written
  /// in place, a folder refused) and returns its final hash.
  @discardableResult
  public func record(_ index: Int, path: String) throws(TrainingError) -> UInt64 {
    let sink = MemoryReplaySink()
    let hash = try record(index, to: sink)
    do {
      let file = try OutputFile(path: path)
      do {
        try file.write(sink.bytes)
        try file.commit()
      } catch {
        file.discard()
        throw error
      }
    } catch {
      throw .recordFailed("\(error)")
    }
    return hash
  }

  /// Replays environment `index`'s episode from its seed into `sink`.
  func record(_ index: Int, to sink: any ReplaySink) throws(TrainingError) -> UInt64 {
    try check(index)
    guard keepsHistory else { throw .noHistory }
    return try Self.record(
      episode: episodes[index], inputs: inputs(index), ending: states[index],
      settings: settings, players: players, actionRepeat: actionRepeat, to: sink)
  }

  /// Replays an episode (its seed, then one input a step) into `sink`, checking that it
  /// ends on `ending`, and returns the final hash: for a batch's environment or a snapshot.
  static func record(
    episode: TrainingEpisode, inputs: [TickInput], ending: G.State, settings: G.Settings,
    players: Int, actionRepeat: Int, to sink: any ReplaySink
  ) throws(TrainingError) -> UInt64 {
    let game = G()
    let header = ReplayHeader(game: G.self, seed: episode.seed, settings: settings)
    var state = G.initialState(seed: episode.seed, settings: settings)
    do {
      let recorder = try ReplayRecorder(header: header, sink: sink)
      func tick(_ input: TickInput) throws {
        _ = game.reduce(into: &state, action: .tick(input), environment: ())
        try recorder.record(input, after: state)
      }
      for input in G.startInputs(players: players) { try tick(input) }
      for (step, input) in inputs.enumerated() {
        let ticks = step == inputs.count - 1 ? episode.lastTicks : actionRepeat
        for _ in 0..<ticks { try tick(input) }
      }
      guard state == ending else {
        throw TrainingError.recordFailed(
          "the episode replayed to another state: \(G.id)'s rules are not deterministic")
      }
      return try recorder.finish(state: state)
    } catch let error as TrainingError {
      throw error
    } catch {
      throw .recordFailed("\(error)")
    }
  }
}
