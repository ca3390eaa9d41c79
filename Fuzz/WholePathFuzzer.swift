// libFuzzer harness for the whole replay path: reader, limits, player, verification, the desync
// report, and the path `replay --frames` and `--video` take (the same limits checked first, then
// every tick stepped, its sounds and every 8th tick's scene made, as the frame writer and the sound
// track do; the SDL drawing itself is left out), through Asteroids and Blocks (compiled with the
// engine's and the games' sources into one module by Fuzz/build-fuzzer, run by Fuzz/fuzz-replays).
// Any trap, sanitizer report or leak is a bug: every input must end as an outcome or a ReplayError,
// within the limits.
//
// Each input is tried twice: as a whole file, and as the payload of one correctly framed chunk
// in a file with a valid header, CRCs and checksum (so random bytes reach the input decoder,
// the player and the desync report instead of stopping at a CRC). At most 512 ticks a file,
// so that millions of inputs run in minutes.

let limits = ReplayLimits(maxBytes: 1 << 20, maxTicks: 512)

/// The input as the payload of a valid one-chunk file of `G` (its end record claims the tick
/// count the payload's header does, and a final hash of 0: it will not verify).
func framed<G: Game>(_ payload: [UInt8], as game: G.Type) -> [UInt8] {
  var reader = ByteReader(payload)
  let ticks =
    ((try? reader.varint("first tick", limit: 0)) != nil)
    ? ((try? reader.varint("count", limit: ReplayFormat.maxChunkTicks)) ?? 0) : 0
  var encoder = ReplayEncoder(
    header: ReplayHeader(game: G.self, seed: 7, settings: G.Settings.headless))
  var bytes = encoder.headerRecord()
  bytes += encoder.rawChunkRecord(payload: payload, ticks: ticks)
  bytes += encoder.endRecord(finalHash: 0, sectionHashes: [])
  return bytes
}

func play<G: Game>(_ bytes: [UInt8], as game: G.Type) {
  guard
    let outcome = try? G.playReplay(
      bytes, verify: true, allowPartial: true, limits: limits, progress: nil)
  else { return }
  _ = outcome.desync?.description
  precondition(outcome.ticks <= limits.maxTicks, "played past the tick limit")
}

/// `--frames` and `--video` without SDL: nothing runs unless the file passes the limits
/// `--verify` applies, and then no more ticks than it claimed.
func drawAndHear<G: PlayableGame>(_ bytes: [UInt8], as game: G.Type) {
  guard
    let (_, claimed) = try? ReplayPlayer<Simulation<G>>.check(
      bytes, allowPartial: true, limits: limits)
  else { return }
  precondition(claimed <= limits.maxTicks, "frames or video past the tick limit")
  guard var reader = try? ReplayReader(bytes: bytes, allowPartial: true),
    let settings = try? G.Settings(encoded: reader.header.settings)
  else { preconditionFailure("a checked file does not read again") }
  let simulation = Simulation<G>(seed: reader.header.seed, settings: settings)
  var tick = 0
  while let chunk = try? reader.nextChunk() {
    for run in chunk.runs {
      for _ in 0..<run.length {
        simulation.step(run.input)
        tick += 1
        _ = G.sounds(of: simulation.state)
        if tick % 8 == 0 { _ = G.scene(of: simulation.state) }
      }
    }
  }
  precondition(tick <= claimed, "drew more ticks than the file claimed")
}

/// A file the reader accepts whole must be canonical: encoding what was read gives its bytes.
func checkCanonical(_ bytes: [UInt8]) {
  // A format-1 or 2 file (an old recording) is read, but written only in today's formats: 3
  // for a game without axes, 4 for one with them.
  guard var reader = try? ReplayReader(bytes: bytes),
    reader.header.formatVersion
      == ReplayFormat.writtenVersion(axisCount: reader.header.axisRanges.count)
  else { return }
  var encoder = ReplayEncoder(header: reader.header)
  var again = encoder.headerRecord()
  while true {
    // `try?` would flatten "no more chunks" into "an error": tell them apart.
    let next: ReplayChunk?
    do { next = try reader.nextChunk() } catch { return }
    guard let chunk = next else { break }
    again += encoder.chunkRecord(chunk)
  }
  guard case .complete(let end) = reader.ending else { return }
  again += encoder.endRecord(finalHash: end.finalHash, sectionHashes: end.sectionHashes)
  precondition(again == bytes, "an accepted file is not what encoding its contents gives")
}

/// The harness run by `FUZZ_TARGET=replays` (FuzzTarget.swift).
func fuzzWholePath(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  checkCanonical(bytes)
  play(bytes, as: Asteroids.self)
  play(bytes, as: Blocks.self)
  play(framed(bytes, as: Asteroids.self), as: Asteroids.self)
  play(framed(bytes, as: Blocks.self), as: Blocks.self)
  drawAndHear(bytes, as: Asteroids.self)
  drawAndHear(framed(bytes, as: Asteroids.self), as: Asteroids.self)
  drawAndHear(framed(bytes, as: Blocks.self), as: Blocks.self)
  return 0
}
