extension ReplayChunk {
  /// The chunk's payload: first tick, tick count, external actions, checkpoint hashes,
  /// section count, the sections' short hashes at every checkpoint (format 3), the sections'
  /// hashes at the chunk's end, then the range-coded input runs to the end of the payload.
  ///
  /// The run model carries over from the previous chunk, so chunks must be encoded (and are
  /// decoded) in order with one model.
  func encodePayload(model: inout InputRunModel, checkpointInterval: Int) -> [UInt8] {
    let checkpointSections = checkpoints.first?.sections.count ?? 0
    precondition(
      checkpoints.allSatisfy { $0.sections.count == checkpointSections }
        && checkpointSections <= ReplayFormat.maxSections,
      "every checkpoint of a chunk hashes the same sections")
    let count = tickCount
    var writer = ByteWriter()
    writer.varint(firstTick)
    writer.varint(count)
    writer.varint(externalActions.count)
    for action in externalActions {
      writer.varint(action.tick - firstTick - 1)
      writer.varint(action.payload.count)
      writer.append(action.payload)
    }
    let expected = Array(
      Self.checkpointTicks(firstTick: firstTick, count: count, interval: checkpointInterval))
    precondition(checkpoints.map(\.tick) == expected, "checkpoints must sit at every interval")
    for checkpoint in checkpoints { writer.u32(checkpoint.hash) }
    writer.varint(sectionHashes.count)
    writer.varint(checkpointSections)
    // Each checkpoint writes only the sections whose short hash changed since the previous
    // checkpoint of the chunk (the first, since all zeros): a mask, then those hashes. A section
    // that did not change (a score between two points) costs one bit.
    var previous = [UInt16](repeating: 0, count: checkpointSections)
    for checkpoint in checkpoints {
      var mask = [UInt8](repeating: 0, count: (checkpointSections + 7) / 8)
      for (index, hash) in checkpoint.sections.enumerated() where hash != previous[index] {
        mask[index / 8] |= 1 << UInt8(index % 8)
      }
      writer.append(mask)
      for (index, hash) in checkpoint.sections.enumerated() where hash != previous[index] {
        writer.u16(hash)
      }
      previous = checkpoint.sections
    }
    for hash in sectionHashes { writer.u32(hash) }
    var coder = RangeEncoder()
    for run in runs { model.encode(run, into: &coder) }
    writer.append(coder.finish())
    return writer.bytes
  }

  /// Reads a chunk payload, checking every count against the format's limits and the runs
  /// against the tick count.
  static func decodePayload(
    _ reader: inout ByteReader, model: inout InputRunModel, checkpointInterval: Int,
    expectedFirstTick: Int, formatVersion: UInt16
  ) throws(ReplayError) -> ReplayChunk {
    let firstOffset = reader.offset
    let firstTick = try reader.varint("first tick", limit: ReplayFormat.maxTotalTicks)
    guard firstTick == expectedFirstTick else {
      throw .tickOutOfOrder(expected: expectedFirstTick, found: firstTick, atOffset: firstOffset)
    }
    let countOffset = reader.offset
    let count = try reader.varint("chunk tick count", limit: ReplayFormat.maxChunkTicks)
    guard count > 0 else { throw .invalidValue(field: "chunk tick count", atOffset: countOffset) }
    guard firstTick + count <= ReplayFormat.maxTotalTicks else {
      throw .countBeyondLimit(
        field: "total ticks", claimed: firstTick + count, limit: ReplayFormat.maxTotalTicks,
        atOffset: countOffset)
    }
    let actionCount = try reader.varint(
      "external action count", limit: ReplayFormat.maxExternalActionsPerChunk)
    var actions: [ExternalAction] = []
    var lastOffset = 0
    for _ in 0..<actionCount {
      let offsetAt = reader.offset
      let tickOffset = try reader.varint("external action tick", limit: count - 1)
      guard tickOffset >= lastOffset else {
        throw .invalidValue(field: "external action tick", atOffset: offsetAt)
      }
      lastOffset = tickOffset
      let length = try reader.varint(
        "external action length", limit: ReplayFormat.maxExternalActionBytes)
      let payload = Array(try reader.take(length))
      actions.append(ExternalAction(tick: firstTick + 1 + tickOffset, payload: payload))
    }
    var checkpoints: [Checkpoint] = []
    for tick in checkpointTicks(firstTick: firstTick, count: count, interval: checkpointInterval) {
      checkpoints.append(Checkpoint(tick: tick, hash: try reader.u32()))
    }
    let sectionCount = try reader.varint("section count", limit: ReplayFormat.maxSections)
    if formatVersion >= 3 {
      let width = try reader.varint("checkpoint section count", limit: ReplayFormat.maxSections)
      var previous = [UInt16](repeating: 0, count: width)
      for index in checkpoints.indices {
        let mask = try reader.take((width + 7) / 8)
        for section in 0..<width where mask[mask.startIndex + section / 8] >> (section % 8) & 1 == 1
        {
          previous[section] = try reader.u16()
        }
        checkpoints[index].sections = previous
      }
    }
    var sections: [UInt32] = []
    for _ in 0..<sectionCount { sections.append(try reader.u32()) }
    let codedOffset = reader.offset
    let coded = try reader.take(reader.remaining)
    let modelBefore = model
    var decoder = try RangeDecoder(coded, tick: firstTick + 1)
    var runs: [InputRun] = []
    var covered = 0
    while covered < count {
      let run = try model.decode(from: &decoder)
      guard run.length <= count - covered else { throw .corruptInputs(atTick: firstTick + 1) }
      covered += run.length
      runs.append(run)
    }
    // Every byte accounted for: the runs, coded again from the same model, must be exactly the
    // bytes the file holds (no bytes appended after them, no other coding of the same runs).
    var recoder = RangeEncoder()
    var recodingModel = modelBefore
    for run in runs { recodingModel.encode(run, into: &recoder) }
    guard recoder.finish().elementsEqual(coded) else {
      throw .invalidValue(field: "coded inputs", atOffset: codedOffset)
    }
    return ReplayChunk(
      firstTick: firstTick, runs: runs, externalActions: actions, checkpoints: checkpoints,
      sectionHashes: sections)
  }
}
