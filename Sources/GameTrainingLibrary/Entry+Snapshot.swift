import GameCore
import GameTraining

// Snapshots: one environment copied out and back inside the library, for planning and
// search (thousands of restores from deep states), where saved bytes would cost a replay of
// the episode each time. A snapshot is a number in a table; nothing the caller hands back
// is decoded.

/// Copies environment `index` (its state, episode, scores and inputs) into a snapshot the
/// library keeps, and stores its number in `snapshotOut`. The caller frees it with
/// `lockstep_snapshot_free`; it outlives the handle it came from.
@c public func lockstep_snapshot(
  _ handle: Int64, _ index: Int64, _ snapshotOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  handleTable.call(handle, "snapshot", errorOut, errorCapacity) { h in
    let snapshotOut = try required(snapshotOut, "snapshot")
    let snapshot = try h.batch.erasedSnapshot(Int(clamping: index))
    snapshotOut.pointee = snapshotTable.insert(snapshot)
  }
}

/// Restores environment `index` from snapshot `snapshot` (taken from any batch of the same
/// game, agents, action repeat, settings and history setting; `badState` otherwise, and
/// nothing changes). The snapshot stays, to be restored again. A freed or unknown snapshot
/// is `badHandle`.
@c public func lockstep_restore(
  _ handle: Int64, _ index: Int64, _ snapshot: Int64,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  snapshotTable.with(snapshot, errorOut, errorCapacity) { entry in
    handleTable.call(handle, nil, errorOut, errorCapacity) { h in
      try h.batch.restore(Int(clamping: index), from: entry.snapshot)
      writeRestored(h, Int(clamping: index))
    }
  }
}

/// Frees snapshot `snapshot`. Freeing a freed snapshot is fine; a number the library never
/// gave out is `badHandle`.
@c public func lockstep_snapshot_free(
  _ snapshot: Int64, _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  guard snapshotTable.remove(snapshot) else {
    return fail(
      .badHandle, "snapshot \(snapshot) is not one this library gave out", errorOut, errorCapacity)
  }
  return Status.ok.rawValue
}

/// Writes the bytes `lockstep_save_state` would have given when snapshot `snapshot` was taken
/// into `bytes` (`capacity` of them) and stores their length in `lengthOut`. When `bytes` is
/// null or too small it answers `bufferTooSmall` with the length, and keeps the bytes made
/// (a replay of the episode) for the next call. A snapshot of a batch that keeps no history
/// has none (`badOrder`).
@c public func lockstep_snapshot_save(
  _ snapshot: Int64, _ bytes: UnsafeMutablePointer<UInt8>?, _ capacity: Int64,
  _ lengthOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  snapshotTable.with(snapshot, errorOut, errorCapacity) { entry in
    answer(nil, errorOut, errorCapacity) {
      let lengthOut = try required(lengthOut, "length")
      let saved = try snapshotTable.withSaved(entry, { $0 }) ?? entry.snapshot.saveState()
      lengthOut.pointee = Int64(saved.count)
      guard let bytes, capacity >= Int64(saved.count) else {
        snapshotTable.withSaved(entry) { $0 = saved }
        throw Refusal(.bufferTooSmall, "the state needs \(saved.count) bytes")
      }
      saved.withUnsafeBufferPointer { source in
        if let start = source.baseAddress { bytes.update(from: start, count: source.count) }
      }
      snapshotTable.withSaved(entry) { $0 = nil }
    }
  }
}

/// Stores the number of snapshots alive (taken and not freed) in `countOut`: a caller's
/// check that it frees what it takes.
@c public func lockstep_snapshot_count(
  _ countOut: UnsafeMutablePointer<Int64>?,
  _ errorOut: UnsafeMutablePointer<CChar>?, _ errorCapacity: Int
) -> Int32 {
  answer(nil, errorOut, errorCapacity) {
    try required(countOut, "count").pointee = Int64(snapshotTable.count)
  }
}
