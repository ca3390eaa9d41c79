// libFuzzer harness for restoring an environment's saved state (TrainingBatch.loadState) through
// Pong and Blocks (compiled with the engine's and the games' sources into one module by
// Fuzz/build-fuzzer, run by Fuzz/fuzz-states). Any trap, sanitizer report or leak is a bug: every
// input must be restored or refused with a TrainingError, and a restored state must save back
// to the same bytes (one canonical encoding) and step on.
//
// Each input is tried three ways: as the whole blob; as the replay inside a valid envelope
// (its CRC recomputed, so random bytes reach the replay reader and the player); and as a valid
// blob with the input XORed over it (small, realistic damage).

let pong = try! TrainingBatch<Pong>(count: 1, configuration: .init(actionRepeat: 2))
let blocks = try! TrainingBatch<Blocks>(count: 1, configuration: .init(players: 2))

/// A valid saved state of `batch` after `steps` steps of cycling actions.
func saved<G: TrainableGame>(_ batch: TrainingBatch<G>, steps: Int) -> [UInt8] {
  var observations = [Float](repeating: 0, count: G.featureCount * batch.agentCount)
  var rewards = [Float](repeating: 0, count: batch.agentCount)
  var flags = [UInt8](repeating: 0, count: 2)
  observations.withUnsafeMutableBufferPointer { o in
    rewards.withUnsafeMutableBufferPointer { r in
      flags.withUnsafeMutableBufferPointer { f in
        let buffers = TrainingBuffers(
          observations: o.baseAddress!, rewards: r.baseAddress!, terminated: f.baseAddress!,
          truncated: f.baseAddress! + 1)
        var seed: UInt64 = 5
        batch.reset(seeds: &seed, buffers: buffers, workers: nil)
        for step in 0..<steps {
          let actions = (0..<batch.agentCount).map { Int32((step + $0) % batch.actionCounts[$0]) }
          try! batch.step(actions: actions, buffers: buffers, workers: nil)
        }
      }
    }
  }
  return try! batch.saveState(0)
}

let pongState = saved(pong, steps: 90)
let blocksState = saved(blocks, steps: 90)

/// `blob`'s envelope around `replay` instead of its own, with a valid CRC.
func rewrapped(_ blob: [UInt8], replay: [UInt8]) -> [UInt8] {
  var reader = ByteReader(blob, from: 4, end: blob.count - 4)
  _ = try? reader.u16()
  _ = try? reader.u8()
  _ = try? reader.u16()
  _ = try? reader.varint("", limit: .max)
  _ = try? reader.varint("", limit: .max)
  _ = try? reader.u8()
  _ = try? reader.u64()
  var writer = ByteWriter()
  writer.append(Array(blob[..<reader.offset]))
  writer.varint(replay.count)
  writer.append(replay)
  writer.u32(CRC32.checksum(writer.bytes[...]))
  return writer.bytes
}

func restore<G: TrainableGame>(_ bytes: [UInt8], into batch: TrainingBatch<G>) {
  do {
    try batch.loadState(0, from: bytes)
  } catch {
    _ = error.description
    return
  }
  precondition((try? batch.saveState(0)) == bytes, "a restored state saves to other bytes")
}

/// The harness run by `FUZZ_TARGET=states` (FuzzTarget.swift).
func fuzzStateRestore(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = Array(UnsafeBufferPointer(start: data, count: size))
  for (batchIsPong, valid) in [(true, pongState), (false, blocksState)] {
    var damaged = valid
    for (index, byte) in raw.enumerated() { damaged[index % damaged.count] ^= byte }
    for bytes in [raw, rewrapped(valid, replay: raw), damaged] {
      if batchIsPong { restore(bytes, into: pong) } else { restore(bytes, into: blocks) }
    }
  }
  return 0
}
