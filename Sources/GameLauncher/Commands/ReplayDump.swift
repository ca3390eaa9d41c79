import GameCore
import GameScene

/// The text of `replay --dump`: the header, each chunk's input runs with their ticks, the
/// checkpoint and section hashes, and the end record.
enum ReplayDump {
  static func text(of bytes: [UInt8], name: String, allowPartial: Bool) throws -> String {
    let reader = try ReplayReader(bytes: bytes, allowPartial: allowPartial)
    return try text(of: reader, game: try GameRegistry.game(for: reader.header), bytes: bytes.count, name: name)
  }

  private static func text<G: PlayableGame>(
    of reader: ReplayReader, game: G.Type, bytes: Int, name: String
  ) throws -> String {
    var reader = reader
    let header = reader.header
    var out = "replay \(name): \(bytes) bytes\n"
    let id = header.gameID.isEmpty ? "\(G.id) (format 1 names no game)" : header.gameID
    out += "header: format \(header.formatVersion), game \(id), game version \(header.gameVersion), "
    out += "\(header.inputBits) buttons, \(header.tickRate) Hz, checkpoint every "
    out += "\(header.checkpointInterval) ticks, seed \(header.seed)\n"
    let settingsHex = header.settings.map { hex2($0) }.joined(separator: " ")
    out += "settings: [\(settingsHex)]"
    if let settings = try? G.Settings(encoded: header.settings) { out += " = \(settings)" }
    out += "\n"
    let names = sectionNames(G.self, header)
    var runCount = 0
    var chunkIndex = 0
    var recordStart = reader.bytesRead
    while let chunk = try reader.nextChunk() {
      chunkIndex += 1
      runCount += chunk.runs.count
      let last = chunk.firstTick + chunk.tickCount
      out += "chunk \(chunkIndex): ticks \(chunk.firstTick + 1)-\(last), \(chunk.runs.count) runs, "
      out += "\(chunk.externalActions.count) external actions, "
      out += "\(reader.bytesRead - recordStart) bytes\n"
      recordStart = reader.bytesRead
      var tick = chunk.firstTick
      for run in chunk.runs {
        let range = run.length == 1 ? "\(tick + 1)" : "\(tick + 1)-\(tick + run.length)"
        let held = G.buttons.describe(run.input)
        out += "  ticks \(pad(range, 13)) \(pad(held, 7)) x\(run.length)\n"
        tick += run.length
      }
      for action in chunk.externalActions {
        out += "  external at tick \(action.tick): \(action.payload.count) bytes\n"
      }
      let checkpoints = chunk.checkpoints.map { "\($0.tick):\(hex8($0.hash))" }
      out += lines("  checkpoints ", checkpoints, perLine: 8)
      let sections = chunk.sectionHashes.enumerated().map { index, hash in
        "\(index < names.count ? names[index] : "#\(index)")=\(hex8(hash))"
      }
      out += lines("  sections at tick \(last): ", sections, perLine: 6)
    }
    switch reader.ending {
    case .complete(let end):
      out += "end: \(end.tickCount) ticks in \(runCount) runs, final hash "
      out += "\(ReplayFormat.hex(end.finalHash)), file CRC-32 \(hex8(end.fileChecksum))\n"
      let sections = end.sectionHashes.enumerated().map { index, hash in
        "\(index < names.count ? names[index] : "#\(index)")=\(ReplayFormat.hex(hash))"
      }
      out += lines("  sections: ", sections, perLine: 4)
    case .endedEarly(let afterTick, let offset):
      out += "ended early: no end record; \(afterTick) ticks in complete chunks, "
      out += "the rest from byte offset \(offset) is missing or cut short\n"
    case nil:
      break
    }
    return out
  }

  /// The game's section names, for labelling hashes; empty if the header is not this game's.
  static func sectionNames<G: Game>(_ game: G.Type, _ header: ReplayHeader) -> [String] {
    guard let settings = try? G.Settings(encoded: header.settings),
      let hashing = Simulation<G>.hashing(version: header.gameVersion)
    else { return [] }
    return hashing.sections(G.initialState(seed: header.seed, settings: settings)).map(\.name)
  }

  /// `items` after `title`, `perLine` to a line, continuation lines indented.
  static func lines(_ title: String, _ items: [String], perLine: Int) -> String {
    guard !items.isEmpty else { return title + "(none)\n" }
    var out = ""
    for start in stride(from: 0, to: items.count, by: perLine) {
      let line = items[start..<min(items.count, start + perLine)].joined(separator: " ")
      out += (start == 0 ? title : "    ") + line + "\n"
    }
    return out
  }

  static func hex2(_ byte: UInt8) -> String {
    (byte < 16 ? "0" : "") + String(byte, radix: 16)
  }

  static func hex8(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
