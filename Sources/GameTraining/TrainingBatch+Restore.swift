import GameCore

/// Restoring one environment from the bytes ``TrainingBatch/saveState(_:)`` wrote.
extension TrainingBatch {
  /// Replaces environment `index`'s state and episode with the saved ones.
  ///
  /// The bytes are hostile until proven otherwise: the envelope's CRC, magic and version,
  /// then the replay inside it (the replay reader's own checks, the game's id and rules
  /// version, every recorded hash), then that it was saved by a batch like this one (agents,
  /// action repeat, settings). Nothing changes unless all of it holds. A batch of one
  /// environment may step right after a restore, with no reset.
  ///
  /// - Throws: ``TrainingError/badState(_:)`` naming the first thing wrong.
  public func loadState(_ index: Int, from bytes: [UInt8]) throws(TrainingError) {
    guard (0..<count).contains(index) else { throw .badIndex(index, count: count) }
    guard bytes.count >= 4 + 2 + 4, Array(bytes[0..<4]) == Self.stateMagic else {
      throw .badState("not a saved environment state (no SENV header)")
    }
    let body = bytes[..<(bytes.count - 4)]
    var tail = ByteReader(bytes, from: bytes.count - 4)
    guard let stored = try? tail.u32(), stored == CRC32.checksum(body) else {
      throw .badState("the bytes are damaged (checksum mismatch)")
    }
    var reader = ByteReader(bytes, from: 4, end: bytes.count - 4)
    let saved: (players: Int, repeats: Int, steps: Int, lastTicks: Int, ended: Bool)
    let seedState: UInt64
    let replay: [UInt8]
    do {
      let version = try reader.u16()
      guard version == Self.stateVersion else {
        throw TrainingError.badState(
          "state format version \(version); this build reads version \(Self.stateVersion)")
      }
      saved.players = Int(try reader.u8())
      saved.repeats = Int(try reader.u16())
      saved.steps = try reader.varint("steps", limit: Int(Int32.max))
      saved.lastTicks = try reader.varint(
        "last ticks", limit: TrainingConfiguration.maxActionRepeat)
      let ended = try reader.u8()
      guard ended <= 1 else { throw TrainingError.badState("bad ended flag \(ended)") }
      saved.ended = ended == 1
      seedState = try reader.u64()
      let length = try reader.varint("replay length", limit: reader.remaining)
      replay = Array(try reader.take(length))
      guard reader.isAtEnd else { throw TrainingError.badState("bytes after the replay") }
    } catch let error as TrainingError {
      throw error
    } catch {
      throw .badState("\(error)")
    }
    guard saved.players == players else {
      throw .badState("it was saved with \(saved.players) agents; this batch has \(players)")
    }
    guard saved.repeats == actionRepeat else {
      throw .badState(
        "it was saved with action repeat \(saved.repeats); this batch has \(actionRepeat)")
    }
    let restored: G.State
    let inputs: [TickInput]
    let header: ReplayHeader
    do {
      let outcome = try ReplayPlayer<Simulation<G>>.play(replay, verify: true)
      guard outcome.verified else {
        throw TrainingError.badState(
          "its replay does not verify: \(outcome.desync.map { "\($0)" } ?? "no hashes")")
      }
      restored = outcome.simulation.state
      header = outcome.header
      inputs = try Self.stepInputs(
        replay, start: startInputs, steps: saved.steps, lastTicks: saved.lastTicks,
        repeats: actionRepeat)
    } catch let error as TrainingError {
      throw error
    } catch {
      throw .badState("\(error)")
    }
    guard header.settings == settings.encoded else {
      throw .badState("it was saved under other settings of \(G.id)")
    }
    states[index] = restored
    episodes[index].seed = header.seed
    episodes[index].seeds = SplitMix64(rawState: seedState)
    episodes[index].steps = saved.steps
    episodes[index].lastTicks = saved.lastTicks
    episodes[index].hasEnded = saved.ended
    logs[index].replace(with: inputs)
    journal.begin(index)
    recount(index)
    // A batch of one is all restored: it may step without a reset.
    if count == 1 { isReset = true }
  }

  /// Each step's input from a replay's ticks: the start inputs, then `steps` steps of
  /// `repeats` ticks each (the last one `lastTicks`), every tick of a step the same input.
  static func stepInputs(
    _ replay: [UInt8], start: [TickInput], steps: Int, lastTicks: Int, repeats: Int
  ) throws -> [TickInput] {
    guard steps == 0 ? lastTicks == 0 : (1...repeats).contains(lastTicks) else {
      throw TrainingError.badState("\(lastTicks) ticks in the last of \(steps) steps")
    }
    var reader = try ReplayReader(bytes: replay)
    var inputs: [TickInput] = []
    var tick = 0
    let expected = start.count + (steps == 0 ? 0 : (steps - 1) * repeats + lastTicks)
    while let chunk = try reader.nextChunk() {
      for run in chunk.runs {
        for _ in 0..<run.length {
          guard tick < expected else {
            throw TrainingError.badState("its replay is longer than \(steps) steps")
          }
          if tick < start.count {
            guard run.input == start[tick] else {
              throw TrainingError.badState("its replay does not begin with the start inputs")
            }
          } else if (tick - start.count) % repeats == 0 {
            inputs.append(run.input)
          } else if run.input != inputs[inputs.count - 1] {
            throw TrainingError.badState("an input changes inside a step at tick \(tick + 1)")
          }
          tick += 1
        }
      }
    }
    guard tick == expected else {
      throw TrainingError.badState("its replay has \(tick) ticks, \(expected) expected")
    }
    return inputs
  }
}
