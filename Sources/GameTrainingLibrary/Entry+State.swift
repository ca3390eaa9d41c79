import GameCore
import GameTraining

// One environment of a batch: its observation, hash, saved state and replay.

/// Writes environment `index`'s observation (`[players][features]`, `count` floats) at
/// `observations`: after a restore, the caller's view of it.
@c public func lockstep_observe(
  _ handle: Int64, _ index: Int64, _ observations: UnsafeMutablePointer<Float>?, _ count: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, "observe", errorOut, errorCapacity) { h in
    let needed = Int64(h.batch.agentCount * h.batch.observationLength)
    guard let observations, count == needed else {
      throw TrainingError.badBuffer(
        name: "observation", reason: "\(count) floats, \(needed) expected")
    }
    try h.batch.observation(Int(clamping: index), into: observations)
  }
}

/// Stores environment `index`'s stable state hash in `hashOut`.
@c public func lockstep_state_hash(
  _ handle: Int64, _ index: Int64, _ hashOut: UnsafeMutablePointer<UInt64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, "state_hash", errorOut, errorCapacity) { h in
    let hashOut = try required(hashOut, "hash")
    hashOut.pointee = try h.batch.stateHash(Int(clamping: index))
  }
}

/// Saves environment `index`'s state inside the handle and stores its length in
/// `lengthOut`; `lockstep_take_saved` copies it out.
@c public func lockstep_save_state(
  _ handle: Int64, _ index: Int64, _ lengthOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, "save_state", errorOut, errorCapacity) { h in
    let lengthOut = try required(lengthOut, "length")
    h.saved = try h.batch.saveState(Int(clamping: index))
    lengthOut.pointee = Int64(h.saved.count)
  }
}

/// Copies the state the last `lockstep_save_state` made into `bytes` (`capacity` at least its
/// length) and forgets it.
@c public func lockstep_take_saved(
  _ handle: Int64, _ bytes: UnsafeMutablePointer<UInt8>?, _ capacity: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    guard let bytes, capacity >= Int64(h.saved.count) else {
      throw Refusal(.bufferTooSmall, "the state needs \(h.saved.count) bytes")
    }
    h.saved.withUnsafeBufferPointer { bytes.update(from: $0.baseAddress!, count: $0.count) }
    h.saved = []
  }
}

/// Restores environment `index` from `length` bytes a save made (any batch of the same
/// game, agents, action repeat and settings). Damaged or foreign bytes are refused
/// (`badState`) and change nothing.
@c public func lockstep_load_state(
  _ handle: Int64, _ index: Int64, _ bytes: UnsafePointer<UInt8>?, _ length: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, nil, errorOut, errorCapacity) { h in
    let limit = ReplayLimits.default.maxBytes
    guard let bytes, length >= 0, length <= Int64(limit) else {
      throw Refusal(
        .badArgument, "the state bytes must be a non-null buffer of 0...\(limit) bytes")
    }
    let saved = Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
    try h.batch.loadState(Int(clamping: index), from: saved)
    writeRestored(h, Int(clamping: index))
  }
}

/// Writes environment `index`'s episode so far as a replay file at `path` and stores its
/// final state hash in `hashOut` (may be null): `GameApp replay --verify PATH` checks it.
@c public func lockstep_record(
  _ handle: Int64, _ index: Int64, _ path: UnsafePointer<CChar>?,
  _ hashOut: UnsafeMutablePointer<UInt64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, "record", errorOut, errorCapacity) { h in
    guard let path, path.pointee != 0 else {
      throw Refusal(.badArgument, "the replay path must not be empty")
    }
    let hash = try h.batch.record(Int(clamping: index), path: String(cString: path))
    hashOut?.pointee = hash
  }
}
